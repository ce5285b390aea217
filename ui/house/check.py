"""The house game page's checker: the text as the host typed it, read, with what holds and
what does not. Plain Python, so the page and its fuzz test share it.

>>> from engine.games.house import BLANK
>>> check(BLANK).house is not None, check(BLANK).problems
(True, ())
>>> [str(p) for p in check("[rules]\\nname = 1").problems]
['line 2, rules.name: expected non-empty text']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from engine.games.declaration import read_toml
from engine.games.house import HouseError, HouseGame, Problem, adopt

__all__ = ["Checked", "check", "values_of"]


@dataclass(frozen=True, slots=True)
class Checked:
    """A text checked: the game it declares, or each problem with its line and reason."""

    text: str
    house: HouseGame | None
    problems: tuple[Problem, ...]

    @property
    def holds(self) -> bool:
        return self.house is not None


def check(text: str) -> Checked:
    """Read ``text`` as a house game, made known by its id when it holds (the preview
    deals it); never raises, whatever was typed."""
    try:
        return Checked(text, adopt(text), ())
    except HouseError as error:
        return Checked(text, None, error.problems)


def values_of(text: str) -> dict[str, Any] | None:
    """The file's values for the form, or ``None`` when the text is not TOML at all."""
    try:
        values = read_toml(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    return values
