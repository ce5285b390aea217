"""The site's words and worked examples, loaded from TOML files and checked.

Content is data, not code: each game has ``games/<id>.toml`` (at a glance, the
order of play, special rules, common mistakes, glossary keys, the guided hand's
start, and optionally rows for the comparison table and its worked examples),
and ``glossary.toml`` and
``rankings.toml`` are shared. Loading checks every file against the schema
below and raises ``ContentError`` naming the file and the field, so a typo in
a data file fails the tests rather than a page.

Everything returned is immutable and cached: safe to share between visitors.

>>> [game.id for game in all_games()] == list(GAME_IDS)
True
>>> load_game("psycho").at_a_glance.players
'2 to 10'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

HERE = Path(__file__).resolve().parent
GAME_IDS = tuple(sorted(path.stem for path in (HERE / "games").glob("*.toml")))
"""Every game with a content file, by file name (the site's order is ``ui/registry.py``'s)."""

RANKING_IDS = ("high", "ace-to-five", "deuce-to-seven")
NO_GROUP = "More games"
"""The home page's family for a game whose content file names none."""


class ContentError(ValueError):
    """A content file is missing, malformed or breaks the schema."""


@dataclass(frozen=True, slots=True)
class Glance:
    """The four facts a newcomer wants first."""

    players: str
    cards: str
    betting: str
    pot: str


@dataclass(frozen=True, slots=True)
class Section:
    """A titled paragraph: one step of play, or one special rule."""

    title: str
    text: str


@dataclass(frozen=True, slots=True)
class Term:
    key: str
    term: str
    meaning: str


@dataclass(frozen=True, slots=True)
class CompareRow:
    """One game's line in the comparison table."""

    game: str
    players: str
    cards_per_player: str
    pattern: str
    board: str
    draws: str
    betting_structure: str
    betting_rounds: int
    pot: str
    special: str


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example: its starting cards (as typed text) and the stated results.

    The page recomputes every result with the engine; the tests check that what
    is stated here is what the engine says.
    """

    key: str
    title: str
    text: str
    cards: Mapping[str, str]
    expect: Mapping[str, str]
    announce: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Announcements the example is dealt under, whatever the page's (a declared game's
    examples: ``ui.learn.example_declared``)."""


@dataclass(frozen=True, slots=True)
class Walkthrough:
    """The guided hand's starting point and a plain-words note for each street."""

    players: int
    seed: int
    streets: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class GameContent:
    """A game's words. ``group`` is the family the home page files it under ("Stud"; a file
    without one, under :data:`NO_GROUP`); ``picture`` a few cards typed as text ("Ac Ad Kc
    Kd") that the home page fans out as the game's picture (none: no picture)."""

    id: str
    name: str
    page: str
    group: str
    picture: tuple[str, ...]
    tagline: str
    summary: str
    at_a_glance: Glance
    order_of_play: tuple[Section, ...]
    special_rules: tuple[Section, ...]
    common_mistakes: tuple[str, ...]
    glossary: tuple[Term, ...]
    compare: tuple[CompareRow, ...]
    examples: Mapping[str, Example]
    walkthrough: Walkthrough


@dataclass(frozen=True, slots=True)
class RankedHand:
    """A high-hand category with its Italian name and an example hand."""

    category: str
    name: str
    italian: str
    meaning: str
    example: str
    ties: str


@dataclass(frozen=True, slots=True)
class LowRanking:
    """One way to rank low hands, with example hands listed best first."""

    id: str
    name: str
    text: str
    examples: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TieExample:
    """Two hands compared under a ranking, with the stated winner and why."""

    ranking: str
    first: str
    second: str
    winner: str
    why: str


@dataclass(frozen=True, slots=True)
class Rankings:
    intro: str
    suits: str
    high: tuple[RankedHand, ...]
    lows: tuple[LowRanking, ...]
    ties: tuple[TieExample, ...]


@dataclass(frozen=True, slots=True)
class Route:
    """A suggested route through the site: who it is for, where it goes."""

    title: str
    text: str
    page: str
    link: str


@dataclass(frozen=True, slots=True)
class Site:
    """The home page's words: the welcome, the steps of the ten-minute way into one game
    (``start``), and the routes through the site."""

    welcome: str
    start: tuple[Route, ...]
    paths: tuple[Route, ...]


