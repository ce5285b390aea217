"""Save and load a hand: JSON and text downloads, and a JSON upload checked on the way in.

The JSON history is the engine's (``engine/history.py``): game, players,
announcements, seed or stacked deck, stacks and decisions, nothing else, so
loading it replays the hand under the rules. An upload larger than
:data:`MAX_BYTES`, not UTF-8, not a hand history, or with a decision the
rules refuse is turned away with a sentence saying why.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine.games import load_hand
from engine.history import text_history
from engine.state import HandState

MAX_BYTES = 200_000
"""The largest history accepted: a long hand takes a few kilobytes."""


def read_history(data: bytes) -> HandState:
    """The hand in an uploaded JSON history; ``ValueError`` says what is wrong with it."""
    if len(data) > MAX_BYTES:
        raise ValueError(f"the file is {len(data):,} bytes; a hand history is at most "
                         f"{MAX_BYTES:,}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("the file is not text (a hand history is UTF-8 JSON)") from None
    try:
        return load_hand(text)
    except RecursionError:
        raise ValueError("the file is nested too deeply to be a hand history") from None
    except (TypeError, KeyError, AttributeError) as error:
        raise ValueError(f"the file is not a hand history this site can read ({error})") from None


def _file_stem(state: HandState) -> str:
    return f"{state.game.id}-seed-{state.seed}-step-{len(state.actions)}"


def history_downloads(state: HandState, *, key: str, viewer: int | None,
                      text_label: str = "Download the text history") -> None:
    """The JSON history (reloads here) and the readable text, as ``viewer`` may see it.

    The text is written only when asked for, from a copy of the hand, so an
    ordinary rerun does not pay for it.
    """
    saved = state.to_json()
    left, right = st.columns(2)
    left.download_button("Download the JSON history", data=saved,
                         file_name=f"{_file_stem(state)}.json", mime="application/json",
                         key=f"{key}_json", icon=":material/data_object:", width="stretch",
                         on_click="ignore")
    right.download_button(text_label, data=lambda: text_history(load_hand(saved), viewer),
                          file_name=f"{_file_stem(state)}.txt", mime="text/plain",
                          key=f"{key}_text", icon=":material/description:", width="stretch",
                          on_click="ignore")


def _uploaded(widget_key: str, count_key: str, on_load: Callable[[HandState], None],
              on_error: Callable[[str], None]) -> None:
    upload = st.session_state.get(widget_key)
    st.session_state[count_key] = int(st.session_state.get(count_key, 0)) + 1
    if upload is None:
        return
    try:
        state = read_history(upload.getvalue())
    except ValueError as error:
        on_error(f"That file could not be loaded: {error}.")
        return
    on_load(state)


def history_upload(*, key: str, on_load: Callable[[HandState], None],
                   on_error: Callable[[str], None]) -> None:
    """A JSON upload: a good history goes to ``on_load``, a bad one's reason to ``on_error``."""
    count_key = f"{key}_uploads"
    widget_key = f"{key}_upload_{int(st.session_state.get(count_key, 0))}"
    st.file_uploader(f"Load a JSON hand history (at most {MAX_BYTES // 1000} kB)",
                     type=["json"], key=widget_key, on_change=_uploaded,
                     args=(widget_key, count_key, on_load, on_error),
                     help="A history downloaded from this site reopens at its last decision.")
