"""The TV's table: the chairs round a table in their order, the dealer's button, the pot
and the board(s) in the middle, the seat to act lit; and the style that fits a TV's
whole screen without scrolling.

The TV is laid out once, for a screen 1920 by 1080 pixels, in type that reads from
across a room (24 px and up), and scaled down whole for a smaller screen (1600 by 900,
1280 by 720) or up for a larger one: a TV cannot scroll, so everything of the table
now must be on it at once, for up to ten chairs. Chairs sit where they sat all night
(people keep their chair; the button moves), so a guest finds themself in one place.

Names are escaped here; the cards are the view's, so nothing hidden is drawn.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from content import load_game
from engine.state import Event, HandState, HandView, SeatView, Settlement
from ui import registry
from ui.components.announcements import changed_settings_text
from ui.components.cards import Size, card_html
from ui.components.table import (
    Shown,
    cards_row,
    last_actions,
    log_html,
    pots_line,
    result_heading,
    shown_hands,
    shown_lines,
    winnings,
)
from ui.night import record
from ui.night.address import LinkBase
from ui.night.controller import Snapshot
from ui.night.show import codes_html

DESIGN_WIDTH, DESIGN_HEIGHT = 1920, 1080
"""The screen the TV is laid out for; others scale it (see :func:`tv_style`)."""
TABLE_WIDTH, TABLE_HEIGHT = 1400, 930
"""The table's box on that screen, beside the column of news."""
SIDE_HEIGHT = TABLE_HEIGHT
"""The column beside the table is as tall, and cuts off what does not fit (the oldest
news, the codes past the fourth)."""
_SEAT_HEIGHT = 262
_INK, _MUTED, _GOLD, _FELT, _CLOTH = "#1f2421", "#3d453f", "#e0a100", "#e9efe7", "#1d6b3a"
_ZOOMS = (2.0, 1.5, 1.25, 1.0, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.66, 0.6, 0.55, 0.5)


def _esc(text: object) -> str:
    return html.escape(str(text))


def tv_style_html() -> str:
    """The TV's style: the page laid out at 1920 by 1080 and zoomed to the largest step
    that fits the screen, so nothing of it needs a scroll; the line that says which
    version the screen shows sits small in a corner."""
    rules = [f"[data-testid='stMainBlockContainer'] {{ width:{DESIGN_WIDTH}px; "
             f"max-width:{DESIGN_WIDTH}px; padding:14px 16px 0; margin:0 auto; }}",
             "[data-testid='stMain'] { overflow:hidden; }",
             "[data-night-part='at'] { position:fixed; right:10px; bottom:4px; opacity:.55; "
             "margin:0 !important; }",
             "[data-night-part='at'] div { font-size:24px !important; }"]
    bigger = [z for z in _ZOOMS if z > 1]
    for zoom in bigger[::-1]:
        rules.append(f"@media (min-width:{math.ceil(DESIGN_WIDTH * zoom)}px) and "
                     f"(min-height:{math.ceil(DESIGN_HEIGHT * zoom)}px) {{ "
                     f"[data-testid='stMainBlockContainer'] {{ zoom:{zoom}; }} }}")
    smaller = [z for z in _ZOOMS if z < 1]
    previous = 1.0
    for zoom in smaller:
        rules.append(f"@media (max-width:{math.ceil(DESIGN_WIDTH * previous) - 1}px), "
                     f"(max-height:{math.ceil(DESIGN_HEIGHT * previous) - 1}px) {{ "
                     f"[data-testid='stMainBlockContainer'] {{ zoom:{zoom}; }} }}")
        previous = zoom
    return "<style>" + "\n".join(rules) + "</style>"


@dataclass(frozen=True, slots=True)
class Place:
    """Where one chair sits in the table's box: its centre across (pixels from the left)
    and its top."""

    x: float
    top: float


