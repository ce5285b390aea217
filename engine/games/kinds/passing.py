"""Step kinds that move cards between hands without the stock, usable by any game: the
throw-away (everyone throws away so many cards face down at once, drawing nothing: Crazy
Pineapple's discard, Anaconda's discard to five) and the pass (everyone passes so many
cards face down to the next player still in, all at once, each seeing only what it gave
and what it got: Anaconda).

==========  ==============================================================
kind        parameters
==========  ==============================================================
throw-away  ``street``, ``count`` (cards each player throws away), ``when``
            (a condition: the step is played only when it holds)
pass        ``street``, ``count`` (cards each player passes), ``to``
            (``left`` or ``right``), ``when``
==========  ==============================================================

A step whose ``when`` does not hold under the announcements is no step at all: no street
is told and nobody decides (Pineapple's discard before the flop, Anaconda's second and
third passes).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from itertools import combinations
from types import MappingProxyType
from typing import Any

from engine.actions import Drew, Passed
from engine.cards import Card, format_cards
from engine.games.phases import Decision, Phase
from engine.games.steps import Cards, Context, Param, Step, StepKind
from engine.state import Action, ActionKind, EventKind, HandState, Held, IllegalAction, seat_name

__all__ = ["KINDS", "SETTING_TYPES", "PassCards", "PassRounds", "ThrowAway", "ThrowAwayTime",
           "cards_words",
           "receiver"]

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def cards_words(count: int) -> str:
    """``"one card"``, ``"three cards"``."""
    return f"{NUMBERS[count] if count < len(NUMBERS) else count} card{'s' if count != 1 else ''}"


class ThrowAwayTime(StrEnum):
    """When a hold'em game with three hole cards throws one away (announced)."""

    AFTER_FLOP = "after-flop"
    BEFORE_FLOP = "before-flop"


class PassRounds(StrEnum):
    """How many passes a passing game deals (announced): one of three cards, or three in
    turn of three, two and one."""

    ONE = "one"
    THREE_TWO_ONE = "three-two-one"


def _hand(state: HandState, seat: int) -> list[Card]:
    """The cards a seat may give up: its live face-down cards."""
    return [h.card for h in state.cards[seat] if not h.dead and not h.up]


class _CardsAtOnce(Decision):
    """Everyone still in picks exactly ``count`` of their face-down cards, in secret."""

    simultaneous = True
    verb = ""

    def __init__(self, street: str, *, count: int) -> None:
        super().__init__(street)
        self.count = count

    def options(self, state: HandState, seat: int) -> list[Action]:
        return [Action(seat, self.kind, cards=tuple(sorted(chosen, reverse=True)))
                for chosen in combinations(_hand(state, seat), self.count)]

    def accept(self, state: HandState, action: Action) -> Action:
        hand = _hand(state, action.seat)
        wanted = f"{seat_name(action.seat)} must {self.verb} exactly {cards_words(self.count)} " \
                 f"of their face-down cards ({format_cards(hand)})"
        if action.kind is not self.kind:
            raise IllegalAction(f"{wanted} now")
        if len(action.cards) != self.count or len(set(action.cards)) != self.count:
            raise IllegalAction(f"{wanted}, not {cards_words(len(set(action.cards)))}")
        strangers = [c for c in action.cards if c not in hand]
        if strangers:
            raise IllegalAction(f"{wanted}: {format_cards(strangers)} "
                                f"{'is' if len(strangers) == 1 else 'are'} not among them")
        return Action(action.seat, self.kind, cards=tuple(sorted(action.cards, reverse=True)))


class ThrowAway(_CardsAtOnce):
    """Everyone still in throws away ``count`` face-down cards at once, drawing nothing;
    the cards go to the muck unseen."""

    kind = ActionKind.THROW_AWAY
    verb = "throw away"

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        rule = f"everyone still in throws away {cards_words(self.count)} face down at the " \
               "same time, and draws nothing"
        for seat, action in choices.items():
            gone = set(action.cards)
            state.cards[seat] = [h for h in state.cards[seat] if h.card not in gone]
            state.deck.discard(list(action.cards))
            op = state.log(Drew(state.street, seat, action.cards, ()))
            state.emit(EventKind.ACTION,
                       f"{seat_name(seat)} throws away {cards_words(len(op.discarded))}",
                       rule=rule, seat=seat,
                       private=f"{seat_name(seat)} throws away {format_cards(op.discarded)}")


