"""The step kinds every game is made of: antes, blinds, deals to the players and to the
boards, betting rounds and the showdown; and the announcements they read.

==========  ==============================================================
kind        parameters
==========  ==============================================================
ante        ``amount`` (a number or a number setting's name), ``when``
blinds      ``small``, ``big``, ``ante``, ``big_blind_ante``, ``straddle``,
            ``button`` (a condition: the dealer alone posts a blind of ``big``),
            ``when`` (antes or blinds as announced: jacks or better is anted)
deal        ``street``, ``cards`` (``u`` up, ``d`` down, one letter per card),
            ``burn`` (default true), ``reshuffle`` (a condition: the muck is
            shuffled in when the stock is short)
board       ``street``, ``cards``, ``burn`` (true, false, or ``"if-room"``:
            burn only when the deck has room at this many players), ``say_burns``
bet         ``stake`` (small or big), ``bring_in`` (an amount), ``opens``
            (``auto``, ``blinds``, ``showing``, ``first``), ``among``
            (``able`` or ``in-hand``), ``ties`` (``seat``, ``suit`` or a
            setting's name), ``shown`` (the word for the up cards),
            ``open_pair`` (a condition: a pair showing allows the big bet),
            ``openers`` (``none``, ``jacks``, ``queens``, ``kings``, ``aces``
            or a setting's name: the pair needed to make the first bet; nobody
            opening passes the hand out), ``when`` (a condition: the round is
            played only when it holds)
showdown    none
==========  ==============================================================
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.games.opening_hand import Openers, holds_openers, pass_out
from engine.games.phases import Ante, Betting, Blinds, BoardDeal, Deal, Phase, Showdown
from engine.games.steps import Cards, Context, Param, Step, StepKind
from engine.hands import LowRanking
from engine.state import Action, ActionKind, EventKind, HandState, seat_name
from engine.table import BetRange, IllegalAction, Structure

__all__ = ["KINDS", "SETTING_TYPES", "BetChoice", "DeclaredBetting", "Openers", "Pot",
           "ShortStock", "ShowingTies"]


class ShowingTies(StrEnum):
    """How equal showing hands decide who acts first."""

    SUIT = "suit"
    SEAT = "seat"


class ShortStock(StrEnum):
    """What happens when the stock cannot give every player a seventh card."""

    COMMUNITY = "community"
    RESHUFFLE = "reshuffle"


class Pot(StrEnum):
    """Who the pot goes to, where the dealer announces it."""

    HIGH = "high"
    EIGHT_OR_BETTER = "eight-or-better"


class BetChoice(StrEnum):
    """The betting structure: the usual one for the pot announced, or one named."""

    USUAL = "usual"
    POT_LIMIT = Structure.POT_LIMIT.value
    FIXED_LIMIT = Structure.FIXED_LIMIT.value
    NO_LIMIT = Structure.NO_LIMIT.value


class DeclaredBetting(Betting):
    """A betting round with its declared opener: ``opens`` says how the first to act is
    found, ``among`` which seats may open, ``ties`` how equal showings are broken,
    ``shown`` what the up cards are called, ``open_pair`` when a pair showing allows
    the big bet (``engine.games.declared`` reads them); ``openers``, the hand needed to
    make the first bet (``engine.games.opening_hand``), kept here."""

    def __init__(self, *, stake: str, bring_in: int, opens: str, among: str, ties: str,
                 shown: str, open_pair: bool | str, openers: Openers = Openers.NONE
                 ) -> None:
        super().__init__(stake=stake, bring_in=bring_in)
        self.opens = opens
        self.among = among
        self.ties = ties
        self.shown = shown
        self.open_pair = open_pair
        self.openers = openers

    def _open(self, state: HandState) -> bool:
        """Whether the round needs no openers now: none are declared, or someone has bet
        (a blind counts: a round with blinds is open from the start)."""
        table = state.table
        return self.openers is Openers.NONE or table.round_aggressor is not None \
            or any(table.bets)

    def awaits_openers(self, state: HandState) -> bool:
        return not self._open(state)

    def _may_open(self, state: HandState, seat: int) -> bool:
        """Whether the seat may bet: always once the round is open, else with openers."""
        return self._open(state) or holds_openers(state, seat, self.openers)

    def enter(self, state: HandState) -> None:
        super().enter(state)
        if not self._open(state) and not self.skipped:
            state.emit(EventKind.NOTE, self.openers.rule)

    def legal_actions(self, state: HandState, seat: int) -> list[Action]:
        actions = super().legal_actions(state, seat)
        if self._may_open(state, seat):
            return actions
        return [a for a in actions if a.kind is not ActionKind.BET]

    def bet_range(self, state: HandState, seat: int) -> BetRange | None:
        return super().bet_range(state, seat) if self._may_open(state, seat) else None

    def accept(self, state: HandState, action: Action) -> Action:
        if action.kind is ActionKind.BET and not self._may_open(state, action.seat):
            raise IllegalAction(f"{seat_name(action.seat)} may not open: it takes "
                                f"{self.openers.words}")
        return super().accept(state, action)

    def leave(self, state: HandState) -> None:
        passed = not self._open(state) and not self.skipped and len(state.in_hand()) > 1
        super().leave(state)
        if passed:
            state.settlement = pass_out(state, self.openers)


def _ante(step: Step, context: Context) -> Phase:
    if not context.holds(step["when"]):
        return Phase()
    return Ante(context.amount(step["amount"]))


def _blinds(step: Step, context: Context) -> Phase:
    if not context.holds(step["when"]):
        return Phase()
    return Blinds(context.amount(step["small"]), context.amount(step["big"]),
                  ante=context.amount(step["ante"]),
                  big_blind_ante=context.amount(step["big_blind_ante"]),
                  straddle=context.amount(step["straddle"]),
                  button=context.holds(step["button"]))


def _deal(step: Step, context: Context) -> Phase:
    return Deal(step["street"], step["cards"], burn=context.holds(step["burn"]),
                reshuffle=context.holds(step["reshuffle"]))


def _deal_cards(params: Mapping[str, Any]) -> Cards:
    pattern = str(params["cards"])
    return Cards(each=len(pattern), burn=1 if params["burn"] is not False else 0,
                 shares_when_short=len(pattern) == 1)


def _board(step: Step, context: Context) -> Phase:
    burn = step["burn"]
    burns = context.burns if burn == "if-room" else context.holds(burn)
    note = context.burn_rule if step["say_burns"] else ""
    return BoardDeal(step["street"], step["cards"], boards=context.boards, burn=burns,
                     note=note)


def _board_cards(params: Mapping[str, Any]) -> Cards:
    return Cards(board=int(params["cards"]), burn=0 if params["burn"] is False else 1)


def _bet(step: Step, context: Context) -> Phase:
    if not context.holds(step["when"]):
        return Phase()
    openers = step["openers"]
    if openers not in tuple(Openers):
        openers = getattr(context.settings, openers)
    return DeclaredBetting(stake=step["stake"], bring_in=context.amount(step["bring_in"]),
                           opens=step["opens"], among=step["among"], ties=step["ties"],
                           shown=step["shown"], open_pair=step["open_pair"],
                           openers=Openers(openers))


def _showdown(step: Step, context: Context) -> Phase:
    return Showdown(concede=context.holds(step["concede"]))


_STREET = Param("text", required=True, help="the street's name, as the narration says it")
_WHEN = Param("condition", True, help="the step is played only when this holds")

KINDS = (
    StepKind("ante", "everyone posts the ante (all in if short)",
             MappingProxyType({"amount": Param("amount", required=True),
                               "when": _WHEN}), _ante),
    StepKind("blinds", "the two seats left of the dealer post the blinds (heads-up the "
             "dealer posts the small one)",
             MappingProxyType({"small": Param("amount", required=True),
                               "big": Param("amount", required=True),
                               "ante": Param("amount", 0, help="from every seat, dead"),
                               "big_blind_ante": Param("amount", 0,
                                                       help="one for the table, by the big "
                                                            "blind, dead"),
                               "straddle": Param("amount", 0,
                                                 help="a live third blind from the next seat "
                                                      "(three players or more)"),
                               "button": Param("condition", False,
                                               help="the dealer alone posts one blind of the "
                                                    "big blind's size instead"),
                               "when": _WHEN}), _blinds),
    StepKind("deal", "cards to each player still in, up or down, round by round",
             MappingProxyType({"street": _STREET, "cards": Param("pattern", required=True),
                               "burn": Param("condition", True),
                               "reshuffle": Param("condition", False)}),
             _deal, _deal_cards),
    StepKind("board", "cards face up to each board, after a burn",
             MappingProxyType({"street": _STREET, "cards": Param("count", required=True),
                               "burn": Param("condition", True, choices=("if-room",)),
                               "say_burns": Param("condition", False)}),
             _board, _board_cards),
    StepKind("bet", "a betting round",
             MappingProxyType({
                 "stake": Param("choice", "small", choices=("small", "big")),
                 "bring_in": Param("amount", 0),
                 "opens": Param("choice", "auto", choices=("auto", "blinds", "showing",
                                                          "first")),
                 "among": Param("choice", "able", choices=("able", "in-hand")),
                 "ties": Param("setting_or", "seat", choices=("seat", "suit")),
                 "shown": Param("text", "showing"),
                 "open_pair": Param("condition", False),
                 "openers": Param("setting_or", "none", choices=tuple(Openers),
                                  help="the pair needed to make the first bet"),
                 "when": _WHEN}),
             _bet),
    StepKind("showdown", "hands shown from the last aggressor clockwise; a beaten hand may "
             "be mucked; then the pots are paid",
             MappingProxyType({"concede": Param("condition", False,
                                                help="any hand may be mucked unseen")}),
             _showdown, ends_hand=True),
)

SETTING_TYPES: tuple[tuple[str, type[StrEnum]], ...] = (
    ("structure", Structure), ("low-ranking", LowRanking), ("showing-ties", ShowingTies),
    ("short-stock", ShortStock), ("pot", Pot), ("betting", BetChoice),
    ("openers", Openers))
