"""Links into the Odds page for a decision at the table, and reading them on the way in.

``odds_link(view, seat)`` builds ``/odds?widget=...`` from what ``view`` lets
that seat see (its own cards, everyone's up cards, the board), never more.
``apply_link(params)`` fills the named widget's boxes from such a link; a bad
or tampered link changes nothing and gets a sentence saying why.

The parameters are the widget's own box names (``down``, ``up0``, ``mine``,
...), cards written as ASCII (``Ah Td``) so the link reads in any browser.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from urllib.parse import urlencode

import streamlit as st

from engine.cards import Card
from engine.games import get_game
from engine.state import ActionKind, HandView, SeatView
from ui.components.card_input import read_cards
from ui.odds.common import refill, text_of
from ui.registry import site_game

MAX_VALUE = 200
"""Longest parameter read: a box holds a few cards."""
CARD_BOXES: Mapping[str, frozenset[str]] = MappingProxyType({
    "stud": frozenset({"down", "dead", "community", *(f"up{i}" for i in range(8))}),
    "psycho": frozenset({"mine", "hand", "five", "community", *(f"up{i}" for i in range(9))}),
    "sophie": frozenset({"hole"}),
    "partner": frozenset({"ups", "hidden"}),
})
"""Each widget's card boxes a link may fill."""
CHOICES: Mapping[str, Mapping[str, tuple[str, ...]]] = MappingProxyType({
    "stud": MappingProxyType({"hands": tuple(map(str, range(2, 9))),
                              "folded": tuple(map(str, range(7))),
                              "street": tuple(map(str, range(3, 8)))}),
    "psycho": MappingProxyType({"mode": ("declare", "draw", "expose"),
                                "players": tuple(map(str, range(2, 11)))}),
    "sophie": MappingProxyType({"stage": ("lock",), "boards": ("1", "2"),
                                "opponents": tuple(map(str, range(1, 7)))}),
    "partner": MappingProxyType({"players": tuple(map(str, range(4, 11, 2))),
                                 "me": tuple(map(str, range(1, 11)))}),
})
"""Each widget's other settings a link may give, with every value allowed."""


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.ascii for c in cards)


def _own(seat: SeatView) -> list[Card]:
    return [c.card for c in seat.cards if c.card is not None]


def _down(seat: SeatView) -> list[Card]:
    return [c.card for c in seat.cards if c.card is not None and not c.up]


def _live_others(view: HandView, seat: int) -> list[SeatView]:
    """The other seats still in, clockwise from the viewer."""
    n = len(view.seats)
    return [view.seats[(seat + k) % n] for k in range(1, n)
            if not view.seats[(seat + k) % n].folded]


def _stud(view: HandView, seat: int) -> dict[str, str]:
    me = view.seats[seat]
    others = _live_others(view, seat)
    folded = [s for s in view.seats if s.folded]
    params = {"widget": "stud", "hands": str(1 + len(others)), "folded": str(len(folded)),
              "down": _cards(_down(me)), "up0": _cards(me.up_cards),
              "dead": _cards(c for s in folded for c in s.up_cards),
              "community": _cards(view.boards[0] if view.boards else ())}
    params |= {f"up{i + 1}": _cards(s.up_cards) for i, s in enumerate(others)}
    return params


def _psycho(view: HandView, seat: int, kinds: set[ActionKind]) -> dict[str, str] | None:
    me = view.seats[seat]
    if ActionKind.DISCARD in kinds:
        return {"widget": "psycho", "mode": "draw", "players": str(len(view.seats)),
                "hand": _cards(_own(me))}
    if ActionKind.EXPOSE in kinds:
        return {"widget": "psycho", "mode": "expose", "five": _cards(_own(me))}
    if ActionKind.DECLARE not in kinds:
        return None
    others = _live_others(view, seat)
    params = {"widget": "psycho", "mode": "declare", "players": str(1 + len(others)),
              "mine": _cards(_own(me)),
              "community": _cards(view.boards[0] if view.boards else ())}
    params |= {f"up{i}": _cards(s.up_cards) for i, s in enumerate(others)}
    return params


def _partner(view: HandView, seat: int) -> dict[str, str] | None:
    if any(len(s.up_cards) != 1 for s in view.seats):
        return None
    me = view.seats[seat]
    return {"widget": "partner", "players": str(len(view.seats)), "me": str(seat + 1),
            "ups": _cards(s.up_cards[0] for s in view.seats), "hidden": _cards(_down(me))}


def odds_link(view: HandView, seat: int) -> str | None:
    """A relative link to the odds widget for ``seat``'s decision in ``view``, holding only
    cards that seat can see; ``None`` when no widget answers this decision."""
    if view.viewer != seat or not 0 <= seat < len(view.seats):
        return None  # only the seat's own view: a host's view would show every card
    kinds = {a.kind for a in view.legal}
    site = site_game(view.game_id)
    widget = site.odds.widget if site is not None and site.odds is not None else None
    params: dict[str, str] | None = None
    if widget == "stud":
        params = _stud(view, seat) if kinds else None
    elif widget == "psycho":
        params = _psycho(view, seat, kinds)
    elif widget == "sophie" and ActionKind.LOCK_PAIRS in kinds:
        params = {"widget": "sophie", "stage": "lock",
                  "boards": str(get_game(view.game_id).boards),
                  "opponents": str(len(_live_others(view, seat))),
                  "hole": _cards(_own(view.seats[seat]))}
    elif widget == "partner" and ActionKind.PICK_PARTNER in kinds:
        params = _partner(view, seat)
    return None if params is None else "/odds?" + urlencode(params)


def read_link(widget: str, params: Mapping[str, str]) -> dict[str, str] | str:
    """The session values a link gives ``widget``'s boxes, or why it cannot be read."""
    boxes, choices = CARD_BOXES.get(widget), CHOICES.get(widget)
    if boxes is None or choices is None:
        return "this odds question cannot be filled in from a link"
    values: dict[str, str] = {}
    for name, raw in params.items():
        if name == "widget":
            continue
        value = str(raw)
        if len(value) > MAX_VALUE:
            return f"'{name}' is too long (at most {MAX_VALUE} characters)"
        if name in boxes:
            cards = read_cards(value)
            if isinstance(cards, str):
                return f"'{name}': {cards}"
            values[f"odds_{widget}_{name}"] = text_of(cards)
        elif name in choices:
            if value not in choices[name]:
                return f"'{name}' cannot be {value!r}"
            values[f"odds_{widget}_{name}"] = value
        else:
            return f"the link names '{name}', which this odds question does not have"
    return values


def apply_link(widget: str, params: Mapping[str, str]) -> str | None:
    """Fill ``widget`` from a link's parameters; return what is wrong instead, if anything
    (and then change nothing)."""
    values = read_link(widget, params)
    if isinstance(values, str):
        return values
    whole = {k: int(v) if k.rsplit("_", 1)[1] in ("hands", "folded", "street", "players",
                                                  "boards", "opponents") else v
             for k, v in values.items()}
    for key, value in whole.items():
        if isinstance(value, int):
            st.session_state[key] = value
    refill({k: v for k, v in whole.items() if isinstance(v, str)})
    return None
