"""The house game page's editor: a form for the common parts beside the file it writes,
either one editable, and the check of what the host wrote, each problem with its line.

The file's text is the one truth (``TEXT`` in the session). A change on the form is
written into it (``ui.house.form``); a change to the text redraws the form from it (its
widgets' keys carry ``VERSION``, moved on each outside change).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from engine.cards import card
from engine.games import GAMES
from engine.games.declared import DeclaredGame
from engine.games.house import BLANK, LIMITS
from engine.games.house_text import to_toml
from ui.house.check import Checked, check, values_of
from ui.house.form import (
    CARDS,
    RANKS,
    STRUCTURES,
    WINS,
    FormParts,
    Street,
    add_street,
    read_form,
    remove_street,
    write_form,
)
from ui.house.templates import template

__all__ = ["TEXT", "VERSION", "editor", "replace_text", "show_check", "start_from"]

TEXT = "house_text"
VERSION = "house_form_version"
NOTHING = "(nothing: a blank game)"


def replace_text(text: str) -> None:
    """Put ``text`` in the file's box and redraw the form from it (for callbacks)."""
    st.session_state[TEXT] = text
    st.session_state[VERSION] = int(st.session_state.get(VERSION, 0)) + 1


def _key(name: str) -> str:
    return f"house_f{st.session_state.get(VERSION, 0)}_{name}"


def start_from() -> None:
    """Choose a game to start from: any game of the site, or nothing."""
    choices = [NOTHING, *(g for g in GAMES if isinstance(GAMES[g], DeclaredGame))]
    left, right = st.columns([3, 1], vertical_alignment="bottom")
    left.selectbox("Start from", choices, key="house_template",
                   format_func=lambda g: g if g == NOTHING else GAMES[g].name,
                   help="The game's rules are copied into your file; change anything.")

    def start() -> None:
        picked = str(st.session_state.get("house_template", NOTHING))
        game = GAMES.get(picked) if picked != NOTHING else None
        replace_text(template(game) if isinstance(game, DeclaredGame) else BLANK)

    right.button("Start", key="house_start", icon=":material/content_copy:", on_click=start,
                 width="stretch")


def _card_words(text: str) -> str:
    """"J♥ jack of hearts": the card as shown, and words a host can type to find it."""
    one = card(text)
    return f"{one} {one.rank.word} of {one.suit.word}"


def _from_widgets(parts: FormParts) -> FormParts:
    state = st.session_state
    streets = tuple(Street(street.kind, str(state.get(_key(f"street{i}"), street.name)),
                           str(state.get(_key(f"cards{i}"), street.cards)).strip().lower(),
                           bool(state.get(_key(f"bet{i}"), street.bet_after)))
                    for i, street in enumerate(parts.streets))
    wins = str(state.get(_key("wins"), parts.wins))
    return parts.but(
        name=str(state.get(_key("name"), parts.name)),
        players=(int(state.get(_key("least"), parts.players[0])),
                 int(state.get(_key("most"), parts.players[1]))),
        structure=state.get(_key("structure"), parts.structure),
        streets=streets, wild=tuple(state.get(_key("wild"), parts.wild)),
        cards=tuple(state.get(_key("cards"), parts.cards)),
        follow=str(state.get(_key("follow"), parts.follow) or ""), wins=wins)