def receiver(state: HandState, seat: int, *, left: bool = True) -> int:
    """The next player still in on ``seat``'s left (or right): the one it passes to.

    Seats are numbered clockwise from the dealer's left, so the left is the next number."""
    live = state.in_hand()
    step = 1 if left else -1
    other = (seat + step) % state.players
    while other not in live:
        other = (other + step) % state.players
    return other


class PassCards(_CardsAtOnce):
    """Everyone still in passes ``count`` face-down cards to the next player still in, all
    at once: nobody sees what they get before choosing what to give."""

    kind = ActionKind.PASS
    verb = "pass"

    def __init__(self, street: str, *, count: int, left: bool = True) -> None:
        super().__init__(street, count=count)
        self.left = left

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        side = "left" if self.left else "right"
        rule = f"everyone still in passes {cards_words(self.count)} face down to the next " \
               f"player on their {side}, all at once"
        moves = [(seat, receiver(state, seat, left=self.left), action.cards)
                 for seat, action in choices.items()]
        given = {seat: [h.card for h in state.cards[seat] if h.card in cards]
                 for seat, _, cards in moves}
        for seat, _, cards in moves:
            state.cards[seat] = [h for h in state.cards[seat] if h.card not in cards]
        for seat, to, cards in moves:
            # In the giver's order, not by rank: a hand replayed by places (the odds
            # calculator's typed spots) then moves the same places whatever cards lie there.
            state.cards[to].extend(Held(card, up=False) for card in given[seat])
            op = state.log(Passed(state.street, seat, to, cards))
            count = cards_words(len(op.cards))
            state.emit(EventKind.ACTION, f"{seat_name(seat)} passes {count} to {seat_name(to)}",
                       rule=rule, seat=seat,
                       private=f"{seat_name(seat)} passes {format_cards(op.cards)} to "
                               f"{seat_name(to)}")
            state.emit(EventKind.DEAL, f"{seat_name(to)} takes {count} from {seat_name(seat)}",
                       rule="the cards passed are seen only by the player who gave them and "
                            "the player who gets them", seat=to,
                       private=f"{seat_name(to)} takes {format_cards(op.cards)} from "
                               f"{seat_name(seat)}")


def _throw_away(step: Step, context: Context) -> Phase:
    if not context.holds(step["when"]):
        return Phase()
    return ThrowAway(step["street"], count=step["count"])


def _pass(step: Step, context: Context) -> Phase:
    if not context.holds(step["when"]):
        return Phase()
    return PassCards(step["street"], count=step["count"], left=step["to"] == "left")


def _throw_away_cards(params: Mapping[str, Any]) -> Cards:
    count = int(params["count"])
    return Cards(needs_held=count + 1, kills=count)


def _pass_cards(params: Mapping[str, Any]) -> Cards:
    return Cards(needs_held=int(params["count"]))


_STREET = Param("text", required=True, help="the street's name, as the narration says it")
_WHEN = Param("condition", True, help="the step is played only when this holds")

KINDS = (
    StepKind("throw-away", "everyone still in throws away so many face-down cards at once, "
             "drawing nothing", MappingProxyType({
                 "street": _STREET,
                 "count": Param("count", required=True,
                                help="the cards each player throws away"),
                 "when": _WHEN}),
             _throw_away, _throw_away_cards),
    StepKind("pass", "everyone still in passes so many face-down cards to the next player "
             "still in, all at once and in secret", MappingProxyType({
                 "street": _STREET,
                 "count": Param("count", required=True, help="the cards each player passes"),
                 "to": Param("choice", "left", choices=("left", "right")),
                 "when": _WHEN}),
             _pass, _pass_cards),
)

SETTING_TYPES: tuple[tuple[str, type[StrEnum]], ...] = (
    ("throw-away-time", ThrowAwayTime), ("pass-rounds", PassRounds))
