"""The play and host table: every seat, the board(s), the pots, whose turn, the log
and the showdown, drawn as escaped HTML from an engine ``HandView``.

The engine decides what a viewer may see (``engine/views.py`` for a screen
people share: ``public_view`` and ``host_view``, still importable from here);
this module only draws views.

Two sizes: the ordinary table, and a presenter table with large cards and
large type that reads from across a room.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Sequence
from enum import StrEnum
from types import MappingProxyType

import streamlit as st

from engine.cards import Card
from engine.deals import deal_plan
from engine.state import (
    Event,
    EventKind,
    HandView,
    SeatView,
    SeenCard,
    Settlement,
    seat_name,
)
from engine.views import host_view as host_view
from engine.views import public_view as public_view
from ui.components.cards import Size, back_html, card_html
from ui.sidebar import deck_style

# The table's colours follow the visitor's light or dark setting: the site's style
# (``ui.sidebar.site_style``) sets these variables for a dark screen; the colour after each
# comma is the light one. The cards keep their own white paper in both.
_INK = "var(--dc-ink, #1f2421)"
_MUTED = "var(--dc-muted, #4a524c)"
_GREEN = "var(--dc-accent, #1d6b3a)"
_GOLD = "#e0a100"
_FELT = "var(--dc-felt, #e9efe7)"
_PANEL = "var(--dc-panel, #ffffff)"
_LINE = "var(--dc-line, #c9d2c6)"
_TURN = "var(--dc-turn, #5a4300)"
_GREY_INK = "#4a524c"
"""Muted words on a badge's own light background, in either setting."""


def _esc(text: object) -> str:
    return html.escape(str(text))


# --- pieces ---------------------------------------------------------------------


_CARD_PX = MappingProxyType({Size.SMALL: 50, Size.MEDIUM: 74, Size.LARGE: 108})
_SHOWN = 0.62
"""How much of each card a fanned hand shows: the corner's rank and suit stay readable."""
_SHOWN_TIGHT = 0.45
"""The presenter's tighter fan: still the whole corner, so ten seats fit one screen."""
_DEAD_SLIVER = 0.22
"""How much of a dead card a crowded fan keeps: it squeezes dead cards before live ones."""
_SEAT_FRAME = 30
"""A seat box's padding and its widest (gold) border, both sides: what it adds to a fan."""


def _fan_width(cards: int, size: Size, *, shown: float = _SHOWN) -> int:
    """The narrowest a fanned row of ``cards`` cards gets, in pixels."""
    width = _CARD_PX[size]
    return width + max(cards - 1, 0) * round(width * shown)


def cards_row(cards: Sequence[SeenCard], *, size: Size, four_colour: bool, label: str,
               hidden_down: bool = False, fanned: bool = False,
               shown: float = _SHOWN, marked: Collection[Card] = ()) -> str:
    """A seat's cards in deal order.

    ``fanned`` cards overlap only as much as the panel's width demands, down
    to showing each card's corner (its rank and suit); the last card is
    always whole. Dead cards go last, so a greyed card never covers a live one,
    and they are squeezed first, down to a sliver: live cards (a surviving
    pair at the showdown) stay whole while there is room for them. Cards in
    ``marked`` are ringed.
    """
    width = _CARD_PX[size]
    if fanned:
        cards = [c for c in cards if not c.dead] + [c for c in cards if c.dead]
    faces = []
    for index, seen in enumerate(cards):
        if seen.card is None or (hidden_down and not seen.up):
            note = "Face-down card" + (", dead" if seen.dead else "")
            face = back_html(size=size, dimmed=seen.dead, label=note)
        else:
            face = card_html(seen.card, size=size, four_colour=four_colour,
                             down=not seen.up, dimmed=seen.dead, marked=seen.card in marked)
        if fanned and index < len(cards) - 1:
            shrink, keep = (40, _DEAD_SLIVER) if seen.dead else (1, shown)
            face = (f'<div style="flex:0 {shrink} {width + 5}px;min-width:{round(width * keep)}px">'
                    f'{face}</div>')
        faces.append(face)
    if not faces:
        return f'<div style="color:{_MUTED};font-style:italic">No cards</div>'
    layout = "flex-wrap:nowrap" if fanned else "flex-wrap:wrap;gap:5px"
    return (f'<div role="group" aria-label="{_esc(label)}" style="display:flex;{layout};'
            f'margin:6px 0;min-width:0">{"".join(faces)}</div>')