# --- Schema checking ----------------------------------------------------------

class _Reader:
    """Reads typed fields from a parsed TOML table, naming the file and path on error."""

    def __init__(self, table: Any, where: str) -> None:
        if not isinstance(table, dict):
            raise ContentError(f"{where}: expected a table, found {type(table).__name__}")
        self.table = table
        self.where = where

    def _get(self, key: str) -> Any:
        if key not in self.table:
            raise ContentError(f"{self.where}: missing '{key}'")
        return self.table[key]

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value.strip():
            raise ContentError(f"{self.where}.{key}: expected non-empty text")
        return " ".join(value.split())

    def integer(self, key: str) -> int:
        value = self._get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ContentError(f"{self.where}.{key}: expected a whole number")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        value = self._get(key)
        if not isinstance(value, list) or not value:
            raise ContentError(f"{self.where}.{key}: expected a non-empty list of text")
        return tuple(_Reader({"item": item}, f"{self.where}.{key}[{i}]").text("item")
                     for i, item in enumerate(value))

    def table_of(self, key: str) -> _Reader:
        return _Reader(self._get(key), f"{self.where}.{key}")

    def tables(self, key: str) -> list[_Reader]:
        value = self._get(key)
        if not isinstance(value, list) or not value:
            raise ContentError(f"{self.where}.{key}: expected a non-empty list of tables")
        return [_Reader(item, f"{self.where}.{key}[{i}]") for i, item in enumerate(value)]

    def only(self, *keys: str) -> _Reader:
        """Refuse fields the schema does not know (a misplaced key is a bug)."""
        extra = sorted(set(self.table) - set(keys))
        if extra:
            raise ContentError(f"{self.where}: unexpected {', '.join(map(repr, extra))}")
        return self

    def mapping(self, key: str) -> Mapping[str, str]:
        reader = self.table_of(key)
        return MappingProxyType({name: reader.text(name) for name in reader.table})


def _load_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as error:
        raise ContentError(f"{path.name}: no such content file") from error
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path.name}: {error}") from error


def _section(reader: _Reader) -> Section:
    reader.only("title", "text")
    return Section(title=reader.text("title"), text=reader.text("text"))


def _compare_row(reader: _Reader) -> CompareRow:
    reader.only(*CompareRow.__slots__)
    return CompareRow(
        game=reader.text("game"), players=reader.text("players"),
        cards_per_player=reader.text("cards_per_player"), pattern=reader.text("pattern"),
        board=reader.text("board"), draws=reader.text("draws"),
        betting_structure=reader.text("betting_structure"),
        betting_rounds=reader.integer("betting_rounds"), pot=reader.text("pot"),
        special=reader.text("special"),
    )


def _example(key: str, reader: _Reader) -> Example:
    reader.only("title", "text", "cards", "expect", "announce")
    announce = reader.mapping("announce") if "announce" in reader.table else MappingProxyType({})
    return Example(key=key, title=reader.text("title"), text=reader.text("text"),
                   cards=reader.mapping("cards"), expect=reader.mapping("expect"),
                   announce=announce)


@cache
def glossary() -> Mapping[str, Term]:
    """Every glossary term by key, in file order."""
    data = _load_toml(HERE / "glossary.toml")
    terms = {}
    for key in data:
        reader = _Reader(data[key], f"glossary.toml:{key}").only("term", "meaning")
        terms[key] = Term(key=key, term=reader.text("term"), meaning=reader.text("meaning"))
    return MappingProxyType(terms)


