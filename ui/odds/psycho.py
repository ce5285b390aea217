"""The Psycho widget: what to draw, which three to expose, and how to declare."""

from __future__ import annotations

from types import MappingProxyType

import pandas as pd
import streamlit as st

from engine.cards import Card, format_cards
from engine.games.psycho import DrawLimit
from engine.hands import LowRanking
from engine.odds.advice import expose_advice
from engine.odds.inputs import OddsInputError
from engine.odds.psycho import DECLARATIONS, community_streets, psycho_question
from engine.odds.psycho_draw import MAX_PLAYERS, DrawQuestion, draw_question
from engine.odds.spots import PSYCHO_PLAYERS, psycho_draw_spot, psycho_spot
from engine.odds.tally import Answer, Estimate
from ui.components.cards import show_cards
from ui.odds.charts import estimates_frame, show_bars
from ui.odds.common import (
    cards_input,
    how_found,
    kept_key,
    prefill,
    problem,
    refill,
    restore,
    run,
    seed_box,
    seven_card_tables,
    table,
    text_of,
)

PREFIX = "odds_psycho"
MODES = MappingProxyType({"declare": "After the expose: how to declare",
                          "draw": "Before the draw: what to draw",
                          "expose": "After the draw: which three to expose"})
RANKINGS = MappingProxyType({LowRanking.ACE_TO_FIVE: "Ace-to-five",
                             LowRanking.DEUCE_TO_SEVEN: "Deuce-to-seven"})
LIMITS = MappingProxyType({DrawLimit.NONE: "No limit", DrawLimit.THREE: "At most three",
                           DrawLimit.FOUR_WITH_ACE: "Three, or four with an ace"})
SHOWN = 5
"""Discard choices shown, best first."""
MODEL = (
    "The cards you cannot see are dealt at random: each opponent's two hidden cards and "
    "every card still to come (before the draw, the opponents' whole hands, which they "
    "draw to as the computer players do). Everyone ends with seven cards and nobody folds. "
    "Each opponent declares the way their hand is stronger: high if their high hand beats "
    "a larger share of all seven-card hands than their low hand does, low otherwise. The "
    "pot is then split by the house rules: a both-way declarer must win or tie both halves "
    "or gets nothing, and a half nobody declared for goes to the other half's winner. "
    "With 8 or more players the stock runs short and the seventh card (and from 9 players "
    "the sixth) is a community card.")


def _boxes(mode: str, players: int, ranking: LowRanking, seed: int) -> dict[str, str]:
    if mode == "expose":
        return {f"{PREFIX}_five": text_of(psycho_draw_spot(seed=seed))}
    if mode == "draw":
        return {f"{PREFIX}_hand": text_of(psycho_draw_spot(seed=seed))}
    spot = psycho_spot(players, seed=seed, ranking=ranking)
    values = {f"{PREFIX}_mine": text_of(spot.mine), f"{PREFIX}_community": ""}
    values.update({f"{PREFIX}_up{i}": text_of(up) for i, up in enumerate(spot.rivals)})
    return values


def _players_for(mode: str) -> None:
    """The draw question takes fewer players: a bigger table is cut to its largest, with a
    message (the typed cards stay)."""
    key = f"{PREFIX}_players"
    players = int(st.session_state.get(key, PSYCHO_PLAYERS))
    if mode == "draw" and players > MAX_PLAYERS:
        st.session_state[key] = MAX_PLAYERS
        st.warning(f"The draw is worked out for at most {MAX_PLAYERS} players, so the table "
                   f"is now {MAX_PLAYERS} instead of {players}.", icon=":material/group:")


def show() -> None:
    """The chosen question's inputs and answer."""
    st.subheader("Psycho: what to draw, which three to expose, how to declare")
    st.write("Your cards and the opponents' up cards give your chances of the best high and "
             "low hands and, for each declaration, the share of the pot you can expect; "
             "before the draw, the exchanges worth the most; after it, how the table will "
             "read each three cards you might expose.")
    first, second, third = st.columns(3)
    with first:
        mode = str(st.selectbox("Decision", list(MODES), format_func=MODES.__getitem__,
                                key=f"{PREFIX}_mode"))
    with second:
        _players_for(mode)
        most = MAX_PLAYERS if mode == "draw" else 10
        players = int(st.selectbox("Players", range(2, most + 1), index=PSYCHO_PLAYERS - 2,
                                   key=f"{PREFIX}_players"))
    with third:
        ranking = LowRanking(st.radio("Low hands", list(RANKINGS), format_func=RANKINGS.get,
                                      key=f"{PREFIX}_ranking", horizontal=True))
    seven_card_tables()
    seed = seed_box(PREFIX, lambda s: refill(_boxes(mode, players, ranking, s)))
    prefill(_boxes(mode, players, ranking, seed))
    if mode == "draw":
        _draw(players, ranking, seed)
    elif mode == "expose":
        _expose(ranking)
    else:
        _declare(players, ranking, seed)
    with st.expander("How this is worked out"):
        st.write(MODEL)


