"""What each game brings to the site beyond the engine: its optional extras, declared once.

The engine knows how a game is dealt and played (``engine.games.GAMES``, which
also gives its name); its words are in ``content/games/<id>.toml``. Every engine
game is on the site (``SITE_GAMES``): the sidebar's choice of game, the play and
host tables, the comparison table, the home page's cards, the rules and the
guided hand follow from the two, and a game nobody lists here gets the general
defaults (no page of its own, the general drills: "which hand wins?", "the best five
cards" and "what is legal here", no odds question of its own). A line in
``_REGISTERED`` adds only what is a game's own: its learning page (file, url path,
icon, widget prefix and worked examples), the odds question that fits its key
decision, its own drill, and the order the site lists it in (see engine/README.md,
"Adding a game").

Double Sophie shares Sophie's Pick's page (the same ``LearnPage``), which deals
either.

>>> list(SITE_GAMES) == [*dict.fromkeys([*(g.id for g in _REGISTERED), *GAMES])]
True
>>> all(game.name == GAMES[game.id].name for game in SITE_GAMES.values())
True
>>> [game.id for game in games_on(SITE_GAMES["double-sophie"].page)]
['sophies-pick', 'double-sophie']
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, Mapping, ValuesView
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath
from types import MappingProxyType

from content import GameContent, load_game
from engine.games import GAMES
from engine.games.base import Settings
from engine.games.declared import DeclaredGame
from engine.games.psycho import PsychoSettings
from engine.quiz.common import Drill
from ui.learn.example_declared import declared_examples
from ui.learn.example_holdem import show_holdem_examples
from ui.learn.example_omaha import show_omaha_examples
from ui.learn.example_partner import show_team_hand_example
from ui.learn.example_psycho import show_both_ways_example
from ui.learn.example_razz import show_razz_examples
from ui.learn.example_sophie import show_pairings_example
from ui.learn.example_stud import show_stud_examples
from ui.learn.example_stud_eight import show_stud_eight_split

ExampleRenderer = Callable[[GameContent, Settings, str], None]
"""Draws a game's worked examples: (content, the announcements in force, widget prefix)."""


@dataclass(frozen=True, slots=True)
class LearnPage:
    """A game's learning page: the file under ``screens/``, where it is served, its icon in
    the navigation, the prefix of its widget keys, and what draws its worked examples."""

    file: str
    url_path: str
    icon: str
    prefix: str
    examples: ExampleRenderer | None = None


@dataclass(frozen=True, slots=True)
class OddsQuestion:
    """The Odds page's widget for a game's key decision, and that decision in words (the
    learning page links to it: "Work out the odds of this decision: <question>")."""

    widget: str
    question: str


@dataclass(frozen=True, slots=True)
class SiteGame:
    """One engine game as the site shows it. ``content`` names its TOML file (Double
    Sophie's words are in Sophie's Pick's); ``page`` and ``odds`` may be left out, and
    ``drill`` is the general showdown drill unless the game has its own."""

    id: str
    content: str = ""
    page: LearnPage | None = None
    odds: OddsQuestion | None = None
    drill: Drill = Drill.SHOWDOWN

    def __post_init__(self) -> None:
        if not self.content:
            object.__setattr__(self, "content", self.id)

    @property
    def name(self) -> str:
        """The engine's name for the game: never a copy."""
        return GAMES[self.id].name


# --- Worked examples

def _partner_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_team_hand_example(content.examples, prefix=prefix)


def _sophie_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_pairings_example(content.examples, prefix=prefix)


def _stud_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_stud_examples(content.examples, settings, prefix=prefix)


def _stud_eight_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_stud_examples(content.examples, settings, prefix=prefix,
                       game_id="seven-card-stud-eight")
    show_stud_eight_split(content.examples, settings, prefix=prefix)


def _razz_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_razz_examples(content.examples, settings, prefix=prefix)


def _holdem_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_holdem_examples(content.examples, settings, prefix=prefix)


def _omaha_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_omaha_examples(content.examples, settings, prefix=prefix)


def _psycho_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    assert isinstance(settings, PsychoSettings)
    show_both_ways_example(content.examples, prefix=prefix, ranking=settings.low_ranking)


_SOPHIE_PAGE = LearnPage("screens/sophies_pick.py", "sophies_pick", ":material/content_cut:",
                         "sophie", _sophie_examples)
_SOPHIE_ODDS = OddsQuestion("sophie", "what to lock, sacrifice and keep")

