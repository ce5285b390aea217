"""A game as data: the ``[rules]`` part of its TOML file, read and checked.

A game's file in ``content/games/`` holds its words and, under ``[rules]``, what is
dealt and played: its players, deck, announcements (``[[rules.settings]]``, each
with its default and options, and ``[[rules.checks]]`` between them), what wins
(``[rules.wins]``), the stakes in sentences (``[[rules.stakes]]``) and its steps in
order (``[[rules.steps]]``, each a named kind with its parameters). This module
reads that part into frozen values and refuses a file breaking the schema with a
:class:`DeclarationError` naming the file, the line, the key and the reason. What
each step kind allows, and whether the steps fit the deck, is checked by
``engine.games.declared``, which knows the kinds.

>>> text = '''
... [rules]
... name = "Five-card draw"
... players = { min = 2, max = 6 }
... bogus = 1
... '''
>>> read_rules(text, source="draw.toml")
Traceback (most recent call last):
...
engine.games.declaration.DeclarationError: draw.toml, line 5, rules.bogus: unknown key; \
the keys allowed here are like, name, order, players, deck, boards, structure, cap, opens, \
brings_in, bets, wins, wild, settings, checks, stakes, steps, variants, strategy
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from engine.games.wild_declaration import WildDecl, read_wild
from engine.hands import LowRanking

__all__ = ["CheckDecl", "Declaration", "DeclarationError", "OptionDecl", "SettingDecl",
           "StakeLine", "StepDecl", "WhenDecl", "WinsDecl", "locate", "read_rules",
           "resolve_likes"]

DECKS = MappingProxyType({"standard": 52, "short": 36, "joker": 53})
STRATEGIES = ("general", "partner", "sophie", "psycho")
"""The ways of playing a game's own decisions a declaration may name (``strategy``): the
general computer player's, or a house game's own (its computer player and the drills'
measure of its decisions)."""
"""The decks a game may declare, by name, with their size: the 52 cards, the short deck of
sixes to aces (its high hands ranked as ``engine.short_deck`` ranks them), or the 52 and
a joker (played as ``[rules.wild]``'s ``joker`` says)."""


class DeclarationError(ValueError):
    """A game's file breaks the declaration schema; the message names the file, the line,
    the key and the reason."""


@dataclass(frozen=True, slots=True)
class Where:
    """Where a value sits: the file, its line (0 when not found) and its dotted key."""

    source: str
    line: int
    key: str

    def error(self, reason: str) -> DeclarationError:
        line = f", line {self.line}" if self.line else ""
        return DeclarationError(f"{self.source}{line}, {self.key}: {reason}")


@dataclass(frozen=True, slots=True)
class OptionDecl:
    value: Any
    label: str
    effect: str


@dataclass(frozen=True, slots=True)
class SettingDecl:
    """One announcement: ``type`` is ``number``, ``switch`` or a named choice's type."""

    name: str
    label: str
    help: str
    type: str
    default: Any
    minimum: int | None
    maximum: int | None
    options: tuple[OptionDecl, ...]
    where: Where


@dataclass(frozen=True, slots=True)
class CheckDecl:
    """A rule between two number settings: ``setting`` is ``below`` or ``at-most`` ``than``."""

    setting: str
    rule: str
    than: str
    reason: str
    where: Where


@dataclass(frozen=True, slots=True)
class StakeLine:
    """A sentence of the stakes, said when every condition in ``when`` holds."""

    text: str
    when: tuple[str, ...]
    where: Where


@dataclass(frozen=True, slots=True)
class WhenDecl:
    """Hand types changed when a setting has a value (Omaha's announced split pot)."""

    setting: str
    value: str
    changes: Mapping[str, Any]
    where: Where


@dataclass(frozen=True, slots=True)
class WinsDecl:
    """What wins: high and/or a low (a ranking, or the setting naming it), a qualifier,
    declarations, exactly so many hole cards, several boards."""

    high: bool
    low: str | None
    low_setting: str | None
    qualifier: int | None
    declare: bool
    hole_cards: int | None
    when: tuple[WhenDecl, ...]
    where: Where
    spade: str | None = None
    """A pot half for the spade in the hole: ``high`` (Chicago) or ``low``."""
    spade_setting: str | None = None
    """The announcement naming which spade takes that half (``spade-half``)."""


@dataclass(frozen=True, slots=True)
class StepDecl:
    """One step: its kind's name and its parameters as written."""

    kind: str
    params: Mapping[str, Any]
    where: Where
    keys: Mapping[str, Where]

    def at(self, key: str) -> Where:
        """Where one of its parameters is written (the step's own place if it is not)."""
        return self.keys.get(key, self.where)


@dataclass(frozen=True, slots=True)
class Declaration:
    """A game's rules as data (one file may declare a variant too, such as Double Sophie)."""

    id: str
    name: str
    order: int
    min_players: int
    max_players: int
    counts: tuple[int, ...]
    players_why: str
    """Why only ``counts`` may play, when they are not every number from least to most."""
    deck: str
    boards: int
    structure: Mapping[str, Any]
    cap: int | None
    opens: str
    brings_in: str
    bets: Mapping[str, Any]
    wins: WinsDecl
    settings: tuple[SettingDecl, ...]
    checks: tuple[CheckDecl, ...]
    stakes: tuple[StakeLine, ...]
    steps: tuple[StepDecl, ...]
    source: str
    where: Where
    like: str = ""
    """The game this one is declared as, changing only the keys it gives (razz and stud
    eight or better are seven-card stud's declaration with their own ``wins``...)."""
    given: frozenset[str] = frozenset()
    """The ``[rules]`` keys the file gives (the rest come from ``like``)."""
    wild: WildDecl | None = None
    """The wild cards (``[rules.wild]``), ``None`` for a game without any."""
    strategy: str = "general"
    """How its decisions are played and measured (one of :data:`STRATEGIES`)."""
    boards_at: Where | None = None
    """Where ``boards`` is written, if it is: a refusal of the boards names that line."""

    @property
    def deck_size(self) -> int:
        return DECKS[self.deck]


_FIELDS = MappingProxyType({
    "players": ("min_players", "max_players", "counts", "players_why"),
    "name": ("name",), "order": ("order",), "deck": ("deck",), "boards": ("boards",),
    "structure": ("structure",), "cap": ("cap",), "opens": ("opens",),
    "brings_in": ("brings_in",), "bets": ("bets",), "wins": ("wins",),
    "settings": ("settings",), "checks": ("checks",), "stakes": ("stakes",),
    "steps": ("steps",), "wild": ("wild",), "strategy": ("strategy",)})


def resolve_likes(decls: Sequence[Declaration]) -> tuple[Declaration, ...]:
    """Each declaration made whole: one declared ``like`` another takes that one's rules
    for every key it does not give (the very same values, so an unchanged
    ``settings`` stays one set of announcements for both games)."""
    by_id = {d.id: d for d in decls}
    out = []
    for decl in decls:
        if not decl.like:
            out.append(decl)
            continue
        base = by_id.get(decl.like)
        if base is None or base.like:
            raise decl.where.error(f"like = {decl.like!r}: no game of that id is declared "
                                   "(of its own, not like another)")
        changes = {name: getattr(decl, name) for key in decl.given
                   for name in _FIELDS.get(key, ())}
        out.append(dataclasses.replace(base, **changes, id=decl.id, source=decl.source,
                                       where=decl.where, like=decl.like, given=decl.given))
    return tuple(out)


_RULES = ("like", "name", "order", "players", "deck", "boards", "structure", "cap", "opens",
          "brings_in", "bets", "wins", "wild", "settings", "checks", "stakes", "steps", "variants",
          "strategy")
_VARIANT = ("id", "name", "order", "boards")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\"']+(?:\s*\.\s*[A-Za-z0-9_\-\"']+)*)\s*=")


