"""Cards, ranks, suits and a seeded deck.

Every parser here has a formatter that reads back: ``parse_cards`` accepts
what people type (``K♥``, ``Kh``, ``kh``, ``10h``, ``Th``, separated by spaces
and/or commas, or run together as the rule sheets print them) and
``format_cards`` writes what the site shows.

>>> format_cards(parse_cards("Kh, 10h qs"))
'K♥ 10♥ Q♠'
>>> parse_cards("K♥Q♥J♥")
[card('K♥'), card('Q♥'), card('J♥')]
>>> card('10♥').code, Card.from_code(34)
(34, card('10♥'))
"""

from __future__ import annotations

import random
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType


class Rank(IntEnum):
    """Card ranks, valued as in high poker (the ace counts 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """What the site shows: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self]

    @property
    def ascii(self) -> str:
        """One character, ``T`` for ten, as hand histories write it."""
        return "T" if self is Rank.TEN else self.symbol

    @property
    def word(self) -> str:
        """``"king"``: for sentences such as "a king-high flush"."""
        return self.name.lower()

    @property
    def plural(self) -> str:
        """``"kings"``, ``"sixes"``: for "two pair, kings and sixes"."""
        return "sixes" if self is Rank.SIX else self.word + "s"


_RANK_SYMBOLS = MappingProxyType({r: (str(r.value) if r <= 10 else r.name[0]) for r in Rank})


class Suit(IntEnum):
    """Suits in bring-in order: clubs lowest, then diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def letter(self) -> str:
        return "cdhs"[self]

    @property
    def word(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card; ordered by rank, then suit, for display.

    ``code`` packs a card into 0..51 (``4 × (rank − 2) + suit``) for the
    numpy evaluators and compact hand histories.
    """

    rank: Rank
    suit: Suit

    @property
    def code(self) -> int:
        return 4 * (self.rank - 2) + self.suit

    @staticmethod
    def from_code(code: int) -> Card:
        if code == JOKER_CODE:
            return JOKER
        if not 0 <= code < 52:
            raise ValueError(f"card code must be 0 to 52 (52 the joker), not {code}")
        return _ALL_CARDS[code]

    @property
    def ascii(self) -> str:
        """``"Th"``: two characters, safe anywhere."""
        return self.rank.ascii + self.suit.letter

    @property
    def name(self) -> str:
        """``"King of hearts"``: what a screen reader says."""
        return f"{self.rank.word.capitalize()} of {self.suit.word}"

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"card({str(self)!r})"


