"""Step kinds: what a declared step may be, by name.

A game's ``[[rules.steps]]`` lists steps, each ``kind = "<name>"`` with parameters.
Each kind is a :class:`StepKind`: its parameters (:class:`Param`), what it does to
the cards (:class:`Cards`, for the loader's deck checks), how it becomes a phase of a
hand (``build``), and, for a kind that changes how hands are valued, seen or told
(choosing partners, locking pairs, declaring), ``hooks``: a :class:`~engine.games.base.Game`
subclass whose methods the declared game takes on. A module in
``engine/games/kinds/`` lists its kinds in ``KINDS`` (and the types of the
announcements its kinds read in ``SETTING_TYPES``); dropping such a module in that
folder registers them for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from engine.games.base import Game, Settings
from engine.games.declaration import StepDecl
from engine.games.phases import Phase
from engine.state import HandState

__all__ = ["announced", "Cards", "Context", "Param", "Step", "StepKind", "holds"]


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a step kind.

    ``type`` is ``text``, ``count`` (a whole number), ``amount`` (a whole number or the
    name of a number setting), ``condition`` (true, false, or a condition on the
    settings such as ``"short_stock = reshuffle"``), ``pattern`` (``u`` and ``d``
    letters, one per card) or ``choice`` (one of ``choices``, or for ``setting_or``
    choices the name of a setting holding one).
    """

    type: str
    default: Any = None
    required: bool = False
    choices: tuple[str, ...] = ()
    help: str = ""


@dataclass(frozen=True, slots=True)
class Cards:
    """What a step does to the cards, for the deck and order checks.

    ``each``: cards dealt to each player still in; ``board``: cards to each board;
    ``burn``: cards burned first (1 when the deck allows); ``shares_when_short``: a
    one-card deal that becomes a community card when the stock is short (stud's
    seventh street); ``needs_held``: cards each player must hold before the step (a
    draw, an expose); ``kills``: cards each player's hand loses (a sacrificed pair);
    ``earned``: the most cards the step may deal over the whole hand to whoever earns
    them (an extra card for a four dealt face up: four at most, one for each four in the
    deck), counted once for all the steps sharing its ``earned_by``.
    """

    each: int = 0
    board: int = 0
    burn: int = 0
    shares_when_short: bool = False
    needs_held: int = 0
    kills: int = 0
    earned: int = 0
    earned_by: str = ""


@dataclass(frozen=True, slots=True)
class StepKind:
    """A named kind of step usable by any game."""

    name: str
    summary: str
    params: Mapping[str, Param]
    build: Callable[[Step, Context], Phase]
    cards: Callable[[Mapping[str, Any]], Cards] = field(default=lambda params: Cards())
    hooks: type[Game] | None = None
    reads: tuple[tuple[str, str], ...] = ()
    """(name, type) of each announcement the kind's hooks read: a game using the kind
    must announce them."""
    ends_hand: bool = False
    """Whether the step settles the hand (a showdown): a game's steps end with exactly
    one such step, since nothing after it is ever played."""


@dataclass(frozen=True, slots=True)
class Step:
    """A declared step checked against its kind, every parameter given a value."""

    kind: StepKind
    params: Mapping[str, Any]
    decl: StepDecl

    def __getitem__(self, name: str) -> Any:
        return self.params[name]


@dataclass(frozen=True, slots=True)
class Context:
    """What a step needs to become a phase of one hand: the hand (its settings and
    players), the declared boards, and whether the deck has room to burn at this
    many players (with the rule in words)."""

    state: HandState
    boards: int
    burns: bool
    burn_rule: str

    @property
    def settings(self) -> Settings:
        return self.state.settings

    def amount(self, value: int | str) -> int:
        """A number as declared: itself, or the value of the number setting it names."""
        return value if isinstance(value, int) else int(getattr(self.settings, value))

    def holds(self, condition: bool | str) -> bool:
        """Whether a declared condition holds under these announcements."""
        return holds(condition, self.settings)


_COMPARE: Mapping[str, Callable[[Any, Any], bool]] = MappingProxyType({
    "!=": lambda a, b: a != b, ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b,
    "=": lambda a, b: a == b, ">": lambda a, b: a > b, "<": lambda a, b: a < b})


def holds(condition: bool | str, settings: Settings,
          known: Mapping[str, Any] = MappingProxyType({})) -> bool:
    """Whether a condition on the settings holds: ``true``/``false``; a setting's name
    (a switch, or a number other than 0); ``"name = value"``, ``"name != value"``; or
    ``"name > other"`` between two number settings (or a number); a switch compares with
    ``true`` or ``false``. ``known`` holds
    values worked out from the settings (``structure``), read first.

    >>> from engine.games.base import Settings
    >>> holds(True, Settings()), holds(False, Settings())
    (True, False)
    """
    if isinstance(condition, bool):
        return condition

    def value(name: str) -> Any:
        if name in known:
            return _plain(known[name])
        return _plain(getattr(settings, name)) if hasattr(settings, name) else name

    for sign, compare in _COMPARE.items():
        left, found, right = condition.partition(f" {sign} ")
        if found:
            a, b = value(left.strip()), value(right.strip())
            if isinstance(a, bool) and b in ("true", "false"):
                b = b == "true"
            elif isinstance(a, int) and isinstance(b, str) and b.lstrip("-").isdigit():
                b = int(b)
            return bool(compare(a, b))
    return bool(value(condition.strip()))


def announced(settings: Settings, name: str) -> Any:
    """The announcement of this name: what a step kind's hooks read (the loader has
    checked that a game using the kind announces it, of the type the kind reads)."""
    return getattr(settings, name)


def condition_names(condition: bool | str) -> list[str]:
    """The setting names a condition reads (for the loader's checks)."""
    if isinstance(condition, bool):
        return []
    for sign in _COMPARE:
        left, found, right = condition.partition(f" {sign} ")
        if found:
            return [left.strip(), right.strip()]
    return [condition.strip()]


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value
