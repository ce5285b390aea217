"""The visitor's house games on Play's and Host's lists of games, as a game night lists
the ones its host adds (``ui/night/house_games.py``): the game kept on the "Your house
game" page in this visit, and any added on Play or Host by its play link. Each is kept as
its text in the visit's session, so the engine knows it again on every run.

>>> from engine.games.house import BLANK
>>> texts = added([], BLANK)
>>> [game.name for game in listed(texts).values()]
['My house game']
>>> added(texts, BLANK) == texts
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.games.house import HouseError, HouseGame, adopt

__all__ = ["MOST", "SUFFIX", "added", "listed"]

MOST = 6
"""House games a visit lists at once: the oldest added gives way to a new one."""

SUFFIX = " (house game)"
"""What a house game's name carries on a list, apart from the site's games."""


def listed(texts: Iterable[str]) -> dict[str, HouseGame]:
    """The house games of these texts by id, each made known to the engine; a text that
    no longer reads (only a changed site could make one) is left out."""
    out: dict[str, HouseGame] = {}
    for text in texts:
        try:
            house = adopt(text)
        except HouseError:
            continue
        out.setdefault(house.id, house)
    return out


def added(texts: Sequence[str], text: str) -> list[str]:
    """The texts with this game's added, the newest last and at most :data:`MOST`
    (``HouseError`` with the reasons when it does not read)."""
    house = adopt(text)
    if house.id in listed(texts):
        return list(texts)
    return [*texts, house.text][-MOST:]
