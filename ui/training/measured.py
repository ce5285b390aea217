"""A decision from a played hand, measured once: what the seat saw, its choices, what each
was worth, and which one was made.

It is kept as plain JSON in the learner's record (cards as text), so the quiz asks it
again, and judges the answer, without the hand and without working the odds out again:
the page's rerun stays as quick as any other question's.

>>> from engine.cards import parse_cards
>>> yours = Shown("Your cards", tuple(parse_cards("Ah 2c")))
>>> lesson = Lesson("abc", "psycho-declare", "psycho", "Declaring the way that can win",
...                 "Which way do you declare?", (yours,),
...                 ("Declare high", "Declare low"), (0.4, 0.02), chosen=1,
...                 measure="Share of the pot", headline="You declared low.", note="")
>>> Lesson.from_json(lesson.to_json()) == lesson
True
>>> judge_lesson(lesson, "Declare high").correct, judge_lesson(lesson, "Declare low").correct
(True, False)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.cards import Card, CardParseError, format_cards, parse_cards
from engine.quiz.common import Drill, Verdict

TOLERANCE = 0.02
"""A choice within two points of the best counts as right when the lesson is asked again."""
KINDS = MappingProxyType({"partner-pick": Drill.PARTNER, "sophie-lock": Drill.SOPHIE,
         "sophie-sacrifice": Drill.SOPHIE, "psycho-expose": Drill.PSYCHO,
         "psycho-declare": Drill.PSYCHO})
"""Each kind of lesson, and the drill whose rating its answers move."""
MAX_OPTIONS = 15


def lesson_id(*parts: object) -> str:
    """A short id for one decision of one hand (the same decision always gets the same)."""
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:16]


def words(points: float) -> str:
    """A difference of shares in percentage points."""
    return f"about {max(1, round(points * 100))} points"


@dataclass(frozen=True, slots=True)
class Shown:
    """A row of cards the seat could see when it decided (``down``: its own face-down ones)."""

    label: str
    cards: tuple[Card, ...]
    down: tuple[Card, ...] = ()
    dimmed: bool = False

    def to_json(self) -> list[Any]:
        return [self.label, format_cards(self.cards), format_cards(self.down), self.dimmed]


@dataclass(frozen=True, slots=True)
class Lesson:
    """One measured decision. ``values`` are each option's worth in ``measure`` (a share:
    0 to 1); higher is better unless ``lower_is_better``."""

    id: str
    kind: str
    game: str
    theme: str
    prompt: str
    shown: tuple[Shown, ...]
    options: tuple[str, ...]
    values: tuple[float, ...]
    chosen: int
    measure: str
    headline: str
    note: str
    lower_is_better: bool = False
    tolerance: float = TOLERANCE

    @property
    def drill(self) -> Drill:
        return KINDS[self.kind]

    @property
    def best(self) -> int:
        pick = min if self.lower_is_better else max
        return pick(range(len(self.values)), key=lambda i: self.values[i])

    def cost(self, index: int) -> float:
        """How much worse than the best choice ``index`` is (0 for the best)."""
        return abs(self.values[index] - self.values[self.best])

    @property
    def solution(self) -> str:
        return self.options[self.best]

    def to_json(self) -> dict[str, Any]:
        return {"lesson": 2, "id": self.id, "kind": self.kind, "game": self.game,
                "drill": self.drill.value, "theme": self.theme, "prompt": self.prompt,
                "shown": [s.to_json() for s in self.shown], "options": list(self.options),
                "values": [round(v, 4) for v in self.values], "chosen": self.chosen,
                "measure": self.measure, "headline": self.headline, "note": self.note,
                "lower": self.lower_is_better, "tolerance": self.tolerance,
                "solution": self.solution}

    @classmethod
    def from_json(cls, data: object) -> Lesson | None:
        """The lesson kept in a record, or None for anything this code did not write."""
        if not isinstance(data, Mapping) or data.get("lesson") != 2:
            return None
        try:
            shown = tuple(Shown(str(label), tuple(parse_cards(str(cards))),
                                tuple(parse_cards(str(down))), bool(dimmed))
                          for label, cards, down, dimmed in data["shown"])
            options = tuple(str(o) for o in data["options"])
            values = tuple(float(v) for v in data["values"])
            lesson = cls(str(data["id"]), str(data["kind"]), str(data["game"]),
                         str(data["theme"]), str(data["prompt"]), shown, options, values,
                         int(data["chosen"]), str(data["measure"]), str(data["headline"]),
                         str(data["note"]), bool(data["lower"]), float(data["tolerance"]))
        except (KeyError, TypeError, ValueError, CardParseError):
            return None
        sound = (lesson.kind in KINDS and 2 <= len(options) == len(values) <= MAX_OPTIONS
                 and 0 <= lesson.chosen < len(options) and len(set(options)) == len(options)
                 and all(math.isfinite(v) for v in (*values, lesson.tolerance)))
        return lesson if sound else None


def judge_lesson(lesson: Lesson, chosen: str) -> Verdict:
    """Right when the chosen option is within the lesson's tolerance of the best."""
    if chosen not in lesson.options:
        raise ValueError("choose one of the options offered")
    index, best = lesson.options.index(chosen), lesson.best
    correct = lesson.cost(index) <= lesson.tolerance
    mine, top = lesson.values[index], lesson.values[best]
    measure = lesson.measure.lower()
    if correct:
        headline = (f"Right: {chosen}: {measure} {mine:.0%}"
                    + (", the best choice." if index == best else
                       f", within {lesson.tolerance:.0%} of the best ({top:.0%})."))
    else:
        headline = (f"Not the best: {chosen}: {measure} {mine:.0%}; "
                    f"{lesson.options[best]}: {top:.0%}.")
    order = sorted(range(len(lesson.values)), key=lambda i: lesson.values[i],
                   reverse=not lesson.lower_is_better)
    table = tuple((lesson.options[i], f"{lesson.values[i]:.0%}",
                   ", ".join(n for n in ("best" if i == best else "",
                                         "your answer" if i == index else "",
                                         "your choice in the hand" if i == lesson.chosen
                                         else "") if n))
                  for i in order)
    return Verdict(correct=correct, headline=headline,
                   details=tuple(d for d in (f"In the hand: {lesson.headline}", lesson.note) if d),
                   columns=("Choice", lesson.measure, "Note"), table=table,
                   answer=f"chose {chosen}", solution=lesson.solution, theme=lesson.theme)