def badge(text: str, *, colour: str = _GREEN, background: str = _FELT) -> str:
    return (f'<span style="font-size:.72em;font-weight:700;text-transform:uppercase;'
            f'letter-spacing:.04em;background:{background};color:{colour};border-radius:8px;'
            f'padding:1px 7px;white-space:nowrap">{_esc(text)}</span>')


def last_actions(view: HandView) -> dict[int, str]:
    """Each seat's latest decision in the current street, in words ("raises to 20"), the
    other seats it names called by the view's names for them (a player's, at a night)."""
    names = {seat.seat: seat.name for seat in view.seats}
    latest: dict[int, str] = {}
    for event in view.events:
        if event.kind is EventKind.STREET:
            latest.clear()
        elif event.kind is EventKind.ACTION and event.seat is not None:
            words = event.text
            prefix = f"{seat_name(event.seat)} "
            words = words[len(prefix):] if words.startswith(prefix) else words
            latest[event.seat] = _SEAT_NUMBER.sub(
                lambda m: names.get(int(m.group(1)) - 1) or m.group(0), words)
    return latest


_SEAT_NUMBER = re.compile(r"\bSeat (\d+)\b")


def winnings(settlement: Settlement | None) -> dict[int, int]:
    """The chips each seat took from the pots: none in a hand passed out for want of
    openers, where the antes only went back."""
    won: dict[int, int] = {}
    if settlement is None or settlement.passed_out:
        return won
    for award in settlement.awards:
        for seat, chips in award.shares:
            won[seat] = won.get(seat, 0) + chips
    return won


Shown = tuple[tuple[str, tuple[Card, ...], str], ...]
"""A seat's shown hands at the end: (the part of the pot it played for, or "" for the
whole pot; its five cards; their name), one per different hand."""


def shown_hands(settlement: Settlement | None) -> dict[int, Shown]:
    """At the end: each shown hand's five cards and name, as the settlement gives them. A
    seat that played a different hand for each part of a pot (one per board in Double
    Sophie) has each, named by its part ("Board 1", "High")."""
    if settlement is None:
        return {}
    found: dict[int, dict[tuple[tuple[Card, ...], str], str]] = {}
    for award in settlement.awards:
        for seat, cards, words in award.hands:
            found.setdefault(seat, {}).setdefault((cards, words), part_label(award.part))
    return {seat: tuple((part if len(hands) > 1 else "", cards, words)
                        for (cards, words), part in hands.items())
            for seat, hands in found.items()}


def part_label(part: str) -> str:
    """A part of a pot as a caption's label.

    >>> part_label("board 2's half"), part_label("high half"), part_label("")
    ('Board 2', 'High', '')
    """
    words = part.removeprefix("the ").replace("'s half", "").replace(" half", "")
    return words[:1].upper() + words[1:]


def winning_cards(settlement: Settlement | None) -> dict[int, frozenset[Card]]:
    """At the end: the cards of each hand that won a part of a pot, by seat (a hand's board
    cards too: they are ringed on the board)."""
    won: dict[int, set[Card]] = {}
    for award in settlement.awards if settlement else ():
        for seat, cards, _ in award.hands:
            if seat in award.winners:
                won.setdefault(seat, set()).update(cards)
    return {seat: frozenset(cards) for seat, cards in won.items()}


def shown_lines(shown: Shown) -> list[str]:
    """What a seat played, one line per hand: "Plays three fives", or with several
    "Board 1: plays three fives" and "Board 2: plays a pair of fives"."""
    lines = []
    for part, _, words in shown:
        plays = f"plays {words[:1].lower() + words[1:]}"
        lines.append(f"{part}: {plays}" if part else plays[:1].upper() + plays[1:])
    return lines


