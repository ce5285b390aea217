"""A game night as plain JSON: the chairs and who sits in them, their chips, the button,
the hand being played (as the engine replays it) and the night's running totals.

Everything here works on the record's ``data`` dict and knows nothing of the
store or of Streamlit, so the controller (``ui.night.controller``) can run it
inside one ``store.update`` and the tests can run it alone. The layout
(``ui.night.shape`` has it as types)::

    {"night": 2,
     "players": [{"name": "Ann", "person": true, "joined": true, "linked": true,
                  "out": false, "left": false}, ...],   # chairs, clockwise, all night
     "chips": [200, ...], "bought": [200, ...],          # now; bought in, rebuys too
     "won": [0, ...], "best": [0, ...],                  # hands won, most chips won in a hand
     "start_chips": 200, "button": 3, "played": 0,       # hands finished (the log's length)
     "paused": false, "reveal": false, "lobby": false, "ended": false,
     "left_out": ["badugi"],                             # games the host does not deal
     "notice": {"number": 1, "text": "..."},             # the latest word to every screen
     "link_keys": {"host": "<sealed>", "tv": "<sealed>"},
     "open_links": {"tv": "<sealed>", "seat:2": "<sealed>"}, "join_link": "<sealed>",
     "hand": {"number": 1, "game": "psycho", "settings": {...}, "seed": 12345,
              "seats": [0, 1, 2, 3],          # engine seat -> chair (the dealer last)
              "stacks": [200, ...], "actions": [...], "reasons": [[line, why]],
              "over": false}}

A finished hand leaves nothing in the record but its totals: the controller appends it
to the record's own log (:func:`log_entry`), so a decision at the 200th hand writes
what it wrote at the first. A record of the first layout (``"night": 1``) kept every
finished hand in ``"hands"``; it still loads, and the controller moves those hands to
the log the first time it opens it. Keys a first-layout chair lacks read as their
defaults (:func:`players`).

``open_links`` holds the links nobody has opened yet (the TV's and each person
seat's), sealed so that only the host's and the TV's screens can read them and
show them as QR codes (``ui.night.links``); a link leaves the record as soon
as its screen first opens it. ``join_link`` is the lobby's one link, sealed the
same way, which stays while the lobby is open. The store keeps only the hashes of
secrets.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import secrets
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from engine.bots import Bot, bot_for
from engine.games import GAMES, get_game, make_settings, new_hand
from engine.history import MAX_SEED, action_from_dict, action_to_dict, load_hand, table_history
from engine.state import Action, HandState, IllegalAction
from ui.night import house_games
from ui.night.hand_states import HandStates
from ui.night.names import MAX_NAME, check_name, name_seats
from ui.sessions.reasons import told_line

NIGHT_FORMAT = 2
"""The layout of a night's ``data`` written by this code (kept inside the record)."""
MIN_SEATS, MAX_SEATS = 2, 10
MAX_CHIPS = 1_000_000
"""The most chips a player may be given at once (a buy-in or a rebuy)."""
REVEALED = "The host is showing every hole card on the TV, for a demonstration."
HIDDEN_AGAIN = "The host has hidden the hole cards on the TV again."


class Refused(Exception):
    """A change the table does not allow now; the message says why, for the person asking."""


@dataclass(frozen=True, slots=True)
class Player:
    """One chair at the table for the whole night, and who sits in it: a person (once
    ``joined``: someone holds its link) or a computer. A player ``out`` sits out until the
    host deals them in again; one who ``left`` has gone home with their chips."""

    name: str
    person: bool
    joined: bool = True
    out: bool = False
    left: bool = False


def players(data: Mapping[str, Any]) -> list[Player]:
    return [Player(str(p["name"]), bool(p["person"]), bool(p.get("joined", True)),
                   bool(p.get("out", False)), bool(p.get("left", False)))
            for p in data["players"]]


def names(data: Mapping[str, Any]) -> list[str]:
    """Each chair's name, in chair order."""
    return [str(p["name"]) for p in data["players"]]


def seat_role(player: int) -> str:
    """The store role of a person's link: ``"seat:<player>"``."""
    return f"seat:{player}"


def player_of_role(role: str) -> int | None:
    if role.startswith("seat:") and role[5:].isdigit():
        return int(role[5:])
    return None


def default_name(index: int, person: bool) -> str:
    return f"{'Player' if person else 'Computer'} {index + 1}"