BIGGEST_NUMBER = 2**63 - 1
"""The largest whole number a file may hold: far beyond any count of chips or cards, and
short enough to write in a message."""

_LONG_NUMBER = re.compile(r"[0-9][0-9_]{4000,}")


def read_toml(text: str, **options: Any) -> dict[str, Any]:
    """``tomllib.loads``, where a number too long to read or too big to hold is refused as
    broken TOML is: ``tomllib.TOMLDecodeError`` naming the line, never another error.

    >>> read_toml("[rules]\\nchips = 0x" + "f" * 20)
    Traceback (most recent call last):
    ...
    tomllib.TOMLDecodeError: a number bigger than 9,223,372,036,854,775,807 (at line 2, column 1)
    """
    try:
        data = tomllib.loads(text, **options)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # more digits than Python reads (4,300)
        found = _LONG_NUMBER.search(text)
        line = text[:found.start()].count("\n") + 1 if found else 0
        raise tomllib.TOMLDecodeError(
            f"a number too long to read (at line {line}, column 1)") from None
    for path, value in _numbers(data, ()):
        if abs(value) > BIGGEST_NUMBER:
            raise tomllib.TOMLDecodeError(f"a number bigger than {BIGGEST_NUMBER:,} (at line "
                                          f"{locate(text, path)}, column 1)")
    return data


