"""Save and load a hand: downloads as the viewer may see them, and uploads checked on the
way in.

The JSON history is the engine's (``engine/history.py``): game, players,
announcements, seed or stacked deck, stacks and decisions, so loading it
replays the hand under the rules, and reading it tells every card. Only the
host, who sees every card anyway, is offered it. A player is offered a saved
hand instead: the same hand sealed (:mod:`ui.sessions.sealing`), which reopens here
and tells its reader nothing, beside the text history of what that seat saw.
An upload larger than :data:`MAX_BYTES`, not UTF-8, not a hand, or with a
decision the rules refuse is turned away with a sentence saying why.

Everyone may also take the hand in PHH, the poker world's standard format
(``engine/phh.py``): the host every card, a player its own view with the
cards hidden from it written ``??``. An uploaded ``.phh`` (seven-card stud
from any writer, or any game from this site) replays by the site's rules: a
file with every card opens as the host's; a stud file with unknown (``??``)
cards, a player's own, opens as that player's view (or a watcher's), so
the cards standing in for the unknown ones are never shown.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import streamlit as st

from engine.history import load_hand, text_history
from engine.phh import is_phh, read_phh, to_phh
from engine.state import HandState
from ui.sessions.share import HandLink, LinkError, read_link

MAX_MB = 1
MAX_BYTES = MAX_MB * 1024 * 1024
"""The largest file accepted (Streamlit's own limit for the box): a long hand takes a few
kilobytes."""
SAVED_FORMAT = "dealers-choice-saved-hand"


def read_history(data: bytes) -> HandLink:
    """The hand in an uploaded JSON history or saved hand, as a link that says who may see
    what (a history, which tells every card, opens as the host's); ``ValueError`` says what
    is wrong with it."""
    if len(data) > MAX_BYTES:
        raise ValueError(f"the file is {len(data):,} bytes; a hand history is at most "
                         f"{MAX_BYTES:,}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("the file is not text (a hand history is UTF-8 JSON)") from None
    if is_phh(text):
        return _phh_link(text)
    try:
        saved = _saved_link(text)
        if saved is not None:
            saved.state()
            return saved
        return HandLink.from_state(load_hand(text))
    except LinkError as error:
        raise ValueError(f"the saved hand cannot be opened: {error}") from None
    except RecursionError:
        raise ValueError("the file is nested too deeply to be a hand history") from None
    except (TypeError, KeyError, AttributeError) as error:
        raise ValueError(f"the file is not a hand history this site can read ({error})") from None


def _phh_link(text: str) -> HandLink:
    """The hand in a PHH file: the host's if it tells every card, else the view of the one
    seat it deals every card to (or a watcher's), which never shows the stand-ins."""
    hand = read_phh(text)
    link = HandLink.from_state(hand.state, seat=hand.seat)
    return link if hand.complete or hand.seat is not None else link.for_guests()


def _saved_link(text: str) -> HandLink | None:
    """The hand in a saved-hand file, or ``None`` when the text is something else."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("format") != SAVED_FORMAT:
        return None
    token = data.get("hand")
    if not isinstance(token, str):
        raise LinkError("the file holds no sealed hand")
    link = read_link({"hand": token})
    assert link is not None
    return link


def saved_hand(link: HandLink) -> str:
    """A file that reopens ``link``'s hand here and tells its reader nothing."""
    return json.dumps({"format": SAVED_FORMAT, "version": 1, **link.sealed()})


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
              on_error: Callable[[str], None]) -> None:
    upload = st.session_state.get(widget_key)
    st.session_state[count_key] = int(st.session_state.get(count_key, 0)) + 1
    if upload is None:
        return
    try:
        link = read_history(upload.getvalue())
    except ValueError as error:
        on_error(f"That file could not be loaded: {error}.")
        return
    on_load(link)


def history_upload(*, key: str, on_load: Callable[[HandLink], None],
                   on_error: Callable[[str], None]) -> None:
    """A JSON or PHH upload: a good history goes to ``on_load``, a bad one's reason to
    ``on_error``."""
    count_key = f"{key}_uploads"
    widget_key = f"{key}_upload_{int(st.session_state.get(count_key, 0))}"
    st.file_uploader("Load a JSON or PHH hand history, or a saved hand", type=["json", "phh"],
                     key=widget_key, on_change=_uploaded, max_upload_size=MAX_MB,
                     args=(widget_key, count_key, on_load, on_error),
                     help="A history or saved hand downloaded from this site reopens at its "
                          "last decision; so does a seven-card stud hand in PHH, the "
                          "standard format, from other poker software.")
