"""Hand histories: load a JSON history back into the same state, replay, readable text.

The JSON format is ``engine/record.py``'s (re-exported here): game, player
count, settings, seed or stacked deck, starting stacks and the actions, from
which :func:`replay` rebuilds the hand.

>>> state = new_hand("seven-card-stud", players=2, seed=3)
>>> load_hand(state.to_json()).view(None) == state.view(None)
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.actions import Action, Event, EventKind, seat_name
from engine.cards import Card, CardParseError
from engine.games import new_hand
from engine.games.base import Settings
from engine.record import (
    FORMAT,
    KEYS,
    MAX_SEED,
    MAX_STACK,
    READABLE,
    VERSION,
    action_from_dict,
    action_to_dict,
)
from engine.state import HandState
from engine.table import IllegalAction

__all__ = ["FORMAT", "MAX_SEED", "MAX_STACK", "READABLE", "VERSION", "action_from_dict",
           "action_to_dict", "load_hand", "replay", "table_history", "text_history", "to_json"]


def to_json(state: HandState) -> str:
    """The hand's JSON history: the same as ``state.to_json()``."""
    return state.to_json()

def replay(game_id: str, *, players: int, seed: int,
           settings: Settings | Mapping[str, Any] | None = None,
           actions: Iterable[Action] = (), deck: Sequence[Card] | str | None = None,
           stacks: Sequence[int] | None = None) -> HandState:
    """Rebuild a hand from its game, settings, seed (or deck) and actions.

    An action the rules refuse raises ``ValueError`` naming its position.
    """
    state = new_hand(game_id, players=players, seed=seed, settings=settings, deck=deck,
                     stacks=stacks)
    for number, action in enumerate(actions, start=1):
        try:
            state.apply(action)
        except IllegalAction as refused:
            raise ValueError(f"action {number} ({action.describe()}) cannot be replayed: "
                             f"{refused}") from None
    return state


def load_hand(json_text: str) -> HandState:
    """Load a JSON hand history back into the identical state.

    Anything malformed raises ``ValueError`` with a message fit to show a user.
    """
    try:
        data = json.loads(json_text)
    except RecursionError:
        raise ValueError("this is not a hand history (it is nested too deeply)") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"this is not a hand history (not valid JSON: {error})") from None
    except (TypeError, ValueError):  # past the 4,300 digits Python reads in a number
        raise ValueError("this is not a hand history (it holds a number too long to "
                         "read)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("this is not a hand history: the format marker is missing")
    if "version" not in data:
        raise ValueError("the hand history gives no version (this site reads versions "
                         f"{' and '.join(map(str, READABLE))})")
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version not in READABLE:
        raise ValueError(f"hand history version {version!r} is not supported "
                         f"(this site reads versions {' and '.join(map(str, READABLE))})")
    unknown = set(data) - KEYS
    if unknown:
        raise ValueError(f"unknown hand history field(s): {', '.join(sorted(unknown))}")
    if not isinstance(data.get("game"), str):
        raise ValueError("the hand history does not name its game")
    for key in ("players", "seed"):
        if isinstance(data.get(key), bool) or not isinstance(data.get(key), int):
            raise ValueError(f"the hand history's {key} must be a whole number")
    if not 0 <= data["seed"] <= MAX_SEED:
        raise ValueError(f"the hand history's seed must be from 0 to {MAX_SEED:,}")
    stacks = data.get("stacks")
    if stacks is not None and (not isinstance(stacks, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) and 1 <= s <= MAX_STACK
            for s in stacks)):
        raise ValueError("the hand history's stacks must be a list of whole numbers "
                         f"from 1 to {MAX_STACK:,}")
    settings = data.get("settings") or {}
    if not isinstance(settings, dict):
        raise ValueError("the hand history's settings must be names with values")
    deck = data.get("deck")
    if deck is not None and not isinstance(deck, str):
        raise ValueError("the hand history's deck must be written as text")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ValueError("the hand history's actions must be a list")
    try:
        parsed = [action_from_dict(a, version=version) for a in actions]
        return replay(str(data.get("game")), players=data["players"], seed=data["seed"],
                      settings=settings, actions=parsed, deck=deck,
                      stacks=stacks)
    except CardParseError as error:
        raise ValueError(f"the hand history has a bad card: {error}") from None


def text_history(state: HandState, viewer: int | None = None) -> str:
    """A readable history, as ``viewer`` may see it (``None``: every card). Only the
    host's names the seed or the stacked deck: either gives every card away.

    >>> hand = new_hand("seven-card-stud", players=2, seed=5)
    >>> print(text_history(hand).splitlines()[0])
    Seven-card stud, 2 players, seed 5
    >>> print(text_history(hand, viewer=1).splitlines()[0])
    Seven-card stud, 2 players
    """
    head = ""
    if viewer is None:
        head = " (stacked deck)" if state.stacked is not None else f", seed {state.seed}"
    return _history(state, state.view(viewer).events, head)


def table_history(state: HandState) -> str:
    """A readable history as the whole table saw it: every decision in its public words,
    no hole card (unless shown) and no seed. For a screen the table shares.

    >>> hand = new_hand("seven-card-stud", players=2, seed=5)
    >>> table_history(hand).splitlines()[6:8]
    ['Seat 1: [?? ?? Q♠]', 'Seat 2: [?? ?? 8♠]']
    """
    return _history(state, [e.seen_by(False) for e in state.events], "")


def _history(state: HandState, events: Sequence[Event], head: str) -> str:
    changed = state.settings.changes()
    lines = [f"{state.game.name}, {state.players} players{head}"]
    if changed:
        lines.append("Settings: " + ", ".join(f"{k} = {v}" for k, v in changed.items()))
    lines.append("Chips: " + ", ".join(f"{seat_name(s)} {c}"
                                       for s, c in enumerate(state.table.starting)))
    for event in events:
        if event.kind is EventKind.STREET:
            lines.append(f"*** {event.text} ***")
        else:
            lines.append(event.sentence)
    if state.settlement is not None:
        nets = ", ".join(f"{seat_name(s)} {p:+d}" for s, p in enumerate(state.payoffs))
        lines.append(f"Result: {nets}")
    return "\n".join(lines)