def places(count: int, *, seat_width: int) -> list[Place]:
    """Where ``count`` chairs sit, in chair order clockwise from the bottom right: along
    the bottom from right to left, one up the left side, along the top from left to
    right, one down the right side (sides from five chairs on).

    >>> [(round(p.x), round(p.top)) for p in places(4, seat_width=380)]
    [(1050, 668), (350, 668), (350, 0), (1050, 0)]
    """
    sides = 1 if count >= 5 else 0
    rows = count - 2 * sides
    bottom = math.ceil(rows / 2)
    top = rows - bottom
    low, middle = TABLE_HEIGHT - _SEAT_HEIGHT, (TABLE_HEIGHT - _SEAT_HEIGHT) / 2

    def row(seats: int) -> list[float]:
        return [TABLE_WIDTH * (i + 0.5) / seats for i in range(seats)]

    found = [Place(x, low) for x in row(bottom)[::-1]]
    if sides:
        found.append(Place(seat_width / 2, middle))
    found += [Place(x, 0) for x in row(top)]
    if sides:
        found.append(Place(TABLE_WIDTH - seat_width / 2, middle))
    return found


def _chip(text: str, *, colour: str, background: str) -> str:
    return (f'<span style="font-size:24px;font-weight:700;background:{background};'
            f'color:{colour};border-radius:10px;padding:1px 10px;white-space:nowrap">'
            f"{_esc(text)}</span>")


_BUTTON = ('<span aria-label="Dealer" title="Dealer" style="display:inline-flex;'
           'align-items:center;justify-content:center;width:40px;height:40px;flex:none;'
           'border-radius:50%;background:#fff;border:3px solid #1f2421;color:#1f2421;'
           'font-weight:800;font-size:24px;box-shadow:0 2px 3px rgba(0,0,0,.3)">D</span>')


def _seat(seat: SeatView | None, view: HandView, *, name: str, chips: int, dealer: bool,
          place: Place, width: int, size: Size, four_colour: bool, doing: str, won: int,
          shown: Sequence[str], absent: str) -> str:
    """One chair: its name (and the dealer's button), chips and bet, cards, and every
    line of what it did, shows or played, wrapped whole; a chair out of this hand, faded,
    with its chips and why it is
    out (``absent``: said too of a player gone home since the hand ended)."""
    badges = []
    acting = seat is not None and seat.seat in view.to_act and not view.is_over
    if seat is not None and seat.folded:
        badges.append(_chip("folded", colour="#4a524c", background="#e4e4e4"))
    if seat is not None and seat.all_in:
        badges.append(_chip("all in", colour="#7a1c1c", background="#f8e1e1"))
    if won:
        badges.append(_chip(f"wins {won}", colour="#5a4300", background="#fbeec2"))
    if acting:
        badges.append(_chip("to act", colour="#5a4300", background="#fbeec2"))
    if seat is None:
        money, cards, lines = f"{chips} chips", "", [absent]
    else:
        money = f"{seat.stack} chips" + (f" · bet {seat.bet}" if seat.bet else "")
        cards = cards_row(seat.cards, size=size, four_colour=four_colour,
                          label=f"{name}'s cards", fanned=True, shown=0.45,
                          marked={c for line in shown_hands(view.settlement).get(seat.seat, ())
                                  for c in line[1]})
        lines = [absent] if absent else []
        if doing and not view.is_over:
            lines.append(doing[:1].upper() + doing[1:])
        if shown:
            lines += list(shown)
        elif seat.showing and not seat.folded:
            lines.append(f"Showing {seat.showing[:1].lower() + seat.showing[1:]}")
        lines += list(seat.notes)
    detail = "".join(f'<div style="color:{_MUTED};overflow-wrap:anywhere">{_esc(line)}</div>'
                     for line in lines)
    lit = acting or won
    border = f"5px solid {_GOLD}" if lit else "2px solid #c9d2c6"
    glow = "box-shadow:0 0 0 8px rgba(224,161,0,.35);" if acting else \
        "box-shadow:0 3px 8px rgba(0,0,0,.25);"
    fade = "opacity:.5;" if seat is None or seat.folded else ""
    background = "#fffbea" if acting else "#ffffff"
    return (f'<section aria-label="{_esc(name)}" style="position:absolute;width:{width}px;'
            f'min-height:{_SEAT_HEIGHT}px;box-sizing:border-box;border:{border};'
            f'{glow}{fade}border-radius:16px;padding:8px 14px;background:{background};'
            f'font-size:24px;line-height:1.25;color:{_INK};left:{place.x - width / 2:.0f}px;'
            f'{_anchor(place)}">'
            f'<div style="display:flex;align-items:center;gap:10px;min-width:0">'
            f'<span style="font-weight:800;font-size:30px;overflow-wrap:anywhere;'
            f'min-width:0">{_esc(name)}</span>'
            f'{_BUTTON if dealer else ""}</div>'
            f'<div style="display:flex;flex-wrap:wrap;gap:6px;align-items:center">'
            f'<span style="color:{_MUTED};white-space:nowrap">{_esc(money)}</span>'
            f'{"".join(badges)}</div>{cards}{detail}</section>')


