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
from engine.state import Event, EventKind, HandState

Told = tuple[str, str]
"""A narration line, as (street, public text)."""


def bot_decides(state: HandState, seat: int, bot: Bot, rng: random.Random,
                reasons: MutableMapping[Told, str]) -> None:
    """Let ``bot`` decide for ``seat``, and keep its reason for the line that tells it."""
    action = bot.choose(state, seat, rng)
    reason = bot.explain(state, seat, action)
    told = next((e for e in state.apply(action)
                 if e.seat == seat and e.kind is not EventKind.STREET), None)
    if told is not None and reason:
        reasons[(told.street, told.text)] = reason


def with_reasons(events: Sequence[Event], reasons: Mapping[Told, str]) -> list[Event]:
    """The narration with each computer player's reason after the line that tells it."""
    return [replace(e, text=f"{e.text}: {reasons[(e.street, e.text)]}")
            if (e.street, e.text) in reasons else e for e in events]
