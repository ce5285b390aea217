"""Wild cards: the best high or low hand when some cards stand for any card.

A card is wild by its rank (deuces wild; Follow the Queen's queens and the rank dealt
after the last face-up queen; a player's lowest hole card, as in Kings and little ones:
the hand passes its wild ranks in), by itself (the one-eyed jacks, J♥ and J♠), or it is
a joker, fully wild or the bug: an ace, or
any card that completes a straight, a flush or a straight flush.

Values are ``engine.hands.HandValue`` scored as ``best_high`` and ``best_low`` score
them, so a hand without a wild card gets exactly their value. A wild card may stand for
a card the hand already holds, which is how five of a kind is made
(``Category.FIVE_OF_A_KIND``, above a royal flush), but a flush is always five different
ranks. A value's ``cards`` are the five as played: a wild card shows as the card it
stands for (in five of a kind one card shows twice).

With ``natural_first`` a natural hand (five cards with no wild card among them) beats a
wild hand of equal rank: the score is ``2 * score + 1`` for a natural hand and
``2 * score`` for a wild one, of kind ``HandKind.HIGH_NATURAL``, so such values compare
only with each other.

In a low hand a wild card plays as the best low card it can, and the bug is fully wild,
as the joker of California lowball plays as the lowest card the hand lacks.

>>> from engine.cards import parse_cards
>>> deuces = WildCards(ranks=frozenset({Rank.TWO}))
>>> best_wild_high(parse_cards("Ah Ad As 2c 2d 9h 8c"), deuces).describe()
'Five of a kind, aces'
>>> best_wild_high(parse_cards("Kh Qh Jh 10c 8c"), WildCards(joker=Joker.BUG), jokers=1).describe()
'Ace-high straight'
>>> best_wild_low(parse_cards("7d 4c 3s 2c 2h"), deuces).describe()
'Seven-four low'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from itertools import combinations
from types import MappingProxyType

from engine.cards import Card, Rank, Suit, is_joker, require_distinct
from engine.hands import Category, HandKind, HandValue, LowRanking, best_high, best_low

__all__ = ["LOW_KINDS", "Joker", "WildCards", "best_wild_high", "best_wild_low",
           "showing_stand_ins",
           "follow_the_queen_rank", "lowest_rank"]


class Joker(StrEnum):
    """What a joker may stand for."""

    WILD = "wild"
    """Any card."""
    BUG = "bug"
    """An ace, or any card that completes a straight, a flush or a straight flush."""


@dataclass(frozen=True, slots=True)
class WildCards:
    """Which cards of one hand are wild, and how ties between wild and natural hands go.

    ``ranks`` are wild in every suit and ``cards`` alone (the one-eyed jacks, the suicide
    king); jokers are counted apart, as they are no card of the 52: the evaluators take
    the joker card (``engine.cards.JOKER``) among the cards, or a count of jokers
    (``jokers=``).
    """

    ranks: frozenset[Rank] = frozenset()
    joker: Joker = Joker.WILD
    natural_first: bool = False
    cards: frozenset[Card] = frozenset()

    def is_wild_card(self, card: Card) -> bool:
        """Whether ``card``, one of the 52, is wild (by its rank, or itself)."""
        return card.rank in self.ranks or card in self.cards

    def with_ranks(self, *ranks: Rank | None) -> WildCards:
        """These wild cards plus ranks set by the deal (``None`` adds nothing)."""
        return replace(self, ranks=self.ranks | {r for r in ranks if r is not None})


def showing_stand_ins(up_cards: Sequence[Card], wild: WildCards, *, low: bool = False,
                      ace_one: bool = True) -> tuple[Card, ...]:
    """The up cards as they count for who acts first, each wild card in its place standing
    for the rank that makes the best showing: read high, the rank showing most (the
    highest of equals; aces when no natural card shows), never a fifth of one rank; read
    low, the lowest rank not showing yet (the ace first where it counts one). A stand-in
    keeps the wild card's suit unless its rank already shows in that suit (a showing's
    suits never count, but no card shows twice); a bug joker shows as an ace.

    >>> from engine.cards import format_cards, parse_cards
    >>> threes = WildCards(ranks=frozenset({Rank.THREE}))
    >>> format_cards(showing_stand_ins(parse_cards("3s Kd 7c"), threes))
    'K♠ K♦ 7♣'
    >>> format_cards(showing_stand_ins(parse_cards("8d 3h"), threes, low=True))
    '8♦ A♥'
    """
    def is_wild(card: Card) -> bool:
        return is_joker(card) or wild.is_wild_card(card)

    if not any(is_wild(c) for c in up_cards):
        return tuple(up_cards)
    naturals = [c for c in up_cards if not is_wild(c)]
    counts = Counter(c.rank for c in naturals)
    stood: list[Card] = []
    low_order = [Rank.ACE, *sorted(r for r in Rank if r is not Rank.ACE)] if ace_one \
        else sorted(Rank)
    out = []
    for card in up_cards:
        if not is_wild(card):
            out.append(card)
            continue
        if is_joker(card) and wild.joker is Joker.BUG:
            rank = Rank.ACE
        elif low:
            rank = next(r for r in low_order if counts[r] == 0)
        else:
            rank = max((r for r in Rank if counts[r] < 4), key=lambda r: (counts[r], r))
        counts[rank] += 1
        taken = {c.suit for c in (*naturals, *stood) if c.rank is rank}
        keep = None if is_joker(card) or card.suit in taken else card.suit
        stood.append(Card(rank, keep if keep is not None else
                          next(s for s in reversed(Suit) if s not in taken)))
        out.append(stood[-1])
    return tuple(out)


def follow_the_queen_rank(up_cards: Sequence[Card]) -> Rank | None:
    """The rank wild beside the queens: that of the up card dealt after the last face-up
    queen, or ``None`` while no queen has shown or when a queen was the last up card.

    ``up_cards`` are every face-up card of the deal, in the order they were dealt.

    >>> from engine.cards import parse_cards
    >>> follow_the_queen_rank(parse_cards("5c Qh 7d Ks Qc 3h 9d"))
    <Rank.THREE: 3>
    >>> follow_the_queen_rank(parse_cards("5c 7d Qh")) is None
    True
    """
    queens = [i for i, c in enumerate(up_cards) if c.rank is Rank.QUEEN]
    if not queens or queens[-1] + 1 == len(up_cards):
        return None
    return up_cards[queens[-1] + 1].rank


def lowest_rank(hole_cards: Iterable[Card]) -> Rank:
    """The lowest rank among a player's hole cards (the ace high), wild in their hand
    alone in games such as Kings and little ones.

    >>> from engine.cards import parse_cards
    >>> lowest_rank(parse_cards("9c Ah 4d"))
    <Rank.FOUR: 4>
    """
    cards = list(hole_cards)
    if not cards:
        raise ValueError("a player with no hole card has no lowest hole card")
    return min(c.rank for c in cards)


# --- High -------------------------------------------------------------------------

_RANKS_DOWN = tuple(range(14, 1, -1))


@dataclass(frozen=True, slots=True)
class _Split:
    """A hand as its natural cards and how many wild cards of each kind it holds."""

    naturals: tuple[Card, ...]
    wild: int
    """Cards that stand for any card (wild ranks, jokers unless they are bugs)."""
    bugs: int


def _split(cards: Iterable[Card], wild: WildCards, jokers: int, what: str) -> _Split:
    """The hand's natural cards and wild ones; the joker (``engine.cards.JOKER``) among
    ``cards`` counts as one of ``jokers``."""
    held = tuple(cards)
    require_distinct(held)
    hand = tuple(c for c in held if not is_joker(c))
    jokers += len(held) - len(hand)
    if jokers < 0:
        raise ValueError(f"a hand cannot hold {jokers} jokers")
    if not 5 <= len(hand) + jokers <= 10:
        raise ValueError(f"{what} needs 5 to 10 cards, not {len(hand) + jokers}")
    ranks, cards = wild.ranks, wild.cards     # is_wild_card, inlined: this is hot
    naturals = tuple(c for c in hand if c.rank not in ranks and (not cards or c not in cards))
    bugs = jokers if wild.joker is Joker.BUG else 0
    return _Split(naturals, len(hand) - len(naturals) + jokers - bugs, bugs)


def _by_counts(counts: Sequence[int], wild: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The best hand made of ranks alone: (score, (rank, cards) groups, most significant
    first). ``counts[r]`` is how many cards of rank r the hand holds (bugs as aces)."""
    present = [r for r in _RANKS_DOWN if counts[r]]
    for r in _RANKS_DOWN:
        if counts[r] + wild >= 5:
            return 10 << 20 | r << 16, ((r, 5),)
    for r in _RANKS_DOWN:
        if counts[r] + wild >= 4:  # every wild card went in: five of a kind would be
            kicker = next(k for k in present if k != r)
            return 7 << 20 | r << 16 | kicker << 12, ((r, 4), (kicker, 1))
    for t in _RANKS_DOWN:
        spare = wild - max(0, 3 - counts[t])
        if spare < 0:
            continue
        pair = next((p for p in _RANKS_DOWN if p != t and counts[p] + spare >= 2), 0)
        if pair:
            return 6 << 20 | t << 16 | pair << 12, ((t, 3), (pair, 2))
    for t in _RANKS_DOWN:
        if counts[t] + wild >= 3:
            a, b = [k for k in present if k != t][:2]
            return 3 << 20 | t << 16 | a << 12 | b << 8, ((t, 3), (a, 1), (b, 1))
    pairs = [r for r in present if counts[r] >= 2]
    if not wild and len(pairs) >= 2:
        high, low = pairs[:2]
        kicker = next(r for r in present if r not in (high, low))
        return (2 << 20 | high << 16 | low << 12 | kicker << 8,
                ((high, 2), (low, 2), (kicker, 1)))
    for p in _RANKS_DOWN:
        if counts[p] + wild >= 2:
            a, b, c = [k for k in present if k != p][:3]
            return (1 << 20 | p << 16 | a << 12 | b << 8 | c << 4,
                    ((p, 2), (a, 1), (b, 1), (c, 1)))
    a, b, c, d, e = present[:5]
    return a << 16 | b << 12 | c << 8 | d << 4 | e, tuple((r, 1) for r in present[:5])


