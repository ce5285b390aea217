"""Omaha: four cards down each and a board of five, every hand made of exactly two hole
cards and three from the board. Pot-limit high by default; eight-or-better high-low split
is the dealer's announcement, played fixed limit unless announced otherwise.

>>> from engine.games import new_hand
>>> state = new_hand("omaha", players=3, seed=1)
>>> len(state.cards[0]), state.game.structure(state.settings).value
(4, 'pot-limit')
>>> state.game.hand_types(state.settings).describe()
'high, exactly two hole cards and three from the board'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from engine.cards import Card
from engine.games.base import Option, Settings, setting
from engine.games.hand_types import HandTypes
from engine.games.holdem import STRUCTURES, BlindSettings, BoardGame, board_phases
from engine.games.phases import Phase
from engine.hands import HandValue, LowRanking
from engine.hole_board import omaha_high, omaha_low
from engine.state import HandState
from engine.table import Structure

HIGH = HandTypes(hole_cards=2)
EIGHT = HandTypes(low=LowRanking.ACE_TO_FIVE, qualifier=8, hole_cards=2)


class Pot(StrEnum):
    """Who the pot goes to."""

    HIGH = "high"
    EIGHT_OR_BETTER = "eight-or-better"


class Betting(StrEnum):
    """The betting structure: the usual one for the pot announced, or one named."""

    USUAL = "usual"
    POT_LIMIT = Structure.POT_LIMIT.value
    FIXED_LIMIT = Structure.FIXED_LIMIT.value
    NO_LIMIT = Structure.NO_LIMIT.value


_NAMED = MappingProxyType({Structure(o.value): o for o in STRUCTURES})


@dataclass(frozen=True)
class OmahaSettings(BlindSettings):
    """The announcements for Omaha."""

    pot: Pot = setting(
        Pot.HIGH, label="Pot", help="Whether the best high hand takes the whole pot.",
        options=(Option(Pot.HIGH, "High only", "The best high hand takes the pot."),
                 Option(Pot.EIGHT_OR_BETTER, "High-low split, eight or better",
                        "The best high hand and the best low hand share the pot; a low "
                        "needs five different ranks of eight or lower, and without one the "
                        "high hand takes it all.")))
    betting: Betting = setting(
        Betting.USUAL, label="Betting", help="How much a player may bet or raise.",
        options=(Option(Betting.USUAL, "The usual for the pot",
                        "Pot limit for high only, fixed limit for eight or better."),
                 *(Option(Betting(s.value), o.label, o.effect) for s, o in _NAMED.items())))


class Omaha(BoardGame):
    """Omaha on the shared engine: the board game's phases with four hole cards, and
    hands valued by the exactly-two-and-three rule its hand types declare."""

    __slots__ = ()

    id = "omaha"
    name = "Omaha"
    min_players = 2
    max_players = 10
    settings_type = OmahaSettings
    wins = HIGH

    def hand_types(self, settings: Settings) -> HandTypes:
        assert isinstance(settings, OmahaSettings)
        return EIGHT if settings.pot is Pot.EIGHT_OR_BETTER else HIGH

    def structure(self, settings: Settings) -> Structure:
        assert isinstance(settings, OmahaSettings)
        if settings.betting is Betting.USUAL:
            return Structure.FIXED_LIMIT if settings.pot is Pot.EIGHT_OR_BETTER \
                else Structure.POT_LIMIT
        return Structure(settings.betting.value)

    def phases(self, state: HandState) -> list[Phase]:
        s = state.settings
        assert isinstance(s, OmahaSettings)
        return board_phases(s, "dddd")

    def evaluate(self, settings: Settings, hole: Sequence[Card],
                 board: Sequence[Card]) -> tuple[HandValue | None, HandValue | None]:
        """Both halves the announced pot plays, by the fast two-and-three evaluator (the
        low only for eight or better)."""
        hole, board = tuple(hole), tuple(board)
        low = self.hand_types(settings).low is not None
        return omaha_high(hole, board), omaha_low(hole, board) if low else None

    def hand_value(self, state: HandState, seat: int) -> HandValue:
        return omaha_high(tuple(state.live_cards(seat)), tuple(state.boards[0]))

    def low_value(self, state: HandState, seat: int) -> HandValue:
        return omaha_low(tuple(state.live_cards(seat)), tuple(state.boards[0]))


GAME = Omaha()