def whole_chips(value: object, what: str = "Starting chips") -> int:
    """``value`` as a count of chips, or :class:`Refused` saying what a count of chips is:
    a whole number from 1 to :data:`MAX_CHIPS` (not 150.5, not True, not "200")."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_CHIPS:
        raise Refused(f"{what} are a whole number from 1 to {MAX_CHIPS:,}, "
                      f"not {repr(value)[:24]}.")
    return value


def _chair(index: int, person: bool, typed: object, *, joined: bool) -> dict[str, Any]:
    name = " ".join(typed.split())[:MAX_NAME] if isinstance(typed, str) else ""
    if name:
        try:
            name = check_name(name)
        except ValueError as why:
            raise Refused(f"Seat {index + 1}'s name: {why}") from None
    return {"name": name or default_name(index, person), "person": bool(person),
            "joined": joined or not person, "linked": bool(person), "out": False,
            "left": False}


def new_night(*, people: Sequence[bool], names: Sequence[str], chips: object,
              lobby: bool = False) -> dict[str, Any]:
    """A night with no hand dealt yet; the button on the last chair, so the first chair
    sits at the dealer's left and opens as Seat 1. With ``lobby``, the person chairs wait
    for guests to take them (:func:`join`); without, each is taken by whoever holds its
    link."""
    if not MIN_SEATS <= len(people) <= MAX_SEATS:
        raise Refused(f"A night is for {MIN_SEATS} to {MAX_SEATS} seats, not {len(people)}.")
    chips = whole_chips(chips)
    chairs = [_chair(index, person, names[index] if index < len(names) else "",
                     joined=not lobby) for index, person in enumerate(people)]
    count = len(people)
    return {"night": NIGHT_FORMAT, "players": chairs, "chips": [chips] * count,
            "bought": [chips] * count, "won": [0] * count, "best": [0] * count,
            "start_chips": chips, "button": count - 1, "played": 0, "paused": False,
            "reveal": False, "lobby": bool(lobby), "ended": False, "notice": None,
            "link_keys": {}, "open_links": {}, "hand": None}


# --- the night's running totals, for records of either layout -------------------------


def played(data: Mapping[str, Any]) -> int:
    """How many hands of the night have finished."""
    if "played" in data:
        return int(data["played"])
    return len(data.get("hands", ()))


def bought(data: Mapping[str, Any]) -> list[int]:
    """The chips each chair has bought in all night: the start and every rebuy."""
    return list(data.get("bought", [data["start_chips"]] * len(data["players"])))


def _totals(data: dict[str, Any]) -> None:
    """A first-layout record given the running totals this layout keeps (hands won and
    biggest pots from its finished hands, which it still holds)."""
    count = len(data["players"])
    data.setdefault("bought", [data["start_chips"]] * count)
    if "won" not in data:
        data["won"], data["best"] = [0] * count, [0] * count
        for hand in data.get("hands", ()):
            state = load_hand(json.dumps(hand["history"]))
            _count_wins(data, state, hand["seats"])
    data.setdefault("played", len(data.get("hands", ())))
    for key, default in (("lobby", False), ("ended", False), ("notice", None)):
        data.setdefault(key, default)


def lift(data: dict[str, Any]) -> dict[str, Any]:
    """A first-layout record as this layout has it, once its finished hands are in the
    log: the running totals made from them, and the hands themselves gone."""
    _totals(data)
    data["played"] = len(data.pop("hands", ()))
    data["night"] = NIGHT_FORMAT
    for chair in data["players"]:
        for key, default in (("joined", True), ("linked", chair["person"]), ("out", False),
                             ("left", False)):
            chair.setdefault(key, default)
    return data


def ended(data: Mapping[str, Any]) -> bool:
    """Whether the host has ended the night: its screens show the results."""
    return bool(data.get("ended", False))


def _count_wins(data: dict[str, Any], state: HandState, seats: Sequence[int]) -> None:
    """A finished hand's share of the standings: who took chips from a pot, and how many
    (a hand passed out for want of openers is won by nobody: the antes only went back)."""
    if state.settlement is None or state.settlement.passed_out:
        return
    taken = [0] * state.players
    for award in state.settlement.awards:
        for seat, share in award.shares:
            taken[seat] += share
    for seat, chips in enumerate(taken):
        if chips > 0:
            player = seats[seat]
            data["won"][player] += 1
            data["best"][player] = max(data["best"][player], chips)


# --- who is in, and which games the table can deal -----------------------------------


def in_play(data: Mapping[str, Any], player: int) -> bool:
    """Whether a chair is dealt in: it has chips, someone sits in it (a computer, or a
    person who took it), and nobody has asked it to sit out or taken it home."""
    chair = data["players"][player]
    seated_now = not chair["person"] or chair.get("joined", True) is not False
    return (data["chips"][player] > 0 and seated_now
            and not chair.get("out", False) and not chair.get("left", False))


def away(data: Mapping[str, Any], player: int) -> str:
    """Why a chair is not in the hand being played, in a few words for its box on the TV:
    gone home, out of chips, sitting out, waiting for a guest, dealt in at the next hand
    (a chair filled after a hand ended), or sitting this hand out (filled during it)."""
    chair = data["players"][player]
    if chair.get("left", False):
        return "Gone home"
    if data["chips"][player] <= 0:
        return "Out of chips"
    if chair.get("out", False):
        return "Sits out"
    if chair["person"] and chair.get("joined", True) is False:
        return "Waiting for a guest"
    if between_hands(data):
        return "Dealt in next hand"
    return "Sits this hand out"


def seated(data: Mapping[str, Any], button: int | None = None) -> list[int]:
    """The players dealt in, clockwise from the button's left, the button last."""
    count = len(data["players"])
    button = data["button"] if button is None else button
    order = [(button + 1 + k) % count for k in range(count)]
    return [p for p in order if in_play(data, p)]


