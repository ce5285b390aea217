"""Hand values: the best five-card high or low hand from 5 to 10 cards.

A ``HandValue`` is a plain score with its category, the five cards used and a
description. Scores order exactly like poker hands (greater is better, equal
scores tie, suits never break a tie) and are shared bit for bit with the batch
evaluator in ``engine.fast``:

* high: ``category << 20`` plus five 4-bit tie-break ranks (2..14), most
  significant first, unused slots zero; a straight keeps only its top rank
  (5 for the wheel A-2-3-4-5);
* ace-to-five low: ``0x7FFFFF - low_key``, where ``low_key`` packs the pair
  structure (0 no pair .. 5 quads) and the ranks the same way, ace counted one;
* deuce-to-seven low: ``0xFFFFFF - high``, the high score with the ace always
  high (A-2-3-4-5 is ace high, not a straight).

>>> from engine.cards import parse_cards
>>> best_high(parse_cards("K♥ 10♥ Q♥ J♥ 2♥ 9♠ 3♦")).describe()
'King-high flush'
>>> best_low(parse_cards("2♣ 3♦ 4♥ 6♠ 6♦ 7♥ 5♣")).describe()
'Six-five low'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache, lru_cache
from itertools import combinations
from types import MappingProxyType

from engine.cards import FULL_DECK, Card, DuplicateCardError, Rank, is_joker


class Category(IntEnum):
    """Hand categories from worst to best; low hands reuse the pair structures."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9
    FIVE_OF_A_KIND: Category
    """Only wild cards make it (value 10, above a royal flush); set below the class so
    that iterating ``Category`` still lists the ten natural categories."""

    @property
    def label(self) -> str:
        """``"Full house"``: the category's name as a sentence starts it."""
        return self.name.replace("_", " ").capitalize()

    @property
    def phrase(self) -> str:
        """The category as a sentence names one hand of it.

        >>> Category.ONE_PAIR.phrase, Category.TWO_PAIR.phrase, Category.FLUSH.phrase
        ('a pair', 'two pair', 'a flush')
        """
        if self is Category.ONE_PAIR:
            return "a pair"
        if self is Category.HIGH_CARD:
            return "a high-card hand"
        words = self.name.replace("_", " ").lower()
        return words if self in _COUNTED else f"a {words}"


def _wild_only_category(name: str, value: int) -> None:
    """A category that ``Category(value)`` and ``Category.<name>`` reach but iteration skips."""
    member = int.__new__(Category, value)
    member._name_, member._value_ = name, value
    Category._value2member_map_[value] = member
    type.__setattr__(Category, name, member)


_wild_only_category("FIVE_OF_A_KIND", 10)

_COUNTED = frozenset({Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND,
                      Category.FIVE_OF_A_KIND})
"""Categories named by a count, which take no article ("two pair", not "a two pair")."""


class LowRanking(StrEnum):
    """How low hands are ranked (the dealer announces one before the deal)."""

    ACE_TO_FIVE = "ace-to-five"
    DEUCE_TO_SEVEN = "deuce-to-seven"
    ACE_TO_SIX = "ace-to-six"
    """London lowball: the ace always low, straights and flushes counting against the
    hand, so 6-4-3-2-A is the best low."""
    BADUGI = "badugi"
    """Badugi's four-card hand (``engine.badugi``): the most cards of different ranks and
    suits, then the lowest, ace low; a hand type of its own, never an announced low."""


class HandKind(StrEnum):
    """What a ``HandValue`` measures; only values of one kind compare."""

    HIGH = "high"
    ACE_TO_FIVE = "ace-to-five"
    DEUCE_TO_SEVEN = "deuce-to-seven"
    HIGH_NATURAL = "high-natural"
    """High with wild cards, where a natural hand beats a wild one of equal rank."""
    ACE_TO_SIX = "ace-to-six"
    SHORT_DECK = "short-deck"
    """High in a 36-card deck: a flush beats a full house, A-6-7-8-9 is a straight."""
    BADUGI = "badugi"


HIGH_KINDS = frozenset({HandKind.HIGH, HandKind.HIGH_NATURAL, HandKind.SHORT_DECK})
"""The kinds of value that rank high hands, however the deck or wild cards change them."""


