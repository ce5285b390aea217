"""The obvious-but-wrong additions that make a partnership question tricky.

Each ``Trap`` is a precise model of a hurried player: a reading of the eight
cards that picks an "obvious" three. A deal is tricky for a trap when every
choice that reading would make is strictly worse than the team's best hand,
and the deal shows the pattern the trap is named for:

* ``STRAIGHT``: the reader judges by ranks alone (a flush is invisible), so
  reaches for a straight; the best hand is a flush or straight flush.
* ``SUITS``: the same reader, reaching for pairs or high cards instead.
* ``WHEEL``: the reader counts the ace only high, so misses A-2-3-4-5; the
  best hand is a five-high straight.
* ``FULL_HOUSE``: the reader builds the biggest set of one rank, then adds the
  highest cards left; that makes three of a kind where a full house was there.
* ``KICKER``: the reader pairs the up cards first, then adds the highest
  cards left; another choice makes the same kind of hand, better by a kicker
  or a second pair.

>>> from engine.cards import parse_cards
>>> anchors, others = parse_cards("K♥ 10♥"), parse_cards("Q♥ J♥ 4♣ 9♠ 2♥ 3♦ 3♠ 7♣")
>>> [format_cards(c) for c in obvious_choices(Trap.STRAIGHT, anchors, others)]
['Q♥ J♥ 9♠']
>>> springs(Trap.STRAIGHT, anchors, others), springs(Trap.SUITS, anchors, others)
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum
from itertools import combinations
from types import MappingProxyType

from engine.cards import Card, Rank, format_cards
from engine.games.hand_types import HIGH_HAND
from engine.hands import Category, HandValue

__all__ = ["Trap", "format_cards", "obvious_choices", "springs", "traps_sprung"]


class Trap(StrEnum):
    """A hurried reading of the cards, named for what it misses."""

    STRAIGHT = "straight"
    SUITS = "suits"
    WHEEL = "wheel"
    FULL_HOUSE = "full-house"
    KICKER = "kicker"

    @property
    def label(self) -> str:
        return _TITLES[self]

    @property
    def lesson(self) -> str:
        """What the trap teaches, said after the answer."""
        return _LESSONS[self]


_TITLES = MappingProxyType({
    Trap.STRAIGHT: "A straight in sight, a flush better",
    Trap.SUITS: "Suits count",
    Trap.WHEEL: "The ace plays low",
    Trap.FULL_HOUSE: "A full house hidden in two sets",
    Trap.KICKER: "Same kind of hand, better cards",
})
_FLUSH_LESSON = ("Reading ranks alone hides flushes: check whether both first up cards "
                 "share a suit and whether three more of it are on the table.")
_LESSONS = MappingProxyType({
    Trap.STRAIGHT: _FLUSH_LESSON,
    Trap.SUITS: _FLUSH_LESSON,
    Trap.WHEEL: "A-2-3-4-5 is a straight, five high, and it beats any three of a kind.",
    Trap.FULL_HOUSE: "After making three of a kind, pair the other first up card before "
                     "reaching for a high kicker: that is a full house.",
    Trap.KICKER: "Pairing the first up cards is a habit, not a rule: compare every way to "
                 "make the same kind of hand and keep the one with the better pair or kicker.",
})

Choice = tuple[Card, ...]


def _by_rank_desc(cards: Sequence[Card]) -> list[Card]:
    """Highest rank first, higher suit first among equals: how a reader scans."""
    return sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True)


def _rank_reading(five: Sequence[Card], *, suits: bool, wheel: bool) -> tuple[int, ...]:
    """A comparable reading of five cards that may be blind to suits or to the wheel."""
    ranks = sorted((int(c.rank) for c in five), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    order = tuple(r for r, _ in groups)
    flush = suits and len({c.suit for c in five}) == 1
    top = 0
    if len(groups) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif wheel and ranks == [14, 5, 4, 3, 2]:
            top = 5
    if top and flush:
        return (Category.STRAIGHT_FLUSH, top)
    category = {(4, 1): Category.FOUR_OF_A_KIND, (3, 2): Category.FULL_HOUSE,
                (3, 1, 1): Category.THREE_OF_A_KIND, (2, 2, 1): Category.TWO_PAIR,
                (2, 1, 1, 1): Category.ONE_PAIR}.get(shape, Category.HIGH_CARD)
    if category is Category.HIGH_CARD and flush:
        category = Category.FLUSH
    if category is Category.HIGH_CARD and top:
        return (Category.STRAIGHT, top)
    return (category, *order)


def _best_reading(anchors: Sequence[Card], others: Sequence[Card], *, suits: bool,
                  wheel: bool) -> list[Choice]:
    """Every choice the blinkered reading ranks first (it cannot tell them apart)."""
    readings = {chosen: _rank_reading((*anchors, *chosen), suits=suits, wheel=wheel)
                for chosen in combinations(others, 3)}
    top = max(readings.values())
    return [chosen for chosen, reading in readings.items() if reading == top]


def _fill_highest(picked: list[Card], others: Sequence[Card]) -> Choice:
    for c in _by_rank_desc(others):
        if len(picked) == 3:
            break
        if c not in picked:
            picked.append(c)
    return tuple(picked)


def _biggest_set_first(anchors: Sequence[Card], others: Sequence[Card]) -> Choice:
    """Take every card of the rank with the largest group (highest rank first), then fill."""
    counts = Counter(c.rank for c in (*anchors, *others))
    rank = max(counts, key=lambda r: (min(counts[r], 4 if r in {a.rank for a in anchors}
                                          else 3), r))
    picked = [c for c in _by_rank_desc(others) if c.rank == rank][:3]
    return _fill_highest(picked, others)


def _pair_the_anchors(anchors: Sequence[Card], others: Sequence[Card]) -> Choice:
    """Take the cards matching the up cards' ranks (higher rank first), then fill."""
    anchor_ranks: set[Rank] = {a.rank for a in anchors}
    picked = [c for c in _by_rank_desc(others) if c.rank in anchor_ranks][:3]
    return _fill_highest(picked, others)


