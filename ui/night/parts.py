"""The parts of a TV's or a phone's screen that a decision changes (whose turn, the
narration, the table, the version drawn), as HTML.

A screen's run draws them, and its socket (``ui.night.watch``) sends them again when
nothing else on that screen changed: a decision then redraws only the screens whose
controls it changes (the seat that acted, the seat to act next), and every other screen,
the host's too, takes the new parts in place. Both ways use :func:`parts_for`, so a
screen shows the same whichever way the table reached it, and only what its own view
holds.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from engine.state import HandView
from ui.components.actions import next_up
from ui.components.table import Part, log_html, table_html
from ui.night import record
from ui.night.controller import Seat, Snapshot
from ui.night.show import named, named_events, with_names
from ui.night.tv_table import round_table_html, tv_news_html
from ui.odds.hand_link import live_hand_link
from ui.sessions.reasons import with_reasons

PART = "data-night-part"
"""The attribute naming a part's element on the page, where a pushed part goes."""
AT = "data-night-at"
"""The attribute holding the version a screen shows (the tests and the bench wait on it)."""
_CAPTION = "font-size:0.875rem;color:rgba(31,36,33,0.6)"


DRAWN = "data-night-drawn"
"""The attribute holding the version a run drew a part's element at: a push made on that
version (or an older one) may fill it, never one of a later run's."""


def part_html(name: str, inner: str, version: int | None = None) -> str:
    """A part's element as the run at ``version`` draws it, holding its HTML: what a push
    replaces in place. The table's own bottom margin is taken back, as Streamlit's
    markdown does for its last block."""
    drawn = "" if version is None else f' {DRAWN}="{version:d}"'
    return f'<div {PART}="{name}"{drawn} style="margin-bottom:-1rem">{inner}</div>'


def at_html(version: int) -> str:
    """The line saying which version of the table the screen shows."""
    return (f'<div {AT}="{version}" style="{_CAPTION}">Table version {version}: this screen '
            f'follows the table by itself.</div>')


def viewer_view(seat: Seat, snap: Snapshot) -> HandView:
    """The view this screen may draw, with the players' names on the seats (made once a
    snapshot for each screen, and kept with it)."""

    def make() -> HandView:
        view = snap.view_for(seat)
        assert view is not None
        return named(view, snap.data)

    return snap.kept(("named view", seat.role), make)


def parts_for(seat: Seat, snap: Snapshot, *, four_colour: bool,
              view: HandView | None = None) -> dict[str, str]:
    """The HTML of each part of a screen at this snapshot, from the view that screen may
    see and nothing else (``view``, when the screen's run has made it). Made once a
    snapshot for each screen and deck (its run and its socket's push draw the same)."""
    if view is not None and (seat.is_join or view is not viewer_view(seat, snap)):
        return _parts(seat, snap, four_colour=four_colour, view=view)
    return dict(snap.kept(("parts", seat.role, four_colour), lambda: _parts(
        seat, snap, four_colour=four_colour, view=viewer_view(seat, snap))))


def _turn(snap: Snapshot) -> str:
    """Who decides next, with names, as every screen of the snapshot says it."""
    state = snap.state
    assert state is not None
    return snap.kept("turn", lambda: with_names(next_up(state), snap.data))


def _parts(seat: Seat, snap: Snapshot, *, four_colour: bool, view: HandView) -> dict[str, str]:
    data, state = snap.data, snap.state
    assert state is not None
    events = named_events(with_reasons(view.events, record.reasons(data)), data)
    turn = html.escape(_turn(snap))
    at = at_html(snap.version)
    if seat.is_host:
        return {"turn": f'<p style="font-weight:600;margin:0 0 1rem">{turn}</p>',
                "table": table_html(view, four_colour=four_colour),
                "log": log_html(events, latest_first=True, empty="Nothing yet.",
                                scroll_height="420px"),
                "at": at}
    if seat.is_tv:
        return {"table": round_table_html(view, data, turn=_turn(snap),
                                          four_colour=four_colour),
                "log": tv_news_html(data, state, events),
                "at": at}
    assert seat.player is not None
    engine_seat = record.engine_seat(data, seat.player)
    you = set() if engine_seat is None else {engine_seat}
    return {"turn": f'<div style="{_CAPTION};padding-bottom:1rem">{turn}</div>',
            "mine": table_html(view, four_colour=four_colour, you=you, part=Part.YOURS),
            "log": log_html(events, latest_first=True, empty="Nothing yet.",
                            scroll_height="260px"),
            "others": table_html(view, four_colour=four_colour, you=you, part=Part.OTHERS),
            "odds": _odds_html(live_hand_link(state, view)),
            "at": at}


def _odds_html(link: str | None) -> str:
    """A phone's link to the odds of the hand as its guest sees it now, opened beside the
    night's screen; nothing when they hold no cards in a hand still being played. A part,
    so that it follows each decision (after a pass, the cards the guest holds now)."""
    if link is None:
        return ""
    return (f'<p style="margin:0 0 1rem"><a href="{html.escape(link)}" target="_blank" '
            f'rel="noopener">Odds of this hand as you see it ↗</a></p>')


def only_parts_moved(seat: Seat, before: Snapshot, now: Snapshot) -> bool:
    """Whether a screen drawn at ``before`` shows ``now`` by taking new parts alone: the
    table moved by decisions only (everything else in the record is as it was), the hand
    is not over, and the screen is the host's, the TV or a player who was not to act and
    still is not (a seat to act redraws its decisions); never the lobby's join screen, which
    draws no parts."""
    if seat.is_join or _steady(before.data) != _steady(now.data):
        return False
    for snap in (before, now):
        state = snap.state
        if state is None or state.is_over:
            return False
        if seat.player is not None:
            engine_seat = record.engine_seat(snap.data, seat.player)
            if engine_seat is not None and engine_seat in state.to_act:
                return False
    return True


def _steady(data: Mapping[str, Any]) -> dict[str, Any]:
    """The record without the hand's decisions (and the computer players' reasons for
    them): what must not change for a push to be enough."""
    hand = data["hand"]
    return {**data, "hand": None if hand is None else
            {k: v for k, v in hand.items() if k not in ("actions", "reasons")}}
