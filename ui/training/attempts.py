"""A learner's attempts as entries of the record's append-only log, and what they fold into.

The record keeps what changes (ratings, tallies, the review queue, lessons), each part
bounded, and the number of log entries already folded into it (``logged``); each answer
is one entry of the store's log (:meth:`ui.store.RecordStore.append`), so an answer
costs the same at the 10,000th attempt as at the first and nothing a learner does is
ever refused for size. An entry::

    {"q": "partner/tricky/42", "drill": "partner", "theme": "Suits count", "ok": false,
     "answer": "added ...", "solution": "add ...", "headline": "...", "s": 12.5,
     "at": 1767225600.0, "src": "quiz", "r": 1432.1, "qr": 1710.0, "qd": 80.0}

``r`` is the learner's drill rating after the answer, ``qr`` and ``qd`` the question's
rating and deviation before it.

Every open mistake is kept, yet the record holds at most :data:`MAX_OPEN` of them: an
answer that would leave more carries the open mistakes changed longest ago in its own
entry (``"parked"``: their queue cards, and a lesson's question with it; ``"below"``:
the number of the entry that held the mistakes parked before; ``"left"``: how many are
parked in all), and the record keeps only where the last parked ones are
(``parked_at``) and how many there are (``parked``). An answer that leaves fewer than
:data:`MAX_OPEN` open brings the last parked ones back the same way (``"returned"``),
so they wait in the queue again, last parked first: one entry read, one appended,
whatever the number parked. A question answered right while parked is remembered among
the latest such answers (``rights``) and does not come back.

Records written before the log (layout 1, attempts inside the record) still load, and
are lifted to this layout on their next change.

Everything here is plain functions over the record's JSON: :func:`problem` says what is
wrong with a record that cannot be read, :func:`folded` adds entries to a record, and
:func:`lifted` turns a layout-1 record into this one.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import math
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any, TypeGuard

from engine.quiz.common import Drill, Level
from engine.quiz.difficulty import BASE
from ui.training.ratings import QUESTION_RD, Rating, play
from ui.training.review import reviewed

SCHEMA = 2
"""The layout of ``data`` this code writes: 1 kept the attempts inside the record."""
MAX_OPEN = 60
"""Open mistakes the record itself holds: past this, those changed longest ago are parked
in the log until the queue has room again (none is ever dropped)."""
MAX_RIGHTS = 200
"""Right answers to questions not in the record's queue remembered (while mistakes are
parked), so a parked mistake answered right meanwhile does not come back."""
MAX_CLEARED = 40
"""Cleared cards kept, the latest reviewed first, so a question missed again soon keeps
its schedule's history."""
MAX_THEMES = 60
"""Themes with a rating and a tally: past this, the least answered go."""
MAX_LESSONS = 30
"""Questions made from played hands: past this, the oldest not waiting in the queue go (one
waiting stays, and is parked with its mistake)."""
TALLY_KEY = "{drill}\t{theme}"


def new_data() -> dict[str, Any]:
    return {"training": SCHEMA, "logged": 0, "right": 0, "tally": {}, "ratings": {},
            "queue": {}, "lessons": {}, "parked": 0, "parked_at": None, "rights": {}}


# --- what a record must look like ---------------------------------------------------


