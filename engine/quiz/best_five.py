"""The best five cards: from the cards in front of you at a game's showdown, pick the five
that make your best hand, by the game's own hand types.

Every registered game gets it from its declaration: a real hand of the game is dealt
and played to the showdown (``engine.quiz.dealt``), and one seat's live cards and the
board are the question. What counts comes from the game's ``HandTypes``: high or low
(ace-to-five or deuce-to-seven), both halves of a split (the question asks one), a low
that must qualify (eight or better: "no qualifying low" is then an answer), and a rule
such as Omaha's exactly two hole cards and three from the board. The best value is the
game's own ``evaluate`` of the cards, so the drill and the showdown never disagree; in a
game with wild cards, the hand is valued with the cards wild in it at its showdown (in
Follow the Queen, queens and the rank the deal set).

A tricky question is one where the hurried reading loses: the five highest (or lowest)
cards are not the best hand, or the best five of all the cards breaks the hole-card rule.

>>> q = best_five_question(QuestionRef(Drill.BEST_FIVE, Level.RANDOM, 3, game="texas-holdem"))
>>> len(q.hole), len(q.board), q.half.value
(2, 5, 'high')
>>> judge_best_five(q, q.best_held()).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from engine.cards import Card, Rank, format_cards
from engine.games import GAMES, Settings
from engine.games.hand_types import HandTypes, low_qualifies
from engine.games.wild_cards import held_five
from engine.hands import HandValue, LowRanking
from engine.quiz.common import CardRow, Drill, Level, QuestionRef, Verdict
from engine.quiz.dealt import deal, hand_type_settings, play_out
from engine.quiz.explain import hand_phrase, why_beats
from engine.wild import WildCards

__all__ = ["NO_LOW", "BestFiveQuestion", "Half", "best_five_question", "judge_best_five",
]

PICK = 5
MAX_DRAWS = 60
"""Hands dealt looking for a tricky question; past it the last one dealt is asked."""
NO_LOW = "No five make a qualifying low"
"""The answer, in a split pot with a qualifier, that no low is good enough."""


class Half(StrEnum):
    """Which hand the question asks for: the high hand or the low one."""

    HIGH = "high"
    LOW = "low"


@dataclass(frozen=True, slots=True)
class BestFiveQuestion:
    """One seat's live cards at the showdown, the board, and which hand to make."""

    ref: QuestionRef
    settings: Settings
    types: HandTypes
    half: Half
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    boards: int = 1
    """How many boards the game deals: with two, the question is about the first."""
    wild: WildCards | None = None
    """The cards wild in this hand at its showdown, as the game values it (``None``: none)."""

    @property
    def game_name(self) -> str:
        return GAMES[self.ref.game].name

    @property
    def ranking(self) -> LowRanking | None:
        return self.types.low if self.half is Half.LOW else None

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.hole + self.board

    @property
    def wanted(self) -> str:
        """The hand asked for in words: "high hand", "ace-to-five low"."""
        return "high hand" if self.ranking is None else f"{self.ranking.value} low"

    @property
    def may_say_no_low(self) -> bool:
        """Whether "no qualifying low" is among the answers (a low half with a qualifier)."""
        return self.half is Half.LOW and self.types.qualifier is not None

    @property
    def prompt(self) -> str:
        rule = self.types.describe()
        board = " and the board" if self.board else ""
        extra = (f" If no five make a low of {Rank(self.types.qualifier or 8).word} or "
                 "better, say so." if self.may_say_no_low else "")
        if self.boards > 1:
            board = " and board 1"
            extra += (f" The game deals {self.boards} boards, each played on its own: this "
                      "asks about board 1.")
        return (f"**{self.game_name}** ({rule}). Tap the five of your cards{board} that make "
                f"your best **{self.wanted}**.{extra}")

    def value(self, five: Sequence[Card]) -> HandValue:
        if self.ranking is None:
            return self.types.high_of(five, wild=self.wild)
        return self.types.low_of(five, wild=self.wild)

    def illegal(self, five: Sequence[Card]) -> str | None:
        """Why these five cannot be a hand of this game, or ``None`` when they can."""
        if len(set(five)) != PICK or not set(five) <= set(self.cards):
            return "Choose five of the cards shown."
        need = self.types.hole_cards
        if need is None:
            return None
        used = sum(c in self.hole for c in five)
        if used == need:
            return None
        return (f"{self.game_name} makes every hand from exactly {_count(need)} of your own "
                f"cards and {_count(PICK - need)} from the board; those five use {used} of "
                "yours.")

    def choices(self) -> list[tuple[Card, ...]]:
        """Every five the game allows."""
        need = self.types.hole_cards
        if need is None:
            return list(combinations(self.cards, PICK))
        return [(*mine, *shared) for mine in combinations(self.hole, need)
                for shared in combinations(self.board, PICK - need)]

    def best(self) -> HandValue:
        """The best hand asked for: the game's own valuation of the cards (with wild
        cards, each standing for the card it plays as, which the hand is named by)."""
        if self.wild is not None:
            return self.value(self.cards)
        high, low = self.types.best(self.hole, self.board)
        found = high if self.half is Half.HIGH else low
        assert found is not None
        return found

    def best_held(self) -> tuple[Card, ...]:
        """The five of the player's cards that make the best hand (a wild card as itself,
        not as the card it plays as): the five to choose."""
        best = self.best()
        if self.wild is not None:
            return tuple(held_five(self.cards, self.wild, best.cards))
        return best.cards

    def qualifies(self) -> bool:
        """Whether the best low is good enough for the low half (always, without qualifier)."""
        return self.half is Half.HIGH or low_qualifies(self.best(), self.types.qualifier)

    def hurried(self) -> tuple[Card, ...]:
        """The five a hurried reader takes: the best of any five when a hole-card rule
        forbids it, else the five highest cards (the five lowest for low)."""
        if self.types.hole_cards is not None:
            anyhow = self.types.high_of(self.cards) if self.ranking is None \
                else self.types.low_of(self.cards)
            if self.illegal(anyhow.cards) is not None:
                return anyhow.cards
        ace_low = self.ranking is LowRanking.ACE_TO_FIVE

        def height(card: Card) -> tuple[int, int]:
            rank = 1 if ace_low and card.rank is Rank.ACE else int(card.rank)
            return rank, int(card.suit)

        ordered = sorted(self.cards, key=height, reverse=self.ranking is None)
        legal = self.choices()
        picked = tuple(ordered[:PICK])
        if self.illegal(picked) is None or not legal:
            return picked
        return max(legal, key=lambda five: sorted((height(c) for c in five),
                                                  reverse=self.ranking is None))

    def tricky(self) -> bool:
        """Whether the hurried reading loses (or no low qualifies)."""
        if self.may_say_no_low and not self.qualifies():
            return True
        hurried = self.hurried()
        return self.illegal(hurried) is not None or self.value(hurried) < self.best()

    def board_plays(self) -> bool:
        """Whether the board's own five are a best hand (your cards add nothing)."""
        return len(self.board) == PICK and self.illegal(self.board) is None and \
            self.value(self.board) == self.best()


