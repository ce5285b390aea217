"""The best partnership hand: which three cards complete the team's hand.

Two partners hold five cards each. The team hand must use both first up cards
and adds any three of the other eight: 56 choices, ranked by the engine. An
answer is right when its hand equals the best value (different cards that
make an equal hand are equally right).

>>> q = partner_question(QuestionRef(Drill.PARTNER, Level.TUTORIAL, 0))
>>> format_cards(q.anchors), format_cards(q.others)
('K♥ 10♥', 'Q♥ J♥ 4♣ 9♠ 2♥ 3♦ 3♠ 7♣')
>>> judge_partner(q, parse_cards("Q♥ J♥ 9♠")).details[0]
'A flush beats a straight.'
>>> judge_partner(q, parse_cards("Q♥ J♥ 2♥")).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from engine.cards import Card, Deck, format_cards, parse_cards
from engine.games.hand_types import HIGH_HAND
from engine.hands import HandValue
from engine.quiz.common import CardRow, Drill, Level, QuestionRef, Verdict
from engine.quiz.explain import hand_phrase, why_beats
from engine.quiz.traps import Trap, obvious_choices, springs, traps_sprung

PICK = 3
ALTERNATIVES = 5
PLAIN_THEME = "Reading the team hand"
"""The theme of a question that sets no trap."""
"""How many of the best choices the explanation lists."""
MAX_DRAWS = 50_000
"""Rejection sampling gives up after this many deals (it needs a few hundred at most)."""

_TUTORIAL: tuple[tuple[str, str, str], ...] = (
    ("K♥ Q♥ J♥ 4♣ 9♠", "10♥ 2♥ 3♦ 3♠ 7♣",
     "Both first up cards must play. The first hand that jumps out is not always the best."),
    ("A♠ K♣ Q♦ 5♥ 9♣", "3♦ 2♣ 4♠ J♥ 8♦",
     "No two cards here share a rank. What can the ace do besides play high?"),
    ("9♠ 9♥ 9♣ A♣ 7♦", "4♦ 4♠ 4♣ K♥ 2♦",
     "Each first up card has two more of its rank on the table."),
    ("K♠ K♦ 9♣ 9♥ 2♠", "4♥ 4♣ A♦ 7♠ 3♣",
     "Both first up cards can be paired. Is that the best two pair?"),
)
"""Worked examples as deals only (partner 1, partner 2, a hint): each answer is computed.

