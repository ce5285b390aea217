"""The common parts of a house game as a form: read from its file's values, written back.

A host changes the name, the players, the betting, the streets, the wild cards and what
wins on the form; everything else in the file (announcements, stakes sentences, the kind
of each betting round) is kept as the file has it. Plain Python: the page draws it.

>>> from engine.games.house import BLANK
>>> import tomllib
>>> values = tomllib.loads(BLANK)
>>> parts = read_form(values)
>>> parts.name, parts.players, [s.cards for s in parts.streets], parts.wins
('My house game', (2, 6), ['ddddd'], 'high')
>>> changed = write_form(values, parts.but(wild=("7",), wins="spade-high"))
>>> changed["rules"]["wild"], changed["rules"]["wins"]
({'ranks': ['7']}, {'high': True, 'spade': 'high'})
>>> write_form(values, parts.but(cards=("Jh", "Js")))["rules"]["wild"]
{'cards': ['Jh', 'Js']}
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

__all__ = ["CARDS", "RANKS", "STRUCTURES", "WINS", "FormParts", "Street", "add_street", "read_form",
           "remove_street", "write_form"]

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CARDS = tuple(f"{rank}{suit}" for rank in reversed(RANKS) for suit in "shdc")
"""Every card as a file writes it ("Jh"), the single cards a form may make wild."""
STRUCTURES = MappingProxyType({"fixed-limit": "Fixed limit", "pot-limit": "Pot limit",
                               "no-limit": "No limit"})
WINS = MappingProxyType({key: (words, MappingProxyType(keys)) for key, words, keys in (
    ("high", "The best high hand", {"high": True}),
    ("low", "The best low hand (ace-to-five)", {"high": False, "low": "ace-to-five"}),
    ("high-low", "Split: high and an eight-or-better low",
     {"high": True, "low": "ace-to-five", "qualifier": 8}),
    ("spade-high", "Split: the best hand and the high spade in the hole",
     {"high": True, "spade": "high"}),
    ("spade-low", "Split: the best hand and the low spade in the hole",
     {"high": True, "spade": "low"}),
)})
"""What wins, as the form offers it: its words and the ``[rules.wins]`` keys it sets."""
_WINS_KEYS = ("high", "low", "qualifier", "spade", "declare", "when")
_DEALING = ("deal", "board")


@dataclass(frozen=True, slots=True)
class Street:
    """One dealing step: its kind (``deal`` to each player, ``board`` to the middle), the
    street's name, the cards (``u``/``d`` letters, or a count for a board) and whether a
    betting round follows it."""

    kind: str
    name: str
    cards: str
    bet_after: bool


@dataclass(frozen=True, slots=True)
class FormParts:
    name: str
    players: tuple[int, int]
    structure: str | None
    """One of :data:`STRUCTURES`, or ``None`` when an announcement chooses it."""
    streets: tuple[Street, ...]
    wild: tuple[str, ...]
    cards: tuple[str, ...]
    """Single wild cards, as :data:`CARDS` writes them (the one-eyed jacks: Jh and Js)."""
    follow: str
    """The rank whose face-up card makes the next up card's rank wild ("" for none)."""
    wins: str
    """One of :data:`WINS`, or ``"other"`` when the file says something the form does not."""

    def but(self, **changes: Any) -> FormParts:
        return dataclasses.replace(self, **changes)


def _rules(values: dict[str, Any]) -> dict[str, Any]:
    rules = values.get("rules")
    return rules if isinstance(rules, dict) else {}


def _wins_choice(wins: Any) -> str:
    if not isinstance(wins, dict):
        return "other"
    given = {k: v for k, v in wins.items() if k in _WINS_KEYS}
    given.setdefault("high", True)
    return next((key for key, (_, keys) in WINS.items() if dict(keys) == given), "other")


def _streets(steps: list[Any]) -> tuple[Street, ...]:
    out = []
    for index, step in enumerate(steps):
        if isinstance(step, dict) and step.get("kind") in _DEALING:
            after = steps[index + 1] if index + 1 < len(steps) else {}
            out.append(Street(str(step["kind"]), str(step.get("street", "")),
                              str(step.get("cards", "")),
                              isinstance(after, dict) and after.get("kind") == "bet"))
    return tuple(out)


def read_form(values: dict[str, Any]) -> FormParts:
    """The form's view of a file's values (anything odd read as the form's nearest)."""
    rules = _rules(values)
    players, wild = _table(rules.get("players")), _table(rules.get("wild"))
    structure = rules.get("structure", "fixed-limit")
    steps, ranks = _list(rules.get("steps")), _list(wild.get("ranks"))
    return FormParts(
        name=str(rules.get("name", "")),
        players=(_whole(players.get("min"), 2), _whole(players.get("max"), 2)),
        structure=structure if isinstance(structure, str) and structure in STRUCTURES
        else None,
        streets=_streets(steps),
        wild=tuple(str(r).upper() for r in ranks if str(r).upper() in RANKS),
        cards=tuple(c for c in (_card_text(c) for c in _list(wild.get("cards"))) if c),
        follow=str(wild.get("follow", "")).upper() if str(
            wild.get("follow", "")).upper() in RANKS else "",
        wins=_wins_choice(rules.get("wins")))


