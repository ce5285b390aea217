"""Sophie's Pick: which pairing to lock, which pair to sacrifice, judged by the odds engine.

Three kinds of question: the lock (six hole cards, fifteen pairings), the
first pick (three locked pairs, the flop out) and the final pick (two pairs
left, the turn out). Every choice's equity comes from ``engine.odds.sophie``
(its model: opponents lock and sacrifice as the computer players do, and our
later picks keep the pair best on the board), sampled with the question's
seed to within about a percentage point. An answer is right when its equity
is within ``TOLERANCE`` of the best choice's, so near-equal choices all count.

Tricky questions are rejection-sampled picks (not locks: a tricky lock takes
too many equity runs to find): sacrificing the pair that is weakest on the
board now, the obvious choice, is worse than the best by more than the
tolerance. The lock's obvious choice, named in its explanation, is the
computer players' lock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType

import numpy as np

from engine.bots.sophies_pick import lock_score
from engine.cards import Card, Deck, format_cards
from engine.games.hand_types import HIGH_HAND
from engine.games.sophies_pick import pairings
from engine.odds.run import DEFAULT_BUDGET, Budget, solve
from engine.odds.sophie import SophieQuestion as OddsQuestion
from engine.odds.sophie import flop_question, lock_question, turn_question
from engine.quiz.common import CardRow, Drill, Level, QuestionRef, Verdict
from engine.quiz.sophie_words import read_pair, unseen_cards, why_keep, why_lock, why_sacrifice

TOLERANCE = 0.02
"""Equity within two percentage points of the best counts as right."""
SCREEN = Budget(target=0.04, min_deals=300, max_deals=3_000)
"""A quick, rougher budget for screening candidate tricky deals."""
MAX_DRAWS = 400

Pair = tuple[Card, Card]


class Pick(StrEnum):
    LOCK = "lock"
    FIRST = "first"
    FINAL = "final"


_THEMES = MappingProxyType({Pick.LOCK: "Locking the pairs",
                            Pick.FIRST: "The sacrifice at the flop",
                            Pick.FINAL: "The sacrifice at the turn"})


@dataclass(frozen=True)
class Equities:
    """Each choice's equity and the half-width of its 95% interval."""

    values: tuple[float, ...]
    half_widths: tuple[float, ...]


