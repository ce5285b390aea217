"""The quiz page with a training record, through AppTest."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.quiz.common import QuestionRef
from engine.quiz.stud import choices, stud_question

ROOT = Path(__file__).resolve().parents[2]


QUIZ = str(ROOT / "screens" / "quiz.py")


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


def _param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return value[0] if isinstance(value, list) else value
