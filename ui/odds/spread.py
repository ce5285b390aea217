"""How hands come out in each game: final hand categories side by side.

``spread_table`` is pure (no Streamlit) so tests can check the stud column
against the published counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import pandas as pd
import streamlit as st

from engine.hands import Category, LowRanking
from engine.odds.categories import LOW_CLASSES, Dealt, SpreadQuestion, stud_spread
from engine.odds.psycho import SCORED_LOWS
from engine.odds.spots import SEED
from engine.odds.tally import Answer, Estimate
from ui.odds.charts import estimates_frame, show_grouped
from ui.odds.common import run, seven_card_tables, table

PREFIX = "odds_spread"
NAMES = MappingProxyType({Dealt.TEAM: "Pick a Partner team hand",
                          Dealt.SURVIVOR: "Sophie's Pick surviving hand",
                          Dealt.PSYCHO: "Psycho, after the draw"})
STUD = "Seven random cards, as in stud (exact)"
MODEL = (
    "Seven-card stud's column counts all 133,784,560 seven-card hands exactly. The others "
    "are sampled: a Pick a Partner team hand is two first up cards plus the best three of "
    "eight more random cards; a Sophie's Pick hand is six random cards locked into pairs "
    "as the computer players lock them, sacrifices made by what is best on the board, and "
    "the surviving pair with a random board; a Psycho hand is five random cards drawn to as "
    "the computer players draw, then two more. Nobody folds.")
HIGH = tuple(reversed(Category))


def _exact(value: float) -> Estimate:
    return Estimate(value, value, value)


def spread_table(answers: Mapping[Dealt, Answer],
                 ranking: LowRanking) -> tuple[dict[str, dict[str, Estimate]],
                                               dict[str, dict[str, Estimate]]]:
    """(high series, low series): game name -> category label -> chance.

    The low series holds Psycho's lows and, at ace-to-five, stud's exact ones
    for comparison."""
    stud = stud_spread()
    high = {STUD: {c.label: _exact(stud.high[c]) for c in HIGH}}
    for dealt, answer in answers.items():
        high[NAMES[dealt]] = {c.label: answer[f"high{int(c)}"] for c in HIGH}
    low: dict[str, dict[str, Estimate]] = {}
    if ranking is LowRanking.ACE_TO_FIVE:
        low[STUD] = {label: _exact(share)
                     for label, share in zip(LOW_CLASSES, stud.low, strict=True)}
    psycho = answers[Dealt.PSYCHO]
    low[NAMES[Dealt.PSYCHO]] = {label: psycho[f"low{i}"] for i, label in enumerate(LOW_CLASSES)}
    return high, low


def _cell(estimate: Estimate) -> Estimate | str:
    """An exact figure to four decimals of a percent (never rounded to one), a sampled one
    with its interval."""
    return f"{100 * estimate.value:.4f}%" if estimate.low == estimate.high else estimate


def _frame(series: Mapping[str, Mapping[str, Estimate]]) -> pd.DataFrame:
    labels = list(dict.fromkeys(label for values in series.values() for label in values))
    return estimates_frame({label: {name: _cell(values[label]) for name, values in
                                    series.items() if label in values} for label in labels},
                           first="Hand")


def show() -> None:
    """The chart, the table beneath it, and how each column was found."""
    st.subheader("How hands come out in each game")
    st.write("The chance that a player's final hand is of each kind, game by game: more "
             "cards to choose from make stronger hands, and a partnership's ten cards more "
             "still.")
    rankings: list[LowRanking] = list(SCORED_LOWS)
    ranking = LowRanking(st.radio("Psycho's low hands", rankings,
                                  format_func=lambda r: r.value.capitalize(),
                                  key=f"{PREFIX}_ranking", horizontal=True))
    seed = int(st.number_input("Seed", min_value=0, max_value=2**31 - 1, value=SEED,
                               key=f"{PREFIX}_seed"))
    seven_card_tables()
    answers = {dealt: run(SpreadQuestion(dealt, ranking), seed=seed) for dealt in Dealt}
    high, low = spread_table(answers, ranking)
    short = {"No low (paired, or a straight or flush at deuce-to-seven)": "No low"}
    low_chart = {name: {short.get(k, k): v for k, v in values.items()}
                 for name, values in low.items()}
    left, right = st.columns([3, 2])
    with left, st.container(key=f"{PREFIX}_chart"):
        show_grouped(high, title="High hands: final hands by category (bars show 95% "
                                 "intervals)")
    with right, st.container(key=f"{PREFIX}_low_chart"):
        show_grouped(low_chart, title=f"Low hands ({ranking.value})")
    st.markdown("**High hands**")
    table(_frame(high), key=f"{PREFIX}_high")
    st.markdown(f"**Low hands ({ranking.value})**" + (
        "" if ranking is LowRanking.ACE_TO_FIVE else ": Psycho only, as stud has no "
        "deuce-to-seven low half"))
    table(_frame(low), key=f"{PREFIX}_low")
    deals = min(a.deals for a in answers.values())
    widest = max(a.widest() for a in answers.values())
    seconds = sum(a.seconds for a in answers.values())
    st.caption(f"Stud is exact. The other columns are sampled: at least {deals:,} random deals "
               f"each, every figure within ±{100 * widest:.1f} percentage points with 95% "
               f"confidence. Server time {seconds:.2f} s.")
    with st.expander("How this is worked out"):
        st.write(MODEL)
