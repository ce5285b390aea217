"""What the game night's screens draw beyond the table itself: links as QR codes (at an
address a phone can open: ``ui.night.address``), the players' names on the seats and in
the narration, the running chips table and the chart of the night.

Nothing a guest typed reaches HTML unescaped: names go into seat panels (which
escape them), into the chips table (escaped) and charts (which treat them as text); a QR
code is segno's SVG as an image whose only words are escaped.
"""

from __future__ import annotations

import base64
import functools
import html
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import plotly.graph_objects as go
import segno
import streamlit as st

from engine.games import GAMES
from engine.state import Event, HandView
from ui import registry
from ui.night import record
from ui.night.address import LinkBase, link_base
from ui.night.names import name_seats

QR_PX = 240
"""A QR code's side on screen: about 6 cm on a TV, readable by a phone across a table."""


def show_address(base: LinkBase) -> None:
    """What the host and the TV are told of the links' address, when there is something to
    tell: the network address phones use instead of this computer's own, or that none
    was found."""
    if base.note:
        (st.info if base.reachable else st.warning)(base.note, icon=":material/wifi:")


@functools.lru_cache(maxsize=64)
def _qr_svg(url: str) -> str:
    """segno's SVG of ``url``, base64 for an image's address. Kept: the host's and the TV's
    screens draw the same codes again on every redraw until they are scanned."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, border=2, xmldecl=False)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def qr_html(url: str, *, label: str, px: int = QR_PX, label_px: int = 18) -> str:
    """A QR code of ``url`` drawn from segno's SVG, with ``label`` (escaped) as its words."""
    data = _qr_svg(url)
    words = html.escape(label, quote=True)
    return (f'<figure style="margin:0;text-align:center"><img src="data:image/svg+xml;base64,'
            f'{data}" width="{px}" height="{px}" alt="QR code: {words}" '
            f'style="image-rendering:pixelated;background:#fff"/>'
            f'<figcaption style="font-weight:700;font-size:{label_px}px">{words}</figcaption>'
            f'</figure>')


def show_links(links: Mapping[str, str], names: Sequence[str], *, columns: int = 4,
               px: int = QR_PX) -> None:
    """Each link nobody has opened yet, as a QR code and its short text, and the address
    they carry when it is not the one this browser used."""
    if not links:
        return
    base = link_base(st.context.url)
    show_address(base)
    cells = st.columns(min(columns, len(links)))
    for index, (role, secret) in enumerate(sorted(links.items())):
        player = record.player_of_role(role)
        who = "The TV" if role == "tv" else names[player] if player is not None else role
        url = base.link(secret)
        with cells[index % len(cells)]:
            st.html(qr_html(url, label=who, px=px))
            st.code(url, language=None, wrap_lines=True)


def codes_html(links: Mapping[str, str], names: Sequence[str], *, base: LinkBase,
               px: int, most: int) -> str:
    """The first ``most`` unopened links as QR codes in a grid, named, for the TV (which
    shows no text to copy); how many more wait on the host's screen; and the address the
    codes carry when it is not the TV's own."""
    shown = sorted(links.items())[:most]
    cells = []
    for role, secret in shown:
        player = record.player_of_role(role)
        who = "The TV" if role == "tv" else names[player] if player is not None else \
            "Scan to join" if role == "join" else role
        cells.append(qr_html(base.link(secret), label=who, px=px, label_px=24))
    more = len(links) - len(shown)
    notes = ([f"{more} more on the host's screen."] if more > 0 else []) + \
        ([f"Phones open {base.origin}" if base.reachable else base.note] if base.note else [])
    said = "".join(f'<div style="font-size:24px;line-height:1.3">{html.escape(n)}</div>'
                   for n in notes)
    return (f'<div style="display:grid;grid-template-columns:repeat(2,1fr);gap:0 12px;'
            f'justify-items:center">{"".join(cells)}</div>{said}')


def rules_links(game_id: str) -> str:
    """Markdown links, opened beside the night's screen (which stays as it is): the rules
    of the game being dealt, and the rest of the site. A night's screens show no page
    list (see ``ui.sidebar.navigation_position``). Relative, so that they follow the site
    wherever it is served."""
    site_game = registry.site_game(game_id)
    rules = ("" if site_game is None or site_game.page is None else
             f"[How to play {GAMES[game_id].name} ↗]({site_game.page.url_path}) · ")
    return f"{rules}[The rest of the site ↗](./)"