def _run(top: int) -> tuple[int, ...]:
    """The ranks of the straight topped by ``top``, the wheel's ace last."""
    return (5, 4, 3, 2, 14) if top == 5 else tuple(range(top, top - 5, -1))


def _straight_top(ranks: frozenset[int], wild: int) -> int:
    """The top of the best straight ``wild`` cards complete from ``ranks``, or 0."""
    for top in range(14, 4, -1):
        if sum(r not in ranks for r in _run(top)) <= wild:
            return top
    return 0


def _flush_ranks(ranks: frozenset[int], wild: int) -> tuple[int, ...]:
    """The best five different ranks of one suit: its own, wild cards filling the highest
    missing ones (empty when five cannot be made)."""
    chosen: list[int] = []
    for r in _RANKS_DOWN:
        if r in ranks:
            chosen.append(r)
        elif wild:
            wild -= 1
            chosen.append(r)
        if len(chosen) == 5:
            return tuple(chosen)
    return ()


def _by_runs(naturals: tuple[Card, ...], wild: int
             ) -> tuple[int, tuple[int, ...], Suit | None]:
    """The best straight, flush or straight flush: (score or 0, its ranks, its suit)."""
    by_suit = {s: frozenset(c.rank for c in naturals if c.suit is s) for s in Suit}
    best: tuple[int, tuple[int, ...], Suit | None] = (0, (), None)
    for suit, ranks in by_suit.items():
        top = _straight_top(ranks, wild)
        if top:
            score = (9 if top == 14 else 8) << 20 | top << 16
            best = max(best, (score, _run(top), suit), key=_first)
    if best[0]:
        return best
    for suit, ranks in by_suit.items():
        five = _flush_ranks(ranks, wild)
        if five:
            a, b, c, d, e = five
            score = 5 << 20 | a << 16 | b << 12 | c << 8 | d << 4 | e
            best = max(best, (score, five, suit), key=_first)
    if best[0]:
        return best
    top = _straight_top(frozenset(c.rank for c in naturals), wild)
    return (4 << 20 | top << 16, _run(top), None) if top else best


