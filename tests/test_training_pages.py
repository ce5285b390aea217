"""The training record through the pages, in Streamlit's AppTest: answers kept, the link
reopened elsewhere, the review queue, the Mistakes and Progress views, lessons from Play."""

from __future__ import annotations

import json
import random
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.actions import ActionKind
from engine.games import new_hand
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.stud import choices, stud_question
from ui.store import open_store
from ui.training.lessons import find_lessons, lesson_question
from ui.training.record import Training, lesson_key, ref_key
from ui.training.standing import standing

ROOT = Path(__file__).resolve().parents[1]
QUIZ = str(ROOT / "screens" / "quiz.py")
REF = QuestionRef(Drill.STUD, Level.RANDOM, 12)


def _app(**params: str) -> AppTest:
    at = AppTest.from_file(QUIZ, default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def _answer_stud(at: AppTest, *, right: bool) -> AppTest:
    ref: QuestionRef = at.session_state["quiz_ref"]
    question = stud_question(ref)
    answer = question.answer()
    names = choices(question)
    good = ("Yes" if answer else "No") if isinstance(answer, bool) else question.names[answer]
    pick = good if right else next(n for n in names if n != good)
    pills = next(b for b in at.button_group if b.label in (
        "Who brings in?", "Who acts first?") or b.label.startswith("May the opener"))
    at = pills.set_value(pick).run()
    return next(b for b in at.button if b.label == "Check my answer").click().run()


def _text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_answers_are_kept_and_the_link_brings_them_back_elsewhere() -> None:
    at = _app(**REF.to_params())
    assert not at.exception
    at = _answer_stud(at, right=False)
    assert not at.exception
    secret = at.query_params["training"][0] if isinstance(at.query_params["training"], list) \
        else at.query_params["training"]
    assert at.query_params["drill"] in ("stud", ["stud"])
    record = Training(open_store()).open(secret)
    assert record is not None
    data = Training(open_store()).data(record)
    assert [a["q"] for a in data["attempts"]] == [ref_key(REF)]
    assert list(data["queue"]) == [ref_key(REF)]
    rating = data["ratings"]["drill/stud"]
    # The same link in another browser: the same rating and mistakes, the QR code shown.
    other = _app(training=secret, **REF.to_params())
    assert not other.exception
    assert f"{rating[0]:.0f}" in _text(other)
    assert other.get("image"), "the QR code of the link"
    other = next(s for s in other.get("button_group") if s.label == "View").set_value(
        "Mistakes").run()
    assert not other.exception
    assert "1 question(s) to review" in _text(other)
    other = next(s for s in other.get("button_group") if s.label == "View").set_value(
        "Progress").run()
    assert not other.exception and len(other.get("plotly_chart")) == 3
    # Review only: the missed question comes back.
    other = next(s for s in other.get("button_group") if s.label == "View").set_value(
        "Mistakes").run()
    other = next(b for b in other.button if b.label == "Review them now").click().run()
    assert not other.exception
    assert other.session_state["quiz_ref"] == REF
    other = _answer_stud(other, right=True)
    assert not other.exception
    assert standing(Training(open_store()).data(record)).mistakes == ()


def test_a_wrong_or_edited_link_says_so_and_starts_afresh_never_opening_another() -> None:
    secret, record = Training(open_store()).start()
    edited = secret[:-2] + ("zz" if not secret.endswith("zz") else "yy")
    at = _app(training=edited, **REF.to_params())
    assert not at.exception
    assert any("opens no training record" in w.value for w in at.warning)
    assert "training" not in at.query_params
    at = _answer_stud(at, right=True)
    fresh = at.query_params["training"]
    fresh = fresh[0] if isinstance(fresh, list) else fresh
    assert fresh != secret
    assert Training(open_store()).open(fresh) != record
    assert Training(open_store()).data(record)["attempts"] == []


def test_download_and_delete() -> None:
    at = _answer_stud(_app(**REF.to_params()), right=True)
    download = at.get("download_button")
    assert download, "the record can be downloaded"
    secret = at.query_params["training"]
    secret = secret[0] if isinstance(secret, list) else secret
    record = Training(open_store()).open(secret)
    assert record is not None
    exported = json.loads(Training(open_store()).export(record))
    assert exported["attempts"][0]["q"] == ref_key(REF)
    at = next(b for b in at.button if b.label == "Delete my record").click().run()
    assert not at.exception
    assert Training(open_store()).open(secret) is None


def _sophie_hand_with_a_mistake() -> tuple[object, dict[str, dict[str, object]]]:
    for seed in range(40):
        state = new_hand("sophies-pick", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            picks = [a for a in legal if a.kind in (ActionKind.LOCK_PAIRS, ActionKind.SACRIFICE)]
            if seat == 0 and picks:
                state.apply(rng.choice(picks))
                continue
            calm = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
            state.apply(calm[0] if calm else legal[0])
        found = find_lessons(state, 0)
        if found:
            return state, found
    raise AssertionError("no hand with a measurable mistake")


def test_a_mistake_made_in_play_shows_up_as_a_question() -> None:
    state, found = _sophie_hand_with_a_mistake()
    lesson = next(iter(found.values()))
    assert "would have won about" in str(lesson["headline"])
    # Only the seat's own cards and the board it saw are named.
    hidden = {c for s in range(1, state.players)  # type: ignore[attr-defined]
              for c in state.view(None).seats[s].cards if c.card is not None}  # type: ignore[attr-defined]
    seen = {c.card for c in hidden} - {c.card for s in state.view(0).seats  # type: ignore[attr-defined]
                                       for c in s.cards if c.card is not None}
    for card in seen:
        assert str(card) not in str(lesson["headline"])
    training = Training(open_store())
    secret, record = training.start()
    training.add_lessons(record, found)
    lesson_id = next(iter(found))
    at = _app(training=secret)
    at = next(s for s in at.get("button_group") if s.label == "View").set_value(
        "Mistakes").run()
    assert "from a hand you played" in _text(at)
    at = next(b for b in at.button if b.label == "Review them now").click().run()
    assert not at.exception
    assert at.session_state["quiz_lesson"] == lesson_id
    assert "From a hand you played" in [h.value for h in at.subheader]
    options = next(b for b in at.button_group if b.label in ("Lock these pairs", "Your pick"))
    best = int(lesson["best"])  # type: ignore[call-overload]
    at = options.set_value(lesson_question(lesson).labels()[best]).run()
    at = next(b for b in at.button if b.label == "Check my answer").click().run()
    assert not at.exception
    assert at.success, "the best choice is right"
    data = training.data(record)
    assert data["attempts"][-1]["q"] == lesson_key(lesson_id)
    assert lesson_key(lesson_id) not in {m.key for m in standing(data).mistakes}