def _seat_panel(seat: SeatView, view: HandView, *, size: Size, four_colour: bool,
                big: bool, you: Collection[int], hidden_down: bool, doing: str,
                won: int, shown: Shown | None,
                marked: Collection[Card], felt: bool = False) -> str:
    """One seat: name and badges, chips and bet, cards, what it did and shows, notes.

    The viewer's own cards lie side by side; the others' are fanned. On the ``felt``
    every hand is fanned tightly, the viewer's too, so seven cards fit a narrow seat (a
    fan with room to spare lies side by side all the same). Once the hand is
    over, a shown hand is named, and ``marked`` rings a winning hand's cards (the board's
    among them are ringed on the board): nothing else, so gold means "this won".
    """
    mine = seat.seat in you
    acting = seat.seat in view.to_act
    badges = []
    if mine:
        badges.append(badge("you", colour="#ffffff", background=_GREEN))
    if seat.seat == view.dealer:
        badges.append(badge("dealer"))
    if acting:
        badges.append(badge("to act", colour="#5a4300", background="#fbeec2"))
    if seat.folded:
        badges.append(badge("folded", colour=_GREY_INK, background="#eeeeee"))
    if seat.all_in:
        badges.append(badge("all in", colour="#7a1c1c", background="#f8e1e1"))
    if won:
        badges.append(badge(f"wins {won}", colour="#5a4300", background="#fbeec2"))
    money = f"{seat.stack} chips"
    if seat.bet:
        money += f" · bet {seat.bet}"
    lines = []
    if doing and not view.is_over:
        lines.append(f"<b>{_esc(doing[:1].upper() + doing[1:])}</b>")
    if shown:
        lines.extend(_esc(line) for line in shown_lines(shown))
        lines[-1] += _where_ringed(seat, view, marked)
    elif seat.showing and not seat.folded:
        lines.append(f"Showing {_esc(seat.showing[:1].lower() + seat.showing[1:])}")
    lines.extend(_esc(n) for n in seat.notes)
    detail = "".join(f'<div style="color:{_MUTED};line-height:1.35">{line}</div>'
                     for line in lines)
    border = f"3px solid {_GOLD}" if (acting or won) else f"1px solid {_LINE}"
    glow = "box-shadow:0 0 0 4px rgba(224,161,0,.18);" if acting else ""
    fade = "opacity:.55;" if seat.folded else ""
    name_px, text_px = (26, 19) if big else (15, 13)
    # The presenter's chips share the name's line: one line less per row of seats on a TV.
    # A narrow panel breaks that line before the chips or a badge, never inside them.
    money_html = f'<span style="color:{_MUTED};white-space:nowrap">{_esc(money)}</span>'
    money_inline = (f'<span style="font-weight:400;font-size:{text_px}px">'
                    f'{money_html}</span>') if big else ""
    money_below = "" if big else f"<div>{money_html}</div>"
    cards = cards_row(seat.cards, size=size, four_colour=four_colour,
                       label=f"{seat.name}'s cards", hidden_down=hidden_down,
                       fanned=felt or not mine, shown=_SHOWN_TIGHT if big or felt else _SHOWN,
                       marked=marked)
    return (
        f'<section aria-label="{_esc(seat.name)}" style="border:{border};{glow}{fade}'
        f'border-radius:12px;padding:8px 12px;background:{_PANEL};min-width:0;'
        f'font-size:{text_px}px;color:{_INK}">'
        f'<div style="font-weight:700;font-size:{name_px}px;display:flex;flex-wrap:wrap;'
        f'align-items:baseline;column-gap:8px"><span>{_seat_title(seat.name)}</span>'
        f'{money_inline}{"".join(badges)}</div>{money_below}{cards}{detail}</section>'
    )


def _where_ringed(seat: SeatView, view: HandView, ringed: Collection[Card]) -> str:
    """Where a winning hand's ringed cards lie, for its line: on the seat, on the board too
    (Omaha's three), or some at another seat (a partner's)."""
    if not ringed:
        return ""
    elsewhere = set(ringed) - {c.card for c in seat.cards}
    if not elsewhere:
        return " (cards ringed)"
    if elsewhere <= {c for board in view.boards for c in board}:
        return f" (cards ringed here and on the board{'s' if len(view.boards) > 1 else ''})"
    return " (cards ringed, some at another seat)"


