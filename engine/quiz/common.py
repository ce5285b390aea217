"""What every drill shares: drills, levels, question references and verdicts.

A question is never stored: it is generated again from its ``QuestionRef``
(drill, level, seed, and for the drills every game gets, the game), so a link
with those query parameters reopens the same question on any machine, and a
record keeps it as a short key.

>>> ref = QuestionRef(Drill.PARTNER, Level.TRICKY, 42)
>>> QuestionRef.from_params(ref.to_params()) == ref
True
>>> omaha = QuestionRef(Drill.BEST_FIVE, Level.RANDOM, 7, game="omaha")
>>> omaha.key, QuestionRef.from_key(omaha.key) == omaha
('best-five/random/7/omaha', True)
>>> try:
...     QuestionRef.from_params({"drill": "poker", "level": "random", "seed": "1"})
... except LinkError as error:
...     print(error)  # doctest: +ELLIPSIS
This link names no drill we know ('poker'). The drills are: partner, showdown, sophie, ...
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from types import MappingProxyType

from engine.cards import Card
from engine.deals import deal_plan
from engine.games import GAMES


class Drill(StrEnum):
    """The quizzes: one per key decision of a game that has its own, the general
    showdown drill, and the drills every registered game gets from its declaration
    (``per_game``: the best five cards, what is legal here)."""

    PARTNER = "partner"
    SHOWDOWN = "showdown"
    SOPHIE = "sophie"
    STUD = "stud"
    PSYCHO = "psycho"
    BEST_FIVE = "best-five"
    LEGAL = "legal"
    EXPOSE = "expose"

    @property
    def label(self) -> str:
        return _DRILL_TITLES[self]

    @property
    def per_game(self) -> bool:
        """Whether a question of this drill is dealt for a game the learner picks."""
        return self in (Drill.BEST_FIVE, Drill.LEGAL)

    def deals(self, game_id: str) -> bool:
        """Whether this per-game drill is dealt for the game: any registered game, and
        the best five cards only where a hand holds more than five to choose from."""
        if game_id not in GAMES:
            return False
        return self is not Drill.BEST_FIVE or _more_than_five(game_id)

    @property
    def levels(self) -> tuple[Level, ...]:
        """The levels this drill offers, easiest first."""
        if self is Drill.PARTNER:
            return (Level.TUTORIAL, Level.RANDOM, Level.TRICKY)
        return (Level.RANDOM, Level.TRICKY)



@cache
def _more_than_five(game_id: str) -> bool:
    """Whether a hand of the game has more than five cards to choose from at the showdown,
    after any cards thrown away (Pick a Partner's five each have their own drill, the team
    hand)."""
    game = GAMES[game_id]
    settings = game.settings_type()
    plan = deal_plan(game_id, players=min(game.player_counts(settings)), settings=settings)
    return plan.held + (plan.boards[0] if plan.boards else 0) > 5


_DRILL_TITLES = MappingProxyType({
    Drill.PARTNER: "Best partnership hand",
    Drill.SHOWDOWN: "Which hand wins?",
    Drill.SOPHIE: "Sophie's Pick: lock and sacrifice",
    Drill.STUD: "Seven-card stud: who acts, what to bet",
    Drill.PSYCHO: "Psycho: who gets what",
    Drill.BEST_FIVE: "The best five cards",
    Drill.LEGAL: "What is legal here",
    Drill.EXPOSE: "Psycho: which three to show",
})


class Level(StrEnum):
    """How questions are chosen: worked examples, plain random deals, or traps."""

    TUTORIAL = "tutorial"
    RANDOM = "random"
    TRICKY = "tricky"

    @property
    def label(self) -> str:
        return {"tutorial": "Tutorial", "random": "Random deals", "tricky": "Tricky deals"}[self]


MAX_SEED = 2**32 - 1
"""Seeds run from 0 to this; tutorial seeds index the worked examples instead."""


class LinkError(ValueError):
    """A question link that cannot be opened; the message says why, for the page."""


@dataclass(frozen=True, slots=True)
class QuestionRef:
    """Everything needed to generate one question again: ``game`` is the engine id of
    the game a per-game drill deals for, and empty for every other drill."""

    drill: Drill
    level: Level
    seed: int
    game: str = ""

    def __post_init__(self) -> None:
        if self.drill.per_game != bool(self.game):
            raise ValueError(f"the drill {self.drill.value!r} "
                             f"{'needs a' if self.drill.per_game else 'takes no'} game")

    def rng(self) -> random.Random:
        """The question's own random stream: the same on every machine."""
        return random.Random(self.key)

    @property
    def key(self) -> str:
        """The reference as text, for records and sealed links: ``stud/tricky/7``, or
        ``best-five/random/7/omaha`` for a per-game drill."""
        text = f"{self.drill.value}/{self.level.value}/{self.seed}"
        return f"{text}/{self.game}" if self.game else text

    @classmethod
    def from_key(cls, key: str, *, tutorial_size: int | None = None) -> QuestionRef | None:
        """The reference a key names, or ``None`` when it names no question the site asks
        (an unknown drill, level or game, a seed out of range)."""
        parts = key.split("/") if isinstance(key, str) else []
        if len(parts) not in (3, 4) or not parts[2].isdecimal() or len(parts[2]) > 10:
            return None
        try:
            drill, level, seed = Drill(parts[0]), Level(parts[1]), int(parts[2])
        except ValueError:
            return None
        game = parts[3] if len(parts) == 4 else ""
        if level not in drill.levels or seed > MAX_SEED or drill.per_game != bool(game) \
                or (game and not drill.deals(game)):
            return None
        if level is Level.TUTORIAL and tutorial_size is not None and seed >= tutorial_size:
            return None
        ref = cls(drill, level, seed, game)
        return ref if ref.key == key else None  # one key a question: "7", never "07"

    def to_params(self) -> dict[str, str]:
        params = {"drill": self.drill.value, "level": self.level.value, "seed": str(self.seed)}
        return {**params, "game": self.game} if self.game else params

    @classmethod
    def from_params(cls, params: Mapping[str, str | Sequence[str]], *,
                    tutorial_size: int | None = None) -> QuestionRef:
        """Read a link's query parameters; raise ``LinkError`` with a clear message.

        ``tutorial_size`` (the number of worked examples) bounds a tutorial seed.
        """
        drill_text = _single(params, "drill")
        try:
            drill = Drill(drill_text.strip().lower())
        except ValueError:
            known = ", ".join(d.value for d in Drill)
            raise LinkError(f"This link names no drill we know ({drill_text[:30]!r}). "
                            f"The drills are: {known}.") from None
        level_text = _single(params, "level")
        try:
            level = Level(level_text.strip().lower())
        except ValueError:
            level = None
        if level is None or level not in drill.levels:
            offered = ", ".join(lv.value for lv in drill.levels)
            raise LinkError(f"The {drill.label} drill has no level {level_text[:30]!r}; "
                            f"it offers: {offered}.")
        seed_text = _single(params, "seed").strip()
        if not seed_text.isdecimal() or len(seed_text) > 10 or int(seed_text) > MAX_SEED:
            raise LinkError(f"The question number {seed_text[:30]!r} is not valid: it must be "
                            f"a whole number from 0 to {MAX_SEED}.")
        seed = int(seed_text)
        if level is Level.TUTORIAL and tutorial_size is not None and seed >= tutorial_size:
            raise LinkError(f"The tutorial has {tutorial_size} questions, numbered 0 to "
                            f"{tutorial_size - 1}; there is no question {seed}.")
        if not drill.per_game:
            return cls(drill, level, seed)
        game = _single(params, "game").strip().lower()
        if game not in GAMES:
            raise LinkError(f"This link names no game we know ({game[:30]!r}). The games "
                            f"are: {', '.join(GAMES)}.")
        if not drill.deals(game):
            raise LinkError(f"\"{drill.label}\" is not asked in {GAMES[game].name}: a hand "
                            "there holds no more than five cards to choose from.")
        return cls(drill, level, seed, game)


