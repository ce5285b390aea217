"""Omaha's hand values against pokerkit's: on random deals, our exactly-two-and-three high
and eight-or-better low order every pair of hands as pokerkit's ``OmahaHoldemHand`` and
``OmahaEightOrBetterLowHand`` do, and a low qualifies exactly when pokerkit can make one;
pokerkit's hand classes, remembered for speed, give what pokerkit's own give.

Whole hands of Omaha against pokerkit are rows of the oracle harness
(``tests/test_oracle.py``)."""

from __future__ import annotations

import random
from collections import Counter

from pokerkit import (
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
)

from engine.cards import FULL_DECK
from engine.games.hand_types import low_qualifies
from engine.hands import HandValue
from engine.hole_board import best_high_exactly, best_low_exactly
from tests.support.oracle_omaha import (
    RememberedHigh,
    RememberedLow,
    _pokerkit_low,
    _sign,
    _text,
)
from tests.support.scale import scaled

DEALS = scaled(500)
"""Deals whose hands are valued one by one (the hands above value many more at their
showdowns)."""


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
