"""Typed card input for the worked examples: parsed by the engine, errors in plain words.

``cards_field`` shows a text box and returns the cards it holds, or ``None``
after showing what is wrong (never a traceback). ``clash`` finds a card typed
in two places. The checking itself is pure (``read_cards``) so tests can call
it directly.

>>> read_cards("Kh 10h", count=2)
[card('K♥'), card('10♥')]
>>> read_cards("Kh Kx", count=2)
"'Kx' is not a card: after the rank comes a suit (c, d, h, s or ♣ ♦ ♥ ♠)"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from engine.cards import Card, CardParseError, parse_cards
from ui.components.plain import plain


def _count_words(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def read_cards(text: str, *, count: int | None = None, at_least: int | None = None,
               at_most: int | None = None) -> list[Card] | str:
    """The cards in ``text``, or a sentence saying what is wrong with it."""
    try:
        cards = parse_cards(text, distinct=True)
    except CardParseError as error:
        return str(error)
    if count is not None and len(cards) != count:
        return f"type exactly {_count_words(count)}; found {len(cards)}"
    if at_least is not None and len(cards) < at_least:
        return f"type at least {_count_words(at_least)}; found {len(cards)}"
    if at_most is not None and len(cards) > at_most:
        return f"type at most {_count_words(at_most)}; found {len(cards)}"
    return cards


def clash(fields: Mapping[str, Sequence[Card]]) -> str | None:
    """A sentence naming the first card typed in two fields, or ``None``.

    >>> from engine.cards import parse_cards as p
    >>> clash({"Partner 1": p("Kh Qh"), "Partner 2": p("2c Qh")})
    'Q♥ is typed both in Partner 1 and in Partner 2: each card exists only once'
    """
    seen: dict[Card, str] = {}
    for name, cards in fields.items():
        for c in cards:
            if c in seen and seen[c] != name:
                return f"{c} is typed both in {seen[c]} and in {name}: each card exists only once"
            seen[c] = name
    return None


def cards_field(label: str, *, key: str, default: str, count: int | None = None,
                at_least: int | None = None, at_most: int | None = None,
                help: str | None = None) -> list[Card] | None:
    """A text box for cards; shows the problem and returns ``None`` if they do not read."""
    hint = help or "Type cards like K♥ 10h Qs 2c (T also means ten), separated by spaces."
    text = st.text_input(label, value=default, key=key, help=hint)
    result = read_cards(text, count=count, at_least=at_least, at_most=at_most)
    if isinstance(result, str):
        st.error(f"{label}: {plain(result)}.", icon=":material/back_hand:")
        return None
    return result
