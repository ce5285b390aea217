"""Pot halves for a spade in the hole: who holds the highest (Chicago) or, announced, the
lowest spade among the cards dealt face down.

Only face-down cards count: a spade dealt face up is no spade in the hole. The caller
passes the hole cards of the seats still in at the showdown (a folded seat's spade wins
nothing); with no spade in the hole among them, nobody takes the half and the game's
own rule decides what becomes of it (usually the high hand takes the whole pot).

>>> from engine.cards import parse_cards
>>> high_spade_in_the_hole({0: parse_cards("Kd 7s"), 2: parse_cards("Qs 3h")})
SpadeHolder(seat=2, card=card('Q♠'))
>>> low_spade_in_the_hole({0: parse_cards("Kd 7s"), 2: parse_cards("Qs 3h")})
SpadeHolder(seat=0, card=card('7♠'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.cards import Card, Rank, Suit, require_distinct

__all__ = ["SpadeHolder", "high_spade_in_the_hole", "low_spade_in_the_hole"]


@dataclass(frozen=True, slots=True)
class SpadeHolder:
    """The seat that holds the deciding spade in the hole, and that spade."""

    seat: int
    card: Card


def _spades(hole_cards: Mapping[int, Iterable[Card]]) -> list[SpadeHolder]:
    held = {seat: tuple(cards) for seat, cards in hole_cards.items()}
    require_distinct(c for cards in held.values() for c in cards)
    return [SpadeHolder(seat, c) for seat, cards in held.items() for c in cards
            if c.suit is Suit.SPADES]


def high_spade_in_the_hole(hole_cards: Mapping[int, Iterable[Card]]) -> SpadeHolder | None:
    """Who holds the highest spade among the face-down cards of ``hole_cards`` (seat to
    its face-down cards), the ace highest; None when no one holds a spade in the hole."""
    return max(_spades(hole_cards), key=lambda h: h.card.rank, default=None)


def low_spade_in_the_hole(hole_cards: Mapping[int, Iterable[Card]], *,
                          ace_low: bool = False) -> SpadeHolder | None:
    """Who holds the lowest spade in the hole: the deuce lowest, or with ``ace_low`` the
    ace below it; None when no one holds a spade in the hole."""
    def order(holder: SpadeHolder) -> int:
        rank = holder.card.rank
        return 1 if ace_low and rank is Rank.ACE else int(rank)

    return min(_spades(hole_cards), key=order, default=None)
