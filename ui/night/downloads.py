"""A game night's hands as the table saw them, for download: PHH with the players' names
and no card that stayed face down.

The engine writes a hand's PHH for the host (every card, and the seed) or for one seat
(that seat's own cards too). The table's file is made from the seats' files: a card
is written only where every seat's file shows it, which is exactly when the whole table
saw it; a secret choice the same. No seed, no deck: nothing from which a hidden card
could be had back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from engine.history import load_hand
from engine.phh import to_phh
from engine.state import HandState
from ui.night.record import hand_names

TABLE_VIEW = "table"
"""What a table's file says it shows, in place of one seat (``_view``)."""


def _hidden(line: str) -> int:
    return line.count("?")


def table_phh(state: HandState, names: Sequence[str]) -> str:
    """The hand as PHH as the table saw it, the ``players`` named ``names`` (by seat)."""
    files = [to_phh(state, viewer=seat).splitlines() for seat in range(state.players)]
    if len({len(lines) for lines in files}) != 1:
        raise ValueError("the seats' files do not line up")
    out = []
    for lines in zip(*files, strict=True):
        line = max(lines, key=_hidden)          # the first of the most hidden
        if line.startswith("players = "):
            line = "players = [" + ", ".join(json.dumps(n) for n in names) + "]"
        elif line.startswith("_view = "):
            line = f"_view = {json.dumps(TABLE_VIEW)}"
        out.append(line)
    return "\n".join(out) + "\n"


def night_phh(hands: Sequence[Mapping[str, Any]], data: Mapping[str, Any]) -> str:
    """Every finished hand of a night (its log entries) as one PHH file of hands (the
    ``.phhs`` layout: a ``[number]`` table per hand), as the table saw each."""
    parts = []
    for hand in hands:
        state = load_hand(json.dumps(hand["history"]))
        parts.append(f"[{int(hand['number'])}]\n{table_phh(state, hand_names(hand, data))}")
    return "\n".join(parts)