@dataclass(frozen=True, slots=True, eq=False, init=False)
class HandValue:
    """The value of a five-card hand: greater is better, equal scores tie.

    Equality and hashing use ``(kind, score)`` only, so the same hand in other
    suits is equal. Ordering two values of different kinds raises ``TypeError``.
    ``cards`` are the five used, most significant first (trips before the pair).
    """

    score: int
    category: Category
    cards: tuple[Card, ...]
    kind: HandKind

    def __init__(self, score: int, category: Category, cards: tuple[Card, ...],
                 kind: HandKind) -> None:
        # Slot setters directly: the generated frozen __init__ costs more than
        # the rest of a seven-card evaluation.
        _SET_SCORE(self, score)
        _SET_CATEGORY(self, category)
        _SET_CARDS(self, cards)
        _SET_KIND(self, kind)

    def _same_kind(self, other: HandValue) -> None:
        if self.kind is not other.kind:
            raise TypeError(f"a {self.kind} hand cannot be compared with a {other.kind} hand")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.kind is other.kind and self.score == other.score

    def __hash__(self) -> int:
        return hash((self.kind, self.score))

    def __lt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._same_kind(other)
        return self.score < other.score

    def __le__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._same_kind(other)
        return self.score <= other.score

    def __gt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._same_kind(other)
        return self.score > other.score

    def __ge__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._same_kind(other)
        return self.score >= other.score

    def describe(self) -> str:
        """The hand in words: ``"Full house, queens full of fours"``, ``"Six-four low"``."""
        if self.kind in HIGH_KINDS:
            return _describe_high(self.category, self.cards)
        if self.kind is HandKind.BADUGI:
            return _describe_badugi(self.cards)
        if self.category is Category.HIGH_CARD:  # a low is named by its top two cards
            return f"{self.cards[0].rank.word.capitalize()}-{self.cards[1].rank.word} low"
        return f"{_describe_high(self.category, self.cards)} (low)"


_SET_SCORE = vars(HandValue)["score"].__set__
_SET_CATEGORY = vars(HandValue)["category"].__set__
_SET_CARDS = vars(HandValue)["cards"].__set__
_SET_KIND = vars(HandValue)["kind"].__set__


def _describe_high(category: Category, cards: tuple[Card, ...]) -> str:
    top = cards[0].rank
    match category:
        case Category.FIVE_OF_A_KIND:
            return f"Five of a kind, {top.plural}"
        case Category.ROYAL_FLUSH:
            return "Royal flush"
        case Category.STRAIGHT_FLUSH | Category.STRAIGHT | Category.FLUSH:
            return f"{top.word.capitalize()}-high {category.label.lower()}"
        case Category.FOUR_OF_A_KIND:
            return f"Four of a kind, {top.plural}"
        case Category.FULL_HOUSE:
            return f"Full house, {top.plural} full of {cards[3].rank.plural}"
        case Category.THREE_OF_A_KIND:
            return f"Three of a kind, {top.plural}"
        case Category.TWO_PAIR:
            return f"Two pair, {top.plural} and {cards[2].rank.plural}"
        case Category.ONE_PAIR:
            return f"Pair of {top.plural}"
        case _:
            return f"{top.word.capitalize()} high"


def _describe_badugi(cards: tuple[Card, ...]) -> str:
    """``"Four-card badugi, seven-four-three-ace"``: the size, then the cards highest first."""
    words = "-".join(c.rank.word for c in cards)
    if len(cards) == 4:
        return f"Four-card badugi, {words}"
    return f"{('One', 'Two', 'Three')[len(cards) - 1]}-card hand, {words}"


# --- Tables ------------------------------------------------------------------
# A hand is held as ``seen``: bit 4 * rank + suit per card, so the cards of
# rank r sit in the nibble ``seen >> 4 * r & 15``. Rank masks use bit r for
# rank r; the tables below are indexed by ``mask >> 2`` (13 bits).

def _straight_tops(*, wheel: bool) -> tuple[int, ...]:
    """Per 13-bit mask: the top rank of its best straight, or 0."""
    tops = [0] * (1 << 13)
    runs = [(top, 0b11111 << (top - 6)) for top in range(6, 15)]
    if wheel:
        runs.insert(0, (5, 0b1000000001111))
    for top, run in runs:  # later runs are higher, so they overwrite
        for mask in range(1 << 13):
            if mask & run == run:
                tops[mask] = top
    return tuple(tops)


