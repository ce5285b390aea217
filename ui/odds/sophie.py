"""The Sophie's Pick widget: how to lock, what to sacrifice, which pair to keep."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

import streamlit as st

from engine.bots.sophies_pick import lock_score
from engine.cards import Card
from engine.games import GAMES
from engine.games.hand_types import HIGH_HAND
from engine.games.sophies_pick import pair_text, pairings
from engine.odds.inputs import OddsInputError
from engine.odds.sophie import SophieQuestion, flop_question, lock_question, turn_question
from engine.odds.spots import SOPHIE_OPPONENTS, sophie_spot
from ui.components.cards import show_cards
from ui.odds.charts import estimates_frame, show_bars
from ui.odds.common import (
    cards_input,
    how_found,
    prefill,
    problem,
    refill,
    run,
    seed_box,
    table,
    text_of,
)
from ui.sidebar import current_game

PREFIX = "odds_sophie"
STAGES = MappingProxyType({"lock": "Before the flop: how to lock",
                           "flop": "On the flop: what to sacrifice",
                           "turn": "On the turn: which pair to keep"})
MODEL = (
    "Each opponent gets six random cards from those you cannot see and locks them the way "
    "the computer players do (the strongest hold'em starting pairs). From then on every "
    "sacrifice, yours and theirs, keeps what is best on the board at that moment: on the "
    "flop the pair that makes the weakest hand with the flop is given up, on the turn the "
    "better of the last two pairs with the four board cards is kept (with two boards, a "
    "pair's hands on both are added up; ties go to the stronger starting pair). Nobody "
    "folds, and each board's half of the pot goes to its best hand. Every option is played "
    "on the same random deals, so they are compared fairly.")

Pair = tuple[Card, Card]


def _best_lock(hole: Sequence[Card]) -> list[Pair]:
    """The computer players' lock of six cards (the first of equal best pairings)."""
    way = max(pairings(sorted(hole, reverse=True)),
              key=lambda w: lock_score([c for pair in w for c in pair]))
    return list(way)


def _board_order(pairs: Sequence[Pair], boards: Sequence[Sequence[Card]],
                 cards: int) -> list[Pair]:
    """Pairs from best to worst on the first ``cards`` of the boards (scores added)."""
    def worth(pair: Pair) -> int:
        return sum(HIGH_HAND.high_of([*pair, *board[:cards]]).score for board in boards)
    return sorted(pairs, key=worth, reverse=True)


def _boxes(opponents: int, boards: int, seed: int) -> dict[str, str]:
    hole, full = sophie_spot(opponents, boards=2, seed=seed)  # board 2 waits for Double
    locked = _best_lock(hole)
    kept = _board_order(locked, full[:boards], 3)
    values = {f"{PREFIX}_hole": text_of(hole),
              f"{PREFIX}_locked": text_of([c for p in locked for c in p]),
              f"{PREFIX}_live": text_of([c for p in kept[:2] for c in p]),
              f"{PREFIX}_dead": text_of(kept[2])}
    for b, board in enumerate(full):
        values[f"{PREFIX}_flop{b}"] = text_of(board[:3])
        values[f"{PREFIX}_turn{b}"] = text_of(board[:4])
    return values


