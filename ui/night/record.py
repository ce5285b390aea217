"""A game night as plain JSON: the players, their chips, the button, the hand being played
(as the engine replays it) and the hands already finished.

Everything here works on the record's ``data`` dict and knows nothing of the
store or of Streamlit, so the controller (``ui.night.controller``) can run it
inside one ``store.update`` and the tests can run it alone. The layout::

    {"night": 1,
     "players": [{"name": "Ann", "person": true}, ...],   # clockwise round the table
     "chips": [200, ...], "button": 3, "paused": false, "reveal": false,
     "link_keys": {"host": "<sealed>", "tv": "<sealed>"},
     "open_links": {"tv": "<sealed>", "seat:2": "<sealed>"},
     "hand": {"number": 1, "game": "psycho", "settings": {...}, "seed": 12345,
              "seats": [0, 1, 2, 3],          # engine seat -> player (the dealer last)
              "stacks": [200, ...], "actions": [...], "reasons": [[street, text, why]],
              "over": false},
     "hands": [{"number": 1, "game": "psycho", "seats": [...], "history": {...},
                "payoffs": [...], "chips": [...]}]}

``open_links`` holds the links nobody has opened yet (the TV's and each person
seat's), sealed so that only the host's and the TV's screens can read them and
show them as QR codes (``ui.night.links``); a link leaves the record as soon
as its screen first opens it. The store keeps only the hashes of secrets.
"""

from __future__ import annotations

import json
import random
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.bots import bot_for
from engine.games import GAMES, get_game, make_settings, new_hand
from engine.history import MAX_SEED, action_from_dict, action_to_dict, load_hand, table_history
from engine.state import Action, EventKind, HandState, IllegalAction

NIGHT_FORMAT = 1
"""The layout of a night's ``data`` written by this code (kept inside the record)."""
MIN_SEATS, MAX_SEATS = 2, 10


class Refused(Exception):
    """A change the table does not allow now; the message says why, for the person asking."""


@dataclass(frozen=True, slots=True)
class Player:
    """One chair at the table for the whole night."""

    name: str
    person: bool


def players(data: Mapping[str, Any]) -> list[Player]:
    return [Player(str(p["name"]), bool(p["person"])) for p in data["players"]]


def seat_role(player: int) -> str:
    """The store role of a person's link: ``"seat:<player>"``."""
    return f"seat:{player}"


def player_of_role(role: str) -> int | None:
    if role.startswith("seat:") and role[5:].isdigit():
        return int(role[5:])
    return None


def default_name(index: int, person: bool) -> str:
    return f"{'Player' if person else 'Computer'} {index + 1}"


def new_night(*, people: Sequence[bool], names: Sequence[str], chips: int) -> dict[str, Any]:
    """A night with no hand dealt yet; the button on the last chair, so the first chair
    sits at the dealer's left and opens as Seat 1."""
    if not MIN_SEATS <= len(people) <= MAX_SEATS:
        raise Refused(f"A night is for {MIN_SEATS} to {MAX_SEATS} seats, not {len(people)}.")
    if not 1 <= chips <= 1_000_000:
        raise Refused("Starting chips are a whole number from 1 to 1,000,000.")
    chairs = []
    for index, person in enumerate(people):
        name = (names[index] if index < len(names) else "").strip()[:24]
        chairs.append({"name": name or default_name(index, person), "person": bool(person)})
    return {"night": NIGHT_FORMAT, "players": chairs, "chips": [chips] * len(people),
            "start_chips": chips, "button": len(people) - 1, "paused": False, "reveal": False,
            "link_keys": {}, "open_links": {}, "hand": None, "hands": []}


# --- who is in, and which games the table can deal -----------------------------------


def seated(data: Mapping[str, Any], button: int | None = None) -> list[int]:
    """The players with chips, clockwise from the button's left, the button last."""
    count = len(data["players"])
    button = data["button"] if button is None else button
    order = [(button + 1 + k) % count for k in range(count)]
    return [p for p in order if data["chips"][p] > 0]


def dealable(game_id: str, count: int, settings: Any = None) -> str | None:
    """Why ``count`` players cannot sit down to this game, or None if they can."""
    game = get_game(game_id)
    try:
        game.check_players(count, make_settings(game, settings))
    except ValueError as error:
        return str(error)
    return None


