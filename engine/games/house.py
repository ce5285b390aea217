"""A house game: a declaration written by a host on the site, read safely from its text.

A host's file is data and never code: TOML, read by :mod:`tomllib`, then held to limits
before the schema (``engine.games.declaration``) and the step kinds
(``engine.games.declared``) check it as they check the site's own games. The limits
(:data:`LIMITS`) keep a file small (its bytes, steps, settings, players) and plain: keys
and names of things in ASCII (no look-alike letters from other scripts), words without
markup or invisible characters, whole numbers of a sane size, tables nested no deeper than
the schema needs. A file passing all that is dealt once at its most players and played
to its end, so a deal it allows is proved possible before anyone saves it.

The game's id is ``house-`` and a digest of its text, so the same text is the same game
on any copy of the site, and a hand file carrying the text reopens it
(:func:`adopt`, which makes the game known to ``engine.games.get_game``).

>>> game = read_house(BLANK)
>>> game.id.startswith("house-"), game.name, game.game.max_players
(True, 'My house game', 6)
>>> read_house(BLANK.replace('name = "My house game"', 'name = "<b>x</b>"'))
Traceback (most recent call last):
...
engine.games.house.HouseError: line 2, rules.name: '<' is markup, not a name's character \
(a name is letters, digits, spaces and ' - , . ! ? ( ) /)
"""

from __future__ import annotations

import hashlib
import random
import re
import threading
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.games.base import Game
from engine.games.declaration import DeclarationError, locate, read_rules, read_toml
from engine.games.declared import build_games
from engine.games.kinds import SETTING_TYPES, STEP_KINDS
from engine.state import Action, ActionKind, HandState

__all__ = ["BLANK", "LIMITS", "AdoptedGames", "HouseError", "HouseGame", "Limits", "Problem",
           "adopt", "adopted", "house_id", "read_house"]


@dataclass(frozen=True, slots=True)
class Limits:
    """How big a house game may be."""

    bytes: int = 20_000
    steps: int = 40
    settings: int = 20
    options: int = 12
    lines: int = 16
    """Stakes sentences, checks between settings, and when-changes, each."""
    depth: int = 6
    number: int = 1_000_000
    name: int = 60
    words: int = 400
    summary: int = 2_000
    players: int = 10
    """The most chairs a table of the site draws."""
    actions: int = 2_000
    """The decisions the proving hand may take to end."""


LIMITS = Limits()

TOP_KEYS = ("tagline", "summary", "rules")
"""The keys a house game's file may give outside ``[rules]`` (its id is made from its text)."""

WORD_KEYS = frozenset({"label", "help", "effect", "text", "reason", "street", "why",
                       "tagline", "summary"})
"""Keys whose values are words a person reads: any letters, but no markup."""

_KEY = re.compile(r"[A-Za-z0-9_\-]+")
_PLAIN = re.compile(r"[A-Za-z0-9_\-+ .,:;=<>!()/'\"]*")
"""What text naming things may hold: ids, kinds, settings, conditions ("big_bet > small_bet")."""
_NAME_PUNCTUATION = frozenset(" '-,.!?()/’")
_MARKUP = frozenset("<>[]`$\\*_#|~")
"""Characters the site's pages could read as HTML or markdown."""


class HouseError(ValueError):
    """A house game's file refused: each problem with its line and its reason."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a file is refused, where it is (line 0: the file as a whole)."""

    line: int
    key: str
    reason: str

    def __str__(self) -> str:
        where = ", ".join(filter(None, (f"line {self.line}" if self.line else "", self.key)))
        return f"{where}: {self.reason}" if where else self.reason


@dataclass(frozen=True, slots=True)
class HouseGame:
    """A house game as read: its id, its text, the words around it and the playable game."""

    id: str
    text: str
    game: Game
    tagline: str
    summary: str

    @property
    def name(self) -> str:
        return self.game.name


