"""The games, and the one way to start or reload a hand of any of them.

``GAMES`` maps a game id to its :class:`~engine.games.base.Game`, built from the
game files in ``content/games/``: each file's ``[rules]`` declares a game as data
(``engine.games.declaration``), checked against the step kinds
(``engine.games.kinds``) and made playable (``engine.games.declared``). Dropping a
valid file in that folder registers its game; a bad one is refused with its file,
line, key and reason.

>>> state = new_hand("seven-card-stud", players=2, seed=3)
>>> [a.kind.value for a in state.legal_actions(state.to_act[0])]
['bring-in', 'complete']

Loading and replaying hands is ``engine.history``'s, the layer above.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.cards import Card, parse_cards
from engine.games.base import Game, Settings, SettingsError
from engine.games.declaration import (
    Declaration,
    DeclarationError,
    read_rules,
    read_toml,
    resolve_likes,
)
from engine.games.declared import build_games
from engine.games.house import adopted
from engine.games.kinds import SETTING_TYPES, STEP_KINDS
from engine.state import HandState

FOLDER = Path(__file__).resolve().parents[2] / "content" / "games"
"""Where the game files are: one TOML file per game, its words and its rules."""


def declarations(folder: Path = FOLDER) -> tuple[Declaration, ...]:
    """Every game the folder's files declare, in file order (a bad file raises
    ``DeclarationError``)."""
    found: list[Declaration] = []
    for path in sorted(folder.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        source = f"{folder.parent.name}/{folder.name}/{path.name}"
        try:
            game_id = str(read_toml(text).get("id", path.stem))
        except tomllib.TOMLDecodeError as error:
            raise DeclarationError(f"{source}: {error}") from error
        found.extend(read_rules(text, source=source, game_id=game_id))
    return tuple(found)


def load_games(folder: Path = FOLDER) -> tuple[Game, ...]:
    """Every game the folder declares, checked and built, in the order they declare."""
    decls = sorted(resolve_likes(declarations(folder)), key=lambda d: d.order)
    return build_games(decls, kinds=STEP_KINDS, setting_types=SETTING_TYPES)


_REGISTERED: tuple[Game, ...] = load_games()



_LISTED: Mapping[str, Game] = MappingProxyType({game.id: game for game in _REGISTERED})


class _Games(Mapping[str, Game]):
    """The registered games by id, in the site's order; a house game this process has
    adopted (``engine.games.house.adopt``) is found by its id too, but never listed."""

    __slots__ = ()

    def __getitem__(self, game_id: str) -> Game:
        listed = _LISTED.get(game_id)
        if listed is not None:
            return listed
        house = adopted().get(game_id)
        if house is None:
            raise KeyError(game_id)
        return house.game

    def __iter__(self) -> Iterator[str]:
        return iter(_LISTED)

    def __len__(self) -> int:
        return len(_LISTED)


GAMES: Mapping[str, Game] = _Games()
"""Every playable game by id, in the order the site lists them (and the house games
adopted, by id alone)."""

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
