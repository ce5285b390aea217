"""Lessons from Sophie's Pick and Double Sophie: the lock and each sacrifice, measured.

The decision is rebuilt from what the seat saw (its own six cards or pairs, the
board or boards so far, how many players were still in), every choice's equity
is worked out by ``engine.odds.sophie`` (opponents lock and sacrifice as the
computer players do), and a choice more than :data:`MARGIN` below the best is a lesson.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.actions import Action, ActionKind
from engine.cards import Card, format_cards
from engine.games.sophies_pick import facts, live_pairs, pairings
from engine.odds.inputs import OddsInputError
from engine.odds.run import Budget, Question, solve
from engine.odds.sophie import flop_question, lock_question, turn_question
from engine.state import HandState
from ui.training.measured import Lesson, Shown, lesson_id, words

MARGIN = 0.05
"""A choice this far (five points of equity) below the best is a lesson."""
BUDGET = Budget(target=0.02, min_deals=1_000, max_deals=20_000)
"""Each equity within about two points: enough to tell a five-point mistake, quick at a
hand's end."""
NOTE = ("Equity from the odds engine: the unseen cards dealt at random, the opponents "
        "locking and sacrificing as the computer players do, and our later picks keeping "
        "the pair best on the board.")

Pair = tuple[Card, Card]


def _text(pairs: Sequence[Pair]) -> str:
    return " and ".join(format_cards(p) for p in pairs)


def _board_rows(boards: Sequence[Sequence[Card]]) -> list[Shown]:
    if len(boards) == 1:
        return [Shown("Board", tuple(boards[0]))]
    return [Shown(f"Board {n}", tuple(b)) for n, b in enumerate(boards, start=1)]


def _equities(question: Question, count: int, seed: str) -> list[float]:
    answer = solve(question, rng=np.random.default_rng(int(seed[:12], 16)), budget=BUDGET)
    return [answer[f"equity/{i}"].value for i in range(count)]


def measure(state: HandState, seat: int, action: Action) -> Lesson | None:
    """The lock or sacrifice ``action`` about to be made in ``state``, if it cost equity."""
    view = state.view(seat)
    opponents = sum(1 for s in view.seats if s.seat != seat and not s.folded)
    boards = view.boards
    if opponents < 1:
        return None
    try:
        if action.kind is ActionKind.LOCK_PAIRS:
            return _lock(state, seat, action, opponents, boards)
        return _sacrifice(state, seat, action, opponents, boards)
    except OddsInputError:
        return None


def _lock(state: HandState, seat: int, action: Action, opponents: int,
          boards: tuple[tuple[Card, ...], ...]) -> Lesson | None:
    hole = tuple(h.card for h in state.cards[seat])
    ways = [tuple(way) for way in pairings(sorted(hole, reverse=True))]
    chosen_pairs = {frozenset(action.cards[i:i + 2]) for i in (0, 2, 4)}
    chosen = next((i for i, way in enumerate(ways)
                   if {frozenset(p) for p in way} == chosen_pairs), None)
    if chosen is None:
        return None
    count = int(getattr(state.game, "boards", 1))
    labels = tuple(" / ".join(format_cards(p) for p in way) for way in ways)
    shown = (Shown("Your six hole cards", tuple(sorted(hole, reverse=True))),)
    ident = lesson_id("sophie-lock", state.game.id, labels, opponents)
    values = _equities(lock_question(hole, opponents=opponents, boards=count), len(ways), ident)
    best = max(range(len(values)), key=lambda i: values[i])
    gap = values[best] - values[chosen]
    if gap <= MARGIN:
        return None
    headline = (f"You locked {labels[chosen]}; locking {labels[best]} would have won "
                f"{words(gap)} more of the pot on average ({values[best]:.0%} against "
                f"{values[chosen]:.0%}).")
    against = f"{opponents} opponent{'s' if opponents > 1 else ''}"
    return Lesson(ident, "sophie-lock", state.game.id, "Locking the pairs",
                  f"Your six hole cards are dealt, against {against}. Which pairing do you "
                  "lock?", shown, labels, tuple(values), chosen, "Equity", headline, NOTE)


def _sacrifice(state: HandState, seat: int, action: Action, opponents: int,
               boards: tuple[tuple[Card, ...], ...]) -> Lesson | None:
    live = tuple(live_pairs(state, seat))
    gone = frozenset(action.cards)
    chosen = next((i for i, p in enumerate(live) if frozenset(p) == gone), None)
    if chosen is None or len(live) not in (2, 3):
        return None
    flat = [c for p in live for c in p]
    dead = tuple(c for p in facts(state).dead.get(seat, ()) for c in p)
    rows = _board_rows(boards) + [Shown(f"Pair {n}", p) for n, p in enumerate(live, start=1)]
    if len(live) == 3:
        question = flop_question(flat, boards=boards, opponents=opponents)
        theme, when = "The sacrifice at the flop", "The flop is out"
    else:
        question = turn_question(flat, sacrificed=dead, boards=boards, opponents=opponents)
        theme, when = "The sacrifice at the turn", "The turn is out"
        rows.append(Shown("Sacrificed at the flop", dead, dimmed=True))
    labels = tuple(f"Sacrifice {format_cards(p)}" for p in live)
    ident = lesson_id("sophie-sacrifice", state.game.id, labels, boards, dead, opponents)
    kept = _equities(question, len(live), ident)
    # The odds engine lists what is kept: at the flop, all but pair i; at the turn, pair i.
    values = kept if len(live) == 3 else [kept[1], kept[0]]
    best = max(range(len(values)), key=lambda i: values[i])
    gap = values[best] - values[chosen]
    if gap <= MARGIN:
        return None

    def keeps(i: int) -> str:
        return _text([p for j, p in enumerate(live) if j != i])

    headline = (f"You kept {keeps(chosen)}; keeping {keeps(best)} would have won "
                f"{words(gap)} more of the pot on average ({values[best]:.0%} against "
                f"{values[chosen]:.0%}).")
    against = f"{opponents} opponent{'s' if opponents > 1 else ''}"
    return Lesson(ident, "sophie-sacrifice", state.game.id, theme,
                  f"{when}, against {against}. Which pair do you sacrifice?", tuple(rows),
                  labels, tuple(values), chosen, "Equity", headline, NOTE)