def dealable_games(data: Mapping[str, Any]) -> dict[str, str | None]:
    """Each game, and why the players now in cannot play it (None: they can)."""
    count = len(seated(data, next_button(data)))
    return {game_id: dealable(game_id, count) for game_id in GAMES}


def next_button(data: Mapping[str, Any]) -> int:
    """Where the button sits for the next hand: the first hand keeps it, later hands move
    it one chair left (clockwise), past anyone out of chips."""
    count, button = len(data["players"]), data["button"]
    if data["hand"] is None and data["chips"][button] > 0:
        return button
    for step in range(1, count + 1):
        chair = (button + step) % count
        if data["chips"][chair] > 0:
            return chair
    return button


def chooser(data: Mapping[str, Any]) -> int | None:
    """The player who names the next game (the new dealer), or None when the host does
    (a computer on the button) or when no hand may be dealt yet."""
    hand = data["hand"]
    if hand is not None and not hand["over"]:
        return None
    button = next_button(data)
    return button if data["players"][button]["person"] else None


# --- the hand being played --------------------------------------------------------


def hand_state(data: Mapping[str, Any]) -> HandState | None:
    """The current hand, replayed from its game, settings, seed, stacks and actions."""
    hand = data["hand"]
    if hand is None:
        return None
    state = new_hand(hand["game"], players=len(hand["seats"]), seed=hand["seed"],
                     settings=hand["settings"], stacks=hand["stacks"])
    for item in hand["actions"]:
        state.apply(action_from_dict(item))
    return state


def engine_seat(data: Mapping[str, Any], player: int) -> int | None:
    """The player's seat in the current hand, or None when sitting it out."""
    hand = data["hand"]
    if hand is None or player not in hand["seats"]:
        return None
    return int(hand["seats"].index(player))


def deal(data: dict[str, Any], *, game_id: str, settings: Mapping[str, Any] | None = None,
         seed: int | None = None) -> dict[str, Any]:
    """Deal the next hand: the button moves left (except for the first hand), everyone
    with chips sits in, and the computer players act until a person must."""
    hand = data["hand"]
    if hand is not None and not hand["over"]:
        raise Refused("A hand is still being played.")
    game = get_game(game_id)
    try:
        rules = make_settings(game, settings)
    except ValueError as error:
        raise Refused(f"Those announcements cannot be dealt: {error}.") from None
    button = next_button(data)
    order = seated(data, button)
    if len(order) < 2:
        raise Refused("Only one player has chips left: the night is won.")
    why = dealable(game_id, len(order), rules)
    if why is not None:
        can = [GAMES[g].name for g, no in dealable_games({**data, "button": button,
                                                          "hand": None}).items() if no is None]
        raise Refused(f"{why}. With {len(order)} players in, the table can deal: "
                      f"{', '.join(can) or 'no game'}.")
    data["button"] = button
    data["hand"] = {
        "number": len(data["hands"]) + 1, "game": game_id, "settings": rules.changes(),
        "seed": secrets.randbelow(MAX_SEED) if seed is None else int(seed),
        "seats": order, "stacks": [data["chips"][p] for p in order], "actions": [],
        "reasons": [], "over": False}
    state = hand_state(data)
    assert state is not None
    return _after(data, state)


def decide(data: dict[str, Any], *, player: int | None, action: Action) -> dict[str, Any]:
    """A person's decision (``player`` None: the host deciding for a computer seat is not
    offered, so None is refused): checked, applied, then the computer players answer."""
    if data["paused"]:
        raise Refused("The host has paused the table: no decisions until it resumes.")
    state = hand_state(data)
    if state is None or state.is_over:
        raise Refused("No hand is being played.")
    seat = None if player is None else engine_seat(data, player)
    if seat is None or action.seat != seat:
        raise Refused("That decision is not this seat's to make.")
    if seat not in state.to_act:
        raise Refused("It is not this seat's turn.")
    try:
        state.apply(action)
    except IllegalAction as refused:
        raise Refused(f"That is not allowed: {refused}.") from None
    data["hand"]["actions"].append(action_to_dict(action))
    return _after(data, state)


def run_computers(data: dict[str, Any]) -> dict[str, Any]:
    """Let computer players act (after the host hands them a seat, or resumes play)."""
    state = hand_state(data)
    if state is None:
        return data
    return _after(data, state)


