"""A learner's training record in the store, behind a private training link, and the
ratings every question shares.

The record (kind ``"learner"``, role ``"learner"``) is plain JSON that stays small::

    {"training": 2, "logged": 812, "right": 640,
     "tally": {"partner\tSuits count": [right, asked], ...},
     "ratings": {"drill/partner": [rating, rd, vol, games], "theme/Suits count": [...]},
     "queue": {"partner/tricky/42": {"card": {...FSRS card...}, "open": true, "misses": 1,
                                     "reviews": 1, "theme": ..., "drill": ..., "log": 811}},
     "lessons": {"<id>": {...a question made from a played hand...}}}

and every attempt is an entry of the record's append-only log
(:mod:`ui.training.attempts`, which also says how each part is bounded); a queue
entry's ``log`` is the number of the attempt that last missed it, whose entry holds
the answer's explanation. ``q`` is the question's reference as text (:func:`ref_key`)
or ``lesson/<id>``. The secret is made by :func:`ui.store.new_secret` (192 bits) and
kept only as its hash; a link that finds no learner record (wrong, edited, deleted, or
the key of something that is not a learner) gives ``None``, never anyone else's.

Every question's shared rating lives in :mod:`ui.training.question_table`; every
learner's answer moves it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any

from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.difficulty import BASE, estimate
from engine.quiz.partner import TUTORIAL_SIZE
from ui.store import (
    FormatError,
    Record,
    RecordStore,
    StaleIndex,
    StaleVersion,
    StoreError,
    hash_secret,
    new_secret,
)
from ui.training.attempts import (
    attempt_entry,
    folded,
    is_attempt,
    lifted,
    new_data,
    problem,
    with_moves,
)
from ui.training.question_table import CAPACITY, QuestionTable
from ui.training.ratings import QUESTION_RD, Rating
from ui.training.review import reviewed

LEARNER = "learner"
MAX_TEXT = 300
"""The most characters of an answer or explanation kept in an attempt."""
MAX_LESSON_ID = 64
TRIES = 50
"""How many times an answer is tried again when another device's answer wins the race."""