def _single(params: Mapping[str, str | Sequence[str]], name: str) -> str:
    if name not in params:
        raise LinkError(f"This question link is missing its {name!r} part; "
                        "a question link needs drill, level and seed (and the game, for a "
                        "drill dealt for the game the learner picks).")
    value = params[name]
    if not isinstance(value, str):
        if len(value) != 1:
            raise LinkError(f"This question link gives {name!r} {len(value)} times.")
        value = value[0]
    return value


@dataclass(frozen=True, slots=True)
class CardRow:
    """A labelled row of cards an explanation shows, e.g. "Best hand" and its five."""

    label: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judged answer: right or not, and why, all computed from the engine.

    ``table`` (rows under ``columns``) lists alternatives, e.g. the next-best
    choices with their hands or the equity of each choice.
    """

    correct: bool
    headline: str
    details: tuple[str, ...] = ()
    rows: tuple[CardRow, ...] = ()
    columns: tuple[str, ...] = ()
    table: tuple[tuple[str, ...], ...] = ()
    answer: str = ""
    """The player's answer in words, for the review of misses."""
    solution: str = ""
    """The right answer in words, for the set summary: "Ben wins with a flush"."""
    theme: str = ""
    """What the question turns on ("Suits count", "Bring-in"), to group the misses by."""


def timed(verdict: Verdict, *, seconds: float, limit: float | None) -> Verdict:
    """A verdict that also counts the clock: an answer after ``limit`` seconds is a miss.

    >>> timed(Verdict(True, "Right."), seconds=31.2, limit=30).headline
    'Out of time (31 s, the limit is 30 s). The answer was right, but too late.'
    """
    if limit is None or seconds <= limit:
        return verdict
    late = (f"Out of time ({seconds:.0f} s, the limit is {limit:.0f} s). "
            f"The answer was {'right' if verdict.correct else 'wrong too'}"
            f"{', but too late.' if verdict.correct else '.'}")
    return replace(verdict, correct=False, headline=late,
                   details=(verdict.headline, *verdict.details))
