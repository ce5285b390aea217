"""A lesson from a played hand, asked as a question: the cards the seat saw, the choices it
had, judged by the figures measured when the hand ended (nothing is worked out again)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.quiz.sophie import SophieQuestion
from ui.components.cards import show_cards
from ui.components.plain import plain
from ui.quiz.drills import show_sophie
from ui.quiz.page import Judge, answer_choices, question_key
from ui.training.lessons import lesson_question
from ui.training.measured import Lesson, judge_lesson

_CACHE = "quiz_lesson_question"
PER_ROW = 4


def ask_lesson(lesson: Mapping[str, Any], *, locked: bool) -> Judge | None:
    """The decision as the seat saw it in the hand."""
    st.caption("A decision from a hand you played, with only the cards you could see then.")
    measured = Lesson.from_json(lesson)
    if measured is None:
        return show_sophie(_sophie(lesson), locked=locked)
    return show_measured(measured, locked=locked)


def show_measured(lesson: Lesson, *, locked: bool) -> Judge | None:
    st.markdown(plain(lesson.prompt))
    for start in range(0, len(lesson.shown), PER_ROW):
        row = lesson.shown[start:start + PER_ROW]
        for column, shown in zip(st.columns(PER_ROW), row, strict=False):
            with column:
                st.markdown(f"**{plain(shown.label)}**")
                show_cards(shown.cards, size="small", down=shown.down,
                           dimmed=shown.cards if shown.dimmed else (), label=shown.label)
    chosen = answer_choices("Your choice", lesson.options, key=question_key("quiz_lesson_pick"),
                            locked=locked)
    if chosen is None:
        return None
    return lambda: judge_lesson(lesson, chosen)


def _sophie(lesson: Mapping[str, Any]) -> SophieQuestion:
    """A lesson kept before the measured format: its equities worked out once per visitor."""
    key = tuple(sorted((name, str(value)) for name, value in lesson.items()))
    cached = st.session_state.get(_CACHE)
    if cached is None or cached[0] != key:
        with st.spinner("Working out the equity of each choice…"):
            question = lesson_question(lesson)
            question.judged  # noqa: B018 - worked out now, kept with the question
        cached = st.session_state[_CACHE] = (key, question)
    question_found: SophieQuestion = cached[1]
    return question_found