def _numbers(value: Any, path: tuple[str | int, ...]
             ) -> Iterator[tuple[tuple[str | int, ...], int]]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _numbers(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _numbers(inner, (*path, index))
    elif isinstance(value, int) and not isinstance(value, bool):
        yield path, value


def locate(text: str, path: Sequence[str | int]) -> int:
    """The line (from 1) where the value at ``path`` is written, or its nearest written
    parent's; 0 if none is found. Headers ``[a.b]`` and ``[[a.b]]`` and keys ``k = ...``
    are followed; ``path`` counts arrays of tables from 0.

    >>> locate('[rules]\\nname = "x"\\n[[rules.steps]]\\nkind = "a"\\n[[rules.steps]]\\n'
    ...        'kind = "b"', ("rules", "steps", 1, "kind"))
    6
    """
    want = tuple(str(p) for p in path)
    written = _written(text)
    for size in range(len(want), 0, -1):
        if want[:size] in written:
            return written[want[:size]]
    return 0


@lru_cache(maxsize=64)
def _written(text: str) -> Mapping[tuple[str, ...], int]:
    """Every table and key written in ``text``, by path, at the line it is first written:
    read once per text, since a file's every value asks where it stands as it is read."""
    lines: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    counts: dict[tuple[str, ...], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header and not _KEY.match(line):
            names = tuple(_clean(n) for n in header.group(2).split("."))
            if header.group(1) == "[[":
                parent = _indexed(names[:-1], counts)
                key = parent + (names[-1],)
                counts[key] = counts.get(key, -1) + 1
                table = key + (str(counts[key]),)
            else:
                table = _indexed(names, counts)
            found = table
        else:
            key_match = _KEY.match(line)
            if not key_match:
                continue
            found = table + tuple(_clean(n) for n in key_match.group(1).split("."))
        lines.setdefault(found, number)
    return MappingProxyType(lines)


def _indexed(names: tuple[str, ...], counts: Mapping[tuple[str, ...], int]) -> tuple[str, ...]:
    """A table's path with the current index of each array of tables it sits in."""
    out: tuple[str, ...] = ()
    for name in names:
        out += (name,)
        if out in counts:
            out += (str(counts[out]),)
    return out


def _clean(name: str) -> str:
    return name.strip().strip("\"'")


class _Table:
    """Typed reading of one TOML table, each refusal naming file, line, key and reason."""

    def __init__(self, data: Any, path: tuple[str | int, ...], *, text: str,
                 source: str) -> None:
        self.text = text
        self.source = source
        self.path = path
        if not isinstance(data, dict):
            raise self.where().error(f"expected a table, found {_kind(data)}")
        self.data = data

    def where(self, key: str | int | None = None) -> Where:
        path = self.path if key is None else (*self.path, key)
        dotted = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        return Where(self.source, locate(self.text, path), dotted.lstrip("."))

    def only(self, *keys: str) -> _Table:
        for key in self.data:
            if key not in keys:
                raise self.where(key).error(
                    f"unknown key; the keys allowed here are {', '.join(keys)}")
        return self

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def text_of(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.where(key).error("expected non-empty text" if key in self.data
                                        else "missing")
        return " ".join(value.split())

    def number(self, key: str, default: int | None = None, *, least: int = 0) -> int:
        value = self.data.get(key, default)
        if value is None:
            raise self.where(key).error("missing")
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.where(key).error(f"expected a whole number, not {value!r}")
        if value < least:
            raise self.where(key).error(f"expected at least {least}, not {value}")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self.where(key).error(f"expected true or false, not {value!r}")
        return value

    def choice(self, key: str, allowed: Sequence[str], default: str) -> str:
        value = self.data.get(key, default)
        if value not in allowed:
            raise self.where(key).error(f"{value!r} is not one of {', '.join(allowed)}")
        return str(value)

    def table(self, key: str) -> _Table:
        return _Table(self.data.get(key, {}), (*self.path, key), text=self.text,
                      source=self.source)

    def tables(self, key: str) -> list[_Table]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self.where(key).error(f"expected a list of tables ([[{key}]]), found "
                                        f"{_kind(value)}")
        return [_Table(item, (*self.path, key, i), text=self.text, source=self.source)
                for i, item in enumerate(value)]


def _kind(value: Any) -> str:
    return {dict: "a table", list: "a list", str: "text", bool: "true or false",
            int: "a number"}.get(type(value), type(value).__name__)


def _frozen(value: Any) -> Any:
    """TOML values made immutable (lists as tuples, tables as read-only mappings)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    return value


def read_rules(text: str, *, source: str, game_id: str = "") -> tuple[Declaration, ...]:
    """The games a file's ``[rules]`` declares (the game, then its variants), or ``()``
    for a file of words alone. ``game_id`` is the file's own id (its ``id`` key)."""
    try:
        data = read_toml(text)
    except tomllib.TOMLDecodeError as error:
        raise DeclarationError(f"{source}: {error}") from error
    if "rules" not in data:
        return ()
    root = _Table(data, (), text=text, source=source)
    rules = root.table("rules").only(*_RULES)
    game_id = game_id or str(data.get("id", ""))
    if not game_id:
        raise root.where("id").error("a game's file names its id")
    first = _declaration(rules, game_id=game_id, name=rules.text_of("name"),
                         order=rules.number("order", 100), boards=rules.number(
                             "boards", 1, least=1))
    if "boards" in rules.data:
        first = dataclasses.replace(first, boards_at=rules.where("boards"))
    games = [first]
    for variant in rules.tables("variants"):
        variant.only(*_VARIANT)
        games.append(dataclasses.replace(
            first, id=variant.text_of("id"), name=variant.text_of("name"),
            order=variant.number("order", first.order),
            boards=variant.number("boards", first.boards, least=1), where=variant.where(),
            boards_at=variant.where("boards") if "boards" in variant.data else first.boards_at))
    return tuple(games)


def _declaration(rules: _Table, *, game_id: str, name: str, order: int,
                 boards: int) -> Declaration:
    like = rules.get("like", "")
    if not isinstance(like, str):
        raise rules.where("like").error("expected a game's id")
    players = rules.table("players").only("min", "max", "counts", "why")
    if like and "players" not in rules.data:
        players.data = {"min": 2, "max": 2}
    low, high = players.number("min", least=2), players.number("max", least=2)
    if high < low:
        raise players.where("max").error(f"the most players ({high}) is fewer than the "
                                         f"least ({low})")
    counts_raw = players.get("counts", list(range(low, high + 1)))
    if not isinstance(counts_raw, list) or not all(
            isinstance(c, int) and low <= c <= high for c in counts_raw) or not counts_raw:
        raise players.where("counts").error(f"expected a list of player counts from {low} "
                                            f"to {high}")
    deck = rules.get("deck", "standard")
    rules.choice("deck", tuple(DECKS), "standard")
    structure = rules.get("structure", "fixed-limit")
    return Declaration(
        id=game_id, name=name, order=order, min_players=low, max_players=high,
        counts=tuple(sorted(set(counts_raw))), players_why=str(players.get("why", "")),
        deck=str(deck), boards=boards,
        structure=_frozen(structure if isinstance(structure, dict) else {"fixed": structure}),
        cap=rules.number("cap", 4, least=1) if rules.get("cap", 4) is not False else None,
        opens=rules.choice("opens", ("high", "low"), "high"),
        brings_in=rules.choice("brings_in", ("lowest", "highest"), "lowest"),
        bets=_frozen(rules.table("bets").only("small", "big", "fixed_big_doubles").data),
        wins=_wins(rules.table("wins")),
        settings=tuple(_setting(t) for t in rules.tables("settings")),
        checks=tuple(_check(t) for t in rules.tables("checks")),
        stakes=tuple(_stake(t) for t in rules.tables("stakes")),
        steps=tuple(_step(t) for t in rules.tables("steps")),
        source=rules.source, where=rules.where(), like=like,
        given=frozenset(rules.data) - {"variants", "like"},
        wild=read_wild(rules.table("wild")),
        strategy=rules.choice("strategy", STRATEGIES, "general"))


LOW_RANKINGS = tuple(ranking.value for ranking in LowRanking)
"""The lows a game may play (``[rules.wins] low``)."""


def _wins(table: _Table) -> WinsDecl:
    table.only("high", "low", "qualifier", "declare", "hole_cards", "spade", "when")
    low = table.get("low")
    low_setting = None
    if isinstance(low, dict):
        low_setting = _Table(low, (*table.path, "low"), text=table.text,
                             source=table.source).only("setting").text_of("setting")
        low = None
    elif low is not None and not isinstance(low, str):
        raise table.where("low").error("expected a low ranking's name or { setting = ... }")
    elif low is not None:
        table.choice("low", LOW_RANKINGS, low)
    qualifier = table.get("qualifier")
    hole = table.get("hole_cards")
    when = []
    for item in table.tables("when"):
        setting, value = item.text_of("setting"), item.text_of("value")
        changes = {k: v for k, v in item.data.items() if k not in ("setting", "value")}
        item.only("setting", "value", "high", "low", "qualifier", "declare", "hole_cards")
        if "low" in item.data:
            item.choice("low", LOW_RANKINGS, "")
        when.append(WhenDecl(setting, value, _frozen(changes), item.where()))
    return WinsDecl(high=table.flag("high", True), low=low, low_setting=low_setting,
                    qualifier=table.number("qualifier") if qualifier is not None else None,
                    declare=table.flag("declare", False),
                    hole_cards=table.number("hole_cards") if hole is not None else None,
                    when=tuple(when), where=table.where(), **_spade(table))


def _spade(table: _Table) -> dict[str, str | None]:
    """The spade-in-the-hole half: ``spade = "high"``, ``"low"`` or ``"low-ace"`` (the ace
    the lowest spade), or the setting naming
    it (``{ setting = ... }``)."""
    spade = table.get("spade")
    if isinstance(spade, dict):
        return {"spade_setting": _Table(spade, (*table.path, "spade"), text=table.text,
                                        source=table.source).only("setting").text_of("setting")}
    if spade is None:
        return {}
    return {"spade": table.choice("spade", ("high", "low", "low-ace"), "high")}


def _setting(table: _Table) -> SettingDecl:
    table.only("name", "label", "help", "type", "default", "minimum", "maximum", "options")
    name = table.text_of("name")
    if not name.isidentifier() or name.startswith("_"):
        raise table.where("name").error(f"{name!r} is not a setting name (letters, digits "
                                        "and underscores)")
    if "default" not in table.data:
        raise table.where("default").error("missing")
    options = []
    for item in table.tables("options"):
        item.only("value", "label", "effect")
        if "value" not in item.data:
            raise item.where("value").error("missing")
        options.append(OptionDecl(item.get("value"), item.text_of("label"),
                                  item.text_of("effect")))
    minimum, maximum = table.get("minimum"), table.get("maximum")
    return SettingDecl(
        name=name, label=table.text_of("label"), help=table.text_of("help"),
        type=table.text_of("type", "number"), default=table.get("default"),
        minimum=table.number("minimum") if minimum is not None else None,
        maximum=table.number("maximum") if maximum is not None else None,
        options=tuple(options), where=table.where())


def _check(table: _Table) -> CheckDecl:
    table.only("setting", "rule", "than", "reason")
    return CheckDecl(setting=table.text_of("setting"),
                     rule=table.choice("rule", ("below", "at-most"), "at-most"),
                     than=table.text_of("than"), reason=str(table.get("reason", "")),
                     where=table.where())


def _stake(table: _Table) -> StakeLine:
    table.only("text", "when")
    when = table.get("when", [])
    if isinstance(when, str):
        when = [when]
    if not isinstance(when, list) or not all(isinstance(w, str) for w in when):
        raise table.where("when").error("expected a condition or a list of them")
    return StakeLine(text=table.text_of("text"), when=tuple(when), where=table.where())


def _step(table: _Table) -> StepDecl:
    kind = table.text_of("kind")
    params = {k: v for k, v in table.data.items() if k != "kind"}
    return StepDecl(kind=kind, params=_frozen(params), where=table.where("kind"),
                    keys=MappingProxyType({k: table.where(k) for k in params}))
