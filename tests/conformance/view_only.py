"""A stand-in for a hand that answers only what one seat may know, given to a computer
player to show that it decides from its seat's view alone (engine/README.md)."""

from __future__ import annotations

from typing import Any

from engine.state import HandState

_OWN = ("view", "legal_actions", "bet_range", "beaten_by_shown")
"""What a computer player may ask of its own seat only."""
_OPEN = frozenset({*_OWN, "settings", "game", "phase", "players", "to_act", "is_over",
                   "decisions_to_come"})
"""What a computer player may read of the hand: its seat's view, its legal actions,
whether the hands shown beat its own, and the public rules (game, settings, the step
under way and the decisions still to come)."""


class ViewOnly:
    """A hand that answers only what ``seat`` may know; anything else is refused, so a player
    given it can read no hidden card, no other seat's secret choice and no game
    bookkeeping."""

    def __init__(self, state: HandState, seat: int) -> None:
        self._state = state
        self._seat = seat

    def __getattr__(self, name: str) -> Any:
        if name not in _OPEN:
            raise AssertionError(f"a computer player read state.{name}, beyond its view")
        value = getattr(self._state, name)
        if name in _OWN:
            def own(seat: int) -> Any:
                assert seat == self._seat, f"a computer player asked for seat {seat}'s {name}"
                return value(seat)
            return own
        return value
