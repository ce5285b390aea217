"""Reading a PHH file's fields: each value checked, and every refusal naming the line
of the field or action it is about."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from engine.cards import FULL_DECK, Card, CardParseError, deck_words, parse_cards
from engine.games import get_game, make_settings
from engine.games.base import Settings, SettingsError
from engine.history import MAX_SEED, MAX_STACK
from engine.state import HandState, seat_name

MAX_LINES = 5000
"""The most action lines a file may hold (a long hand has about a hundred)."""
CARD_OF: MappingProxyType[str, Card | None] = MappingProxyType(
    {"??": None} | {c.ascii: c for c in FULL_DECK})
"""Each card as a file writes it (``Ah``), and ``??`` for one nobody saw: the quick way to
read the usual spelling (anything else goes through the card parser, for its message)."""


class Where:
    """Finds the line of a field, or of one item of an array field, in the file's text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def key(self, name: str) -> int | None:
        pattern = re.compile(rf"^\s*['\"]?{re.escape(name)}['\"]?\s*=")
        return next((n for n, line in enumerate(self.lines, 1) if pattern.match(line)), None)

    def items(self, name: str, items: Sequence[str]) -> list[int | None]:
        """The line of each item of array ``name``, found in order from the field's line."""
        start = self.key(name)
        found: list[int | None] = []
        if start is None:
            return [None] * len(items)
        line, column = start - 1, 0
        for item in items:
            where = None
            for quoted in (json.dumps(item, ensure_ascii=False), f"'{item}'"):
                at = self._find(quoted, line, column)
                if at is not None:
                    where = at
                    break
            if where is None:
                found.append(None)
                continue
            line, column = where
            column += 1
            found.append(line + 1)
        return found

    def _find(self, needle: str, line: int, column: int) -> tuple[int, int] | None:
        for n in range(line, len(self.lines)):
            at = self.lines[n].find(needle, column if n == line else 0)
            if at >= 0:
                return n, at
        return None


def at_line(line: int | None, text: str | None = None) -> str:
    where = f"line {line}" if line is not None else "the file"
    return f"{where} ({text})" if text is not None else where


@dataclass
class Step:
    line: int | None
    text: str
    words: list[str]


@dataclass
class Reader:
    text: str
    data: dict[str, Any]
    where: Where
    steps: list[Step] = field(default_factory=list)
    unit: Fraction = Fraction(1)
    """How much of the file's amounts one chip is (``engine.phh.amounts``)."""

    def fail(self, name: str, why: str) -> ValueError:
        line = self.where.key(name)
        value = self.data.get(name)
        shown = f"{name} = {short_text(value)}" if name in self.data else None
        return ValueError(f"{at_line(line, shown)}: {why}")

    def whole(self, name: str, *, least: int = 0, most: int = MAX_STACK,
              default: int | None = None) -> int:
        if name not in self.data:
            if default is not None:
                return default
            raise self.fail(name, f"the file has no {name}, which this site needs")
        value = self.data[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(name, f"{name} must be a whole number of chips")
        if not least <= value <= most:
            raise self.fail(name, f"{name} must be from {least} to {most:,}")
        return value

    def numbers(self, name: str, count: int | None = None, *, least: int = 0) -> list[int]:
        value = self.data.get(name)
        if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise self.fail(name, f"{name} must be a list of whole numbers")
        if count is not None and len(value) != count:
            raise self.fail(name, f"{name} must give one number for each of the {count} "
                                  "players")
        if any(not least <= v <= MAX_STACK for v in value):
            raise self.fail(name, f"each of {name} must be from {least} to {MAX_STACK:,}")
        return value

    def read_steps(self, name: str) -> list[Step]:
        items = self.data.get(name)
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise self.fail(name, f"{name} must be a list of text lines such as 'p1 cc'")
        if len(items) > MAX_LINES:
            raise self.fail(name, f"{name} has {len(items):,} lines; a hand has at most "
                                  f"{MAX_LINES:,}")
        lines = self.where.items(name, items)
        steps = []
        for number, (item, line) in enumerate(zip(items, lines, strict=True), 1):
            words = item.split("#")[0].split()
            steps.append(Step(line if line is not None else None,
                              item if line is not None else f"{name} item {number}: {item}",
                               words))
        return steps


def short_text(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str) if not isinstance(value, str) \
        else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True)
