"""Quizzes: drill the best partnership hand and each game's key decisions."""

import streamlit as st

from engine.quiz.common import Drill
from ui.quiz import page as quiz
from ui.quiz.drills import ASKERS

st.title("Quizzes")
st.caption("Every question is dealt from a seed and judged by the engine; "
           "the link under each answer reopens the same question.")

quiz.open_linked_question()
quiz.show_link_error()
ref = quiz.choose_drill()
quiz.show_progress()
st.divider()
st.subheader(ref.drill.label)
quiz.show_clock(ref)
judge = ASKERS[Drill(ref.drill)](ref, locked=quiz.answered())
quiz.answer_bar(ref, judge, prompt="Choose your answer above, then check it.")
quiz.keep_link(ref)
