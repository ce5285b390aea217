"""A site game as the start of a house game: its words and ``[rules]`` written out whole
(a game declared ``like`` another takes that one's rules for what it does not give), ready
for a host to change.

>>> from engine.games.house import read_house
>>> read_house(template(GAMES["chicago"])).name
'Chicago'
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from engine.games import FOLDER, GAMES
from engine.games.declared import DeclaredGame
from engine.games.house_text import to_toml

__all__ = ["template", "template_values"]

_DROPPED = ("like", "variants", "order", "strategy")
"""What a template leaves out: a house game is written whole, listed nowhere, and played
by the general computer player."""


def _file_data(game: DeclaredGame) -> dict[str, Any]:
    path = FOLDER / Path(game.declaration.source).name
    return tomllib.loads(path.read_text(encoding="utf-8"))


def template_values(game: DeclaredGame) -> dict[str, Any]:
    """A site game's words and ``[rules]`` as plain values, written whole."""
    data = _file_data(game)
    rules = dict(data.get("rules", {}))
    base = GAMES.get(str(rules.get("like", "")))
    if isinstance(base, DeclaredGame):
        rules = {**_file_data(base).get("rules", {}), **rules}
    variant = next((v for v in rules.get("variants", []) if v.get("id") == game.id), None)
    if variant is not None:
        rules.update({k: v for k, v in variant.items() if k in ("name", "boards")})
    ordered = {"name": rules.pop("name", game.name), **rules}
    for key in _DROPPED:
        ordered.pop(key, None)
    words: dict[str, Any] = {key: " ".join(str(data[key]).split()) for key in ("tagline", "summary")
             if key in data}
    return {**words, "rules": ordered}


def template(game: DeclaredGame) -> str:
    """A site game's file as a house game's: its words and rules, to change at will."""
    return to_toml(template_values(game))
