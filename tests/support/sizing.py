"""How many random hands a game's conformance and oracle tests play, from its declaration:
a game whose hand is long (many steps, many seats) plays fewer of them, so that every game
costs about the same (``tests.support.timing.GAME_BUDGET``).

A hand's length is the steps of a hand at the game's largest table times its seats: every
seat may act at every step, and every seat's view is read after each decision. The count
is scaled as every random count is (``tests.support.scale.scaled``: a tenth in the quick
loop, ten times in the deep mode).
"""

from __future__ import annotations

from functools import cache

from engine.games import get_game, new_hand
from tests.support.scale import scaled


@cache
def hand_length(game_id: str) -> int:
    """Steps times seats of a hand of the game at its largest table, house settings.

    >>> hand_length("five-card-draw") < hand_length("seven-card-stud") < hand_length("baseball")
    True
    """
    game = get_game(game_id)
    settings = game.settings_type()
    players = game.player_counts(settings)[-1]
    return len(new_hand(game_id, players=players, seed=0, settings=settings).phases) * players


def hands_for(game_id: str, steps: int, *, least: int, most: int) -> int:
    """Hands that make about ``steps`` steps of the game in all, between ``least`` and
    ``most``, scaled.

    >>> hands_for("five-card-draw", 10_000, least=4, most=400) > hands_for(
    ...     "baseball", 10_000, least=4, most=400)
    True
    """
    return scaled(min(most, max(least, steps // hand_length(game_id))), least=least)
