"""Checking what a person typed before any dealing: clear words, never a traceback.

Every calculator raises ``OddsInputError`` (a ``ValueError``) for a question
that cannot be asked: a card typed twice, too many or too few cards for the
street, a table size the game does not allow. The message is a sentence the
page shows as it is.

>>> from engine.cards import parse_cards
>>> try:
...     check_distinct([("your cards", parse_cards("Ah Kh")), ("the board", parse_cards("Kh"))])
... except OddsInputError as error:
...     print(error)
K♥ is both in your cards and in the board: each card exists only once
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import Card

__all__ = ["OddsInputError", "check_count", "check_distinct"]


class OddsInputError(ValueError):
    """A question that cannot be asked; the message says why, in plain words."""


def check_distinct(groups: Iterable[tuple[str, Sequence[Card]]]) -> None:
    """Raise ``OddsInputError`` for the first card given twice, naming where."""
    seen: dict[Card, str] = {}
    for name, cards in groups:
        for c in cards:
            if c in seen:
                where = f"twice in {name}" if seen[c] == name else \
                    f"both in {seen[c]} and in {name}"
                raise OddsInputError(f"{c} is {where}: each card exists only once")
            seen[c] = name


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


def check_count(name: str, cards: Sequence[Card], allowed: Sequence[int], why: str) -> None:
    """Raise unless ``len(cards)`` is one of ``allowed``; ``why`` explains the rule.

    >>> check_count("your hole cards", [], (6,), "Sophie's Pick deals six")
    Traceback (most recent call last):
    ...
    engine.odds.inputs.OddsInputError: Your hole cards: 0 cards given; Sophie's Pick deals six
    """
    if len(cards) not in allowed:
        raise OddsInputError(f"{name[0].upper()}{name[1:]}: {_cards(len(cards))} given; {why}")
