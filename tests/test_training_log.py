"""The training record's attempts in the store's append-only log, and records that cannot be
kept or read, over a real SQLite file and a real redis-server.

An answer appends one entry to the record's log and rewrites only the record's bounded
parts (ratings, tallies, the review queue), so nothing a learner does is refused for
size; answers to questions the site does not ask are refused before anything is
written; a damaged record, or one with a part of the wrong type, is said to be
unreadable rather than failing somewhere later.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.difficulty import theme
from tests.support.store import Backend, make_backend
from ui.store import RecordStore, StoreError, hash_secret, new_secret
from ui.training.attempts import MAX_OPEN, SCHEMA, is_attempt
from ui.training.ratings import Rating
from ui.training.record import Answer, Training, UnknownQuestion, Unreadable, ref_key
from ui.training.standing import history, standing


@pytest.fixture(params=["sqlite", "redis"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return make_backend(request, tmp_path)


@pytest.fixture
def store(backend: Backend) -> Iterator[RecordStore]:
    with backend.open() as opened:
        yield opened


def _answer(ref: QuestionRef, correct: bool) -> Answer:
    return Answer(ref_key(ref), ref.drill, theme(ref), correct, 4.0, answer="answered",
                  solution="the answer", headline="Why it is so.")


def _stored(backend: Backend, data: dict[str, Any] | str, *, version: int = 3) -> str:
    """A learner's record written round the interface (as an older site, or damage, left
    it); the secret of its training link."""
    secret = new_secret()
    if isinstance(data, str):
        text = data
    else:
        text = json.dumps({"format": 1, "kind": "learner", "version": version,
                           "created": 1_700_000_000.0, "updated": 1_700_000_000.0,
                           "data": data})
    backend.raw_put(f"r{secret[:12]}", version, 1_700_000_000.0, text,
                    {hash_secret(secret): "learner"})
    return secret


# Answers go in the log; the record stays small.


def test_each_attempt_is_an_entry_of_the_log_not_part_of_the_record(
        store: RecordStore) -> None:
    training = Training(store)
    _secret, record_id = training.start()
    refs = [QuestionRef(Drill.PSYCHO, Level.RANDOM, seed) for seed in range(5)]
    for number, ref in enumerate(refs):
        training.answer(record_id, _answer(ref, number % 2 == 0))
    data = training.data(record_id)
    assert "attempts" not in data and data["training"] == SCHEMA
    assert data["logged"] == store.entry_count(record_id) == 5 and data["right"] == 3
    assert [entry["q"] for entry in store.entries(record_id)] == [ref_key(r) for r in refs]
    now = standing(data)
    assert (now.attempts, now.right) == (5, 3)
    assert sum(tally.asked for tally in now.themes) == 5
    # The queue points at the attempt that last missed each question, which explains it.
    assert {m.key: m.log for m in now.mistakes} == {ref_key(refs[1]): 1, ref_key(refs[3]): 3}
    assert store.entries(record_id, 3, 4)[0]["solution"] == "the answer"
    assert [p.number for p in history(training.attempts(record_id))] == [1, 2, 3, 4, 5]


def test_the_record_stays_the_same_size_however_many_answers(store: RecordStore) -> None:
    """Every answer a miss of a new question, past the queue's bound: the record written at
    the last answer is no bigger than the one written when the bound was first reached,
    and every attempt is still kept."""
    training = Training(store)
    _secret, record_id = training.start()
    sizes = {}
    total = MAX_OPEN + 60
    for seed in range(total):
        training.answer(record_id, _answer(QuestionRef(Drill.STUD, Level.RANDOM, seed), False))
        if seed + 1 in (MAX_OPEN, total):
            sizes[seed + 1] = len(store.stored_text(record_id))
    assert sizes[total] <= sizes[MAX_OPEN] * 1.02
    data = training.data(record_id)
    assert len(standing(data).mistakes) == MAX_OPEN
    assert store.entry_count(record_id) == total == standing(data).attempts
    # The newest misses are the ones kept for review.
    kept = {m.key for m in standing(data).mistakes}
    assert ref_key(QuestionRef(Drill.STUD, Level.RANDOM, total - 1)) in kept
    assert ref_key(QuestionRef(Drill.STUD, Level.RANDOM, 0)) not in kept


def test_an_entry_appended_but_not_folded_is_folded_by_the_next_answer(
        store: RecordStore) -> None:
    """A process stopped between the two writes of an answer: its entry is in the log, the
    record not yet changed. The next answer folds it in first, so it counts."""
    training = Training(store)
    _secret, record_id = training.start()
    first = QuestionRef(Drill.SHOWDOWN, Level.RANDOM, 1)
    store.append(record_id, 0, {"q": ref_key(first), "drill": "showdown", "theme": "Kickers",
                                "ok": False, "at": 1_800_000_000.0, "r": 1400.0,
                                "qr": 1500.0, "qd": 80.0})
    training.answer(record_id, _answer(QuestionRef(Drill.SHOWDOWN, Level.RANDOM, 2), True))
    data = training.data(record_id)
    assert data["logged"] == store.entry_count(record_id) == 2
    assert ref_key(first) in {m.key for m in standing(data).mistakes}
    assert Rating.from_json(data["ratings"]["drill/showdown"]).games == 2


_LAYOUT_1 = {
    "training": 1,
    "attempts": [
        {"q": "stud/random/7", "drill": "stud", "theme": "The bring-in", "ok": False,
         "answer": "Seat 2", "solution": "Seat 3", "s": 5.0, "at": 1_700_000_000.0,
         "src": "quiz", "r": 1420.5, "qr": 1480.0},
        {"q": "stud/random/8", "drill": "stud", "theme": "The bring-in", "ok": True,
         "answer": "Seat 1", "solution": "Seat 1", "s": 4.0, "at": 1_700_000_060.0,
         "src": "quiz", "r": 1460.25, "qr": 1500.0},
    ],
    "ratings": {"drill/stud": [1460.25, 290.0, 0.06, 2],
                "theme/The bring-in": [1460.25, 290.0, 0.06, 2]},
    "queue": {"stud/random/7": {"card": {}, "open": True, "misses": 1, "reviews": 1,
                                "theme": "The bring-in", "drill": "stud",
                                "solution": "Seat 3", "headline": "Lowest card brings in."}},
    "lessons": {},
}
"""A record as the site wrote it before the log: the attempts inside it."""


def test_a_record_from_before_the_log_loads_and_is_lifted_on_its_next_change(
        backend: Backend) -> None:
    secret = _stored(backend, _LAYOUT_1)
    with backend.open() as store:
        training = Training(store)
        record_id = training.open(secret)
        assert record_id is not None
        now = standing(training.data(record_id))
        assert (now.attempts, now.right) == (2, 1)
        assert [m.key for m in now.mistakes] == ["stud/random/7"]
        assert now.mistakes[0].solution == "Seat 3"
        assert [a["q"] for a in training.attempts(record_id)] == ["stud/random/7",
                                                                  "stud/random/8"]
        assert store.entry_count(record_id) == 0, "loading changes nothing"
        training.answer(record_id, _answer(QuestionRef(Drill.STUD, Level.RANDOM, 7), True))
        data = training.data(record_id)
        assert data["training"] == SCHEMA and "attempts" not in data
        assert [a["q"] for a in training.attempts(record_id)] == [
            "stud/random/7", "stud/random/8", "stud/random/7"]
        assert Rating.from_json(data["ratings"]["drill/stud"]).games == 3
        assert standing(data).mistakes == () and standing(data).attempts == 3
        exported = json.loads(training.export(record_id))
        assert [a["q"] for a in exported["attempts"]] == [
            "stud/random/7", "stud/random/8", "stud/random/7"]


# Answers to questions the site does not ask.


@pytest.mark.parametrize("key, drill", [
    ("stud/tricky/4294967296", Drill.STUD),
    ("chess/random/1", Drill.STUD),
    ("partner/tutorial/999", Drill.PARTNER),
    ("stud/tutorial/1", Drill.STUD),
    ("stud/random/-1", Drill.STUD),
    ("stud/random/12", Drill.PSYCHO),
    ("lesson/", Drill.SOPHIE),
    ("lesson/not-in-this-record", Drill.SOPHIE),
    ("", Drill.STUD),
])
def test_an_answer_to_a_question_that_does_not_exist_is_refused_and_kept_nowhere(
        store: RecordStore, key: str, drill: Drill) -> None:
    training = Training(store)
    _secret, record_id = training.start()
    before = store.stored_text(record_id)
    with pytest.raises(UnknownQuestion) as refused:
        training.answer(record_id, Answer(key, drill, "?", False, 3.0))
    assert str(refused.value).endswith(".") and len(str(refused.value)) > 20
    assert store.stored_text(record_id) == before and store.entry_count(record_id) == 0
    assert training.question_ratings([key]) == {}


def test_an_answer_with_a_time_that_is_no_time_is_refused(store: RecordStore) -> None:
    training = Training(store)
    _secret, record_id = training.start()
    for seconds in (float("nan"), float("inf"), -1.0):
        with pytest.raises(UnknownQuestion):
            training.answer(record_id, Answer("stud/random/1", Drill.STUD, "?", False, seconds))
    assert store.entry_count(record_id) == 0


def test_questions_queued_before_they_were_refused_are_not_asked(backend: Backend) -> None:
    """A record that kept answers to questions that do not exist (before they were
    refused): they are no mistakes to review, and they never stand in for a real one."""
    data = json.loads(json.dumps(_LAYOUT_1))
    for key in ("stud/tricky/4294967296", "chess/random/1", "lesson/gone"):
        data["queue"][key] = {"card": {}, "open": True, "misses": 1, "reviews": 1,
                              "theme": "?", "drill": "stud"}
    secret = _stored(backend, data)
    with backend.open() as store:
        training = Training(store)
        record_id = training.open(secret)
        assert record_id is not None
        assert [m.key for m in standing(training.data(record_id)).mistakes] == [
            "stud/random/7"]


# Records that cannot be read.


@pytest.mark.parametrize("data, reason", [
    ({"training": 1, "attempts": "many", "ratings": {}, "queue": {}}, "attempts"),
    ({"training": 1, "attempts": {"q": 1}, "ratings": {}, "queue": {}}, "attempts"),
    ({"training": 1, "attempts": [{"q": 1}], "ratings": {}, "queue": {}}, "attempts"),
    ({"training": 1, "attempts": [], "ratings": [], "queue": {}}, "ratings"),
    ({"training": 1, "attempts": [], "ratings": {}, "queue": {"stud/random/1": 5}}, "queue"),
    ({"training": 1, "attempts": [], "ratings": {}, "queue": {},
      "lessons": {"a": "text"}}, "lessons"),
    ({"training": 2, "logged": "7", "right": 0, "tally": {}, "ratings": {}, "queue": {},
      "lessons": {}}, "count"),
    ({"training": 2, "logged": 1, "right": 0, "tally": {"stud\tx": [1]}, "ratings": {},
      "queue": {}, "lessons": {}}, "tally"),
    ({"training": "yes"}, "training record"),
    ({"training": 99}, "newer version"),
])
def test_a_record_with_a_part_of_the_wrong_type_is_unreadable_not_a_crash(
        backend: Backend, data: dict[str, Any], reason: str) -> None:
    secret = _stored(backend, data)
    with backend.open() as store:
        training = Training(store)
        record_id = training.open(secret)
        assert record_id is not None
        before = store.stored_text(record_id)
        with pytest.raises(Unreadable, match=reason):
            training.data(record_id)
        with pytest.raises(Unreadable, match=reason):
            training.answer(record_id, _answer(QuestionRef(Drill.STUD, Level.RANDOM, 1), True))
        with pytest.raises(Unreadable):
            training.add_lessons(record_id, {"abc": {"drill": "sophie"}})
        assert store.stored_text(record_id) == before and store.entry_count(record_id) == 0


def test_a_damaged_record_is_found_said_unreadable_and_kept_for_download(
        backend: Backend) -> None:
    secret = _stored(backend, "{damaged")
    with backend.open() as store:
        training = Training(store)
        record_id = training.open(secret)
        assert record_id is not None
        with pytest.raises(Unreadable, match="not a readable record") as unreadable:
            training.data(record_id)
        assert isinstance(unreadable.value, StoreError)
        with pytest.raises(Unreadable):
            training.answer(record_id, _answer(QuestionRef(Drill.STUD, Level.RANDOM, 1), True))
        assert training.stored_text(record_id) == "{damaged"


def test_a_damaged_log_entry_is_left_out_and_changes_nothing(store: RecordStore) -> None:
    training = Training(store)
    _secret, record_id = training.start()
    store.append(record_id, 0, {"q": 5, "what": "damaged"})
    training.answer(record_id, _answer(QuestionRef(Drill.STUD, Level.RANDOM, 1), False))
    data = training.data(record_id)
    assert data["logged"] == 2 and data["right"] == 0
    assert [a["q"] for a in training.attempts(record_id)] == ["stud/random/1"]
    assert all(is_attempt(a) for a in training.attempts(record_id))
