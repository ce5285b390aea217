"""What every odds widget shares: running a question (cached chunk by chunk, with a
progress bar when it takes a while), typed card fields, the seed box, and the
sentence that says how an answer was found.

Typed cards outlive option changes: each card box's text is kept under a
second key (Streamlit forgets a box it did not draw in a run, as when a
decision or the number of players changes), and dealt cards fill only boxes
that have never held anything. Only a deal (the seed's button) replaces text.

Caching: ``solve`` works in chunks, and each chunk is cached with
``st.cache_data`` keyed by the question and the chunk (its range, or its seed,
drawn in order from the widget's seed). The same inputs therefore give the
same answer instantly, and progress is shown between chunks, outside any
cached function.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

import numpy as np
import pandas as pd
import streamlit as st

from engine.cards import FULL_DECK, Card
from engine.odds.exact import high_distribution, low_distribution
from engine.odds.inputs import OddsInputError
from engine.odds.psycho import SCORED_LOWS
from engine.odds.run import DEFAULT_BUDGET, Budget, Question, Work, solve
from engine.odds.spots import SEED
from engine.odds.tally import Answer, Tally
from ui.components.card_input import read_cards
from ui.components.plain import plain

PROGRESS_AFTER = 0.25
"""Seconds of work before the progress bar appears (it must show before half a second)."""


@st.cache_resource(show_spinner="Counting every seven-card hand once (about a second)...")
def seven_card_tables() -> bool:
    """Build the exact seven-card tables the Psycho model and the stud column use, once
    per server, with a spinner (they take about a second)."""
    high_distribution()
    for ranking in SCORED_LOWS:
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
    """A results table, every row shown, labels in the first column.

    A static table: an interactive data grid's script (over a megabyte) would keep a new
    visitor waiting seconds for a handful of rows."""
    with st.container(key=key):
        st.table(frame, hide_index=True)


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
    st.session_state[kept_key(key)] = text
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


def kept_key(key: str) -> str:
    """Where a card box's text is kept while the box is not on the page."""
    return f"{key}_kept"


def restore(key: str) -> None:
    """Put back what a box or choice held when it was last on the page."""
    if key not in st.session_state and kept_key(key) in st.session_state:
        st.session_state[key] = st.session_state[kept_key(key)]


def _typed_cards(keys: Sequence[str]) -> set[Card]:
    """The cards that read in these boxes (a box that does not read holds none)."""
    found: set[Card] = set()
    for key in keys:
        cards = read_cards(str(st.session_state.get(key, "")))
        if not isinstance(cards, str):
            found.update(cards)
    return found


def dealt_key(key: str) -> str:
    """Where the text the site dealt into a box is kept, to tell it from typed text."""
    return f"{key}_dealt"


def prefill(values: dict[str, str]) -> None:
    """Give every box its text: what was typed in it before, else the dealt cards. A box
    that is new (more players, say) gets its dealt cards, any of them already in another
    box swapped for a card no box holds. A dealt card the visitor has since typed in
    another box gives way too, so the sample never clashes with typed cards."""
    state = st.session_state
    for key in values:
        restore(key)
    fresh = [key for key in values if key not in state]
    taken = _typed_cards([key for key in values if key in state])
    for key in fresh:
        dealt = read_cards(values[key])
        if isinstance(dealt, str):  # not a card box (a seat number, say)
            state[key] = values[key]
            continue
        free = (c for c in FULL_DECK if c not in taken and c not in dealt)
        dealt = [next(free) if c in taken else c for c in dealt]
        state[key] = state[dealt_key(key)] = text_of(dealt)
        taken.update(dealt)
    _give_way([key for key in values if key in state])


def _give_way(keys: Sequence[str]) -> None:
    """Swap out of each box still holding what was dealt into it any card typed in a box
    the visitor changed."""
    state = st.session_state
    untouched = [k for k in keys if state.get(dealt_key(k)) == state.get(k)]
    typed = _typed_cards([k for k in keys if k not in untouched])
    if not typed:
        return
    held = _typed_cards(keys)
    spare = (c for c in FULL_DECK if c not in held)
    for key in untouched:
        cards = read_cards(str(state[key]))
        if isinstance(cards, str) or not set(cards) & typed:
            continue
        swapped = [next(spare) if c in typed else c for c in cards]
        state[key] = state[dealt_key(key)] = state[kept_key(key)] = text_of(swapped)


def refill(values: dict[str, str]) -> None:
    """Replace the card boxes' text (a new deal)."""
    for key, value in values.items():
        st.session_state[key] = value
        st.session_state[kept_key(key)] = value
        st.session_state[dealt_key(key)] = value


def problem(error: OddsInputError) -> None:
    """An impossible question, said plainly."""
    st.error(plain(str(error)), icon=":material/back_hand:")


def fit(wanted: Mapping[str, int], spare: Sequence[Card]) -> None:
    """Make each box hold ``wanted[key]`` cards, keeping what it holds: extra cards are
    dropped from the end, missing ones come from ``spare`` (the first not in any box). A box
    whose text does not read is left as it is, with its message."""
    state = st.session_state
    boxes: dict[str, list[Card]] = {}
    for key in wanted:
        cards = read_cards(str(state.get(key, state.get(kept_key(key), ""))))
        if not isinstance(cards, str):
            boxes[key] = cards[:wanted[key]]
    used = {c for cards in boxes.values() for c in cards}
    left = iter([c for c in dict.fromkeys(spare) if c not in used])
    for key, cards in boxes.items():
        cards.extend(next(left) for _ in range(wanted[key] - len(cards)))
        refill({key: text_of(cards)})
