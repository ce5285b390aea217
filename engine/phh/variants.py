"""Which PHH variant each game is written as, and which game a file's variant names.

PHH names a variant by a code (``F7S`` fixed-limit seven-card stud, ``FR``
razz, ``NT`` no-limit Texas hold'em, ...). :data:`CODES` is the one table
from game to code: a game with a row here is written under its code, dealt
street by street as PHH deals; every other game as ``dealers-choice:<game
id>``, a variant pokerkit's reader accepts as a file though it cannot play it.
A game PHH has a code for gets its row here.

A row may ask for a betting structure and for the pot to be split high-low,
as the announcements decide them (``Game.structure``, ``Game.hand_types``):
hold'em is ``NT`` at no limit and ``FT`` at fixed limit, Omaha ``PO``
(pot-limit high) and ``FO/8`` (fixed-limit eight or better), short-deck hold'em
``NS`` and deuce-to-seven single draw ``N2L1D`` at no limit, deuce-to-seven
triple draw ``F2L3D`` and badugi ``FB`` (fixed limit, as the site deals them).
PHH has no code for pot-limit hold'em, nor for Omaha, short deck or single draw
another way, so those are written as the site's own variant.

>>> variant_code("seven-card-stud"), variant_code("psycho"), variant_code("texas-holdem")
('F7S', 'dealers-choice:psycho', 'NT')
>>> from engine.games import get_game, make_settings
>>> variant_code("texas-holdem", make_settings(get_game("texas-holdem"),
...                                            {"structure": "pot-limit"}))
'dealers-choice:texas-holdem'
>>> game_of_variant("F7S"), game_of_variant("dealers-choice:psycho"), game_of_variant("F5D")
('seven-card-stud', 'psycho', None)
>>> game_of_variant("FO/8"), game_of_variant("NS")
('omaha', 'short-deck-holdem')
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.games import get_game
from engine.games.base import Settings
from engine.table import Structure

STUD = "seven-card-stud"
"""Seven-card stud: its files are read from any writer (``engine.phh.stud``)."""
VARIANT_PREFIX = "dealers-choice:"


@dataclass(frozen=True)
class Code:
    """A PHH variant code for a game, under the announcements it fits: a betting structure,
    and whether the pot is split high-low (``None``: any); ``draw`` for a draw game,
    whose files are read by ``engine.phh.draw``; ``stud`` for a stud game, whose files
    are read from any writer by ``engine.phh.stud``."""

    game: str
    code: str
    structure: Structure | None = None
    split: bool | None = None
    draw: bool = False
    stud: bool = False


CODES: tuple[Code, ...] = (
    Code(STUD, "F7S", stud=True),
    Code("seven-card-stud-eight", "F7S/8", stud=True),
    Code("razz", "FR", stud=True),
    Code("texas-holdem", "NT", Structure.NO_LIMIT),
    Code("texas-holdem", "FT", Structure.FIXED_LIMIT),
    Code("omaha", "PO", Structure.POT_LIMIT, split=False),
    Code("omaha", "FO/8", Structure.FIXED_LIMIT, split=True),
    Code("short-deck-holdem", "NS", Structure.NO_LIMIT),
    Code("deuce-to-seven-triple-draw", "F2L3D", Structure.FIXED_LIMIT, draw=True),
    Code("deuce-to-seven-single-draw", "N2L1D", Structure.NO_LIMIT, draw=True),
    Code("badugi", "FB", Structure.FIXED_LIMIT, draw=True),
)
"""Every game PHH has a variant code for, with the announcements each code fits."""

_GAME_OF_CODE = MappingProxyType({row.code: row.game for row in CODES})


def fits(row: Code, settings: Settings) -> bool:
    """Whether the announcements ``settings`` are what ``row``'s code plays."""
    game = get_game(row.game)
    if row.structure is not None and game.structure(settings) is not row.structure:
        return False
    types = game.hand_types(settings)
    return row.split is None or row.split == (types.high and types.low is not None)


def announcements(row: Code, values: Mapping[str, Any]) -> Settings | None:
    """The game's settings with ``values`` and, for the announcements a code decides, the
    first options (defaults first) its code ``row`` fits; None if none fit."""
    game = get_game(row.game)
    choices = [sorted(((info.name, o.value) for o in info.options),
                      key=lambda pair: pair[1] != info.default)
               for info in game.settings_type.schema() if info.options and info.name not in values]
    for chosen in itertools.product(*choices):
        settings = game.settings_type.from_dict({**values, **dict(chosen)})
        if fits(row, settings):
            return settings
    return None


def variant_code(game_id: str, settings: Settings | None = None) -> str:
    """The variant a game's file is written as under ``settings`` (the game's defaults when
    not given): its standard code, else the site's own."""
    rows = [row for row in CODES if row.game == game_id]
    if rows:
        chosen = get_game(game_id).settings_type() if settings is None else settings
        for row in rows:
            if fits(row, chosen):
                return row.code
    return VARIANT_PREFIX + game_id


STANDARD: Mapping[str, str] = MappingProxyType({row.game: variant_code(row.game)
                                                for row in CODES})
"""Each game PHH has a variant code for, by game id: the code of its default announcements."""


def codes_of(game_id: str) -> tuple[str, ...]:
    """The standard codes a game is written under, whatever its announcements."""
    return tuple(row.code for row in CODES if row.game == game_id)


def is_draw(code: str) -> bool:
    """Whether a standard code is a draw game's."""
    return any(row.code == code and row.draw for row in CODES)


def by_street(game_id: str) -> bool:
    """Whether a game's cards are written street by street, as PHH deals them: a game with
    a standard code, whatever the announcements."""
    return any(row.game == game_id for row in CODES)


def game_of_variant(variant: object) -> str | None:
    """The game id a file's ``variant`` names (registered or not), or None for a variant
    that names none of the site's games."""
    if not isinstance(variant, str):
        return None
    if variant in _GAME_OF_CODE:
        return _GAME_OF_CODE[variant]
    if variant.startswith(VARIANT_PREFIX):
        return variant[len(VARIANT_PREFIX):]
    return None