def _seat_title(name: str) -> str:
    """A seat's name, escaped, that a narrow panel breaks only before its last part ("Ann ·"
    above "Seat 4"), never inside "Seat 4".

    >>> _seat_title("Ann · Seat 4")
    'Ann · <span style="white-space:nowrap">Seat 4</span>'
    """
    *player, own = name.split(" · ")
    return " · ".join([*map(_esc, player), f'<span style="white-space:nowrap">{_esc(own)}</span>'])


def _turn_line(view: HandView) -> str:
    if view.is_over:
        return "The hand is over"
    if not view.to_act:
        return ""
    named = [view.seats[s].name for s in view.to_act]     # a player's name, on game night
    names = ", ".join(named[:-1]) + f" and {named[-1]}" if len(named) > 1 else named[0]
    if len(view.to_act) > 1:
        return f"{names} choose at the same time, in secret"
    return f"{names} to act"


def pots_line(view: HandView) -> str:
    """The pot in words: "Pot 95", or each pot once a player is all in, "Main pot: 95 ·
    Side pot 1: 30" (a side pot's number is no part of its amount)."""
    if len(view.pots) > 1 and any(s.all_in for s in view.seats):
        return " · ".join(("Main pot" if i == 0 else f"Side pot {i}") + f": {p.amount}"
                          for i, p in enumerate(view.pots))
    return f"Pot {view.pot_total}"


def _centre(view: HandView, *, size: Size, four_colour: bool, big: bool,
            marked: Collection[Card] = ()) -> str:
    """The street, the pots, whose turn, and the boards (``marked`` cards ringed)."""
    rows = []
    for index, board in enumerate(view.boards):
        name = "Board" if len(view.boards) == 1 else f"Board {index + 1}"
        faces = "".join(card_html(c, size=size, four_colour=four_colour, marked=c in marked)
                        for c in board)
        rows.append(
            f'<div style="display:flex;align-items:center;gap:12px;flex-wrap:wrap">'
            f'<span style="min-width:70px;font-weight:600">{name}</span>'
            f'<div role="group" aria-label="{name}" style="display:flex;gap:6px;'
            f'flex-wrap:wrap">{faces or "<em>no cards yet</em>"}</div></div>')
    pots = pots_line(view)
    head_px = 30 if big else 17
    street = f"{view.street} · " if view.street else ""
    turn = _turn_line(view)
    return (
        f'<div style="background:{_FELT};border:1px solid {_LINE};border-radius:14px;'
        f'padding:10px 14px;display:flex;flex-direction:column;gap:8px;color:{_INK}">'
        f'<div style="display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;'
        f'font-size:{head_px}px"><span style="font-weight:700">{_esc(street + pots)}</span>'
        f'<span role="status" style="font-weight:600;color:{_TURN}">{_esc(turn)}</span></div>'
        f'{"".join(rows)}</div>'
    )


class Part(StrEnum):
    """Which part of the table to draw, so a page can put the viewer's own hand (and the
    decision beside it) first on a narrow screen and the rest of the table after."""

    ALL = "all"
    YOURS = "yours"
    """The street, pots, turn and boards, and the viewer's own seat(s)."""
    OTHERS = "others"
    """The grid of every other seat."""