def problem(data: Mapping[str, Any]) -> str | None:
    """Why this record's data cannot be read as a training record, or None if it can.

    Checks every part a page or an answer reads, so a damaged record is said to be
    damaged instead of failing somewhere later.
    """
    layout = data.get("training")
    if not _whole(layout) or layout < 1:
        return "it is not laid out as a training record"
    if layout > SCHEMA:
        return "it was written by a newer version of the site"
    for part in ("ratings", "queue", "lessons", *(("tally",) if layout >= 2 else ())):
        found = data.get(part, {})
        if not isinstance(found, dict) or not all(isinstance(key, str) for key in found):
            return f"its {part} are not a table"
    if not all(isinstance(value, dict) for value in data.get("lessons", {}).values()):
        return "its lessons are not questions"
    for entry in data.get("queue", {}).values():
        if not _queue_entry(entry):
            return "its review queue is damaged"
    if layout == 1:
        attempts = data.get("attempts", [])
        if not isinstance(attempts, list):
            return "its attempts are not a list"
        if not all(is_attempt(attempt) for attempt in attempts):
            return "one of its attempts is damaged"
        return None
    if not _whole(data.get("logged")) or data["logged"] < 0 or not _whole(data.get("right")):
        return "its count of answers is damaged"
    if not all(isinstance(v, list) and len(v) == 2 and all(_whole(n) for n in v)
               for v in data.get("tally", {}).values()):
        return "its tally of themes is damaged"
    parked, parked_at, rights = data.get("parked", 0), data.get("parked_at"), \
        data.get("rights", {})
    if not _whole(parked) or parked < 0 or not (parked_at is None or _whole(parked_at)) \
            or not isinstance(rights, dict) \
            or not all(isinstance(k, str) and _whole(v) for k, v in rights.items()):
        return "its parked mistakes are damaged"
    return None


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool) \
        and math.isfinite(value)


def _queue_entry(entry: object) -> bool:
    """Whether a queue entry's parts have the types the page reads (plain loops: this runs
    on every entry each time a record is read)."""
    if type(entry) is not dict:
        return False
    for name in ("theme", "drill", "solution", "headline"):
        value = entry.get(name)
        if value is not None and type(value) is not str:
            return False
    for name in ("misses", "reviews", "log"):
        value = entry.get(name)
        if value is not None and type(value) is not int:
            return False
    return type(entry.get("open", False)) is bool


def is_attempt(entry: object) -> bool:
    """Whether ``entry`` is an attempt this code can fold and draw."""
    return (isinstance(entry, dict)
            and all(isinstance(entry.get(name), str) for name in ("q", "drill", "theme"))
            and isinstance(entry.get("ok"), bool)
            and all(_number(entry.get(name)) for name in ("at", "r")))


# --- folding attempts in ----------------------------------------------------------------


def attempt_entry(data: Mapping[str, Any], *, key: str, drill: Drill, theme: str,
                  correct: bool, seconds: float, answer: str, solution: str, headline: str,
                  source: str, question: Rating, when: float) -> dict[str, Any]:
    """The log entry of one answer to the record ``data`` as it now is."""
    before = Rating.from_json(data.get("ratings", {}).get(f"drill/{drill.value}"))
    after, _ = play(before, question, 1.0 if correct else 0.0)
    return {"q": key, "drill": drill.value, "theme": theme, "ok": correct, "answer": answer,
            "solution": solution, "headline": headline, "s": round(seconds, 2), "at": when,
            "src": source, "r": after.rating, "qr": question.rating, "qd": question.rd}