def _card_text(value: Any) -> str:
    """A card as :data:`CARDS` writes it, or "" for anything else."""
    text = str(value).strip()
    text = text[:-1].upper() + text[-1:].lower()
    return text if text in CARDS else ""


def _table(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _whole(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def write_form(values: dict[str, Any], parts: FormParts) -> dict[str, Any]:
    """The file's values with the form's parts written in (a new dict; the rest kept)."""
    out = copy.deepcopy(values)
    rules = out.setdefault("rules", {})
    rules["name"] = parts.name
    players = _table(rules.get("players"))
    same = (players.get("min"), players.get("max")) == parts.players
    rules["players"] = {**{k: v for k, v in players.items()
                           if same or k not in ("counts", "why")},   # counts within them
                        "min": parts.players[0], "max": parts.players[1]}
    if parts.structure is not None:
        rules["structure"] = parts.structure
    rules["steps"] = _with_streets(rules.get("steps", []), parts.streets)
    _write_wild(rules, parts)
    if parts.wins in WINS:
        wins = _table(rules.get("wins"))
        rules["wins"] = {**{k: v for k, v in wins.items() if k not in _WINS_KEYS},
                         **WINS[parts.wins][1]}
    return out


def _write_wild(rules: dict[str, Any], parts: FormParts) -> None:
    wild = {k: v for k, v in _table(rules.get("wild")).items()
            if k not in ("ranks", "cards", "follow")}
    if parts.wild:
        wild["ranks"] = list(parts.wild)
    if parts.cards:
        wild["cards"] = list(parts.cards)
    if parts.follow:
        wild["follow"] = parts.follow
    if wild:
        rules["wild"] = wild
    else:
        rules.pop("wild", None)


def _with_streets(steps: Any, streets: tuple[Street, ...]) -> list[Any]:
    """The steps with each dealing step's name and cards from ``streets`` in order, and a
    betting round after it exactly where the form says (a new one like the last before)."""
    steps = list(steps) if isinstance(steps, list) else []
    bet_like = _bet_like(steps)
    out: list[Any] = []
    dealt = iter(streets)
    index = 0
    while index < len(steps):
        step = steps[index]
        if isinstance(step, dict) and step.get("kind") in _DEALING:
            street = next(dealt, None)
            if street is None:
                index += 1 + (_is_bet(steps, index + 1))
                continue
            cards: Any = int(street.cards) if street.kind == "board" and \
                street.cards.isdigit() else street.cards
            out.append({**step, "street": street.name, "cards": cards})
            has_bet = _is_bet(steps, index + 1)
            if has_bet and street.bet_after:
                out.append(steps[index + 1])
            elif street.bet_after:
                out.append(dict(bet_like))
            index += 1 + has_bet
            continue
        out.append(step)
        index += 1
    return out


def _bet_like(steps: list[Any]) -> dict[str, Any]:
    """A new betting round like the file's last one without a bring-in, less its openers
    (only the first round needs them: a later one with them is refused)."""
    last = next((s for s in reversed(steps) if isinstance(s, dict)
                 and s.get("kind") == "bet" and not s.get("bring_in")), {"kind": "bet"})
    return {k: v for k, v in last.items() if k != "openers"}


def _is_bet(steps: list[Any], index: int) -> bool:
    return index < len(steps) and isinstance(steps[index], dict) and \
        steps[index].get("kind") == "bet"


def add_street(values: dict[str, Any]) -> dict[str, Any]:
    """A card up to each player and a betting round, before the showdown."""
    out = copy.deepcopy(values)
    rules = out.setdefault("rules", {})
    steps = _list(rules.get("steps"))
    bet_like = _bet_like(steps)
    at = next((i for i, s in enumerate(steps) if isinstance(s, dict)
               and s.get("kind") == "showdown"), len(steps))
    number = len(_streets(steps)) + 1
    rules["steps"] = [*steps[:at], {"kind": "deal", "street": f"Street {number}",
                                    "cards": "u"}, dict(bet_like), *steps[at:]]
    return out


def remove_street(values: dict[str, Any]) -> dict[str, Any]:
    """The last dealing step gone, with the betting round after it."""
    parts = read_form(values)
    if not parts.streets:
        return copy.deepcopy(values)
    return write_form(values, parts.but(streets=parts.streets[:-1]))