@cache
def load_game(game_id: str) -> GameContent:
    """One game's content, checked against the schema: ``games/<id>.toml``, so adding a
    game's words is adding its file."""
    folder = HERE / "games"
    path = folder / f"{game_id}.toml"
    if not game_id or path.parent != folder or not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.toml"))
        raise ContentError(f"no content for a game called {game_id!r}; "
                           f"the games are {', '.join(known)}")
    name = f"games/{game_id}.toml"
    root = _Reader(_load_toml(path), name).only(
        "id", "name", "page", "group", "picture", "tagline", "summary", "common_mistakes",
        "glossary", "at_a_glance", "order_of_play", "special_rules", "compare", "examples",
        "walkthrough", "rules")
    if root.text("id") != game_id:
        raise ContentError(f"{name}: its id is {root.text('id')!r}, not {game_id!r}")
    terms = glossary()
    glossary_keys = root.texts("glossary")
    unknown = [key for key in glossary_keys if key not in terms]
    if unknown:
        raise ContentError(f"{name}.glossary: no glossary entry for {', '.join(unknown)}")
    glance = root.table_of("at_a_glance").only("players", "cards", "betting", "pot")
    examples = root.table_of("examples") if "examples" in root.table else _Reader({}, name)
    walk = root.table_of("walkthrough").only("players", "seed", "streets")
    return GameContent(
        id=game_id, name=root.text("name"), page=root.text("page"),
        group=root.text("group") if "group" in root.table else NO_GROUP,
        picture=tuple(root.text("picture").split()) if "picture" in root.table else (),
        tagline=root.text("tagline"), summary=root.text("summary"),
        at_a_glance=Glance(players=glance.text("players"), cards=glance.text("cards"),
                           betting=glance.text("betting"), pot=glance.text("pot")),
        order_of_play=tuple(_section(r) for r in root.tables("order_of_play")),
        special_rules=tuple(_section(r) for r in root.tables("special_rules")),
        common_mistakes=root.texts("common_mistakes"),
        glossary=tuple(terms[key] for key in glossary_keys),
        compare=tuple(_compare_row(r) for r in root.tables("compare"))
        if "compare" in root.table else (),
        examples=MappingProxyType({key: _example(key, examples.table_of(key))
                                   for key in examples.table}),
        walkthrough=Walkthrough(players=walk.integer("players"), seed=walk.integer("seed"),
                                streets=walk.mapping("streets")),
    )


def all_games() -> tuple[GameContent, ...]:
    """Every game's content, by file name (``ui.registry.contents()`` gives the site's)."""
    return tuple(load_game(game_id) for game_id in GAME_IDS)


@cache
def site() -> Site:
    """The home page's words."""
    root = _Reader(_load_toml(HERE / "site.toml"), "site.toml").only(
        "welcome", "start", "paths")

    def routes(key: str) -> tuple[Route, ...]:
        return tuple(Route(title=r.text("title"), text=r.text("text"), page=r.text("page"),
                           link=r.text("link"))
                     for r in (t.only(*Route.__slots__) for t in root.tables(key)))

    return Site(welcome=root.text("welcome"), start=routes("start"), paths=routes("paths"))


@cache
def rankings() -> Rankings:
    """The hand rankings page's words and example hands."""
    root = _Reader(_load_toml(HERE / "rankings.toml"), "rankings.toml").only(
        "intro", "suits", "high", "lows", "ties")
    for table in root.tables("high"):
        table.only(*RankedHand.__slots__)
    for table in root.tables("lows"):
        table.only(*LowRanking.__slots__)
    for table in root.tables("ties"):
        table.only(*TieExample.__slots__)
    high = tuple(
        RankedHand(category=r.text("category"), name=r.text("name"), italian=r.text("italian"),
                   meaning=r.text("meaning"), example=r.text("example"), ties=r.text("ties"))
        for r in root.tables("high")
    )
    lows = tuple(LowRanking(id=r.text("id"), name=r.text("name"), text=r.text("text"),
                            examples=r.texts("examples"))
                 for r in root.tables("lows"))
    ties = []
    for r in root.tables("ties"):
        tie = TieExample(ranking=r.text("ranking"), first=r.text("first"),
                         second=r.text("second"), winner=r.text("winner"), why=r.text("why"))
        if tie.ranking not in RANKING_IDS:
            raise ContentError(f"{r.where}.ranking: {tie.ranking!r} is not one of "
                               f"{', '.join(RANKING_IDS)}")
        if tie.winner not in ("first", "second", "tie"):
            raise ContentError(f"{r.where}.winner: expected first, second or tie")
        ties.append(tie)
    return Rankings(intro=root.text("intro"), suits=root.text("suits"), high=high,
                    lows=lows, ties=tuple(ties))
