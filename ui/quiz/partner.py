"""The partnership question: two partners' cards, clicked to choose the three to add."""

from __future__ import annotations

import streamlit as st

from engine.cards import Card, format_cards
from engine.quiz.common import QuestionRef
from engine.quiz.partner import PICK, PartnerQuestion, judge_partner, partner_question
from ui.components.cards import show_cards
from ui.quiz.page import Judge, answer_area, question_key

_TILE_PX = 84
"""A card's column: a medium card and its button."""

_ROW = "quiz_partner_row"


def _toggle(key: str, code: int) -> None:
    picked: list[int] = list(st.session_state.get(key, []))
    if code in picked:
        picked.remove(code)
    elif len(picked) < PICK:
        picked.append(code)
    st.session_state[key] = picked


def _partner(question: PartnerQuestion, cards: tuple[Card, ...], number: int, *,
             key: str, locked: bool) -> None:
    """One partner's five cards in a row, a tappable button under each."""
    picked = set(st.session_state.get(key, []))
    full = len(picked) >= PICK
    st.markdown(f"**Partner {number}**, first up card {cards[0]}")
    with st.container(horizontal=True, gap="small", key=f"{_ROW}_{number}"):
        for c in cards:
            with st.container(width=_TILE_PX, gap="small"):
                anchor = c == cards[0]
                chosen = c.code in picked
                caption = "first up" if anchor else ("added" if chosen else "")
                show_cards([c], size="medium", marked=[c] if anchor or chosen else [],
                           captions=[caption],
                           label=f"Partner {number}'s first up card" if anchor else None)
                if anchor:
                    st.caption("always plays")
                    continue
                st.button(f"Drop {c}" if chosen else f"Add {c}",
                          key=f"{key}_{c.ascii}", type="primary" if chosen else "secondary",
                          disabled=locked or (full and not chosen), width="stretch",
                          on_click=_toggle, args=(key, c.code))


def ask_partner(ref: QuestionRef, *, locked: bool) -> Judge | None:
    """Draw the question; return its judge once three cards are chosen."""
    question = partner_question(ref)
    st.markdown("Make the team's best hand: both **first up cards** (ringed) always play; "
                f"tap **{PICK}** of the other eight cards to add.")
    if question.hint:
        st.info(question.hint, icon=":material/lightbulb:")
    key = question_key("quiz_partner_picked")
    # On a phone each partner's five cards and their buttons share one row, so both
    # partners' hands are seen at once (the rows' keys start with quiz_partner_row).
    st.html("<style>@media (max-width: 640px) {"
            " [class*='st-key-quiz_partner_row'] { flex-wrap: nowrap; gap: 4px; }"
            " [class*='st-key-quiz_partner_row'] > [data-testid='stLayoutWrapper'] {"
            " width: auto !important; flex: 1 1 0; min-width: 0; }"
            " [class*='st-key-quiz_partner_row'] .dc-row > div { width: 100% !important; }"
            " [class*='st-key-quiz_partner_row'] .dc-row img {"
            " width: 100% !important; height: auto !important; }"
            " .st-key-quiz_answer [class*='st-key-quiz_partner_row'] button {"
            " padding: 0.3rem 0.1rem; font-size: 0.85rem; }"
            "}</style>")
    with answer_area():
        _partner(question, question.first, 1, key=key, locked=locked)
        _partner(question, question.second, 2, key=key, locked=locked)
    picked = [Card.from_code(code) for code in st.session_state.get(key, [])]
    if not locked:
        shown = format_cards(picked) if picked else "nothing yet"
        st.markdown(f"Chosen ({len(picked)} of {PICK}): **{shown}**")
    if len(picked) != PICK:
        return None
    return lambda: judge_partner(question, picked)
