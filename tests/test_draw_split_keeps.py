"""A draw game split high and low (five-card draw high-low, eight or better) keeps a low
draw of four cards or a made low, and the high hand's cards otherwise: the general player
once drew to A-K for high from A-2-3-4-K, throwing a one-card draw to the wheel away."""

from __future__ import annotations

import pytest

from engine.bots.draw import kept
from engine.cards import parse_cards
from engine.games.hand_types import HandTypes
from engine.hands import LowRanking

SPLIT = HandTypes(high=True, low=LowRanking.ACE_TO_FIVE, qualifier=8)


@pytest.mark.parametrize(("hand", "keeps"), [
    ("Ac 2d 3h 4s Kc", "Ac 2d 3h 4s"),        # one card to the wheel, high and low
    ("Ac 2d 3h 6s 7c", "Ac 2d 3h 6s 7c"),     # a made seven low stands pat
    ("Kc Kd 9h 8s 7c", "Kc Kd"),              # no low draw: the pair, for high
    ("Ac 2d Kh Ks 9c", "Kh Ks"),              # two low cards are no low draw
])
def test_a_split_draw_keeps_a_low_draw_or_the_high_hand(hand: str, keeps: str) -> None:
    assert set(kept(SPLIT, parse_cards(hand))) == set(parse_cards(keeps))
