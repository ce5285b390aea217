"""The Pick a Partner widget: who should I pick?"""

from __future__ import annotations

import re

import streamlit as st

from engine.cards import FULL_DECK, Card
from engine.games.pick_a_partner_steps import SUIT_ORDER
from engine.hands import Category
from engine.odds.inputs import OddsInputError
from engine.odds.partner import TABLE_SIZES, partner_question
from engine.odds.spots import PARTNER_PLAYERS, SEED, partner_spot
from engine.odds.tally import Answer, Estimate
from ui.components.cards import show_cards
from ui.components.plain import plain
from ui.odds.charts import estimates_frame, show_bars
from ui.odds.common import (
    cards_input,
    fit,
    how_found,
    kept_key,
    prefill,
    problem,
    refill,
    run,
    seed_box,
    table,
    text_of,
)

PREFIX = "odds_partner"
MODEL = (
    "Everyone's hidden cards are dealt at random from the cards you cannot see. You pick "
    "first; then the players still without a partner pick as the computer players do: "
    "the highest first up card picks (equal ranks: the higher suit, in the order spades, "
    "hearts, diamonds, clubs), choosing the up card "
    "that best fits its own first up card and hidden cards (same rank, same suit, close "
    "ranks, height), and the last two pair up. Nobody folds, and each team's hand is both "
    "first up cards plus the best three of the partners' other eight cards. (A real "
    "player turns up a card that fits their hand; here the hidden cards are random.)")


def _boxes(players: int, seed: int) -> dict[str, str]:
    spot = partner_spot(players, seed=seed)
    return {f"{PREFIX}_ups": text_of(spot.ups), f"{PREFIX}_hidden": text_of(spot.hidden),
            f"{PREFIX}_me": str(spot.me + 1), f"{PREFIX}_paired": ""}


def _fit_table() -> None:
    """A new table size keeps the typed up cards, cut or topped up from the seed's deal."""
    state = st.session_state
    players = int(state[f"{PREFIX}_players"])
    spot = partner_spot(players, seed=int(state.get(f"{PREFIX}_seed", SEED)))
    fit({f"{PREFIX}_ups": players}, [*spot.ups, *spot.hidden, *FULL_DECK])


def _seat_in_range(players: int) -> None:
    """Keep the chosen seat when the table changes size; one that no longer exists falls
    back to the last seat, with a message."""
    key = f"{PREFIX}_me"
    seat = st.session_state.get(key, st.session_state.get(kept_key(key)))
    if seat is not None and not 1 <= int(seat) <= players:
        st.session_state[key] = str(players)
        st.warning(f"Your seat was Seat {seat}, which a table of {players} does not have: "
                   f"you are now Seat {players}.", icon=":material/event_seat:")


MAX_PAIRS_TEXT = 200
"""Longest partnership text read: five pairs need a few dozen characters."""


def _pairs(text: str, seats: int) -> list[tuple[int, int]] | str:
    """``"2-5, 3 4"`` as seat pairs (0-based), or what is wrong with it."""
    if len(text) > MAX_PAIRS_TEXT:
        return f"that is too much text (at most {MAX_PAIRS_TEXT} characters)"
    found = []
    for piece in [p for p in re.split(r"[,;]", text) if p.strip()]:
        numbers = re.findall(r"\d+", piece)
        if len(numbers) != 2 or re.sub(r"[\d\s\-–&+/]|and", "", piece):
            return f"'{piece.strip()}' is not a pair of seats: write them like 2-5"
        a, b = (int(n) - 1 for n in numbers)
        if not (0 <= a < seats and 0 <= b < seats):
            return f"'{piece.strip()}': seats run from 1 to {seats}"
        found.append((a, b))
    return found


def _label(seat: int, ups: list[Card]) -> str:
    return f"Seat {seat + 1} ({ups[seat]})"


