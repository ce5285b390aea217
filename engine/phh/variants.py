"""Which PHH variant each game is written as, and which game a file's variant names.

PHH names a variant by a code (``F7S`` fixed-limit seven-card stud, ``FR``
razz, ``FT`` fixed-limit Texas hold'em, ...). A game with a code in
:data:`STANDARD` is written under it, dealt street by street as PHH deals;
every other game as ``dealers-choice:<game id>``, a variant pokerkit's reader
accepts as a file though it cannot play it. A game PHH has a code for gets
its line here.

>>> variant_code("seven-card-stud"), variant_code("psycho")
('F7S', 'dealers-choice:psycho')
>>> game_of_variant("F7S"), game_of_variant("dealers-choice:psycho"), game_of_variant("NT")
('seven-card-stud', 'psycho', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

STUD = "seven-card-stud"
"""Seven-card stud: its files are read from any writer (``engine.phh.stud``)."""
VARIANT_PREFIX = "dealers-choice:"
STANDARD: Mapping[str, str] = MappingProxyType({STUD: "F7S", "seven-card-stud-eight": "F7S/8",
                                                "razz": "FR"})
"""Each game PHH has a variant code for, by game id."""
_GAME_OF_CODE = MappingProxyType({code: game for game, code in STANDARD.items()})


def variant_code(game_id: str) -> str:
    """The variant a game's file is written as: its standard code, else the site's own."""
    return STANDARD.get(game_id, VARIANT_PREFIX + game_id)


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
