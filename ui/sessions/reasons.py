"""Computer players' reasons, told beside the narration of what they did.

A computer player's reason is built from what the whole table can see
(``Bot.explain``), so it may sit in any seat's narration. The page keeps
the reasons for the hand on the table, keyed by the line that tells the
decision, and adds each to its line when the narration is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import replace

from engine.bots import Bot
from engine.state import Action, Event, EventKind, HandState

Told = int
"""A narration line, by its place in the hand's narration (``HandState.events``): the same
words may tell two decisions ("Seat 4 calls 5" to the bring-in, then to a completion)."""


def told_line(state: HandState, seat: int, action: Action) -> tuple[Told, Event] | None:
    """Apply ``action`` for ``seat``; the line that tells it, with its place."""
    start = len(state.events)
    return next(((start + i, e) for i, e in enumerate(state.apply(action))
                 if e.seat == seat and e.kind is not EventKind.STREET), None)


def bot_decides(state: HandState, seat: int, bot: Bot, rng: random.Random,
                reasons: MutableMapping[Told, str]) -> None:
    """Let ``bot`` decide for ``seat``, and keep its reason for the line that tells it."""
    action = bot.choose(state, seat, rng)
    reason = bot.explain(state, seat, action)
    told = told_line(state, seat, action)
    if told is not None and reason:
        reasons[told[0]] = reason


def with_reasons(events: Sequence[Event], reasons: Mapping[Told, str], *,
                 start: int = 0) -> list[Event]:
    """The narration from line ``start`` on with each computer player's reason after the
    line that tells it."""
    return [replace(e, text=f"{e.text}: {reasons[start + i]}") if start + i in reasons else e
            for i, e in enumerate(events)]
