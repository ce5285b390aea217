"""The decision panel's "your hand now": it agrees with the engine's own hand values, and
it never names a card the seat may not see."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import ActionKind
from engine.bots import bot_for
from engine.cards import Card, format_cards
from engine.games import GAMES, new_hand
from engine.hands import best_high, best_low, describe_showing
from engine.state import HandState
from tests.support.scale import scaled
from tests.support.share import random_hand
from ui.components.hand_now import announced_low, hand_now, hand_words

CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


_STAY_IN = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)


def _play_until(state: HandState, done) -> HandState:  # type: ignore[no-untyped-def]
    """Play on, every seat checking or calling where it may (so the hand reaches the street
    wanted) and the game's computer player choosing every other decision."""
    bots = bot_for(state.game.id)
    while not state.is_over and not done(state):
        seat = state.to_act[0]
        stay = [a for a in state.legal_actions(seat) if a.kind in _STAY_IN]
        state.apply(stay[0] if stay else
                    bots.choose(state, seat, random.Random(len(state.actions))))
    return state


def _what_three_make(cards: list[Card]) -> str:
    shown = describe_showing(cards)
    if shown.endswith(" high"):
        top = max(cards, key=lambda c: c.rank).rank.word
        return f"no pair yet, the highest {'an' if top == 'ace' else 'a'} {top}"
    return "a " + shown[:1].lower() + shown[1:]


def test_stud_says_the_best_hand_so_far() -> None:
    state = new_hand("seven-card-stud", players=3, seed=4)
    seat = state.to_act[0]
    own = [h.card for h in state.cards[seat]]
    assert hand_words(state.view(seat)) == [f"Your cards so far: {format_cards(own)}, "
                                            + _what_three_make(own)]
    _play_until(state, lambda s: len(s.cards[s.to_act[0]]) >= 6)
    seat = state.to_act[0]
    best = best_high(h.card for h in state.cards[seat])
    assert hand_words(state.view(seat)) == [
        f"Best hand so far: {best.describe()} ({format_cards(best.cards)})"]


def test_psycho_says_the_best_high_and_the_best_low_in_the_announced_ranking() -> None:
    state = new_hand("psycho", players=3, seed=8, settings={"low_ranking": "deuce-to-seven"})
    seat = state.to_act[0]
    cards = [h.card for h in state.cards[seat]]
    low = best_low(cards, "deuce-to-seven")
    lines = hand_words(state.view(seat), low_ranking=announced_low(state.settings))
    assert lines == [f"Best high so far: {best_high(cards).describe()} "
                     f"({format_cards(best_high(cards).cards)})",
                     f"Best low so far: {low.describe()} ({format_cards(low.cards)})"]
    assert announced_low(GAMES["seven-card-stud"].settings_type()).value == "ace-to-five"


def test_pick_a_partner_says_the_team_hand_once_partners_are_picked() -> None:
    state = new_hand("pick-a-partner", players=4, seed=3, settings={"partners_see": True})
    seat = state.to_act[0]
    assert hand_now(state.view(seat))[0].startswith("Your five cards: ")
    _play_until(state, lambda s: len(s.facts.partners) == s.players
                and all(k.is_betting for k in {a.kind for a in s.legal_actions(s.to_act[0])}))
    seat = state.to_act[0]
    partner = state.facts.partners[seat]
    lines = hand_now(state.view(seat))
    team = state.game.hand_value(state, seat)
    assert lines[0] == (f"Team hand so far with Seat {partner + 1}: {team.describe()} "
                        f"({format_cards(team.cards)})")
    assert "hidden" not in lines[1]


def test_pick_a_partner_counts_the_partners_hidden_cards_for_nothing() -> None:
    state = new_hand("pick-a-partner", players=4, seed=3)
    _play_until(state, lambda s: len(s.facts.partners) == s.players)
    seat = state.to_act[0]
    partner = state.facts.partners[seat]
    lines = hand_now(state.view(seat))
    hidden = [h.card for h in state.cards[partner] if not h.up]
    assert f"Seat {partner + 1}'s {len(hidden)} hidden cards may make it better" in lines[1]
    assert not {str(c) for c in hidden} & set(CARD.findall(" ".join(lines)))


