"""The state of each hand a change of the table left, for the next change to play on.

A night's record holds a hand as its deal and its decisions; the engine's state of it is
made by replaying them (``ui.night.record.hand_state``). Each change of the table (a
decision, the computer players' answer) replays the hand and applies something new, so
replaying it from the deal every time costs more the longer the hand. The change hands
its state on here instead, and the next one takes it and applies only the decisions made
since, when they follow on from it (a change that was refused, or a hand that went
another way, is simply replayed).

A state here is nobody else's: taking it takes it out (under the lock, since the
server's threads change tables at once), and whoever keeps one lets go of it. At most
``most`` hands are kept, the latest kept first to go last.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from typing import Any

from engine.state import HandState

Key = tuple[Any, ...]


def _key(hand: Mapping[str, Any]) -> Key:
    """What deals the hand: the same for every version of it, and replays the same."""
    return (hand["game"], hand["seed"], tuple(hand["seats"]), tuple(hand["stacks"]),
            json.dumps(hand["settings"], sort_keys=True))


class HandStates:
    """The latest state of each of the last few hands changed in this process."""

    __slots__ = ("_kept", "_lock", "_most")

    def __init__(self, most: int = 16) -> None:
        self._kept: dict[Key, tuple[list[dict[str, Any]], HandState]] = {}
        self._lock = threading.Lock()
        self._most = most

    def take(self, hand: Mapping[str, Any]) -> tuple[HandState, int] | None:
        """The state kept for ``hand``, now the caller's alone, and how many of the hand's
        actions it has played; None when none is kept or its actions do not begin the
        hand's."""
        with self._lock:
            kept = self._kept.pop(_key(hand), None)
        if kept is None:
            return None
        given, state = kept
        if state.game.id != hand["game"] or hand["actions"][:len(given)] != given:
            return None
        return state, len(given)

    def keep(self, hand: Mapping[str, Any], state: HandState) -> None:
        """``state``, played to the hand's actions, for the next change of the hand to
        take; the caller no longer uses it."""
        given = [dict(a) for a in hand["actions"]]
        key = _key(hand)
        with self._lock:
            self._kept.pop(key, None)
            self._kept[key] = (given, state)
            while len(self._kept) > self._most:
                del self._kept[next(iter(self._kept))]