The first is the rule sheet's own example: K♥ with Q♥ J♥ 4♣ 9♠, 10♥ with 2♥ 3♦ 3♠ 7♣.
"""
TUTORIAL_SIZE = len(_TUTORIAL)


@dataclass(frozen=True, slots=True)
class Choice:
    """Three added cards and the team hand they make."""

    cards: tuple[Card, ...]
    value: HandValue


@dataclass(frozen=True, slots=True)
class PartnerQuestion:
    """Two partners' cards, each partner's first up card first."""

    ref: QuestionRef
    first: tuple[Card, ...]
    second: tuple[Card, ...]
    trap: Trap | None = None
    hint: str | None = None

    @property
    def anchors(self) -> tuple[Card, Card]:
        """The two first up cards, which every team hand must use."""
        return self.first[0], self.second[0]

    @property
    def others(self) -> tuple[Card, ...]:
        """The eight cards the team chooses three from."""
        return self.first[1:] + self.second[1:]

    def ranked(self) -> list[Choice]:
        """All 56 choices, best first (equal hands keep the cards' order)."""
        ranked = HIGH_HAND.ranked_high_using(self.anchors, self.others, PICK)
        return [Choice(chosen, value) for chosen, value in ranked]

    def best(self) -> Choice:
        return self.ranked()[0]


def _deal(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    cards = Deck(rng=rng).deal(10)
    return tuple(cards[:5]), tuple(cards[5:])


def partner_question(ref: QuestionRef) -> PartnerQuestion:
    """The question a reference names: a worked example, a random deal or a trap."""
    if ref.drill is not Drill.PARTNER:
        raise ValueError(f"{ref.drill} is not the partnership drill")
    if ref.level is Level.TUTORIAL:
        if not 0 <= ref.seed < TUTORIAL_SIZE:
            raise ValueError(f"the tutorial has questions 0 to {TUTORIAL_SIZE - 1}")
        first, second, hint = _TUTORIAL[ref.seed]
        anchors = parse_cards(first)[0], parse_cards(second)[0]
        others = parse_cards(first)[1:] + parse_cards(second)[1:]
        found = traps_sprung(anchors, others)
        return PartnerQuestion(ref, tuple(parse_cards(first)), tuple(parse_cards(second)),
                               trap=found[0] if found else None, hint=hint)
    return deal_partner_question(ref.rng(), ref=ref)


def deal_partner_question(rng: random.Random, *, ref: QuestionRef) -> PartnerQuestion:
    """Deal a random question, or for the tricky level rejection-sample a deal that sets a trap.

    The trap is drawn first, then deals are drawn from the same ``rng`` until
    one springs it, so the question depends on the seed alone.
    """
    if ref.level is not Level.TRICKY:
        first, second = _deal(rng)
        return PartnerQuestion(ref, first, second)
    trap = rng.choice(list(Trap))
    for _ in range(MAX_DRAWS):
        first, second = _deal(rng)
        if springs(trap, (first[0], second[0]), first[1:] + second[1:]):
            return PartnerQuestion(ref, first, second, trap=trap)
    raise RuntimeError(f"no deal setting the {trap.value} trap in {MAX_DRAWS} draws")


def check_choice(question: PartnerQuestion, chosen: Collection[Card]) -> tuple[Card, ...]:
    """The chosen cards in table order; ``ValueError`` says what is wrong with the choice."""
    picked = set(chosen)
    if len(picked) != len(list(chosen)):
        raise ValueError("the same card was chosen twice")
    stray = [c for c in picked if c not in question.others]
    if any(c in question.anchors for c in stray):
        raise ValueError("the first up cards are already in the team hand: "
                         "choose three of the other eight")
    if stray:
        raise ValueError(f"{format_cards(stray)} is not one of the partners' cards")
    if len(picked) != PICK:
        raise ValueError(f"choose exactly {PICK} cards to add; {len(picked)} chosen")
    return tuple(c for c in question.others if c in picked)


def judge_partner(question: PartnerQuestion, chosen: Collection[Card]) -> Verdict:
    """Judge three added cards against the best team hand; the explanation is computed."""
    picked = check_choice(question, chosen)
    ranked = question.ranked()
    best = ranked[0]
    mine = next(choice for choice in ranked if set(choice.cards) == set(picked))
    ties = [c for c in ranked if c.value == best.value]
    correct = mine.value == best.value
    anchors = format_cards(question.anchors)
    if correct:
        others = len(ties) - 1
        headline = (f"Right: {anchors} with {format_cards(picked)} make "
                    f"{hand_phrase(mine.value)}, the best the team can do.")
        details = [f"{others} other choice{'s' if others != 1 else ''} make an equal hand: "
                   "any of them is right too."] if others else []
    else:
        headline = (f"Not the best: {format_cards(picked)} make {hand_phrase(mine.value)}; "
                    f"{format_cards(best.cards)} make {hand_phrase(best.value)}.")
        details = [why_beats(best.value, mine.value)]
    trap_notes, trap = _trap_notes(question, picked, best.value)
    details.extend(trap_notes)
    rows: tuple[CardRow, ...] = ((CardRow("Your team hand", mine.value.cards),)
                                 if not correct else ())
    rows += (CardRow("Best team hand", best.value.cards),)
    table = tuple(_alternative_row(rank, choice, best.value, picked)
                  for rank, choice in enumerate(ranked[:ALTERNATIVES], start=1))
    return Verdict(correct=correct, headline=headline, details=tuple(details), rows=rows,
                   columns=("#", "Cards added", "Team hand", "Note"), table=table,
                   answer=f"added {format_cards(picked)} ({mine.value.describe()})",
                   solution=f"add {format_cards(best.cards)} ({best.value.describe()})",
                   theme=trap.label if trap else PLAIN_THEME)


def _trap_notes(question: PartnerQuestion, picked: tuple[Card, ...],
                best: HandValue) -> tuple[list[str], Trap | None]:
    """Name the trap the deal sets, and say so when the answer fell into it.

    Also returns the trap, the question's theme (``None``: it sets no trap).
    """
    trap = question.trap
    if trap is None:
        found = traps_sprung(question.anchors, question.others, best)
        trap = found[0] if found else None
    if trap is None or not springs(trap, question.anchors, question.others, best):
        return [], None
    obvious = obvious_choices(trap, question.anchors, question.others)
    fell = any(set(choice) == set(picked) for choice in obvious)
    lead = "You took the tempting choice. " if fell else ""
    return [f"{lead}The trap here ({trap.label.lower()}): {trap.lesson}"], trap


def _alternative_row(rank: int, choice: Choice, best: HandValue,
                     picked: tuple[Card, ...]) -> tuple[str, ...]:
    notes = []
    if choice.value == best:
        notes.append("best" if rank == 1 else "ties for best")
    if set(choice.cards) == set(picked):
        notes.append("your choice")
    return (str(rank), format_cards(choice.cards), choice.value.describe(), ", ".join(notes))
