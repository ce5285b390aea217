"""Every drill answers the same way: one block of large buttons, then the same feedback.

The answer control of each drill sits in the ``quiz_answer`` container (styled
as one; tests/browser/test_quiz.py measures the buttons on a phone); after Check, the verdict's
headline comes first in the feedback block and the Next question button right
under it, whichever drill it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from engine.quiz.best_five import best_five_question
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.partner import partner_question
from tests.support.pages_app import app
from ui.quiz.page import ANSWER_KEY

PAGE = str(Path(__file__).resolve().parents[1] / "screens" / "quiz.py")
PICKERS = ("Drill", "Level")


def _nodes(node: Any) -> Iterator[Any]:
    """Every element and block under ``node``, in page order."""
    for child in node.children.values():
        yield child
        if hasattr(child, "children"):
            yield from _nodes(child)


def _block(at: AppTest, key: str) -> Any:
    return next(n for n in _nodes(at.main) if hasattr(n, "children")
                and str(getattr(n.proto, "id", "")).endswith(f"-{key}"))


def _widgets(node: Any) -> list[Any]:
    return [n for n in _nodes(node) if n.type in ("button_group", "button", "radio")
            and getattr(n, "label", "") not in PICKERS]


def _open(drill: Drill) -> AppTest:
    level = drill.levels[0]
    at = app(PAGE, timeout=60)
    for name, value in QuestionRef(drill, level, 0 if level is Level.TUTORIAL else 7,
                                   "omaha" if drill.per_game else "").to_params().items():
        at.query_params[name] = value
    return at.run()


@pytest.mark.parametrize("drill", list(Drill))
def test_every_drill_answers_in_one_block_then_the_same_feedback(drill: Drill) -> None:
    at = _open(drill)
    assert not at.exception and not at.radio
    answer = _block(at, ANSWER_KEY)
    inside = _widgets(answer)
    assert inside, "the answer control is in the shared answer block"
    everywhere = [w for w in _widgets(at.main) if w.label != "Check my answer"]
    assert len(everywhere) == len(inside), "and nothing to answer with outside it"
    if drill is Drill.PARTNER:
        for c in partner_question(at.session_state["quiz_ref"]).best().cards:
            at = next(b for b in at.button if b.label == f"Add {c}").click().run()
    elif drill is Drill.BEST_FIVE:
        for c in best_five_question(at.session_state["quiz_ref"]).best_held():
            at = next(b for b in at.button if b.label == f"Use {c}").click().run()
    else:
        (pills,) = inside
        assert pills.type == "button_group"
        first = pills.options[0]
        pills.set_value(first if pills._is_single_select else [first]).run()
    at = next(b for b in at.button if b.label == "Check my answer").click().run()
    assert not at.exception
    feedback = [n for n in _nodes(_block(at, "quiz_feedback"))
                if not hasattr(n, "children") and n.type != "empty"]
    assert feedback[0].type in ("success", "error")
    assert feedback[1].type == "button" and feedback[1].label == "Next question"