_ALL_CARDS = tuple(Card(Rank(2 + code // 4), Suit(code % 4)) for code in range(52))

JOKER_CODE = 52
"""The joker's code, after the 52 cards' (the batch evaluators read it so too)."""


class _Joker(Card):
    """The joker, a 53rd card. It carries the ace of spades' rank and suit only so that code
    reading any card's rank never fails; it equals no card but itself, sorts above every
    card, and the evaluators count it apart (``engine.wild``): as the bug (an ace, or a
    card completing a straight or flush) or fully wild, as the game declares."""

    __slots__ = ()

    @property
    def code(self) -> int:
        return JOKER_CODE

    @property
    def ascii(self) -> str:
        return "Jk"

    @property
    def name(self) -> str:
        return "Joker"

    def __str__(self) -> str:
        return "Jkr"

    def __repr__(self) -> str:
        return "JOKER"

    def __lt__(self, other: object) -> bool:
        return False if isinstance(other, Card) else NotImplemented

    def __le__(self, other: object) -> bool:
        return is_joker(other) if isinstance(other, Card) else NotImplemented

    def __gt__(self, other: object) -> bool:
        return not is_joker(other) if isinstance(other, Card) else NotImplemented

    def __ge__(self, other: object) -> bool:
        return True if isinstance(other, Card) else NotImplemented


JOKER: Card = _Joker(Rank.ACE, Suit.SPADES)
"""The joker (``Jk`` as typed and in files, "Jkr" on screen)."""


def is_joker(card: object) -> bool:
    """Whether ``card`` is the joker (a copy of it too)."""
    return isinstance(card, _Joker)

FULL_DECK: tuple[Card, ...] = _ALL_CARDS
"""The 52 cards in code order (2♣ 2♦ 2♥ 2♠ 3♣ ... A♠)."""

SHORT_DECK: tuple[Card, ...] = tuple(c for c in FULL_DECK if c.rank >= Rank.SIX)
"""The 36 cards of the short deck, sixes to aces, in code order."""

JOKER_DECK: tuple[Card, ...] = (*FULL_DECK, JOKER)
"""The 52 cards and the joker."""

DECKS: MappingProxyType[str, tuple[Card, ...]] = MappingProxyType({
    "standard": FULL_DECK, "short": SHORT_DECK, "joker": JOKER_DECK})
"""The decks a game may deal, by the name its declaration gives."""


def require_in_deck(cards: Iterable[Card], deck: Sequence[Card]) -> None:
    """Raise ``CardParseError`` for the first card the deck does not hold (a five in a
    short deck).

    >>> require_in_deck(parse_cards("Ah 5c"), SHORT_DECK)
    Traceback (most recent call last):
    ...
    engine.cards.CardParseError: 5♣ is not in this game's deck of 36 cards (sixes to aces)
    """
    held = set(deck)
    for c in cards:
        if c not in held:
            raise CardParseError(f"{c} is not in this game's deck of {len(deck)} cards"
                                 f"{deck_words(deck)}", str(c))


def deck_words(deck: Sequence[Card]) -> str:
    """`` (sixes to aces)`` for a deck short of some ranks, else nothing."""
    lowest = min(c.rank for c in deck)
    return f" ({lowest.plural} to aces)" if lowest > Rank.TWO else ""


class CardParseError(ValueError):
    """Raised for text that is not a card; ``token`` is the offending text."""

    def __init__(self, message: str, token: str) -> None:
        super().__init__(message)
        self.token = token


class DuplicateCardError(CardParseError):
    """Raised when a card that must be distinct appears twice."""

    def __init__(self, duplicate: Card) -> None:
        super().__init__(f"{duplicate} appears more than once", str(duplicate))
        self.card = duplicate


_RANK_TEXT = MappingProxyType({
    "10": Rank.TEN, "T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING,
    "A": Rank.ACE, **{str(v): Rank(v) for v in range(2, 10)}})
_SUIT_TEXT = MappingProxyType({
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
_CARD_PATTERN = re.compile(r"(10|[2-9TJQKA])([CDHS♣♦♥♠♧♢♡♤])\ufe0f?", re.IGNORECASE)
_JOKER_PATTERN = re.compile(r"joker|jkr|jk|🃏", re.IGNORECASE)
MAX_CARD_TEXT = 2000
"""Longest card text accepted: far beyond any real deal, short enough to refuse junk."""


def _parse_chunk(chunk: str) -> list[Card]:
    """Read one separator-free chunk: a single card or several run together."""
    cards = []
    position = 0
    while position < len(chunk):
        joker = _JOKER_PATTERN.match(chunk, position)
        if joker is not None:
            cards.append(JOKER)
            position = joker.end()
            continue
        match = _CARD_PATTERN.match(chunk, position)
        if match is None:
            bad = chunk if position == 0 else chunk[position:]
            raise CardParseError(_describe_bad_token(bad), bad)
        rank = _RANK_TEXT[match.group(1).upper()]
        suit = _SUIT_TEXT[match.group(2).upper()]
        cards.append(Card(rank, suit))
        position = match.end()
    return cards


def _describe_bad_token(token: str) -> str:
    shown = token if len(token) <= 20 else token[:20] + "…"
    head = re.match(r"(10|[2-9TJQKA])", token, re.IGNORECASE)
    if head is None:
        return (f"'{shown}' is not a card: it should start with a rank "
                "(2-10, J, Q, K, A; T also means ten)")
    return (f"'{shown}' is not a card: after the rank comes a suit "
            "(c, d, h, s or ♣ ♦ ♥ ♠)")


def parse_cards(text: str, *, distinct: bool = False) -> list[Card]:
    """Read cards typed by a person; raise ``CardParseError`` naming the bad token.

    With ``distinct=True`` a repeated card raises ``DuplicateCardError``.
    """
    if not isinstance(text, str):
        raise CardParseError(f"cards must be given as text, not {type(text).__name__}", "")
    if len(text) > MAX_CARD_TEXT:
        raise CardParseError(f"that is too much text for cards (at most {MAX_CARD_TEXT} "
                             "characters)", text[:20])
    cards: list[Card] = []
    stripped = text.strip().strip(",;").strip()
    for piece in re.split(r"[,;]", stripped) if stripped else []:
        if not piece.strip():
            raise CardParseError("there is an empty card between two commas", "")
        for chunk in piece.split():
            cards.extend(_parse_chunk(chunk))
    if distinct:
        require_distinct(cards)
    return cards


def card(text: str) -> Card:
    """Read exactly one card: ``card("Kh") == card("K♥")``."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardParseError(f"expected one card, found {len(cards)} in '{text}'", text)
    return cards[0]


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Cards as the site writes them, space separated; ``ascii=True`` gives ``Kh Th``."""
    return " ".join(c.ascii if ascii else str(c) for c in cards)


def require_distinct(cards: Iterable[Card]) -> None:
    """Raise ``DuplicateCardError`` for the first card seen twice."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise DuplicateCardError(c)
        seen.add(c)


class Deck:
    """A deck dealt from the top: shuffled by a seeded ``random.Random``, or stacked.

    The same seed gives the same order on every machine. Discards are kept
    apart and can be shuffled into a new stock when the stock runs out.

    >>> deck = Deck(rng=random.Random(7))
    >>> top = deck.deal(3); deck.remaining
    49
    """

    def __init__(self, *, rng: random.Random, stacked: Sequence[Card] | None = None,
                 cards: Sequence[Card] = FULL_DECK) -> None:
        self._rng = rng
        self.cards = tuple(cards)
        """Every card of this deck (the 52, or a game's short deck)."""
        if stacked is None:
            order = list(self.cards)
            rng.shuffle(order)
        else:
            order = list(stacked)
            require_distinct(order)
            require_in_deck(order, self.cards)
            given = set(order)
            rest = [c for c in self.cards if c not in given]
            rng.shuffle(rest)
            order.extend(rest)
        self._stock = order
        self._position = 0
        self._discards: list[Card] = []
        self.burned: list[Card] = []

    @property
    def remaining(self) -> int:
        return len(self._stock) - self._position

    @property
    def discards(self) -> tuple[Card, ...]:
        return tuple(self._discards)

    def peek(self, count: int) -> list[Card]:
        """The next cards without dealing them (for tests and the host's view)."""
        return self._stock[self._position:self._position + count]

    def set_aside(self, cards: Collection[Card]) -> None:
        """Take ``cards`` out of the stock for good: cards known to be out of play (a
        priced spot's dead cards) are never dealt, and the stock is as short as the
        table's, for the rules that burn a card or deal a community card by what is left."""
        undealt = self._stock[self._position:]
        self._stock[self._position:] = [c for c in undealt if c not in cards]

    def deal(self, count: int = 1) -> list[Card]:
        if count > self.remaining:
            raise ValueError(f"cannot deal {count}: only {self.remaining} left in the stock")
        cards = self._stock[self._position:self._position + count]
        self._position += count
        return cards

    def deal_one(self) -> Card:
        return self.deal(1)[0]

    def burn(self) -> Card:
        burned = self.deal_one()
        self.burned.append(burned)
        return burned

    def discard(self, cards: Iterable[Card]) -> None:
        self._discards.extend(cards)

    def reshuffle_discards(self, *, keep_out: Iterable[Card] = ()) -> int:
        """Shuffle the discards into a new stock under what is left; return how many.
        Cards in ``keep_out`` (a folded hand's, say) stay in the discards."""
        out = set(keep_out)
        fresh = [c for c in self._discards if c not in out]
        self._discards[:] = [c for c in self._discards if c in out]
        self._rng.shuffle(fresh)
        self._stock = self._stock[self._position:] + fresh
        self._position = 0
        return len(fresh)
