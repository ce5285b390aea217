"""Sophie's Pick's worked example: six cards, fifteen pairings, two sacrifices.

The learner pairs six hole cards, then gives up one pair at the flop and one
at the turn; every hand shown is the engine's high hand (``HIGH_HAND.high_of``) of a pair with
the board so far. The pure functions are checked against ``content/``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from content import Example
from engine.bots.sophies_pick import lock_score
from engine.cards import Card, format_cards, parse_cards
from engine.games.hand_types import HIGH_HAND
from engine.games.sophies_pick import pairings as engine_pairings
from engine.hands import HandValue
from engine.state import ActionKind
from ui.components.card_input import cards_field, clash
from ui.components.cards import show_cards
from ui.learn.example_odds import example_odds_link

Pair = tuple[Card, Card]
Pairing = tuple[Pair, Pair, Pair]
def pairings(hole: Sequence[Card]) -> list[Pairing]:
    """The fifteen ways to lock six hole cards into three pairs, as the engine lists them."""
    if len(hole) != 6:
        raise ValueError(f"Sophie's Pick pairs six hole cards, not {len(hole)}")
    return [(a, b, c) for a, b, c in engine_pairings(list(hole))]


def pair_hand(pair: Pair, board: Sequence[Card]) -> HandValue:
    """The pair's best five with the board so far (three to five cards)."""
    return HIGH_HAND.high_of([*pair, *board])


def hole_cards_used(value: HandValue, pair: Pair) -> str:
    used = sum(1 for c in pair if c in value.cards)
    return {2: "both hole cards play", 1: "one hole card plays", 0: "the board plays"}[used]


def pairing_text(pairing: Pairing) -> str:
    return " | ".join(format_cards(pair) for pair in pairing)


def best_on_board(pairing: Pairing, board: Sequence[Card]) -> tuple[Pair, HandValue]:
    """With hindsight: the pair of this pairing that makes the best hand on this board."""
    return max(((pair, pair_hand(pair, board)) for pair in pairing), key=lambda pv: pv[1])


def pairings_frame(hole: Sequence[Card], board: Sequence[Card]) -> pd.DataFrame:
    rows = []
    for number, pairing in enumerate(pairings(hole), start=1):
        pair, value = best_on_board(pairing, board)
        rows.append({"#": number, "Pairs": pairing_text(pairing),
                     "Best pair on the full board": format_cards(pair),
                     "Its hand": value.describe()})
    return pd.DataFrame(rows)


def lock_words(options: Sequence[Pairing], pairing: Pairing) -> str:
    """What the lock's measure (the advice's and the computer players': each pair's worth
    as a starting hand, the best counting fully) says of this pairing."""
    def worth(p: Pairing) -> float:
        return lock_score([c for pair in p for c in pair])
    best = max(options, key=worth)
    said = (f"Worth as starting hands, the measure the computer players lock by (the best "
            f"pair counts fully, the second half, the third a quarter): {worth(pairing):.1f}")
    if worth(best) > worth(pairing):
        return said + (f"; the most of the {len(options)} is {pairing_text(best)}, "
                       f"{worth(best):.1f}.")
    return said + f", the most of the {len(options)} pairings."


def _find_pair(pairs: Sequence[Pair], text: str) -> int:
    wanted = set(parse_cards(text))
    return next((i for i, pair in enumerate(pairs) if set(pair) == wanted), 0)


def _street_choice(pairs: Sequence[Pair], board: Sequence[Card], *, street: str,
                   default: str, key: str) -> Pair:
    """Show each pair's hand at this street; return the pair the learner sacrifices."""
    hands = [pair_hand(pair, board) for pair in pairs]
    leader = max(range(len(pairs)), key=lambda i: hands[i])
    columns = st.columns(len(pairs))
    for i, (column, pair) in enumerate(zip(columns, pairs, strict=True)):
        with column:
            show_cards(list(pair), size="small", marked=set(pair) if i == leader else (),
                       label=f"Pair {format_cards(pair)}")
            st.caption(f"{hands[i].describe()}" + (" (best right now)" if i == leader else ""))
    choice = st.radio(f"Sacrifice at the {street}", list(range(len(pairs))),
                      index=_find_pair(pairs, default), key=key, horizontal=True,
                      format_func=lambda i: format_cards(pairs[i]))
    return pairs[choice]


def show_pairings_example(examples: Mapping[str, Example], *, prefix: str) -> None:
    example = examples["pairings"]
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    left, right = st.columns(2)
    with left:
        hole = cards_field("Six hole cards", key=f"{prefix}_ex_hole",
                           default=example.cards["hole"], count=6)
    with right:
        board = cards_field("Board: flop (3), turn, river", key=f"{prefix}_ex_board",
                            default=example.cards["board"], count=5)
    if hole is None or board is None:
        return
    problem = clash({"the hole cards": hole, "the board": board})
    if problem:
        st.error(f"{problem}.", icon=":material/back_hand:")
        return
    options = pairings(hole)
    identity = format_cards(hole, ascii=True).replace(" ", "")
    default_pairing = next((i for i, p in enumerate(options)
                            if {frozenset(x) for x in p}
                            == {frozenset(parse_cards(t)) for t in
                                example.cards["pairs"].split(",")}), 0)
    chosen = st.selectbox(f"Lock your pairs (one of the {len(options)} ways)",
                          list(range(len(options))), index=default_pairing,
                          key=f"{prefix}_ex_pairing_{identity}",
                          format_func=lambda i: pairing_text(options[i]))
    pairing = options[chosen]
    st.caption(lock_words(options, pairing))

    st.markdown(f"**The flop: {format_cards(board[:3])}**")
    show_cards(board[:3], size="small", label="The flop")
    gone = _street_choice(pairing, board[:3], street="flop",
                          default=example.cards["first_sacrifice"],
                          key=f"{prefix}_ex_first_{identity}_{chosen}")
    left_pairs = [pair for pair in pairing if pair != gone]
    st.markdown(f"**The turn: {format_cards(board[:4])}**")
    gone_too = _street_choice(left_pairs, board[:4], street="turn",
                              default=example.cards["final_sacrifice"],
                              key=f"{prefix}_ex_final_{identity}_{chosen}_"
                                  f"{format_cards(gone, ascii=True)}")
    kept = next(pair for pair in left_pairs if pair != gone_too)
    final = pair_hand(kept, board)
    st.markdown(f"**The river: {format_cards(board)}**")
    show_cards(final.cards, marked=set(kept), label=f"Final hand: {final.describe()}")
    st.success(f"You kept **{format_cards(kept)}**: **{final.describe()}** "
               f"({hole_cards_used(final, kept)}). The sacrificed pairs "
               f"{format_cards(gone)} and {format_cards(gone_too)} are dead.")
    hindsight_pair, hindsight = best_on_board(pairing, board)
    if hindsight > final:
        st.info(f"With hindsight, keeping {format_cards(hindsight_pair)} would have made "
                f"{hindsight.describe().lower()}.", icon=":material/search:")
    example_odds_link("sophies-pick", seats=[hole, [None] * len(hole)], boards=[board],
                      street="River", card_choices=[(0, ActionKind.LOCK_PAIRS, pairing),
                                                    (0, ActionKind.SACRIFICE, [gone]),
                                                    (0, ActionKind.SACRIFICE, [gone_too])])
    with st.expander(f"All {len(options)} pairings, and the best pair of each on the full board"):
        st.dataframe(pairings_frame(hole, board), hide_index=True, width="stretch")
