"""Quizzes: drill the best partnership hand and each game's key decisions."""

import streamlit as st

from engine.quiz.common import Drill
from ui.quiz import page as quiz
from ui.quiz import training
from ui.quiz.drills import ASKERS
from ui.quiz.lesson import ask_lesson

st.title("Quizzes")
st.caption("Every question is dealt from a seed and judged by the engine; "
           "the link under each answer reopens the same question.")

training.open_record()
training.show_note()
quiz.open_linked_question()
quiz.show_link_error()
view = training.choose_view()
if training.review_requested():
    quiz.next_question()
if view == "Mistakes":
    training.show_mistakes()
elif view == "Progress":
    training.show_ratings()
    training.show_progress_charts()
else:
    ref = quiz.choose_drill()
    training.controls(quiz.next_question)
    # The score and ratings are drawn here once the answer below is judged and kept.
    standing_slot = st.container()
    st.divider()
    lesson = training.lesson()
    st.subheader("From a hand you played" if lesson else ref.drill.label)
    quiz.show_clock(ref)
    locked = quiz.answered() or quiz.checking()
    judge = (ask_lesson(lesson, locked=locked) if lesson
             else ASKERS[Drill(ref.drill)](ref, locked=locked))
    quiz.answer_bar(ref, judge, prompt="Choose your answer above, then check it.")
    quiz.keep_link(ref)
    with standing_slot:
        quiz.show_progress()
        training.show_ratings()
training.show_link_box()
