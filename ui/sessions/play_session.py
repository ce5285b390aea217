"""A session at the Play table: stacks carried from hand to hand, the button moving one seat
left each hand, the hands played and the visitor's statistics.

The engine deals every hand with its dealer in the last seat, so the session
keeps its players in their chairs and turns the chairs round the seats: at
hand ``h`` the chair on the last dealer's left deals. Plain Python, so it is
tested without Streamlit.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import ActionKind
from engine.state import HandState

_VOLUNTARY = frozenset({ActionKind.CALL, ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})
"""Putting chips in by choice: blinds, antes and a forced bring-in are not."""


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One finished hand of the session, as the visitor's chair played it."""

    number: int
    game_name: str
    seat: int
    net: int
    pot: int
    won: bool
    voluntary: bool
    state: HandState


@dataclass(frozen=True, slots=True)
class Statistics:
    """The visitor's figures over the session's finished hands."""

    played: int
    won: int
    net: int
    biggest_pot: int
    vpip_percent: float | None


class PlaySeries:
    """The chairs' chips and the hands played so far.

    ``you`` is the visitor's chair; ``hands_dealt`` counts every hand dealt,
    so chair ``c`` sits in seat ``(c - hands_dealt) mod players`` of the hand
    on the table (the first hand's seats are the chairs).
    """

    def __init__(self, state: HandState, *, you: int, hot: bool = False) -> None:
        self.players = state.players
        self.chips = state.game.chips(state.settings)
        self.you = you
        self.hot = hot
        self.stacks = list(_starting_stacks(state))
        self.hands_dealt = 1
        self.played: list[PlayedHand] = []
        self.topped_up: list[int] = []

    # --- seats and chairs -------------------------------------------------------------

    def seat_of(self, chair: int) -> int:
        """The seat ``chair`` has in the hand on the table."""
        return (chair - (self.hands_dealt - 1)) % self.players

    def chair_at(self, seat: int) -> int:
        return (seat + self.hands_dealt - 1) % self.players

    @property
    def your_seat(self) -> int:
        return self.seat_of(self.you)

    @property
    def you_are_out(self) -> bool:
        """Out of chips, at a table with computer players (at one screen, every player
        out of chips buys back in at once)."""
        return not self.hot and self.stacks[self.you] <= 0

    # --- hands --------------------------------------------------------------------

    def finish(self, state: HandState) -> None:
        """Take a finished hand's results: every chair's chips, and the visitor's record."""
        assert state.settlement is not None
        seat = self.your_seat
        for chair in range(self.players):
            self.stacks[chair] = state.table.stacks[self.seat_of(chair)]
        start = _starting_stacks(state)[seat]
        self.played.append(PlayedHand(
            number=len(self.played) + 1, game_name=state.game.name, seat=seat,
            net=state.table.stacks[seat] - start,
            pot=sum(award.amount for award in state.settlement.awards),
            won=any(share_seat == seat and chips > 0 for award in state.settlement.awards
                    for share_seat, chips in award.shares),
            voluntary=any(a.seat == seat and a.kind in _VOLUNTARY for a in state.actions),
            state=state))

    def next_stacks(self) -> list[int]:
        """The next hand's stacks by seat, the button moved one seat left. Computer chairs
        out of chips buy back in to the starting chips (``topped_up`` names them)."""
        assert not self.you_are_out, "the visitor buys back in or starts a new session"
        self.hands_dealt += 1
        self.topped_up = []
        for chair in range(self.players):
            if self.stacks[chair] <= 0:
                self.stacks[chair] = self.chips
                self.topped_up.append(chair)
        return [self.stacks[self.chair_at(seat)] for seat in range(self.players)]

    def rebuy(self) -> None:
        """The visitor buys back in to the starting chips."""
        self.stacks[self.you] = self.chips

    def statistics(self) -> Statistics:
        hands = self.played
        won = [h for h in hands if h.won]
        return Statistics(
            played=len(hands), won=len(won), net=sum(h.net for h in hands),
            biggest_pot=max((h.pot for h in won), default=0),
            vpip_percent=100 * sum(h.voluntary for h in hands) / len(hands) if hands else None)


def _starting_stacks(state: HandState) -> tuple[int, ...]:
    return state.stacks_given or (state.game.chips(state.settings),) * state.players
