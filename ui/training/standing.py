"""What a learner's record says: ratings, accuracy, mistakes, and the history for the charts.

:func:`standing` turns the record's plain JSON into frozen values the page reads
after every answer; :func:`history`, every attempt as a point for the charts, is
worked out only when the charts are shown. Nothing here writes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any

from engine.quiz.common import Drill, QuestionRef
from ui.training.attempts import is_attempt, tallies
from ui.training.ratings import Rating
from ui.training.record import parse_key
from ui.training.review import due_at, due_first


@dataclass(frozen=True, slots=True)
class Mistake:
    """A question in the review queue: what it is, why it was missed, and when it is due."""

    key: str
    ref: QuestionRef | None
    """None for a lesson from a played hand (its key is ``lesson/<id>``)."""
    drill: str
    theme: str
    solution: str
    headline: str
    misses: int
    due: datetime
    log: int | None = None
    """The number of the attempt that last missed it, whose log entry explains the answer
    (None for a lesson, or a record that kept the explanation in the queue)."""

    @property
    def lesson_id(self) -> str | None:
        return self.key.removeprefix("lesson/") if self.ref is None else None


@dataclass(frozen=True, slots=True)
class ThemeTally:
    drill: str
    theme: str
    right: int
    asked: int
    rating: Rating

    @property
    def accuracy(self) -> float:
        return self.right / self.asked if self.asked else 0.0


@dataclass(frozen=True, slots=True)
class Point:
    """One attempt on the charts: its number, when, the drill, right or not, the rating after."""

    number: int
    at: float
    drill: str
    correct: bool
    rating: float
    queue: int


@dataclass(frozen=True, slots=True)
class Standing:
    attempts: int
    right: int
    drills: Mapping[Drill, Rating]
    themes: tuple[ThemeTally, ...]
    mistakes: tuple[Mistake, ...]
    parked: int = 0
    """Mistakes waiting behind ``mistakes``, parked in the log: each comes back as the
    queue empties (:mod:`ui.training.attempts`)."""

    @property
    def waiting(self) -> int:
        """Every mistake not yet answered right, parked ones included."""
        return len(self.mistakes) + self.parked

    def due(self, now: datetime) -> tuple[Mistake, ...]:
        return tuple(m for m in self.mistakes if m.due <= now)


def standing(data: Mapping[str, Any]) -> Standing:
    """Everything the page shows about a learner, from the record's data (either layout).

    A queued key that names no question the site asks, or a lesson the record no longer
    holds (kept by an older version of the site), is not a mistake to review."""
    ratings: Mapping[str, Any] = data.get("ratings", {})
    drills = {drill: Rating.from_json(ratings[f"drill/{drill.value}"])
              for drill in Drill if f"drill/{drill.value}" in ratings}
    answered, right, tallied = tallies(data)
    themes = tuple(ThemeTally(drill, theme, good, asked,
                              Rating.from_json(ratings.get(f"theme/{theme}")))
                   for (drill, theme), (good, asked) in sorted(tallied.items()))
    queue: Mapping[str, Any] = data.get("queue", {})
    lessons: Mapping[str, Any] = data.get("lessons", {})
    mistakes = tuple(_mistake(key, queue[key]) for key in due_first(queue)
                     if parse_key(key) is not None
                     or key.removeprefix("lesson/") in lessons and key.startswith("lesson/"))
    parked = data.get("parked", 0)
    return Standing(answered, right, MappingProxyType(drills), themes, mistakes,
                    parked if isinstance(parked, int) else 0)


def _mistake(key: str, entry: Mapping[str, Any]) -> Mistake:
    log = entry.get("log")
    return Mistake(key, parse_key(key), str(entry.get("drill", "")), str(entry.get("theme", "")),
                   str(entry.get("solution", "")), str(entry.get("headline", "")),
                   int(entry.get("misses", 0)), due_at(entry),
                   log if isinstance(log, int) and "solution" not in entry else None)


def history(attempts: Iterable[Mapping[str, Any]]) -> tuple[Point, ...]:
    """Every attempt as a point on the charts, with the mistakes waiting after it."""
    points: list[Point] = []
    open_keys: set[str] = set()
    for attempt in attempts:
        if not is_attempt(attempt):
            continue
        if attempt["ok"]:
            open_keys.discard(attempt["q"])
        else:
            open_keys.add(attempt["q"])
        points.append(Point(len(points) + 1, float(attempt["at"]), attempt["drill"],
                            bool(attempt["ok"]), float(attempt["r"]), len(open_keys)))
    return tuple(points)


def now_utc() -> datetime:
    return datetime.now(dt.UTC)