def dealable(game_id: str, count: int, settings: Any = None) -> str | None:
    """Why ``count`` players cannot sit down to this game, or None if they can."""
    if game_id not in GAMES:
        return f"There is no game called {str(game_id)[:40]!r} here"
    game = get_game(game_id)
    try:
        game.check_players(count, make_settings(game, settings))
    except ValueError as error:
        return str(error)
    return None


def dealable_games(data: Mapping[str, Any]) -> dict[str, str | None]:
    """Each game, and why the players now in cannot play it (None: they can)."""
    count = len(seated(data, next_button(data)))
    return {game_id: dealable(game_id, count) for game_id in [*GAMES, *house_games.games(data)]}


def left_out(data: Mapping[str, Any]) -> frozenset[str]:
    """The games the host left out of the night: never offered, never dealt."""
    return frozenset(str(g) for g in data.get("left_out", ()) if g in GAMES)


def set_left_out(data: dict[str, Any], game_ids: object) -> dict[str, Any]:
    """Leave these games out of the night (the others back in); a game the site does not
    have, or leaving every game out, is refused with the reason."""
    if not isinstance(game_ids, list | tuple | set | frozenset) or not all(
            isinstance(g, str) for g in game_ids):
        raise Refused("Name the games to leave out by their ids.")
    unknown = [g for g in game_ids if g not in GAMES]
    if unknown:
        raise Refused(f"There is no game called {unknown[0][:40]!r} here.")
    if set(game_ids) >= set(GAMES):
        raise Refused("Leave at least one game in: the dealer must have a game to name.")
    data["left_out"] = [g for g in GAMES if g in set(game_ids)]
    return data


def next_button(data: Mapping[str, Any]) -> int:
    """Where the button sits for the next hand: the first hand keeps it (on a chair dealt
    in), later hands move it one chair left (clockwise), past anyone not dealt in."""
    count, button = len(data["players"]), int(data["button"])
    if data["hand"] is None and in_play(data, button):
        return button
    for step in range(1, count + 1):
        chair = (button + step) % count
        if in_play(data, chair):
            return chair
    return button


def chooser(data: Mapping[str, Any]) -> int | None:
    """The player who names the next game (the new dealer), or None when the host does
    (the first hand, a computer on the button) or when no hand may be dealt now."""
    hand = data["hand"]
    if hand is None or not hand["over"] or data.get("ended", False):
        return None
    button = next_button(data)
    return button if data["players"][button]["person"] else None


def between_hands(data: Mapping[str, Any]) -> bool:
    """Whether no hand is being played: the lobby, or a hand just finished."""
    return data["hand"] is None or bool(data["hand"]["over"])


# --- the hand being played --------------------------------------------------------


