"""The comparison table: one column per game, one row per feature.

Most rows come from each game's ``content/`` file; the house stakes row is
read from the engine (what a default deal posts, and its settings), so it always
matches what is dealt. A game whose
words give no comparison row gets one written from its engine declaration
(``declared_row``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from string import Formatter

import pandas as pd

from content import CompareRow, GameContent
from engine.deals import deal_plan
from engine.games import get_game, new_hand
from engine.games.base import Settings
from engine.games.declared import DeclaredGame
from engine.games.phases import FORCED_BETS, Betting
from engine.games.steps import holds
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
    """The stakes under the default announcements, as a table deals them: the chips, then
    what is posted before the deal (no amount of 0, no blind the deal leaves out), then
    the other amounts (bring-in, bets)."""
    game = get_game(game_id)
    settings = game.settings_type()
    hand = new_hand(game_id, players=game.player_counts(settings)[0], seed=0)
    posted = [f"{name} {amount}" for phase in hand.phases for name, amount in phase.posts()]
    unused = announced_only(game_id, settings)
    amounts = [f"{info.label.lower()} {info.default}" for info in settings.schema()
               if not info.options and info.default and info.label.lower() not in FORCED_BETS
               and info.name not in unused]
    return ", ".join(amounts[:1] + posted + amounts[1:])   # every game announces chips first


def announced_only(game_id: str, settings: Settings) -> frozenset[str]:
    """The amounts a declared game's stakes sentences name only under announcements not in
    force: Baseball's fixed payment for a face-up three counts only once the dealer
    announces a fixed payment, the house rule being the pot."""
    game = get_game(game_id)
    if not isinstance(game, DeclaredGame):
        return frozenset()
    known = {"structure": game.structure(settings).value}
    named: set[str] = set()
    in_force: set[str] = set()
    for line in game.declaration.stakes:
        names = {field for _, field, _, _ in Formatter().parse(line.text) if field}
        named |= names
        if all(holds(condition, settings, known) for condition in line.when):
            in_force |= names
    return frozenset(named - in_force)


def _pattern(seat_pattern: str) -> str:
    """``"dduuuud"`` as ``"2 down, 4 up, 1 down"``."""
    return ", ".join(f"{len(list(run))} {'up' if letter == 'u' else 'down'}"
                     for letter, run in groupby(seat_pattern))


def declared_row(game_id: str) -> CompareRow:
    """A game's comparison row from its engine declaration alone: players, the deal at
    the smallest table, boards, draws, betting and what wins the pot."""
    game = get_game(game_id)
    settings = game.settings_type()
    counts = game.player_counts(settings)
    plan = deal_plan(game_id, players=counts[0], settings=settings)
    rounds = sum(isinstance(phase, Betting)
                 for phase in new_hand(game_id, players=counts[0], seed=0).phases)
    boards = [n for n in plan.boards if n]
    board = "None" if not boards else " and ".join(f"{n} cards" for n in boards)
    ante = "with ante" if getattr(settings, "ante", 0) else ""
    blinds = "with blinds" if hasattr(settings, "big_blind") else ""
    return CompareRow(
        game=game.name, players=f"{counts[0]} to {counts[-1]}",
        cards_per_player=str(len(plan.seat_pattern)), pattern=_pattern(plan.seat_pattern),
        board=board, draws=f"Up to {plan.draws}" if plan.draws else "None",
        betting_structure=" ".join(w for w in (game.structure(settings).label, ante, blinds)
                                   if w),
        betting_rounds=rounds, pot=game.hand_types(settings).describe().capitalize(),
        special="None")


def comparison_frame(games: Sequence[GameContent]) -> pd.DataFrame:
    """Features down the side, games across the top (Double Sophie after Sophie's Pick).

    Each row's ``game`` is a game's engine name, which finds its settings; a game the
    rows leave out gets its ``declared_row``, after them."""
    ids = {game.name: game.id for game in registry.SITE_GAMES.values()}
    rows: list[CompareRow] = [row for game in games for row in game.compare]
    named = {row.game for row in rows}
    rows += [declared_row(game.id) for game in registry.SITE_GAMES.values()
             if game.name not in named]
    table = {row.game: [str(getattr(row, field)) for _, field in ROWS]
             + [house_stakes(ids[row.game])] for row in rows}
    return pd.DataFrame(table, index=[label for label, _ in ROWS] + ["House stakes"])
