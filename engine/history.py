"""Hand histories: JSON that reloads into the same state, replay, and readable text.

A hand is fully determined by its game, player count, settings, seed (or
stacked deck), starting stacks and the actions taken, so the JSON history
stores exactly those and :func:`load_hand` replays them:

.. code-block:: json

    {"format": "dealers-choice-hand", "version": 2, "game": "seven-card-stud",
     "players": 3, "seed": 7, "settings": {"open_pair": false}, "deck": null,
     "stacks": null, "actions": [{"seat": 3, "kind": "bring-in", "amount": 5}]}

``settings`` holds only what differs from the defaults; cards are written
in ASCII ("Kh Th"); ``stacks`` lists the starting chips in seat order.

Seat numbers count from 1, as the site says them: an action's ``seat`` and
a ``pick-partner`` action's ``choice`` (the partner picked). Version 1 files,
written before, counted seats from 0 (``"seat": 2`` was Seat 3); they load
exactly as before, and the engine itself always counts from 0.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.cards import Card, CardParseError, format_cards, parse_cards
from engine.state import Action, ActionKind, EventKind, HandState, IllegalAction, seat_name

if TYPE_CHECKING:
    from engine.games.base import Settings

FORMAT = "dealers-choice-hand"
VERSION = 2
"""The version written; seat numbers count from 1."""
READABLE = (1, 2)
"""Every version :func:`load_hand` reads (version 1 counts seats from 0)."""
_KEYS = frozenset({"format", "version", "game", "players", "seed", "settings", "deck", "stacks",
                   "actions"})
MAX_SEED = 10**15 - 1
"""The largest seed a history (or a share link) carries."""
MAX_STACK = 1_000_000
"""The most chips a seat may start with, as the chips setting of every game allows."""


def _first_seat(version: int) -> int:
    """The number a file of this version gives the first seat (0 in version 1, else 1)."""
    return 0 if version == 1 else 1


def action_to_dict(action: Action, *, version: int = VERSION) -> dict[str, Any]:
    """An action as plain JSON values, leaving out empty fields; seats as ``version`` counts
    them (from 1, unless version 1 is asked for)."""
    first = _first_seat(version)
    data: dict[str, Any] = {"seat": action.seat + first, "kind": action.kind.value}
    if action.amount is not None:
        data["amount"] = action.amount
    if action.cards:
        data["cards"] = format_cards(action.cards, ascii=True)
    choice = action.choice
    if action.kind is ActionKind.PICK_PARTNER and isinstance(choice, int):
        choice += first
    if choice is not None:
        data["choice"] = choice
    return data


def action_from_dict(data: Mapping[str, Any], *, version: int = VERSION) -> Action:
    """Read an action written by :func:`action_to_dict` in ``version``'s seat numbers;
    ``ValueError`` says what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError(f"an action must be an object, not {data!r}")
    unknown = set(data) - {"seat", "kind", "amount", "cards", "choice"}
    if unknown:
        raise ValueError(f"unknown action field(s): {', '.join(sorted(unknown))}")
    seat, amount, choice = data.get("seat"), data.get("amount"), data.get("choice")
    first = _first_seat(version)
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ValueError(f"an action's seat must be a whole number, not {seat!r}")
    if seat < first:
        raise ValueError(f"an action's seat must be {first} or more (seats count from "
                         f"{first} in version {version}), not {seat}")
    try:
        kind = ActionKind(str(data.get("kind")))
    except ValueError:
        known = ", ".join(k.value for k in ActionKind)
        raise ValueError(f"unknown action kind {data.get('kind')!r}; known: {known}") from None
    if amount is not None and (isinstance(amount, bool) or not isinstance(amount, int)):
        raise ValueError(f"an action's amount must be a whole number, not {amount!r}")
    if choice is not None and (isinstance(choice, bool) or not isinstance(choice, str | int)):
        raise ValueError(f"an action's choice must be text or a seat number, not {choice!r}")
    if kind is ActionKind.PICK_PARTNER and isinstance(choice, int):
        if choice < first:
            raise ValueError(f"the partner picked must be seat {first} or more (seats count "
                             f"from {first} in version {version}), not {choice}")
        choice -= first
    cards_text = data.get("cards", "")
    if not isinstance(cards_text, str):
        raise ValueError("an action's cards must be written as text, such as 'Kh Th'")
    return Action(seat - first, kind, amount=amount, cards=tuple(parse_cards(cards_text)),
                  choice=choice)


def to_json(state: HandState) -> str:
    """The hand's JSON history (see the module docstring)."""
    data = {
        "format": FORMAT, "version": VERSION, "game": state.game.id, "players": state.players,
        "seed": state.seed, "settings": state.settings.changes(),
        "deck": format_cards(state.stacked, ascii=True) if state.stacked is not None else None,
        "stacks": list(state.stacks_given) if state.stacks_given is not None else None,
        "actions": [action_to_dict(a) for a in state.actions],
    }
    return json.dumps(data, ensure_ascii=False)


def replay(game_id: str, *, players: int, seed: int,
           settings: Settings | Mapping[str, Any] | None = None,
           actions: Iterable[Action] = (), deck: Sequence[Card] | str | None = None,
           stacks: Sequence[int] | None = None) -> HandState:
    """Rebuild a hand from its game, settings, seed (or deck) and actions.

    An action the rules refuse raises ``ValueError`` naming its position.
    """
    from engine.games import new_hand

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
    except (TypeError, ValueError) as error:
        raise ValueError(f"this is not a hand history (not valid JSON: {error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("this is not a hand history: the format marker is missing")
    if "version" not in data:
        raise ValueError("the hand history gives no version (this site reads versions "
                         f"{' and '.join(map(str, READABLE))})")
    version = data["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version not in READABLE:
        raise ValueError(f"hand history version {version!r} is not supported "
                         f"(this site reads versions {' and '.join(map(str, READABLE))})")
    unknown = set(data) - _KEYS
    if unknown:
        raise ValueError(f"unknown hand history field(s): {', '.join(sorted(unknown))}")
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

    >>> from engine.games import new_hand
    >>> hand = new_hand("seven-card-stud", players=2, seed=5)
    >>> print(text_history(hand).splitlines()[0])
    Seven-card stud, 2 players, seed 5
    >>> print(text_history(hand, viewer=1).splitlines()[0])
    Seven-card stud, 2 players
    """
    view = state.view(viewer)
    changed = state.settings.changes()
    head = f"{state.game.name}, {state.players} players"
    if viewer is None:
        head += " (stacked deck)" if state.stacked is not None else f", seed {state.seed}"
    lines = [head]
    if changed:
        lines.append("Settings: " + ", ".join(f"{k} = {v}" for k, v in changed.items()))
    lines.append("Chips: " + ", ".join(f"{seat_name(s)} {c}"
                                       for s, c in enumerate(state.table.starting)))
    for event in view.events:
        if event.kind is EventKind.STREET:
            lines.append(f"*** {event.text} ***")
        else:
            lines.append(event.sentence)
    if state.settlement is not None:
        nets = ", ".join(f"{seat_name(s)} {p:+d}" for s, p in enumerate(state.payoffs))
        lines.append(f"Result: {nets}")
    return "\n".join(lines)