def _first(entry: tuple[int, tuple[int, ...], Suit | None]) -> int:
    return entry[0]


def _grouped_cards(naturals: tuple[Card, ...],
                   groups: tuple[tuple[int, int], ...]) -> tuple[Card, ...]:
    """The cards of ``groups`` as played: the hand's own, highest suit first, then wild
    cards as cards of the rank in suits it lacks."""
    played: list[Card] = []
    for rank, n in groups:
        own = sorted((c for c in naturals if c.rank == rank), key=_suit, reverse=True)[:n]
        lacking = [Card(Rank(rank), s) for s in reversed(Suit)
                   if all(c.suit is not s for c in own)] or [Card(Rank(rank), Suit.SPADES)]
        played += own + [lacking[i % len(lacking)] for i in range(n - len(own))]
    return tuple(played)


def _run_cards(naturals: tuple[Card, ...], ranks: tuple[int, ...],
               suit: Suit | None) -> tuple[Card, ...]:
    """The cards of a straight or flush as played, wild cards as the cards they stand for;
    in a plain straight those are of a suit that makes no flush of it."""
    if suit is not None:
        return tuple(Card(Rank(r), suit) for r in ranks)
    own = {r: max((c for c in naturals if c.rank == r), key=_suit, default=None)
           for r in ranks}
    suits = {c.suit for c in own.values() if c is not None}
    stand_in = Suit.HEARTS if suits == {Suit.SPADES} else Suit.SPADES
    return tuple(c if c is not None else Card(Rank(r), stand_in) for r, c in own.items())