def _declare(players: int, ranking: LowRanking, seed: int) -> None:
    mine = cards_input("Your cards (five after the draw, then the sixth and seventh)",
                       key=f"{PREFIX}_mine", count=(5, 6, 7))
    rivals: list[list[Card] | None] = []
    columns = st.columns(3)
    for i in range(players - 1):
        with columns[i % 3]:
            rivals.append(cards_input(f"Opponent {i + 1}: up cards", key=f"{PREFIX}_up{i}",
                                      count=(3, 4)))
    community: list[Card] | None = []
    if any(community_streets(players)):
        community = cards_input("Community cards (optional)", key=f"{PREFIX}_community",
                                count=(0, 1, 2))
    if mine is None or community is None or any(r is None for r in rivals):
        return
    try:
        question = psycho_question(mine, [r for r in rivals if r is not None],
                                   community=community, ranking=ranking)
    except OddsInputError as error:
        problem(error)
        return
    show_cards(mine, size="small", down=mine, label="Your cards")
    answer = run(question, seed=seed)
    shares = {f"Declare {way}": answer[f"share/{way}"] for way in DECLARATIONS}
    best = max(shares, key=lambda k: shares[k].value)
    st.success(f"{best}: you can expect {shares[best].percent()} of the pot.",
               icon=":material/cyclone:")
    left, right = st.columns(2)
    with left, st.container(key=f"{PREFIX}_shares"):
        show_bars(shares, title="Expected share of the pot", axis="Share (%)", highlight=best)
    with right:
        chances = {"Best high hand": answer["high"], "Best low hand": answer["low"],
                   "Scoop (best both ways, alone)": answer["scoop"]}
        with st.container(key=f"{PREFIX}_chances"):
            show_bars(chances, title="Your chances at the showdown")
    table(estimates_frame({**{k: {"Chance or share": v} for k, v in chances.items()},
                           **{k: {"Chance or share": v} for k, v in shares.items()}}),
          key=f"{PREFIX}_table")
    how_found(answer)


def _draw(players: int, ranking: LowRanking, seed: int) -> None:
    restore(f"{PREFIX}_limit")
    limit = DrawLimit(st.radio("Draw limit", list(LIMITS), format_func=LIMITS.get,
                               key=f"{PREFIX}_limit", horizontal=True))
    st.session_state[kept_key(f"{PREFIX}_limit")] = limit
    hand = cards_input("Your five cards", key=f"{PREFIX}_hand", count=(5,))
    if hand is None:
        return
    try:
        question = draw_question(hand, opponents=players - 1, ranking=ranking, limit=limit)
    except OddsInputError as error:
        problem(error)
        return
    show_cards(hand, size="small", down=hand, label="Your cards")
    answer = run(question, seed=seed)
    ranked = _ranked(question, answer)
    labels = {o: _draw_label(question, o) for o, _, _ in ranked}
    top = ranked[:SHOWN]
    o, way, value = top[0]
    st.success(f"{labels[o]}, then plan to declare {way}: {value.percent()} of the pot on "
               "average.", icon=":material/cyclone:")
    with st.container(key=f"{PREFIX}_draws"):
        show_bars({labels[o]: value for o, _, value in top},
                  title=f"The {len(top)} best draws (best declaration each)",
                  axis="Expected share of the pot (%)", highlight=labels[top[0][0]])
    table(estimates_frame({labels[o]: {
        "Declare": way, "Expected share": value, "Best high": answer[f"high/{o}"],
        "Best low": answer[f"low/{o}"]} for o, way, value in top}, first="Draw"),
          key=f"{PREFIX}_table")
    how_found(answer)


EXPOSE_MODEL = (
    "For each choice of three up cards: of all the seven-card hands that show those three "
    "(the other four dealt at random, 2,000 of them), how many are stronger for low than "
    "for high, which is how the table will read you. A hand planned for low (as the "
    "computer players plan it from your five cards) hides best behind the three that read "
    "low least often; a high hand behind those that read low most. Play shows the same "
    "measure when you expose.")


def _expose(ranking: LowRanking) -> None:
    hand = cards_input("Your five cards after the draw", key=f"{PREFIX}_five", count=(5,))
    if hand is None:
        return
    advice = expose_advice(tuple(hand), ranking)
    if advice is None:
        st.error("Type five different cards.", icon=":material/back_hand:")
        return
    show_cards(hand, size="small", down=hand, label="Your cards")
    st.success(advice.sentence, icon=":material/visibility_off:")
    frame = pd.DataFrame([{"Expose": label, advice.measure: figure}
                          for label, figure in advice.options])
    with st.container(key=f"{PREFIX}_expose"):
        table(frame, key=f"{PREFIX}_table")
    st.caption(EXPOSE_MODEL)


def _ranked(question: DrawQuestion, answer: Answer) -> list[tuple[int, str, Estimate]]:
    """Every discard choice with its best declaration, best first."""
    found = []
    for o in range(len(question.options)):
        way = max(DECLARATIONS, key=lambda w: answer[f"share/{w}/{o}"].value)
        found.append((o, way, answer[f"share/{way}/{o}"]))
    return sorted(found, key=lambda item: item[2].value, reverse=True)


def _draw_label(question: DrawQuestion, option: int) -> str:
    cards = [Card.from_code(c) for c in question.hand]
    chosen = question.options[option]
    if not chosen:
        return "Stand pat"
    return f"Exchange {format_cards(cards[i] for i in chosen)}"
