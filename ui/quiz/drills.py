"""Each drill's question and answer widgets; ``ASKERS`` maps a drill to its own.

An asker draws the question for a ``QuestionRef`` and returns a ``Judge`` once
an answer is chosen (``None`` before). Answers are tapped, never typed: every
drill answers with ``ui.quiz.page.answer_choices``, one row of large buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import streamlit as st

from engine.quiz.common import Drill, QuestionRef
from engine.quiz.expose import ExposeQuestion, expose_question, judge_expose
from engine.quiz.psycho import judge_psycho, psycho_question
from engine.quiz.showdown import judge_showdown, showdown_question
from engine.quiz.sophie import Pick, SophieQuestion, judge_sophie, sophie_question
from engine.quiz.stud import BIG_BET, StudAsk, choices, judge_stud, stud_question
from ui.components.cards import show_cards
from ui.quiz.general import ask_best_five, ask_legal
from ui.quiz.page import Judge, answer_choices, question_key
from ui.quiz.partner import ask_partner

Asker = Callable[..., Judge | None]


def _key(ref: QuestionRef, what: str) -> str:
    return question_key(f"quiz_{ref.drill.value}_{what}")


def ask_showdown(ref: QuestionRef, *, locked: bool) -> Judge | None:
    question = showdown_question(ref)
    st.markdown(question.setting)
    if question.board:
        st.markdown("**Board**")
        show_cards(question.board, size="medium", label="Board")
    for column, name, hand in zip(st.columns(len(question.hands)), question.names,
                                  question.hands, strict=True):
        with column:
            st.markdown(f"**{name}**")
            show_cards(hand, size="small", label=f"{name}'s cards")
    chosen = answer_choices("Who wins? On a tie, choose every winner.", question.names,
                            several=True, key=_key(ref, "winners"), locked=locked)
    if not chosen:
        return None
    picked = {question.names.index(name) for name in chosen}
    return lambda: judge_showdown(question, picked)


@st.cache_data(max_entries=64, show_spinner="Working out the equity of each choice…")
def _sophie(ref: QuestionRef) -> SophieQuestion:
    """Sophie's questions take a fraction of a second to judge: work them out once."""
    question = sophie_question(ref)
    question.judged  # noqa: B018 - computed here so the cached copy carries them
    return question


def ask_sophie(ref: QuestionRef, *, locked: bool) -> Judge | None:
    return show_sophie(_sophie(ref), locked=locked)


def show_sophie(question: SophieQuestion, *, locked: bool) -> Judge | None:
    """A Sophie's Pick decision: the drill's own question, or one from a played hand."""
    ref = question.ref
    st.markdown(question.prompt)
    if question.pick is Pick.LOCK:
        st.markdown("**Your six hole cards**")
        show_cards(sorted(question.hole, reverse=True), size="medium", label="Your hole cards")
    else:
        board_column, dead_column = st.columns([3, 2])
        with board_column:
            st.markdown("**Board**")
            show_cards(question.board, size="medium", label="Board")
        if question.sacrificed:
            with dead_column:
                st.markdown("**Sacrificed at the flop**")
                show_cards(question.sacrificed, size="medium", dimmed=question.sacrificed,
                           label="Pair sacrificed at the flop")
        st.markdown("**Your locked pairs**")
        for column, number, pair in zip(st.columns(3), range(1, 4), question.pairs,
                                        strict=False):
            with column:
                st.caption(f"Pair {number}")
                show_cards(pair, size="medium", label=f"Pair {number}")
    label = "Lock these pairs" if question.pick is Pick.LOCK else "Your pick"
    chosen = answer_choices(label, question.labels(), key=_key(ref, "pick"), locked=locked)
    if chosen is None:
        return None
    return lambda: judge_sophie(question, chosen)


def ask_stud(ref: QuestionRef, *, locked: bool) -> Judge | None:
    question = stud_question(ref)
    st.markdown(f"**{question.prompt}**")
    st.caption(question.rules + " Players sit in order from the dealer's left.")
    per_row = 4
    for start in range(0, len(question.up), per_row):
        columns = st.columns(per_row)
        for column, name, up in zip(columns, question.names[start:start + per_row],
                                    question.up[start:start + per_row], strict=False):
            with column:
                st.markdown(f"**{name}**")
                show_cards([None, None, *up], size="small", label=f"{name}'s cards")
    label = {StudAsk.BRING_IN: "Who brings in?", StudAsk.FIRST_TO_ACT: "Who acts first?",
             StudAsk.BIG_BET: f"May the opener bet {BIG_BET}?"}[question.ask]
    chosen = answer_choices(label, choices(question), key=_key(ref, "answer"), locked=locked)
    if chosen is None:
        return None
    return lambda: judge_stud(question, chosen)


def ask_psycho(ref: QuestionRef, *, locked: bool) -> Judge | None:
    question = psycho_question(ref)
    st.markdown(f"Showdown, pot **{question.pot}**, low ranked **{question.ranking.value}**. "
                "Each player's seven cards (the last three were face down) and declaration:")
    for start in range(0, len(question.hands), 3):
        columns = st.columns(3)
        for offset, column in enumerate(columns):
            seat = start + offset
            if seat >= len(question.hands):
                break
            with column:
                st.markdown(f"**{question.names[seat]}** declares "
                            f"**{question.declarations[seat].value}**")
                hand = question.hands[seat]
                show_cards(hand, size="small", down=hand[4:],
                           label=f"{question.names[seat]}'s cards")
    chosen = answer_choices("Who gets what?", question.options(), key=_key(ref, "split"),
                            locked=locked)
    if chosen is None:
        return None
    return lambda: judge_psycho(question, chosen)


def _expose(ref: QuestionRef) -> ExposeQuestion:
    """The question, its measure worked out first (a moment, the first time: the engine
    keeps each hand's measure, so the odds view, the lessons and this drill share it)."""
    question = expose_question(ref)
    with st.spinner("Measuring how the table reads each three…"):
        question.advice()
    return question


def ask_expose(ref: QuestionRef, *, locked: bool) -> Judge | None:
    """Five cards after the draw; the three to show are tapped among the ten choices."""
    question = _expose(ref)
    st.markdown(question.prompt)
    show_cards(question.cards, size="medium", label="Your five cards")
    chosen = answer_choices("Show these three", question.options(), key=_key(ref, "three"),
                            locked=locked)
    if chosen is None:
        return None
    return lambda: judge_expose(question, chosen)


ASKERS: Mapping[Drill, Asker] = MappingProxyType({
    Drill.PARTNER: ask_partner,
    Drill.SHOWDOWN: ask_showdown,
    Drill.SOPHIE: ask_sophie,
    Drill.STUD: ask_stud,
    Drill.PSYCHO: ask_psycho,
    Drill.BEST_FIVE: ask_best_five,
    Drill.LEGAL: ask_legal,
    Drill.EXPOSE: ask_expose,
})
