"""The training record through the pages, in Streamlit's AppTest: answers kept, the link
reopened elsewhere, the review queue, the Mistakes and Progress views, lessons from Play."""

from __future__ import annotations

import json
import random
import secrets
from datetime import UTC, datetime

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import parse_cards
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.difficulty import estimate, theme
from engine.quiz.legal import legal_question
from tests.support.pages import PLAY, play_state, take_decision
from tests.support.pages_app import app
from tests.support.pages_training import (
    QUIZ,
    _answer_stud,
    _param,
    _text,
)
from ui.quiz.links import read_sealed
from ui.store import open_store
from ui.training.choose import daily_set
from ui.training.lessons import find_lessons
from ui.training.measured import Lesson
from ui.training.record import Training, lesson_key, ref_key
from ui.training.standing import standing

REF = QuestionRef(Drill.STUD, Level.RANDOM, 12)


def _app(**params: str) -> AppTest:
    at = app(QUIZ, timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def test_answers_are_kept_and_the_link_brings_them_back_elsewhere() -> None:
    at = _app(**REF.to_params())
    assert not at.exception
    at = _answer_stud(at, right=False)
    assert not at.exception
    secret = at.query_params["training"][0] if isinstance(at.query_params["training"], list) \
        else at.query_params["training"]
    address = at.query_params["q"]
    assert read_sealed(address[0] if isinstance(address, list) else address) == REF
    assert "seed" not in at.query_params, "the address carries the question sealed"
    record = Training(open_store()).open(secret)
    assert record is not None
    data = Training(open_store()).data(record)
    assert [a["q"] for a in Training(open_store()).attempts(record)] == [ref_key(REF)]
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
    assert Training(open_store()).attempts(record) == []


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


def test_a_mistake_made_in_play_shows_up_as_a_question() -> None:
    """A hand of Sophie's Pick played on the Play page with poor sacrifices: the page offers
    them as lessons, naming only cards the seat saw; kept, they wait in the review queue,
    and the quiz asks each as the seat saw it, judged by the figures measured."""
    play = app(PLAY, timeout=60)
    for name, value in {"game": "sophies-pick", "players": "3", "seed": "1",
                        "seat": "1"}.items():
        play.query_params[name] = value
    play.run()
    while not play_state(play).is_over:
        take_decision(play, f"play_act_{len(play_state(play).actions)}")
    assert not play.exception
    offered = "\n".join(m.value for m in play.markdown if "would have won" in m.value)
    assert "The sacrifice at the flop: You kept" in offered
    state = play_state(play)
    found = find_lessons(state, 0)
    seen = {c.card for s in state.view(0).seats[:1] for c in s.cards} | {
        c for board in state.boards for c in board}
    for lesson in found.values():
        named = {c for row in lesson["shown"] for c in parse_cards(row[1])}
        assert named <= seen, "only the seat's own cards and the board"
    play = next(b for b in play.button if b.label.startswith("Keep these as questions")) \
        .click().run()
    assert not play.exception
    secret = play.session_state["quiz_training_secret"]
    assert f"/quiz?training={secret}" in "\n".join(m.value for m in play.markdown)
    record = Training(open_store()).open(secret)
    assert record is not None
    at = _app(training=secret)
    at = next(s for s in at.get("button_group") if s.label == "View").set_value(
        "Mistakes").run()
    assert "from a hand you played" in _text(at)
    at = next(b for b in at.button if b.label == "Review them now").click().run()
    assert not at.exception
    lesson_id = at.session_state["quiz_lesson"]
    assert lesson_id in found and _param(at, "lesson") == lesson_id
    assert "From a hand you played" in [h.value for h in at.subheader]
    lesson = Lesson.from_json(found[lesson_id])
    assert lesson is not None
    options = next(b for b in at.button_group if b.label == "Your choice")
    at = options.set_value(lesson.options[lesson.chosen]).run()
    at = next(b for b in at.button if b.label == "Check my answer").click().run()
    assert not at.exception and at.error, "the choice made in the hand is still a miss"
    at = next(b for b in at.button if b.label == "Next question").click().run()
    at = next(s for s in at.get("button_group") if s.label == "View").set_value(
        "Mistakes").run()
    at = next(b for b in at.button if b.label == "Review them now").click().run()
    lesson_id = at.session_state["quiz_lesson"]
    lesson = Lesson.from_json(found[lesson_id])
    assert lesson is not None
    options = next(b for b in at.button_group if b.label == "Your choice")
    at = options.set_value(lesson.solution).run()
    at = next(b for b in at.button if b.label == "Check my answer").click().run()
    assert not at.exception and at.success, "the best choice is right"
    data = Training(open_store()).data(record)
    last = Training(open_store()).attempts(record)[-1]
    assert last["q"] == lesson_key(lesson_id) and last["drill"] == "sophie"
    assert lesson_key(lesson_id) not in {m.key for m in standing(data).mistakes}


def test_a_lesson_kept_before_the_measured_format_is_still_asked() -> None:
    legacy = {"drill": "sophie", "game": "sophies-pick", "pick": "final",
              "pairs": "A♠ K♦ | 9♥ 9♣", "board": "9♦ 4♣ 2♠ J♥", "sacrificed": "7♣ 6♣",
              "opponents": 1, "seed": 77, "theme": "The sacrifice at the turn",
              "headline": "You kept A♠ K♦.", "solution": "sacrificing A♠ K♦"}
    training = Training(open_store())
    secret, record = training.start()
    training.add_lessons(record, {"0011223344556677": legacy})
    at = _app(training=secret, lesson="0011223344556677")
    assert not at.exception
    assert at.session_state["quiz_lesson"] == "0011223344556677"
    options = next(b for b in at.button_group if b.label == "Your pick")
    at = options.set_value("Sacrifice A♠ K♦").run()
    at = next(b for b in at.button if b.label == "Check my answer").click().run()
    assert not at.exception and at.success


def test_a_learner_who_always_misses_one_theme_through_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Right on every stud question but "The bring-in": through the page's own controls,
    that theme's rating falls while the others climb, its questions wait for review and
    come back in a review-only session, and the questions chosen sit nearer the
    learner's rating than the engine's first guesses at random ones. The page draws its
    questions from the system's randomness; here from a seed, so that the twelve questions
    are the same in every run (from some draws all twelve were bring-ins)."""
    drawn = random.Random(12)
    monkeypatch.setattr(secrets, "randbits", drawn.getrandbits)
    monkeypatch.setattr(secrets, "randbelow", drawn.randrange)
    weak = "The bring-in"
    at = _app(**QuestionRef(Drill.STUD, Level.RANDOM, 5).to_params())  # a bring-in
    for _ in range(12):
        ref = at.session_state["quiz_ref"]
        at = _answer_stud(at, right=theme(ref) != weak)
        assert not at.exception
        at = next(b for b in at.button if b.label in ("Next question", "Start the next set")) \
            .click().run()
    secret = _param(at, "training")
    record = Training(open_store()).open(secret)
    assert record is not None
    data = Training(open_store()).data(record)
    attempts = Training(open_store()).attempts(record)
    weak_ratings = [a["r"] for a in attempts if a["theme"] == weak]
    now = standing(data)
    themes = {t.theme: t.rating.rating for t in now.themes}
    assert weak_ratings and {m.theme for m in now.mistakes} == {weak}
    assert themes[weak] < 1500 < min(r for t, r in themes.items() if t != weak)
    # The chosen questions (after the first, which the link named) against blind draws.
    chosen = attempts[1:]
    gaps = [abs(a["qr"] - before["r"]) for before, a in zip(attempts, chosen, strict=False)]
    rng = random.Random(5)
    blind = [abs(estimate(QuestionRef(Drill.STUD, rng.choice([Level.RANDOM, Level.TRICKY]),
                                      rng.randrange(10**6))) - before["r"])
             for before in attempts[:-1]]
    assert sum(gaps) < sum(blind)
    # Review only: the missed bring-in questions come back, and stay while missed.
    missed = {m.key for m in now.mistakes}
    at = next(s for s in at.get("button_group") if s.label == "View").set_value(
        "Mistakes").run()
    at = next(b for b in at.button if b.label == "Review them now").click().run()
    asked = ref_key(at.session_state["quiz_ref"])
    assert asked in missed
    at = _answer_stud(at, right=False)
    data = Training(open_store()).data(record)
    last = Training(open_store()).attempts(record)[-1]
    assert last["src"] == "review" and last["q"] == asked
    assert asked in {m.key for m in standing(data).mistakes}


def test_a_record_deleted_on_another_device_is_noticed_and_a_fresh_one_started() -> None:
    at = _answer_stud(_app(**REF.to_params()), right=True)
    secret = _param(at, "training")
    record = Training(open_store()).open(secret)
    assert record is not None
    at = next(b for b in at.button if b.label == "Next question").click().run()
    Training(open_store()).delete(record)
    at.run()
    assert not at.exception and "training" not in at.query_params
    assert any("no longer there" in w.value for w in at.warning)
    at = _answer_stud(at, right=False)
    fresh = _param(at, "training")
    assert fresh != secret and Training(open_store()).open(fresh) is not None


def test_a_missed_question_of_a_drill_dealt_per_game_comes_back_for_its_game() -> None:
    """The record keeps the game with the question: the Mistakes view names it, and the
    next new question, chosen near the learner's rating, is dealt for the same game."""
    missed = QuestionRef(Drill.LEGAL, Level.RANDOM, 21, "razz")
    at = _app(**missed.to_params())
    question = legal_question(missed)
    wrong = next(o for o in question.options if o not in question.legal)
    pills = next(b for b in at.button_group if b.label.startswith("Legal here"))
    at = pills.set_value([wrong]).run()
    at = next(b for b in at.button if b.label == "Check my answer").click().run()
    assert not at.exception and at.error[0].value.startswith("Not quite")
    at = next(s for s in at.get("button_group") if s.label == "View").set_value(
        "Mistakes").run()
    assert "(What is legal here: Razz)" in _text(at)
    at.session_state["quiz_near"] = True
    at = next(s for s in at.get("button_group") if s.label == "View").set_value("Quiz").run()
    at = next(b for b in at.button if b.label == "Next question").click().run()
    following = at.session_state["quiz_ref"]
    assert (following.drill, following.game) == (Drill.LEGAL, "razz") and not at.exception


def test_the_daily_set_asks_todays_ten_in_order() -> None:
    at = _answer_stud(_app(**REF.to_params()), right=True)
    at = next(b for b in at.button if b.label == "Daily set of ten").click().run()
    today = daily_set(datetime.now(UTC).date())
    assert not at.exception
    assert at.session_state["quiz_ref"] == today[0]
    assert list(at.session_state["quiz_daily"]) == list(today[1:])