def _count(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four"}.get(n, str(n))


def _deal_one(ref: QuestionRef, rng: random.Random) -> BestFiveQuestion:
    game = GAMES[ref.game]
    variants = hand_type_settings(game)
    settings = variants[0] if ref.level is Level.RANDOM and rng.random() < 0.7 \
        else rng.choice(variants)
    types = game.hand_types(settings)
    state = play_out(deal(ref.game, rng, settings=settings), rng)
    seat = rng.choice(state.in_hand())
    board = tuple(state.boards[0]) if state.boards else ()
    halves = [h for h, played in ((Half.HIGH, types.high), (Half.LOW, types.low is not None))
              if played]
    return BestFiveQuestion(ref, settings, types, rng.choice(halves),
                            tuple(state.live_cards(seat)), board, max(1, len(state.boards)),
                            wild=game.seat_wild(state, seat))


def best_five_question(ref: QuestionRef) -> BestFiveQuestion:
    """A hand of the ref's game at its showdown; for the tricky level, one the hurried
    reading gets wrong (the last one dealt if none turns up)."""
    if ref.drill is not Drill.BEST_FIVE:
        raise ValueError(f"{ref.drill} is not the best-five drill")
    rng = ref.rng()
    question = _deal_one(ref, rng)
    if ref.level is Level.TRICKY:
        for _ in range(MAX_DRAWS):
            if question.tricky():
                break
            question = _deal_one(ref, rng)
    return question


def judge_best_five(question: BestFiveQuestion, chosen: Sequence[Card] | str) -> Verdict:
    """Right when the five chosen are a hand of the game worth the best (any five of equal
    value are as right), or, with a qualifier, when no low qualifies and that is said."""
    best, held = question.best(), question.best_held()
    qualifies = question.qualifies()
    rows = [CardRow(f"Your best {question.wanted}: {best.describe()}", held)]
    details: list[str] = []
    if isinstance(chosen, str):
        if chosen != NO_LOW or not question.may_say_no_low:
            raise ValueError("choose five cards")
        correct = not qualifies
        answer = "said no five make a qualifying low"
        headline = (f"Right: your best low is {hand_phrase(best)}, not good enough."
                    if correct else
                    f"Not quite: {format_cards(held)} make {hand_phrase(best)}, a "
                    "qualifying low.")
    else:
        five = tuple(chosen)
        reason = question.illegal(five)
        answer = f"chose {format_cards(five)}"
        if reason is not None:
            correct = False
            headline = f"Not a hand of {question.game_name}: {reason}"
        else:
            mine = question.value(five)
            rows.append(CardRow(f"Your five: {mine.describe()}", five))
            correct = mine == best and qualifies
            if mine == best and not qualifies:
                headline = (f"Those five are your best low, {hand_phrase(best)}, but it does "
                            "not qualify: no five make a low good enough for the low half.")
            elif correct:
                headline = f"Right: {format_cards(five)} make {hand_phrase(best)}."
            else:
                headline = (f"Not the best: {format_cards(five)} make {hand_phrase(mine)}; "
                            f"{format_cards(held)} make {hand_phrase(best)}.")
                details.append(why_beats(best, mine))
    details.extend(_lessons(question, best, qualifies))
    solution = (f"{format_cards(held)}, {hand_phrase(best)}" if qualifies
                else f"no qualifying low (the best is {hand_phrase(best)})")
    return Verdict(correct=correct, headline=headline, details=tuple(details),
                   rows=tuple(rows), answer=answer, solution=solution, theme=theme(question))


def _lessons(question: BestFiveQuestion, best: HandValue, qualifies: bool) -> list[str]:
    """The rules the question turns on, said after every answer."""
    said: list[str] = []
    need = question.types.hole_cards
    if need is not None:
        said.append(f"In {question.game_name} a hand is exactly {_count(need)} of your own "
                    f"cards and {_count(PICK - need)} from the board, never more, never fewer.")
    hurried = question.hurried()
    if question.illegal(hurried) is not None and need is not None:
        anyhow = question.value(hurried)
        if anyhow > best:
            said.append(f"{format_cards(hurried)} would make {hand_phrase(anyhow)}, but not "
                        "by that rule.")
    elif question.value(hurried) < best:
        side = "highest" if question.ranking is None else "lowest"
        said.append(f"The five {side} cards, {format_cards(hurried)}, make only "
                    f"{hand_phrase(question.value(hurried))}.")
    if question.board_plays():
        said.append("The board plays: its five cards are your best hand, so your own "
                    "cards add nothing.")
    if question.ranking is LowRanking.ACE_TO_FIVE:
        said.append("For an ace-to-five low the ace counts one and straights and flushes "
                    "do not count.")
    elif question.ranking is LowRanking.DEUCE_TO_SEVEN:
        said.append("For a deuce-to-seven low the ace counts high and straights and "
                    "flushes count against the hand.")
    if question.may_say_no_low:
        qualifier = Rank(question.types.qualifier or 8).word
        said.append(f"A low wins its half only with five unpaired cards of {qualifier} or "
                    "lower; " + ("yours does." if qualifies else
                                 "without one the high hand takes the whole pot."))
    return said


def theme(question: BestFiveQuestion) -> str:
    """What the question turns on: the hole-card rule, a low that fails to qualify, the
    board playing, or else the hand asked for."""
    if question.types.hole_cards is not None:
        return f"Exactly {_count(question.types.hole_cards)} of your own cards"
    if question.may_say_no_low:
        return "A low that must qualify"
    if question.board_plays():
        return "The board plays"
    if question.ranking is not None:
        return f"Picking the {question.ranking.value} low"
    return "Picking the high hand"
