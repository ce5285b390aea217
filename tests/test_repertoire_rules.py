"""Each repertoire game's own rule against a brute force or a stacked deal: the hand a
five-card Omaha game values is the best of every two of the five hole cards with every
three of the board; the games dealt from their data files alone play their rule where
the declaration says."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from pokerkit import RegularLowHand, StandardLowHand

from engine.actions import ActionKind
from engine.cards import FULL_DECK, parse_cards
from engine.games import GAMES, new_hand
from engine.games.hand_types import low_qualifies
from engine.hands import best_high, best_low

HANDS = 120
"""Random deals per game: enough to meet every kind of hand often, within a few tenths of
a CPU-second."""


def _brute_high(hole, board):  # type: ignore[no-untyped-def]
    return max(best_high([*two, *three]) for two in combinations(hole, 2)
               for three in combinations(board, 3))


def _brute_low(hole, board):  # type: ignore[no-untyped-def]
    return max(best_low([*two, *three]) for two in combinations(hole, 2)
               for three in combinations(board, 3))


@pytest.mark.parametrize("game_id", ["five-card-omaha", "big-o"])
def test_five_hole_cards_play_exactly_two_with_three_from_the_board(game_id: str) -> None:
    game = GAMES[game_id]
    settings = game.settings_type()
    rng = random.Random(5)
    for _ in range(HANDS):
        cards = rng.sample(FULL_DECK, 10)
        hole, board = cards[:5], cards[5:]
        high, _ = game.evaluate(settings, hole, board)
        assert high is not None
        assert high == _brute_high(hole, board), (hole, board)
        assert len(set(high.cards) & set(hole)) == 2


def test_big_o_plays_exactly_two_and_three_for_each_half() -> None:
    """Big O's low is the best eight-or-better low of two hole cards and three board cards,
    each half choosing its own two: against the brute force, and the low's two hole cards
    differ from the high's where the brute force says they must."""
    game = GAMES["big-o"]
    settings = game.settings_type()
    assert game.hand_types(settings).qualifier == 8
    rng = random.Random(8)
    apart = 0
    for _ in range(HANDS):
        cards = rng.sample(FULL_DECK, 10)
        hole, board = cards[:5], cards[5:]
        high, low = game.evaluate(settings, hole, board)
        assert high is not None and low is not None
        brute = _brute_low(hole, board)
        assert low == brute, (hole, board)
        assert low_qualifies(low, 8) == low_qualifies(brute, 8)
        assert len(set(low.cards) & set(hole)) == 2
        apart += low_qualifies(low, 8) and set(low.cards) & set(hole) != set(
            high.cards) & set(hole)
    assert apart > 0, "some deals play other hole cards for each half"


def test_courchevel_turns_the_first_flop_card_up_before_the_first_bet() -> None:
    """A stacked deal: the card after the hole cards is on the board, face up to every seat,
    at the first decision; the flop then adds two more after a burn."""
    hole = _alternate("As Ks Qs Js 9s 2h 3h 4h 5h 7d")
    state = new_hand("courchevel", players=2, seed=0, deck=f"{hole} Qh 6c 8c 9c")
    assert state.street == "Preflop" and state.table.round_raises == 0
    assert [str(c) for c in state.boards[0]] == ["Q♥"]
    assert all([str(c) for c in state.view(s).boards[0]] == ["Q♥"] for s in (0, 1, None))
    while state.street == "Preflop":
        kinds = {a.kind: a for a in state.legal_actions(state.to_act[0])}
        state.apply(kinds.get(ActionKind.CHECK) or kinds[ActionKind.CALL])
    assert state.street == "Flop"
    assert [str(c) for c in state.boards[0]] == ["Q♥", "8♣", "9♣"], "a burn, then two"


def _alternate(cards: str) -> str:
    """Five cards each for two seats, as the deal gives them: one at a time round the table."""
    first, second = cards.split()[:5], cards.split()[5:]
    return " ".join(c for pair in zip(first, second, strict=True) for c in pair)


@pytest.mark.parametrize(("game_id", "theirs"), [
    ("deuce-to-seven-single-draw", StandardLowHand), ("ace-to-five-triple-draw", RegularLowHand)])
def test_a_low_draw_game_orders_hands_as_pokerkit_does(game_id: str, theirs: type) -> None:
    """Deuce-to-seven (the ace high, straights and flushes against a hand) and ace-to-five
    (the ace low, neither counted): every pair of random five-card hands compares as
    pokerkit's hand for the game compares it (greater is better in both)."""
    game = GAMES[game_id]
    settings = game.settings_type()
    rng = random.Random(7)
    hands = [rng.sample(FULL_DECK, 5) for _ in range(HANDS)]
    hands += [parse_cards(text) for text in ("5h 4h 3h 2h Ah", "7c 5d 4h 3s 2c", "6s 5s 4s 3s 2s")]
    ours = [game.evaluate(settings, hand, [])[1] for hand in hands]
    pk = [theirs("".join(c.ascii for c in hand)) for hand in hands]
    for i in range(len(hands)):
        for j in range(i):
            assert (ours[i] > ours[j]) == (pk[i] > pk[j]), (hands[i], hands[j])
            assert (ours[i] == ours[j]) == (pk[i] == pk[j]), (hands[i], hands[j])


def test_five_card_stud_hides_one_card_and_the_lowest_up_card_brings_in() -> None:
    """A stacked deal: the first card round is face down and the second face up; the
    lowest up card (the three of clubs, lower than the three of hearts) brings in, every
    later card is up, and no other seat sees the hole card."""
    state = new_hand("five-card-stud", players=3, seed=0,
                     deck="Ks 9d As 3h 3c Qd 8c 7h 6s 4d 2h Jc 5s 10d 9h")
    assert state.street == "2nd street"
    assert tuple(state.to_act) == (1,)
    assert {a.kind for a in state.legal_actions(1)} == {ActionKind.BRING_IN,
                                                        ActionKind.COMPLETE}
    assert state.view(1).seats[0].cards[0].card is None, "the hole card is hidden"
    assert str(state.view(1).seats[0].cards[1].card) == "3♥"
    while not state.is_over:
        kinds = {a.kind: a for a in state.legal_actions(state.to_act[0])}
        state.apply(next(kinds[k] for k in (ActionKind.BRING_IN, ActionKind.CHECK,
                                            ActionKind.CALL, ActionKind.SHOW) if k in kinds))
    for seat in range(3):
        assert [c.up for c in state.cards[seat]] == [False, True, True, True, True]