def hand_state(data: Mapping[str, Any]) -> HandState | None:
    """The current hand, replayed from its game, settings, seed, stacks and actions."""
    return _replayed(data, None)


def _to_change(data: Mapping[str, Any]) -> HandState | None:
    """:func:`hand_state`, for a change of the table to apply something to: the state the
    last change of this hand left (:data:`_STATES`), played on by the actions since, when
    they follow on from it. The caller's own, kept again by :func:`_settled`."""
    hand = data["hand"]
    return None if hand is None else _replayed(data, _STATES.take(hand))


def _replayed(data: Mapping[str, Any], taken: tuple[HandState, int] | None) -> HandState | None:
    """The current hand: ``taken`` (a state and how many of the hand's actions it played)
    played on by the rest, or a replay from the deal."""
    hand = data["hand"]
    if hand is None:
        return None
    house_games.games(data)  # a house game is known by id once its file is read
    if taken is None:
        state = new_hand(hand["game"], players=len(hand["seats"]), seed=hand["seed"],
                         settings=hand["settings"], stacks=hand["stacks"])
        done = 0
    else:
        state, done = taken
    for item in hand["actions"][done:]:
        state.apply(action_from_dict(item))
    return state


_STATES = HandStates()
"""The state each change of a hand leaves (:func:`_settled`), for the next change."""


def engine_seat(data: Mapping[str, Any], player: int) -> int | None:
    """The player's seat in the current hand, or None when sitting it out."""
    hand = data["hand"]
    if hand is None or player not in hand["seats"]:
        return None
    return int(hand["seats"].index(player))


def seat_names(data: Mapping[str, Any]) -> list[str]:
    """The current hand's engine seats as people's names: ``seat_names(data)[0]`` sits in
    "Seat 1" this hand (nothing before the first deal)."""
    hand = data["hand"]
    chairs = names(data)
    return [] if hand is None else [chairs[p] for p in hand["seats"]]


def name_hand_text(text: str, data: Mapping[str, Any]) -> str:
    """A line of the current hand's narration with names for seats ("Seat 1, Seat 2 and
    Seat 3 choose" -> "Ann, Ben and Cat choose"); see :func:`ui.night.names.name_seats`."""
    return name_seats(text, seat_names(data))


def _refuse_if_ended(data: Mapping[str, Any]) -> None:
    if data.get("ended", False):
        raise Refused("The night has ended: its results stay here to read.")


def deal(data: dict[str, Any], *, game_id: object, settings: Mapping[str, Any] | None = None,
         seed: int | None = None, computers: bool = True) -> dict[str, Any]:
    """Deal the next hand: the button moves left (except for the first hand), everyone
    dealt in sits down, and the computer players act until a person must (unless
    ``computers`` is off: :func:`computer_moves`). The first deal closes the lobby; a
    revealed table is hidden again for the new hand."""
    _refuse_if_ended(data)
    if not between_hands(data):
        raise Refused("A hand is still being played.")
    if not isinstance(game_id, str) or game_id not in [*GAMES, *house_games.games(data)]:
        raise Refused(f"There is no game called {str(game_id)[:40]!r} here; the table can "
                      f"deal: {', '.join(g.name for g in GAMES.values())}.")
    if game_id in left_out(data):
        raise Refused(f"The host has left {GAMES[game_id].name} out of tonight's games.")
    game = get_game(game_id)
    try:
        rules = make_settings(game, settings)
    except (ValueError, TypeError) as error:
        raise Refused(f"Those announcements cannot be dealt: {error}.") from None
    chairs = players(data)
    if chairs and not any(c.person and c.joined for c in chairs) and \
            any(c.person for c in chairs):
        raise Refused("Nobody has taken a chair yet: deal when the guests have joined.")
    button = next_button(data)
    order = seated(data, button)
    if len(order) < 2:
        raise Refused("Fewer than two players are in: wait for guests to take their chairs, "
                      "give a chair to a computer, take a rebuy or deal someone back in.")
    why = dealable(game_id, len(order), rules)
    if why is not None:
        can = [GAMES[g].name for g, no in dealable_games({**data, "button": button,
                                                          "hand": None}).items()
               if no is None and g not in left_out(data)]
        raise Refused(f"{why}. With {len(order)} players in, the table can deal: "
                      f"{', '.join(can) or 'no game'}.")
    _totals(data)
    data["button"] = button
    data["lobby"] = False
    if data["reveal"]:
        set_reveal(data, False)
    data["hand"] = {
        "number": played(data) + 1, "game": game_id, "settings": rules.changes(),
        "seed": secrets.randbelow(MAX_SEED) if seed is None else int(seed),
        "seats": order, "stacks": [data["chips"][p] for p in order], "actions": [],
        "reasons": [], "over": False}
    state = _to_change(data)
    assert state is not None
    return _after(data, state) if computers else _settled(data, state)


