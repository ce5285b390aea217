"""Words that count, list or group the site's games, written from the registries so that
they never fall behind the games that are dealt: how many there are, their families as
each game's content file names them, and which of them play for low and how.

>>> total_words() == count(len(registry.SITE_GAMES), "home poker game")
True
>>> [family.name for family in families()][:3]
['House games', 'Stud', 'Community cards']
"""

from __future__ import annotations

from dataclasses import dataclass

from content import GameContent
from engine.cards import Rank
from engine.games import GAMES
from engine.games.base import Settings
from engine.games.hand_types import HandTypes
from engine.games.stakes import count
from engine.hands import LowRanking
from ui import registry


def total_words() -> str:
    """Every game the site deals, counted: "16 home poker games"."""
    return count(len(registry.SITE_GAMES), "home poker game")


@dataclass(frozen=True, slots=True)
class Family:
    """A group of games on the home page, named by their content files' ``group``."""

    name: str
    games: tuple[GameContent, ...]


def families() -> tuple[Family, ...]:
    """The games by family, each family where its first game comes in the site's order."""
    grouped: dict[str, list[GameContent]] = {}
    for game in registry.contents():
        grouped.setdefault(game.group, []).append(game)
    return tuple(Family(name, tuple(games)) for name, games in grouped.items())


def learn_pages_by_family() -> dict[str, list[registry.LearnPage]]:
    """Every learning page under its family ("Stud", "Draw"), as the home page groups the
    games: the page list's long run of games reads in short runs by kind."""
    sections: dict[str, list[registry.LearnPage]] = {}
    for family in families():
        for game in family.games:
            page = registry.page_of(game.id)
            if page is not None:
                sections.setdefault(family.name, []).append(page)
    return sections


def dealt_names(content_id: str) -> tuple[str, ...]:
    """The games one content file's card stands for (Sophie's Pick's: Double Sophie too)."""
    return tuple(game.name for game in registry.SITE_GAMES.values()
                 if game.content == content_id)


@dataclass(frozen=True, slots=True)
class LowGame:
    """A game that plays for low: its name, the low ranking, and how ("half the pot")."""

    name: str
    ranking: LowRanking
    how: str


def _how(types: HandTypes) -> str:
    if not types.high:
        return "the whole pot"
    if types.declare:
        return "half the pot, to those who declare low"
    if types.qualifier is not None:
        return f"half the pot, with a low of {Rank(types.qualifier).word} or better"
    return "half the pot"


def _announced(game_id: str) -> list[tuple[str, HandTypes]]:
    """What wins the game's pot by default (label ""), and under each announcement (its
    label) one at a time."""
    game = GAMES[game_id]
    plain = game.settings_type()
    found = [("", game.hand_types(plain))]
    for info in plain.schema():
        for option in info.options:
            if option.value == info.default:
                continue
            try:
                settings: Settings = game.settings_type.from_dict({info.name: option.value})
            except ValueError:
                continue
            found.append((option.label, game.hand_types(settings)))
    return found


def low_games() -> tuple[LowGame, ...]:
    """Every game that plays for low, by default or when the dealer announces it, once for
    each low ranking it may use, in the site's order. Read from the registries at each use
    (about a millisecond), so that an added game is counted."""
    games: list[LowGame] = []
    for game_id, site_game in registry.SITE_GAMES.items():
        seen: set[LowRanking] = set()
        for label, types in _announced(game_id):
            if types.low is None or types.low in seen:
                continue
            seen.add(types.low)
            how = _how(types) + (", when the dealer announces it" if label else "")
            games.append(LowGame(site_game.name, types.low, how))
    return tuple(games)


def listed(items: list[str]) -> str:
    """``"a, b and c"``.

    >>> listed(["a"]), listed(["a", "b", "c"])
    ('a', 'a, b and c')
    """
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" and {items[-1]}"


def low_games_words(ranking: LowRanking | None = None) -> str:
    """The games that play for low (under ``ranking``, or any), each with how, as a sentence's
    end: "Razz (the whole pot) and Psycho (half the pot, to those who declare low)"."""
    chosen = [g for g in low_games() if ranking is None or g.ranking is ranking]
    if ranking is None:  # once per game, with its first ranking's words
        chosen = list({g.name: g for g in reversed(chosen)}.values())[::-1]
    return listed([f"{g.name} ({g.how})" for g in chosen]) if chosen else ""


def short_deck_games() -> tuple[str, ...]:
    """The games whose high hand ranks as the 36-card deck plays it (a flush above a full
    house, A-6-7-8-9 the lowest straight), by default or by announcement, in the site's
    order: the hand rankings page must say that they leave its list."""
    return tuple(site_game.name for game_id, site_game in registry.SITE_GAMES.items()
                 if any(types.short_deck for _, types in _announced(game_id)))


def wild_card_games() -> tuple[str, ...]:
    """The games played with wild cards (a declared ``[rules.wild]``: wild ranks, a joker),
    where five of a kind is made and tops the list, in the site's order."""
    return tuple(site_game.name for game_id, site_game in registry.SITE_GAMES.items()
                 if getattr(getattr(GAMES[game_id], "declaration", None), "wild", None)
                 is not None)


def own_order_words() -> str:
    """Sentences naming the games that rank high hands their own way, or nothing."""
    said = []
    if names := short_deck_games():
        verb = "ranks" if len(names) == 1 else "rank"
        said.append(f"{listed(list(names))} {verb} high hands their own way: from a deck of "
                    "sixes to aces, a flush beats a full house, and the ace plays low only "
                    "in A-6-7-8-9, the lowest straight (nine high).")
    if names := wild_card_games():
        said.append(f"With wild cards ({listed(list(names))}) five of a kind can be made, "
                    "and it beats every hand below, a royal flush too.")
    return " ".join(said)
