"""A lesson from a played hand, asked as the Sophie's Pick drill asks its questions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.quiz.sophie import SophieQuestion
from ui.quiz.drills import show_sophie
from ui.quiz.page import Judge
from ui.training.lessons import lesson_question

_CACHE = "quiz_lesson_question"


def _question(lesson: Mapping[str, Any]) -> SophieQuestion:
    """The lesson's question, its equities worked out once for this visitor."""
    key = tuple(sorted((name, str(value)) for name, value in lesson.items()))
    cached = st.session_state.get(_CACHE)
    if cached is None or cached[0] != key:
        with st.spinner("Working out the equity of each choice…"):
            question = lesson_question(lesson)
            question.judged  # noqa: B018 - worked out now, kept with the question
        cached = st.session_state[_CACHE] = (key, question)
    question_found: SophieQuestion = cached[1]
    return question_found


def ask_lesson(lesson: Mapping[str, Any], *, locked: bool) -> Judge | None:
    """The decision as the seat saw it in the hand, judged by the same odds."""
    st.caption("A decision from a hand you played, with only the cards you could see then.")
    return show_sophie(_question(lesson), locked=locked)
