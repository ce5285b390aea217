"""A lesson from a played hand, asked as the Sophie's Pick drill asks its questions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.quiz.sophie import SophieQuestion
from ui.quiz.drills import show_sophie
from ui.quiz.page import Judge
from ui.training.lessons import lesson_question


@st.cache_data(max_entries=64, show_spinner="Working out the equity of each choice…")
def _question(items: tuple[tuple[str, str], ...]) -> SophieQuestion:
    question = lesson_question(dict(items))
    question.judged  # noqa: B018 - computed here so the cached copy carries them
    return question


def ask_lesson(lesson: Mapping[str, Any], *, locked: bool) -> Judge | None:
    """The decision as the seat saw it in the hand, judged by the same odds."""
    st.caption("A decision from a hand you played, with only the cards you could see then.")
    items = tuple(sorted((key, str(value)) for key, value in lesson.items()))
    return show_sophie(_question(items), locked=locked)
