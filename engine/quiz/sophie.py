"""Sophie's Pick: which pair to sacrifice, judged by equity with a tolerance.

Two kinds of question: the first pick (three locked pairs, the flop out) and
the final pick (two pairs left, the turn out). Every choice's equity comes
from ``engine.quiz.equity``; an answer is right when its equity is within
``TOLERANCE`` of the best choice's, so near-equal choices are all right.
Tricky questions are rejection-sampled: keeping the pairs that make the best
hand right now (the obvious choice) loses more than the tolerance.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property

import numpy as np

from engine.cards import Card, Deck, format_cards
from engine.hands import best_high
from engine.quiz.common import CardRow, Drill, Level, QuestionRef, Verdict
from engine.quiz.equity import Pair, final_pick_equities, first_pick_equities

TOLERANCE = 0.02
"""Equity within two percentage points of the best counts as right."""
MAX_DRAWS = 200


class Pick(StrEnum):
    FIRST = "first"
    FINAL = "final"


@dataclass(frozen=True)
class SophieQuestion:
    """Our pairs still alive, the board so far, and the pair already sacrificed."""

    ref: QuestionRef
    pick: Pick
    pairs: tuple[Pair, ...]
    board: tuple[Card, ...]
    sacrificed: tuple[Card, ...] = ()

    @property
    def prompt(self) -> str:
        if self.pick is Pick.FIRST:
            return ("The flop is out. Which of your three locked pairs do you sacrifice? "
                    "(The final pick after the turn is still to come.)")
        return "The turn is out. Which of your last two pairs do you sacrifice?"

    @cached_property
    def equities(self) -> tuple[float, ...]:
        """For each pair: our equity if that pair is the one sacrificed."""
        if self.pick is Pick.FINAL:
            keep = final_pick_equities(self.pairs, self.board, self.sacrificed)
            return keep[1], keep[0]
        rng = np.random.default_rng(self.ref.seed)
        return first_pick_equities(self.pairs, self.board, rng=rng)

    def labels(self) -> tuple[str, ...]:
        return tuple(f"Sacrifice {format_cards(pair)}" for pair in self.pairs)

    def right_choices(self) -> frozenset[int]:
        best = max(self.equities)
        return frozenset(i for i, e in enumerate(self.equities) if e >= best - TOLERANCE)

    def obvious(self) -> int:
        """The choice that keeps the best hand made right now (it may not be best)."""
        made = [best_high((*pair, *self.board)) for pair in self.pairs]
        return min(range(len(self.pairs)), key=lambda i: (made[i], i))


def _deal(rng: random.Random,
          pick: Pick) -> tuple[tuple[Pair, ...], tuple[Card, ...], tuple[Card, ...]]:
    deck = Deck(rng=rng)
    six = deck.deal(6)
    rng.shuffle(six)
    pairs: tuple[Pair, ...] = tuple((six[i], six[i + 1]) for i in (0, 2, 4))
    if pick is Pick.FIRST:
        return pairs, tuple(deck.deal(3)), ()
    gone = rng.randrange(3)
    alive = tuple(p for i, p in enumerate(pairs) if i != gone)
    return alive, tuple(deck.deal(4)), pairs[gone]


def sophie_question(ref: QuestionRef) -> SophieQuestion:
    """A random pick, or a tricky one where the obvious sacrifice loses equity."""
    if ref.drill is not Drill.SOPHIE:
        raise ValueError(f"{ref.drill} is not the Sophie's Pick drill")
    rng = ref.rng()
    pick = rng.choice(list(Pick))
    for _ in range(MAX_DRAWS):
        pairs, board, sacrificed = _deal(rng, pick)
        question = SophieQuestion(ref, pick, pairs, board, sacrificed)
        if ref.level is not Level.TRICKY or _is_tricky(question):
            return question
    raise RuntimeError(f"no tricky {pick.value} pick in {MAX_DRAWS} deals")


def _is_tricky(question: SophieQuestion) -> bool:
    made = [best_high((*pair, *question.board)) for pair in question.pairs]
    if len(set(made)) < len(made):
        return False
    return question.obvious() not in question.right_choices()


def judge_sophie(question: SophieQuestion, chosen: str) -> Verdict:
    """Right when the chosen sacrifice is within the tolerance of the best equity."""
    labels = question.labels()
    if chosen not in labels:
        raise ValueError(f"choose one of: {', '.join(labels)}")
    index = labels.index(chosen)
    equities = question.equities
    best = max(range(len(equities)), key=lambda i: equities[i])
    right = question.right_choices()
    correct = index in right
    lost = equities[best] - equities[index]
    if correct:
        headline = (f"Right: sacrificing {format_cards(question.pairs[index])} leaves "
                    f"{equities[index]:.1%} equity"
                    + (", the best choice." if index == best
                       else f", within {TOLERANCE:.0%} of the best ({equities[best]:.1%})."))
    else:
        headline = (f"Not the best: sacrificing {format_cards(question.pairs[index])} leaves "
                    f"{equities[index]:.1%}; sacrificing "
                    f"{format_cards(question.pairs[best])} leaves {equities[best]:.1%} "
                    f"({lost:.1%} more).")
    details = [_model_note(question)]
    obvious = question.obvious()
    if obvious not in right:
        weakest = best_high((*question.pairs[obvious], *question.board))
        details.append(f"Sacrificing the pair with the weakest hand right now "
                       f"({format_cards(question.pairs[obvious])}, "
                       f"{weakest.describe().lower()}) is tempting but costs "
                       f"{equities[best] - equities[obvious]:.1%}: what the pairs can still "
                       "make with the cards to come counts too.")
    rows = tuple(CardRow(f"{label}: {equities[i]:.1%}", tuple(question.pairs[i]))
                 for i, label in enumerate(labels))
    table = tuple((label, format_cards(question.pairs[i]),
                   best_high((*question.pairs[i], *question.board)).describe(),
                   f"{equities[i]:.1%}",
                   "best" if i == best else ("within tolerance" if i in right else ""))
                  for i, label in enumerate(labels))
    return Verdict(correct=correct, headline=headline, details=tuple(details), rows=rows,
                   columns=("Choice", "Pair", "Its hand now", "Equity after", "Note"),
                   table=table, answer=f"chose to {chosen.lower()}")


def _model_note(question: SophieQuestion) -> str:
    exact = ("every river and every opponent pair counted" if question.pick is Pick.FINAL
             else "the turn and river enumerated, opponent pairs sampled, and at the turn "
                  "the better of the two kept pairs is kept")
    return (f"Equity is against one opponent whose surviving pair is two unseen cards "
            f"({exact}); ties count half. Choices within {TOLERANCE:.0%} of the best count as "
            "right.")