@dataclass(frozen=True)
class SophieQuestion:
    """Our cards at one decision, the board so far, and how many opponents are in.

    ``pairs`` holds the three locked pairs (first pick), the two live pairs
    (final pick), or, for the lock, the six hole cards as three arbitrary pairs.
    """

    ref: QuestionRef
    pick: Pick
    pairs: tuple[Pair, ...]
    board: tuple[Card, ...]
    opponents: int
    sacrificed: tuple[Card, ...] = ()

    @property
    def hole(self) -> tuple[Card, ...]:
        return tuple(c for pair in self.pairs for c in pair)

    @property
    def prompt(self) -> str:
        against = f"against {self.opponents} opponent{'s' if self.opponents > 1 else ''}"
        match self.pick:
            case Pick.LOCK:
                return f"Your six hole cards are dealt ({against}). Which pairing do you lock?"
            case Pick.FIRST:
                return (f"The flop is out ({against}). Which of your three locked pairs do you "
                        "sacrifice? The final pick after the turn is still to come.")
        return f"The turn is out ({against}). Which of your last two pairs do you sacrifice?"

    @cached_property
    def choices(self) -> tuple[tuple[Pair, ...], ...]:
        """What may be chosen: pairings to lock, or the single pair to sacrifice."""
        if self.pick is Pick.LOCK:
            return tuple(pairings(sorted(self.hole, reverse=True)))
        return tuple((pair,) for pair in self.pairs)

    def labels(self) -> tuple[str, ...]:
        if self.pick is Pick.LOCK:
            return tuple(" / ".join(format_cards(p) for p in way) for way in self.choices)
        return tuple(f"Sacrifice {format_cards(way[0])}" for way in self.choices)

    def _odds_question(self) -> OddsQuestion:
        boards = [list(self.board)]
        match self.pick:
            case Pick.LOCK:
                return lock_question(list(self.hole), opponents=self.opponents)
            case Pick.FIRST:
                return flop_question(list(self.hole), boards=boards, opponents=self.opponents)
        return turn_question(list(self.hole), sacrificed=list(self.sacrificed), boards=boards,
                             opponents=self.opponents)

    def equities(self, budget: Budget | None = None) -> Equities:
        """Equity of each choice, in ``choices`` order, from the odds engine.

        The odds engine lists what is *kept*; a sacrifice keeps the other pairs.
        """
        question = self._odds_question()
        answer = solve(question, rng=np.random.default_rng(self.ref.seed),
                       budget=budget or DEFAULT_BUDGET)
        estimates = [answer[f"equity/{i}"] for i in range(len(question.options))]
        order = list(range(len(estimates)))
        if self.pick is Pick.FINAL:
            order = [1, 0]
        return Equities(tuple(estimates[i].value for i in order),
                        tuple(estimates[i].half_width for i in order))

    @cached_property
    def judged(self) -> Equities:
        """The equities the answer is judged by (worked out once per question)."""
        return self.equities()

    def right_choices(self, equities: Equities | None = None) -> frozenset[int]:
        values = (equities or self.judged).values
        best = max(values)
        return frozenset(i for i, e in enumerate(values) if e >= best - TOLERANCE)

    def obvious(self) -> int:
        """The computer players' lock, or sacrificing the pair weakest on the board now."""
        if self.pick is Pick.LOCK:
            return max(range(len(self.choices)),
                       key=lambda i: (lock_score([c for p in self.choices[i] for c in p]), -i))
        made = [HIGH_HAND.high_of((*pair, *self.board)) for pair in self.pairs]
        return min(range(len(self.pairs)), key=lambda i: (made[i], i))


def _deal(rng: random.Random, pick: Pick) -> tuple[tuple[Pair, ...], tuple[Card, ...],
                                                   tuple[Card, ...]]:
    deck = Deck(rng=rng)
    six = deck.deal(6)
    rng.shuffle(six)
    pairs: tuple[Pair, ...] = tuple((six[i], six[i + 1]) for i in (0, 2, 4))
    if pick is Pick.LOCK:
        return pairs, (), ()
    if pick is Pick.FIRST:
        return pairs, tuple(deck.deal(3)), ()
    gone = rng.randrange(3)
    alive = tuple(p for i, p in enumerate(pairs) if i != gone)
    return alive, tuple(deck.deal(4)), pairs[gone]


def sophie_question(ref: QuestionRef) -> SophieQuestion:
    """A random decision, or a tricky one where the obvious choice loses equity."""
    if ref.drill is not Drill.SOPHIE:
        raise ValueError(f"{ref.drill} is not the Sophie's Pick drill")
    rng = ref.rng()
    tricky = ref.level is Level.TRICKY
    pick = rng.choice([Pick.FIRST, Pick.FINAL] if tricky else list(Pick))
    opponents = rng.choice([1, 1, 2])
    for _ in range(MAX_DRAWS):
        pairs, board, sacrificed = _deal(rng, pick)
        question = SophieQuestion(ref, pick, pairs, board, opponents, sacrificed)
        if not tricky or _is_tricky(question):
            return question
    raise RuntimeError(f"no tricky {pick.value} pick in {MAX_DRAWS} deals")


def _is_tricky(question: SophieQuestion) -> bool:
    """Screen quickly with a rough budget, then confirm with the full one."""
    if question.pick is not Pick.LOCK:
        made = [HIGH_HAND.high_of((*pair, *question.board)) for pair in question.pairs]
        if len(set(made)) < len(made):
            return False
    obvious = question.obvious()
    rough = question.equities(SCREEN)
    if max(rough.values) - rough.values[obvious] < TOLERANCE + 0.02:
        return False
    return obvious not in question.right_choices()


