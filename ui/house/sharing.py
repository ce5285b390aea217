"""A house game kept and shared: saved in the store under a private edit link and a play
link, opened again from either, downloaded and uploaded as its file."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine.games.house import LIMITS, HouseGame
from ui.components.share_link import link_url
from ui.house.check import Checked
from ui.house.editor import replace_text
from ui.house.keep import EDIT, KEPT, PLAY, Kept, Links, open_link, save_new, save_over
from ui.night.address import link_base
from ui.store import StaleVersion, open_store

__all__ = ["LINKS", "open_from_address", "show_keep"]

LINKS = "house_links"
PATH = "house"
_OPENED = "house_opened"


def open_from_address() -> Kept | None:
    """The kept game a link in the address opens (once per link); ``None`` if none did.
    A wrong link says so and changes nothing."""
    params = st.query_params.to_dict()
    secret = params.get(EDIT) or params.get(PLAY)
    if secret is None or st.session_state.get(_OPENED) == secret:
        return st.session_state.get(KEPT)
    st.session_state[_OPENED] = secret
    try:
        kept = open_link(open_store(), secret)
    except ValueError:
        kept = None
    if kept is None:
        st.warning("This link opens no house game: it was mistyped, or the game was removed.",
                   icon=":material/link_off:")
        return st.session_state.get(KEPT)
    st.session_state[KEPT] = kept
    replace_text(kept.house.text)
    return kept


def _save(house: HouseGame) -> None:
    kept: Kept | None = st.session_state.get(KEPT)
    store = open_store()
    if kept is not None and kept.can_edit:
        try:
            st.session_state[KEPT] = save_over(store, kept, house)
        except StaleVersion:
            st.session_state[LINKS] = "The game was changed from its edit link elsewhere; " \
                                      "open the link again to see it, then save."
        return
    kept, links = save_new(store, house)
    st.session_state[KEPT] = kept
    st.session_state[LINKS] = links


def _links(links: Links) -> None:
    base = link_base(st.context.url)
    st.markdown("**Your edit link** (keep it private: it changes the game)")
    st.code(link_url({EDIT: links.edit}, path=PATH, base=base), language=None)
    st.markdown("**The play link** (share it: it opens the game to read and play)")
    st.code(link_url({PLAY: links.play}, path=PATH, base=base), language=None)
    st.caption("Each link is shown once: the site keeps only a fingerprint of it.")


def _uploaded() -> None:
    upload = st.session_state.get("house_upload")
    if upload is None:
        return
    try:
        replace_text(text_of_upload(upload.size, upload.getvalue))
    except ValueError as refused:
        st.session_state[LINKS] = f"{refused}; nothing changed."


def text_of_upload(size: int, read: Callable[[], bytes]) -> str:
    """The text of an uploaded game's file of ``size`` bytes, read only when it is within
    the limit; a Windows editor's byte-order mark is dropped, being no character of the
    game. ``ValueError`` says why a file is refused.

    >>> text_of_upload(6, lambda: b"\\xef\\xbb\\xbfa = 1")
    'a = 1'
    >>> text_of_upload(30_000, lambda: b"")
    Traceback (most recent call last):
    ...
    ValueError: That file is over 20,000 bytes
    """
    if size > LIMITS.bytes:
        raise ValueError(f"That file is over {LIMITS.bytes:,} bytes")
    try:
        return read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("That file is not UTF-8 text") from None


def show_keep(checked: Checked) -> None:
    """Save (only what holds), the links, the file to download, a file to upload."""
    kept: Kept | None = st.session_state.get(KEPT)
    house = checked.house
    save, down = st.columns(2)
    label = "Save the changes" if kept is not None and kept.can_edit else "Save and get links"
    save.button(label, key="house_save", type="primary", icon=":material/save:",
                disabled=house is None, on_click=_save, args=(house,), width="stretch",
                help=None if house is not None else "Nothing is saved until the game holds.")
    down.download_button("Download the file", checked.text.encode("utf-8"),
                         file_name="house-game.toml", mime="application/toml",
                         key="house_download", icon=":material/download:", width="stretch")
    said = st.session_state.pop(LINKS, None)
    if isinstance(said, Links):
        _links(said)
    elif isinstance(said, str):
        st.warning(said, icon=":material/back_hand:")
    if kept is not None:
        st.caption("Opened from its edit link: saving changes this game." if kept.can_edit
                   else "Opened from its play link: saving keeps your changes as a new game "
                        "with links of its own.")
    st.file_uploader("Open a game's file", type=["toml"], key="house_upload",
                     on_change=_uploaded, max_upload_size=1,
                     help=f"At most {LIMITS.bytes:,} bytes.")
