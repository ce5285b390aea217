"""The end of a game night, on every screen: the final standings (chips, net won or lost,
hands won, biggest pot), the settle-up in money at the chip value the host sets, and the
downloads (the ledger as CSV, the night's hands as PHH and as text, as the table saw
them). The night stays readable from every link until the host removes it.

Everything is read from the record's running totals (``ui.night.settle``), so the
results cost the same after 200 hands as after one.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import streamlit as st

from ui.components.plain import plain
from ui.components.table import presenter_screen
from ui.night import settle
from ui.night.controller import Night, Seat, Snapshot
from ui.night.notice import P, show_told, tell
from ui.night.show import show_chips
from ui.night.tv_table import tv_style_html


def standings_html(data: Mapping[str, Any], *, you: int | None = None,
                   big: bool = False) -> str:
    """The standings, the biggest winner first, as a table (names escaped); ``you``: the
    viewer's own chair, in bold. The computer players follow in a table of their own, in
    chips only: they play for no money."""
    size = 30 if big else 16
    rows = settle.standings(data)
    people = [row for row in rows if row.person]
    computers = [row for row in rows if not row.person]
    parts = [_table(people, ["", "Player", "Chips", "Bought in", "Net", "Hands won",
                             "Biggest win"], you=you, size=size)] if people else []
    if computers:
        parts.append(f'<div style="font-size:{size}px;font-weight:700;margin:12px 0 4px">'
                     f"The computer players, in chips (they play for no money)</div>")
        parts.append(_table(computers, ["", "Player", "Chips", "Net", "Hands won",
                                        "Biggest win"], you=you, size=size))
    return "".join(parts)


def _table(rows: list[settle.Standing], head: list[str], *, you: int | None,
           size: int) -> str:
    """Standings as a table that fits a phone's width: the numbers in narrow columns, a
    long name wrapping in its own."""
    pad = "4px 3px" if size < 20 else "4px 12px"
    cells = "".join(f'<th style="padding:{pad};text-align:{"left" if i < 2 else "right"}">'
                    f"{word}</th>" for i, word in enumerate(head))
    lines = []
    for rank, row in enumerate(rows, start=1):
        net = f"{row.net:+d}" if row.net else "0"
        colour = "#1d6b3a" if row.net > 0 else "#8c1d18" if row.net < 0 else "#1f2421"
        weight = "font-weight:800;" if row.player == you else ""
        name = row.name + (" (you)" if row.player == you else "") + \
            (" · left early" if row.left else "")
        values = [str(rank), html.escape(name), str(row.chips),
                  *([str(row.bought)] if "Bought in" in head else []),
                  f'<span style="color:{colour};font-weight:700">{net}</span>',
                  str(row.hands_won), str(row.biggest_win)]
        lines.append("<tr>" + "".join(
            f'<td style="padding:{pad};{weight}text-align:{"left" if i < 2 else "right"};'
            f'{"overflow-wrap:anywhere" if i == 1 else "white-space:nowrap"}">'
            f"{value}</td>" for i, value in enumerate(values)) + "</tr>")
    return (f'<table style="border-collapse:collapse;width:100%;max-width:100%;'
            f'font-size:{size}px;font-variant-numeric:tabular-nums;color:#1f2421">'
            f'<thead><tr>{cells}</tr></thead><tbody>{"".join(lines)}</tbody></table>')


def settle_up_html(data: Mapping[str, Any], *, big: bool = False) -> str:
    """Who pays whom among the people, at the host's chip value; or that the host has yet
    to set it. What the computer players won or lost is said apart: nobody pays them."""
    size = 30 if big else 16
    cents = data.get("chip_cents")
    if not isinstance(cents, int) or cents <= 0:
        return (f'<div style="font-size:{size}px;color:#3d453f">The host sets what a chip is '
                f"worth; then who pays whom shows here.</div>")
    payments = settle.settle_up(settle.balances(data, cents))
    lines = settle.payments_text(payments, data) or ["Nobody owes anybody anything."]
    said = "".join(f'<li style="margin:3px 0;font-size:{size}px">{html.escape(line)}</li>'
                   for line in lines)
    return (f'<div style="font-size:{size}px;color:#1f2421">A chip is worth '
            f"{html.escape(settle.money(cents))}, rebuys counted."
            f'<ul style="margin:6px 0;padding-left:1.2em">{said}</ul>'
            f"{_computers_said(data, size, paid=bool(payments))}</div>")


def _computers_said(data: Mapping[str, Any], size: int, *, paid: bool) -> str:
    """What the computer players' chips mean for the money, when there are any: with no
    payment (no person won, or none lost), why nobody pays anybody."""
    if all(row.person for row in settle.standings(data)):
        return ""
    won = settle.computers_won(data)
    if won > 0:
        text = (f"The computer players won {won} chips from the people. Nobody pays them: "
                + ("those who lost pay the winners, each in proportion to what they lost."
                   if paid else "no person won chips tonight, so nobody pays anything."))
    elif won < 0:
        text = (f"The people won {-won} chips from the computer players. Nobody is paid "
                + ("for those: the winners share what the losers pay, each in proportion to "
                   "what they won." if paid else
                   "for those, and no person lost chips tonight, so nobody pays anything."))
    else:
        text = "The computer players ended level: they pay nothing and are paid nothing."
    return f'<div style="font-size:{max(14, size - 4)}px;color:#3d453f">{text}</div>'


def results(night: Night, seat: Seat, snap: Snapshot) -> None:
    """The results, as the screen that opened them may see them."""
    data = snap.data
    if seat.is_tv:
        presenter_screen()
        st.html(tv_style_html())
        st.html(results_tv_html(data))
        return
    st.title("The night is over: the results", anchor=False)
    show_told()
    you = seat.player
    st.html(standings_html(data, you=you))
    st.subheader("The settle-up", anchor=False)
    st.html(settle_up_html(data))
    if seat.is_host:
        chip_value(night, seat, data)
    if Night.may_download(seat, snap):
        downloads(night, seat, snap)
    with st.expander("Chips over the night", expanded=seat.is_host):
        show_chips(data, key=f"{P}_results", chart=True)
    if seat.is_host:
        with st.expander("Remove the night"):
            st.caption("The results, the hands and every link go for good. Download what you "
                       "want to keep first.")
            if st.button("Remove the night now", key=f"{P}_remove", type="primary"):
                tell(night.remove(seat))
                del st.query_params["t"]
                st.rerun()


def results_tv_html(data: Mapping[str, Any]) -> str:
    """The TV's results: the standings beside the settle-up, in type for a room."""
    return (f'<div style="color:#1f2421"><div style="font-size:56px;font-weight:800;'
            f'margin-bottom:16px">The night is over: the results</div>'
            f'<div style="display:flex;gap:48px;align-items:flex-start">'
            f'<div>{standings_html(data, big=True)}</div><div style="flex:1">'
            f'<div style="font-size:36px;font-weight:800;margin-bottom:8px">The settle-up</div>'
            f"{settle_up_html(data, big=True)}</div></div></div>")


