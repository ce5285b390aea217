"""A session's progress: score, streak, accuracy per drill and a summary of each set.

``Progress`` is a value: recording an answer returns a new one, so a page can
keep it in its session state and tests can build it by hand.

>>> from engine.quiz.common import Drill, Level, QuestionRef
>>> ref = QuestionRef(Drill.STUD, Level.RANDOM, 5)
>>> p = Progress().record(Attempt(ref, True, "Right.")).record(Attempt(ref, False, "No."))
>>> p.score, p.asked, p.streak, p.best_streak, p.by_drill()[Drill.STUD].accuracy
(1, 2, 0, 1, 0.5)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.quiz.common import Drill, QuestionRef

SET_SIZE = 10
"""Answers in a set; each finished set ends with its summary."""


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answered question: which, whether right, what was said, and how long it took.

    ``solution`` and ``theme`` come from the verdict, so the set summary can
    give the right answer and group the misses without judging again.
    """

    ref: QuestionRef
    correct: bool
    headline: str
    answer: str = ""
    solution: str = ""
    theme: str = ""
    seconds: float = 0.0
    lesson: str = ""
    """The id of the lesson from a played hand it asked, if it was one."""


def format_duration(seconds: float) -> str:
    """A time as it reads on the page.

    >>> format_duration(42.4), format_duration(185), format_duration(3600)
    ('42 s', '3 min 05 s', '60 min 00 s')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    return f"{whole // 60} min {whole % 60:02d} s"


@dataclass(frozen=True, slots=True)
class SetSummary:
    """One set of answers looked back on: the score, the time, what was missed."""

    attempts: tuple[Attempt, ...]

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.attempts)

    @property
    def seconds(self) -> float:
        """Time spent answering, from each question opening to its answer."""
        return sum(a.seconds for a in self.attempts)

    @property
    def misses(self) -> tuple[Attempt, ...]:
        return tuple(a for a in self.attempts if not a.correct)

    def missed_themes(self) -> dict[Drill, dict[str, int]]:
        """For each drill with a miss (in drill order): each theme missed and how often."""
        missed: dict[Drill, dict[str, int]] = {}
        for drill in Drill:
            themes: dict[str, int] = {}
            for attempt in self.misses:
                if attempt.ref.drill is drill:
                    theme = attempt.theme or drill.label
                    themes[theme] = themes.get(theme, 0) + 1
            if themes:
                missed[drill] = themes
        return missed


@dataclass(frozen=True, slots=True)
class Tally:
    """Right answers out of questions asked."""

    right: int = 0
    asked: int = 0

    @property
    def accuracy(self) -> float | None:
        return self.right / self.asked if self.asked else None


@dataclass(frozen=True, slots=True)
class Progress:
    """Every answer of the session, oldest first, and what follows from them."""

    attempts: tuple[Attempt, ...] = ()

    def record(self, attempt: Attempt) -> Progress:
        return Progress((*self.attempts, attempt))

    @property
    def asked(self) -> int:
        return len(self.attempts)

    @property
    def score(self) -> int:
        return sum(a.correct for a in self.attempts)

    @property
    def streak(self) -> int:
        """Right answers in a row, counting back from the latest."""
        count = 0
        for attempt in reversed(self.attempts):
            if not attempt.correct:
                break
            count += 1
        return count

    @property
    def best_streak(self) -> int:
        best = run = 0
        for attempt in self.attempts:
            run = run + 1 if attempt.correct else 0
            best = max(best, run)
        return best

    def by_drill(self) -> dict[Drill, Tally]:
        """Accuracy per drill, for the drills answered so far (in drill order)."""
        tallies: dict[Drill, Tally] = {}
        for drill in Drill:
            mine = [a for a in self.attempts if a.ref.drill is drill]
            if mine:
                tallies[drill] = Tally(sum(a.correct for a in mine), len(mine))
        return tallies

    @property
    def in_set(self) -> int:
        """How many answers of the current set are in (1 to ``SET_SIZE``; 0 before any)."""
        if not self.attempts:
            return 0
        return (self.asked - 1) % SET_SIZE + 1

    @property
    def set_finished(self) -> bool:
        """True right after the last answer of a set."""
        return self.asked > 0 and self.asked % SET_SIZE == 0

    def last_set(self) -> tuple[Attempt, ...]:
        """The answers of the latest set, finished or not."""
        return self.attempts[self.asked - self.in_set:]

    def summary(self) -> SetSummary:
        """The latest set, finished or not, to look back on."""
        return SetSummary(self.last_set())

    def misses(self, attempts: tuple[Attempt, ...] | None = None) -> tuple[Attempt, ...]:
        """The wrong answers among ``attempts`` (the latest set unless told)."""
        chosen = self.last_set() if attempts is None else attempts
        return tuple(a for a in chosen if not a.correct)