class PhhHand:
    """A hand read from PHH and whose view it opens as.

    A file that tells every card opens as the host's (``complete``). One that
    writes some seven-card stud cards ``??`` (cards its writer never saw)
    replays with spare cards standing in for them, so it opens only as a view
    that never shows them: ``seat``'s, a seat whose every card the file deals
    known (its writer's: the one such seat that did not show at the
    showdown, else the first), or a watcher's when ``seat`` is None.
    """

    state: HandState
    complete: bool = True
    seat: int | None = None
    unit: Fraction = Fraction(1)
    """How much of the file's amounts one chip is: ``chips * unit`` is the file's amount."""


def seat_stacks(reader: Reader, game_id: str) -> list[int]:
    game = get_game(game_id)
    stacks = reader.numbers("starting_stacks", least=1)
    if not game.min_players <= len(stacks) <= game.max_players:
        raise reader.fail("starting_stacks", f"{game.name} on this site seats "
                                             f"{game.min_players} to {game.max_players} "
                                             f"players, not {len(stacks)}")
    return stacks


def deck_and_seed(reader: Reader, whole: Sequence[Card] = FULL_DECK
                  ) -> tuple[int, list[Card] | None] | None:
    """The shuffle a file was dealt from: its seed, and the game's whole deck (``whole``)
    in order when written."""
    if "_deck" in reader.data:
        deck = reader.data["_deck"]
        if not isinstance(deck, str):
            raise reader.fail("_deck", "the deck must be written as text, such as 'Kh Th'")
        try:
            cards = parse_cards(deck, distinct=True)
        except CardParseError as error:
            raise reader.fail("_deck", f"the deck has a bad card: {error}") from None
        if set(cards) != set(whole):
            stray = [c for c in cards if c not in set(whole)]
            raise reader.fail("_deck", f"{stray[0]} is not in this game's deck of {len(whole)}"
                              f" cards{deck_words(whole)}" if stray else
                              f"the deck holds {len(cards)} cards, not {len(whole)}")
        return reader.whole("_seed", most=MAX_SEED, default=0), cards
    if "_seed" in reader.data:
        return reader.whole("_seed", most=MAX_SEED), None
    return None


_FIELD_OF_LABEL = MappingProxyType({"Ante": "antes", "Bring-in": "bring_in",
                                    "Small bet": "small_bet", "Big bet": "big_bet",
                                    "Chips": "starting_stacks"})


def game_settings(reader: Reader, game_id: str, values: dict[str, Any]) -> Settings:
    try:
        return make_settings(get_game(game_id), values)
    except SettingsError as error:
        label = str(error).split(":")[0]
        name = _FIELD_OF_LABEL.get(label, "_settings")
        if name not in reader.data:
            name = "_settings" if "_settings" in reader.data else "variant"
        raise reader.fail(name, f"the site cannot use these stakes or announcements: "
                                f"{error}") from None


def own_settings(reader: Reader) -> dict[str, Any]:
    own = reader.data.get("_settings", {})
    if not isinstance(own, dict):
        raise reader.fail("_settings", "_settings must be names with values")
    return dict(own)


def view_seat(reader: Reader, players: int) -> int | None:
    """The seat whose view a file of this site's is (``_view = "Seat 3"``), if it is one."""
    if "_view" not in reader.data:
        return None
    view = reader.data["_view"]
    names = [seat_name(s) for s in range(players)]
    if view not in names:
        raise reader.fail("_view", f"_view names the seat whose view the file is, one of "
                                   f"{names[0]} to {names[-1]}")
    return names.index(view)


def known_cards(step: Step, text: str) -> list[Card]:
    cards = file_cards(step, text)
    if any(c is None for c in cards):
        raise ValueError(f"{at_line(step.line, step.text)}: a card is unknown (??); the site can "
                         "replay this only with every card known")
    return [c for c in cards if c is not None]


def file_cards(step: Step, text: str) -> list[Card | None]:
    """Cards written two characters each, ``??`` for one nobody saw."""
    if len(text) % 2:
        raise ValueError(f"{at_line(step.line, step.text)}: cards are written two characters each, "
                         "such as AhKd")
    chunks = [text[i:i + 2] for i in range(0, len(text), 2)]
    if all(c in CARD_OF for c in chunks):
        return [CARD_OF[c] for c in chunks]
    try:
        known = iter(parse_cards(" ".join(c for c in chunks if c != "??")))
    except CardParseError as error:
        raise ValueError(f"{at_line(step.line, step.text)}: {error}") from None
    return [None if c == "??" else next(known) for c in chunks]


def player_seat(step: Step, word: str, players: int) -> int:
    if not re.fullmatch(r"p[1-9][0-9]?", word) or not 1 <= int(word[1:]) <= players:
        raise ValueError(f"{at_line(step.line, step.text)}: {word!r} is not one of the players "
                         f"p1 to p{players}")
    return int(word[1:]) - 1