def folded(data: dict[str, Any], entries: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """``data`` (layout 2) with the next log entries folded in: ratings moved, tallies
    counted, the review queue updated (a miss opens or keeps the question's card, a
    right answer to a queued question clears it), the mistakes an entry parks or brings
    back moved, each part kept within its bound. An entry this code cannot read is
    counted as logged and changes nothing else."""
    for entry in entries:
        number = data["logged"]
        data["logged"] = number + 1
        if is_attempt(entry):
            _fold(data, entry, number)
            _move(data, entry, number)
    return bounded(data)


def with_moves(data: Mapping[str, Any], entry: dict[str, Any], *,
               parked_entry: Callable[[int], Mapping[str, Any] | None]) -> dict[str, Any]:
    """``entry`` (a new answer to the record ``data`` as it now is) with the mistakes it
    parks, or brings back: past :data:`MAX_OPEN` open, those changed longest ago leave the
    record in this entry; below it, the last parked come back (``parked_entry`` reads the
    log entry of that number, None if it cannot be read: the mistakes below it are then
    out of reach and no longer counted)."""
    key = entry["q"]   # folded, it leaves the queue's order and comes back last if missed
    open_keys = [other for other, card in data["queue"].items()
                 if card.get("open") and other != key] + ([] if entry["ok"] else [key])
    parked, parked_at = int(data.get("parked", 0)), data.get("parked_at")
    if len(open_keys) > MAX_OPEN:
        leaving = open_keys[:len(open_keys) - MAX_OPEN]   # never the answer's own question
        leaving_cards = [_parked_card(data, other) for other in leaving]
        return {**entry, "parked": leaving_cards, "below": parked_at,
                "left": parked + len(leaving_cards)}
    if len(open_keys) < MAX_OPEN and parked_at is not None:
        found = parked_entry(parked_at)
        cards = _cards(found.get("parked")) if found is not None else None
        if found is None or cards is None:
            return {**entry, "returned": [], "below": None, "left": 0}
        below = found.get("below")
        return {**entry, "returned": cards, "below": below if _whole(below) else None,
                "left": max(0, parked - len(cards)) if _whole(below) else 0}
    return entry


def _parked_card(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    card = {"q": key, "card": data["queue"][key]}
    lesson = data["lessons"].get(key.removeprefix("lesson/")) \
        if key.startswith("lesson/") else None
    return {**card, "lesson": lesson} if lesson is not None else card


def _cards(value: object) -> list[dict[str, Any]] | None:
    """Parked mistakes as an entry holds them, or None if they cannot be read."""
    if not isinstance(value, list) or not all(
            isinstance(card, dict) and isinstance(card.get("q"), str)
            and _queue_entry(card.get("card"))
            and isinstance(card.get("lesson", {}), dict) for card in value):
        return None
    return value


def _move(data: dict[str, Any], entry: Mapping[str, Any], number: int) -> None:
    """The mistakes ``entry`` (number ``number``) parks or brings back, moved."""
    left = entry.get("left")
    if not _whole(left) or left < 0:
        return
    below = entry.get("below")
    parked, returned = _cards(entry.get("parked")), _cards(entry.get("returned"))
    if parked is not None:
        for card in parked:
            data["queue"].pop(card["q"], None)
            if card["q"].startswith("lesson/"):
                data["lessons"].pop(card["q"].removeprefix("lesson/"), None)
        data["parked_at"] = number
    elif returned is not None:
        rights: Mapping[str, int] = data.get("rights", {})
        for card in returned:
            key, queued = card["q"], card["card"]
            if key in data["queue"] or rights.get(key, -1) > int(queued.get("log", -1)):
                continue    # missed again or answered right since it was parked
            data["queue"][key] = queued
            if "lesson" in card:
                data["lessons"].setdefault(key.removeprefix("lesson/"), card["lesson"])
        data["parked_at"] = below if _whole(below) else None
    else:
        return
    data["parked"] = left if data["parked_at"] is not None else 0


def _fold(data: dict[str, Any], entry: Mapping[str, Any], number: int) -> None:
    ratings: dict[str, Any] = data["ratings"]
    correct = bool(entry["ok"])
    score = 1.0 if correct else 0.0
    qr, qd = entry.get("qr"), entry.get("qd")
    question = Rating(float(qr) if _number(qr) else BASE[Level.TRICKY],
                      float(qd) if _number(qd) and qd > 0 else QUESTION_RD)
    for name in (f"drill/{entry['drill']}", f"theme/{entry['theme']}"):
        rating, _ = play(Rating.from_json(ratings.get(name)), question, score)
        ratings[name] = rating.to_json()
    data["right"] += correct
    tally = data["tally"].setdefault(TALLY_KEY.format(drill=entry["drill"],
                                                      theme=entry["theme"]), [0, 0])
    tally[0] += correct
    tally[1] += 1
    key = str(entry["q"])
    queue: dict[str, Any] = data["queue"]
    old = queue.get(key)
    if old is None and correct:
        if data.get("parked"):
            rights = data.setdefault("rights", {})
            rights.pop(key, None)
            rights[key] = number
            for stale in list(rights)[:-MAX_RIGHTS]:
                del rights[stale]
        return
    card_id = int(hashlib.sha256(key.encode()).hexdigest()[:12], 16)
    when = datetime.fromtimestamp(float(entry["at"]), dt.UTC)
    new = reviewed(old, correct=correct, when=when, card_id=card_id)
    new.update({"theme": entry["theme"], "drill": entry["drill"],
                "log": number if not correct else int((old or {}).get("log", number))})
    if key.startswith("lesson/") and old is not None:   # a lesson's own words stay with it
        new.update({name: old[name] for name in ("solution", "headline") if name in old})
    queue.pop(key, None)      # re-inserted last: the dict's order is the order of change
    queue[key] = new


def bounded(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its cleared cards, themes and lessons cut to their bounds (open
    mistakes are never cut: :func:`with_moves` parks those past :data:`MAX_OPEN`)."""
    queue: dict[str, Any] = data["queue"]
    open_keys = [key for key, entry in queue.items() if entry.get("open")]
    cleared = [key for key, entry in queue.items() if not entry.get("open")]
    for key in cleared[:-MAX_CLEARED]:   # the oldest changed
        del queue[key]
    lessons: dict[str, Any] = data["lessons"]
    if len(lessons) > MAX_LESSONS:
        waiting = {key.removeprefix("lesson/") for key in open_keys}
        idle = [lesson for lesson in lessons if lesson not in waiting]   # oldest first
        for lesson in idle[:len(lessons) - MAX_LESSONS]:
            del lessons[lesson]
            queue.pop(f"lesson/{lesson}", None)
    tally: dict[str, list[int]] = data["tally"]
    if len(tally) > MAX_THEMES:
        kept = set(sorted(tally, key=lambda name: tally[name][1], reverse=True)[:MAX_THEMES])
        data["tally"] = {name: counts for name, counts in tally.items() if name in kept}
    ratings: dict[str, Any] = data["ratings"]
    themes = [name for name in ratings if name.startswith("theme/")]
    if len(themes) > MAX_THEMES:
        by_games = sorted(themes, key=lambda name: Rating.from_json(ratings[name]).games)
        for name in by_games[:len(themes) - MAX_THEMES]:
            del ratings[name]
    return data


def lifted(data: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A layout-1 record as layout 2, and the attempts it held, for the log.

    The ratings and queue it had are kept as they were (they were made by the same
    games); the tallies are counted from the attempts; the queue's bounds apply."""
    attempts: list[dict[str, Any]] = list(data.get("attempts", []))
    new = new_data()
    new.update({"ratings": dict(data.get("ratings", {})), "queue": dict(data.get("queue", {})),
                "lessons": dict(data.get("lessons", {})), "logged": len(attempts),
                "right": sum(bool(attempt["ok"]) for attempt in attempts)})
    for attempt in attempts:
        tally = new["tally"].setdefault(TALLY_KEY.format(drill=attempt["drill"],
                                                         theme=attempt["theme"]), [0, 0])
        tally[0] += bool(attempt["ok"])
        tally[1] += 1
    return bounded(new), attempts


def tallies(data: Mapping[str, Any]) -> tuple[int, int, dict[tuple[str, str], list[int]]]:
    """(answers, right answers, (drill, theme) -> [right, asked]) of either layout."""
    if data.get("training") == 1:
        counted: dict[tuple[str, str], list[int]] = {}
        attempts = data.get("attempts", [])
        for attempt in attempts:
            tally = counted.setdefault((attempt["drill"], attempt["theme"]), [0, 0])
            tally[0] += bool(attempt["ok"])
            tally[1] += 1
        return len(attempts), sum(bool(a["ok"]) for a in attempts), counted
    themes: dict[tuple[str, str], list[int]] = {}
    for name, counts in data.get("tally", {}).items():
        drill, _, theme = name.partition("\t")
        themes[drill, theme] = list(counts)
    return int(data.get("logged", 0)), int(data.get("right", 0)), themes


__all__ = ["MAX_CLEARED", "MAX_LESSONS", "MAX_OPEN", "MAX_RIGHTS", "MAX_THEMES", "SCHEMA",
           "attempt_entry", "bounded", "folded", "is_attempt", "lifted", "new_data",
           "problem", "tallies", "with_moves"]
