"""The quizzes page in Streamlit's AppTest: answer, read why, move on, keep score."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import ButtonGroup

from engine.quiz.best_five import best_five_question
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.partner import partner_question
from engine.quiz.progress import SET_SIZE, Attempt, Progress
from engine.quiz.stud import stud_question
from tests.support.pages_app import app
from ui.quiz.links import read_sealed
from ui.registry import SITE_GAMES
from ui.training.choose import games_for

PAGE = str(Path(__file__).resolve().parents[1] / "screens" / "quiz.py")


def _app(**params: str) -> AppTest:
    at = app(PAGE, timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def _click(at: AppTest, label: str) -> AppTest:
    button = next(b for b in at.button if b.label == label)
    return button.click().run()


def _pills(at: AppTest, label: str) -> ButtonGroup:
    return next(b for b in at.button_group if b.label == label)


def _metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def _text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_wrong_then_right_with_explanation_next_question_and_score() -> None:
    at = _app()
    assert not at.exception
    assert at.session_state["quiz_ref"] == QuestionRef(Drill.PARTNER, Level.TUTORIAL, 0)
    check = next(b for b in at.button if b.label == "Check my answer")
    assert check.disabled
    for label in ("Add Q♥", "Add J♥", "Add 9♠"):
        at = _click(at, label)
    assert next(b for b in at.button if b.label == "Add 2♥").disabled, "three is the limit"
    at = _click(at, "Check my answer")
    assert not at.exception
    assert at.error[0].value.startswith("Not the best: Q♥ J♥ 9♠ make a king-high straight")
    assert "A flush beats a straight." in _text(at)
    assert _metric(at, "Score") == "0 / 1" and _metric(at, "Streak") == "0"
    assert at.table, "the best five choices are listed"

    at = _click(at, "Next question")
    assert at.session_state["quiz_ref"] == QuestionRef(Drill.PARTNER, Level.TUTORIAL, 1)
    assert not at.error
    best = partner_question(at.session_state["quiz_ref"]).best()
    for c in best.cards:
        at = _click(at, f"Add {c}")
    at = _click(at, "Check my answer")
    assert at.success[0].value.startswith("Right:")
    assert _metric(at, "Score") == "1 / 2" and _metric(at, "Streak") == "1"
    assert "Best partnership hand: 1/2 (50%)" in _text(at)


def test_a_link_reopens_its_question_and_a_bad_link_says_why() -> None:
    at = _app(drill="stud", level="tricky", seed="5")
    ref = QuestionRef(Drill.STUD, Level.TRICKY, 5)
    assert at.session_state["quiz_ref"] == ref
    question = stud_question(ref)
    answer = question.answer()
    text = ("Yes" if answer else "No") if isinstance(answer, bool) else question.names[answer]
    _pills(at, next(b.label for b in at.button_group if b.label not in ("Drill", "Level"))) \
        .set_value(text).run()
    at = _click(at, "Check my answer")
    assert at.success and not at.exception
    # The question's own link and the address bar carry it sealed: no seed to deal it from.
    shared = re.search(r"\]\(\?q=([^)&]*)\)", _text(at))
    assert shared and read_sealed(shared.group(1)) == ref
    address = at.query_params["q"]
    assert "seed" not in at.query_params
    assert read_sealed(address[0] if isinstance(address, list) else address) == ref
    again = _app(q=shared.group(1))
    assert again.session_state["quiz_ref"] == ref and not again.error
    edited = _app(q=shared.group(1)[:-3] + "AAA")
    assert "was not made by this site, or it was changed" in edited.error[0].value

    bad = _app(drill="partner", level="tutorial", seed="99")
    assert not bad.exception
    assert "The tutorial has 4 questions" in bad.error[0].value
    worse = _app(drill="poker", level="x", seed="1")
    assert "names no drill we know" in worse.error[0].value


def test_the_timed_mode_counts_a_late_answer_as_a_miss() -> None:
    at = _app()
    at.toggle(key="quiz_timed").set_value(True).run()
    best = partner_question(at.session_state["quiz_ref"]).best()
    for c in best.cards:
        at = _click(at, f"Add {c}")
    at.session_state["quiz_started_at"] = time.monotonic() - 100
    at = _click(at, "Check my answer")
    assert at.error[0].value.startswith("Out of time")
    assert "right, but too late" in at.error[0].value
    assert _metric(at, "Score") == "0 / 1"


def test_the_end_of_a_set_reviews_the_misses() -> None:
    at = _app()
    missed = QuestionRef(Drill.SHOWDOWN, Level.RANDOM, 8)
    attempts = [Attempt(missed, False, "Not quite: Ben wins.", "chose Ava")]
    attempts += [Attempt(missed, True, "Right.")] * (SET_SIZE - 2)
    at.session_state["quiz_progress"] = Progress(tuple(attempts))
    at.run()
    best = partner_question(at.session_state["quiz_ref"]).best()
    for c in best.cards:
        at = _click(at, f"Add {c}")
    at = _click(at, "Check my answer")
    review = _text(at)
    assert f"Set complete: {SET_SIZE - 1} of {SET_SIZE} right" in review
    assert "Not quite: Ben wins. You chose Ava." in review
    opened = re.search(r"\[open again\]\(\?q=([^)&]*)", review)
    assert opened and read_sealed(opened.group(1)) == missed


@pytest.mark.parametrize("drill", [Drill.SHOWDOWN, Drill.SOPHIE, Drill.STUD, Drill.PSYCHO])
def test_each_drill_can_be_chosen_and_answered(drill: Drill) -> None:
    at = _app()
    _pills(at, "Drill").set_value(drill).run()
    ref = at.session_state["quiz_ref"]
    assert ref.drill is drill and ref.level is Level.RANDOM
    answers = [b for b in at.button_group if b.label not in ("Drill", "Level")]
    if answers:
        widget = answers[0]
        first = widget.options[0]
        widget.set_value(first if widget._is_single_select else [first]).run()
    else:
        radio = next(r for r in at.radio if r.key and r.key.startswith("quiz_"))
        radio.set_value(radio.options[0]).run()
    at = _click(at, "Check my answer")
    assert not at.exception
    assert (at.success or at.error) and _metric(at, "Score").endswith("/ 1")
    assert any(b.label == "Next question" for b in at.button)
    _pills(at, "Level").set_value(Level.TRICKY).run()
    assert at.session_state["quiz_ref"].level is Level.TRICKY


def test_switching_the_timer_on_mid_question_starts_the_full_time() -> None:
    at = _app()
    at.session_state["quiz_started_at"] = time.monotonic() - 100
    at.run()
    at.toggle(key="quiz_timed").set_value(True).run()
    clock = next(h.value for h in at.html if 'role="timer"' in h.value)
    assert 'aria-label="30 seconds left"' in clock
    best = partner_question(at.session_state["quiz_ref"]).best()
    for c in best.cards:
        at = _click(at, f"Add {c}")
    at = _click(at, "Check my answer")
    assert at.success and at.success[0].value.startswith("Right:"), "not out of time"
    assert _metric(at, "Score") == "1 / 1"


def test_the_best_five_is_dealt_for_the_game_picked_and_answered_by_tapping_cards() -> None:
    """A drill every game gets starts with the sidebar's game when it offers it (Pick a
    Partner's five cards leave nothing to choose: the first game that deals more), and
    the game picker deals another game's hand."""
    at = _app()
    _pills(at, "Drill").set_value(Drill.BEST_FIVE).run()
    ref = at.session_state["quiz_ref"]
    picker = next(s for s in at.selectbox if s.label == "Game")
    assert ref.game == picker.value == "seven-card-stud"
    assert "Pick a Partner" not in picker.options and "Omaha" in picker.options
    assert picker.options == [game.name for game in SITE_GAMES.values()
                              if game.id in games_for(Drill.BEST_FIVE)], "the site's order"
    picker.select("Omaha").run()
    ref = at.session_state["quiz_ref"]
    assert ref.drill is Drill.BEST_FIVE and ref.game == "omaha" and not at.exception
    question = best_five_question(ref)
    for c in question.best_held():
        at = _click(at, f"Use {c}")
    at = _click(at, "Check my answer")
    assert not at.exception
    if question.qualifies():
        assert at.success[0].value.startswith("Right:")
    assert "exactly two of your own cards and three from the board" in _text(at)
    shared = re.search(r"\]\(\?q=([^)&]*)\)", _text(at))
    assert shared and read_sealed(shared.group(1)) == ref, "the link keeps the game"