def table_html(view: HandView, *, four_colour: bool = False, big: bool = False,
               you: Collection[int] = (), hidden_down: bool = False,
               part: Part = Part.ALL, marked: Collection[Card] = ()) -> str:
    """The whole table: street, pots, turn and boards; the viewer's own seat across the
    table, its cards larger; then a grid of the other seats in seat order.

    ``big`` is the presenter's table (large cards and type); ``you`` marks the
    viewer's seat(s); ``hidden_down`` draws every face-down card as a back;
    ``part`` draws only the top (``YOURS``) or only the grid (``OTHERS``);
    ``marked`` names cards to ring (a first up card) until hands are shown; then only
    the cards of the hands that won are ringed, on the seat and on the board.
    """
    many = len(view.seats) > 4
    size = (Size.MEDIUM if many else Size.LARGE) if big else Size.SMALL
    dealt = deal_plan(view.game_id, players=len(view.seats)).seat_cards
    widest = max([dealt, *(len(s.cards) for s in view.seats)])
    width = max(_fan_width(widest, size, shown=_SHOWN_TIGHT if big else _SHOWN) + 28, 200)
    doing = last_actions(view)
    won = winnings(view.settlement)
    shown = shown_hands(view.settlement)
    winning = winning_cards(view.settlement) if shown else {}

    def panel(seat: SeatView) -> str:
        own = Size.MEDIUM if seat.seat in you and not big else size
        rings = winning.get(seat.seat, frozenset()) if shown else marked
        return _seat_panel(seat, view, size=own, four_colour=four_colour, big=big, you=you,
                           hidden_down=hidden_down, doing=doing.get(seat.seat, ""),
                           won=won.get(seat.seat, 0), shown=shown.get(seat.seat),
                           marked=rings)

    top = ""
    if part is not Part.OTHERS:
        mine = "".join(panel(s) for s in view.seats if s.seat in you)
        on_board = frozenset().union(*winning.values())
        top = _centre(view, size=size, four_colour=four_colour, big=big,
                      marked=on_board) + mine
    grid = ""
    if part is not Part.YOURS:
        others = "".join(panel(s) for s in view.seats if s.seat not in you)
        # min(100%, ...): a column never gets wider than a phone's screen.
        grid = (f'<div style="display:grid;grid-template-columns:repeat(auto-fill,'
                f'minmax(min(100%,{width}px),1fr));gap:10px">{others}</div>')
    return (f'<div style="display:flex;flex-direction:column;gap:12px;margin-bottom:14px;'
            f'min-width:0">{top}{grid}</div>')


_FELT_CLOTH = "radial-gradient(ellipse at center, #2f7d4f 0%, #1d5c37 70%, #164a2c 100%)"
_RAIL = "#6b4a2b"


def felt_html(view: HandView, *, four_colour: bool = False, you: Collection[int] = (),
              hidden_down: bool = False, marked: Collection[Card] = ()) -> str:
    """The table as players sit at it: the other seats across the far side of a felt,
    clockwise from the viewer's left; the pots, turn and boards in the middle; the viewer's
    seat along the bottom, its cards larger. The rows wrap, so a phone keeps every seat.

    ``you`` is the viewer's seat (none: the seats in order, no seat at the bottom);
    the other arguments are :func:`table_html`'s.
    """
    size = Size.SMALL
    dealt = deal_plan(view.game_id, players=len(view.seats)).seat_cards
    widest = max([dealt, *(len(s.cards) for s in view.seats)])
    # A far seat is never narrower than its tightest fan: its last card is never clipped.
    width = max(_fan_width(widest, size, shown=_SHOWN_TIGHT) + _SEAT_FRAME, 140)
    doing = last_actions(view)
    won = winnings(view.settlement)
    shown = shown_hands(view.settlement)
    winning = winning_cards(view.settlement) if shown else {}

    def panel(seat: SeatView) -> str:
        own = Size.MEDIUM if seat.seat in you else size
        rings = winning.get(seat.seat, frozenset()) if shown else marked
        return _seat_panel(seat, view, size=own, four_colour=four_colour, big=False, you=you,
                           hidden_down=hidden_down, doing=doing.get(seat.seat, ""),
                           won=won.get(seat.seat, 0), shown=shown.get(seat.seat),
                           marked=rings, felt=True)

    players = len(view.seats)
    first = (min(you) + 1) if you else 0
    around = [view.seats[(first + step) % players] for step in range(players)]
    far = "".join(f'<div class="dc-seat dc-far" style="flex:1 1 {width}px;max-width:{width + 90}px;'
                  f'min-width:min(100%,{width}px)">{panel(s)}</div>'
                  for s in around if s.seat not in you)
    near = "".join(f'<div class="dc-seat" style="flex:0 1 420px;min-width:0">{panel(s)}</div>'
                   for s in around if s.seat in you)
    on_board = frozenset().union(*winning.values())
    centre = _centre(view, size=size, four_colour=four_colour, big=False, marked=on_board)
    row = "display:flex;flex-wrap:wrap;justify-content:center;gap:8px"
    return (f'<div role="region" aria-label="The table" class="dc-felt" style="background:'
            f'{_FELT_CLOTH};border:7px solid {_RAIL};border-radius:48px;padding:14px 12px;'
            f'display:flex;flex-direction:column;gap:12px;margin-bottom:10px;min-width:0">'
            f'<div style="{row}">{far}</div>'
            f'<div style="align-self:center;width:min(100%,560px)">{centre}</div>'
            f'<div style="{row}">{near}</div></div>')