def _suit(c: Card) -> int:
    return int(c.suit)


def best_wild_high(cards: Iterable[Card], wild: WildCards = WildCards(), *,
                   jokers: int = 0) -> HandValue:
    """The best five-card high hand of 5 to 10 cards (``jokers`` included), wild cards
    standing for whatever makes it best."""
    hand = _split(cards, wild, jokers, "a high hand")
    if not hand.wild and not hand.bugs:
        value = best_high(hand.naturals)
    else:
        counts = [0] * 15
        for c in hand.naturals:
            counts[c.rank] += 1
        counts[14] += hand.bugs  # a bug may always be an ace
        score, groups = _by_counts(counts, hand.wild)
        run_score, ranks, suit = _by_runs(hand.naturals, hand.wild + hand.bugs)
        if run_score > score:
            played = _run_cards(hand.naturals, ranks, suit)
            score = run_score
        else:
            played = _grouped_cards(hand.naturals, groups)
        value = HandValue(score, Category(score >> 20), played, HandKind.HIGH)
    if not wild.natural_first:
        return value
    if len(hand.naturals) >= 5:
        natural = best_high(hand.naturals)
        if natural.score == value.score:
            return HandValue(2 * value.score + 1, value.category, natural.cards,
                             HandKind.HIGH_NATURAL)
    return HandValue(2 * value.score, value.category, value.cards, HandKind.HIGH_NATURAL)


# --- Low --------------------------------------------------------------------------

LOW_KINDS = (HandKind.ACE_TO_FIVE, HandKind.DEUCE_TO_SEVEN, HandKind.ACE_TO_SIX)
"""The low rankings ``best_wild_low`` knows."""

_LOWEST_FIRST = MappingProxyType({HandKind.ACE_TO_FIVE: (14, *range(2, 14)),
                                  HandKind.ACE_TO_SIX: (14, *range(2, 14)),
                                  HandKind.DEUCE_TO_SEVEN: tuple(range(2, 15))})


