"""Why one hand beats another, in words computed from the two hand values.

>>> from engine.cards import parse_cards
>>> from engine.hands import best_high
>>> flush = best_high(parse_cards("K♥ 10♥ Q♥ J♥ 2♥"))
>>> straight = best_high(parse_cards("K♥ 10♥ Q♥ J♥ 9♠"))
>>> why_beats(flush, straight)
'A flush beats a straight.'
>>> why_beats(best_high(parse_cards("K♠ K♦ 9♣ 9♥ 4♣")), best_high(parse_cards("K♣ K♥ 4♦ 4♠ A♥")))
'Both are two pair with kings on top; the second pair decides: nines beat fours.'
>>> why_beats(best_high(parse_cards("A♠ A♦ K♣ 9♥ 4♣")), best_high(parse_cards("A♣ A♥ Q♦ 9♠ 4♥")))
'Both are a pair of aces; the first kicker decides: the king beats the queen.'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.cards import Rank
from engine.hands import HIGH_KINDS, Category, HandKind, HandValue

_PHRASE = MappingProxyType({
    Category.HIGH_CARD: "no pair",
    Category.ONE_PAIR: "a pair",
    Category.TWO_PAIR: "two pair",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.STRAIGHT: "a straight",
    Category.FLUSH: "a flush",
    Category.FULL_HOUSE: "a full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "a straight flush",
    Category.ROYAL_FLUSH: "a royal flush",
    Category.FIVE_OF_A_KIND: "five of a kind",
})

_ORDINALS = ("highest", "second", "third", "fourth", "fifth")
_KICKERS = ("first kicker", "second kicker", "third kicker")
_PARTS: Mapping[Category, tuple[str, ...]] = MappingProxyType({
    Category.HIGH_CARD: tuple(f"{o} card" for o in _ORDINALS),
    Category.FLUSH: tuple(f"{o} card" for o in _ORDINALS),
    Category.ONE_PAIR: ("pair", *_KICKERS),
    Category.TWO_PAIR: ("top pair", "second pair", "kicker"),
    Category.THREE_OF_A_KIND: ("three of a kind", "first kicker", "second kicker"),
    Category.STRAIGHT: ("top card",),
    Category.STRAIGHT_FLUSH: ("top card",),
    Category.ROYAL_FLUSH: ("top card",),
    Category.FULL_HOUSE: ("three of a kind", "pair"),
    Category.FOUR_OF_A_KIND: ("four of a kind", "kicker"),
    Category.FIVE_OF_A_KIND: ("five of a kind",),
})
_GROUPED = frozenset({"pair", "top pair", "second pair", "three of a kind", "four of a kind",
                      "five of a kind"})


def category_phrase(category: Category) -> str:
    """``"a flush"``, ``"two pair"``: a category as it reads inside a sentence."""
    return _PHRASE[category]


def hand_phrase(value: HandValue) -> str:
    """A hand's description inside a sentence: ``"a king-high flush"``, ``"two pair, ..."``."""
    text = value.describe()
    text = text[0].lower() + text[1:]
    if value.category is Category.HIGH_CARD and value.kind is HandKind.HIGH:
        return f"no pair, {text}"
    if text.startswith(("two pair", "three of", "four of")):
        return text
    return ("an " if text[0] in "aeiou" else "a ") + text


def tie_break(value: HandValue) -> tuple[Rank, ...]:
    """The ranks that settle a tie within the category, most significant first.

    Read from the five cards (ordered most significant first by the engine):
    each rank once, in order; a straight only counts its top card.
    """
    ranks: list[Rank] = []
    for c in value.cards:
        if c.rank not in ranks:
            ranks.append(c.rank)
    if value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
        return (value.cards[0].rank,)
    return tuple(ranks)


def _is_low(value: HandValue) -> bool:
    """Whether the value is a low: short deck and wild-card high hands are high too."""
    return value.kind not in HIGH_KINDS


def _rank_words(rank: Rank, *, grouped: bool, low: bool) -> str:
    if grouped:
        return rank.plural
    word = "ace" if low and rank is Rank.ACE else rank.word
    return f"the {word}"


def why_beats(better: HandValue, worse: HandValue) -> str:
    """One sentence: why ``better`` beats ``worse``, or that they tie.

    Works for high and low values alike; for a low, lower ranks win and the
    sentence says so.
    """
    if better == worse:
        return ("The hands tie: the same ranks in the same roles, and suits never "
                "break a tie.")
    if better < worse:
        raise ValueError(f"{better.describe()} does not beat {worse.describe()}")
    low = _is_low(better)
    if better.category != worse.category:
        first = category_phrase(better.category)
        sentence = f"{first[0].upper()}{first[1:]} beats {category_phrase(worse.category)}"
        if low:
            reason = (" for low: pairs count against a low hand"
                      if better.kind is HandKind.ACE_TO_FIVE
                      else " for low: pairs, straights and flushes count against a low hand")
            return sentence + reason + "."
        return sentence + "."
    return _same_category(better, worse, low=low)


def _same_category(better: HandValue, worse: HandValue, *, low: bool) -> str:
    category = better.category
    parts = _PARTS[category]
    ours, theirs = tie_break(better), tie_break(worse)
    position = next(i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b)
    part = parts[position]
    grouped = part in _GROUPED
    verb = "beat" if grouped else "beats"
    mine = _rank_words(ours[position], grouped=grouped, low=low)
    other = _rank_words(theirs[position], grouped=grouped, low=low)
    if low:
        kind = ("lows" if category is Category.HIGH_CARD
                else f"lows with {category_phrase(category)}")
        return (f"Both are {kind}, and the lower hand wins; the {part} decides: "
                f"{mine} {verb} {other}.")
    shared = _both_are(category, ours[:position])
    return f"Both are {shared}; the {part} decides: {mine} {verb} {other}."


def _both_are(category: Category, shared: tuple[Rank, ...]) -> str:
    """What the two hands have in common, e.g. "a pair of aces", "flushes, king high".

    ``shared`` holds the tie-break ranks the two hands have alike, in order.
    """
    if not shared:
        plural = {Category.HIGH_CARD: "hands with no pair", Category.ONE_PAIR: "one pair",
                  Category.STRAIGHT: "straights", Category.FLUSH: "flushes",
                  Category.STRAIGHT_FLUSH: "straight flushes",
                  Category.FULL_HOUSE: "full houses"}
        return plural.get(category, category_phrase(category))
    top = shared[0]
    match category:
        case Category.ONE_PAIR:
            return f"a pair of {top.plural}"
        case Category.TWO_PAIR if len(shared) == 1:
            return f"two pair with {top.plural} on top"
        case Category.TWO_PAIR:
            return f"two pair, {top.plural} and {shared[1].plural}"
        case Category.THREE_OF_A_KIND:
            return f"three {top.plural}"
        case Category.FOUR_OF_A_KIND:
            return f"four {top.plural}"
        case Category.FULL_HOUSE:
            return f"full houses, {top.plural} full"
        case Category.FLUSH:
            return f"flushes, {top.word} high"
        case _:
            return f"{top.word}-high hands with no pair"