def show_felt(view: HandView, *, you: Collection[int] = (), hidden_down: bool = False) -> None:
    """Draw the table round its felt in the sidebar's deck style."""
    _draw(felt_html(view, four_colour=deck_style() == "four-colour", you=you,
                    hidden_down=hidden_down))


def _draw(markup: str) -> None:
    """Put escaped HTML (cards are images) on the page, through markdown's raw HTML. The
    markup is one line, so markdown passes it through untouched."""
    st.markdown(markup, unsafe_allow_html=True)


def presenter_screen() -> None:
    """Give the whole screen to the table: the sidebar and the top bar are put away
    (leaving the presenter view brings them back)."""
    st.html(
        "<style>[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'],"
        " [data-testid='stHeader'] { display: none; }"
        " [data-testid='stMainBlockContainer'] { padding: 1rem 1.5rem; max-width: 100%; }"
        "</style>")


def show_table(view: HandView, *, big: bool = False, you: Collection[int] = (),
               hidden_down: bool = False, part: Part = Part.ALL,
               marked: Collection[Card] = ()) -> None:
    """Draw the table (or one ``part`` of it) in the sidebar's deck style."""
    _draw(table_html(view, four_colour=deck_style() == "four-colour", big=big, you=you,
                     hidden_down=hidden_down, part=part, marked=marked))


# --- narration --------------------------------------------------------------------


def event_html(event: Event, *, big: bool = False, why: bool = True) -> str:
    """One line of narration: what happened, then (if ``why``) the rule that made it so."""
    if event.kind is EventKind.STREET:
        return (f'<div style="font-weight:700;margin-top:6px;color:{_GREEN};'
                f'font-size:{"1.05em" if big else "1em"}">{_esc(event.text)}</div>')
    reason = (f'<div style="color:{_MUTED};font-size:{".93em" if big else ".86em"};'
              f'margin-left:14px">'
              f'Why: {_esc(event.rule)}</div>') if event.rule and why else ""
    weight = "600" if event.kind in (EventKind.ACTION, EventKind.POT,
                                     EventKind.SHOWDOWN) else "400"
    return f'<div style="margin:3px 0"><span style="font-weight:{weight}">' \
           f'{_esc(event.text)}</span>{reason}</div>'


def newest_first(events: Sequence[Event]) -> list[Event]:
    """The narration with the latest line on top, each street still under its heading:
    the streets in reverse order, and each street's lines in reverse below its name."""
    streets: list[list[Event]] = [[]]
    for event in events:
        if event.kind is EventKind.STREET:
            streets.append([])
        streets[-1].append(event)
    ordered: list[Event] = []
    for street in reversed(streets):
        heading = street[:1] if street and street[0].kind is EventKind.STREET else []
        ordered += heading + street[len(heading):][::-1]
    return ordered


def log_html(events: Sequence[Event], *, big: bool = False, empty: str = "",
             latest_first: bool = False, scroll_height: str | None = None) -> str:
    """Several lines of narration in one block (``empty`` when there are none); a rule
    shared by consecutive lines is said once, under the first. ``latest_first`` puts the
    newest line on top, so a short box shows it without scrolling; ``scroll_height`` (a
    CSS length) keeps a long block that tall, scrolling inside."""
    lines = newest_first(events) if latest_first else list(events)
    size = "26px" if big else "14px"
    body = "".join(event_html(e, big=big, why=i == 0 or e.rule != lines[i - 1].rule)
                   for i, e in enumerate(lines)) or \
        f'<div style="color:{_MUTED}">{_esc(empty)}</div>'
    scroll = f"max-height:{scroll_height};overflow-y:auto;" if scroll_height else ""
    return (f'<div style="font-size:{size};line-height:1.4;color:{_INK};'
            f'overflow-wrap:anywhere;{_esc(scroll)}">{body}</div>')