def judge_sophie(question: SophieQuestion, chosen: str) -> Verdict:
    """Right when the chosen option's equity is within the tolerance of the best."""
    labels = question.labels()
    if chosen not in labels:
        raise ValueError("choose one of the options offered")
    index = labels.index(chosen)
    judged = question.judged
    values = judged.values
    best = max(range(len(values)), key=lambda i: values[i])
    right = question.right_choices()
    correct = index in right
    mine, top = values[index], values[best]
    verb = "locking" if question.pick is Pick.LOCK else "sacrificing"
    what = (labels[index] if question.pick is Pick.LOCK
            else format_cards(question.choices[index][0]))
    best_what = (labels[best] if question.pick is Pick.LOCK
                 else format_cards(question.choices[best][0]))
    if correct:
        headline = (f"Right: {verb} {what} gives {mine:.1%} equity"
                    + (", the best choice." if index == best
                       else f", within {TOLERANCE:.0%} of the best ({top:.1%})."))
    else:
        headline = (f"Not the best: {verb} {what} gives {mine:.1%}; {verb} {best_what} "
                    f"gives {top:.1%} ({top - mine:.1%} more).")
    details = [_in_words(question, best), _model_note(question, judged)]
    obvious = question.obvious()
    if obvious not in right:
        details.append(_obvious_note(question, obvious, top - values[obvious]))
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=True)
    shown = order[:6] if question.pick is Pick.LOCK else order
    if question.pick is Pick.LOCK and index not in shown:
        shown.append(index)
    table = tuple((labels[i], f"{values[i]:.1%}", f"±{judged.half_widths[i]:.1%}",
                   _note(i, best, right, index)) for i in shown)
    rows = () if question.pick is Pick.LOCK else tuple(
        CardRow(f"{labels[i]}: {values[i]:.1%}", question.choices[i][0]) for i in range(
            len(labels)))
    return Verdict(correct=correct, headline=headline, details=tuple(details), rows=rows,
                   columns=("Choice", "Equity", "95% interval", "Note"), table=table,
                   answer=f"chose {chosen}", solution=f"{verb} {best_what}",
                   theme=_THEMES[question.pick])


def _in_words(question: SophieQuestion, best: int) -> str:
    """The best choice said in words, from what each pair makes with the board."""
    if question.pick is Pick.LOCK:
        return why_lock(question.choices[best])
    unseen = unseen_cards([*question.hole, *question.board, *question.sacrificed])
    readings = [read_pair(pair, question.board, unseen) for pair in question.pairs]
    gone = readings[best]
    kept = [r for i, r in enumerate(readings) if i != best]
    if question.pick is Pick.FINAL:
        return why_keep(kept[0], gone, unseen=len(unseen))
    return why_sacrifice(gone, kept, unseen=len(unseen))


def _note(i: int, best: int, right: frozenset[int], chosen: int) -> str:
    notes = ["best" if i == best else "within tolerance" if i in right else ""]
    if i == chosen:
        notes.append("your choice")
    return ", ".join(n for n in notes if n)


def _obvious_note(question: SophieQuestion, obvious: int, cost: float) -> str:
    if question.pick is Pick.LOCK:
        return (f"The pairing the computer players would lock (the strongest hold'em "
                f"pairs first) costs {cost:.1%} here: keep cards that help each other "
                "on the boards to come, not just one strong pair.")
    weakest = HIGH_HAND.high_of((*question.pairs[obvious], *question.board))
    return (f"Sacrificing the pair weakest on the board now "
            f"({format_cards(question.pairs[obvious])}, {weakest.describe().lower()}) is "
            f"tempting but costs {cost:.1%}: what the pairs can still make counts too.")


def _model_note(question: SophieQuestion, judged: Equities) -> str:
    width = max(judged.half_widths)
    who = ("1 opponent who locks and sacrifices" if question.opponents == 1
           else f"{question.opponents} opponents who lock and sacrifice")
    return (f"Equity from the odds engine against {who} as the computer players do, our "
            f"later picks keeping the pair best on the board; each figure is within "
            f"±{width:.1%} (95%). Choices within {TOLERANCE:.0%} of the best count as right.")
