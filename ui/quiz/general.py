"""The drills every game gets from its declaration, on the quiz page: the best five cards
(tap five of your cards and the board) and what is legal here (the table as the seat to
act sees it, and a row of actions to choose from)."""

from __future__ import annotations

import streamlit as st

from engine.cards import Card, format_cards
from engine.quiz.best_five import NO_LOW, PICK, BestFiveQuestion, best_five_question
from engine.quiz.best_five import judge_best_five as judge_five
from engine.quiz.common import QuestionRef
from engine.quiz.legal import judge_legal, legal_question
from ui.components.cards import show_cards
from ui.components.table import show_table
from ui.quiz.page import Judge, answer_area, answer_choices, question_key

_TILE_PX = 84
"""A card's column: a medium card and its button; four fit across a phone."""


def _toggle(key: str, code: int) -> None:
    picked: list[int] = list(st.session_state.get(key, []))
    if code in picked:
        picked.remove(code)
    elif len(picked) < PICK:
        picked.append(code)
    st.session_state[key] = picked
    st.session_state[f"{key}_no_low"] = False


def _say_no_low(key: str) -> None:
    st.session_state[f"{key}_no_low"] = not st.session_state.get(f"{key}_no_low", False)
    st.session_state[key] = []


def _row(title: str, cards: tuple[Card, ...], *, key: str, locked: bool) -> None:
    """A row of cards that wraps on a phone, a tappable button under each."""
    picked = set(st.session_state.get(key, []))
    full = len(picked) >= PICK
    st.markdown(f"**{title}**")
    with st.container(horizontal=True, gap="small"):
        for c in cards:
            with st.container(width=_TILE_PX, gap="small"):
                chosen = c.code in picked
                show_cards([c], size="medium", marked=[c] if chosen else [],
                           captions=["chosen" if chosen else ""], label=None)
                st.button(f"Drop {c}" if chosen else f"Use {c}", key=f"{key}_{c.ascii}",
                          type="primary" if chosen else "secondary",
                          disabled=locked or (full and not chosen), width="stretch",
                          on_click=_toggle, args=(key, c.code))


def ask_best_five(ref: QuestionRef, *, locked: bool) -> Judge | None:
    """Draw the cards; return the judge once five are chosen (or "no low" is said)."""
    question: BestFiveQuestion = best_five_question(ref)
    st.markdown(question.prompt)
    key = question_key("quiz_five_picked")
    with answer_area():
        _row("Your cards", question.hole, key=key, locked=locked)
        if question.board:
            _row("Board 1" if question.boards > 1 else "The board", question.board,
                 key=key, locked=locked)
        if question.may_say_no_low:
            said = bool(st.session_state.get(f"{key}_no_low"))
            st.button(NO_LOW, key=f"{key}_say_no_low", type="primary" if said else "secondary",
                      disabled=locked, on_click=_say_no_low, args=(key,))
    if st.session_state.get(f"{key}_no_low"):
        return lambda: judge_five(question, NO_LOW)
    picked = [Card.from_code(code) for code in st.session_state.get(key, [])]
    if not locked:
        shown = format_cards(picked) if picked else "nothing yet"
        st.markdown(f"Chosen ({len(picked)} of {PICK}): **{shown}**")
    if len(picked) != PICK:
        return None
    return lambda: judge_five(question, picked)


def ask_legal(ref: QuestionRef, *, locked: bool) -> Judge | None:
    """The table as the seat to act sees it, then the actions to choose from."""
    question = legal_question(ref)
    st.markdown(question.prompt)
    show_table(question.view, you=[question.seat])
    chosen = answer_choices("Legal here (choose every one)", question.options, several=True,
                            key=question_key("quiz_legal_answer"), locked=locked)
    if not chosen:
        return None
    return lambda: judge_legal(question, chosen)
