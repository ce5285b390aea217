"""The comparison table: one column per game, one row per feature.

Most rows come from each game's ``content/`` file; the house stakes row is
read from the engine's settings, so it always matches what is dealt.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from content import CompareRow, GameContent
from engine.games import get_game
from ui import registry

ROWS = (
    ("Players", "players"),
    ("Cards per player", "cards_per_player"),
    ("Up and down", "pattern"),
    ("Board", "board"),
    ("Draws", "draws"),
    ("Betting", "betting_structure"),
    ("Betting rounds", "betting_rounds"),
    ("Pot", "pot"),
    ("What makes it special", "special"),
)

def house_stakes(game_id: str) -> str:
    """The numeric announcements (chips, antes, blinds, bets) with their defaults."""
    game = get_game(game_id)
    numbers = [info for info in game.settings_type.schema() if not info.options]
    return ", ".join(f"{info.label.lower()} {info.default}" for info in numbers)


def comparison_frame(games: Sequence[GameContent]) -> pd.DataFrame:
    """Features down the side, games across the top (Double Sophie after Sophie's Pick).

    Each row's ``game`` is a game's engine name, which finds its settings."""
    ids = {game.name: game.id for game in registry.SITE_GAMES.values()}
    rows: list[CompareRow] = [row for game in games for row in game.compare]
    table = {row.game: [str(getattr(row, field)) for _, field in ROWS]
             + [house_stakes(ids[row.game])] for row in rows}
    return pd.DataFrame(table, index=[label for label, _ in ROWS] + ["House stakes"])
