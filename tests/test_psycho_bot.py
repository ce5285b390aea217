"""The Psycho computer player: its draw, expose, betting and declarations."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.bots import bot_for, play_out
from engine.bots.psycho import (
    PsychoBot,
    _scores,
    declared_shares,
    expose_cards,
    keep_for_draw,
    win_chances,
)
from engine.cards import FULL_DECK, parse_cards
from engine.games import new_hand
from engine.games.psycho import STREETS
from engine.hands import LowRanking, best_high, best_low
from engine.state import Action, ActionKind, HandState
from tests.support.psycho import declare, draw, expose, passive, stacked

A5 = LowRanking.ACE_TO_FIVE
D7 = LowRanking.DEUCE_TO_SEVEN


def kept(text: str, ranking: LowRanking = A5) -> tuple[str, str]:
    cards, plan = keep_for_draw(parse_cards(text), ranking)
    return " ".join(c.ascii for c in sorted(cards, reverse=True)), plan


@pytest.mark.parametrize(("hand", "ranking", "expected"), [
    ("Kc Kd 4h 7s 9d", A5, ("Kd Kc", "high")),              # a big pair, for high
    ("9c 9d Ah Ks 2d", A5, ("Ah 9d 9c", "high")),           # a pair with an ace kicker
    ("5c 5d Ah 7s 9d", A5, ("Ah 7s 5c", "low")),            # three low beat a small pair
    ("Qc Qd 7h 7s 2d", A5, ("Qd Qc 7s 7h", "high")),        # two pair
    ("2c 3d 4h Js 9d", A5, ("4h 3d 2c", "low")),            # three low cards, for low
    ("Ac 2d 4h 8s Kd", A5, ("Ac 8s 4h 2d", "low")),         # the ace is low in ace-to-five
    ("Ac 2d 4h 8s Kd", D7, ("8s 4h 2d", "low")),           # ... but high in deuce-to-seven
    ("2c 3d 4h 6s 6d", A5, ("6s 4h 3d 2c", "low")),         # the worked example's draw
    ("3c 4d 5h 6s 7d", A5, ("7d 6s 5h 4d 3c", "high")),     # a made straight stands pat
    ("2c 3d 4h 6s 8d", A5, ("8d 6s 4h 3d 2c", "low")),      # a made low stands pat
    ("Kh Qh 9h 3h Jc", A5, ("Kh Qh 9h 3h", "high")),        # four to a flush
    ("Kc Qd 9h 2s Jc", A5, ("Kc Qd Jc 9h", "high")),        # four to a straight
])
def test_draw_plans(hand: str, ranking: LowRanking, expected: tuple[str, str]) -> None:
    assert kept(hand, ranking) == expected


def test_expose_shows_strength_or_disguises() -> None:
    hand = parse_cards("Kc Kd 4h 7s 2d")
    strong = expose_cards(hand, "high", A5, disguise=False)
    assert {c.ascii for c in strong} == {"Kc", "Kd", "7s"}
    hidden = expose_cards(hand, "high", A5, disguise=True)
    assert {c.ascii for c in hidden} == {"2d", "4h", "7s"}


def test_bot_draws_within_the_limit_and_only_legal_actions() -> None:
    deck = stacked(["2c 7d 9h Js Kd", "Ah 5c 8d Ts Qs"])
    state = new_hand("psycho", players=2, seed=1, deck=deck,
                     settings={"draw_limit": "four-with-ace"})
    bot = PsychoBot(trials=8)
    rng = random.Random(3)
    first = bot.choose(state, 0, rng)
    assert first in state.legal_actions(0) and len(first.cards) <= 3
    state.apply(first)
    second = bot.choose(state, 1, rng)
    assert second in state.legal_actions(1)
    assert {c.ascii for c in second.cards} == {"Ts", "Qs"}  # keeps A-5-8 for low


def _to_seventh(hands: list[str], exposes: list[str], sixth: str, seventh: str,
                **settings: object) -> HandState:
    """Everyone stands pat, exposes, and checks to the start of the seventh-card betting."""
    state = new_hand("psycho", players=len(hands), seed=1, settings=settings,
                     deck=stacked(hands, sixth=sixth, seventh=seventh))
    for _ in hands:
        draw(state)
    for seat, cards in enumerate(exposes):
        expose(state, seat, cards)
    while state.street != STREETS[4]:
        state.apply(Action(state.to_act[0], ActionKind.CHECK))
    return state


def _at_declarations(hands: list[str], exposes: list[str], sixth: str, seventh: str,
                     **settings: object) -> HandState:
    state = _to_seventh(hands, exposes, sixth, seventh, **settings)
    passive(state)
    assert state.street == STREETS[5]
    return state


WHEEL = "As 2s 3s 4s 5s"
KINGS = "Kh Kd Qc Qd 9h"


def test_declares_both_only_when_very_strong_both_ways() -> None:
    state = _at_declarations([WHEEL, KINGS, "Ac 2d 7h 8s Jc"],
                             ["As 2s 3s", "Kh Kd 9h", "Ac 2d 7h"], "9c 8c 9d", "Td Jd Tc")
    bot = PsychoBot(trials=40)
    assert bot.choose(state, 0, random.Random(1)).choice == "both"
    assert bot.choose(state, 1, random.Random(1)).choice == "high"


def test_declares_low_with_a_strong_low_and_a_weak_high() -> None:
    state = _at_declarations(["2c 3d 4h 5s 7d", KINGS, "Jh Jc Ts Tc 9s"],
                             ["2c 3d 4h", "Kh Kd Qc", "Jh Jc Ts"], "Kc Qh Th", "8d 8c 9d")
    assert PsychoBot(trials=40).choose(state, 0, random.Random(1)).choice == "low"


def test_in_turn_a_rival_declared_the_other_way_leaves_that_way_uncontested() -> None:
    state = _at_declarations([KINGS, "2c 3d 4h 5s 7d"], ["Kh Kd 9h", "2c 3d 4h"],
                             "8c 9d", "Jd Tc", declarations="in-turn")
    assert state.to_act == (0,)
    declare(state, 0, "high")
    high, low = win_chances(state.view(1), 1, A5, random.Random(2), trials=30)
    assert low == 1.0 and high == 0.0
    assert PsychoBot(trials=30).choose(state, 1, random.Random(2)).choice == "low"


def test_raises_with_a_hand_strong_both_ways() -> None:
    state = _to_seventh([WHEEL, KINGS, "7c 8d Jh Ts 2h"],
                        ["As 2s 3s", "Kh Kd 9h", "7c 8d Jh"], "9c 8c 9d", "Td Jd Tc")
    assert state.to_act == (1,)  # two pair showing acts first
    state.apply(Action(1, ActionKind.BET, amount=10))
    state.apply(Action(2, ActionKind.CALL))
    choice = PsychoBot(trials=40).choose(state, 0, random.Random(5))
    assert choice == Action(0, ActionKind.RAISE, amount=20)


def test_folds_a_hopeless_hand_facing_a_bet() -> None:
    state = _to_seventh([WHEEL, "Kh Kd Kc Qd 9h", "Qc 8d Jh 4c 2h"],
                        ["As 2s 3s", "Kh Kd Kc", "Qc Jh 8d"], "9c 8c 3d", "Td Jd 3c")
    assert state.to_act == (1,)
    state.apply(Action(1, ActionKind.BET, amount=10))
    assert PsychoBot(trials=40).choose(state, 2, random.Random(5)).kind is ActionKind.FOLD


@pytest.mark.parametrize(("players", "settings"), [
    (2, {}), (5, {"declarations": "in-turn", "draw_limit": "three"}),
    (10, {"low_ranking": "deuce-to-seven", "draw_limit": "four-with-ace"}),
])
def test_bots_play_whole_hands_reproducibly(players: int, settings: dict[str, str]) -> None:
    results = []
    for _ in range(2):
        state = new_hand("psycho", players=players, seed=77, settings=settings)
        bots = {s: bot_for("psycho") for s in range(players)}
        rng = random.Random(9)
        while not state.is_over:
            seat = state.to_act[0]
            action = bots[seat].choose(state, seat, rng)
            assert action in state.legal_actions(seat)
            state.apply(action)
        assert sum(state.payoffs) == 0
        results.append(state.to_json())
    assert results[0] == results[1]


def test_bot_for_psycho_is_the_psycho_player() -> None:
    assert isinstance(bot_for("psycho"), PsychoBot)
    state = new_hand("psycho", players=4, seed=5)
    play_out(state, {s: PsychoBot(trials=10) for s in range(4)}, random.Random(1))
    assert state.is_over


@pytest.mark.parametrize("ranking", [A5, D7])
def test_batch_scores_are_the_scalar_evaluators(ranking: LowRanking) -> None:
    rng = random.Random(7)
    hands = [rng.sample(FULL_DECK, 7) for _ in range(300)]
    hands.append(parse_cards("Ac 2d 3h 4s 5c Kd Kh"))  # the wheel: a straight, no D7 low
    high, low = _scores(np.array([[c.code for c in h] for h in hands]), ranking)
    assert high.tolist() == [best_high(h).score for h in hands]
    assert low.tolist() == [best_low(h, ranking).score for h in hands]


def test_bets_a_strong_high_against_a_rival_whose_hand_points_high_too() -> None:
    # Trip kings against two pair showing: both will go high, so the kings expect most of
    # the pot, not half their chance of the best high, and bet it when checking is free.
    state = _to_seventh(["Kh Kd Kc Qd 9h", "Jh Jc Ts Tc 9s"], ["Kh Kd Kc", "Jh Jc Ts"],
                        "8c 7d", "6h 4c")
    assert state.to_act == (0,)
    assert PsychoBot(trials=40).choose(state, 0, random.Random(3)).kind is ActionKind.BET


def test_expects_half_the_pot_when_the_rival_goes_the_other_way() -> None:
    # A seven low against trip kings showing: each takes its half, and going both, the
    # seven low (ace high for high) would lose all.
    state = _at_declarations(["As 2d 3h 4c 7s", "Kh Kd Kc Qd Qh"], ["As 2d 3h", "Kh Kd Kc"],
                             "8c 9d", "Tc Jd")
    shares = declared_shares(state.view(0), 0, A5, random.Random(1), trials=40)
    assert shares["low"] == pytest.approx(0.5, abs=0.05)
    assert shares["both"] < 0.1 and shares["high"] < 0.1