def _natural_low(cards: tuple[Card, ...], kind: HandKind) -> HandValue:
    return best_low(cards, LowRanking(kind.value))


def _stand_ins(naturals: tuple[Card, ...], ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """Cards of ``ranks`` (which the hand lacks), each in the suit then fewest held, so
    that no five of one suit ever include one: a wild card never has to make a flush."""
    held = [sum(c.suit is s for c in naturals) for s in Suit]
    made = []
    for r in ranks:
        suit = min(Suit, key=lambda s: (held[s], -s))
        held[suit] += 1
        made.append(Card(Rank(r), suit))
    return tuple(made)


def best_wild_low(cards: Iterable[Card], wild: WildCards = WildCards(), *, jokers: int = 0,
                  ranking: HandKind | str = HandKind.ACE_TO_FIVE) -> HandValue:
    """The best five-card low of 5 to 10 cards (``jokers`` included), each wild card
    playing as the best low card it can: ``ranking`` is ace-to-five, deuce-to-seven or
    ace-to-six."""
    kind = HandKind(ranking)
    if kind not in LOW_KINDS:
        raise ValueError(f"{kind} is not a low ranking: use one of "
                         f"{', '.join(k.value for k in LOW_KINDS)}")
    hand = _split(cards, wild, jokers, "a low hand")
    count = hand.wild + hand.bugs
    if not count:
        return _natural_low(hand.naturals, kind)
    held = {c.rank for c in hand.naturals}
    clean = _first_clean(held, count, kind)
    if clean is not None:
        own: dict[int, Card] = {c.rank: c for c in sorted(hand.naturals, key=_suit)}
        naturals = tuple(own[r] for r in clean if r in own)
        missing = tuple(r for r in clean if r not in own)
        if not missing and len({c.suit for c in naturals}) == 1:
            naturals, missing = _no_flush(naturals, hand.naturals)
        return _natural_low(naturals + _stand_ins(naturals, missing), kind)
    lacking = [r for r in _LOWEST_FIRST[kind] if r not in held]
    # A wild card is best as a rank the hand lacks (a held one would only pair it), and
    # the lowest lacking ranks are best: a paired hand makes no straight.
    return _natural_low(hand.naturals + _stand_ins(hand.naturals, tuple(lacking[:count])),
                        kind)


def _no_flush(five: tuple[Card, ...], held: tuple[Card, ...]
              ) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """Five natural cards of one suit made no flush: a held card of one of their ranks in
    another suit takes its place, else a wild card stands for one of them."""
    other = next((c for c in held if c.suit is not five[0].suit
                  and any(c.rank == f.rank for f in five)), None)
    if other is not None:
        return tuple(other if f.rank == other.rank else f for f in five), ()
    return five[:-1], (five[-1].rank,)


@cache
def _clean_lows(kind: HandKind) -> tuple[tuple[int, frozenset[int]], ...]:
    """Every five different ranks that make no straight, best low first, each with its
    ranks as a bit mask (bit r for rank r, the ace 14)."""
    ace = 1 if kind is not HandKind.DEUCE_TO_SEVEN else 14
    fives = []
    for values in combinations(range(1, 14) if ace == 1 else range(2, 15), 5):
        if values[4] - values[0] == 4 and kind is not HandKind.ACE_TO_FIVE:
            continue  # a straight
        fives.append(tuple(reversed(values)))
    fives.sort()
    return tuple((sum(1 << (14 if v == 1 else v) for v in f),
                  frozenset(14 if v == 1 else v for v in f)) for f in fives)


def _first_clean(held: set[Rank], wild: int, kind: HandKind) -> tuple[int, ...] | None:
    """The best five different ranks, no straight, that ``wild`` cards complete from the
    ranks held (a wild card in the five means it need never be a flush), or None."""
    mask = sum(1 << r for r in held)
    for five_mask, ranks in _clean_lows(kind):
        if (five_mask & ~mask).bit_count() <= wild:
            return tuple(ranks)
    return None
