"""Texas hold'em: two cards down each, five shared on the board, blinds, four betting
rounds. No limit by default; fixed and pot limit are the dealer's announcements.

The hand is its phases alone: the blinds, two down, a betting round, the flop, the turn
and the river each after a burn and each followed by a round, then the showdown. The
default hooks act in hold'em's order (after the big blind first, then from the dealer's
left) and value the best five of a player's two cards and the board.

>>> from engine.games import new_hand
>>> state = new_hand("texas-holdem", players=3, seed=1)
>>> state.street, state.to_act, state.table.pot_total
('Preflop', (2,), 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.games.base import (
    Game,
    Option,
    Settings,
    SettingsError,
    chips_setting,
    on_off,
    setting,
)
from engine.games.phases import Betting, Blinds, BoardDeal, Deal, Phase, Showdown
from engine.games.stakes import blinds_words, limit_words, start_words
from engine.state import HandState
from engine.table import Structure

STREETS = ("Preflop", "Flop", "Turn", "River")
STRUCTURES = (
    Option(Structure.NO_LIMIT, "No limit",
           "Any bet or raise from the big blind (or the last raise's size) up to all of a "
           "player's chips."),
    Option(Structure.POT_LIMIT, "Pot limit",
           "Bets and raises from the big blind up to the size of the pot after calling."),
    Option(Structure.FIXED_LIMIT, "Fixed limit",
           "Bets and raises are the big blind before the turn and twice it on the turn "
           "and river, with a bet and three raises a round."),
)


def small_blind_setting() -> Any:
    return setting(1, label="Small blind", minimum=1, maximum=100_000,
                   help="Posted before the deal by the player on the dealer's left.")


def big_blind_setting() -> Any:
    return setting(2, label="Big blind", minimum=1, maximum=100_000,
                   help="Posted by the next player; it is also the smallest bet.")


def structure_setting(default: Structure) -> Any:
    return setting(default, label="Betting", options=STRUCTURES,
                   help="How much a player may bet or raise.")


@dataclass(frozen=True)
class BlindSettings(Settings):
    """The announcements every board game here has: chips and blinds, and what tournaments
    and card rooms add to them (antes, a straddle, mucking any hand at the showdown), all
    off by default: played hands from elsewhere (hand histories) use them."""

    chips: int = chips_setting()
    small_blind: int = small_blind_setting()
    big_blind: int = big_blind_setting()
    ante: int = setting(0, label="Ante", minimum=0, maximum=100_000,
                        help="Posted by every player before the blinds (0: no ante).")
    big_blind_ante: int = setting(
        0, label="Big blind ante", minimum=0, maximum=100_000,
        help="One ante for the whole table, posted by the big blind before the blinds, as "
             "tournaments play it (0: none).")
    straddle: int = setting(
        0, label="Straddle", minimum=0, maximum=100_000,
        help="A third blind, usually twice the big blind, posted by the player after the "
             "big blind, who then acts last before the flop; raises before the flop are at "
             "least its size (0: none; three players or more).")
    concede: bool = setting(
        False, label="Mucking at the showdown",
        options=on_off(on="Any hand may be mucked unseen at the showdown, giving up its "
                          "share of the pot.",
                       off="A hand that can still win is shown; only a beaten hand may be "
                           "mucked."),
        help="Whether a player may give up a hand that could still win.")

    def check(self) -> None:
        if self.small_blind > self.big_blind:
            raise SettingsError(f"Small blind: {self.small_blind} must not be more than the "
                                f"big blind ({self.big_blind})")


@dataclass(frozen=True)
class HoldemSettings(BlindSettings):
    """The announcements for Texas hold'em (no limit unless announced otherwise)."""

    structure: Structure = structure_setting(Structure.NO_LIMIT)


def board_phases(settings: BlindSettings, hole: str) -> list[Phase]:
    """A board game's hand: antes and blinds, ``hole`` dealt down, then flop, turn and
    river."""
    s = settings
    return [Blinds(s.small_blind, s.big_blind, ante=s.ante, big_blind_ante=s.big_blind_ante,
                   straddle=s.straddle),
            Deal(STREETS[0], hole, burn=False),
            Betting(stake="small"), BoardDeal(STREETS[1], 3), Betting(stake="small"),
            BoardDeal(STREETS[2], 1), Betting(stake="big"), BoardDeal(STREETS[3], 1),
            Betting(stake="big"), Showdown(concede=s.concede)]


class BoardGame(Game):
    """What hold'em and Omaha share: blinds, a board, and bet sizes from the big blind
    (in fixed limit the big blind before the turn and twice it after)."""

    __slots__ = ()

    def bet_size(self, state: HandState, phase: Betting) -> tuple[int, int | None]:
        s = state.settings
        assert isinstance(s, BlindSettings)
        big = s.big_blind
        fixed = self.structure(s) is Structure.FIXED_LIMIT
        if not fixed and state.street == STREETS[0] and state.players > 2:
            big = max(big, s.straddle)   # before the flop a raise is at least the straddle
        return (2 * big if fixed and phase.stake == "big" else big), None

    def stakes(self, settings: Settings) -> list[str]:
        assert isinstance(settings, BlindSettings)
        big, small = settings.big_blind, settings.small_blind
        lines = [f"{start_words(self, settings)}.", blinds_words(small, big)]
        structure = self.structure(settings)
        if structure is Structure.FIXED_LIMIT:
            lines.append(f"Fixed limit: bets and raises are {big} before the turn and "
                         f"{2 * big} on the turn and river.")
        else:
            lines.append(limit_words(structure, f"the big blind, {big}"))
        if settings.ante:
            lines.append(f"Every player antes {settings.ante} before the blinds.")
        if settings.big_blind_ante:
            lines.append(f"The big blind also antes {settings.big_blind_ante} for the table.")
        if settings.straddle:
            lines.append(f"The player after the big blind straddles {settings.straddle} and "
                         "acts last before the flop.")
        return lines


class TexasHoldem(BoardGame):
    """Texas hold'em on the shared engine: its phases alone."""

    __slots__ = ()

    id = "texas-holdem"
    name = "Texas hold'em"
    min_players = 2
    max_players = 10
    settings_type = HoldemSettings

    def phases(self, state: HandState) -> list[Phase]:
        s = state.settings
        assert isinstance(s, HoldemSettings)
        return board_phases(s, "dd")


GAME = TexasHoldem()
