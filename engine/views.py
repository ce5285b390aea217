"""Views for a screen several people share, built from ``HandState.view``.

``state.view(seat)`` is what one seat may see and ``state.view(None)`` what a host
sees of everything. A screen shared by a table (a television, a hot-seat screen
between turns, a host hiding the hole cards) needs one more kind of view, and it
lives here beside the others so that what anyone may see is decided in the engine:

- :func:`public_view`: what anyone at the table sees (up cards, shown hands);
- :func:`host_view`: the host's view with only some seats' hole cards shown.

>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=3, seed=4)
>>> [c.card is None for c in public_view(state).seats[0].cards]
[True, True, False]
>>> host_view(state, revealed=range(3)) == state.view(None)
True
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from engine.state import HandState, HandView, SeatView, SeenCard


def public_view(state: HandState) -> HandView:
    """What every player at the table may see: up cards and shown hands, no hole cards."""
    return host_view(state, revealed=())


def host_view(state: HandState, *, revealed: Collection[int]) -> HandView:
    """The host's view with hole cards shown only for the ``revealed`` seats.

    Every other seat is drawn as a player who cannot see it would see it
    (its notes too); narration and the showdown's hands carry hidden cards
    only for revealed seats.
    """
    full = state.view(None)
    shown = set(revealed)
    if shown >= set(range(state.players)):
        return full
    seats: list[SeatView] = []
    outside: dict[int, HandView] = {}
    for seat in full.seats:
        if seat.seat in shown:
            seats.append(seat)
            continue
        stranger = next((v for v in range(state.players)
                         if v != seat.seat and not state.can_see(v, seat.seat)), None)
        if stranger is None:
            hidden = tuple(c if c.up else SeenCard(None, c.up, c.dead) for c in seat.cards)
            seats.append(replace(seat, cards=hidden, notes=()))
            continue
        if stranger not in outside:
            outside[stranger] = state.view(stranger)
        seats.append(outside[stranger].seats[seat.seat])
    events = tuple(e.seen_by(e.seat is not None and e.seat in shown) for e in state.events)
    face_down = {h.card for s in range(state.players) if s not in shown
                 for h in state.cards[s] if not state.is_public(s, h)}
    settlement = full.settlement.without(face_down) if full.settlement else None
    return replace(full, viewer=None, seats=tuple(seats), events=events, legal=(),
                   bet_range=None, settlement=settlement)