def decide(data: dict[str, Any], *, player: int | None, action: Action,
           computers: bool = True) -> dict[str, Any]:
    """A person's decision (``player`` None: the host deciding for a computer seat is not
    offered, so None is refused): checked, applied, then the computer players answer
    (unless ``computers`` is off: they answer in writes of their own,
    :func:`computer_moves`)."""
    _refuse_if_ended(data)
    if data["paused"]:
        raise Refused("The host has paused the table: no decisions until it resumes.")
    state = _to_change(data)
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
    return _after(data, state) if computers else _settled(data, state)


def run_computers(data: dict[str, Any]) -> dict[str, Any]:
    """Let computer players act (after the host hands them a seat, or resumes play)."""
    state = _to_change(data)
    if state is None or data.get("ended", False):
        return data
    return _after(data, state)


def _after(data: dict[str, Any], state: HandState) -> dict[str, Any]:
    """Computer players act until a person must (not while paused); a finished hand is
    settled into the night."""
    while (move := _think(data, state)) is not None:
        _play(data, state, move)
    return _settled(data, state)


def _settled(data: dict[str, Any], state: HandState) -> dict[str, Any]:
    """A hand that has just ended settled into the night."""
    if state.is_over and not data["hand"]["over"]:
        _finish(data, state)
    _STATES.keep(data["hand"], state)
    return data


@dataclass(frozen=True, slots=True)
class ComputerMove:
    """A computer player's decision, thought out on the table as it stood: its seat, the
    action and its reason, for :func:`play_computers` to write."""

    seat: int
    action: Action
    reason: str | None


