"""What every odds widget shares: running a question (cached chunk by chunk, with a
progress bar when it takes a while), typed card fields, the seed box, and the
sentence that says how an answer was found.

Caching: ``solve`` works in chunks, and each chunk is cached with
``st.cache_data`` keyed by the question and the chunk (its range, or its seed,
drawn in order from the widget's seed). The same inputs therefore give the
same answer instantly, and progress is shown between chunks, outside any
cached function.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd
import streamlit as st

from engine.cards import Card
from engine.hands import LowRanking
from engine.odds.exact import high_distribution, low_distribution
from engine.odds.inputs import OddsInputError
from engine.odds.run import DEFAULT_BUDGET, Budget, Question, Work, solve
from engine.odds.spots import SEED
from engine.odds.tally import Answer, Tally
from ui.card_input import read_cards
from ui.plain import plain

PROGRESS_AFTER = 0.25
"""Seconds of work before the progress bar appears (it must show before half a second)."""


@st.cache_resource(show_spinner="Counting every seven-card hand once (about a second)...")
def seven_card_tables() -> bool:
    """Build the exact seven-card tables the Psycho model and the stud column use, once
    per server, with a spinner (they take about a second)."""
    high_distribution()
    for ranking in LowRanking:
        low_distribution(ranking)
    return True


@st.cache_data(show_spinner=False, max_entries=4000)
def _chunk(question: Question, work: Work) -> Tally:
    return question.tally(work)


def run(question: Question, *, seed: int, budget: Budget = DEFAULT_BUDGET,
        sample: bool = False) -> Answer:
    """Answer ``question``, reproducibly from ``seed``, showing progress on long work."""
    slot = st.empty()
    started = time.perf_counter()
    bar: list[object] = []

    def progress(fraction: float, message: str) -> None:
        if not bar and time.perf_counter() - started > PROGRESS_AFTER:
            bar.append(True)
        if bar:
            slot.progress(min(1.0, fraction), text=message)

    answer = solve(question, rng=np.random.default_rng(seed), budget=budget,
                   progress=progress, compute=_chunk, sample=sample)
    slot.empty()
    return answer


def table(frame: pd.DataFrame, *, key: str) -> None:
    """A results table, every row shown, labels in the first column."""
    st.dataframe(frame, hide_index=True, height=38 + 35 * len(frame), key=key)


def how_found(answer: Answer) -> None:
    """Exact or sampled, how many deals, how sure, and the server time."""
    st.caption(f"{answer.describe()} A tie counts as a share of the pot. "
               f"Server time {answer.seconds:.2f} s.")


def cards_input(label: str, *, key: str, count: Sequence[int] | None = None,
                help: str | None = None) -> list[Card] | None:
    """A card text box (its value lives in ``st.session_state[key]``); shows what is
    wrong and returns ``None`` when the cards do not read or the count is wrong."""
    hint = help or "Type cards like K♥ 10h Qs 2c (T also means ten), separated by spaces."
    text = st.text_input(label, key=key, help=hint)
    cards = read_cards(text)
    if isinstance(cards, str):
        st.error(f"{label}: {plain(cards)}.", icon=":material/back_hand:")
        return None
    if count is not None and len(cards) not in count:
        wanted = " or ".join(str(n) for n in count)
        st.error(f"{label}: type {wanted} cards; found {len(cards)}.",
                 icon=":material/back_hand:")
        return None
    return cards


def text_of(cards: Sequence[Card]) -> str:
    """Cards as a text box shows them: ``K♥ 10♥``."""
    return " ".join(str(c) for c in cards)


def seed_box(prefix: str, deal: Callable[[int], None], *, default: int = SEED) -> int:
    """A seed and a button that deals from it (``deal`` fills the card boxes)."""
    key = f"{prefix}_seed"
    left, right = st.columns([3, 2], vertical_alignment="bottom")
    with left:
        seed = int(st.number_input("Seed", min_value=0, max_value=2**31 - 1, value=default,
                                   step=1, key=key,
                                   help="The same seed deals the same cards and gives the "
                                        "same sampled answer."))
    with right:
        st.button("Deal from this seed", key=f"{prefix}_deal", icon=":material/playing_cards:",
                  on_click=lambda: deal(int(st.session_state[key])))
    return seed


def prefill(values: dict[str, str]) -> None:
    """Put dealt cards into the card boxes (only keys not yet typed in)."""
    for key, value in values.items():
        st.session_state.setdefault(key, value)


def refill(values: dict[str, str]) -> None:
    """Replace the card boxes' text (a new deal)."""
    for key, value in values.items():
        st.session_state[key] = value


def problem(error: OddsInputError) -> None:
    """An impossible question, said plainly."""
    st.error(plain(str(error)), icon=":material/back_hand:")