BLANK = '''[rules]
name = "My house game"
players = { min = 2, max = 6 }
structure = "fixed-limit"

[rules.wins]
high = true

[[rules.settings]]
name = "chips"
label = "Chips"
help = "Each player's chips at the start of the hand."
default = 200
minimum = 1
maximum = 100000

[[rules.settings]]
name = "ante"
label = "Ante"
help = "Paid by everyone before the deal."
default = 2
minimum = 0
maximum = 10000

[[rules.settings]]
name = "small_bet"
label = "Small bet"
help = "The bet and raise size of the first rounds."
default = 10
minimum = 1
maximum = 10000

[[rules.settings]]
name = "big_bet"
label = "Big bet"
help = "The bet and raise size of the later rounds."
default = 20
minimum = 1
maximum = 10000

[[rules.steps]]
kind = "ante"
amount = "ante"

[[rules.steps]]
kind = "deal"
street = "The deal"
cards = "ddddd"

[[rules.steps]]
kind = "bet"

[[rules.steps]]
kind = "showdown"
'''
"""A game to start from nothing: five cards down, one betting round, the best hand wins."""


def house_id(text: str) -> str:
    """The id of the game a text declares: the same text, the same id, on any site."""
    digest = hashlib.sha256(text.strip().encode("utf-8")).hexdigest()
    return f"house-{digest[:20]}"


def read_house(text: str) -> HouseGame:
    """The house game ``text`` declares, or :class:`HouseError` with every problem found
    (the limits' problems together; then the schema's first, which stops the reading)."""
    if not isinstance(text, str):
        raise HouseError((Problem(0, "", "a house game is TOML text"),))
    size = len(text.encode("utf-8", "replace"))
    if size > LIMITS.bytes:
        raise HouseError((Problem(0, "", f"the file is {size:,} bytes; a house game may "
                                        f"take at most {LIMITS.bytes:,}"),))
    data = _parsed(text)
    problems = tuple(_limit_problems(data, text))
    if problems:
        raise HouseError(problems)
    game_id = house_id(text)
    try:
        (decl,) = read_rules(text, source="", game_id=game_id)
        if decl.strategy != "general":
            raise HouseError((Problem(locate(text, ("rules", "strategy")), "rules.strategy",
                                      "a house game is played by the general computer "
                                      "player: leave out strategy"),))
        (game,) = build_games([decl], kinds=STEP_KINDS, setting_types=SETTING_TYPES)
    except DeclarationError as error:
        raise HouseError((_problem(str(error)),)) from None
    _prove(game)
    return HouseGame(id=game_id, text=text, game=game,
                     tagline=" ".join(str(data.get("tagline", "")).split()),
                     summary=str(data.get("summary", "")).strip())


