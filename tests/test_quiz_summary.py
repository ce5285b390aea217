"""The summary at the end of a set of ten, reached by answering ten questions on the page."""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import parse_qs

from streamlit.testing.v1 import AppTest

from engine.cards import format_cards
from engine.quiz.common import QuestionRef
from engine.quiz.partner import Choice, partner_question
from engine.quiz.progress import SET_SIZE
from tests.support.pages_app import app
from ui.quiz.links import read_sealed

PAGE = str(Path(__file__).resolve().parents[1] / "screens" / "quiz.py")
MISSED = (1, 4)
"""Which questions of the set (counting from 0) are answered wrongly."""
SECONDS = 12
"""How long each question is made to have been open when it is answered."""


def _click(at: AppTest, label: str) -> AppTest:
    return next(b for b in at.button if b.label == label).click().run()


def _metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def _text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def _worst(ref: QuestionRef) -> Choice:
    ranked = partner_question(ref).ranked()
    assert ranked[-1].value != ranked[0].value
    return ranked[-1]


def _answer(at: AppTest, choice: Choice) -> AppTest:
    for c in choice.cards:
        at = _click(at, f"Add {c}")
    at.session_state["quiz_started_at"] = time.monotonic() - SECONDS
    return _click(at, "Check my answer")


def test_answering_ten_questions_shows_the_set_summary_and_the_next_set() -> None:
    at = app(PAGE, timeout=60).run()
    missed: list[tuple[QuestionRef, Choice]] = []
    for number in range(SET_SIZE):
        ref = at.session_state["quiz_ref"]
        question = partner_question(ref)
        if number in MISSED:
            missed.append((ref, question.best()))
            at = _answer(at, _worst(ref))
        else:
            at = _answer(at, question.best())
        assert not at.exception
        if number < SET_SIZE - 1:
            assert "Set complete" not in _text(at)
            at = _click(at, "Next question")

    text = _text(at)
    right = SET_SIZE - len(MISSED)
    assert f"Set complete: {right} of {SET_SIZE} right" in text
    assert _metric(at, "Set score") == f"{right} / {SET_SIZE}"
    assert _metric(at, "Set time").startswith(f"{SET_SIZE * SECONDS // 60} min")
    assert _metric(at, "A question") == f"{SECONDS} s"
    assert "Best partnership hand: " in text, "the drill missed, with its themes"
    # Each "open again" link reopens its question in the same training record, and its
    # reference is sealed: no seed in the address.
    secret = at.query_params["training"]
    secret = secret[0] if isinstance(secret, list) else secret
    opened = [parse_qs(link) for link in re.findall(r"\[open again\]\(\?([^)]*)\)", text)]
    assert [o["training"] for o in opened] == [[secret]] * len(MISSED)
    assert [read_sealed(o["q"][0]) for o in opened] == [ref for ref, _ in missed]
    assert not any("seed" in o for o in opened)
    for _ref, best in missed:
        assert f"The answer: add {format_cards(best.cards)}" in text
    for number in MISSED:
        assert f"Question {number + 1}, **Best partnership hand**" in text
    assert not any(b.label == "Next question" for b in at.button)

    at = _click(at, "Start the next set")
    assert not at.exception
    assert "Set complete" not in _text(at)
    assert _metric(at, "This set") == f"0 / {SET_SIZE}"
    assert _metric(at, "Score") == f"{right} / {SET_SIZE}"
