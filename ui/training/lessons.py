"""Lessons from your own hands: the decisions of a played hand the odds engine can measure.

After a hand, the seat's decisions are rebuilt one by one from what that seat saw
then (never a card it could not see) and measured against the other choices it
had (:mod:`ui.training.lesson_partner`, :mod:`ui.training.lesson_sophie`,
:mod:`ui.training.lesson_psycho`). A choice clearly below the best becomes a
lesson (:class:`ui.training.measured.Lesson`): a question of the same kind, with
the measured difference, kept in the learner's record and queued for review.

Lessons written before the measured format (Sophie's Pick only: the pairs,
board and pick) are still asked, as a Sophie's Pick drill question.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from engine.actions import Action, ActionKind
from engine.cards import Card, parse_cards
from engine.games import GAMES, new_hand
from engine.games.declared import DeclaredGame
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.sophie import Pick, SophieQuestion
from engine.state import HandState
from ui.training import lesson_partner, lesson_psycho, lesson_sophie
from ui.training.measured import Lesson

Measure = Callable[[HandState, int, Action], Lesson | None]
Measured = tuple[frozenset[ActionKind], Measure]
MEASURED: Mapping[str, Measured] = MappingProxyType({
    "partner": (frozenset({ActionKind.PICK_PARTNER}), lesson_partner.measure),
    "sophie": (frozenset({ActionKind.LOCK_PAIRS, ActionKind.SACRIFICE}), lesson_sophie.measure),
    "psycho": (frozenset({ActionKind.EXPOSE, ActionKind.DECLARE}), lesson_psycho.measure),
})
"""Each strategy a declaration may name (``strategy``) with decisions to measure: which
kinds, and how."""


def measured(game_id: str) -> Measured | None:
    """The decisions of this game the lessons measure, by its declared strategy."""
    game = GAMES.get(game_id)
    return MEASURED.get(game.declaration.strategy) if isinstance(game, DeclaredGame) else None


MEASURED_GAMES = frozenset(game_id for game_id in GAMES if measured(game_id) is not None)
"""The games whose own decisions make lessons."""

Pair = tuple[Card, Card]


def find_lessons(state: HandState, seat: int) -> dict[str, dict[str, Any]]:
    """The measurable mistakes ``seat`` made in a finished hand, by lesson id, as JSON.

    The hand is replayed once, each of the seat's decisions measured just before it
    was made.
    """
    decisions = measured(state.game.id)
    if decisions is None or not state.is_over:
        return {}
    kinds, measure = decisions
    again = new_hand(state.game.id, players=state.players, seed=state.seed,
                     settings=state.settings, deck=state.stacked, stacks=state.stacks_given)
    found: dict[str, dict[str, Any]] = {}
    for action in state.actions:
        if action.seat == seat and action.kind in kinds:
            lesson = measure(again, seat, action)
            if lesson is not None:
                found[lesson.id] = lesson.to_json()
        again.apply(action)
    return found


def lesson_ref(lesson: Mapping[str, Any]) -> QuestionRef:
    """The reference a lesson's answers are counted under (its drill, a seed from its id)."""
    measured = Lesson.from_json(lesson)
    if measured is not None:
        return QuestionRef(measured.drill, Level.RANDOM, int(measured.id[:8], 16))
    return QuestionRef(Drill.SOPHIE, Level.RANDOM, int(lesson.get("seed", 0)))


def usable(lesson: object) -> bool:
    """Whether a kept lesson can be asked: one in the measured format, or one kept before
    it that still reads as a Sophie's Pick question (a damaged one is left unasked)."""
    if not isinstance(lesson, Mapping):
        return False
    if Lesson.from_json(lesson) is not None:
        return True
    try:
        lesson_question(lesson)
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return True


def _pairs(text: str) -> tuple[Pair, ...]:
    found: list[Pair] = []
    for part in text.split("|"):
        cards = parse_cards(part.strip())
        if len(cards) != 2:
            raise ValueError("a pair is two cards")
        found.append((cards[0], cards[1]))
    return tuple(found)


def lesson_question(lesson: Mapping[str, Any]) -> SophieQuestion:
    """A lesson kept before the measured format, as a Sophie's Pick question."""
    return SophieQuestion(lesson_ref(lesson), Pick(lesson["pick"]), _pairs(lesson["pairs"]),
                          tuple(parse_cards(lesson.get("board", ""))),
                          int(lesson["opponents"]),
                          tuple(parse_cards(lesson.get("sacrificed", ""))))
