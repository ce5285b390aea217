"""Lessons from your own hands: the decisions of a played hand the odds engine can measure.

In Sophie's Pick, locking the pairs and each sacrifice are measured: the
decision is rebuilt from what the player's seat saw then (their own six hole
cards or pairs, the board so far, how many players were still in: never a
card they could not see), every choice's equity is worked out by
``engine.odds.sophie`` as the quiz does, and a choice more than
:data:`MARGIN` below the best becomes a lesson: a question of the same kind,
with the measured difference, kept in the learner's record and queued for review.

A lesson is plain JSON (cards as text), so the record holds it without the hand.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from engine.actions import ActionKind
from engine.cards import Card, format_cards, parse_cards
from engine.games.sophies_pick import facts, live_pairs
from engine.history import replay
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.sophie import _THEMES, Pick, SophieQuestion
from engine.state import HandState

MARGIN = 0.05
"""A choice this far (five percentage points of equity) below the best is a lesson."""
GAMES = frozenset({"sophies-pick"})
"""Games whose decisions are measured (Double Sophie's two boards are not, yet)."""

Pair = tuple[Card, Card]


def _pairs_text(pairs: tuple[Pair, ...]) -> str:
    return " | ".join(format_cards(p) for p in pairs)


def _pairs(text: str) -> tuple[Pair, ...]:
    found: list[Pair] = []
    for part in text.split("|"):
        cards = parse_cards(part.strip())
        if len(cards) != 2:
            raise ValueError("a pair is two cards")
        found.append((cards[0], cards[1]))
    return tuple(found)


def lesson_ref(lesson: Mapping[str, Any]) -> QuestionRef:
    """The reference a lesson's question is worked out under (its seed seeds the odds)."""
    return QuestionRef(Drill.SOPHIE, Level.RANDOM, int(lesson.get("seed", 0)))


def lesson_question(lesson: Mapping[str, Any]) -> SophieQuestion:
    """The lesson as a Sophie's Pick question, ready for the quiz's asker and judge."""
    return SophieQuestion(lesson_ref(lesson), Pick(lesson["pick"]), _pairs(lesson["pairs"]),
                          tuple(parse_cards(lesson.get("board", ""))),
                          int(lesson["opponents"]),
                          tuple(parse_cards(lesson.get("sacrificed", ""))))


def _choice_index(question: SophieQuestion, chosen: tuple[Pair, ...]) -> int:
    wanted = {frozenset(p) for p in chosen}
    for index, way in enumerate(question.choices):
        if {frozenset(p) for p in way} == wanted:
            return index
    raise ValueError("the choice made is not among the question's")


def _kept(question: SophieQuestion, index: int) -> str:
    """The cards a choice keeps, in words."""
    if question.pick is Pick.LOCK:
        return " / ".join(format_cards(p) for p in question.choices[index])
    gone = question.choices[index][0]
    return " and ".join(format_cards(p) for p in question.pairs if p != gone)


def measure(question: SophieQuestion, chosen: int) -> tuple[int, float, float]:
    """The best choice, its equity and the chosen one's."""
    equities = question.judged.values
    best = max(range(len(equities)), key=lambda i: equities[i])
    return best, equities[best], equities[chosen]


def find_lessons(state: HandState, seat: int) -> dict[str, dict[str, Any]]:
    """The measurable mistakes ``seat`` made in a finished hand, by lesson id."""
    if state.game.id not in GAMES or not state.is_over:
        return {}
    found: dict[str, dict[str, Any]] = {}
    for number, action in enumerate(state.actions):
        if action.seat != seat or action.kind not in (ActionKind.LOCK_PAIRS,
                                                      ActionKind.SACRIFICE):
            continue
        before = replay(state.game.id, players=state.players, seed=state.seed,
                        settings=state.settings, actions=state.actions[:number],
                        deck=state.stacked, stacks=state.stacks_given)
        view = before.view(seat)
        opponents = sum(1 for s in view.seats if s.seat != seat and not s.folded)
        if opponents < 1:
            continue
        board = view.boards[0] if view.boards else ()
        hole = tuple(c.card for c in view.seats[seat].cards if c.card is not None)
        sacrificed: tuple[Card, ...] = ()
        if action.kind is ActionKind.LOCK_PAIRS:
            pick = Pick.LOCK
            pairs: tuple[Pair, ...] = tuple((hole[i], hole[i + 1]) for i in (0, 2, 4))
            cards = tuple(action.cards)
            chosen_pairs = tuple((cards[i], cards[i + 1]) for i in range(0, len(cards) - 1, 2))
        else:
            live = tuple(live_pairs(before, seat))
            pick = Pick.FIRST if len(live) == 3 else Pick.FINAL
            pairs = live
            if pick is Pick.FINAL:
                dead = facts(before).dead.get(seat, ())
                sacrificed = tuple(c for p in dead for c in p)
            cards = tuple(action.cards)
            chosen_pairs = ((cards[0], cards[1]),)
        text = f"{state.seed}/{number}/{_pairs_text(pairs)}/{format_cards(board)}"
        lesson_id = hashlib.sha256(text.encode()).hexdigest()[:16]
        seed = int(lesson_id[:8], 16)
        question = SophieQuestion(QuestionRef(Drill.SOPHIE, Level.RANDOM, seed), pick, pairs,
                                  tuple(board), opponents, sacrificed)
        try:
            chosen = _choice_index(question, chosen_pairs)
        except ValueError:
            continue
        best, best_equity, mine = measure(question, chosen)
        if best_equity - mine <= MARGIN:
            continue
        points = round((best_equity - mine) * 100)
        headline = (f"You kept {_kept(question, chosen)}; keeping {_kept(question, best)} "
                    f"would have won about {points} hands in 100 more often "
                    f"({best_equity:.0%} against {mine:.0%}).")
        found[lesson_id] = {
            "drill": Drill.SOPHIE.value, "game": state.game.id, "pick": pick.value,
            "pairs": _pairs_text(pairs), "board": format_cards(board),
            "sacrificed": format_cards(sacrificed), "opponents": opponents, "seed": seed,
            "chosen": chosen, "best": best, "gap": round(best_equity - mine, 4),
            "theme": _THEMES[pick], "headline": headline,
            "solution": (question.labels()[best] if pick is not Pick.LOCK
                         else f"lock {question.labels()[best]}")}
    return found