_REGISTERED: tuple[SiteGame, ...] = (
    SiteGame("pick-a-partner",
             page=LearnPage("screens/pick_a_partner.py", "pick_a_partner",
                            ":material/handshake:", "partner", _partner_examples),
             odds=OddsQuestion("partner", "which partner helps your team most"),
             drill=Drill.PARTNER),
    SiteGame("sophies-pick", page=_SOPHIE_PAGE, odds=_SOPHIE_ODDS, drill=Drill.SOPHIE),
    SiteGame("double-sophie", content="sophies-pick", page=_SOPHIE_PAGE, odds=_SOPHIE_ODDS,
             drill=Drill.SOPHIE),
    SiteGame("seven-card-stud",
             page=LearnPage("screens/seven_card_stud.py", "seven_card_stud", ":material/style:",
                            "stud", _stud_examples),
             odds=OddsQuestion("stud", "each live hand's chance to win"), drill=Drill.STUD),
    SiteGame("seven-card-stud-eight", page=LearnPage(
        "screens/seven_card_stud_eight.py", "seven_card_stud_eight", ":material/call_split:",
        "stud_eight", _stud_eight_examples)),
    SiteGame("razz", page=LearnPage("screens/razz.py", "razz", ":material/south:", "razz",
                                    _razz_examples)),
    SiteGame("texas-holdem", page=LearnPage("screens/texas_holdem.py", "texas_holdem",
                                            ":material/view_carousel:", "holdem",
                                            _holdem_examples)),
    SiteGame("omaha", page=LearnPage("screens/omaha.py", "omaha", ":material/grid_view:",
                                     "omaha", _omaha_examples)),
    SiteGame("psycho",
             page=LearnPage("screens/psycho.py", "psycho", ":material/cyclone:", "psycho",
                            _psycho_examples),
             odds=OddsQuestion("psycho", "which way to declare, what to draw"),
             drill=Drill.PSYCHO),
)
"""The games with extras of their own, in the order the site lists them; every other
engine game follows them with the general defaults."""


@lru_cache(maxsize=1)
def _built(registered: tuple[SiteGame, ...], engine: tuple[object, ...]
           ) -> Mapping[str, SiteGame]:
    """The site's entries built from these registries: built again only when one changes
    (a page asks for them many times a run, once per learning page in the page list)."""
    games = {game.id: game for game in registered if game.id in GAMES}
    for game_id in GAMES:
        games.setdefault(game_id, _declared(game_id))
    return MappingProxyType(games)


class _SiteGames(Mapping[str, SiteGame]):
    """Every engine game as the site shows it, by id: the ones in ``_REGISTERED`` first,
    in its order, then the others in the engine's order as ``SiteGame(id)``. Read from
    the registries at each use, so a game registered in the engine is on the site."""

    __slots__ = ()

    def _games(self) -> Mapping[str, SiteGame]:
        return _built(_REGISTERED, tuple(GAMES.values()))

    def __getitem__(self, game_id: str) -> SiteGame:
        return self._games()[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())

    # Every game at once from one reading of the registries: the Mapping defaults would
    # read them again for each game, and pages list the games many times a run.
    def values(self) -> ValuesView[SiteGame]:
        return self._games().values()

    def items(self) -> ItemsView[str, SiteGame]:
        return self._games().items()


GENERIC_PAGE = "screens/declared_game.py"
"""The learning page file of every declared game without a registry line of its own."""


def _generic_page(game_id: str) -> LearnPage:
    """The learning page of a declared game without a page file of its own: the shared
    file, served at the game's own address under its own name, its widgets keyed apart,
    its worked examples drawn from its file."""
    return LearnPage(GENERIC_PAGE, game_id, ":material/playing_cards:", f"declared_{game_id}",
                     declared_examples)


def _declared(game_id: str) -> SiteGame:
    """A game without a line here: a declared game (a data file in ``content/games/``) is
    taught on the shared file from its own words at its own address; any other gets the
    general defaults alone."""
    game = GAMES[game_id]
    if not isinstance(game, DeclaredGame):
        return SiteGame(game_id)
    return SiteGame(game_id, content=PurePosixPath(game.declaration.source).stem,
                    page=_generic_page(game_id))


def generic_game(current: str) -> str:
    """The game a visit to :data:`GENERIC_PAGE` teaches: the current game when its page is
    served there, else the first game served there (``ValueError`` if none is)."""
    served = [game.id for game in SITE_GAMES.values()
              if game.page is not None and game.page.file == GENERIC_PAGE]
    if current in served:
        return current
    if not served:
        raise ValueError("every game has a learning page of its own")
    return served[0]


SITE_GAMES: Mapping[str, SiteGame] = _SiteGames()
"""Every game the site shows, by engine id, in the site's order."""


def site_game(game_id: str) -> SiteGame | None:
    """The site's entry for this engine game id, or ``None`` for an id it does not show."""
    return SITE_GAMES.get(game_id)


def learn_pages() -> tuple[LearnPage, ...]:
    """The learning pages, one per page however many games share it, in the site's order."""
    pages: list[LearnPage] = []
    for game in SITE_GAMES.values():
        if game.page is not None and game.page not in pages:
            pages.append(game.page)
    return tuple(pages)


def games_on(page: LearnPage | None) -> tuple[SiteGame, ...]:
    """The games a learning page teaches: the first is the page's own, the rest are dealt
    by choice on it (Double Sophie on Sophie's Pick's page)."""
    if page is None:
        return ()
    return tuple(game for game in SITE_GAMES.values() if game.page == page)


def page_game(url_path: str) -> SiteGame | None:
    """The game whose learning page is served at ``url_path`` (its first game)."""
    for game in SITE_GAMES.values():
        if game.page is not None and game.page.url_path == url_path:
            return game
    return None


def contents() -> tuple[GameContent, ...]:
    """Each content file the site shows, once, in the site's order (Sophie's Pick's holds
    Double Sophie's words too)."""
    return tuple(load_game(content_id)
                 for content_id in dict.fromkeys(game.content for game in SITE_GAMES.values()))


def page_of(content_id: str) -> LearnPage | None:
    """The learning page that teaches a content file's game, if it has one."""
    return next((game.page for game in SITE_GAMES.values()
                 if game.content == content_id and game.page is not None), None)