def _anchor(place: Place) -> str:
    """Where a chair's box holds on: a box with more to say than its usual height grows
    towards the felt (down from the top row, up from the bottom row, both ways at the
    sides), never off the table, so none of its words is cut."""
    if place.top <= 0:
        return "top:0"
    if place.top >= TABLE_HEIGHT - _SEAT_HEIGHT:
        return "bottom:0"
    return f"top:{TABLE_HEIGHT / 2:.0f}px;transform:translateY(-50%)"


def _played(shown: Shown) -> list[str]:
    """What a seat played, short enough for its panel: "Board 1: Two pair, aces and
    fours" for a hand per part of the pot, else "Plays a flush"."""
    return [f"{part}: {words}" if part else line
            for (part, _, words), line in zip(shown, shown_lines(shown), strict=True)]


def _middle(view: HandView, *, turn: str, four_colour: bool, left: float, right: float,
            top: float, bottom: float) -> str:
    """The middle of the table: the street and the pot, the board(s), whose turn."""
    pots = pots_line(view)
    street = f"{view.street} · " if view.street else ""
    boards = []
    for index, board in enumerate(view.boards):
        name = "Board" if len(view.boards) == 1 else f"Board {index + 1}"
        faces = "".join(card_html(c, size=Size.MEDIUM, four_colour=four_colour) for c in board)
        boards.append(
            f'<div style="display:flex;align-items:center;gap:14px">'
            f'<span style="font-size:26px;font-weight:700;min-width:100px">{name}</span>'
            f'<div role="group" aria-label="{name}" style="display:flex;gap:6px">'
            f'{faces or "<em>no cards yet</em>"}</div></div>')
    return (f'<div style="position:absolute;left:{left}px;right:{right}px;top:{top}px;'
            f'bottom:{bottom}px;border-radius:999px;background:{_CLOTH};'
            f'border:10px solid #5b3a1e;box-sizing:border-box;color:#fff;display:flex;'
            f'flex-direction:column;align-items:center;justify-content:center;gap:12px;'
            f'padding:10px 60px;text-align:center;font-size:26px">'
            f'<div style="font-size:36px;font-weight:800">{_esc(street + pots)}</div>'
            f'{"".join(boards)}'
            f'<div role="status" style="font-size:30px;font-weight:700;color:#ffe08a">'
            f"{_esc(turn)}</div></div>")


def round_table_html(view: HandView, data: Mapping[str, Any], *, turn: str,
                     four_colour: bool = False) -> str:
    """The whole table as the TV shows it, every chair of the night in its place (``turn``:
    whose turn it is, in words with names)."""
    hand = data["hand"]
    chairs: list[int] = list(hand["seats"]) if hand else []
    count = len(data["players"])
    few = count <= 6
    width, size = (380, Size.MEDIUM) if few else (300, Size.SMALL)
    doing = last_actions(view)
    won = winnings(view.settlement)
    shown = shown_hands(view.settlement)
    dealer_chair = chairs[view.dealer] if 0 <= view.dealer < len(chairs) else None
    seats = []
    for chair, place in zip(range(count), places(count, seat_width=width), strict=True):
        engine_seat = chairs.index(chair) if chair in chairs else None
        seat = view.seats[engine_seat] if engine_seat is not None else None
        seats.append(_seat(
                      seat, view, name=str(data["players"][chair]["name"]),
                      chips=int(data["chips"][chair]), dealer=chair == dealer_chair,
                      place=place, width=width, size=size, four_colour=four_colour,
                      doing=doing.get(engine_seat, "") if engine_seat is not None else "",
                      won=won.get(engine_seat, 0) if engine_seat is not None else 0,
                      shown=_played(shown.get(engine_seat, ()))
                      if engine_seat is not None else (),
                      absent=record.away(data, chair) if engine_seat is None else
                      "Gone home" if data["players"][chair].get("left") else ""))
    sides = width + 24 if count >= 5 else 40
    middle = _middle(view, turn=turn, four_colour=four_colour, left=sides, right=sides,
                     top=_SEAT_HEIGHT + 14, bottom=_SEAT_HEIGHT + 14)
    return (f'<div style="position:relative;width:{TABLE_WIDTH}px;height:{TABLE_HEIGHT}px">'
            f'{middle}{"".join(seats)}</div>')


