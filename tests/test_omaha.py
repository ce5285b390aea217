"""Omaha's own rules on dealt cards: exactly two hole cards and three from the board,
the usual betting for each pot announced, and an eight-or-better split; and the fast
two-and-three evaluator against the plain definition."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.cards import FULL_DECK, DuplicateCardError, parse_cards
from engine.games import new_hand
from engine.games.base import SettingsError
from engine.hands import HandValue, best_high, best_low
from engine.hole_board import best_high_exactly, best_low_exactly, omaha_high, omaha_low
from engine.state import ActionKind, HandState
from engine.table import Structure
from tests.support.scale import scaled

# Seat 1 is dealt first (the big blind heads-up), one card at a time; then a burn before
# each board street.
DECK = ("Ah Qc Kc Qs Jd 4d 8s 6c  2s Th 9h 5h  2d 3h  3c {river}")


def _passive(state: HandState) -> None:
    while not state.is_over:
        legal = {a.kind: a for a in state.legal_actions(state.to_act[0])}
        state.apply(next(legal[k] for k in (ActionKind.CHECK, ActionKind.CALL,
                                             ActionKind.SHOW, ActionKind.MUCK) if k in legal))


def test_one_heart_in_the_hand_makes_no_flush_with_four_on_the_board() -> None:
    state = new_hand("omaha", players=2, seed=1, deck=DECK.format(river="Kd"))
    _passive(state)
    assert state.game.hand_value(state, 0).describe() == "Pair of kings"
    assert state.settlement is not None
    (award,) = state.settlement.awards
    assert award.winners == (0,) and award.rule == "best hand: pair of kings"


def test_the_split_game_halves_the_pot_only_with_a_qualifying_low() -> None:
    eight = {"pot": "eight-or-better"}
    state = new_hand("omaha", players=2, seed=1, deck=DECK.format(river="7c"), settings=eight)
    _passive(state)
    assert state.settlement is not None
    assert [a.part for a in state.settlement.awards] == ["the high half", "the low half"]
    low = state.settlement.awards[1]
    assert low.winners == (1,) and "seven-six" in low.rule  # 6-4 with 7-5-3
    state = new_hand("omaha", players=2, seed=1, deck=DECK.format(river="Kd"), settings=eight)
    _passive(state)
    assert state.settlement is not None
    (award,) = state.settlement.awards
    assert "no low qualifies" in award.rule


@pytest.mark.parametrize(("settings", "structure"), [
    ({}, Structure.POT_LIMIT),
    ({"pot": "eight-or-better"}, Structure.FIXED_LIMIT),
    ({"pot": "eight-or-better", "betting": "pot-limit"}, Structure.POT_LIMIT),
    ({"betting": "no-limit"}, Structure.NO_LIMIT),
])
def test_the_usual_betting_follows_the_pot_announced(settings: dict[str, str],
                                                     structure: Structure) -> None:
    state = new_hand("omaha", players=3, seed=2, settings=settings)
    assert state.table.structure is structure
    assert state.game.stakes(state.settings)[-1].startswith(structure.label)


def test_a_small_blind_above_the_big_blind_is_refused() -> None:
    with pytest.raises(SettingsError, match="Small blind"):
        new_hand("texas-holdem", players=2, seed=1, settings={"small_blind": 5})


def test_the_fast_two_and_three_values_are_the_plain_definitions_to_the_card() -> None:
    """The best of every five-card hand of exactly two hole cards and three board cards,
    valued by ``engine.hands`` one by one (the first of equal hands in the order of
    ``itertools.combinations``), is what the fast evaluator gives: score, cards, words."""
    rng = random.Random(60)
    for _ in range(scaled(120)):
        cards = rng.sample(FULL_DECK, 9)
        hole, board = cards[:4], cards[4:]
        for hole_cards in (2, 1, 3):
            fives = [(*h, *b) for h in combinations(hole, hole_cards)
                     for b in combinations(board, 5 - hole_cards)]
            plain = [max((best_high(f) for f in fives), key=_score),
                     max((best_low(f) for f in fives), key=_score),
                     max((best_low(f, "deuce-to-seven") for f in fives), key=_score)]
            fast = [best_high_exactly(hole, board, hole_cards),
                    best_low_exactly(hole, board, hole_cards=hole_cards),
                    best_low_exactly(hole, board, "deuce-to-seven", hole_cards)]
            for mine, theirs in zip(fast, plain, strict=True):
                assert (mine.kind, mine.score, mine.cards, mine.describe()) == (
                    theirs.kind, theirs.score, theirs.cards, theirs.describe()), (hole, board)
        assert omaha_high(tuple(hole), tuple(board)) == best_high_exactly(hole, board)
        assert omaha_low(tuple(hole), tuple(board)) == best_low_exactly(hole, board)


def _score(value: HandValue) -> int:
    return value.score


def test_no_hand_is_made_without_enough_cards_or_with_a_card_twice() -> None:
    hole, board = parse_cards("Ac 2c Kd Kh"), parse_cards("3d 5s 8h Ks 9c")
    with pytest.raises(ValueError, match="no hand of exactly 2"):
        best_high_exactly(hole[:1], board)
    with pytest.raises(ValueError, match="no hand of exactly 2"):
        best_low_exactly(hole, board[:2])
    with pytest.raises(DuplicateCardError):
        best_high_exactly(hole, [*board[:4], hole[0]])
