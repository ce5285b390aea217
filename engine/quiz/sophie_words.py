"""Sophie's Pick answers said in words: which pair to keep, and why, from the hand values.

The equities decide what is right; these sentences say what lies behind them,
read from the engine's evaluation of the spot: what each pair makes with the
board now, and how many of the unseen cards would improve it on the next
card. For the lock, what each of the three pairs brings (a pair already,
suited, connected, high cards).

``why_keep`` (the final pick), ``why_sacrifice`` (the first) and ``why_lock``
each return sentences for the verdict's details.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import FULL_DECK, Card, Rank, format_cards
from engine.games.hand_types import HIGH_HAND
from engine.hands import Category, HandValue
from engine.quiz.explain import category_phrase, hand_phrase

Pair = tuple[Card, Card]
HIGH = Rank.TEN
"""Cards from ten up count as high cards for a starting pair."""
CLOSE = 4
"""Two ranks this close (or fewer apart) can share a straight."""


def pair_name(pair: Pair) -> str:
    """``"the nines"`` for a pocket pair, else the two cards, ``"A♠ K♦"``."""
    if pair[0].rank == pair[1].rank:
        return f"the {pair[0].rank.plural}"
    return format_cards(pair)


def made(value: HandValue) -> str:
    """A hand as said of a pair: ``"ace-high"``, ``"three nines"``, ``"a king-high flush"``."""
    top = value.cards[0].rank
    if value.category is Category.HIGH_CARD:
        return f"{top.word}-high"
    if value.category is Category.THREE_OF_A_KIND:
        return f"three {top.plural}"
    return hand_phrase(value)


@dataclass(frozen=True, slots=True)
class Reading:
    """One pair with the board: what it makes now and what the next card could make it."""

    pair: Pair
    now: HandValue
    plays: bool
    """Whether a card of the pair is in its best five (if not, the board plays)."""
    improving: int
    """Unseen cards that would lift it to a better category on the next card."""
    best_next: Category | None
    best_count: int
    """How many unseen cards reach ``best_next``, the best category within one card."""

    @property
    def name(self) -> str:
        return pair_name(self.pair)

    @property
    def plural(self) -> bool:
        """Whether the pair is said as "they" (the nines) or "it" (A♠ K♦ as a hand)."""
        return self.pair[0].rank == self.pair[1].rank


def read_pair(pair: Pair, board: Sequence[Card], unseen: Sequence[Card]) -> Reading:
    """Evaluate ``pair`` with ``board`` now, and with each unseen card added."""
    now = HIGH_HAND.high_of((*pair, *board))
    lifted = [HIGH_HAND.high_of((*pair, *board, c)).category for c in unseen]
    better = [category for category in lifted if category > now.category]
    best_next = max(better, default=None)
    return Reading(pair, now, plays=any(c in now.cards for c in pair),
                   improving=len(better), best_next=best_next,
                   best_count=better.count(best_next) if best_next is not None else 0)


def unseen_cards(known: Sequence[Card]) -> tuple[Card, ...]:
    """The cards we cannot see: neither ours (live or dead) nor on the board."""
    seen = set(known)
    return tuple(c for c in FULL_DECK if c not in seen)


def _verb(reading: Reading, verb: str) -> str:
    """``"the nines make"`` but ``"A♠ K♦ makes"``: a pocket pair is plural, two cards a hand."""
    if verb == "is":
        return "are" if reading.plural else "is"
    return verb if reading.plural else f"{verb}s"


def _makes(reading: Reading, *, only: bool = False) -> str:
    """``"the nines make three nines"``, ``"A♠ K♦ plays only ace-high"``, or that the
    board plays when the pair adds nothing to it."""
    if not reading.plays:
        return f"{reading.name} {_verb(reading, 'add')} nothing to the board ({made(reading.now)})"
    if only:
        return f"{reading.name} {_verb(reading, 'play')} only {made(reading.now)}"
    return f"{reading.name} {_verb(reading, 'make')} {made(reading.now)}"


def _outs(reading: Reading) -> str:
    """``"9 improve A♥ K♥, 9 to a flush"`` (of the unseen cards)."""
    if not reading.improving:
        return f"none improves {reading.name}"
    assert reading.best_next is not None
    verb = "improves" if reading.improving == 1 else "improve"
    return (f"{reading.improving} {verb} {reading.name}, {reading.best_count} to "
            f"{category_phrase(reading.best_next)}")


def _cards_to_come(readings: Sequence[Reading], unseen: int) -> str:
    outs = "; ".join(_outs(r) for r in readings)
    return f"Of the {unseen} unseen cards, {outs}."


def why_keep(kept: Reading, gone: Reading, *, unseen: int) -> str:
    """The final pick: why keeping one pair and giving up the other is right.

    >>> from engine.cards import parse_cards
    >>> board, dead = parse_cards("9♣ 5♥ 2♣ J♦"), parse_cards("3♣ 4♦")
    >>> nines, big = tuple(parse_cards("9♠ 9♦")), tuple(parse_cards("A♠ K♦"))
    >>> unseen = unseen_cards([*nines, *big, *board, *dead])
    >>> why_keep(read_pair(nines, board, unseen), read_pair(big, board, unseen), unseen=40)
    'Keep the nines: with the board they make three nines, while A♠ K♦ plays only ace-high.'
    """
    pronoun = "they make" if kept.plural else "it makes"
    if kept.now > gone.now and kept.plays:
        return (f"Keep {kept.name}: with the board {pronoun} {made(kept.now)}, "
                f"while {_makes(gone, only=True)}{_kickers(kept, gone)}.")
    if kept.now == gone.now:
        lead = (f"Keep {kept.name}: with the board both pairs make {made(kept.now)}, "
                "so the cards to come decide")
    else:
        lead = (f"Keep {kept.name}, even though {gone.name} {_verb(gone, 'is')} ahead now "
                f"({_against(gone.now, kept.now)}): the cards to come decide")
    return f"{lead}. {_cards_to_come((kept, gone), unseen)}"


def _kickers(ahead: Reading, behind: Reading) -> str:
    """Said when two hands read alike and only the kickers set them apart."""
    return ", with lower kickers" if made(ahead.now) == made(behind.now) else ""


def _against(ahead: HandValue, behind: HandValue) -> str:
    """``"three nines against a pair of kings"``, or the kickers when the hands read alike."""
    if made(ahead) == made(behind):
        return f"both {made(ahead)}, with better kickers"
    return f"{made(ahead)} against {made(behind)}"


def why_sacrifice(gone: Reading, kept: Sequence[Reading], *, unseen: int) -> str:
    """The first pick: why giving up one of three pairs (keeping two for later) is right."""
    weakest = min(kept, key=lambda r: r.now)
    others = " and ".join(_makes(r) for r in kept)
    if gone.now < weakest.now:
        return (f"Sacrifice {gone.name}: with the board {_makes(gone, only=True)}"
                f"{_kickers(weakest, gone)}, while {others}.")
    lead = (f"Sacrifice {gone.name}, even though {'they are' if gone.plural else 'it is'} "
            f"ahead of {weakest.name} now ({_against(gone.now, weakest.now)}): "
            "the cards to come decide")
    return f"{lead}. {_cards_to_come((*kept, gone), unseen)}"


def _pair_traits(pair: Pair) -> str:
    """What a starting pair brings: ``"are a pair already"``, ``"are suited and connected"``."""
    a, b = sorted(pair, reverse=True)
    if a.rank == b.rank:
        return "are a pair already"
    traits = ["high"] if b.rank >= HIGH else []
    if a.suit == b.suit:
        traits.append("suited")
    gap = int(a.rank) - int(b.rank)
    if gap == 1:
        traits.append("connected")
    elif gap <= CLOSE or (a.rank is Rank.ACE and int(b.rank) <= 1 + CLOSE):
        traits.append("close enough to share a straight")
    if not traits:
        return "bring little on their own"
    if len(traits) == 1:
        return f"are {traits[0]}"
    return "are " + ", ".join(traits[:-1]) + " and " + traits[-1]


def why_lock(pairing: Sequence[Pair]) -> str:
    """What each pair of a lock brings, in the order given.

    >>> from engine.cards import parse_cards
    >>> c = parse_cards("A♥ K♥ Q♦ Q♣ 7♠ 2♦")
    >>> for part in why_lock([(c[0], c[1]), (c[2], c[3]), (c[4], c[5])]).split("; "):
    ...     print(part)
    Lock A♥ K♥ / Q♦ Q♣ / 7♠ 2♦: A♥ K♥ are high, suited and connected
    Q♦ Q♣ are a pair already
    7♠ 2♦ bring little on their own.
    """
    label = " / ".join(format_cards(p) for p in pairing)
    parts = "; ".join(f"{format_cards(p)} {_pair_traits(p)}" for p in pairing)
    return f"Lock {label}: {parts}."