def how_it_plays(game_id: str) -> tuple[str, ...]:
    """How a game plays, in five lines from its content: its one-line summary, then who
    plays, the cards, the betting and who wins the pot.

    >>> how_it_plays("seven-card-stud")[1]
    'Players: 2 to 8'
    """
    site_game = registry.site_game(game_id)
    if site_game is None:
        return ()
    content = load_game(site_game.content)
    glance = content.at_a_glance
    return (content.tagline, f"Players: {glance.players}", f"Cards: {glance.cards}",
            f"Betting: {glance.betting}", f"The pot: {glance.pot}")


def how_it_plays_html(game_id: str, name: str) -> str:
    """The five lines under the game's name, for the TV from the deal to the first
    person's decision."""
    lines = "".join(f'<li style="margin:2px 0;font-size:24px;line-height:1.3">{_esc(line)}</li>'
                    for line in how_it_plays(game_id))
    return (f'<div style="background:{_FELT};border-radius:14px;padding:10px 16px;'
            f'margin-bottom:12px;font-size:24px;line-height:1.3;color:{_INK}">'
            f'<div style="font-size:28px;font-weight:800">How {_esc(name)} plays</div>'
            f'<ul style="margin:4px 0 0;padding-left:24px">{lines}</ul></div>')


TV_QR = 170
"""A QR code's side on the TV, beside the table."""
CODES_SHOWN = 2
"""The most codes the TV shows beside the table (the host's screen has every one)."""


def codes_height(unopened: int) -> int:
    """How tall the TV's codes are beside the table, for ``unopened`` links to show: a
    heading, two codes (and their names) a row, two lines under them."""
    if unopened == 0:
        return 0
    rows = math.ceil(min(unopened, CODES_SHOWN) / 2)
    return 44 + rows * (TV_QR + 44) + 2 * 32


def unopened_seats(data: Mapping[str, Any]) -> int:
    """How many guests' links nobody has opened yet (their codes are on the TV)."""
    return sum(1 for role in data["open_links"] if role != "tv")


def person_has_decided(data: Mapping[str, Any], state: HandState) -> bool:
    """Whether a person at the table has made a decision in this hand yet."""
    chairs, seats = data["players"], data["hand"]["seats"]
    return any(chairs[seats[action.seat]]["person"] for action in state.actions)


def tv_news_html(data: Mapping[str, Any], state: HandState, events: Sequence[Event]) -> str:
    """The column beside the TV's table while a hand is played: how the game the dealer
    named plays, from the deal until the first person's decision (the computer players'
    moves come with the deal), then the news (the latest first), as tall as the room the
    codes leave."""
    early = not person_has_decided(data, state)
    # The five lines take the height their words need (a game's summary may wrap to four
    # lines, Omaha's pot to five), so none is ever cut; the news has the rest.
    intro = (f'<div style="flex:none">'
             f'{how_it_plays_html(state.game.id, state.game.name)}</div>') if early else ""
    codes = codes_height(unopened_seats(data))
    room = SIDE_HEIGHT - (codes + 16 if codes else 0)
    news = log_html(events, big=True, latest_first=True, empty="Nothing yet.")
    return (f'<div style="height:{room}px;display:flex;flex-direction:column;'
            f'overflow:hidden">{intro}<div style="flex:1;min-height:0;overflow:hidden">'
            f'{news}</div></div>')


def scan_html(links: Mapping[str, str], names: Sequence[str], *, base: LinkBase) -> str:
    """The codes of the guests' links nobody has opened yet, beside the table, in the room
    :func:`codes_height` keeps for them."""
    return (f'<div style="height:{codes_height(len(links)):d}px;overflow:hidden">'
            f'<div style="font-size:30px;font-weight:800">Scan your seat</div>'
            f'{codes_html(links, names, base=base, px=TV_QR, most=CODES_SHOWN)}</div>')


_BANNER = ("font-size:26px;font-weight:700;border-radius:10px;padding:2px 14px;"
           "background:#fbeec2;color:#5a4300;white-space:nowrap")


