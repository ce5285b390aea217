"""Seven-card stud, fixed limit, 2 to 8 players, with the dealer's announcements.

The hand: antes; third street (two down, one up) where the lowest up card
brings in and may complete; fourth street up at the small bet (an open pair
lets anyone bet the big bet, by default); fifth and sixth up and seventh down
at the big bet, the best showing hand acting first from fourth street; then
the showdown from the last aggressor clockwise.

>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=3, seed=1)
>>> state.street, len(state.to_act)
('3rd street', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card
from engine.games.base import (
    Game,
    Option,
    Settings,
    SettingsError,
    check_bet_sizes,
    chips_setting,
    on_off,
    setting,
)
from engine.games.openers import best_showing
from engine.games.phases import Ante, Betting, Deal, Phase, Showdown
from engine.games.stakes import start_words
from engine.state import HandState


class ShowingTies(StrEnum):
    """How equal showing hands decide who acts first."""

    SUIT = "suit"
    SEAT = "seat"


class ShortStock(StrEnum):
    """What happens when the stock cannot give every player a seventh card."""

    COMMUNITY = "community"
    RESHUFFLE = "reshuffle"


@dataclass(frozen=True)
class StudSettings(Settings):
    """The announcements for seven-card stud (defaults from the house rules)."""

    chips: int = chips_setting()
    ante: int = setting(2, label="Ante", minimum=0, maximum=100_000,
                        help="Paid by everyone before the deal; usually a fifth of the small "
                             "bet.")
    bring_in: int = setting(5, label="Bring-in", minimum=1, maximum=100_000,
                            help="The forced bet of the lowest up card on third street; "
                                 "usually half the small bet.")
    small_bet: int = setting(10, label="Small bet", minimum=1, maximum=100_000,
                             help="The bet and raise size on third and fourth street.")
    big_bet: int = setting(20, label="Big bet", minimum=1, maximum=100_000,
                           help="The bet and raise size from fifth street on.")
    open_pair: bool = setting(
        True, label="Open pair on fourth street",
        help="Whether a pair showing on fourth street lets anyone bet the big bet.",
        options=on_off(on="With a pair showing on fourth street, anyone may bet or raise by "
                          "the big bet instead of the small one.",
                       off="Fourth street is always played at the small bet, as in current "
                           "tournament rules."))
    showing_ties: ShowingTies = setting(
        ShowingTies.SUIT, label="Equal showing hands",
        help="Who acts first when two players show equally strong up cards.",
        options=(Option(ShowingTies.SUIT, "Suit of the highest card",
                        "The player whose highest up card has the higher suit acts first "
                        "(spades, hearts, diamonds, clubs)."),
                 Option(ShowingTies.SEAT, "Seat order",
                        "The tied player nearest the dealer's left acts first.")))
    short_stock: ShortStock = setting(
        ShortStock.COMMUNITY, label="Too few cards for seventh street",
        help="What the dealer does when the stock cannot give every player a seventh card.",
        options=(Option(ShortStock.COMMUNITY, "Community card",
                        "One card is dealt face up in the middle; every player uses it as "
                        "their seventh card."),
                 Option(ShortStock.RESHUFFLE, "Reshuffle the mucked cards first",
                        "The folded and burned cards are shuffled into the stock; only if it "
                        "is still short is a community card used.")))

    def check(self) -> None:
        if self.bring_in >= self.small_bet:
            raise SettingsError(f"Bring-in: {self.bring_in} must be less than the small bet "
                                f"({self.small_bet}), so that it can be completed")
        check_bet_sizes(self.small_bet, self.big_bet)


STREETS = ("3rd street", "4th street", "5th street", "6th street", "7th street")


def stud_streets(*, ante: int, bring_in: int, short_stock: ShortStock) -> list[Phase]:
    """The seven streets' deals and bets every stud game shares: two down and one up with
    the bring-in, three up, one down, an ante before and a showdown after."""
    reshuffle = short_stock is ShortStock.RESHUFFLE
    return [
        Ante(ante, rule="the ante, paid by everyone before the deal"),
        Deal(STREETS[0], "ddu", burn=False),
        Betting(stake="small", bring_in=bring_in),
        Deal(STREETS[1], "u"),
        Betting(stake="small"),
        Deal(STREETS[2], "u"),
        Betting(stake="big"),
        Deal(STREETS[3], "u"),
        Betting(stake="big"),
        Deal(STREETS[4], "d", reshuffle=reshuffle),
        Betting(stake="big"),
        Showdown(),
    ]


class SevenCardStud(Game):
    """Seven-card stud on the shared engine: only data and two betting hooks."""

    __slots__ = ()

    id = "seven-card-stud"
    name = "Seven-card stud"
    min_players = 2
    max_players = 8
    settings_type = StudSettings

    def phases(self, state: HandState) -> list[Phase]:
        s = state.settings
        assert isinstance(s, StudSettings)
        return stud_streets(ante=s.ante, bring_in=s.bring_in, short_stock=s.short_stock)

    def stakes(self, settings: Settings) -> list[str]:
        assert isinstance(settings, StudSettings)
        lines = [f"{start_words(self, settings)} and antes {settings.ante} before the deal.",
                 f"On third street the lowest up card brings in for {settings.bring_in}, or "
                 f"may complete to the small bet of {settings.small_bet}.",
                 f"Bets and raises are {settings.small_bet} on third and fourth street and "
                 f"{settings.big_bet} from fifth street on."]
        if settings.open_pair and settings.big_bet > settings.small_bet:
            lines.append(f"A pair showing on fourth street lets anyone bet {settings.big_bet} "
                         "there instead.")
        return lines

    def opener(self, state: HandState, phase: Betting) -> tuple[int, str]:
        """The declared bring-in; after it, the best showing hand among every seat still
        in (all in or not), equal showings as announced."""
        if phase.bring_in:
            return super().opener(state, phase)
        settings = state.settings
        assert isinstance(settings, StudSettings)
        return best_showing(state, state.in_hand(), order=self.opens,
                            by_suit=settings.showing_ties is ShowingTies.SUIT)

    def bet_size(self, state: HandState, phase: Betting) -> tuple[int, int | None]:
        s = state.settings
        assert isinstance(s, StudSettings)
        if phase.stake == "big":
            return s.big_bet, None
        if state.street == STREETS[1] and s.open_pair and s.big_bet > s.small_bet and any(
                _has_pair(state.up_cards(seat)) for seat in state.in_hand()):
            return s.small_bet, s.big_bet
        return s.small_bet, None


def _has_pair(up: list[Card]) -> bool:
    ranks = [c.rank for c in up]
    return len(set(ranks)) < len(ranks)


GAME = SevenCardStud()
