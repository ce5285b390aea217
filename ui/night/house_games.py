"""House games at a game night: the host adds a kept house game by its play link, and the
dealer may name it. The night's record keeps each game's file (``house_games``), so any
site process serving the table reads the game from the record alone. Plain Python.

>>> from engine.games.house import BLANK
>>> data = add({}, BLANK)
>>> [game.name for game in games(data).values()]
['My house game']
>>> add(data, BLANK) == data
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.house import HouseError, HouseGame, adopt

__all__ = ["MOST", "add", "games"]

MOST = 4
"""House games a night may hold: each decision rewrites the night's record, files and all."""


def games(data: Mapping[str, Any]) -> dict[str, HouseGame]:
    """The night's house games by id, made known to the engine (a file that no longer
    reads, which only a changed site could make, is left out)."""
    out: dict[str, HouseGame] = {}
    for text in data.get("house_games", ()):
        try:
            house = adopt(str(text))
        except HouseError:
            continue
        out[house.id] = house
    return out


def add(data: dict[str, Any], text: str) -> dict[str, Any]:
    """The night with this house game added (``ValueError`` with the reason if it cannot
    be: it does not read, or the night has its :data:`MOST` already)."""
    house = adopt(text)
    if house.id in games(data):
        return data
    texts = list(data.get("house_games", ()))
    if len(texts) >= MOST:
        raise ValueError(f"A night holds at most {MOST} house games.")
    return {**data, "house_games": [*texts, house.text]}