def _question(stage: str, boards: int, opponents: int) -> SophieQuestion | None:
    """Read the boxes this stage needs and build its question (``None`` after an error)."""
    if stage == "lock":
        hole = cards_input("Your six hole cards", key=f"{PREFIX}_hole", count=(6,))
        return None if hole is None else lock_question(hole, opponents=opponents,
                                                       boards=boards)
    street = "flop" if stage == "flop" else "turn"
    size = 3 if stage == "flop" else 4
    board_cards = []
    columns = st.columns(boards)
    for b in range(boards):
        with columns[b]:
            name = f"Board {b + 1}" if boards == 2 else "Board"
            board_cards.append(cards_input(f"{name}: the {street}", key=f"{PREFIX}_{street}{b}",
                                           count=(size,)))
    if stage == "flop":
        locked = cards_input("Your three locked pairs, in pair order (a1 a2 b1 b2 c1 c2)",
                             key=f"{PREFIX}_locked", count=(6,))
        if locked is None or any(b is None for b in board_cards):
            return None
        return flop_question(locked, boards=[b for b in board_cards if b is not None],
                             opponents=opponents)
    live = cards_input("Your two live pairs, in pair order", key=f"{PREFIX}_live", count=(4,))
    dead = cards_input("The pair you sacrificed on the flop", key=f"{PREFIX}_dead", count=(2,))
    if live is None or dead is None or any(b is None for b in board_cards):
        return None
    return turn_question(live, sacrificed=dead, boards=[b for b in board_cards if b is not None],
                         opponents=opponents)


def _option_label(stage: str, question: SophieQuestion, index: int) -> str:
    pairs = [tuple(Card.from_code(c) for c in pair) for pair in question.options[index]]
    if stage == "lock":
        return pair_text(pairs)
    if stage == "turn":
        return f"Keep {pair_text(pairs)}"
    every = {tuple(sorted(p)) for o in question.options for p in o}
    kept = {tuple(sorted(p)) for p in question.options[index]}
    (gone,) = every - kept
    return f"Sacrifice {pair_text([tuple(Card.from_code(c) for c in gone)])}"


def show() -> None:
    """Inputs for the chosen decision, then every option ranked by equity."""
    st.subheader("Sophie's Pick: how to lock, and what to sacrifice")
    st.write("Every option for the decision at hand, ranked by its share of the pot on "
             "average against the number of opponents you choose.")
    game = current_game()
    left, middle, right = st.columns(3)
    with left:
        boards = int(st.radio("Game", (1, 2), index=int(GAMES[game].boards > 1),
                              format_func=lambda b: "Sophie's Pick" if b == 1 else
                              "Double Sophie", key=f"{PREFIX}_boards", horizontal=True))
    with middle:
        opponents = int(st.selectbox("Opponents", range(1, 7), index=SOPHIE_OPPONENTS - 1,
                                     key=f"{PREFIX}_opponents"))
    with right:
        stage = str(st.selectbox("Decision", list(STAGES), format_func=STAGES.__getitem__,
                                 key=f"{PREFIX}_stage"))
    seed = seed_box(PREFIX, lambda s: refill(_boxes(opponents, boards, s)))
    prefill(_boxes(opponents, boards, seed))
    try:
        question = _question(stage, boards, opponents)
    except OddsInputError as error:
        problem(error)
        return
    if question is None:
        return
    mine = [Card.from_code(c) for c in question.hole]
    show_cards(mine, size="small", down=mine, label="Your hole cards")
    answer = run(question, seed=seed)
    order = sorted(range(len(question.options)),
                   key=lambda o: answer[f"equity/{o}"].value, reverse=True)
    labels = {o: _option_label(stage, question, o) for o in order}
    best = order[0]
    st.success(f"Best: {labels[best]}, with {answer[f'equity/{best}'].percent()} of the pot "
               "on average.", icon=":material/content_cut:")
    with st.container(key=f"{PREFIX}_chart"):
        show_bars({labels[o]: answer[f"equity/{o}"] for o in order},
                  title="Equity of each option", axis="Equity (%)", highlight=labels[best])
    rows = {}
    for o in order:
        row = {"Equity": answer[f"equity/{o}"]}
        if question.double:
            row.update({"Board 1": answer[f"board1/{o}"], "Board 2": answer[f"board2/{o}"],
                        "Scoop (both boards alone)": answer[f"scoop/{o}"]})
        rows[labels[o]] = row
    table(estimates_frame(rows, first="Choice"), key=f"{PREFIX}_table")
    how_found(answer)
    with st.expander("How this is worked out"):
        st.write(MODEL)
