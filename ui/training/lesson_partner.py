"""Lessons from Pick a Partner: a partner picked whom the odds model rates clearly weaker.

The pick is rebuilt from what the seat saw (every first up card, its own four
hidden cards, the partnerships already made) and each candidate's equity is
worked out by ``engine.odds.partner`` (the others then pick as the computer
players do); a pick more than :data:`MARGIN` below the best is a lesson.
"""

from __future__ import annotations

import numpy as np

from engine.actions import Action, seat_name
from engine.games.pick_a_partner_steps import PartnerPublic
from engine.odds.inputs import OddsInputError
from engine.odds.partner import partner_question
from engine.odds.run import Budget, solve
from engine.state import HandState
from ui.training.measured import Lesson, Shown, lesson_id, words

MARGIN = 0.05
BUDGET = Budget(target=0.02, min_deals=1_000, max_deals=6_000)
"""Each equity within about two points (at most a second for ten players)."""
NOTE = ("Equity from the odds engine: the hidden cards dealt at random, the others then "
        "picking as the computer players do, and nobody folding.")


def measure(state: HandState, seat: int, action: Action) -> Lesson | None:
    """The pick ``action`` about to be made in ``state``, if it cost equity."""
    view = state.view(seat)
    public = view.facts
    if not isinstance(public, PartnerPublic) or not isinstance(action.choice, int):
        return None
    first = dict(public.first_up)
    if len(first) != len(view.seats):
        return None
    ups = [first[s] for s in range(len(view.seats))]
    mine = view.seats[seat]
    hidden = [c.card for c in mine.cards if c.card is not None and c.card != first[seat]]
    paired = sorted({(min(a, b), max(a, b)) for a, b in public.partners})
    try:
        question = partner_question(ups, me=seat, hidden=hidden, paired=paired)
    except OddsInputError:
        return None
    candidates = question.candidates
    if len(candidates) < 2 or action.choice not in candidates:
        return None
    labels = tuple(f"Pick {seat_name(c)} ({ups[c]})" for c in candidates)
    ident = lesson_id("partner-pick", ups, hidden, paired, seat)
    answer = solve(question, rng=np.random.default_rng(int(ident[:12], 16)), budget=BUDGET)
    values = tuple(answer[f"equity/{c}"].value for c in candidates)
    chosen = candidates.index(action.choice)
    best = max(range(len(values)), key=lambda i: values[i])
    gap = values[best] - values[chosen]
    if gap <= MARGIN:
        return None
    pick, better = candidates[chosen], candidates[best]
    headline = (f"You picked {seat_name(pick)} ({ups[pick]}); picking {seat_name(better)} "
                f"({ups[better]}) would have won {words(gap)} more of the pot "
                f"({values[best]:.0%} against {values[chosen]:.0%}).")
    shown = [Shown("Your first up card and hidden cards", (ups[seat], *hidden),
                   down=tuple(hidden))]
    shown += [Shown(f"{seat_name(s)}'s first up card", (ups[s],))
              for s in range(len(ups)) if s != seat]
    made = "; ".join(f"{seat_name(a)} and {seat_name(b)} are partners" for a, b in paired)
    prompt = ("Your turn to pick a partner" + (f" ({made})" if made else "") +
              ". Whom do you pick?")
    return Lesson(ident, "partner-pick", state.game.id, "Picking a partner", prompt,
                  tuple(shown), labels, values, chosen, "Equity", headline, NOTE)
