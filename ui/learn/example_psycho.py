"""Psycho's worked example: one seven-card hand played for high, for low, or both.

The learner types the five cards kept after the draw, the three exposed, the
sixth and the seventh; the expose is read by the measure the advice, the
computer players and the lessons use (how often the table reads three up cards
as low: ``engine.odds.advice.expose_reads``); the engine finds the best high and
the best low (under the announced low ranking), each from its own five of the
seven cards. Then each possible declaration is settled against two sample
opponents by the engine's own Psycho settlement (``split_pot``), both-way rule
included, and the hand links to the Odds page at the declarations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import streamlit as st

from content import Example
from engine.cards import Card, format_cards
from engine.games.declared_pots import Declaration, split_pot
from engine.games.hand_types import HIGH_HAND, best_low_hand
from engine.hands import HandValue, LowRanking
from engine.odds.advice import expose_reads
from engine.odds.expose import SAME_READ
from engine.state import seat_name
from engine.table import split_evenly
from ui.components.card_input import cards_field, clash
from ui.components.cards import show_cards
from ui.learn.example_odds import example_odds_link

LOW_NAMES = MappingProxyType({LowRanking.ACE_TO_FIVE: "Ace-to-five",
                              LowRanking.DEUCE_TO_SEVEN: "Deuce-to-seven"})
SAMPLE_POT = 60
"""The pot the declarations example splits: any even size shows the halves plainly."""


@dataclass(frozen=True, slots=True)
class PsychoHand:
    """Seven cards as the table sees them, and their best high and low."""

    up: tuple[Card, ...]
    down: tuple[Card, ...]
    high: HandValue
    low: HandValue

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.up + self.down


def psycho_hand(after_draw: Sequence[Card], exposed: Sequence[Card], sixth: Card,
                seventh: Card, ranking: LowRanking) -> PsychoHand | str:
    """Build the hand, or say why these cards cannot be one (exposed cards not held...)."""
    strays = [c for c in exposed if c not in after_draw]
    if strays:
        return (f"{format_cards(strays)} is exposed but not among the five cards held "
                "after the draw")
    problem = clash({"the five after the draw": after_draw, "the sixth card": [sixth],
                     "the seventh card": [seventh]})
    if problem:
        return problem
    hidden = tuple(c for c in after_draw if c not in exposed)
    up, down = (*exposed, sixth), (*hidden, seventh)
    seven = [*up, *down]
    return PsychoHand(up=up, down=down, high=HIGH_HAND.high_of(seven),
                      low=best_low_hand(seven, ranking))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one declaration of ours would win against the sample opponents, and why."""

    declaration: Declaration
    amount: int
    reasons: tuple[str, ...]

    @property
    def words(self) -> str:
        """``"whole pot"``, ``"half"``, ``"nothing"`` or ``"15 of 60"``."""
        if self.amount == SAMPLE_POT:
            return "whole pot"
        if self.amount == 0:
            return "nothing"
        if self.amount in (SAMPLE_POT // 2, SAMPLE_POT - SAMPLE_POT // 2):
            return "half"
        return f"{self.amount} of {SAMPLE_POT}"


def declaration_outcomes(hand: PsychoHand, opponents: Sequence[tuple[Sequence[Card], Declaration]],
                         ranking: LowRanking) -> list[Outcome]:
    """Settle the sample pot once for each declaration we could make (we are seat 0)."""
    high = {0: hand.high,
            **{i: HIGH_HAND.high_of(cards) for i, (cards, _) in enumerate(opponents, 1)}}
    low = {0: hand.low,
           **{i: best_low_hand(cards, ranking) for i, (cards, _) in enumerate(opponents, 1)}}
    eligible = tuple(range(len(opponents) + 1))
    outcomes = []
    for ours in Declaration:
        declared = {0: ours, **{i: way for i, (_, way) in enumerate(opponents, 1)}}
        split = split_pot(amount=SAMPLE_POT, eligible=eligible, declared=declared,
                          high=high, low=low)
        won = sum(split_evenly(share.amount, share.winners).get(0, 0) for share in split.shares)
        reasons = tuple(reason for _, reason in split.failed) + tuple(
            f"{share.part.capitalize()} ({share.amount}) to "
            f"{' and '.join(seat_name(s) for s in share.winners)}: {share.rule}"
            for share in split.shares)
        outcomes.append(Outcome(declaration=ours, amount=won, reasons=reasons))
    return outcomes


def _inputs(example: Example, prefix: str) -> tuple[list[Card] | None, ...]:
    first, second = st.columns(2)
    with first:
        after_draw = cards_field("Five cards after the draw", key=f"{prefix}_ex_draw",
                                 default=example.cards["after_draw"], count=5)
        exposed = cards_field("The three exposed", key=f"{prefix}_ex_exposed",
                              default=example.cards["exposed"], count=3)
    with second:
        sixth = cards_field("Sixth card (face up)", key=f"{prefix}_ex_sixth",
                            default=example.cards["sixth"], count=1)
        seventh = cards_field("Seventh card (face down)", key=f"{prefix}_ex_seventh",
                              default=example.cards["seventh"], count=1)
    return after_draw, exposed, sixth, seventh


def expose_words(after_draw: Sequence[Card], exposed: Sequence[Card],
                 ranking: LowRanking) -> str:
    """What the expose's measure says of these three up cards from these five: how often
    the table reads them as low, and the best disguise for the five's plan."""
    plan, reads = expose_reads(tuple(after_draw), ranking)
    read = next(r for three, r in reads if set(three) == set(exposed))
    best, best_read = reads[0]
    said = (f"**Why these three?** Of hands showing {format_cards(exposed)}, the other four "
            f"cards dealt at random, {read:.0%} are stronger for low than for high: that is "
            f"how often the table reads them as low. Your five cards are a {plan} hand, "
            f"so the less {'low' if plan == 'low' else 'high'} the three look, the better "
            "they hide it. ")
    if set(best) == set(exposed):
        return said + "These are the best disguise of the ten ways to show three."
    if abs(read - best_read) <= SAME_READ:
        return said + (f"They hide it as well as the measure's first choice, "
                       f"{format_cards(best)} ({best_read:.0%}): reads this close are the "
                       "same within the measure's sampling.")
    return said + (f"The best disguise of the ten would be {format_cards(best)}, read as low "
                   f"{best_read:.0%} of the time; showing strength instead is the price of "
                   "telling the table which way you go.")


def show_hand_both_ways(hand: PsychoHand, ranking: LowRanking) -> None:
    show_cards(list(hand.cards), down=set(hand.down),
               captions=["up"] * len(hand.up) + ["down"] * len(hand.down),
               label="The seven cards")
    high_col, low_col = st.columns(2)
    with high_col, st.container(border=True):
        st.markdown(f"**Best high: {hand.high.describe()}**")
        show_cards(hand.high.cards, size="small", label=f"High: {hand.high.describe()}")
    with low_col, st.container(border=True):
        st.markdown(f"**Best {LOW_NAMES[ranking].lower()} low: {hand.low.describe()}**")
        show_cards(hand.low.cards, size="small", label=f"Low: {hand.low.describe()}")


def _set_text(key: str, text: str) -> None:
    st.session_state[key] = text


def _opponent(number: int, *, prefix: str, default_cards: str,
              default_way: Declaration) -> tuple[list[Card], Declaration] | None:
    name = seat_name(number)
    with st.container(border=True):
        way = st.segmented_control(f"{name} declares", list(Declaration),
                                   key=f"{prefix}_ex_way_{number}", default=default_way,
                                   format_func=lambda d: d.value)
        cards = cards_field(f"{name}'s seven cards", key=f"{prefix}_ex_opp_{number}",
                            default=default_cards, count=7)
    if cards is None:
        return None
    return cards, Declaration(way or default_way)


@dataclass(frozen=True, slots=True)
class BestLow:
    """The best low there is under one ranking, as seven cards the example's second
    opponent can be given: its name, the cards (typed), and why it is the best."""

    name: str
    cards: str
    why: str


_NUMBER_ONE = "7♦ 5♦ 4♣ 3♥ 2♠ K♥ Q♠"
"""The example's wheel with its ace made a seven: no card of the learner's or of the
other opponent's, and 7-5-4-3-2 of mixed suits."""


def best_low_offered(example: Example, ranking: LowRanking) -> BestLow:
    """The best low under the announced ranking: the wheel for ace-to-five; for
    deuce-to-seven, where an ace is high and a wheel is only ace high, 7-5-4-3-2."""
    if ranking is LowRanking.DEUCE_TO_SEVEN:
        return BestLow("a seven-five low", _NUMBER_ONE,
                       "7-5-4-3-2 of mixed suits: the best deuce-to-seven low there is "
                       "(a wheel is only ace high there).")
    return BestLow("a wheel", example.cards["wheel_opponent"],
                   "5-4-3-2-A: the best ace-to-five low there is.")


def show_declarations(example: Example, hand: PsychoHand, ranking: LowRanking, *,
                      prefix: str) -> None:
    """Each declaration we could make, settled by the engine against two sample opponents."""
    st.markdown(f"**Which way to declare?** You are {seat_name(0)}. Two opponents have "
                f"declared; here is what each choice of yours would win from a pot of "
                f"{SAMPLE_POT}.")
    left, right = st.columns(2)
    with left:
        first = _opponent(1, prefix=prefix, default_cards=example.cards["high_opponent"],
                          default_way=Declaration.HIGH)
    with right:
        second = _opponent(2, prefix=prefix, default_cards=example.cards["low_opponent"],
                           default_way=Declaration.LOW)
        lowest = best_low_offered(example, ranking)
        st.button(f"Give {seat_name(2)} {lowest.name}", key=f"{prefix}_ex_wheel",
                  on_click=_set_text, args=(f"{prefix}_ex_opp_2", lowest.cards),
                  help=lowest.why)
    if first is None or second is None:
        return
    problem = clash({"your cards": hand.cards, f"{seat_name(1)}'s cards": first[0],
                     f"{seat_name(2)}'s cards": second[0]})
    if problem:
        st.error(f"{problem}.", icon=":material/back_hand:")
        return
    outcomes = declaration_outcomes(hand, [first, second], ranking)
    for (cards, _), number in ((first, 1), (second, 2)):
        high, low = HIGH_HAND.high_of(cards), best_low_hand(cards, ranking)
        st.caption(f"{seat_name(number)} holds, for high, {high.describe().lower()}; "
                   f"for low, {low.describe().lower()}.")
    best = max(outcomes, key=lambda o: o.amount)
    columns = st.columns(len(outcomes))
    for column, outcome in zip(columns, outcomes, strict=True):
        with column, st.container(border=True, height="stretch"):
            mark = " :material/check_circle:" if outcome is best else ""
            st.markdown(f"**If you declare {outcome.declaration.value}**{mark}")
            st.markdown(f"### {outcome.words.capitalize()}")
            st.caption(f"{outcome.amount} of {SAMPLE_POT} chips")
            st.markdown("\n".join(f"- {reason}" for reason in outcome.reasons))
    st.success(f"Best declaration here: **{best.declaration.value}**, which wins "
               f"{'the whole pot' if best.words == 'whole pot' else best.words} "
               f"({best.amount} of {SAMPLE_POT} chips).")


def show_both_ways_example(examples: Mapping[str, Example], *, prefix: str,
                           ranking: LowRanking) -> None:
    """The learner's hand, its best high and low, and what each declaration wins."""
    example = examples["both_ways"]
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    after_draw, exposed, sixth, seventh = _inputs(example, prefix)
    if after_draw is None or exposed is None or sixth is None or seventh is None:
        return
    hand = psycho_hand(after_draw, exposed, sixth[0], seventh[0], ranking)
    if isinstance(hand, str):
        st.error(f"{hand}.", icon=":material/back_hand:")
        return
    st.markdown(expose_words(after_draw, exposed, ranking))
    show_hand_both_ways(hand, ranking)
    show_declarations(example, hand, ranking, prefix=prefix)
    # Typed as the seat holds them after the expose (its two down cards, the three up),
    # which is how the calculator reads which three were exposed.
    hidden = [c for c in after_draw if c not in exposed]
    example_odds_link("psycho", seats=[[*hidden, *exposed, *sixth, *seventh], [None] * 7,
                                       [None] * 7],
                      settings={"low_ranking": ranking.value}, street="Declarations")