def obvious_choices(trap: Trap, anchors: Sequence[Card], others: Sequence[Card]) -> list[Choice]:
    """The three cards (one or more equally likely ways) a hurried player would add."""
    match trap:
        case Trap.STRAIGHT | Trap.SUITS:
            return _best_reading(anchors, others, suits=False, wheel=True)
        case Trap.WHEEL:
            return _best_reading(anchors, others, suits=True, wheel=False)
        case Trap.FULL_HOUSE:
            return [_biggest_set_first(anchors, others)]
        case Trap.KICKER:
            return [_pair_the_anchors(anchors, others)]
    raise ValueError(f"unknown trap {trap!r}")


def _value(anchors: Sequence[Card], chosen: Choice) -> HandValue:
    return HIGH_HAND.high_of((*anchors, *chosen))


def springs(trap: Trap, anchors: Sequence[Card], others: Sequence[Card],
            best: HandValue | None = None) -> bool:
    """True when the deal shows the trap's pattern and every obvious choice is strictly worse."""
    if not _could_spring(trap, anchors, others):
        return False
    if best is None:
        best = HIGH_HAND.ranked_high_using(anchors, others)[0][1]
    obvious = [_value(anchors, chosen) for chosen in obvious_choices(trap, anchors, others)]
    if any(value >= best for value in obvious):
        return False
    flush_best = best.category in (Category.FLUSH, Category.STRAIGHT_FLUSH,
                                   Category.ROYAL_FLUSH)
    straights = all(v.category is Category.STRAIGHT for v in obvious)
    match trap:
        case Trap.STRAIGHT:
            return flush_best and straights
        case Trap.SUITS:
            return flush_best and not straights
        case Trap.WHEEL:
            return (best.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
                    and best.cards[0].rank is Rank.FIVE)
        case Trap.FULL_HOUSE:
            return (best.category is Category.FULL_HOUSE
                    and all(v.category is Category.THREE_OF_A_KIND for v in obvious))
        case Trap.KICKER:
            return all(v.category is best.category for v in obvious)
    raise ValueError(f"unknown trap {trap!r}")


def _could_spring(trap: Trap, anchors: Sequence[Card], others: Sequence[Card]) -> bool:
    """A cheap necessary condition, so rejection sampling skips most deals at once."""
    match trap:
        case Trap.STRAIGHT | Trap.SUITS:
            suit = anchors[0].suit
            return anchors[1].suit == suit and sum(c.suit == suit for c in others) >= 3
        case Trap.WHEEL:
            wheel = {Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE}
            return (all(a.rank in wheel for a in anchors)
                    and wheel <= {c.rank for c in (*anchors, *others)})
        case Trap.FULL_HOUSE:
            counts = Counter(c.rank for c in (*anchors, *others))
            return sum(counts[a.rank] >= 2 for a in anchors) >= 1 and max(counts.values()) >= 3
    return True


def traps_sprung(anchors: Sequence[Card], others: Sequence[Card],
                 best: HandValue | None = None) -> list[Trap]:
    """Every trap a deal sets, so any question can name the mistake it invites."""
    return [trap for trap in Trap if springs(trap, anchors, others, best)]