def test_sophies_pick_says_the_best_hand_with_each_surviving_pair() -> None:
    state = new_hand("double-sophie", players=3, seed=5)
    assert hand_words(state.view(state.to_act[0])) == []  # the pairs are not locked yet
    _play_until(state, lambda s: bool(s.boards) and len(s.boards[0]) == 3
                and all(a.kind.is_betting for a in s.legal_actions(s.to_act[0])))
    assert not state.is_over
    seat = state.to_act[0]
    pairs = [p for p in state.facts.pairs[seat] if p not in state.facts.dead
             .get(seat, ())]
    lines = hand_words(state.view(seat))
    assert len(lines) == len(pairs)
    for line, pair in zip(lines, pairs, strict=True):
        first = best_high([*pair, *state.boards[0]])
        second = best_high([*pair, *state.boards[1]])
        assert line.startswith(f"With {format_cards(pair)}: board 1: ")
        assert first.describe()[1:] in line and second.describe()[1:] in line


@settings(max_examples=scaled(60), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6),
       stop=st.integers(0, 50))
def test_the_hand_now_names_only_cards_the_seat_can_see(game_id: str, seed: int,
                                                        stop: int) -> None:
    state = random_hand(game_id, seed, stop)
    for seat in range(state.players):
        view = state.view(seat)
        visible = {str(c.card) for s in view.seats for c in s.cards if c.card is not None}
        visible |= {str(c) for board in view.boards for c in board}
        named = set(CARD.findall(" ".join(hand_now(view))))
        assert named <= visible, f"Seat {seat + 1} is told of {named - visible}"
    assert hand_now(state.view(None)) == []


def test_a_decision_is_followed_by_its_measure_and_a_finished_one_by_none() -> None:
    state = new_hand("psycho", players=3, seed=2)
    for seat in range(3):
        state.apply(state.legal_actions(seat)[0])  # everyone stands pat
    seat = state.to_act[0]
    words, lines = hand_words(state.view(seat)), hand_now(state.view(seat))
    assert lines[:len(words)] == words
    assert lines[len(words)].startswith("Your five cards are a ")
    assert lines[-1].startswith("Read as low by the table: ")
    assert hand_now(state.view(None)) == []


@pytest.mark.parametrize("game_id", ["razz", "seven-card-stud-eight", "omaha"])
def test_a_game_without_words_of_its_own_is_valued_as_it_declares(game_id: str) -> None:
    """Razz says its low, stud eight or better both halves, Omaha two hole cards and three
    from the board: never a high hand the game does not play."""
    game = GAMES[game_id]
    types = game.hand_types(game.settings_type())
    checked = 0
    for seed in range(6):
        state = new_hand(game_id, players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(0)
            hole = [c.card for c in view.seats[0].cards if c.card is not None]
            board = list(view.boards[0]) if view.boards else []
            enough = len(board) >= 5 - types.hole_cards if types.hole_cards \
                else len(hole + board) >= 5
            if not view.seats[0].folded and enough:
                high, low = types.best(hole, board)
                said = " ".join(hand_words(view))
                if high is not None:
                    assert high.describe() in said, (said, high.describe())
                if low is not None:
                    assert low.describe() in said, (said, low.describe())
                if not types.high:
                    assert "high" not in said, said
                checked += 1
            seat = state.to_act[0]
            calls = [a for a in state.legal_actions(seat) if a.kind.value != "fold"]
            state.apply(rng.choice(calls or state.legal_actions(seat)))
    assert checked > 6


def test_five_hole_cards_before_the_flop_are_read_by_their_strongest_group() -> None:
    """Five-card Omaha before the flop: five cards that make no hand yet (a showing hand is
    at most four cards) are read by their largest group, never a traceback."""
    state = new_hand("five-card-omaha", players=3, seed=0,
                     deck="Qc 2s 3s 9c 4s 5s Qd 6s 7s 3d 8s 9s 4c")
    (line,) = hand_words(state.view(0))
    assert line == "Your cards so far: Q♣ 9♣ Q♦ 3♦ 4♣, a pair of queens"
