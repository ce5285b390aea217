"""The hand in front of you as text: a seat's typed cards with ``?`` for an unseen one, and
the link that opens the Odds page on a hand from the table. Plain Python, no Streamlit.

``hand_link(state, view)`` carries only what ``view`` shows (see
``engine.odds.at_table.spot_from_hand``); ``live_hand_link(state, view)`` does the same
for a hand still being played, one whose cards passed between players too;
``read_hand_link(params)`` reads it back into a ``Spot``, or says what is wrong with it.

>>> read_seat("Ah ? 10d x")
[card('A♥'), None, card('10♦'), None]
>>> read_seat("Ah Zz")
"'Zz' is not a card (type ranks 2-10, J, Q, K, A and suits c, d, h, s, or ? for an unseen card)"
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from urllib.parse import urlencode

from engine.cards import Card, CardParseError, parse_cards
from engine.games import GAMES
from engine.odds.at_table import Spot, Step, follows, spot_from_hand
from engine.state import HandState, HandView
from ui.odds.pass_spot import spot_after_pass
from ui.sessions.dealing import default_players

__all__ = ["UNSEEN", "hand_link", "live_hand_link", "read_hand_link", "read_seat", "seat_text",
           "spot_link", "you_of"]

UNSEEN = frozenset({"?", "x", "X", "??"})
"""What stands for a card the viewer cannot see."""
MAX_VALUE = 2000
"""Longest parameter read (a long hand's decisions)."""


def read_seat(text: str) -> list[Card | None] | str:
    """The cards in ``text`` in order, ``None`` for each ``?``; or what is wrong."""
    cards: list[Card | None] = []
    for token in text.replace(",", " ").split():
        if token in UNSEEN:
            cards.append(None)
            continue
        try:
            cards.extend(parse_cards(token))
        except CardParseError:
            return (f"'{token}' is not a card (type ranks 2-10, J, Q, K, A and suits c, d, h, "
                    "s, or ? for an unseen card)")
    return cards


def seat_text(cards: Sequence[Card | None], *, ascii_only: bool = False) -> str:
    """Cards as a box (or a link) shows them, ``?`` for an unseen one."""
    return " ".join("?" if c is None else (c.ascii if ascii_only else str(c)) for c in cards)


def hand_link(state: HandState, view: HandView) -> str:
    """A relative link to the Odds page with this hand as ``view`` shows it (and whose seat
    it is, for a seat's view)."""
    link = spot_link(spot_from_hand(state, view))
    return link if view.viewer is None else f"{link}&you={view.viewer + 1}"


def live_hand_link(state: HandState, view: HandView) -> str | None:
    """A relative link to the Odds page with the hand still being played as the seat of
    ``view`` sees it, ``None`` when the hand is over or that seat holds no cards in it
    (folded, sitting out, a screen of no seat). After a pass (Anaconda), which the
    calculator cannot replay, it goes as the seat's cards now, typed at the street the
    hand stands at (``ui.odds.pass_spot``), the seat as Seat 1."""
    seat = view.viewer
    if state.is_over or seat is None or view.seats[seat].folded or not view.seats[seat].cards:
        return None
    if follows(state):
        return hand_link(state, view)
    try:
        return spot_link(spot_after_pass(state, view))
    except ValueError:
        return None


def you_of(params: Mapping[str, str], players: int) -> int:
    """The seat (from 0) a link names as yours, Seat 1 when it names none or a bad one."""
    text = str(params.get("you", "1"))
    return int(text) - 1 if text.isdigit() and 1 <= int(text) <= players else 0


def spot_link(spot: Spot) -> str:
    """A relative link to the Odds page's calculator filled with ``spot`` (a worked example
    typed by hand, or a table's hand as one viewer sees it)."""
    params = {"widget": "hand", "game": spot.game_id, "players": str(spot.players)}
    if spot.settings:
        params["settings"] = json.dumps(dict(spot.settings), separators=(",", ":"))
    if spot.steps:
        params["steps"] = " ".join(step.text() for step in spot.steps)
    if spot.street is not None:
        params["street"] = spot.street
    if spot.choices:
        params["choices"] = " ".join(step.text() for step in spot.choices)
    for seat, cards in enumerate(spot.seats):
        params[f"seat{seat + 1}"] = seat_text(cards, ascii_only=True)
    for index, cards in enumerate(spot.boards):
        params[f"board{index + 1}"] = seat_text(cards, ascii_only=True)
    if spot.dead:
        params["dead"] = seat_text(spot.dead, ascii_only=True)
    if spot.stacks:
        params["stacks"] = ",".join(map(str, spot.stacks))
    return "/odds?" + urlencode(params)


def read_hand_link(params: Mapping[str, str]) -> Spot | str:
    """The spot a link names, or a sentence saying why it cannot be read."""
    for name, value in params.items():
        if len(str(value)) > MAX_VALUE:
            return f"'{name}' is too long"
    game_id = str(params.get("game", ""))
    if game_id not in GAMES:
        return "the link names no game this site deals"
    try:  # a link naming the game alone prices a table of its usual size
        players = int(params.get("players", default_players(GAMES[game_id])))
    except ValueError:
        return "the link's number of players is not a whole number"
    if not 2 <= players <= 10:
        return "the link's number of players is not 2 to 10"
    try:
        settings = json.loads(params.get("settings", "{}"))
        steps = tuple(Step.parse(text) for text in str(params.get("steps", "")).split())
        choices = tuple(Step.parse(text) for text in str(params.get("choices", "")).split())
    except (ValueError, KeyError):
        return "the link's decisions do not read"
    if not isinstance(settings, dict):
        return "the link's announcements do not read"
    seats: list[list[Card | None]] = []
    boards: list[list[Card | None]] = []
    for prefix, places, limit in (("seat", seats, players), ("board", boards, 2)):
        for index in range(1, limit + 1):
            text = params.get(f"{prefix}{index}")
            if text is None:
                break
            cards = read_seat(str(text))
            if isinstance(cards, str):
                return f"'{prefix}{index}': {cards}"
            places.append(cards)
    dead = read_seat(str(params.get("dead", "")))
    if isinstance(dead, str) or any(c is None for c in dead):
        return "'dead': type only cards, no ?"
    street = params.get("street")
    chips = str(params.get("stacks", ""))
    stacks = tuple(int(c) for c in chips.split(",") if c.isdigit()) if chips else ()
    if chips and (len(stacks) != players or any(c <= 0 for c in stacks)):
        return f"the link's stacks must be {players} whole numbers of chips, at least one each"
    known = {"widget", "game", "players", "settings", "steps", "street", "choices", "dead",
             "you", "stacks"}
    known |= {f"seat{i}" for i in range(1, players + 1)} | {"board1", "board2"}
    extra = sorted(set(params) - known)
    if extra:
        return f"the link names '{extra[0]}', which this odds question does not have"
    return Spot(game_id, players, tuple(sorted(settings.items())), steps,
                tuple(tuple(s) for s in seats), tuple(tuple(b) for b in boards),
                tuple(c for c in dead if c is not None),
                None if street is None else str(street), choices, stacks)
