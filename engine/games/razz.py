"""Razz: seven-card stud played for the lowest hand, fixed limit, 2 to 8 players.

The hand is dealt and bet as seven-card stud's, with the order turned round:
the best five of seven cards make an ace-to-five low (the ace counts one,
straights and flushes do not count), the highest up card brings in (the ace
counting one, spades the highest suit), and from fourth street the lowest
showing hand acts first. There is no open pair: a pair showing is a poor hand.

>>> from engine.games import new_hand
>>> state = new_hand("razz", players=3, seed=1)
>>> state.street, len(state.to_act)
('3rd street', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.games.base import (
    Game,
    Settings,
    SettingsError,
    check_bet_sizes,
    chips_setting,
    setting,
)
from engine.games.hand_types import HandTypes
from engine.games.openers import best_showing
from engine.games.phases import Betting, Phase
from engine.games.stakes import start_words
from engine.games.stud import ShortStock, ShowingTies, StudSettings, stud_streets
from engine.hands import LowRanking, Showing, UpCard
from engine.state import HandState

_STUD = MappingProxyType({info.name: info for info in StudSettings.schema()})


def _like_stud(name: str, **changes: Any) -> Any:
    """Seven-card stud's setting of this name (its default, bounds, options), with the
    help changed where razz reads it otherwise."""
    info = _STUD[name]
    kwargs: dict[str, Any] = {"label": info.label, "help": info.help, "options": info.options,
                    "minimum": info.minimum, "maximum": info.maximum}
    kwargs.update(changes)
    return setting(info.default, **kwargs)


@dataclass(frozen=True)
class RazzSettings(Settings):
    """The announcements for razz: seven-card stud's stakes, without the open pair."""

    chips: int = chips_setting()
    ante: int = _like_stud("ante")
    bring_in: int = _like_stud(
        "bring_in", help="The forced bet of the highest up card on third street; usually "
                         "half the small bet.")
    small_bet: int = _like_stud("small_bet")
    big_bet: int = _like_stud("big_bet")
    showing_ties: ShowingTies = _like_stud(
        "showing_ties", help="Who acts first when two players show equally low up cards.")
    short_stock: ShortStock = _like_stud("short_stock")

    def check(self) -> None:
        if self.bring_in >= self.small_bet:
            raise SettingsError(f"Bring-in: {self.bring_in} must be less than the small bet "
                                f"({self.small_bet}), so that it can be completed")
        check_bet_sizes(self.small_bet, self.big_bet)


class Razz(Game):
    """Razz on the shared engine: seven-card stud's phases with the low declared."""

    __slots__ = ()

    id = "razz"
    name = "Razz"
    min_players = 2
    max_players = 8
    settings_type = RazzSettings
    wins = HandTypes(high=False, low=LowRanking.ACE_TO_FIVE)
    opens = Showing.LOW
    brings_in = UpCard.HIGHEST

    def phases(self, state: HandState) -> list[Phase]:
        s = state.settings
        assert isinstance(s, RazzSettings)
        return stud_streets(ante=s.ante, bring_in=s.bring_in, short_stock=s.short_stock)

    def stakes(self, settings: Settings) -> list[str]:
        assert isinstance(settings, RazzSettings)
        return [f"{start_words(self, settings)} and antes {settings.ante} before the deal.",
                f"On third street the highest up card brings in for {settings.bring_in}, or "
                f"may complete to the small bet of {settings.small_bet}.",
                f"Bets and raises are {settings.small_bet} on third and fourth street and "
                f"{settings.big_bet} from fifth street on."]

    def opener(self, state: HandState, phase: Betting) -> tuple[int, str]:
        """The highest up card brings in; after it, the lowest showing hand among every
        seat still in (all in or not), equal showings as announced."""
        if phase.bring_in:
            return super().opener(state, phase)
        settings = state.settings
        assert isinstance(settings, RazzSettings)
        return best_showing(state, state.in_hand(), order=self.opens,
                            by_suit=settings.showing_ties is ShowingTies.SUIT)


GAME = Razz()
