"""The JSON hand history's format: actions as plain values, and a hand written out.

A hand is fully determined by its game, player count, settings, seed (or
stacked deck), starting stacks and the actions taken, so the JSON history
stores exactly those; ``engine.history.load_hand`` replays them:

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
from typing import Any

from engine.actions import Action, ActionKind
from engine.cards import Card, format_cards, parse_cards

__all__ = ["FORMAT", "KEYS", "MAX_SEED", "MAX_STACK", "READABLE", "VERSION", "action_from_dict",
           "action_to_dict", "to_json"]

FORMAT = "dealers-choice-hand"
VERSION = 2
"""The version written; seat numbers count from 1."""
READABLE = (1, 2)
"""Every version :func:`load_hand` reads (version 1 counts seats from 0)."""
KEYS = frozenset({"format", "version", "game", "players", "seed", "settings", "deck", "stacks",
                   "actions"})
MAX_SEED = 10**15 - 1
"""The largest seed a history (or a share link) carries."""
MAX_STACK = 1_000_000_000
"""The most chips a seat may start with when a hand gives each seat its own stack (a real
hand read from a file, a link, a history): far more than any game's chips setting offers, so
that a high-stakes hand counted in quarters or cents reads exactly, and far below what a
browser's numbers or the store can hold exactly."""


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


def to_json(*, game: str, players: int, seed: int, settings: Mapping[str, Any],
            deck: Sequence[Card] | None, stacks: Sequence[int] | None,
            actions: Iterable[Action]) -> str:
    """A hand's JSON history (see the module docstring); ``settings`` holds only the
    changes from the game's defaults."""
    data = {
        "format": FORMAT, "version": VERSION, "game": game, "players": players,
        "seed": seed, "settings": dict(settings),
        "deck": format_cards(deck, ascii=True) if deck is not None else None,
        "stacks": list(stacks) if stacks is not None else None,
        "actions": [action_to_dict(a) for a in actions],
    }
    return json.dumps(data, ensure_ascii=False)