def _after(data: dict[str, Any], state: HandState) -> dict[str, Any]:
    """Computer players act until a person must (not while paused); a finished hand is
    settled into the night."""
    hand = data["hand"]
    chairs = data["players"]
    while not state.is_over and not data["paused"]:
        waiting = [s for s in state.to_act if not chairs[hand["seats"][s]]["person"]]
        if not waiting:
            break
        seat = waiting[0]
        bot = bot_for(state.game.id)
        rng = random.Random(f"{state.seed}:{len(state.actions)}")
        action = bot.choose(state, seat, rng)
        reason = bot.explain(state, seat, action)
        told = next((e for e in state.apply(action)
                     if e.seat == seat and e.kind is not EventKind.STREET), None)
        hand["actions"].append(action_to_dict(action))
        if told is not None and reason:
            hand["reasons"].append([told.street, told.text, reason])
    if state.is_over and not hand["over"]:
        _finish(data, state)
    return data


def _finish(data: dict[str, Any], state: HandState) -> None:
    hand = data["hand"]
    hand["over"] = True
    payoffs = [0] * len(data["players"])
    for seat, net in enumerate(state.payoffs):
        player = hand["seats"][seat]
        payoffs[player] = net
        data["chips"][player] = state.table.stacks[seat]
    data["hands"].append({"number": hand["number"], "game": hand["game"],
                          "seats": list(hand["seats"]), "history": json.loads(state.to_json()),
                          "payoffs": payoffs, "chips": list(data["chips"])})


def reasons(data: Mapping[str, Any]) -> dict[tuple[str, str], str]:
    """The computer players' reasons for the current hand, keyed by (street, public text)."""
    hand = data["hand"]
    return {} if hand is None else {(s, t): why for s, t, why in hand["reasons"]}


# --- the host's controls ----------------------------------------------------------


def set_person(data: dict[str, Any], player: int, person: bool) -> dict[str, Any]:
    data["players"][player]["person"] = person
    return run_computers(data) if not person else data


def set_paused(data: dict[str, Any], paused: bool) -> dict[str, Any]:
    data["paused"] = paused
    return run_computers(data) if not paused else data


def set_reveal(data: dict[str, Any], reveal: bool) -> dict[str, Any]:
    data["reveal"] = reveal
    return data


def chips_over_night(data: Mapping[str, Any]) -> list[list[int]]:
    """Each player's chips before the first hand and after every finished one."""
    start = [data["start_chips"]] * len(data["players"])
    return [start, *(list(h["chips"]) for h in data["hands"])]


_SEAT_WORD = re.compile(r"\bSeat (\d+)\b")


def with_names(text: str, hand: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    """``text`` from ``hand`` with each seat called by its player's name too: "Seat 2 bets"
    becomes "Ann (Seat 2) bets"."""
    names = [p["name"] for p in data["players"]]

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        if not 0 <= seat < len(hand["seats"]):
            return match.group(0)
        return f"{names[hand['seats'][seat]]} ({match.group(0)})"

    return _SEAT_WORD.sub(name, text)


def finished_record(data: Mapping[str, Any]) -> tuple[str, ...]:
    """Each finished hand of the night as the table saw it (see :func:`table_record`):
    the part of the record that costs a replay per hand, and changes only when one ends."""
    return tuple(_hand_record(h, load_hand(json.dumps(h["history"])), data)
                 for h in data["hands"])


def table_record(data: Mapping[str, Any], state: HandState | None,
                 finished: Sequence[str]) -> str:
    """The night as the table saw it, hand by hand, the one being played (``state``) last:
    every decision in its public words, each seat called by its player's name too, and
    the chips after each hand. The host's download: like the host's screen, it holds no
    hole card that was never shown, and no seed (which would give every card away)."""
    names = [p["name"] for p in data["players"]]
    parts = [f"Game night: {', '.join(names)}; {data['start_chips']} chips each", *finished]
    current = data["hand"]
    if current is not None and not current["over"] and state is not None:
        parts.append(_hand_record(current, state, data))
    return "\n\n".join(parts) + "\n"


def _hand_record(hand: Mapping[str, Any], state: HandState, data: Mapping[str, Any]) -> str:
    over = "chips" in hand
    lines = [f"== Hand {hand['number']}: {state.game.name}{'' if over else ' (being played)'} ==",
             with_names(table_history(state), hand, data)]
    if over:
        names = [p["name"] for p in data["players"]]
        lines.append("Chips after the hand: " + ", ".join(
            f"{name} {chips}" for name, chips in zip(names, hand["chips"], strict=True)))
    return "\n".join(lines)