class Unreadable(StoreError):
    """A training record this code cannot read (damaged, or from a newer site): the page
    says so, offers the stored text for download and a fresh record."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"this training record cannot be read: {reason}")
        self.reason = reason


class UnknownQuestion(ValueError):
    """An answer to a question the site does not ask (or a lesson the record does not
    hold): refused, and nothing is kept or queued."""


def ref_key(ref: QuestionRef) -> str:
    """A question reference as text for the record (``QuestionRef.key``).

    >>> ref_key(QuestionRef(Drill.STUD, Level.TRICKY, 7))
    'stud/tricky/7'
    >>> parse_key('stud/tricky/7') == QuestionRef(Drill.STUD, Level.TRICKY, 7)
    True
    >>> parse_key('stud/tricky/4294967296') is None, parse_key('chess/random/1') is None
    (True, True)
    >>> parse_key('legal/random/3/razz') == QuestionRef(Drill.LEGAL, Level.RANDOM, 3, "razz")
    True
    """
    return ref.key


def parse_key(key: str) -> QuestionRef | None:
    """The reference a key names, or None (a lesson's key, or text that names no question
    the site asks: an unknown drill, level or game, a seed out of range)."""
    return QuestionRef.from_key(key, tutorial_size=TUTORIAL_SIZE)


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


def refusal(answer: Answer) -> str | None:
    """Why ``answer`` cannot be kept, whatever the record holds, or None."""
    if not isinstance(answer.key, str) or not isinstance(answer.drill, Drill):
        return "This answer names no question."
    if answer.key.startswith("lesson/"):
        lesson_id = answer.key.removeprefix("lesson/")
        if not lesson_id or len(lesson_id) > MAX_LESSON_ID or not lesson_id.isprintable():
            return "This answer names no lesson."
    else:
        ref = parse_key(answer.key)
        if ref is None:
            return (f"There is no question {answer.key[:40]!r}: the answer was not kept.")
        if ref.drill is not answer.drill:
            return (f"Question {answer.key!r} belongs to {ref.drill.label}, not "
                    f"{answer.drill.label}: the answer was not kept.")
    if not isinstance(answer.correct, bool):
        return "An answer is right or wrong."
    seconds = answer.seconds
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) \
            or not math.isfinite(seconds) or seconds < 0:
        return "The time an answer took is a number of seconds."
    return None


def _short(text: object) -> str:
    text = str(text)
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT - 1] + "…"


@dataclass(frozen=True, slots=True)
class Log:
    """The attempts read from a record's log, and how many of its entries are damaged."""

    attempts: list[dict[str, Any]]
    damaged: int


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
        """The learner record a training link's secret opens, or None. A record that cannot
        be read is still found: :meth:`read` then says why."""
        found = self.store.find(secret)
        return found[0] if found is not None and found[1] == LEARNER else None

    def read(self, record_id: str) -> Record:
        """The record as it is now; :class:`Unreadable` says plainly why one cannot be read,
        :class:`ui.store.NotFound` that it is gone."""
        try:
            record = self.store.load(record_id)
        except FormatError:
            raise Unreadable("what is stored is not a readable record") from None
        if record.kind != LEARNER:
            raise Unreadable("it is not a training record")
        found = problem(record.data)
        if found is not None:
            raise Unreadable(found)
        return record

    def data(self, record_id: str) -> dict[str, Any]:
        return self.read(record_id).data

    def stored_text(self, record_id: str) -> str:
        """The record exactly as stored, for the learner to keep when it cannot be read."""
        return self.store.stored_text(record_id)

    def attempts(self, record_id: str, start: int = 0,
                 stop: int | None = None) -> list[dict[str, Any]]:
        """Attempts ``start`` up to ``stop`` (all by default), oldest first, from the log
        (or from inside a record written before the log); an entry that cannot be read
        is left out (:meth:`log` counts them)."""
        return self.log(record_id, start, stop).attempts

    def log(self, record_id: str, start: int = 0, stop: int | None = None) -> Log:
        """The readable attempts among entries ``start`` up to ``stop``, and how many
        entries are damaged (not JSON, or not an attempt)."""
        data = self.data(record_id)
        if data["training"] == 1:
            return Log(list(data.get("attempts", []))[start:stop], 0)
        entries = self._entries(record_id, start, stop)
        kept = [entry for entry in entries if entry is not None and is_attempt(entry)]
        return Log(kept, len(entries) - len(kept))

    def _entries(self, record_id: str, start: int,
                 stop: int | None) -> list[dict[str, Any] | None]:
        """Log entries ``start`` up to ``stop``, None for each one that cannot be read: a
        damaged entry is found by halving the range read, so the rest are still read."""
        try:
            return list(self.store.entries(record_id, start, stop))
        except FormatError:
            pass
        end = self.store.entry_count(record_id) if stop is None else stop
        if end - start <= 1:
            return [None] * max(0, end - start)
        middle = (start + end) // 2
        return [*self._entries(record_id, start, middle), *self._entries(record_id, middle, end)]

    def answer(self, record_id: str, answer: Answer, *,
               question: Rating | None = None) -> Record:
        """Keep one answer: an entry of the record's log, folded into its ratings and
        review queue, then the question's shared rating.

        The entry is appended at the number the record has folded up to, then the record
        is changed on the version it was read at, so what an answer writes is the same at
        the 10,000th as at the first. Another device's answer in between makes this one
        try again on the news; an entry left unfolded (a process stopped between the two
        writes) is folded by the next change. An answer to a question the site does not
        ask is refused with :class:`UnknownQuestion` before anything is written.
        ``question`` is the question's rating as the page found it when it chose the
        question (read from the table when not given). A lesson from a played hand is
        one learner's own, so it has no shared rating: it is played at a tricky
        question's level. Returns the learner's new record.
        """
        refused = refusal(answer)
        if refused is not None:
            raise UnknownQuestion(refused)
        when = self.clock()
        lesson = answer.key.startswith("lesson/")
        before = question or (Rating(BASE[Level.TRICKY], QUESTION_RD) if lesson
                              else self.question_rating(answer.key))
        for _ in range(TRIES):
            record = self._caught_up(record_id)
            data = record.data
            if lesson and answer.key.removeprefix("lesson/") not in data["lessons"]:
                raise UnknownQuestion("This record holds no such lesson: the answer was "
                                      "not kept.")
            played = Rating.from_json(data["ratings"].get(f"drill/{answer.drill.value}"))
            entry = attempt_entry(
                data, key=answer.key, drill=answer.drill, theme=_short(answer.theme),
                correct=answer.correct, seconds=float(answer.seconds),
                answer=_short(answer.answer), solution=_short(answer.solution),
                headline=_short(answer.headline), source=_short(answer.source)[:20],
                question=before, when=when)
            entry = with_moves(data, entry, parked_entry=partial(self._entry, record_id))
            try:
                self.store.append(record_id, data["logged"], entry)
            except StaleIndex:
                continue
            try:
                updated = self.store.replace(record, folded(data, [entry]))
            except StaleVersion:
                updated = self._caught_up(record_id)
            break
        else:
            raise StoreError("this training record is changing too fast to keep the answer")
        if not lesson:
            self.questions.rate(answer.key, played, 0.0 if answer.correct else 1.0,
                                start=before)
        return updated

    def _caught_up(self, record_id: str) -> Record:
        """The record with every log entry folded in, a record written before the log
        lifted first (its attempts moved to the log): each step one write on the version
        read, tried again if another device moved the record meanwhile."""
        for _ in range(TRIES):
            record = self.read(record_id)
            data = record.data
            if data["training"] == 1:
                self._lift(record)
                continue
            count = self.store.entry_count(record_id)
            if count == data["logged"]:
                return record
            # Entries lost from the store (count below): the log is the truth.
            change = (partial(_logged_as, count) if count < data["logged"] else
                      partial(folded, entries=[entry or {} for entry in self._entries(
                          record_id, data["logged"], count)]))
            try:
                self.store.update(record_id, record.version, change)
            except StaleVersion:
                continue
        raise StoreError("this training record is changing too fast to keep the answer")

    def _entry(self, record_id: str, number: int) -> dict[str, Any] | None:
        """Log entry ``number``, or None if it is not there or cannot be read."""
        found = self._entries(record_id, number, number + 1)
        return found[0] if found else None

    def _lift(self, record: Record) -> None:
        """Move a layout-1 record's attempts to its log (those not already there) and write
        it as layout 2; a concurrent lift makes this one a no-op."""
        new, attempts = lifted(record.data)
        for number in range(self.store.entry_count(record.id), len(attempts)):
            try:
                self.store.append(record.id, number, attempts[number])
            except StaleIndex:
                return
        try:
            self.store.update(record.id, record.version, lambda _: new)
        except StaleVersion:
            return

    def add_lessons(self, record_id: str, lessons: Mapping[str, Mapping[str, Any]]) -> None:
        """Keep questions made from a played hand, and queue each as a mistake to review."""
        now = datetime.fromtimestamp(self.clock(), dt.UTC)

        def change(data: dict[str, Any]) -> dict[str, Any]:
            kept = data["lessons"]
            queue = data["queue"]
            for lesson_id, lesson in lessons.items():
                if lesson_id in kept:
                    continue
                kept[lesson_id] = dict(lesson)
                key = lesson_key(lesson_id)
                card_id = int(hashlib.sha256(key.encode()).hexdigest()[:12], 16)
                entry = reviewed(None, correct=False, when=now, card_id=card_id)
                entry.update({"theme": str(lesson.get("theme", "")),
                              "drill": str(lesson.get("drill", "")),
                              "solution": _short(lesson.get("solution", "")),
                              "headline": _short(lesson.get("headline", ""))})
                queue[key] = entry
            return folded(data, [])

        for _ in range(TRIES):
            record = self._caught_up(record_id)
            try:
                self.store.update(record_id, record.version, change)
                return
            except StaleVersion:
                continue
        raise StoreError("this training record is changing too fast to keep the lessons")

    def export(self, record_id: str) -> str:
        """The whole record as JSON text, its attempts included, for the learner to download;
        damaged log entries are left out and counted (``damaged_entries``)."""
        record = self.read(record_id)
        log = self.log(record_id)
        return json.dumps({"kind": "dealers-choice training record", "created": record.created,
                           "updated": record.updated, **record.data,
                           "attempts": log.attempts, "damaged_entries": log.damaged},
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


def _logged_as(count: int, data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "logged": count}


def _estimate(key: str) -> float:
    """The engine's estimate for a reference; a lesson starts at a tricky question's base."""
    ref = parse_key(key)
    return estimate(ref) if ref is not None else BASE[Level.TRICKY]
