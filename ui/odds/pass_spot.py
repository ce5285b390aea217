"""A hand whose cards passed between players (Anaconda), priced as the calculator can: the
calculator replays a table's decisions on each deal, and cannot replay a pass of cards it
deals anew, so the hand goes to it as a typed spot at the street it stands at. Your
cards as they are now are Seat 1's; each other seat still in follows, its face-up cards
typed first in the order they were turned up (the order the calculator turns them up
in); the seats that folded are left out. The cards you passed are not typed anywhere:
you know who took them, but not whether they are still held, so they are dealt like any
card you cannot see. Plain Python.
"""

from __future__ import annotations

from engine.actions import Drew, Passed, Revealed
from engine.cards import Card
from engine.odds.at_table import Spot, points
from engine.state import HandState, HandView

__all__ = ["spot_after_pass", "street_to_type"]

MOVES = (Passed, Drew, Revealed)
"""What a street's own step does to the cards: a pass, a throw-away, a roll."""


def _typed(state: HandState, view: HandView, seat: int) -> list[Card | None]:
    """The seat's cards as ``view`` shows them, the ones turned up first, in that order."""
    rolled = [c for op in state.record if isinstance(op, Revealed) and op.seat == seat
              for c in op.cards]
    cards = [c.card for c in view.seats[seat].cards if not c.dead]
    up = [c for c in rolled if c in cards]
    return [*up, *(c for c in cards if c not in up)]


def street_to_type(state: HandState) -> str:
    """The street the typed spot stands at. A typed spot stands before its street's step,
    so once that step has moved the cards (the betting after the pass) the spot stands at
    the next street: typed at this one, the calculator would pass the cards again. After
    the last street's step (a roll, which changes no hand) or at the showdown, the last
    street."""
    streets = points(state.game.id, state.players,
                     tuple(sorted(state.settings.changes().items())))
    if state.street not in streets:
        return streets[-1]
    moved = any(isinstance(op, MOVES) and op.street == state.street for op in state.record)
    later = streets[streets.index(state.street) + 1:]
    return later[0] if moved and later else state.street


def spot_after_pass(state: HandState, view: HandView) -> Spot:
    """The hand as a typed spot, seen from ``view``'s seat, or, for a host's view, from
    the first seat still in (``ValueError`` when the seat has folded, or fewer than two
    seats are still in)."""
    live = [s for s in range(state.players) if not view.seats[s].folded]
    you = view.viewer if view.viewer is not None else live[0] if live else None
    if you not in live or len(live) < 2:
        raise ValueError("two seats still in, yours among them, are needed to price a hand")
    order = [you, *(s for s in live if s != you)]
    return Spot.build(state.game.id, players=len(order),
                      seats=[_typed(state, view, seat) for seat in order],
                      settings=state.settings.changes(), street=street_to_type(state))
