"""Psycho's expose: after the draw, which three of your five cards do you show?

The drill asks the decision the odds view measures and the lessons after a hand
quote, and judges it by the same measure and the same figures,
:func:`engine.odds.advice.expose_reads`:
how often a hand showing those three (the other four dealt at random) is stronger
for low than for high, that is how the table will read you. A hand planned for low
(as the computer players plan it, ``keep_for_draw``) hides best behind the three
that read low least often; a high hand behind those that read low most. An answer
within :data:`TOLERANCE` of the best disguise is right, as a lesson from a played
hand is.

A tricky hand mixes its signals: a low plan holding a pair or a high card to hide
behind, or a high plan holding low cards that could pass for a low draw.

>>> q = expose_question(QuestionRef(Drill.EXPOSE, Level.RANDOM, 1))
>>> len(q.cards), len(q.options())
(5, 10)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from engine.bots.psycho import keep_for_draw
from engine.cards import Card, Deck, Rank, format_cards
from engine.hands import LowRanking
from engine.odds.advice import Advice, expose_advice, expose_reads
from engine.quiz.common import CardRow, Drill, Level, QuestionRef, Verdict

__all__ = ["TOLERANCE", "ExposeQuestion", "expose_question", "judge_expose"]

TOLERANCE = 0.05
"""How much more often than the best disguise an answer may read as low (or less often,
for a high hand) and still be right: a lesson from a played hand allows the same."""
MAX_DRAWS = 2_000
NOTE = ("Each figure: of seven-card hands showing those three, the other four dealt at "
        "random, how many are stronger for low than for high; that is how the table reads "
        "you.")


@dataclass(frozen=True, slots=True)
class ExposeQuestion:
    """Five cards after the draw and the low ranking announced."""

    ref: QuestionRef
    cards: tuple[Card, ...]
    ranking: LowRanking = LowRanking.ACE_TO_FIVE

    @property
    def plan(self) -> str:
        """"high" or "low": what the five cards are kept for."""
        return keep_for_draw(list(self.cards), self.ranking)[1]

    @property
    def prompt(self) -> str:
        return (f"After the draw you hold these five cards (low ranked {self.ranking.value}). "
                "Everyone exposes three at once. Which three do you show, to give the table "
                "the least idea of the way you will declare?")

    def options(self) -> tuple[str, ...]:
        """Every three of the five, as the answers offered, highest cards first."""
        return tuple(sorted(self.reads(), key=lambda label: _order(label, self.cards)))

    def advice(self) -> Advice:
        """The odds view's advice on the five cards, for its sentence."""
        found = expose_advice(self.cards, self.ranking)
        assert found is not None
        return found

    def reads(self) -> dict[str, float]:
        """Each three (as text) and how often the table reads it as low, best disguise
        first: the engine's figures, worked out once per five cards."""
        return {format_cards(three): read
                for three, read in expose_reads(self.cards, self.ranking)[1]}


def _order(label: str, cards: tuple[Card, ...]) -> list[int]:
    ranked = sorted(cards, reverse=True)
    return sorted(ranked.index(c) for c in cards if str(c) in label.split())


def _mixed(cards: list[Card], ranking: LowRanking) -> bool:
    """Signals that pull both ways: what to hide is not the obvious three."""
    plan = keep_for_draw(cards, ranking)[1]
    paired = max(Counter(c.rank for c in cards).values()) >= 2
    high = sum(c.rank >= Rank.TEN and c.rank is not Rank.ACE for c in cards)
    low = sum(c.rank <= Rank.FIVE or c.rank is Rank.ACE for c in cards)
    if plan == "low":
        return paired or high >= 1
    return low >= 2


def expose_question(ref: QuestionRef) -> ExposeQuestion:
    """Five cards dealt from the seed; for the tricky level, a hand whose signals mix."""
    if ref.drill is not Drill.EXPOSE:
        raise ValueError(f"{ref.drill} is not the expose drill")
    rng = ref.rng()
    tricky = ref.level is Level.TRICKY
    ranking = (LowRanking.DEUCE_TO_SEVEN if tricky and rng.random() < 0.3
               else LowRanking.ACE_TO_FIVE)
    cards = _five(rng)
    for _ in range(MAX_DRAWS):
        if not tricky or _mixed(cards, ranking):
            break
        cards = _five(rng)
    return ExposeQuestion(ref, tuple(sorted(cards, reverse=True)), ranking)


def _five(rng: random.Random) -> list[Card]:
    return Deck(rng=rng).deal(5)


def judge_expose(question: ExposeQuestion, chosen: str) -> Verdict:
    """Right when the three chosen read within :data:`TOLERANCE` of the best disguise; the
    table lists every choice with its figure, best first."""
    reads = question.reads()
    if chosen not in reads:
        raise ValueError("choose one of the threes offered")
    best = next(iter(reads))
    mine, top = reads[chosen], reads[best]
    correct = abs(mine - top) <= TOLERANCE
    plan = question.plan
    if chosen == best:
        headline = f"Right: {chosen} reads low {mine:.0%} of the time, the best disguise."
    elif correct:
        headline = (f"Right: {chosen} reads low {mine:.0%} of the time, within "
                    f"{TOLERANCE:.0%} of the best, {best} ({top:.0%}).")
    else:
        headline = (f"Not the best: {chosen} reads low {mine:.0%} of the time; {best} reads "
                    f"low {top:.0%}.")
    aim = ("so the best three look least like a low" if plan == "low"
           else "so the best three look most like a low")
    details = (question.advice().sentence,
               f"Your hand is kept for {plan} ({question.ranking.value} low), {aim}.", NOTE)
    table = tuple((label, f"{read:.0%}", ", ".join(n for n in (
        "best" if label == best else "", "your answer" if label == chosen else "") if n))
                  for label, read in reads.items())
    shown = next(c for c in _choices(question.cards) if format_cards(c) == best)
    return Verdict(correct=correct, headline=headline, details=details,
                   rows=(CardRow(f"Best to show: {best}", shown),),
                   columns=("Show", question.advice().measure, "Note"), table=table,
                   answer=f"showed {chosen}", solution=f"show {best}", theme=theme(question))


def _choices(cards: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    return [tuple(sorted(t, reverse=True)) for t in combinations(cards, 3)]


def theme(question: ExposeQuestion) -> str:
    """What the expose turns on: hiding a low, or dressing a high hand as one."""
    if question.plan == "low":
        return "Hiding a low behind the cards you show"
    return "Showing low cards with a high hand"
