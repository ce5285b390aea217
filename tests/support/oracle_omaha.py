"""Omaha against pokerkit: hand values, and whole hands step by step.

The hands: on random deals, our exactly-two-and-three high and eight-or-better low
order every pair of hands as pokerkit's ``OmahaHoldemHand`` and
``OmahaEightOrBetterLowHand`` do, and a low qualifies exactly when pokerkit can make
one. The game: pot-limit Omaha high and fixed-limit Omaha eight or better (the two
usual announcements) are played a thousand random hands each against pokerkit's
``PotLimitOmahaHoldem`` and ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` through
the hold'em oracle's helpers, with the same differences of convention allowed and
counted (``tests.support.oracle_holdem``). pokerkit 0.7.7's fixed-limit Omaha eight or
better class is dealt with its betting structure set to fixed limit: the class as shipped
bets pot limit.

pokerkit values an Omaha hand by building all sixty five-card hands and looking each up
again at every comparison, and its state asks for every seat's hand many times in one
showdown (who may still win, who mucks, who takes each pot): unremembered, two thirds
of a hand's time went there. The states here use pokerkit's own hand classes with two
pure results remembered, a seat's hand for its cards and a five-card hand's entry in
pokerkit's table; pokerkit still works out every value itself.

The hands are played by the oracle harness (``tests/test_oracle.py``), a row per
announcement (``tests.support.oracle``).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any, ClassVar

from pokerkit import Card as PokerkitCard
from pokerkit import (
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    PotLimitOmahaHoldem,
)
from pokerkit import State as PokerkitState

from engine.cards import Card
from tests.support.oracle_board import (
    AUTOMATIONS,
    FixedLimitOmahaEight,
    play_both,
)
from tests.support.pokerkit_kept import KeptEntry


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


NO_LOW_IN_A_SIDE_POT = 690
"""A seed where the main pot has a qualifying low and a side pot has none."""