def named(view: HandView, data: Mapping[str, Any]) -> HandView:
    """The view with each seat called by its player's name ("Ann"), and the settlement's
    words too: people keep their chair all night while the seat numbers move with the
    button, so a number would name someone else each hand."""
    names = record.seat_names(data)
    seats = tuple(replace(s, name=names[s.seat], notes=tuple(with_names(n, data) for n in s.notes))
                  for s in view.seats)
    settlement = view.settlement
    if settlement is not None:
        settlement = replace(settlement, awards=tuple(
            replace(a, rule=with_names(a.rule, data), part=with_names(a.part, data),
                    pot=with_names(a.pot, data)) for a in settlement.awards))
    return replace(view, seats=seats, settlement=settlement)


def with_names(text: str, data: Mapping[str, Any]) -> str:
    """``text`` with each seat of this hand called by its player's name: "Seat 2 bets"
    becomes "Ann bets", "Seat 1, Seat 2 and Seat 3 choose" "Ann, Ben and Cat choose"."""
    return record.name_hand_text(text, data)


def named_events(events: Sequence[Event], data: Mapping[str, Any]) -> list[Event]:
    """The narration with the players' names (see :func:`with_names`)."""
    names = tuple(record.seat_names(data))
    return [_named_event(e, names) for e in events]


@functools.lru_cache(maxsize=4096)
def _named_event(event: Event, names: tuple[str, ...]) -> Event:
    """One event with names for seats, made once: every screen at every version of a hand
    shows the hand's events again (an event and the names are values, so a kept one is
    the one made again; a few thousand are kept, the latest used)."""
    return replace(event, text=name_seats(event.text, names), rule=name_seats(event.rule, names),
                   private=name_seats(event.private, names) if event.private else "")


@dataclass(frozen=True, slots=True)
class ChipsTable:
    """Chips per player before the night and after each hand: one row per moment, one
    column per player, oldest first. Plain tuples, so that a redraw costs no data frame."""

    names: tuple[str, ...]
    labels: tuple[str, ...]
    rows: tuple[tuple[int | None, ...], ...]
    """None: the chair was not at the table yet."""


def chips_table(data: Mapping[str, Any]) -> ChipsTable:
    labels = ["Start"] + [f"Hand {h['number']} · {GAMES[h['game']].name}"
                          for h in data["hands"]]
    return ChipsTable(tuple(p["name"] for p in data["players"]), tuple(labels),
                      tuple(tuple(row) for row in record.chips_over_night(data)))


def chips_html(table: ChipsTable) -> str:
    """The chips table, the latest hand first, as a plain HTML table (names escaped).

    Every screen draws it again on every decision; an interactive data grid would cost
    each redraw a conversion on the server and a large script in the browser. Its type
    and padding are small enough that four chairs with their default names ("Computer 3")
    fit a 390 px phone without a sideways swipe."""
    def cells(tag: str, values: Sequence[object]) -> str:
        return "".join(f'<{tag} style="padding:2px 4px;text-align:{"left" if i == 0 else "right"}">'
                       f'{html.escape("–" if v is None else str(v))}</{tag}>'
                       for i, v in enumerate(values))

    head = cells("th", ["After", *table.names])
    rows = "".join(f"<tr>{cells('td', [label, *values])}</tr>"
                   for label, values in zip(table.labels[::-1], table.rows[::-1], strict=True))
    return (f'<div style="max-height:260px;overflow:auto"><table style="border-collapse:collapse;'
            f'width:100%;font-size:14px;font-variant-numeric:tabular-nums"><thead><tr>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")


def stacks_chart(table: ChipsTable) -> go.Figure:
    """The stacks over the night, one line per player, from the first hand it was at the
    table for."""
    figure = go.Figure()
    for player, name in enumerate(table.names):
        moments = [(x, row[player]) for x, row in enumerate(table.rows)
                   if row[player] is not None]
        figure.add_trace(go.Scatter(x=[x for x, _ in moments], y=[y for _, y in moments],
                                    mode="lines+markers", name=name))
    figure.update_layout(height=300, margin={"l": 10, "r": 10, "t": 30, "b": 10},
                         title="Stacks over the night", xaxis_title="Hands played",
                         xaxis_dtick=1, yaxis_title="Chips")
    return figure


def show_chips(data: Mapping[str, Any], *, key: str, chart: bool = True) -> None:
    """The running table of chips, the latest first, and the chart of stacks over the night.

    The chart is made again only when a hand has ended: the host's screen redraws on
    every decision, and making a figure costs more than the rest of a redraw. It is kept
    in this screen's own session, never shared with another."""
    table = chips_table(data)
    st.html(chips_html(table))
    if chart and len(table.rows) > 1:
        kept = st.session_state.get(f"{key}_figure")
        if kept is None or kept[0] != table:
            kept = st.session_state[f"{key}_figure"] = (table, stacks_chart(table))
        st.plotly_chart(kept[1], key=f"{key}_chart")
