"""Omaha against pokerkit: hand values, and whole hands step by step.

The hands: on random deals, our exactly-two-and-three high and eight-or-better low
order every pair of hands as pokerkit's ``OmahaHoldemHand`` and
``OmahaEightOrBetterLowHand`` do, and a low qualifies exactly when pokerkit can make
one. The game: pot-limit Omaha high and fixed-limit Omaha eight or better (the two
usual announcements) are played hand by hand against pokerkit's
``PotLimitOmahaHoldem`` and ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` through
the hold'em oracle's helpers, with the same differences of convention allowed and
counted (``tests/test_holdem_oracle.py``). pokerkit 0.7.7's fixed-limit Omaha eight or
better class is dealt with its betting structure set to fixed limit: the class as shipped
bets pot limit.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

import pytest
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
from engine.games.hand_types import best_high_exactly, best_low_exactly, low_qualifies
from engine.hands import HandValue
from tests.budget import FAST, blocks, scaled
from tests.test_holdem_oracle import AUTOMATIONS, NO_LOW_SHARED, play_both

HANDS = scaled(300)
"""Fewer hands than hold'em's thousand: pokerkit values Omaha hands about five times more
slowly than hold'em's, and nine tenths of this test's time is its showdowns; 300 hands
take about 20 seconds."""
DEALS = scaled(2000)
BLOCKS = 4


def _text(cards: list[Card]) -> str:
    return "".join(c.ascii for c in cards)


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


def _pokerkit_low(hole: list[Card], board: list[Card]) -> Hand | None:
    try:
        return OmahaEightOrBetterLowHand.from_game(_text(hole), _text(board))
    except ValueError:
        return None


def test_omaha_hands_are_valued_as_pokerkit_values_them() -> None:
    rng = random.Random(35)
    counts: Counter[str] = Counter()
    for _ in range(DEALS):
        cards = rng.sample(FULL_DECK, 13)
        board, first, second = cards[:5], cards[5:9], cards[9:]
        ours_high = [best_high_exactly(h, board) for h in (first, second)]
        theirs_high = [OmahaHoldemHand.from_game(_text(h), _text(board))
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


class FixedLimitOmahaEight(FixedLimitPokerMixin,
                           FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    """pokerkit's fixed-limit Omaha eight or better played fixed limit: pokerkit 0.7.7's
    own class takes its betting from the pot-limit mixin (it offers pot-limit raises)."""


def omaha_state(settings: dict[str, Any], stacks: list[int]) -> PokerkitState:
    small, big = settings["small_blind"], settings["big_blind"]
    if settings["pot"] == "eight-or-better":
        return FixedLimitOmahaEight.create_state(
            AUTOMATIONS, True, 0, (small, big), big, 2 * big, tuple(stacks), len(stacks))
    return PotLimitOmahaHoldem.create_state(AUTOMATIONS, True, 0, (small, big), big,
                                            tuple(stacks), len(stacks))


def run_hands(seeds: range) -> Counter[str]:
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            rng = random.Random(seed)
            players = rng.randint(2, 10)
            big = rng.choice([2, 2, 4, 10])
            settings = {"small_blind": rng.randint(1, big - 1), "big_blind": big,
                        "pot": rng.choice(["high", "eight-or-better"])}
            stacks = [200] * players if rng.random() < 0.4 else [
                rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                for _ in range(players)]
            totals += play_both("omaha", omaha_state, seed, players, settings, stacks)
    return totals


@pytest.mark.parametrize("seeds", blocks(HANDS, BLOCKS), ids=lambda r: f"{r.start}-{r.stop}")
def test_omaha_agrees_with_pokerkit(seeds: range) -> None:
    totals = run_hands(seeds)
    assert totals["hands"] == len(seeds)
    assert totals["showdowns"] > len(seeds) // 10
    if not FAST:
        assert totals["side pots"] > 5 and totals["all in"] > 25
        assert totals["hands in pot-limit"] > 25 and totals["hands in fixed-limit"] > 25


NO_LOW_IN_A_SIDE_POT = 690
"""A seed where the main pot has a qualifying low and a side pot has none."""


def test_pokerkits_share_of_a_low_half_nobody_qualifies_for_is_named() -> None:
    """The high hand takes a side pot no low qualifies for, though the main pot splits:
    pokerkit shares that side pot's low half out instead, and the oracle says so."""
    totals = run_hands(range(NO_LOW_IN_A_SIDE_POT, NO_LOW_IN_A_SIDE_POT + 1))
    assert totals[NO_LOW_SHARED] == 1
