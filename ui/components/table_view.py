"""A hand's table as one block of HTML: every seat, the board(s) and the pot.

Rendered from an engine ``HandView`` (what one viewer may see), so hidden
cards never reach the page unless the view holds them. Cards the viewer sees
face down (its own hole cards, or every card in the host's view) carry a
shaded corner; dead cards are greyed. Every name is escaped.
"""

from __future__ import annotations

import html
from collections.abc import Collection

import streamlit as st

from engine.cards import Card
from engine.state import HandView, SeatView
from ui.components.cards import Size, back_html, card_html
from ui.sidebar import deck_style

_PANEL = ("border:1px solid #c9d2c6;border-radius:10px;padding:8px 10px;background:#ffffff;"
          "min-width:0;")
_ACTING = "border:2px solid #e0a100;box-shadow:0 0 0 3px rgba(224,161,0,.18);"
_SMALL = "font-size:13px;color:#4a524c;line-height:1.35"


def _seat_cards(seat: SeatView, size: Size, four_colour: bool,
                played: Collection[Card] = ()) -> str:
    faces = []
    for seen in seat.cards:
        if seen.card is None:
            faces.append(back_html(size=size, dimmed=seen.dead))
        else:
            faces.append(card_html(seen.card, size=size, four_colour=four_colour,
                                   down=not seen.up, dimmed=seen.dead,
                                   marked=seen.card in played))
    if not faces:
        return f'<div style="{_SMALL}">No cards</div>'
    return ('<div style="display:flex;flex-wrap:wrap;gap:5px;margin:6px 0" role="group" '
            f'aria-label="{html.escape(seat.name)}\'s cards">{"".join(faces)}</div>')


def _shown_hands(view: HandView) -> dict[int, tuple[tuple[Card, ...], str]]:
    """At the end: each shown hand's five cards and name, as the settlement gives them."""
    if view.settlement is None:
        return {}
    return {seat: (cards, text) for award in view.settlement.awards
            for seat, cards, text in award.hands}


def _seat_panel(seat: SeatView, *, dealer: bool, acting: bool, size: Size,
                four_colour: bool, shown: tuple[tuple[Card, ...], str] | None,
                marked: Collection[Card]) -> str:
    badges = []
    if dealer:
        badges.append("dealer")
    if acting:
        badges.append("to act")
    if seat.folded:
        badges.append("folded")
    if seat.all_in:
        badges.append("all in")
    badge_html = "".join(
        '<span style="font-size:11px;font-weight:600;text-transform:uppercase;'
        'letter-spacing:.04em;background:#e9efe7;color:#1d6b3a;border-radius:8px;'
        f'padding:1px 7px;margin-left:6px">{html.escape(b)}</span>' for b in badges)
    money = f"{seat.stack} chips"
    if seat.bet:
        money += f" · bet {seat.bet}"
    lines = [seat.showing] if seat.showing and not seat.folded and shown is None else []
    if shown is not None:
        lines.append(f"Plays {shown[1][0].lower()}{shown[1][1:]} (cards ringed)")
    lines.extend(seat.notes)
    detail = "".join(f'<div style="{_SMALL}">{html.escape(line)}</div>' for line in lines)
    style = _PANEL + (_ACTING if acting else "") + ("opacity:.55;" if seat.folded else "")
    return (
        f'<section style="{style}" aria-label="{html.escape(seat.name)}">'
        f'<div style="font-weight:700;font-size:15px">{html.escape(seat.name)}{badge_html}</div>'
        f'<div style="{_SMALL}">{html.escape(money)}</div>'
        f"{_seat_cards(seat, size, four_colour, {*marked, *(shown[0] if shown else ())})}"
        f"{detail}</section>"
    )


def _board_panel(view: HandView, size: Size, four_colour: bool) -> str:
    rows = []
    for index, board in enumerate(view.boards):
        name = "Board" if len(view.boards) == 1 else f"Board {index + 1}"
        faces = "".join(card_html(c, size=size, four_colour=four_colour) for c in board)
        rows.append(
            f'<div style="display:flex;align-items:center;gap:10px;flex-wrap:wrap">'
            f'<span style="{_SMALL};width:58px">{name}</span>'
            f'<div style="display:flex;gap:5px;flex-wrap:wrap" role="group" '
            f'aria-label="{name}">{faces or "<em>no cards yet</em>"}</div></div>'
        )
    side_pots = len(view.pots) > 1 and any(seat.all_in for seat in view.seats)
    pots = ", ".join(f"{p.amount}" for p in view.pots) if side_pots else ""
    pot_line = f"Pot: {view.pot_total}" + (f" (main and side pots: {pots})" if pots else "")
    street = f"{view.street} · " if view.street else ""
    return (
        f'<div style="{_PANEL}background:#e9efe7;display:flex;flex-direction:column;gap:6px">'
        f'<div style="font-weight:700">{html.escape(street)}{html.escape(pot_line)}</div>'
        f'{"".join(rows)}</div>'
    )


def table_html(view: HandView, *, four_colour: bool = False, size: Size | str = Size.SMALL,
               highlight: Collection[int] = (), marked: Collection[Card] = ()) -> str:
    """The whole table: a summary strip (street, pot, boards) above a grid of seats.

    ``highlight`` names seats to ring (by default, the seats due to act);
    ``marked`` names cards to ring (a first up card), as are, once the hand is
    over, the five cards of every hand shown.
    """
    card_size = Size(size)
    ringed = set(highlight) if highlight else set(view.to_act)
    shown = _shown_hands(view)
    panels = "".join(
        _seat_panel(seat, dealer=seat.seat == view.dealer, acting=seat.seat in ringed,
                    size=card_size, four_colour=four_colour, shown=shown.get(seat.seat),
                    marked=marked)
        for seat in view.seats
    )
    width = {Size.SMALL: 250, Size.MEDIUM: 330, Size.LARGE: 460}[card_size]
    return (
        '<div style="display:flex;flex-direction:column;gap:10px">'
        f"{_board_panel(view, card_size, four_colour)}"
        f'<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax({width}px,1fr));'
        f'gap:10px">{panels}</div></div>'
    )


def show_table(view: HandView, *, size: Size | str = Size.SMALL,
               highlight: Collection[int] = (), marked: Collection[Card] = ()) -> None:
    """Draw the table in the page, in the sidebar's deck style.

    Through markdown's raw HTML rather than ``st.html``, whose sanitizer drops
    inline SVG; every piece of text in the table is escaped here.
    """
    st.markdown(table_html(view, four_colour=deck_style() == "four-colour", size=size,
                           highlight=highlight, marked=marked), unsafe_allow_html=True)
