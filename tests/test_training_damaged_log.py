"""A training record whose log holds damaged entries (text that is not JSON, or JSON that
is no answer), over a real SQLite file and a real redis-server, and on the Quiz page in
Streamlit's AppTest: the damaged entries are left out and counted, everything else is
read, downloaded and charted, and answers go on being kept."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import ButtonGroup

from engine.quiz.common import Drill, Level, QuestionRef
from tests.support.pages_app import app
from tests.support.training import answer, damage_entry, open_store
from ui.store import RecordStore
from ui.store import open_store as site_store
from ui.training.record import Training, ref_key
from ui.training.standing import history, standing

QUIZ = str(Path(__file__).resolve().parents[1] / "screens" / "quiz.py")
DAMAGE = ("{not json", '["a list"]', '{"q": 5}')


@pytest.fixture(params=["sqlite", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[RecordStore]:
    yield from open_store(request, tmp_path)


def _stud(seed: int) -> QuestionRef:
    return QuestionRef(Drill.STUD, Level.RANDOM, seed)


def _damaged_record(store: RecordStore, answers: int = 8) -> tuple[str, str]:
    """(secret, record id) of a learner with ``answers`` answers, entries 1, 4 and 6 of
    whose log are damaged."""
    training = Training(store)
    secret, record_id = training.start()
    for seed in range(answers):
        training.answer(record_id, answer(_stud(seed), seed % 2 == 0))
    for number, text in zip((1, 4, 6), DAMAGE, strict=True):
        damage_entry(store, record_id, number, text)
    return secret, record_id


def test_damaged_entries_are_left_out_counted_and_the_rest_exported(
        store: RecordStore) -> None:
    _secret, record_id = _damaged_record(store)
    training = Training(store)
    kept = [ref_key(_stud(seed)) for seed in (0, 2, 3, 5, 7)]
    assert [a["q"] for a in training.attempts(record_id)] == kept
    log = training.log(record_id)
    assert log.damaged == 3
    assert training.log(record_id, 2, 5).damaged == 1
    exported = json.loads(training.export(record_id))
    assert [a["q"] for a in exported["attempts"]] == kept
    assert exported["damaged_entries"] == 3
    assert len(history(training.attempts(record_id))) == 5
    # Answers go on being kept, and the ratings and queue already folded stand.
    training.answer(record_id, answer(_stud(99), False))
    assert standing(training.data(record_id)).attempts == 9
    assert training.attempts(record_id)[-1]["q"] == ref_key(_stud(99))


def test_an_entry_damaged_before_it_was_folded_is_counted_and_changes_nothing(
        store: RecordStore) -> None:
    """An answer appended by a process stopped before it changed the record, then damaged:
    the next answer folds past it."""
    training = Training(store)
    _secret, record_id = training.start()
    training.answer(record_id, answer(_stud(1), False))
    store.append(record_id, 1, dict(training.attempts(record_id)[0], q="stud/random/2"))
    damage_entry(store, record_id, 1, "{damaged")
    training.answer(record_id, answer(_stud(3), False))
    data = training.data(record_id)
    assert data["logged"] == 3 == store.entry_count(record_id)
    assert {m.key for m in standing(data).mistakes} == {"stud/random/1", "stud/random/3"}
    assert training.log(record_id).damaged == 1


def _app(**params: str) -> AppTest:
    at = app(QUIZ, timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def test_the_page_says_how_many_answers_are_damaged_and_still_offers_the_rest() -> None:
    secret, _record_id = _damaged_record(site_store())
    at = _app(training=secret, **_stud(50).to_params())
    assert not at.exception, [e.value for e in at.exception]
    assert at.get("download_button"), "the record can still be downloaded"
    warned = [w.value for w in at.warning]
    assert any("3 answers kept in your record cannot be read" in w
               and "left out of the download" in w for w in warned), warned
    view = next(s for s in at.get("button_group")
                if isinstance(s, ButtonGroup) and s.label == "View")
    at = view.set_value("Progress").run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.get("plotly_chart")) == 3
    assert any("left out of these charts" in w.value for w in at.warning)