def _parsed(text: str) -> dict[str, Any]:
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs")
                and c not in "\n\r\t"), None)
    if bad is not None:
        line = text[:text.index(bad)].count("\n") + 1
        raise HouseError((Problem(line, "", f"the character {_named(bad)} is invisible or "
                                            "a control character"),))
    try:
        return read_toml(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        line = int(found.group(1)) if found else 0
        reason = re.sub(r"\s*\(at [^)]*\)", "", str(error))
        written = text.splitlines()[line - 1] if 0 < line <= len(text.splitlines()) else ""
        odd = next((c for c in written.partition("=")[0] if not c.isascii()), None)
        if odd is not None:  # a look-alike letter in a bare key breaks the TOML itself
            reason += f" ({_named(odd)} in a key: keys are plain ASCII)"
        raise HouseError((Problem(line, "", f"not TOML: {reason}"),)) from None
    except RecursionError:
        raise HouseError((Problem(0, "", "nested too deep to read"),)) from None


def _problem(message: str) -> Problem:
    """A schema refusal ("<source>, line 5, rules.bogus: unknown key") as a problem."""
    found = re.match(r"^(?:[^,]*, )?(?:line (\d+), )?([^:]*): (.*)$", message, re.S)
    if not found:
        return Problem(0, "", message)
    return Problem(int(found.group(1) or 0), found.group(2), found.group(3))


def _named(char: str) -> str:
    return f"U+{ord(char):04X} {unicodedata.name(char, 'unnamed')}"


def _walk(value: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _walk(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _walk(inner, (*path, index))


def _limit_problems(data: dict[str, Any], text: str) -> Iterator[Problem]:
    def at(path: tuple[str | int, ...], reason: str) -> Problem:
        dotted = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        return Problem(locate(text, path), dotted.lstrip("."), reason)

    for key in data:
        if key not in TOP_KEYS:
            yield at((key,), f"unknown key; a house game's file gives {', '.join(TOP_KEYS)} "
                             "(its id is made from its text)")
    rules = data.get("rules")
    if not isinstance(rules, dict):
        yield at(("rules",), "a house game declares its [rules]")
        return
    for key in ("like", "variants"):
        if key in rules:
            yield at(("rules", key), "a house game is written out whole, with no "
                                     f"{'like' if key == 'like' else 'variants'}")
    yield from _count_problems(rules, at)
    for path, value in _walk(data, ()):
        yield from _value_problems(path, value, at)


def _count_problems(rules: dict[str, Any], at: Any) -> Iterator[Problem]:
    for key, most in (("steps", LIMITS.steps), ("settings", LIMITS.settings),
                      ("stakes", LIMITS.lines), ("checks", LIMITS.lines)):
        items = rules.get(key, [])
        if isinstance(items, list) and len(items) > most:
            yield at(("rules", key), f"{len(items)} given; a house game may have at most "
                                     f"{most}")
    for index, item in enumerate(rules.get("settings", []) if isinstance(
            rules.get("settings"), list) else []):
        options = item.get("options", []) if isinstance(item, dict) else []
        if isinstance(options, list) and len(options) > LIMITS.options:
            yield at(("rules", "settings", index, "options"),
                     f"{len(options)} options; a setting may have at most {LIMITS.options}")
    players = rules.get("players")
    seats: Any = players.get("max") if isinstance(players, dict) else None
    if isinstance(seats, int) and seats > LIMITS.players:
        yield at(("rules", "players", "max"), f"{seats} players; a table seats at most "
                                              f"{LIMITS.players}")


def _value_problems(path: tuple[str | int, ...], value: Any, at: Any) -> Iterator[Problem]:
    if len(path) > LIMITS.depth:
        yield at(path, f"nested {len(path)} deep; a house game nests at most {LIMITS.depth}")
        return
    key = next((p for p in reversed(path) if isinstance(p, str)), "")
    if path and isinstance(path[-1], str) and not _KEY.fullmatch(path[-1]):
        odd = next((c for c in path[-1] if not (c.isascii() and (c.isalnum() or c in "_-"))),
                   " ")
        yield at(path, f"a key is plain letters, digits, _ and -; {_named(odd)} is not one")
    if isinstance(value, bool | dict | list):
        return
    if isinstance(value, int):
        if abs(value) > LIMITS.number:
            yield at(path, f"{value} is too big; a number here is at most {LIMITS.number:,}")
    elif isinstance(value, str):
        yield from _text_problems(path, key, value, at)
    else:
        yield at(path, "expected a whole number, text, or true or false, not "
                       f"{type(value).__name__}")


def _text_problems(path: tuple[str | int, ...], key: str, value: str,
                   at: Any) -> Iterator[Problem]:
    most = LIMITS.summary if key == "summary" else LIMITS.name if path == (
        "rules", "name") else LIMITS.words
    if len(value) > most:
        yield at(path, f"{len(value):,} characters; at most {most:,} here")
    elif path == ("rules", "name"):
        odd = next((c for c in value if not (c.isalnum() or c in _NAME_PUNCTUATION)), None)
        if odd is not None:
            what = "markup" if odd in _MARKUP else f"{_named(odd)}"
            yield at(path, f"{odd!r} is {what}, not a name's character (a name is letters, "
                           "digits, spaces and ' - , . ! ? ( ) /)")
        else:
            yield from (at(path, problem) for problem in _look_alikes(value))
    elif key in WORD_KEYS:
        odd = next((c for c in value if c in "<>[]`$\\|"), None)
        if odd is not None:
            yield at(path, f"{odd!r} could be read as markup; words here are plain text")
    elif not _PLAIN.fullmatch(value):
        odd = next(c for c in value if not _PLAIN.fullmatch(c))
        yield at(path, f"{_named(odd)} is not a plain letter, digit or sign: the names of "
                       "things are written in plain ASCII")


def _look_alikes(name: str) -> Iterator[str]:
    """A name that could pass for another: a character written in a second form of
    itself (a full-width digit), or a word mixing scripts (a Greek omicron in a Latin
    word), the way a look-alike of a site game's name is made."""
    odd = next((c for c in name if unicodedata.normalize("NFKC", c) != c), None)
    if odd is not None:
        plain = unicodedata.normalize("NFKC", odd)
        yield f"{_named(odd)} is another form of {plain!r}: write {plain!r}"
        return
    for word in name.split():
        scripts = {unicodedata.name(c, "?").split()[0] for c in word if c.isalpha()}
        if len(scripts) > 1:
            yield (f"the word {word!r} mixes letters of {' and '.join(sorted(scripts))} "
                   "scripts, as a look-alike name does: write each word in one script")
            return


def _prove(game: Game) -> None:
    """Deal a hand at the most players and play it to its end, checking and calling: a
    declaration the engine cannot deal through is refused before it is kept."""
    settings = game.settings_type()
    players = max(game.player_counts(settings))
    rng = random.Random(7)
    try:
        state = HandState(game, players=players, seed=7, settings=settings)
        for _ in range(LIMITS.actions):
            if state.is_over:
                break
            state.apply(_passive(state.legal_actions(state.to_act[0]), rng))
    except Exception as error:  # noqa: BLE001 - any failure is the declaration's to report
        raise HouseError((Problem(0, "", f"a hand at {players} players could not be dealt "
                                         f"through: {error}"),)) from None
    if not state.is_over:
        raise HouseError((Problem(0, "", f"a hand at {players} players did not end within "
                                         f"{LIMITS.actions} decisions"),))


_CALM = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)


def _passive(legal: list[Action], rng: random.Random) -> Action:
    """Check, call, bring in or show; any other choice of the game's own at random."""
    calm = [a for a in legal if a.kind in _CALM]
    return calm[0] if calm else rng.choice([a for a in legal if a.kind is not ActionKind.FOLD]
                                           or legal)


class AdoptedGames:
    """The house games this process knows, by id, shared on purpose by every visitor and
    thread behind a lock: at most ``most`` (the least recently used made unknown past it;
    any is read again from its text when a link, a night or a file brings it back)."""

    __slots__ = ("games", "lock", "most")

    def __init__(self, most: int = 512) -> None:
        self.lock = threading.Lock()
        self.games: dict[str, HouseGame] = {}
        self.most = most

    def adopt(self, text: str) -> HouseGame:
        with self.lock:
            known = self._used(house_id(text))
        if known is not None and known.text == text:
            return known
        house = read_house(text)
        with self.lock:
            self.games[house.id] = house
            while len(self.games) > self.most:
                del self.games[next(iter(self.games))]
        return house

    def get(self, game_id: str) -> HouseGame | None:
        with self.lock:
            return self._used(game_id)

    def _used(self, game_id: str) -> HouseGame | None:
        """The game by id, moved to the newest end: the one made unknown past ``most`` is
        the least recently used, never one a table has just listed or dealt."""
        house = self.games.pop(game_id, None)
        if house is not None:
            self.games[game_id] = house
        return house


_ADOPTED = AdoptedGames()


def adopt(text: str) -> HouseGame:
    """Read a house game and make it known by id to ``engine.games.get_game`` (a house game
    is never on the site's lists: only its own links, nights and files reach it)."""
    return _ADOPTED.adopt(text)


def adopted() -> AdoptedGames:
    """The house games this process knows (``adopted().get(game_id)``)."""
    return _ADOPTED
