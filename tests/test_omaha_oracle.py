"""Omaha against pokerkit: hand values, and whole hands step by step.

The hands: on random deals, our exactly-two-and-three high and eight-or-better low
order every pair of hands as pokerkit's ``OmahaHoldemHand`` and
``OmahaEightOrBetterLowHand`` do, and a low qualifies exactly when pokerkit can make
one. The game: pot-limit Omaha high and fixed-limit Omaha eight or better (the two
usual announcements) are played a thousand random hands each against pokerkit's
``PotLimitOmahaHoldem`` and ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` through
the hold'em oracle's helpers, with the same differences of convention allowed and
counted (``tests/test_holdem_oracle.py``). pokerkit 0.7.7's fixed-limit Omaha eight or
better class is dealt with its betting structure set to fixed limit: the class as shipped
bets pot limit.

pokerkit values an Omaha hand by building all sixty five-card hands and looking each up
again at every comparison, and its state asks for every seat's hand many times in one
showdown (who may still win, who mucks, who takes each pot): unremembered, two thirds
of a hand's time went there. The states here use pokerkit's own hand classes with two
pure results remembered, a seat's hand for its cards and a five-card hand's entry in
pokerkit's table; pokerkit still works out every value itself.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any, ClassVar

import pytest
from pokerkit import Card as PokerkitCard
from pokerkit import (
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
)
from pokerkit import State as PokerkitState
from pokerkit.games import FixedLimitPokerMixin

from engine.cards import FULL_DECK, Card
from engine.games.hand_types import low_qualifies
from engine.hands import HandValue
from engine.hole_board import best_high_exactly, best_low_exactly
from tests.budget import FAST, blocks, scaled
from tests.pokerkit_kept import KeptEntry
from tests.test_holdem_oracle import AUTOMATIONS, NO_LOW_SHARED, play_both

HANDS = scaled(1000)
"""Hands per pot announced: pot-limit high, and fixed-limit eight or better."""
DEALS = scaled(500)
"""Deals whose hands are valued one by one (the hands above value many more at their
showdowns)."""
BLOCKS = 4
"""Blocks per pot announced, shared among the workers of ``pytest -n``."""


class _Remembered(KeptEntry):
    """pokerkit's Omaha hand values, each worked out once by pokerkit: a seat's best hand
    per (hole cards, board), and each five-card hand's entry in pokerkit's table."""

    _hands: ClassVar[dict[tuple[Any, ...], Hand | None]]

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> Hand:
        key = (PokerkitCard.clean(hole_cards), PokerkitCard.clean(board_cards))
        if key not in cls._hands:
            try:
                cls._hands[key] = super().from_game(*key)
            except ValueError:
                cls._hands[key] = None
        hand = cls._hands[key]
        if hand is None:
            raise ValueError("no hand of this type can be made")
        return hand

    @classmethod
    def forget(cls) -> None:
        """A new hand's cards: nothing remembered would be asked for again."""
        cls._hands.clear()


class RememberedHigh(_Remembered, OmahaHoldemHand):
    _hands = {}


class RememberedLow(_Remembered, OmahaEightOrBetterLowHand):
    _hands = {}


def _text(cards: list[Card]) -> str:
    return "".join(c.ascii for c in cards)


def _sign(a: Any, b: Any) -> int:
    return int(a > b) - int(a < b)


def _pokerkit_low(hole: list[Card], board: list[Card]) -> Hand | None:
    try:
        return RememberedLow.from_game(_text(hole), _text(board))
    except ValueError:
        return None


def test_omaha_hands_are_valued_as_pokerkit_values_them() -> None:
    rng = random.Random(35)
    counts: Counter[str] = Counter()
    for _ in range(DEALS):
        cards = rng.sample(FULL_DECK, 13)
        board, first, second = cards[:5], cards[5:9], cards[9:]
        ours_high = [best_high_exactly(h, board) for h in (first, second)]
        theirs_high = [RememberedHigh.from_game(_text(h), _text(board))
                       for h in (first, second)]
        assert _sign(*ours_high) == _sign(*theirs_high), (first, second, board)
        lows: list[HandValue] = [best_low_exactly(h, board) for h in (first, second)]
        theirs_low = [_pokerkit_low(h, board) for h in (first, second)]
        for ours, theirs in zip(lows, theirs_low, strict=True):
            assert low_qualifies(ours, 8) == (theirs is not None), (ours, theirs)
        if all(t is not None for t in theirs_low):
            assert _sign(*lows) == _sign(*theirs_low), (first, second, board)
            counts["both low"] += 1
        counts["ties"] += ours_high[0] == ours_high[1]
    assert counts["both low"] > DEALS // 50