def _descending() -> tuple[tuple[int, ...], ...]:
    """Per 13-bit mask: the ranks present, highest first."""
    desc: list[tuple[int, ...]] = [()]
    for bit in range(13):  # masks below 1 << bit are done; add rank bit + 2 on top
        desc.extend((bit + 2, *lower) for lower in desc[:1 << bit])
    return tuple(desc)


_DESC = _descending()
_STRAIGHT_TOP = _straight_tops(wheel=True)
_STRAIGHT_TOP_NO_WHEEL = _straight_tops(wheel=False)
_POP: tuple[int, ...] = tuple(n.bit_count() for n in range(16))
_RUN: tuple[tuple[int, ...], ...] = tuple(
    (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1)) for top in range(15))
"""The five ranks of the straight topped by each rank, the wheel's ace last."""
_CATEGORY: tuple[Category, ...] = tuple(Category)
_HIGH = HandKind.HIGH  # enum attribute lookups are slow enough to show in a hot loop

_PATTERN: tuple[tuple[int, ...], ...] = (
    (1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (1, 1, 1, 1, 1),
    (1, 1, 1, 1, 1), (3, 2), (4, 1), (1, 1, 1, 1, 1), (1, 1, 1, 1, 1))
"""Per category: how many cards each tie-break rank stands for."""
_LOW_STRUCTURES = (Category.HIGH_CARD, Category.ONE_PAIR, Category.TWO_PAIR,
                   Category.THREE_OF_A_KIND, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND)
"""Ace-to-five pair structures 0..5 and the category each reports."""
_ACE_TO_FIVE_TOP = 0x7FFFFF
_UPSIDE_DOWN_TOP = 0xFFFFFF
"""Deuce-to-seven and ace-to-six values: this less a high-style key (lower is better)."""

_CARD_AT: Mapping[int, Card] = MappingProxyType({(c.rank << 2) | c.suit: c for c in FULL_DECK})
"""The card with ``seen`` bit 4 * rank + suit."""
_TAKE: tuple[tuple[tuple[tuple[Card, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(_CARD_AT[4 * r + s] for s in (3, 2, 1, 0) if nibble >> s & 1)[:n]
                for n in range(5))
          for nibble in range(16)) if r >= 2 else ()
    for r in range(15))
"""``_TAKE[rank][nibble][n]``: n cards of a rank present in a nibble, higher suits first."""
_PRIME = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
"""One prime per rank: a product of five identifies their ranks whatever the order."""


def _decide(seen: int, rank_mask: int, flush_masks: list[tuple[int, int]],
            straight_top: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
    """The best high hand held in ``seen``: (score, tie-break ranks, flush suit or -1).

    ``flush_masks`` lists ``(suit, rank mask)`` for each suit holding five or
    more cards. A straight's tie-break ranks are all five, top first, though
    its score keeps only the top.
    """
    if flush_masks:
        best_top, best_suit = 0, -1
        for suit, mask in flush_masks:
            top = straight_top[mask >> 2]
            if top > best_top:
                best_top, best_suit = top, suit
        if best_top:
            return (9 if best_top == 14 else 8) << 20 | best_top << 16, _RUN[best_top], best_suit
    desc = _DESC[rank_mask >> 2]
    singles: list[int] = []
    pairs: list[int] = []
    trips: list[int] = []
    quads = 0
    for r in desc:
        n = _POP[seen >> (r << 2) & 15]
        if n == 1:
            singles.append(r)
        elif n == 2:
            pairs.append(r)
        elif n == 3:
            trips.append(r)
        elif not quads:
            quads = r
    if quads:
        kicker = desc[1] if desc[0] == quads else desc[0]
        return 7 << 20 | quads << 16 | kicker << 12, (quads, kicker), -1
    if trips and (pairs or len(trips) > 1):
        t = trips[0]
        p = max(trips[1] if len(trips) > 1 else 0, pairs[0] if pairs else 0)
        return 6 << 20 | t << 16 | p << 12, (t, p), -1
    if flush_masks:
        ranks, suit = max((_DESC[mask >> 2][:5], suit) for suit, mask in flush_masks)
        a, b, c, d, e = ranks
        return 5 << 20 | a << 16 | b << 12 | c << 8 | d << 4 | e, ranks, suit
    top = straight_top[rank_mask >> 2]
    if top:
        return 4 << 20 | top << 16, _RUN[top], -1
    if trips:
        t, a, b = trips[0], singles[0], singles[1]
        return 3 << 20 | t << 16 | a << 12 | b << 8, (t, a, b), -1
    if len(pairs) > 1:
        high, low = pairs[0], pairs[1]
        kicker = next(r for r in desc if r != high and r != low)
        return 2 << 20 | high << 16 | low << 12 | kicker << 8, (high, low, kicker), -1
    if pairs:
        p, a, b, c = pairs[0], singles[0], singles[1], singles[2]
        return 1 << 20 | p << 16 | a << 12 | b << 8 | c << 4, (p, a, b, c), -1
    ranks = desc[:5]
    a, b, c, d, e = ranks
    return a << 16 | b << 12 | c << 8 | d << 4 | e, ranks, -1


def _pick(seen: int, category: int, ranks: Sequence[int], suit: int) -> tuple[Card, ...]:
    """The cards that make the decided hand, most significant first.

    Where a rank has more cards than the hand needs, the higher suits are
    taken, so the choice never depends on the order the cards came in.
    """
    if suit >= 0:
        return tuple([_CARD_AT[(r << 2) | suit] for r in ranks])
    picked: tuple[Card, ...] = ()
    for r, n in zip(ranks, _PATTERN[category], strict=True):
        picked += _TAKE[r][seen >> (r << 2) & 15][n]
    return picked


def _checked(cards: Iterable[Card], what: str) -> tuple[Card, ...]:
    hand = tuple(cards)
    if not 5 <= len(hand) <= 10:
        raise ValueError(f"{what} needs 5 to 10 cards, not {len(hand)}")
    if any(is_joker(c) for c in hand):
        raise ValueError(f"{what} with the joker is valued by engine.wild, which knows how "
                         "the joker plays")
    return hand


def _high(hand: Sequence[Card], straight_top: tuple[int, ...]) -> tuple[int, tuple[Card, ...]]:
    """(high score, the five cards used) of the best hand in ``hand``.

    Decided directly from the cards' bits, with no loop over 5-card subsets.
    Raises ``DuplicateCardError`` for a card given twice.
    """
    seen = rank_mask = suit_counts = 0
    for c in hand:
        r = c.rank
        s = c.suit
        bit = 1 << ((r << 2) | s)
        if seen & bit:
            raise DuplicateCardError(c)
        seen |= bit
        rank_mask |= 1 << r
        suit_counts += 1 << (s << 2)
    flush_masks: list[tuple[int, int]] = []
    if (suit_counts + 0x3333) & 0x8888:  # a 4-bit suit count of 5 or more
        for suit in (0, 1, 2, 3):
            if suit_counts >> (suit << 2) & 15 >= 5:
                mask = 0
                for rank in range(2, 15):
                    if seen >> ((rank << 2) | suit) & 1:
                        mask |= 1 << rank
                flush_masks.append((suit, mask))
    score, ranks, suit = _decide(seen, rank_mask, flush_masks, straight_top)
    return score, _pick(seen, score >> 20, ranks, suit)


def best_high(cards: Iterable[Card]) -> HandValue:
    """The best five-card high hand from 5 to 10 distinct cards.

    >>> from engine.cards import parse_cards
    >>> best_high(parse_cards("Ah 2d 3c 4s 5h 9c 9d")).describe()
    'Five-high straight'
    """
    score, used = _high(_checked(cards, "a high hand"), _STRAIGHT_TOP)
    return HandValue(score, _CATEGORY[score >> 20], used, _HIGH)


@cache
def _five_score(key: int) -> int:
    """High score of five cards from ``key`` = rank prime product << 2 | flush << 1 | wheel."""
    product, flush, wheel = key >> 2, key >> 1 & 1, key & 1
    seen = rank_mask = 0
    for r in range(2, 15):
        count = 0
        while product % _PRIME[r] == 0:
            product //= _PRIME[r]
            count += 1
        if count:
            seen |= ((1 << count) - 1) << (r << 2)
            rank_mask |= 1 << r
    score, _, _ = _decide(seen, rank_mask, [(0, rank_mask)] if flush else [],
                          _STRAIGHT_TOP if wheel else _STRAIGHT_TOP_NO_WHEEL)
    return score


def _seen(hand: Iterable[Card]) -> int:
    """The cards as bits (4 * rank + suit); raises ``DuplicateCardError`` for a repeat."""
    seen = 0
    for c in hand:
        bit = 1 << ((c.rank << 2) | c.suit)
        if seen & bit:
            raise DuplicateCardError(c)
        seen |= bit
    return seen


def best_low(cards: Iterable[Card],
             ranking: LowRanking | str = LowRanking.ACE_TO_FIVE) -> HandValue:
    """The best five-card low hand from 5 to 10 distinct cards.

    Ace-to-five: the ace counts one, straights and flushes do not count.
    Deuce-to-seven: the ace is always high and straights and flushes count
    against the hand, so 7-5-4-3-2 of mixed suits is the best possible low.
    Ace-to-six: the ace is always low and straights and flushes count against the
    hand, so 6-4-3-2-A of mixed suits is the best possible low.

    >>> from engine.cards import parse_cards
    >>> best_low(parse_cards("Ac 2c 3c 4c 5c Kd Kh")).describe()
    'Five-four low'
    >>> best_low(parse_cards("7c 5d 4h 3s 2c 2d Ah"), "deuce-to-seven").describe()
    'Seven-five low'
    >>> best_low(parse_cards("Ac 2d 3h 4s 5c 6d Kh"), "ace-to-six").describe()
    'Six-four low'
    """
    low = LowRanking(ranking)
    if low is LowRanking.BADUGI:
        raise ValueError("a badugi hand is valued by engine.badugi.best_badugi, "
                         "or engine.games.hand_types.best_low_hand for any low ranking")
    hand = _checked(cards, "a low hand")
    seen = _seen(hand)
    if low is LowRanking.DEUCE_TO_SEVEN:
        return _best_deuce_to_seven(hand)
    if low is LowRanking.ACE_TO_SIX:
        return _best_ace_to_six(hand)
    return _best_ace_to_five(seen)


def _best_deuce_to_seven(hand: tuple[Card, ...]) -> HandValue:
    """The 5-card subset with the lowest high score, the wheel not counting as a straight."""
    hand = tuple(sorted(hand, key=_code))  # ties between subsets go the same way every time
    primes = [_PRIME[c.rank] for c in hand]
    suits = [1 << c.suit for c in hand]
    best_score, best = 1 << 24, (0, 1, 2, 3, 4)
    for chosen in combinations(range(len(hand)), 5):
        a, b, c, d, e = chosen
        suit_bits = suits[a] | suits[b] | suits[c] | suits[d] | suits[e]
        flush = suit_bits & (suit_bits - 1) == 0
        score = _five_score(primes[a] * primes[b] * primes[c] * primes[d] * primes[e] << 2
                            | flush << 1)
        if score < best_score:
            best_score, best = score, chosen
    score, used = _high([hand[i] for i in best], _STRAIGHT_TOP_NO_WHEEL)
    return HandValue(_UPSIDE_DOWN_TOP - score, _CATEGORY[score >> 20], used,
                     HandKind.DEUCE_TO_SEVEN)


def _code(c: Card) -> int:
    return (c.rank << 2) | c.suit


# --- Ace-to-six ---------------------------------------------------------------
# The ace counts one and nothing else: A-2-3-4-5 is a straight (five high), K-A-2-3-4 and
# 10-J-Q-K-A are not, and straights and flushes count against the hand, so the best low
# is 6-4-3-2-A in mixed suits. The key is a high score with the ace as rank 1; the value
# ``0xFFFFFF - key`` orders greater-is-better like every other score (``engine.lowball``
# scores batches the same way).


@cache
def five_key(values: tuple[int, ...], flush: bool) -> int:
    """High-style key of five values taken as they are (no wheel: give the ace as 1 for
    ace-to-six, 14 for deuce-to-seven), in any order: lower is a better low."""
    groups = sorted(Counter(values).items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ordered = tuple(v for v, _ in groups)
    straight = len(groups) == 5 and ordered[0] - ordered[4] == 4
    if straight:
        return (8 if flush else 4) << 20 | ordered[0] << 16
    category = 5 if flush else _PAIR_SHAPES[shape]
    key = category
    for v in ordered:
        key = key << 4 | v
    return key << 4 * (5 - len(ordered))


_PAIR_SHAPES = MappingProxyType({(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2,
                                 (3, 1, 1): 3, (3, 2): 6, (4, 1): 7})
"""High category by rank counts, largest first."""


def _best_ace_to_six(hand: tuple[Card, ...]) -> HandValue:
    """The 5-card subset with the lowest key, the ace counting one."""
    hand = tuple(sorted(hand, key=_code))  # ties between subsets go the same way every time
    best_key, best = 1 << 24, hand[:5]
    for five in combinations(hand, 5):
        one_suit = len({c.suit for c in five}) == 1
        key = five_key(tuple(sorted(_low_rank(c.rank) for c in five)), one_suit)
        if key < best_key:
            best_key, best = key, five
    counts = Counter(_low_rank(c.rank) for c in best)
    played = tuple(sorted(best, key=lambda c: (counts[_low_rank(c.rank)], _low_rank(c.rank),
                                               c.suit), reverse=True))
    return HandValue(_UPSIDE_DOWN_TOP - best_key, Category(best_key >> 20), played,
                     HandKind.ACE_TO_SIX)


def _best_ace_to_five(seen: int) -> HandValue:
    """Fewest pairs first, then the lowest ranks: decided from rank counts."""
    counts = [_POP[seen >> (r << 2) & 15] for r in range(15)]
    counts[1] = counts[14]
    ascending = [r for r in range(1, 14) if counts[r]]
    distinct = len(ascending)
    if distinct >= 5:
        structure, ranks = 0, ascending[4::-1]
    elif distinct == 4:
        pair = next(r for r in ascending if counts[r] >= 2)
        structure, ranks = 1, [pair] + [r for r in reversed(ascending) if r != pair]
    elif distinct == 3:
        multiple = [r for r in ascending if counts[r] >= 2]
        if len(multiple) >= 2:
            low_pair, high_pair = multiple[0], multiple[1]
            kicker = next(r for r in ascending if r not in (low_pair, high_pair))
            structure, ranks = 2, [high_pair, low_pair, kicker]
        else:
            trips = multiple[0]
            structure, ranks = 3, [trips] + [r for r in reversed(ascending) if r != trips]
    else:
        a, b = ascending
        if counts[a] >= 3 and counts[b] >= 2:
            structure, ranks = 4, [a, b]
        elif counts[b] >= 3 and counts[a] >= 2:
            structure, ranks = 4, [b, a]
        else:
            quads = a if counts[a] == 4 else b
            structure, ranks = 5, [quads, b if quads == a else a]
    category = _LOW_STRUCTURES[structure]
    low_key = structure
    for r in ranks:
        low_key = low_key << 4 | r
    low_key <<= 4 * (5 - len(ranks))
    used = _pick(seen, category, [14 if r == 1 else r for r in ranks], -1)
    return HandValue(_ACE_TO_FIVE_TOP - low_key, category, used, HandKind.ACE_TO_FIVE)


def _using_scores(required: Sequence[Card], optional: Sequence[Card],
                  pick: int) -> list[tuple[int, tuple[int, ...]]]:
    """(high score, indices into ``optional``) for every allowed choice, in choice order."""
    fixed, extra = tuple(required), tuple(optional)
    if len(fixed) + pick != 5 or pick < 0:
        raise ValueError(f"{len(fixed)} required cards plus {pick} chosen do not make five")
    if pick > len(extra):
        raise ValueError(f"cannot choose {pick} cards from {len(extra)}")
    _seen(fixed + extra)
    base_product, base_suits = 1, 0
    for c in fixed:
        base_product *= _PRIME[c.rank]
        base_suits |= 1 << c.suit
    primes = [_PRIME[c.rank] for c in extra]
    suits = [1 << c.suit for c in extra]
    scored = []
    for chosen in combinations(range(len(extra)), pick):
        product, suit_bits = base_product, base_suits
        for i in chosen:
            product *= primes[i]
            suit_bits |= suits[i]
        flush = suit_bits & (suit_bits - 1) == 0
        scored.append((_five_score(product << 2 | flush << 1 | 1), chosen))
    return scored


def _using_value(required: Sequence[Card], optional: Sequence[Card],
                 chosen: tuple[int, ...]) -> tuple[tuple[Card, ...], HandValue]:
    cards = tuple(optional[i] for i in chosen)
    score, used = _high((*required, *cards), _STRAIGHT_TOP)
    return cards, HandValue(score, _CATEGORY[score >> 20], used, HandKind.HIGH)


def best_high_using(required: Sequence[Card], optional: Sequence[Card],
                    pick: int = 3) -> HandValue:
    """The best high hand that uses every ``required`` card and ``pick`` of ``optional``.

    Pick a Partner's team hand is ``best_high_using([up_a, up_b], others_a + others_b)``.

    >>> from engine.cards import parse_cards
    >>> up = parse_cards("K♥ 10♥")
    >>> best_high_using(up, parse_cards("Q♥ J♥ 4♣ 9♠ 2♥ 3♦ 3♠ 7♣")).describe()
    'King-high flush'
    """
    _, chosen = max(_using_scores(required, optional, pick), key=_score_of)
    return _using_value(required, optional, chosen)[1]


def all_high_using(required: Sequence[Card], optional: Sequence[Card],
                   pick: int = 3) -> list[tuple[tuple[Card, ...], HandValue]]:
    """Every hand made of all ``required`` cards and ``pick`` of ``optional``, best first.

    Each entry is ``(the optional cards chosen, the hand's value)``; equal
    hands keep the order in which ``optional`` lists their cards.
    """
    scored = sorted(_using_scores(required, optional, pick), key=_score_of, reverse=True)
    return [_using_value(required, optional, chosen) for _, chosen in scored]


def _score_of(entry: tuple[int, tuple[int, ...]]) -> int:
    return entry[0]


# --- Up cards: who acts first, who brings in ---------------------------------

class Showing(StrEnum):
    """Which showing hand acts first after the bring-in: the best high one (seven-card
    stud), or the lowest, the ace counting one and pairs against it (razz)."""

    HIGH = "high"
    LOW = "low"


class UpCard(StrEnum):
    """Which first up card brings in: the lowest (ace high, clubs the lowest suit, as in
    seven-card stud) or the highest (ace low, spades the highest suit, as in razz)."""

    LOWEST = "lowest"
    HIGHEST = "highest"


def _low_rank(rank: int) -> int:
    """A rank with the ace counted one."""
    return 1 if rank == Rank.ACE else rank


def _showing_groups(up_cards: Iterable[Card], *, ace_low: bool = False) -> list[tuple[int, int]]:
    """(count, rank) for each rank showing, largest group first, then highest rank (the
    ace counted one when ``ace_low``)."""
    up = tuple(up_cards)
    if not up:
        raise ValueError("a showing hand has at least one up card")
    counts: dict[int, int] = {}
    _seen(up)
    for c in up:
        rank = _low_rank(c.rank) if ace_low else int(c.rank)
        counts[rank] = counts.get(rank, 0) + 1
    return sorted(((n, r) for r, n in counts.items()), reverse=True)


def showing_order(up_cards: Iterable[Card], order: Showing = Showing.HIGH, *,
                  ace_low: bool | None = None) -> tuple[int, ...]:
    """A key for the up cards: the greater key acts first.

    High: four of a kind beats a full house (five up cards or more, as a rolling game
    shows them) beats three of a kind beats two pair beats a pair beats high cards, then
    ranks decide. Low: the other way round, with no pair best and
    the lowest ranks first, the ace counting one unless ``ace_low`` is false (a game
    played for the deuce-to-seven low). Straights, flushes and suits never count.

    >>> from engine.cards import parse_cards
    >>> showing_order(parse_cards("9c 9d")) > showing_order(parse_cards("Ac Kd"))
    True
    >>> low = Showing.LOW
    >>> showing_order(parse_cards("7c 2d"), low) > showing_order(parse_cards("8c Ad"), low)
    True
    >>> showing_order(parse_cards("Kc Qd"), low) > showing_order(parse_cards("2c 2d"), low)
    True
    >>> full, three = parse_cards("5c 5d 5h 2c 2d"), parse_cards("9c 9d 9h Ac Kd")
    >>> showing_order(full) > showing_order(three)
    True
    >>> showing_order(parse_cards("Ac 2d"), low, ace_low=False) < showing_order(
    ...     parse_cards("Kc Qd"), low, ace_low=False)
    True
    """
    low = order is Showing.LOW
    return _showing_key(tuple(up_cards), low, low if ace_low is None else ace_low)


@lru_cache(maxsize=4096)
def _showing_key(up: tuple[Card, ...], low: bool, ace_low: bool) -> tuple[int, ...]:
    """``showing_order``'s key, remembered: each betting round asks it of every seat's up
    cards, and the odds replay the same up cards deal after deal."""
    groups = _showing_groups(up, ace_low=ace_low)
    shape = [n for n, _ in groups]
    structure = {4: 5, 3: 3}.get(shape[0], 0)
    if shape[0] == 3 and len(shape) > 1 and shape[1] >= 2:
        structure = 4                   # a full house, from five up cards on (a rolling game)
    if shape[0] == 2:
        structure = 2 if shape[:2] == [2, 2] else 1
    if low:
        return (-structure, *(-r for _, r in groups))
    return (structure, *(r for _, r in groups))


def describe_showing(up_cards: Iterable[Card], order: Showing = Showing.HIGH, *,
                     ace_low: bool | None = None) -> str:
    """The up cards in words: ``"Pair of kings"``, ``"Ace-queen high"``, ``"Three sevens"``;
    shown low, unpaired cards read ``"Seven-four low"`` (the ace counted one, unless
    ``ace_low`` is false).

    >>> from engine.cards import parse_cards
    >>> describe_showing(parse_cards("7c Ad 4h"), Showing.LOW)
    'Seven-four-ace low'
    >>> describe_showing(parse_cards("7c Ad 4h"), Showing.LOW, ace_low=False)
    'Ace-seven-four low'
    """
    low = order is Showing.LOW
    return _showing_words(tuple(up_cards), low, low if ace_low is None else ace_low)


@lru_cache(maxsize=4096)
def _showing_words(up: tuple[Card, ...], low: bool, ace_low: bool) -> str:
    """``describe_showing``'s words, remembered as :func:`_showing_key` is."""
    groups = [(n, Rank(14 if r == 1 else r)) for n, r in _showing_groups(up, ace_low=ace_low)]
    top_count, top = groups[0]
    if top_count == 4:
        return f"Four {top.plural}"
    if top_count == 3:
        if len(groups) > 1 and groups[1][0] >= 2:
            return f"{top.plural.capitalize()} full of {groups[1][1].plural}"
        return f"Three {top.plural}"
    if top_count == 2:
        if len(groups) > 1 and groups[1][0] == 2:
            return f"Two pair, {top.plural} and {groups[1][1].plural}"
        return f"Pair of {top.plural}"
    words = [r.word for _, r in groups]
    return f"{'-'.join(words).capitalize()} {'low' if low else 'high'}"


def bring_in_order(card: Card, up: UpCard = UpCard.LOWEST, *,
                   ace_low: bool | None = None) -> tuple[int, int]:
    """A key for a first up card: the smallest key brings in.

    Lowest: by rank, the ace high, then suit, clubs the lowest. Highest: the highest
    rank, the ace counting one (unless ``ace_low`` is false: deuce-to-seven razz), then
    the highest suit (spades).

    >>> from engine.cards import parse_cards
    >>> two, king, ace = parse_cards("2c Ks Ad")
    >>> min([two, king, ace], key=bring_in_order) == two
    True
    >>> min([two, king, ace], key=lambda c: bring_in_order(c, UpCard.HIGHEST)) == king
    True
    >>> min([two, king, ace], key=lambda c: bring_in_order(c, UpCard.HIGHEST,
    ...                                                    ace_low=False)) == ace
    True
    """
    rank = _low_rank(card.rank) if (up is UpCard.HIGHEST if ace_low is None else ace_low) \
        else int(card.rank)
    if up is UpCard.HIGHEST:
        return -rank, -int(card.suit)
    return rank, int(card.suit)
