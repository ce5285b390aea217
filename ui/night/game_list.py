"""The dealer's list of games at a game night: every game the night deals, by family
(house games, stud, community cards, draw, wild: each content file's ``group``), found by
words typed, each with five lines of how it plays. Games the host has left out of the
night are never on it.

Plain Python over the night's record, so the screen (``ui.night.choosing``) only draws
what it returns and the tests read it alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from content import ContentError, load_game
from engine.games import GAMES
from ui import registry
from ui.night import house_games, record

__all__ = ["Families", "Listed", "dealer_list", "how_it_plays", "listed_games"]


@dataclass(frozen=True, slots=True)
class Listed:
    """One game on the dealer's list: its family, its five lines of how it plays, and why
    the players in now cannot be dealt it (None: they can)."""

    id: str
    name: str
    group: str
    lines: tuple[str, ...]
    why: str | None = None

    def matches(self, words: str) -> bool:
        """Whether every word typed is in the game's name, family or lines."""
        text = " ".join((self.name, self.group, *self.lines)).lower()
        return all(word in text for word in words.lower().split())


def how_it_plays(game_id: str) -> tuple[str, str, tuple[str, ...]]:
    """(family, name, five lines): what the game is in a line, then who plays, the cards,
    the betting and the pot, from its content file (a game without one: its name and the
    players its declaration allows)."""
    game = GAMES[game_id]
    site = registry.SITE_GAMES.get(game_id)
    try:
        words = load_game(site.content if site is not None else game_id)
    except ContentError:
        return "More games", game.name, (
            game.name, f"Players: {game.min_players} to {game.max_players}")
    glance = words.at_a_glance
    return words.group, game.name, (words.tagline, f"Players: {glance.players}",
                                    f"Cards: {glance.cards}", f"Betting: {glance.betting}",
                                    f"Pot: {glance.pot}")


def listed_games(data: Mapping[str, Any] | None = None) -> tuple[Listed, ...]:
    """Every game the night deals, in the site's order; with a night's ``data``, without
    the games its host left out and with why the players in now cannot play each."""
    why = record.dealable_games(data) if data is not None else {}
    out = record.left_out(data) if data is not None else frozenset()
    listed = []
    for game_id in registry.SITE_GAMES:
        if game_id in out or game_id not in GAMES:
            continue
        group, name, lines = how_it_plays(game_id)
        listed.append(Listed(game_id, name, group, lines, why.get(game_id)))
    for house in (house_games.games(data).values() if data is not None else ()):
        game = house.game
        lines = (house.tagline or "A house game the host added for tonight.",
                 f"Players: {game.min_players} to {game.max_players}")
        listed.append(Listed(house.id, house.name, HOUSE_FAMILY, lines, why.get(house.id)))
    return tuple(listed)


HOUSE_FAMILY = "Tonight's house games"
"""The family of the house games a host added to the night (written on the site)."""


Families = tuple[tuple[str, tuple[Listed, ...]], ...]
"""Each family's name and its games, in the site's order."""


def dealer_list(data: Mapping[str, Any], words: str = "") -> Families:
    """The dealer's list: the night's games matching ``words``, by family, each family
    where its first game comes in the site's order (house games, stud, community cards,
    draw, wild); a family with no game left is not listed."""
    grouped: dict[str, list[Listed]] = {}
    for game in listed_games(data):
        grouped.setdefault(game.group, [])
        if game.matches(words):
            grouped[game.group].append(game)
    return tuple((group, tuple(games)) for group, games in grouped.items() if games)