def test_remembered_hands_are_pokerkits_own() -> None:
    """Remembering changes nothing: the same cards and the same entry as pokerkit's own
    classes give, asked twice, and no hand where pokerkit makes none."""
    rng = random.Random(36)
    for _ in range(scaled(40)):
        cards = rng.sample(FULL_DECK, 9)
        hole, board = _text(cards[:4]), _text(cards[4:])
        for remembered, plain in ((RememberedHigh, OmahaHoldemHand),
                                  (RememberedLow, OmahaEightOrBetterLowHand)):
            for _ in range(2):
                try:
                    ours: Hand | None = remembered.from_game(hole, board)
                except ValueError:
                    ours = None
                theirs = plain.from_game_or_none(hole, board)
                assert (ours is None) == (theirs is None), (hole, board)
                if ours is not None and theirs is not None:
                    assert (ours.cards, ours.entry) == (theirs.cards, theirs.entry)


class FixedLimitOmahaEight(FixedLimitPokerMixin,
                           FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    """pokerkit's fixed-limit Omaha eight or better played fixed limit: pokerkit 0.7.7's
    own class takes its betting from the pot-limit mixin (it offers pot-limit raises)."""


def omaha_state(settings: dict[str, Any], stacks: list[int]) -> PokerkitState:
    small, big = settings["small_blind"], settings["big_blind"]
    RememberedHigh.forget()
    RememberedLow.forget()
    if settings["pot"] == "eight-or-better":
        state = FixedLimitOmahaEight.create_state(
            AUTOMATIONS, True, 0, (small, big), big, 2 * big, tuple(stacks), len(stacks))
        assert state.hand_types == (OmahaHoldemHand, OmahaEightOrBetterLowHand)
        state.hand_types = (RememberedHigh, RememberedLow)
        return state
    state = PotLimitOmahaHoldem.create_state(AUTOMATIONS, True, 0, (small, big), big,
                                             tuple(stacks), len(stacks))
    assert state.hand_types == (OmahaHoldemHand,)
    state.hand_types = (RememberedHigh,)
    return state


def run_hands(seeds: range, pot: str) -> Counter[str]:
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            rng = random.Random(seed)
            players = rng.randint(2, 10)
            big = rng.choice([2, 2, 4, 10])
            settings = {"small_blind": rng.randint(1, big - 1), "big_blind": big, "pot": pot}
            stacks = [200] * players if rng.random() < 0.4 else [
                rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                for _ in range(players)]
            totals += play_both("omaha", omaha_state, seed, players, settings, stacks)
    return totals


@pytest.mark.parametrize(("pot", "seeds"), [
    (pot, seeds) for pot in ("high", "eight-or-better") for seeds in blocks(HANDS, BLOCKS)],
    ids=lambda v: v if isinstance(v, str) else f"{v.start}-{v.stop}")
def test_omaha_agrees_with_pokerkit(pot: str, seeds: range) -> None:
    totals = run_hands(seeds, pot)
    assert totals["hands"] == len(seeds)
    assert totals["showdowns"] > len(seeds) // 10
    if not FAST:
        assert totals["side pots"] > 5 and totals["all in"] > 25
        assert totals[f"hands in {'fixed' if pot == 'eight-or-better' else 'pot'}-limit"] \
            == len(seeds)


NO_LOW_IN_A_SIDE_POT = 690
"""A seed where the main pot has a qualifying low and a side pot has none."""


def test_pokerkits_share_of_a_low_half_nobody_qualifies_for_is_named() -> None:
    """The high hand takes a side pot no low qualifies for, though the main pot splits:
    pokerkit shares that side pot's low half out instead, and the oracle says so."""
    totals = run_hands(range(NO_LOW_IN_A_SIDE_POT, NO_LOW_IN_A_SIDE_POT + 1), "eight-or-better")
    assert totals[NO_LOW_SHARED] == 1