def chip_value(night: Night, seat: Seat, data: Mapping[str, Any]) -> None:
    """The host's chip value, for the settle-up every screen shows."""
    cents = data.get("chip_cents")
    with st.form(f"{P}_chip_value", border=False, enter_to_submit=True):
        typed = st.text_input("A chip is worth (in your money, such as 0.05)", max_chars=12,
                              value=settle.money(cents) if isinstance(cents, int) else "",
                              key=f"{P}_chip_value_typed")
        if st.form_submit_button("Settle up at this value", key=f"{P}_chip_value_set"):
            outcome = night.set_chip_value(seat, typed)
            if not outcome.ok:
                st.warning(plain(outcome.message))
            else:
                tell(outcome)
                st.rerun()


def downloads(night: Night, seat: Seat, snap: Snapshot) -> None:
    """The ledger and the night's hands, made when clicked."""
    cents = snap.data.get("chip_cents")
    value = settle.money(cents) if isinstance(cents, int) and cents > 0 else "0.01"
    files = st.columns(3)
    files[0].download_button(
        "The ledger (CSV)", data=lambda: night.ledger(seat, snap, value).message,
        file_name="game-night-ledger.csv", mime="text/csv", on_click="ignore",
        key=f"{P}_ledger", icon=":material/download:",
        help="Each player's buy-ins, chips and net, and who pays whom"
             + ("" if isinstance(cents, int) else " (at a cent a chip until the host sets it)"))
    files[1].download_button(
        "The hands (PHH)", data=lambda: night.table_phh(seat, snap) or "",
        file_name="game-night.phhs", mime="text/plain", on_click="ignore",
        key=f"{P}_phh", icon=":material/download:",
        help="Every hand as the table saw it, for poker tools; no card that stayed down")
    files[2].download_button(
        "The hands (text)", data=lambda: night.table_record(seat, snap) or "",
        file_name="game-night.txt", mime="text/plain", on_click="ignore",
        key=f"{P}_text", icon=":material/download:",
        help="Every hand as the table saw it, in words")
