"""The measure of each key decision (``engine.odds.advice``): the option it calls best is
best by its own figure and by an independent count, and it reads only the seat's view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.cards import parse_cards
from engine.games import GAMES, new_hand
from engine.hands import LowRanking
from engine.odds.advice import advise
from engine.odds.expose import looks_low
from engine.odds.psycho import scores, stronger_way
from engine.state import ActionKind, HandState

p = parse_cards


def _to(state: HandState, kind: ActionKind, rng: random.Random) -> HandState:
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if any(a.kind is kind for a in legal):
            return state
        calls = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                ActionKind.BRING_IN, ActionKind.SHOW)]
        calls += [a for a in legal if a.kind is ActionKind.DISCARD and not a.cards]
        state.apply(calls[0] if calls else rng.choice(legal))
    raise AssertionError(f"no {kind.value} decision")


def test_the_read_of_three_up_cards_matches_a_count_by_hand() -> None:
    three = p("2c 3d 6s")
    read = looks_low([tuple(three)], LowRanking.ACE_TO_FIVE, np.random.default_rng(1))[0]
    rng = np.random.default_rng(2)
    pool = np.array([c for c in range(52) if c not in {x.code for x in three}])
    hands = np.array([[*sorted(x.code for x in three), *rng.choice(pool, 4, replace=False)]
                      for _ in range(4000)])
    high, low = scores(hands, LowRanking.ACE_TO_FIVE)
    truth = float((~stronger_way(high, low, LowRanking.ACE_TO_FIVE)).mean())
    assert read == pytest.approx(truth, abs=0.05)


def test_a_low_hand_hides_behind_its_pair_and_a_high_hand_behind_low_cards() -> None:
    state = new_hand("psycho", players=2, seed=1, deck=p("2c 9h 3d 9d 4h 9s 6s 8c 6d 8d"))
    _to(state, ActionKind.EXPOSE, random.Random(0))
    low_hand = advise(state.view(0))
    high_hand = advise(state.view(1))
    assert low_hand is not None and high_hand is not None
    assert low_hand.sentence.startswith("Your five cards are a low hand")
    # the low hand's best disguise shows the pair of sixes
    assert "6♠" in low_hand.options[0][0] and "6♦" in low_hand.options[0][0]
    figures = [int(f.rstrip("%")) for _, f in low_hand.options]
    assert figures == sorted(figures)
    assert high_hand.sentence.startswith("Your five cards are a high hand")


def test_declaring_follows_the_share_of_the_pot() -> None:
    state = new_hand("psycho", players=2, seed=3,
                     deck=p("Ac Kc 2d Kd 3h Ks 4s 7c 5c 7d 9h Qh Jh Qd"))
    _to(state, ActionKind.DECLARE, random.Random(1))
    advice = advise(state.view(0))
    assert advice is not None and advice.measure == "Share of the pot"
    shares = [float(f.split("%")[0]) for _, f in advice.options]
    assert shares == sorted(shares, reverse=True)


def test_the_best_pairing_and_the_best_partner_lead() -> None:
    state = new_hand("sophies-pick", players=2, seed=4)
    state = _to(state, ActionKind.LOCK_PAIRS, random.Random(0))
    advice = advise(state.view(state.to_act[0]))
    assert advice is not None and len(advice.options) == 15
    worth = [float(f) for _, f in advice.options]
    assert worth == sorted(worth, reverse=True)
    state = new_hand("pick-a-partner", players=4, seed=3)
    state = _to(state, ActionKind.PICK_PARTNER, random.Random(0))
    advice = advise(state.view(state.to_act[0]))
    assert advice is not None and advice.sentence.split("'")[0].startswith("Seat ")


def test_stud_weighs_the_chance_against_the_price() -> None:
    state = new_hand("seven-card-stud", players=2, seed=5)
    seat = state.to_act[0]
    advice = advise(state.view(seat))
    assert advice is not None and advice.sentence.startswith("Against the hands showing")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_advice_names_only_cards_the_seat_can_see(game_id: str) -> None:
    rng = random.Random(9)
    for seed in range(4):
        state = new_hand(game_id, players=max(3, GAMES[game_id].min_players), seed=seed)
        for _ in range(rng.randrange(0, 25)):
            if state.is_over:
                break
            seat = state.to_act[0]
            legal = [a for a in state.legal_actions(seat) if a.kind is not ActionKind.FOLD]
            state.apply(rng.choice(legal))
        if state.is_over:
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        advice = advise(view)
        if advice is None:
            continue
        text = " ".join([advice.sentence, *(f"{a} {b}" for a, b in advice.options)])
        for card in state.hidden_from(seat):
            assert str(card) not in text