def show() -> None:
    """Inputs, then each possible partner's equity and the chosen team's hand categories."""
    st.subheader("Pick a Partner: who should I pick?")
    st.caption(f"Who picks next: the highest first up card among the players still without "
               f"a partner; equal ranks go by suit ({SUIT_ORDER}, highest first). Tied team "
               "hands split the pot: suits never break a tie between hands.")
    st.write("Give the table's first up cards, seat by seat, and your seat when it is your "
             "turn to pick. For every player you could pick, the chance that your team's "
             "hand wins at the showdown.")
    players = int(st.selectbox("Players", TABLE_SIZES, index=TABLE_SIZES.index(PARTNER_PLAYERS),
                               key=f"{PREFIX}_players", on_change=_fit_table))
    seed = seed_box(PREFIX, lambda s: refill(_boxes(players, s)))
    _seat_in_range(players)
    prefill(_boxes(players, seed))
    ups = cards_input("First up cards, Seat 1 first", key=f"{PREFIX}_ups", count=(players,))
    left, right = st.columns(2)
    with left:
        seat_text = str(st.selectbox("Your seat", [str(s) for s in range(1, players + 1)],
                                     key=f"{PREFIX}_me"))
        st.session_state[kept_key(f"{PREFIX}_me")] = seat_text
    with right:
        hidden = cards_input("Your four hidden cards (optional)", key=f"{PREFIX}_hidden",
                             count=(0, 4))
    paired_text = st.text_input("Partnerships already made (optional)", key=f"{PREFIX}_paired",
                                help="Pairs of seats picked before your turn, like 2-5, 3-4.")
    st.session_state[kept_key(f"{PREFIX}_paired")] = paired_text
    paired = _pairs(paired_text, players)
    if isinstance(paired, str):
        st.error(f"Partnerships already made: {plain(paired)}.",
                 icon=":material/back_hand:")
        return
    if ups is None or hidden is None:
        return
    me = int(seat_text) - 1
    try:
        question = partner_question(ups, me=me, hidden=hidden, paired=paired)
    except OddsInputError as error:
        problem(error)
        return
    show_cards(ups, size="small", marked=[ups[me]],
               captions=[f"Seat {s + 1}" + (" (you)" if s == me else "") for s in range(players)],
               label="First up cards")
    answer = run(question, seed=seed)
    rows = {_label(c, ups): answer[f"equity/{c}"] for c in question.candidates}
    best = max(question.candidates, key=lambda c: answer[f"equity/{c}"].value)
    st.success(f"Pick {_label(best, ups)}: your team wins "
               f"{answer[f'equity/{best}'].percent()} of the pot on average.",
               icon=":material/handshake:")
    with st.container(key=f"{PREFIX}_chart"):
        show_bars(rows, title="Your team's equity with each partner", axis="Equity (%)",
                  highlight=_label(best, ups))
    columns = partner_rows(answer, question.candidates)
    table(estimates_frame({_label(c, ups): row for c, row in columns.items()},
                          first="Partner"), key=f"{PREFIX}_table")
    how_found(answer)
    _categories(answer, question.candidates, ups, best)
    with st.expander("How this is worked out"):
        st.write(MODEL)


def _categories(answer: Answer, candidates: tuple[int, ...], ups: list[Card],
                best: int) -> None:
    """The chosen team's hand, category by category."""
    labels = {c: _label(c, ups) for c in candidates}
    chosen = st.selectbox("Team hand categories with", list(candidates),
                          index=candidates.index(best), format_func=labels.__getitem__,
                          key=f"{PREFIX}_chosen")
    rows = {category.label: answer[f"category{int(category)}/{chosen}"]
            for category in reversed(Category)}
    with st.container(key=f"{PREFIX}_categories"):
        show_bars(rows, title=f"Your team hand with {labels[chosen]}")



def partner_rows(answer: Answer, candidates: tuple[int, ...]) -> dict[int, dict[str, Estimate]]:
    """Each partner's row: the team's equity, and how often it wins alone only when a split
    pot makes the two differ for some partner (a tie is rare for a team hand, and two equal
    columns say nothing)."""
    equity = {c: answer[f"equity/{c}"] for c in candidates}
    alone = {c: answer[f"win/{c}"] for c in candidates}
    if all(abs(equity[c].value - alone[c].value) < 0.0005 for c in candidates):
        return {c: {"Equity": equity[c]} for c in candidates}
    return {c: {"Equity": equity[c], "Wins alone": alone[c]} for c in candidates}