def head_html(snap: Snapshot) -> str:
    """The line above the TV's table: the hand, its game and its announcements, and what
    the host has done to the table (paused it, shown every hole card)."""
    data, state = snap.data, snap.state
    assert state is not None
    banners = []
    if data["reveal"]:
        banners.append("The host is showing every hole card, for a demonstration.")
    if data["paused"]:
        banners.append("The host has paused the table.")
    said = "".join(f'<span role="status" style="{_BANNER}">{html.escape(b)}</span>'
                   for b in banners)
    return (f'<div style="display:flex;align-items:baseline;gap:16px;flex-wrap:nowrap;'
            f'overflow:hidden;height:48px;color:#1f2421">'
            f'<span style="font-size:34px;font-weight:800;white-space:nowrap">Hand '
            f'{data["hand"]["number"]} · {html.escape(state.game.name)}</span>'
            f'<span style="font-size:24px;color:#3d453f;white-space:nowrap;overflow:hidden;'
            f'text-overflow:ellipsis;flex:1">announcements: '
            f'{html.escape(changed_settings_text(state.settings))}</span>{said}</div>')


def showdown_html(view: HandView, data: Mapping[str, Any], *, room: int) -> str:
    """Beside the table once the hand is over: who won which pot and why, each shown hand
    in words (its cards are marked in its seat's box), the chips won and lost, and who
    deals next, in the ``room`` left above the codes."""
    dealer = record.names(data)[record.next_button(data)]
    return (f'<div style="height:{room:d}px;display:flex;flex-direction:column;'
            f'overflow:hidden;font-size:24px;line-height:1.25;color:{_INK}">'
            f'<div style="flex:none;font-size:30px;font-weight:800;margin-bottom:6px">'
            f'{side_heading(view.settlement)}</div>'
            f'{_pots_html(view)}'
            f'<div style="flex:none;font-size:36px;font-weight:800;margin-top:8px">Next to '
            f'deal: {html.escape(str(dealer))}</div></div>')


def side_heading(settlement: Settlement | None) -> str:
    """The side panel's heading: a showdown only when hands were shown."""
    if settlement is None:
        return "The result: everyone else folded"
    if not settlement.showdown:
        return result_heading(settlement)
    return f"{result_heading(settlement)}: who won which pot, and why"


def _pots_html(view: HandView) -> str:
    """Each pot in words (who won it, why, the hands shown), then each seat's chips won
    or lost."""
    settlement = view.settlement
    if settlement is None:
        return ""
    names = {seat.seat: seat.name for seat in view.seats}
    blocks = []
    for award in settlement.awards:
        winners = " and ".join(names[s] for s in award.winners)
        verb = "wins" if len(award.winners) == 1 else "split"
        shares = "" if len(award.winners) < 2 else \
            " (" + ", ".join(f"{names[s]} {c}" for s, c in award.shares) + ")"
        lines = [f'<div style="font-weight:700">{_esc(f"{winners} {verb} {award.title}")}'
                 f"{_esc(shares)}</div>"]
        if award.rule:
            lines.append(f'<div style="color:{_MUTED}">Why: {_esc(award.rule)}</div>')
        if award.odd_chips:
            lines.append(f'<div style="color:{_MUTED}">{award.odd_chips} odd chip'
                         f'{"s" if award.odd_chips > 1 else ""} to the winner nearest the '
                         f"dealer's left</div>")
        lines += [f"<div>{_esc(('★ ' if seat in award.winners else '') + names[seat])}: "
                  f"{_esc(words)}</div>" for seat, _, words in award.hands]
        blocks.append(f'<div style="border:1px solid #c9d2c6;border-radius:10px;'
                      f'padding:6px 12px;background:#ffffff;margin-bottom:8px;'
                      f'overflow-wrap:anywhere">{"".join(lines)}</div>')
    blocks += [f'<div style="color:{_MUTED}">{amount} uncalled returned to '
               f"{_esc(names[seat])}</div>" for seat, amount in settlement.returned]
    nets = " · ".join(f'<span style="white-space:nowrap">{_esc(names[s])} {p:+d}</span>'
                      for s, p in enumerate(settlement.payoffs))
    blocks.append(f'<div style="margin-top:4px"><b>Chips won and lost:</b> {nets}</div>')
    return f'<div style="flex:none">{"".join(blocks)}</div>'