def show_log(events: Sequence[Event], *, big: bool = False, empty: str = "",
             latest_first: bool = False, scroll_height: str | None = None) -> None:
    _draw(log_html(events, big=big, empty=empty, latest_first=latest_first,
                   scroll_height=scroll_height))


# --- the showdown -------------------------------------------------------------------


def settlement_html(view: HandView, *, four_colour: bool = False,
                    you: Collection[int] = (), big: bool = False) -> str:
    """Each pot: who won it and why, with every shown hand's five cards and name (``big``:
    in type that reads across a room)."""
    settlement = view.settlement
    if settlement is None:
        return ""
    names = {seat.seat: seat.name for seat in view.seats}

    def who(seat: int) -> str:      # the view's own name for a seat: a player's, on game night
        return names.get(seat) or seat_name(seat)

    blocks = []
    for award in settlement.awards:
        winners = " and ".join(who(s) for s in award.winners)
        verb = "wins" if len(award.winners) == 1 else "split"
        shares = ""
        if len(award.winners) > 1:
            shares = " (" + ", ".join(f"{who(s)} {c}" for s, c in award.shares) + ")"
        rows = []
        for seat, cards, words in award.hands:
            star = "★ " if seat in award.winners else ""
            rows.append(
                f'<div style="display:flex;align-items:center;gap:12px;flex-wrap:wrap;'
                f'margin:4px 0"><span style="min-width:86px;font-weight:600">'
                f'{_esc(star + who(seat))}</span>'
                f'<div role="group" aria-label="{_esc(who(seat))}\'s five cards" '
                f'style="display:flex;gap:4px">'
                f'{"".join(card_html(c, size=Size.SMALL, four_colour=four_colour) for c in cards)}'
                f'</div><span>{_esc(words)}</span></div>')
        why = f'<div style="color:{_MUTED}">Why: {_esc(award.rule)}</div>' if award.rule else ""
        odd = (f'<div style="color:{_MUTED}">{award.odd_chips} odd chip'
               f'{"s" if award.odd_chips > 1 else ""} to the winner nearest the dealer\'s '
               f'left</div>') if award.odd_chips else ""
        blocks.append(
            f'<div style="border:1px solid {_LINE};border-radius:10px;padding:8px 12px;'
            f'background:{_PANEL};margin-bottom:8px"><div style="font-weight:700;'
            f'font-size:1.05em">{_esc(winners)} {verb} {_esc(award.title)}'
            f'{_esc(shares)}</div>{why}{odd}{"".join(rows)}</div>')
    for seat, amount in settlement.returned:
        blocks.append(f'<div style="color:{_MUTED}">{amount} uncalled returned to '
                      f'{_esc(who(seat))}</div>')
    nets = " · ".join(
        f'<span style="white-space:nowrap;{"font-weight:700" if s in you else ""}">'
        f'{_esc(who(s))} {p:+d}</span>' for s, p in enumerate(settlement.payoffs))
    blocks.append(f'<div style="margin-top:6px"><b>Chips won and lost:</b> {nets}</div>')
    return (f'<div style="font-size:{24 if big else 15}px;line-height:1.3;color:{_INK}">'
            f'{"".join(blocks)}</div>')


def result_heading(settlement: Settlement) -> str:
    """The heading over a finished hand's result: a showdown only when hands were shown."""
    if settlement.showdown:
        return "The showdown"
    if settlement.passed_out:
        return "The result: nobody could open"
    return "The result: everyone else folded"


def show_settlement(view: HandView, *, you: Collection[int] = ()) -> None:
    _draw(settlement_html(view, four_colour=deck_style() == "four-colour", you=you))


def describe_result(settlement: Settlement, seats: Collection[int]) -> str:
    """One line for the player(s), net of what they put in ("You are up 45 chips on this
    hand"): the seat's badge says what it collected, which a split pot makes larger."""
    net = sum(settlement.payoffs[s] for s in seats)
    if net > 0:
        return f"You are up {net} chips on this hand."
    if net < 0:
        return f"You are down {-net} chips on this hand."
    return "You break even on this hand."
