"""A learner's training record in the store, behind a private training link, and the
ratings every question shares.

The record (kind ``"learner"``, role ``"learner"``) is plain JSON::

    {"training": 1,
     "attempts": [{"q": "partner/tricky/42", "drill": "partner", "theme": "Suits count",
                   "ok": false, "answer": "added ...", "solution": "add ...",
                   "s": 12.5, "at": 1767225600.0, "src": "quiz",
                   "r": 1432.1, "qr": 1710.0}, ...],
     "ratings": {"drill/partner": [rating, rd, vol, games], "theme/Suits count": [...]},
     "queue": {"partner/tricky/42": {"card": {...FSRS card...}, "open": true, "misses": 1,
                                     "reviews": 1, "theme": ..., "solution": ..., "headline": ...}},
     "lessons": {"<id>": {...a question made from a played hand...}}}

``q`` is the question's reference as text (:func:`ref_key`) or ``lesson/<id>``;
``r`` the learner's drill rating after the answer, ``qr`` the question's rating
before it. The secret is made by :func:`ui.store.new_secret` (192 bits) and kept
only as its hash; a link that finds no learner record (wrong, edited, deleted,
or the key of something that is not a learner) gives ``None``, never anyone else's.

Every question's shared rating lives in :mod:`ui.training.question_table`; every
learner's answer moves it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.quiz.common import MAX_SEED, Drill, Level, QuestionRef
from engine.quiz.difficulty import BASE, estimate
from ui.store import NotFound, Record, RecordStore, hash_secret, new_secret
from ui.training.question_table import CAPACITY, QuestionTable
from ui.training.ratings import QUESTION_RD, Rating, play
from ui.training.review import reviewed

SCHEMA = 1
"""The layout of ``data`` this code writes (the store's envelope has its own format)."""
LEARNER = "learner"
MAX_TEXT = 300
"""The most characters of an answer or explanation kept in an attempt."""


def ref_key(ref: QuestionRef) -> str:
    """A question reference as text for the record.

    >>> ref_key(QuestionRef(Drill.STUD, Level.TRICKY, 7))
    'stud/tricky/7'
    >>> parse_key('stud/tricky/7') == QuestionRef(Drill.STUD, Level.TRICKY, 7)
    True
    """
    return f"{ref.drill.value}/{ref.level.value}/{ref.seed}"


def parse_key(key: str) -> QuestionRef | None:
    """The reference a key names, or None (a lesson's key, or text that is no reference)."""
    parts = key.split("/")
    if len(parts) != 3 or not parts[2].isdecimal() or len(parts[2]) > 10:
        return None
    try:
        drill, level, seed = Drill(parts[0]), Level(parts[1]), int(parts[2])
    except ValueError:
        return None
    if level not in drill.levels or seed > MAX_SEED:
        return None
    return QuestionRef(drill, level, seed)


def lesson_key(lesson_id: str) -> str:
    return f"lesson/{lesson_id}"


@dataclass(frozen=True, slots=True)
class Answer:
    """One answered question, as the page saw it."""

    key: str
    drill: Drill
    theme: str
    correct: bool
    seconds: float
    answer: str = ""
    solution: str = ""
    headline: str = ""
    source: str = "quiz"


def new_data() -> dict[str, Any]:
    return {"training": SCHEMA, "attempts": [], "ratings": {}, "queue": {}, "lessons": {}}


def _short(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


def with_answer(data: dict[str, Any], answer: Answer, *, question: Rating,
                when: float) -> dict[str, Any]:
    """The learner's data after ``answer``: the attempt kept, the drill and theme ratings
    moved by the game against ``question`` (its rating before the answer), the review
    queue updated (a miss opens or keeps the question's card, a right answer to a
    queued question clears it)."""
    ratings: dict[str, Any] = data.setdefault("ratings", {})
    score = 1.0 if answer.correct else 0.0
    drill_key, theme_key = f"drill/{answer.drill.value}", f"theme/{answer.theme}"
    drill_rating, _ = play(Rating.from_json(ratings.get(drill_key)), question, score)
    theme_rating, _ = play(Rating.from_json(ratings.get(theme_key)), question, score)
    ratings[drill_key] = drill_rating.to_json()
    ratings[theme_key] = theme_rating.to_json()
    data.setdefault("attempts", []).append({
        "q": answer.key, "drill": answer.drill.value, "theme": answer.theme,
        "ok": answer.correct, "answer": _short(answer.answer),
        "solution": _short(answer.solution), "s": round(answer.seconds, 2),
        "at": when, "src": answer.source, "r": drill_rating.rating, "qr": question.rating})
    queue: dict[str, Any] = data.setdefault("queue", {})
    entry = queue.get(answer.key)
    if entry is not None or not answer.correct:
        card_id = int(hashlib.sha256(answer.key.encode()).hexdigest()[:12], 16)
        new = reviewed(entry, correct=answer.correct,
                       when=datetime.fromtimestamp(when, dt.UTC), card_id=card_id)
        new.update({"theme": answer.theme, "drill": answer.drill.value,
                    "solution": _short(answer.solution or (entry or {}).get("solution", "")),
                    "headline": _short(answer.headline or (entry or {}).get("headline", ""))})
        queue[answer.key] = new
    return data


@dataclass
class Training:
    """Training records and question ratings in one store.

    ``clock`` gives seconds since the epoch (a test moves it by hand).
    """

    store: RecordStore
    clock: Callable[[], float] = time.time
    capacity: int = CAPACITY
    questions: QuestionTable = field(init=False)

    def __post_init__(self) -> None:
        self.questions = QuestionTable(self.store, self.capacity, self.clock)

    # --- a learner's record ----------------------------------------------------------

    def start(self) -> tuple[str, str]:
        """A new, empty record: (the secret for the training link, the record id)."""
        secret = new_secret()
        record_id = self.store.create(LEARNER, new_data(), keys={hash_secret(secret): LEARNER})
        return secret, record_id

    def open(self, secret: object) -> str | None:
        """The learner record a training link's secret opens, or None."""
        found = self.store.find(secret)
        if found is None or found[1] != LEARNER:
            return None
        try:
            record = self.store.load(found[0])
        except NotFound:
            return None
        return found[0] if record.kind == LEARNER and "training" in record.data else None

    def data(self, record_id: str) -> dict[str, Any]:
        return self.store.load(record_id).data

    def answer(self, record_id: str, answer: Answer, *,
               question: Rating | None = None) -> Record:
        """Keep one answer: the learner's record first, then the question's shared rating.

        ``question`` is the question's rating as the page found it when it chose the
        question (read from the table when not given). A lesson from a played hand is
        one learner's own, so it has no shared rating: it is played at a tricky
        question's level. Both writes retry on a concurrent change (``update_latest``),
        so no answer is lost when many learners answer at once. Returns the learner's
        new record, so the page need not read it again.
        """
        when = self.clock()
        lesson = parse_key(answer.key) is None
        before = question or (Rating(_estimate(answer.key), QUESTION_RD) if lesson
                              else self.question_rating(answer.key))
        played: list[Rating] = []

        def change(data: dict[str, Any]) -> dict[str, Any]:
            played[:] = [Rating.from_json(data.get("ratings", {}).get(
                f"drill/{answer.drill.value}"))]
            return with_answer(data, answer, question=before, when=when)

        updated = self.store.update_latest(record_id, change)
        if not lesson:
            self.questions.rate(answer.key, played[0], 0.0 if answer.correct else 1.0,
                                start=before)
        return updated

    def add_lessons(self, record_id: str, lessons: Mapping[str, Mapping[str, Any]]) -> None:
        """Keep questions made from a played hand, and queue each as a mistake to review."""
        now = datetime.fromtimestamp(self.clock(), dt.UTC)

        def change(data: dict[str, Any]) -> dict[str, Any]:
            kept = data.setdefault("lessons", {})
            queue = data.setdefault("queue", {})
            for lesson_id, lesson in lessons.items():
                if lesson_id in kept:
                    continue
                kept[lesson_id] = dict(lesson)
                key = lesson_key(lesson_id)
                card_id = int(hashlib.sha256(key.encode()).hexdigest()[:12], 16)
                entry = reviewed(None, correct=False, when=now, card_id=card_id)
                entry.update({"theme": str(lesson.get("theme", "")),
                              "drill": str(lesson.get("drill", "")),
                              "solution": _short(str(lesson.get("solution", ""))),
                              "headline": _short(str(lesson.get("headline", "")))})
                queue[key] = entry
            return data

        self.store.update_latest(record_id, change)

    def export(self, record_id: str) -> str:
        """The whole record as JSON text, for the learner to download."""
        record = self.store.load(record_id)
        return json.dumps({"kind": "dealers-choice training record", "created": record.created,
                           "updated": record.updated, **record.data},
                          ensure_ascii=False, indent=1)

    def delete(self, record_id: str) -> bool:
        return self.store.delete(record_id)

    # --- the questions' shared ratings -----------------------------------------------

    def question_ratings(self, keys: Iterable[str]) -> dict[str, Rating]:
        """The shared ratings of those of ``keys`` the table holds."""
        return self.questions.ratings(keys)

    def question_rating(self, key: str) -> Rating:
        """The question's shared rating, or a new one at the engine's estimate."""
        known = self.question_ratings([key]).get(key)
        return known if known is not None else Rating(_estimate(key), QUESTION_RD)


def _estimate(key: str) -> float:
    """The engine's estimate for a reference; a lesson starts at a tricky question's base."""
    ref = parse_key(key)
    return estimate(ref) if ref is not None else BASE[Level.TRICKY]
