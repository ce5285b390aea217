"""A hand's link on the page: read from the address bar when it is new, written back to
it sealed after every change, and shown to copy (``ui/sessions/share.py`` reads and
writes the links themselves)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, Self, TypeVar
from urllib.parse import urlencode

import streamlit as st

from engine.state import HandState
from ui.components.deal_setup import sidebar_game_chosen
from ui.night.address import PAGE as NIGHT_PAGE
from ui.night.address import LinkBase, link_base
from ui.night.show import qr_html, show_address
from ui.sessions.notice import Notice, Tone
from ui.sessions.share import HandLink, seat_hint


def incoming_link(prefix: str) -> dict[str, str] | None:
    """The page's query parameters if they are new (typed, pasted, opened), else ``None``.

    Parameters this page wrote itself (see :func:`write_link`) are not new, nor the ones it
    has just read: a rerun before the page writes its own (the sidebar following the
    table's game) would open the same link again.
    """
    current = st.query_params.to_dict()
    if not {"game", "hand"} & set(current) \
            or current in (st.session_state.get(f"{prefix}_link_written"),
                           st.session_state.get(f"{prefix}_link_read")):
        return None
    st.session_state[f"{prefix}_link_read"] = current
    return current


T = TypeVar("T", bound="Table")
QR_PX = 280
"""A hand's link holds its whole line of decisions, so its code is dense: drawn a little
larger than a game night's."""


class Table(Protocol):
    """What a page's table controller offers the address bar (PlaySession, HostSession)."""

    state: HandState
    notice: Notice | None

    def open_link(self, params: Mapping[str, str]) -> Self: ...

    @classmethod
    def open_first(cls, params: Mapping[str, str], *, fresh: Callable[[], Self]) -> Self: ...


def open_from_address(prefix: str, current: T | None, *, kind: type[T], fresh: Callable[[], T],
                      put: Callable[[T], None]) -> None:
    """The page's table (a ``kind``) as its address and the sidebar ask: on a first visit
    the linked table, or a fresh one when there is no link or it cannot be opened (never
    both: dealing a fresh table, with its computer players playing, only to drop it for the
    link slowed a link's first opening); a new link, its table; a game just chosen in the
    sidebar, a fresh table of it."""
    params = incoming_link(prefix)
    if current is None:
        current = kind.open_first(params, fresh=fresh) if params else fresh()
        put(current)
    elif params:
        current = current.open_link(params)
        put(current)
    if sidebar_game_chosen(prefix, current.state.game.id):
        table = fresh()
        table.notice = Notice(Tone.SUCCESS, f"A new table of {table.state.game.name}: the game "
                                            "chosen for the whole site.")
        put(table)


def sealed_once(key: str, link: HandLink) -> dict[str, str]:
    """``link.sealed()``, made again only when the link changes.

    A seal is new each time it is made; sealing on every rerun would
    rewrite the address bar and the link on the screen every time.
    """
    fingerprint = (link.params(), link.typed, link.guest)
    kept = st.session_state.get(key)
    if kept is None or kept[0] != fingerprint:
        kept = (fingerprint, link.sealed())
        st.session_state[key] = kept
    return dict(kept[1])


def write_link(prefix: str, link: HandLink) -> dict[str, str]:
    """Put the hand's sealed link in the address bar, so it is always the share link; return
    its parameters."""
    wanted = sealed_once(f"{prefix}_link_sealed", link)
    if st.query_params.to_dict() != wanted:
        st.query_params.from_dict(wanted)
    st.session_state[f"{prefix}_link_written"] = wanted
    st.session_state.pop(f"{prefix}_link_read", None)  # the same link opened again is new
    return wanted


def link_url(params: Mapping[str, str], *, path: str, base: LinkBase) -> str:
    """The full address of the link on this site, at the address ``base`` says a phone can
    open (a game night's: the network address when the page was opened at localhost).

    >>> night = LinkBase("http://192.168.1.5:8501/night")
    >>> link_url({"game": "razz"}, path="host", base=night)
    'http://192.168.1.5:8501/host?game=razz'
    >>> link_url({"game": "razz"}, path="play", base=LinkBase("https://x.org/cards/night"))
    'https://x.org/cards/play?game=razz'
    """
    site = base.url.removesuffix(NIGHT_PAGE)
    return f"{site}/{path}?{urlencode(dict(params), safe=':,')}"


def show_share(link: HandLink, sealed: Mapping[str, str], *, path: str, what: str,
               code: bool = False, tell_address: bool = True) -> None:
    """The sealed link to copy (``sealed``, :func:`write_link`'s), and what it reopens;
    with ``code``, its QR code for a guest's phone to scan; with ``tell_address``, the
    address it carries when that is not the one this browser used.

    A text box, not ``st.code``: a code block makes each new visitor's browser load a
    syntax highlighter of over a megabyte, which doubled the time Play and Host took to
    open."""
    base = link_base(st.context.url)
    url = link_url(sealed, path=path, base=base)
    st.text_input("The link to share", value=url,
                  help="Select it and copy it; typing in this box changes nothing.")
    if tell_address:
        show_address(base)
    if code:
        st.html(qr_html(url, label="Scan to open this hand", px=QR_PX))
    st.caption(f"It reopens {what}. {seat_hint(link)} The link is sealed: only this site "
               "can open it, so reading it gives nothing away, and it cannot be edited.")