def test_a_plain_link_names_the_game_of_a_drill_dealt_per_game() -> None:
    at = _app(drill="legal", level="tricky", seed="12", game="razz")
    assert at.session_state["quiz_ref"] == QuestionRef(Drill.LEGAL, Level.TRICKY, 12, "razz")
    assert any(h.value for h in at.markdown if "Razz" in h.value)
    bad = _app(drill="legal", level="tricky", seed="12", game="chess")
    assert not bad.exception and "names no game we know" in bad.error[0].value


def test_a_game_without_a_drill_of_its_own_starts_with_one_every_game_gets() -> None:
    at = app(PAGE, timeout=60)
    at.session_state["game"] = "razz"
    at.run()
    assert at.session_state["quiz_ref"].drill is Drill.BEST_FIVE
    assert at.session_state["quiz_ref"].game == "razz"
    _pills(at, "Drill").set_value(Drill.LEGAL).run()
    assert at.session_state["quiz_ref"].game == "razz"
    _pills(at, "Level").set_value(Level.TRICKY).run()
    assert at.session_state["quiz_ref"].level is Level.TRICKY
    assert at.session_state["quiz_ref"].game == "razz", "another level keeps the game"
    at.session_state["game"] = "omaha"  # as a choice in the sidebar leaves it
    at.session_state["game_picks"] = 1
    at.run()
    ref = at.session_state["quiz_ref"]
    assert (ref.drill, ref.game) == (Drill.LEGAL, "omaha") and not at.exception
