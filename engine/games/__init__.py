"""The games, and the one way to start or reload a hand of any of them.

``GAMES`` maps a game id to its :class:`~engine.games.base.Game`. Adding a
game is a new module in this package defining its settings and its
``Game`` subclass (``GAME = MyGame()``), plus one line in ``_REGISTERED``.

>>> state = new_hand("seven-card-stud", players=2, seed=3)
>>> [a.kind.value for a in state.legal_actions(state.to_act[0])]
['bring-in', 'complete']

Loading and replaying hands is ``engine.history``'s, the layer above.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.cards import Card, parse_cards
from engine.games import (
    holdem,
    omaha,
    pick_a_partner,
    psycho,
    razz,
    sophies_pick,
    stud,
    stud_eight,
)
from engine.games.base import Game, Settings, SettingsError
from engine.state import HandState

_REGISTERED: tuple[Game, ...] = (
    stud.GAME,
    stud_eight.GAME, razz.GAME,
    pick_a_partner.GAME,
    sophies_pick.GAME, sophies_pick.DOUBLE,
    psycho.GAME,
    holdem.GAME, omaha.GAME,
)

GAMES: Mapping[str, Game] = MappingProxyType({game.id: game for game in _REGISTERED})
"""Every playable game by id, in the order the site lists them."""

__all__ = ["GAMES", "Game", "Settings", "SettingsError", "get_game", "make_settings", "new_hand"]


def get_game(game_id: str) -> Game:
    """The game with this id, or ``ValueError`` listing the known ids."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(GAMES)}") from None


def make_settings(game: Game, settings: Settings | Mapping[str, Any] | None) -> Settings:
    """The game's settings from an instance, a mapping of plain values, or defaults."""
    if settings is None:
        return game.settings_type()
    if isinstance(settings, game.settings_type):
        return settings
    if isinstance(settings, Settings):
        raise SettingsError(f"{type(settings).__name__} are not settings for {game.name}")
    return game.settings_type.from_dict(settings)


def new_hand(game_id: str, *, players: int, seed: int,
             settings: Settings | Mapping[str, Any] | None = None,
             deck: Sequence[Card] | str | None = None,
             stacks: Sequence[int] | None = None) -> HandState:
    """Deal a new hand.

    ``deck`` (cards, or text such as ``"Kh Qh 2c"``) is dealt in order
    instead of a shuffle: one card at a time to each seat still in from the
    dealer's left, burns included (none before third street in stud); the
    seed shuffles whatever the list leaves out. ``stacks`` gives each seat
    its own chips instead of the game's setting.
    """
    game = get_game(game_id)
    if isinstance(deck, str):
        deck = parse_cards(deck, distinct=True)
    return HandState(game, players=players, seed=seed, settings=make_settings(game, settings),
                     deck=deck, stacks=stacks)
