"""What wins a game's pot, as data a game declares (``Game.wins``): the high hand, a low
hand, or both halves, with or without a qualifier for the low and declarations.

>>> HandTypes().describe(), HandTypes(high=False, low=LowRanking.ACE_TO_FIVE).describe()
('high', 'ace-to-five low')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.badugi import best_badugi
from engine.cards import Card, Rank
from engine.hands import (
    Category,
    HandValue,
    LowRanking,
    all_high_using,
    best_high,
    best_high_using,
    best_low,
)
from engine.hole_board import best_high_exactly, best_low_exactly
from engine.short_deck import best_short_deck
from engine.wild import WildCards, best_wild_high, best_wild_low

__all__ = ["HIGH_HAND", "HandTypes", "best_high_exactly", "best_low_exactly", "best_low_hand",
           "low_qualifies"]


def best_low_hand(cards: Iterable[Card], ranking: LowRanking | str) -> HandValue:
    """The best low hand of the cards in any low ranking a game may name: badugi is
    valued by ``engine.badugi`` (it sits above ``engine.hands``), the five-card lows by
    ``engine.hands.best_low``.

    >>> from engine.cards import parse_cards
    >>> best_low_hand(parse_cards("4c 3d 2h As"), LowRanking.BADUGI).describe()
    'Four-card badugi, four-three-two-ace'
    """
    low = LowRanking(ranking)
    if low is LowRanking.BADUGI:
        return best_badugi(cards)
    return best_low(cards, low)


def low_qualifies(value: HandValue, qualifier: int | None) -> bool:
    """Whether a low hand is good enough for the low half: five unpaired cards none
    above ``qualifier`` (8 for eight or better, the ace counting one); any low when
    there is no qualifier.

    >>> from engine.cards import parse_cards
    >>> from engine.hands import best_low
    >>> low_qualifies(best_low(parse_cards("8c 6d 4h 2s Ac Kd Qh")), 8)
    True
    >>> low_qualifies(best_low(parse_cards("9c 6d 4h 2s Ac Kd Qh")), 8)
    False
    """
    if qualifier is None:
        return True
    return value.category is Category.HIGH_CARD and \
        max(1 if c.rank == Rank.ACE else int(c.rank) for c in value.cards) <= qualifier


@dataclass(frozen=True, slots=True)
class HandTypes:
    """What wins a game's pot, as data: the high hand, a low hand, or both halves.

    ``low`` names the low ranking (``None``: no low half); ``qualifier`` is the highest
    card a low may hold to win its half (8 for eight or better; ``None``: any low);
    ``declare`` says the players declare which half they play for. Without a
    qualifying low the high hand takes the whole pot.

    >>> HandTypes().describe(), HandTypes(high=False, low=LowRanking.ACE_TO_FIVE).describe()
    ('high', 'ace-to-five low')
    >>> HandTypes(low=LowRanking.ACE_TO_FIVE, qualifier=8).describe()
    'high-low split, eight or better for low'
    """

    high: bool = True
    low: LowRanking | None = None
    qualifier: int | None = None
    declare: bool = False
    hole_cards: int | None = None
    """Exactly this many hole cards make each hand, the rest from the board (Omaha's
    two); ``None``: any five of all the cards."""
    short_deck: bool = False
    """The high hand ranks as the 36-card deck plays it: a flush beats a full house and
    the ace plays low in A-6-7-8-9 (``engine.short_deck``)."""

    def __post_init__(self) -> None:
        if self.short_deck and (not self.high or self.low is not None
                                or self.hole_cards is not None):
            raise ValueError("a short deck's hand types are high only, of any five cards")
        if not self.high and self.low is None:
            raise ValueError("a game's pot goes to a high hand, a low hand, or both")
        if self.hole_cards is not None and not 1 <= self.hole_cards <= 4:
            raise ValueError(f"a hand uses 1 to 4 hole cards, not {self.hole_cards}")
        if self.low is LowRanking.BADUGI and (self.high or self.hole_cards is not None):
            raise ValueError("badugi is a hand type of its own, of any of a player's cards")
        if self.qualifier is not None and not 6 <= self.qualifier <= 13:
            raise ValueError(f"a low qualifier is a rank from 6 to 13, not {self.qualifier}")

    @property
    def split(self) -> bool:
        """Whether the pot is shared between a high half and a low half."""
        return self.high and self.low is not None

    def best(self, hole: Sequence[Card], board: Sequence[Card], *,
             wild: WildCards | None = None) -> tuple[HandValue | None, HandValue | None]:
        """The best (high, low) hands of these hole cards and board, ``None`` for a half
        not played: any five of the cards, or exactly ``hole_cards`` of the hole cards.
        ``wild``: the cards wild in the hand, each standing for what makes it best (of
        any five cards).

        >>> from engine.cards import parse_cards
        >>> omaha = HandTypes(low=LowRanking.ACE_TO_FIVE, qualifier=8, hole_cards=2)
        >>> high, low = omaha.best(parse_cards("Ac 2c Kd Kh"), parse_cards("3d 5s 8h Ks 9c"))
        >>> high.describe(), low.describe()
        ('Three of a kind, kings', 'Eight-five low')
        """
        if self.hole_cards is not None:
            return (best_high_exactly(hole, board, self.hole_cards) if self.high else None,
                    best_low_exactly(hole, board, self.low, self.hole_cards)
                    if self.low is not None else None)
        cards = [*hole, *board]
        return (self.high_of(cards, wild=wild) if self.high else None,
                self.low_of(cards, wild=wild) if self.low is not None else None)

    def high_of(self, cards: Iterable[Card], *, wild: WildCards | None = None) -> HandValue:
        """The best high hand of any five of ``cards``, ranked as this game's deck plays
        (``wild``: the cards wild in the hand).

        >>> from engine.cards import parse_cards
        >>> HandTypes(short_deck=True).high_of(parse_cards("Ah 6h 7s 8c 9s")).describe()
        'Nine-high straight'
        """
        if wild is not None:
            return best_wild_high(cards, wild)
        return best_short_deck(cards) if self.short_deck else best_high(cards)

    def low_of(self, cards: Iterable[Card], *, wild: WildCards | None = None) -> HandValue:
        """The best low hand of ``cards`` in the game's low ranking (ace-to-five for a
        game without a low half), ``wild`` the cards wild in the hand.

        >>> from engine.cards import parse_cards
        >>> lowball = HandTypes(low=LowRanking.DEUCE_TO_SEVEN)
        >>> lowball.low_of(parse_cards("7c 5d 4h 3s 2c")).describe()
        'Seven-five low'
        """
        low = self.low or LowRanking.ACE_TO_FIVE
        if wild is not None:
            return best_wild_low(cards, wild, ranking=low.value)
        return best_low_hand(cards, low)

    def high_using(self, required: Sequence[Card], others: Sequence[Card],
                   pick: int = 3) -> HandValue:
        """The best high hand holding every ``required`` card and the best ``pick`` of the
        ``others`` (Pick a Partner's team hand)."""
        return best_high_using(required, others, pick)

    def ranked_high_using(self, required: Sequence[Card], others: Sequence[Card],
                       pick: int = 3) -> list[tuple[tuple[Card, ...], HandValue]]:
        """Every hand of all ``required`` cards and ``pick`` of the ``others``, best first,
        as (the cards chosen, the hand)."""
        return all_high_using(required, others, pick)

    def describe(self) -> str:
        """The hand types in a few words."""
        if self.short_deck:
            return "high, a flush above a full house"
        if not self.split:
            words = "high" if self.high else \
                "badugi" if self.low is LowRanking.BADUGI else f"{self.low} low"
            return words + self._hole_words()
        words = "high-low split"
        if self.low is not LowRanking.ACE_TO_FIVE:
            words += f" ({self.low} low)"
        if self.qualifier is not None:
            words += f", {Rank(self.qualifier).word} or better for low"
        if self.declare:
            words += ", by declaration"
        return words + self._hole_words()

    def _hole_words(self) -> str:
        if self.hole_cards is None:
            return ""
        hole, board = (Rank(n).word if n > 1 else "one" for n in (self.hole_cards,
                                                                    5 - self.hole_cards))
        return f", exactly {hole} hole cards and {board} from the board"


HIGH_HAND = HandTypes()
"""The high hand of any five cards, as most games play it."""