def _written(change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    values = values_of(str(st.session_state.get(TEXT, "")))
    if values is None:
        return
    st.session_state[TEXT] = to_toml(change(values))


def _form_changed() -> None:
    def change(values: dict[str, Any]) -> dict[str, Any]:
        return write_form(values, _from_widgets(read_form(values)))
    _written(change)


def _streets_changed(change: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    _written(change)
    st.session_state[VERSION] = int(st.session_state.get(VERSION, 0)) + 1


def _form(values: dict[str, Any]) -> None:
    parts = read_form(values)
    st.text_input("Name", parts.name, key=_key("name"), max_chars=LIMITS.name,
                  on_change=_form_changed)
    least, most, deck = st.columns(3)
    least.number_input("Fewest players", 2, LIMITS.players, min(max(parts.players[0], 2),
                       LIMITS.players), key=_key("least"), on_change=_form_changed)
    most.number_input("Most players", 2, LIMITS.players, min(max(parts.players[1], 2),
                      LIMITS.players), key=_key("most"), on_change=_form_changed)
    deck.selectbox("Deck", ["standard"], key=_key("deck"), disabled=True,
                   format_func=lambda d: "52 cards", help="The engine deals the 52-card deck.")
    if parts.structure is not None:
        st.selectbox("Betting", list(STRUCTURES), index=list(STRUCTURES).index(
            parts.structure), format_func=STRUCTURES.__getitem__, key=_key("structure"),
            on_change=_form_changed)
    else:
        st.caption("Betting: the dealer announces the structure (see the file).")
    st.markdown("**The deal, street by street**")
    for index, street in enumerate(parts.streets):
        name, cards, bet = st.columns([3, 2, 2], vertical_alignment="bottom")
        name.text_input("Street", street.name, key=_key(f"street{index}"), on_change=_form_changed)
        cards.text_input("Cards" if street.kind == "deal" else "Board cards", street.cards,
                         key=_key(f"cards{index}"), max_chars=12, on_change=_form_changed,
                         help="d for a card down, u for a card up, in the order dealt"
                              if street.kind == "deal" else "How many cards face up")
        bet.checkbox("Then bet", street.bet_after, key=_key(f"bet{index}"), on_change=_form_changed)
    add, remove = st.columns(2)
    add.button("Add a street", key=_key("add"), icon=":material/add:", width="stretch",
               on_click=_streets_changed, args=(add_street,))
    remove.button("Remove the last street", key=_key("remove"), icon=":material/remove:",
                  width="stretch", on_click=_streets_changed, args=(remove_street,),
                  disabled=not parts.streets)
    wild, follow = st.columns(2)
    wild.multiselect("Wild ranks", RANKS, list(parts.wild), key=_key("wild"),
                     on_change=_form_changed)
    follow.selectbox("Wild: the rank dealt up after a face-up…", ["", *RANKS],
                     index=["", *RANKS].index(parts.follow), key=_key("follow"),
                     format_func=lambda r: r or "(none)", on_change=_form_changed)
    st.multiselect("Single wild cards", CARDS, list(parts.cards), key=_key("cards"),
                   format_func=_card_words, on_change=_form_changed,
                   help="The one-eyed jacks are J♥ and J♠; the suicide king is K♥. Type a "
                        "card's name to find it: \"jack of hearts\".")
    wins = [*WINS, *(["other"] if parts.wins == "other" else [])]
    st.selectbox("What wins", wins, index=wins.index(parts.wins), key=_key("wins"),
                 format_func=lambda w: WINS[w][0] if w in WINS else "As the file says",
                 on_change=_form_changed)


def editor() -> Checked:
    """The form beside the file, and the file checked; what the host wrote, checked."""
    st.session_state.setdefault(TEXT, BLANK)
    form, file = st.columns(2, gap="medium")
    with file:
        st.text_area("The game's file (TOML)", key=TEXT, height=520,
                     max_chars=LIMITS.bytes,
                     on_change=lambda: st.session_state.__setitem__(
                         VERSION, int(st.session_state.get(VERSION, 0)) + 1),
                     help="Every rule of the game as data. The form writes here; edit here "
                          "and the form follows. The form rewrites the file without its "
                          "comments.")
    text = str(st.session_state[TEXT])
    values = values_of(text)
    with form:
        if values is None:
            st.info("The form comes back when the file reads as TOML again.",
                    icon=":material/edit_off:")
        else:
            _form(values)
    return check(text)


def show_check(checked: Checked) -> None:
    """What holds, or each problem with its line and reason."""
    if checked.house is not None:
        st.success(f"It holds: {checked.house.name} deals at every player count, checked "
                   "by dealing a hand at the most players.", icon=":material/check_circle:")
        return
    lines = "\n".join(f"- {_line(str(p))}" for p in checked.problems)
    st.error(f"Not yet a game; nothing is saved until it holds.\n\n{lines}",
             icon=":material/rule:")


def _line(text: str) -> str:
    """A problem for markdown: every character that could be markup, escaped."""
    return "".join(f"\\{c}" if c in "\\`*_{}[]()#+-.!<>|~$:" else c for c in text)
