"""Lessons from Psycho: three exposed cards that give a low away, and a declaration that
could not win from what was showing.

- The expose: with a hand planned for low (as the computer players plan it), the
  table reads the three up cards. Each choice is measured by how often a hand
  showing those three cards, the other four dealt at random, is stronger for low
  than for high (``engine.odds.expose.looks_low``, with the very figures the advice
  and the computer players' reasons quote: ``engine.odds.advice.expose_reads``):
  the lower, the better hidden. A choice more than :data:`EXPOSE_MARGIN` above the
  best is a lesson.
- The declaration: each way's expected share of the pot from the seat's cards and
  everyone's up cards (``engine.odds.psycho``, the opponents declaring their stronger
  way). A way worth under :data:`CANNOT_WIN` of the pot, when another was worth more
  than :data:`MARGIN` more, is a lesson. Declarations in turn are measured only
  when nobody had declared before the seat (the model knows no earlier declaration).
"""

from __future__ import annotations

from itertools import combinations
from types import MappingProxyType

import numpy as np

from engine.actions import Action, ActionKind, seat_name
from engine.cards import format_cards
from engine.games.psycho import PsychoPublic
from engine.hands import LowRanking
from engine.odds.advice import expose_reads
from engine.odds.inputs import OddsInputError
from engine.odds.psycho import DECLARATIONS, psycho_question
from engine.odds.run import Budget, solve
from engine.state import HandState
from ui.training.measured import Lesson, Shown, lesson_id, words

MARGIN = 0.05
CANNOT_WIN = 0.05
"""A declaration bringing back less than this share of the pot on average cannot win."""
EXPOSE_MARGIN = 0.15
"""Three up cards read as low this much more often than the best disguise give a low away."""
EXPOSE_TOLERANCE = 0.05
BUDGET = Budget(target=0.02, min_deals=1_000, max_deals=20_000)
EXPOSE_NOTE = ("Each figure: of hands showing those three cards, the other four dealt at "
               "random, how many are stronger for low than for high (how the table reads "
               "you).")
DECLARE_NOTE = ("Shares from the odds engine: the unseen cards dealt at random, every "
                "opponent declaring the way their hand is stronger, the pot split by the "
                "house rules (a both-ways declarer must win both halves).")
_WAYS = MappingProxyType({"high": "Declare high", "low": "Declare low",
                          "both": "Declare both ways"})


def _ranking(state: HandState) -> LowRanking:
    return LowRanking(getattr(state.settings, "low_ranking", LowRanking.ACE_TO_FIVE))


def measure(state: HandState, seat: int, action: Action) -> Lesson | None:
    if action.kind is ActionKind.EXPOSE:
        return _expose(state, seat, action)
    return _declare(state, seat, action)


def _expose(state: HandState, seat: int, action: Action) -> Lesson | None:
    ranking = _ranking(state)
    mine = [h.card for h in state.cards[seat]]
    if len(set(mine)) != 5:
        return None
    plan, reads = expose_reads(tuple(mine), ranking)
    if plan != "low":
        return None
    threes = [tuple(sorted(t, reverse=True)) for t in combinations(mine, 3)]
    chosen = next((i for i, t in enumerate(threes) if set(t) == set(action.cards)), None)
    if chosen is None:
        return None
    labels = tuple(f"Expose {format_cards(t)}" for t in threes)
    ident = lesson_id("psycho-expose", sorted(mine, reverse=True), ranking.value)
    read_of = {frozenset(three): read for three, read in reads}
    values = [read_of[frozenset(t)] for t in threes]
    best = min(range(len(values)), key=lambda i: values[i])
    if values[chosen] - values[best] <= EXPOSE_MARGIN:
        return None
    headline = (f"You showed {format_cards(threes[chosen])}: a hand showing those is "
                f"stronger for low {values[chosen]:.0%} of the time, so the table reads your "
                f"low; showing {format_cards(threes[best])} would have looked low "
                f"{values[best]:.0%} of the time.")
    return Lesson(ident, "psycho-expose", state.game.id, "Exposing without giving the low away",
                  f"After the draw you plan a low ({ranking.value}). Which three cards do you "
                  "expose to give the least away?",
                  (Shown("Your five cards", tuple(sorted(mine, reverse=True))),), labels,
                  tuple(values), chosen, "Read as low", headline, EXPOSE_NOTE,
                  lower_is_better=True, tolerance=EXPOSE_TOLERANCE)


def _declare(state: HandState, seat: int, action: Action) -> Lesson | None:
    view = state.view(seat)
    public = view.facts
    if not isinstance(public, PsychoPublic) or any(s != seat for s, _ in public.declared):
        return None
    if action.choice not in DECLARATIONS:
        return None
    ranking = _ranking(state)
    me = view.seats[seat]
    mine = [c.card for c in me.cards if c.card is not None]
    down = [c.card for c in me.cards if c.card is not None and not c.up]
    others = [s for s in view.seats if s.seat != seat]
    rivals = [s for s in others if not s.folded]
    board = view.boards[0] if view.boards else ()
    if not rivals:
        return None
    try:
        question = psycho_question(mine, [s.up_cards for s in rivals], community=board,
                                   dead=[c for s in others if s.folded for c in s.up_cards],
                                   ranking=ranking)
    except OddsInputError:
        return None
    ident = lesson_id("psycho-declare", mine, down, [s.up_cards for s in others],
                      [s.folded for s in others], board, ranking.value)
    answer = solve(question, rng=np.random.default_rng(int(ident[:12], 16)), budget=BUDGET)
    values = tuple(answer[f"share/{way}"].value for way in DECLARATIONS)
    chosen = DECLARATIONS.index(str(action.choice))
    best = max(range(len(values)), key=lambda i: values[i])
    if values[chosen] >= CANNOT_WIN or values[best] - values[chosen] <= MARGIN:
        return None
    headline = (f"You declared {DECLARATIONS[chosen]}; from what was showing, that brings "
                f"back {values[chosen]:.0%} of the pot on average, and declaring "
                f"{DECLARATIONS[best]} {values[best]:.0%} ({words(values[best] - values[chosen])}"
                " more).")
    shown = [Shown("Your cards", tuple(mine), down=tuple(down))]
    shown += [Shown(f"{seat_name(s.seat)} shows" + (" (folded)" if s.folded else ""),
                    s.up_cards, dimmed=s.folded) for s in others]
    if board:
        shown.append(Shown("Community cards", tuple(board)))
    return Lesson(ident, "psycho-declare", state.game.id, "Declaring a way that can win",
                  f"Time to declare (low ranked {ranking.value}). Which way do you declare?",
                  tuple(shown), tuple(_WAYS[w] for w in DECLARATIONS), values, chosen,
                  "Share of the pot", headline, DECLARE_NOTE)
