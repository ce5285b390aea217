"""The download and upload controls of a hand (``ui/sessions/history.py`` says what each
file holds and reads the uploads)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import streamlit as st

from engine.history import load_hand, text_history
from engine.phh import to_phh
from engine.phh.many import FileHand
from engine.state import HandState
from ui.components.plain import plain
from ui.sessions.history import MAX_MB, many_hands, phh_hand, read_history, saved_hand
from ui.sessions.share import HandLink


def _file_stem(state: HandState) -> str:
    """Names the download; never the seed, which would give the deal away."""
    return f"{state.game.id}-decision-{len(state.actions)}"


def history_downloads(state: HandState, *, key: str, viewer: int | None, host: bool,
                      link: HandLink, text_label: str = "Download the text history") -> None:
    """What a viewer may take away: the host the JSON history (every card), anyone else the
    sealed saved hand; and the readable text as ``viewer`` saw it.

    The text is written only when asked for, from a copy of the hand, so an
    ordinary rerun does not pay for it.
    """
    left, right = st.columns(2)
    if host:
        left.download_button("Download the JSON history", data=state.to_json(),
                             file_name=f"{_file_stem(state)}.json", mime="application/json",
                             key=f"{key}_json", icon=":material/data_object:",
                             width="stretch", on_click="ignore")
    else:
        left.download_button("Save this hand (reopens here)", data=saved_hand(link),
                             file_name=f"{_file_stem(state)}.hand.json",
                             mime="application/json", key=f"{key}_saved",
                             icon=":material/save:", width="stretch", on_click="ignore",
                             help="The hand sealed: only this site can open it, so the file "
                                  "tells nobody any card.")
    kept = state.to_json()
    right.download_button(text_label, data=lambda: text_history(load_hand(kept), viewer),
                          file_name=f"{_file_stem(state)}.txt", mime="text/plain",
                          key=f"{key}_text", icon=":material/description:", width="stretch",
                          on_click="ignore")
    _phh_download(state, key=key, viewer=None if host else viewer, host=host, kept=kept)


def _phh_download(state: HandState, *, key: str, viewer: int | None, host: bool,
                  kept: str) -> None:
    """The hand in PHH: every card for the host, the seat's own view for a player (and
    nothing for a viewer who is neither)."""
    if not host and viewer is None:
        return
    help_text = ("The standard poker hand history format, which other poker software reads; "
                 "this site reopens it too." if host else
                 "The standard poker hand history format, as you saw the hand: the cards "
                 "hidden from you are written ??. A seven-card stud hand reopens here as your "
                 "view; another game's only from the host's file.")
    st.download_button("Download the PHH history (standard format)",
                       data=lambda: to_phh(load_hand(kept), viewer),
                       file_name=f"{_file_stem(state)}.phh", mime="text/plain",
                       key=f"{key}_phh", icon=":material/casino:", width="stretch",
                       on_click="ignore", help=help_text)


def _uploaded(widget_key: str, count_key: str, on_load: Callable[[HandLink], None],
              on_error: Callable[[str], object]) -> None:
    upload = st.session_state.get(widget_key)
    st.session_state[count_key] = int(st.session_state.get(count_key, 0)) + 1
    if upload is None:
        return
    many_key = count_key.removesuffix("_uploads") + "_many"
    st.session_state.pop(many_key, None)
    st.session_state.pop(count_key.removesuffix("_uploads") + "_unit_note", None)
    try:
        hands = many_hands(upload.getvalue())
        if hands is not None:
            st.session_state[many_key] = (upload.name, hands)
            return
        link = read_history(upload.getvalue())
    except ValueError as error:
        on_error(f"That file could not be loaded: {error}.")
        return
    on_load(link)


def history_upload(*, key: str, on_load: Callable[[HandLink], None],
                   on_error: Callable[[str], object]) -> None:
    """A JSON or PHH upload: a good history goes to ``on_load``, a bad one's reason to
    ``on_error``; a ``.phhs`` file of many hands lists them, and the one picked loads."""
    count_key = f"{key}_uploads"
    widget_key = f"{key}_upload_{int(st.session_state.get(count_key, 0))}"
    st.file_uploader("Load a JSON or PHH hand history, or a saved hand",
                     type=["json", "phh", "phhs"],
                     key=widget_key, on_change=_uploaded, max_upload_size=MAX_MB,
                     args=(widget_key, count_key, on_load, on_error),
                     help="A history or saved hand downloaded from this site reopens at its "
                          "last decision; so does a hold'em, Omaha or seven-card stud hand "
                          "in PHH, the standard format, from other poker software or a "
                          "public dataset, and any hand of a .phhs file of many.")
    _pick_a_hand(key, on_load=on_load, on_error=on_error)


def _pick_a_hand(key: str, *, on_load: Callable[[HandLink], None],
                 on_error: Callable[[str], object]) -> None:
    """The hands of the .phhs file uploaded, to pick one and load it."""
    found = st.session_state.get(f"{key}_many")
    note = st.session_state.get(f"{key}_unit_note")
    if note:
        st.caption(note)
    if found is None:
        return
    name, hands = found
    with st.container(border=True, key=f"{key}_many_box"):
        st.markdown(f"**{plain(name)}** holds {len(hands):,} hands: pick one to load.")
        chosen = st.selectbox("Hand", range(len(hands)), key=f"{key}_many_pick",
                              format_func=lambda index: hands[index].summary)
        left, right = st.columns(2)
        left.button("Load this hand", key=f"{key}_many_load", type="primary",
                    icon=":material/upload:", width="stretch", on_click=_load_picked,
                    args=(key, hands[chosen if chosen is not None else 0], on_load, on_error))
        right.button("Put the file away", key=f"{key}_many_close", width="stretch",
                     on_click=lambda: st.session_state.pop(f"{key}_many", None))


def _load_picked(key: str, hand: FileHand, on_load: Callable[[HandLink], None],
                 on_error: Callable[[str], object]) -> None:
    try:
        link, unit = phh_hand(hand.text)
    except ValueError as error:
        on_error(f"{hand.summary.split(',')[0]} could not be loaded: {error}.")
        return
    st.session_state[f"{key}_unit_note"] = (
        f"{hand.summary.split(',')[0]} is loaded. " + (
            "Its amounts are the site's chips." if unit == 1 else
            f"Its amounts are counted here in whole chips: one chip is {_number(unit)} in "
            "the file's amounts."))
    on_load(link)


def _number(value: Fraction) -> str:
    """A unit as a reader writes it: 0.05, 20."""
    return f"{value.numerator:,}" if value.denominator == 1 else \
        format(Decimal(value.numerator) / Decimal(value.denominator), "f")
