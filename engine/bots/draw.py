"""What the general computer player keeps in a draw, read from the game's declared hand
types: a player who knows draw poker keeps what can win and throws away the rest, never
picking at random.

- High: a straight or better stands pat; pairs, trips and quads are kept; else four to a
  flush, else four to an open-ended straight; else the two highest cards.
- Badugi: the largest set of cards of different ranks and suits, the lowest such set.
- Low: one card of each of the lowest ranks up to an eight (the ace low in ace-to-five
  and ace-to-six, high in deuce-to-seven; in those two last a straight or flush kept
  whole is broken); a made hand of five ranks up to a nine stands pat.
- High and low (split, cards speaking): the low's cards when they are four or a made low,
  else the high hand's.

>>> from engine.cards import parse_cards
>>> from engine.hands import LowRanking
>>> show = lambda cards: " ".join(c.ascii for c in cards)
>>> show(kept(HandTypes(), parse_cards("Kc Kd 7h 4s 2c")))
'Kc Kd'
>>> show(kept(HandTypes(), parse_cards("Ac 9c 7c 4c 2d")))
'Ac 9c 7c 4c'
>>> deuce = HandTypes(high=False, low=LowRanking.DEUCE_TO_SEVEN)
>>> show(kept(deuce, parse_cards("7c 7d 4h 3s Ac")))
'3s 4h 7c'
>>> show(kept(deuce, parse_cards("6c 5d 4h 3s 2c")))
'2c 3s 4h 5d'
>>> show(kept(HandTypes(high=False, low=LowRanking.BADUGI), parse_cards("Kc 4c 3d 2d")))
'4c 2d'
>>> razz = HandTypes(high=False, low=LowRanking.ACE_TO_FIVE)
>>> show(kept(razz, parse_cards("Ac Kd 9h 3s 3c")))
'Ac 3c'
>>> london = HandTypes(high=False, low=LowRanking.ACE_TO_SIX)
>>> show(kept(london, parse_cards("5c 4d 3h 2s Ac")))
'Ac 2s 3h 4d'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.cards import Card, Rank, is_joker
from engine.games.hand_types import HIGH_HAND, HandTypes
from engine.hands import Category, LowRanking
from engine.state import Action, ActionKind, HandState
from engine.wild import Joker, WildCards

__all__ = ["discard_keeping", "draw_choice", "kept"]

LOW_KEEP = 8
"""The highest card a low draw keeps (an eight, the ace counting one in ace-to-five)."""
SPLIT_LOW_DRAW = 4
"""In a game split high and low, the fewest low cards a draw keeps for low rather than
keeping the high hand: a draw of one card to a low (or a made low)."""
LOW_PAT = 9
"""The highest card of a made low (five ranks, no straight or flush) that stands pat."""


_ACE_LOW = frozenset({LowRanking.ACE_TO_FIVE, LowRanking.ACE_TO_SIX})
_STRAIGHTS_COUNT = frozenset({LowRanking.DEUCE_TO_SEVEN, LowRanking.ACE_TO_SIX})


def _low_value(card: Card, ranking: LowRanking) -> int:
    return 1 if card.rank == Rank.ACE and ranking in _ACE_LOW else int(card.rank)


def _keep_high(types: HandTypes, hand: Sequence[Card]) -> tuple[Card, ...]:
    if len(hand) >= 5 and types.high_of(hand).category >= Category.STRAIGHT:
        return tuple(hand)
    counts = Counter(c.rank for c in hand)
    made = tuple(c for c in hand if counts[c.rank] >= 2)
    if made:
        return made
    suits = Counter(c.suit for c in hand)
    suit, most = suits.most_common(1)[0]
    if most == 4:
        return tuple(c for c in hand if c.suit == suit)
    ranks = {1 if c.rank == Rank.ACE else int(c.rank) for c in hand} | {int(c.rank) for c in hand}
    for low in range(2, 11):  # four in a row, open at both ends (not A-K-Q-J, not A-2-3-4)
        if all(low + step in ranks for step in range(4)):
            wanted = set(range(low, low + 4))
            chosen = {int(c.rank): c for c in hand if int(c.rank) in wanted}
            return tuple(chosen[r] for r in sorted(chosen, reverse=True))
    return tuple(sorted(hand, key=lambda c: c.rank, reverse=True)[:2])


def _keep_high_with(types: HandTypes, rest: Sequence[Card], jokers: tuple[Card, ...],
                    wild: WildCards | None) -> tuple[Card, ...]:
    """A high hand holding wild cards or the joker (at worst the bug): a straight or
    better made stands pat; three to a flush are four with them; else what the other cards
    keep."""
    hand = (*rest, *jokers)
    if len(hand) >= 5 and types.high_of(hand, wild=wild or WildCards(joker=Joker.BUG)
                                        ).category >= Category.STRAIGHT:
        return hand
    suits = Counter(c.suit for c in rest)
    if suits and suits.most_common(1)[0][1] + len(jokers) == 4:
        suit = suits.most_common(1)[0][0]
        return (*(c for c in rest if c.suit == suit), *jokers)
    return (*_keep_high(types, rest), *jokers) if rest else jokers


def _spoils(cards: Sequence[Card], ranking: LowRanking) -> bool:
    """Whether five cards make a straight or flush that the low counts (as the high hand
    they make: deuce-to-seven and ace-to-six)."""
    return ranking in _STRAIGHTS_COUNT and len(cards) == 5 and \
        HIGH_HAND.high_of(cards).category >= Category.STRAIGHT


def _keep_low(hand: Sequence[Card], ranking: LowRanking) -> tuple[Card, ...]:
    distinct: dict[int, Card] = {}
    for card in sorted(hand, key=lambda c: (_low_value(c, ranking), c.code)):
        distinct.setdefault(_low_value(card, ranking), card)
    ordered = tuple(distinct[v] for v in sorted(distinct))
    if len(ordered) == 5 and max(distinct) <= LOW_PAT and not _spoils(ordered, ranking):
        return ordered
    kept = tuple(c for c in ordered if _low_value(c, ranking) <= LOW_KEEP)
    return kept[:-1] if _spoils(kept, ranking) else kept


def kept(types: HandTypes, hand: Sequence[Card], wild: WildCards | None = None
         ) -> tuple[Card, ...]:
    """The cards of ``hand`` worth keeping in a draw under these hand types: the joker and
    every card ``wild`` makes wild always (at worst an ace, at best any card), and of the
    others what the hand types keep.

    >>> from engine.cards import parse_cards
    >>> kept(HandTypes(), parse_cards("Jk 9c 7h 4s 4c"))
    (card('4♠'), card('4♣'), JOKER)
    >>> len(kept(HandTypes(), parse_cards("Jk Kh Qh Jh 9c")))  # a straight: stand pat
    5
    >>> from engine.cards import Rank
    >>> deuces = WildCards(ranks=frozenset({Rank.TWO}))
    >>> kept(HandTypes(), parse_cards("2c Kh 9d 7s 4c"), deuces)  # the wild deuce stays
    (card('K♥'), card('9♦'), card('2♣'))
    """
    jokers = tuple(c for c in hand if is_joker(c) or (wild is not None and wild.is_wild_card(c)))
    if jokers:
        rest = [c for c in hand if c not in jokers]
        if types.high and types.low is None:
            return _keep_high_with(types, rest, jokers, wild)
        return (*kept(types, rest, wild), *jokers) if rest else jokers
    if types.low is LowRanking.BADUGI:
        return types.low_of(hand).cards
    if types.low is not None:
        low = _keep_low(hand, types.low)
        if not types.high or len(low) >= SPLIT_LOW_DRAW:
            return low
    return _keep_high(types, hand)


def draw_choice(state: HandState, seat: int, legal: Sequence[Action]) -> Action:
    """The legal draw that throws away the most of what :func:`kept` would not keep and
    the least of what it would (the draw may be limited to fewer cards)."""
    view = state.view(seat)
    me = view.seats[seat]
    hand = [c.card for c in me.cards if c.card is not None and not c.dead]
    return discard_keeping(legal, kept(state.game.hand_types(state.settings), hand,
                                       view.wild))


def discard_keeping(legal: Sequence[Action], keep: Sequence[Card]) -> Action:
    """The legal draw that throws away the most cards outside ``keep`` and the fewest in
    it."""
    wanted = set(keep)
    draws = [a for a in legal if a.kind is ActionKind.DISCARD]
    return max(draws, key=lambda a: (-sum(c in wanted for c in a.cards),
                                     sum(c not in wanted for c in a.cards)))
