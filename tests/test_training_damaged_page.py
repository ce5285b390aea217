"""The Quiz page with a training record it cannot read or a question it must not keep, in
Streamlit's AppTest over the site's own SQLite store.

A damaged record (its stored text not JSON, or a part of the wrong type) gets a plain
message, the damaged text to download and a fresh record, never a traceback or a word
about deletion; questions a record queued that do not exist are never asked.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from streamlit.testing.v1 import AppTest

from engine.quiz.common import Drill, Level, QuestionRef
from tests.support.pages_app import app
from tests.support.pages_training import QUIZ, _answer_stud, _param, _text
from ui.store import open_store
from ui.store.sqlite_store import SQLiteStore
from ui.training.record import Training, ref_key

REF = QuestionRef(Drill.STUD, Level.RANDOM, 12)


def _app(**params: str) -> AppTest:
    at = app(QUIZ, timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def _damaged(text: str) -> tuple[str, str]:
    """A learner's record whose stored text is ``text`` (damage, or an older site's bug);
    (its link's secret, its id)."""
    store = open_store()
    assert isinstance(store, SQLiteStore), "the page tests run on the site's SQLite store"
    secret, record_id = Training(store).start()
    with sqlite3.connect(store.path) as connection:
        connection.execute("UPDATE records SET envelope = ? WHERE id = ?", (text, record_id))
    return secret, record_id


def _envelope(data: dict[str, Any]) -> str:
    return json.dumps({"format": 1, "kind": "learner", "version": 1, "created": 1.0,
                       "updated": 1.0, "data": data})


def _says_unreadable(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert any("cannot be read" in e.value for e in at.error), [e.value for e in at.error]
    assert not any("deleted" in w.value for w in at.warning)
    assert any(b.proto.label == "Download the damaged record"
               for b in at.get("download_button"))
    assert any(b.label == "Start a fresh record" for b in at.button)


def test_a_damaged_record_says_so_offers_its_text_and_a_fresh_one() -> None:
    secret, record_id = _damaged("{damaged")
    at = _app(training=secret, **REF.to_params())
    _says_unreadable(at)
    assert "FormatError" not in _text(at)
    at = next(b for b in at.button if b.label == "Start a fresh record").click().run()
    assert not at.exception
    fresh = _param(at, "training")
    assert fresh != secret and Training(open_store()).open(fresh) is not None
    assert not at.error
    # The damaged record is kept as it was, under its old link.
    assert Training(open_store()).stored_text(record_id) == "{damaged"
    at = _answer_stud(at, right=True)
    assert not at.exception and _param(at, "training") == fresh
    record = Training(open_store()).open(fresh)
    assert record is not None and len(Training(open_store()).attempts(record)) == 1


def test_the_next_answer_after_a_damaged_record_starts_a_fresh_one() -> None:
    secret, record_id = _damaged("{damaged")
    at = _answer_stud(_app(training=secret, **REF.to_params()), right=False)
    assert not at.exception
    fresh = _param(at, "training")
    assert fresh != secret
    assert Training(open_store()).stored_text(record_id) == "{damaged"


def test_a_record_whose_attempts_are_not_a_list_is_said_to_be_damaged() -> None:
    text = _envelope({"training": 1, "attempts": "oops", "ratings": {}, "queue": {},
                      "lessons": {}})
    secret, record_id = _damaged(text)
    at = _app(training=secret, **REF.to_params())
    _says_unreadable(at)
    assert any("attempts" in e.value for e in at.error)
    at = _answer_stud(at, right=True)
    assert not at.exception
    assert _param(at, "training") != secret
    assert Training(open_store()).stored_text(record_id) == text


def test_questions_a_record_queued_that_do_not_exist_are_never_asked() -> None:
    """Kept before answers to unknown questions were refused: in review they must not
    stand in for another question, nor be listed as mistakes."""
    queued = {"card": {}, "open": True, "misses": 1, "reviews": 1, "theme": "?",
              "drill": "stud"}
    text = _envelope({"training": 1, "attempts": [], "ratings": {}, "lessons": {},
                      "queue": {"stud/tricky/4294967296": queued, "chess/random/1": queued}})
    secret, _record_id = _damaged(text)
    at = _app(training=secret, **REF.to_params())
    assert not at.exception and not at.error
    at = next(s for s in at.get("button_group") if s.label == "View").set_value(
        "Mistakes").run()
    assert not at.exception
    assert any("No mistakes waiting" in s.value for s in at.success)
    # Review only with nothing real to review: back to new questions, never Sophie's Pick 0.
    at = next(s for s in at.get("button_group") if s.label == "View").set_value("Quiz").run()
    review = next(t for t in at.toggle if t.label == "Review only")
    at = review.set_value(True).run()
    at = _answer_stud(at, right=True)
    at = next(b for b in at.button if b.label == "Next question").click().run()
    assert not at.exception
    ref: QuestionRef = at.session_state["quiz_ref"]
    assert ref_key(ref) not in ("stud/tricky/4294967296", "chess/random/1")
    assert ref != QuestionRef(Drill.SOPHIE, Level.RANDOM, 0)


def test_a_damaged_lesson_is_left_unasked_not_a_traceback() -> None:
    """A lesson from a played hand whose parts have the wrong types: neither the review
    queue nor a link to it asks it."""
    queued = {"card": {}, "open": True, "misses": 1, "reviews": 1, "theme": "A sacrifice",
              "drill": "sophie", "solution": "keep the aces", "headline": "Why."}
    text = _envelope({"training": 1, "attempts": [], "ratings": {},
                      "lessons": {"bad": {"pick": 5, "pairs": 7, "opponents": "x"}},
                      "queue": {"lesson/bad": queued}})
    secret, _record_id = _damaged(text)
    at = _app(training=secret, lesson="bad", **REF.to_params())
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["quiz_ref"] == REF
    review = next(t for t in at.toggle if t.label == "Review only")
    at = review.set_value(True).run()
    at = _answer_stud(at, right=True)
    at = next(b for b in at.button if b.label == "Next question").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert "quiz_lesson" not in at.session_state or at.session_state["quiz_lesson"] is None