TRIALS_FLOOR = 8
"""The fewest deals a computer player simulates for a decision, however busy the site."""
THINKING_CPU = 0.05
"""The CPU seconds a computer player's decision should stay under: one that took more
makes the next decisions of that game simulate half as many deals (to
:data:`TRIALS_FLOOR`), so a busy or slow machine keeps every decision short."""
TURN_CPU = 0.15
"""The CPU seconds of the computer players' thinking written together at most
(:func:`computer_moves`): a longer run of them reaches the screens in several writes."""
class Thinking:
    """How many deals each game's computer players simulate in this process: the game's
    own number until one of its decisions takes more than :data:`THINKING_CPU`, then half
    as many each time (to :data:`TRIALS_FLOOR`). Shared by the threads that run
    decisions, under a lock."""

    __slots__ = ("_lock", "_trials")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._trials: dict[str, int] = {}

    def bot(self, game_id: str) -> Bot:
        """The game's computer player, simulating as many deals as this process allows."""
        bot = bot_for(game_id)
        with self._lock:
            trials = self._trials.get(game_id)
        if trials is not None and dataclasses.is_dataclass(bot) and hasattr(bot, "trials"):
            return cast(Bot, dataclasses.replace(bot, trials=trials))
        return bot

    def took(self, game_id: str, bot: Bot, seconds: float) -> None:
        """A decision of ``bot`` took ``seconds`` of CPU: over the bound, halve its deals."""
        if seconds > THINKING_CPU:
            with self._lock:
                now = int(getattr(bot, "trials", TRIALS_FLOOR))
                self._trials[game_id] = max(TRIALS_FLOOR, now // 2)


_THINKING = Thinking()


def _think(data: Mapping[str, Any], state: HandState) -> ComputerMove | None:
    """The next computer player's decision, without changing ``state``; None when a person
    must act (or the hand is over, or the table paused)."""
    hand, chairs = data["hand"], data["players"]
    if state.is_over or data["paused"] or data.get("ended", False):
        return None
    waiting = [s for s in state.to_act if not chairs[hand["seats"][s]]["person"]]
    if not waiting:
        return None
    seat = waiting[0]
    game_id = state.game.id
    bot = _THINKING.bot(game_id)
    rng = random.Random(f"{state.seed}:{len(state.actions)}")
    started = time.thread_time()
    action = bot.choose(state, seat, rng)
    _THINKING.took(game_id, bot, time.thread_time() - started)
    return ComputerMove(seat, action, bot.explain(state, seat, action))


def _play(data: dict[str, Any], state: HandState, move: ComputerMove) -> None:
    """A computer player's decision applied and kept, with its reason."""
    told = told_line(state, move.seat, move.action)
    data["hand"]["actions"].append(action_to_dict(move.action))
    if told is not None and move.reason:
        data["hand"]["reasons"].append([told[0], move.reason])


def computer_moves(data: Mapping[str, Any]) -> list[ComputerMove]:
    """The decisions of the computer players the table waits on, one after another until a
    person must act (or the hand ends, or :data:`TURN_CPU` is spent), thought out from a
    read of the table and outside any write, so that a person's decision reaches every
    screen before any computer player thinks; none when none is to act.

    They are written together (:func:`play_computers`): each version of the table costs
    every screen a redraw, so three computer players in a row cost the screens one, not
    three, while they are still drawing the person's decision before them."""
    state = _to_change(data)
    moves: list[ComputerMove] = []
    started = time.thread_time()
    while state is not None and (move := _think(data, state)) is not None:
        moves.append(move)
        state.apply(move.action)
        if time.thread_time() - started > TURN_CPU:
            break
    if state is not None and not moves:   # a person is to act: the state is as it was read
        _STATES.keep(data["hand"], state)
    return moves


def play_computers(data: dict[str, Any], moves: Sequence[ComputerMove]) -> dict[str, Any]:
    """``moves`` written on the table they were thought out on (the store's version check
    refuses them on any other): applied in turn, kept, and a finished hand settled."""
    state = _to_change(data)
    for move in moves:
        if state is None or state.is_over or move.seat not in state.to_act:
            raise Refused("The table moved on before the computer players acted.")
        _play(data, state, move)
    assert state is not None
    return _settled(data, state)


def _finish(data: dict[str, Any], state: HandState) -> None:
    """The hand's chips go back to their chairs, and its totals into the night's; the hand
    itself stays as ``data["hand"]`` until the next deal, and the controller logs it."""
    _totals(data)
    hand = data["hand"]
    hand["over"] = True
    payoffs = [0] * len(data["players"])
    for seat, net in enumerate(state.payoffs):
        player = hand["seats"][seat]
        payoffs[player] = net
        data["chips"][player] = state.table.stacks[seat]
    hand["payoffs"], hand["chips"] = payoffs, list(data["chips"])
    _count_wins(data, state, hand["seats"])
    data["played"] = played(data) + 1
    if "hands" in data:                    # a first-layout record keeps its own list
        data["hands"].append(log_entry(data, state))


def log_entry(data: Mapping[str, Any], state: HandState) -> dict[str, Any]:
    """The finished hand ``data["hand"]`` as its own entry of the night's log: what the
    downloads and the chips over the night are made from (a replayable history, so it
    holds the seed: it never leaves the server but through the table's view of it)."""
    hand = data["hand"]
    return {"number": hand["number"], "game": hand["game"], "seats": list(hand["seats"]),
            "names": seat_names(data), "history": json.loads(state.to_json()),
            "payoffs": list(hand["payoffs"]), "chips": list(hand["chips"]),
            "bought": bought(data)}


def reasons(data: Mapping[str, Any]) -> dict[int, str]:
    """The computer players' reasons for the current hand, keyed by the place in the
    narration of the line that tells each decision."""
    hand = data["hand"]
    return {} if hand is None else {int(line): why for line, why in hand["reasons"]}


# --- the host's controls ----------------------------------------------------------


def tell_all(data: dict[str, Any], text: str) -> None:
    """A word from the host to every screen (:func:`notice`): numbered, so that a screen
    says it once."""
    before = data.get("notice") or {"number": 0}
    data["notice"] = {"number": int(before["number"]) + 1, "text": text}


def notice(data: Mapping[str, Any]) -> tuple[int, str] | None:
    """The latest word from the host to every screen, as (number, text): a screen that has
    not yet shown that number says it (the phones, when the host reveals the hole cards)."""
    told = data.get("notice")
    return None if not told else (int(told["number"]), str(told["text"]))


def set_person(data: dict[str, Any], player: int, person: bool) -> dict[str, Any]:
    """A chair to a computer (its guest's link still opens it, to watch) or back to a
    person (the same guest's link plays it again)."""
    check_chair(data, player)
    chair = data["players"][player]
    chair["person"] = person
    if person:
        chair["linked"] = True
    return run_computers(data) if not person else data


def set_paused(data: dict[str, Any], paused: bool) -> dict[str, Any]:
    data["paused"] = paused
    return run_computers(data) if not paused else data


def set_reveal(data: dict[str, Any], reveal: bool) -> dict[str, Any]:
    """Show every hole card on the TV (or hide them again); every screen is told."""
    if bool(data["reveal"]) != bool(reveal):
        tell_all(data, REVEALED if reveal else HIDDEN_AGAIN)
    data["reveal"] = bool(reveal)
    return data


def check_chair(data: Mapping[str, Any], player: object) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or \
            not 0 <= player < len(data["players"]):
        raise Refused("There is no such chair at this table.")
    return player


def chips_over_night(data: Mapping[str, Any],
                     hands: Sequence[Mapping[str, Any]] | None = None) -> list[list[int | None]]:
    """Each player's chips before the first hand and after every finished one (``hands``:
    the night's log; a first-layout record's own list when not given). A chair added later
    has no count (None) before the first hand it was at the table for: it had no chips
    then, not 0."""
    count = len(data["players"])
    hands = data.get("hands", ()) if hands is None else hands
    first = len(hands[0]["chips"]) if hands else count
    rows: list[list[int | None]] = [[data["start_chips"]] * first + [None] * (count - first)]
    for hand in hands:
        chips: list[int | None] = list(hand["chips"])
        rows.append(chips + [None] * (count - len(chips)))
    return rows


def finished_record(data: Mapping[str, Any],
                    hands: Sequence[Mapping[str, Any]] | None = None) -> tuple[str, ...]:
    """Each finished hand of the night as the table saw it (see :func:`table_record`):
    the part of the record that costs a replay per hand, and changes only when one ends.
    ``hands``: the night's log (a first-layout record's own list when not given)."""
    hands = data.get("hands", ()) if hands is None else hands
    return tuple(_hand_record(h, load_hand(json.dumps(h["history"])), data) for h in hands)


def table_record(data: Mapping[str, Any], state: HandState | None,
                 finished: Sequence[str]) -> str:
    """The night as the table saw it, hand by hand, the one being played (``state``) last:
    every decision in its public words, each seat called by its player's name, and
    the chips after each hand. The host's download: like the host's screen, it holds no
    hole card that was never shown, and no seed (which would give every card away)."""
    parts = [f"Game night: {', '.join(names(data))}; {data['start_chips']} chips each",
             *finished]
    current = data["hand"]
    if current is not None and not current["over"] and state is not None:
        parts.append(_hand_record(current, state, data))
    return "\n\n".join(parts) + "\n"


def hand_names(hand: Mapping[str, Any], data: Mapping[str, Any]) -> list[str]:
    """A hand's engine seats as names: those it was played under (kept in its log entry),
    or the chairs' names now."""
    kept = hand.get("names")
    if kept:
        return [str(n) for n in kept]
    chairs = names(data)
    return [chairs[p] for p in hand["seats"]]


def _hand_record(hand: Mapping[str, Any], state: HandState, data: Mapping[str, Any]) -> str:
    over = "chips" in hand
    lines = [f"== Hand {hand['number']}: {state.game.name}{'' if over else ' (being played)'} ==",
             name_seats(table_history(state), hand_names(hand, data))]
    if over:
        chairs = names(data)
        lines.append("Chips after the hand: " + ", ".join(
            f"{name} {chips}" for name, chips in zip(chairs, hand["chips"], strict=False)))
    return "\n".join(lines)


def with_names(text: str, hand: Mapping[str, Any], data: Mapping[str, Any]) -> str:
    """``text`` from ``hand`` with each seat called by its player's name too: "Seat 2 bets"
    becomes "Ann (Seat 2) bets". The screens are moving to names alone
    (:func:`name_hand_text`, :func:`ui.night.names.name_seats`)."""
    chairs = hand_names(hand, data)

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        if not 0 <= seat < len(chairs):
            return match.group(0)
        return f"{chairs[seat]} ({match.group(0)})"

    return _SEAT_WORD.sub(name, text)


_SEAT_WORD = re.compile(r"\bSeat (\d+)\b")
