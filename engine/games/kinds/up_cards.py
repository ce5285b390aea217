"""Step kinds for rules set off by a card dealt face up, usable by any game: an extra card
for its owner at once (Baseball's four), and a payment or a fold (Baseball's three).

Each comes straight after the deal it watches, and reads that street's deal from the
hand's record, so a replayed hand does the same again.

=============  =============================================================
kind           parameters
=============  =============================================================
extra-card     ``rank`` (the card dealt face up that earns it), ``cards`` (the
               extra cards, ``u`` up and ``d`` down; default one face down)
pay-or-fold    ``rank`` (the card dealt face up that costs it), ``price``
               (``pot``: match the pot; ``fixed``: ``amount``; or the name of a
               ``payment`` setting holding one of them), ``amount`` (the fixed
               payment, a number or a number setting)
=============  =============================================================

The deck checks count an extra-card rule's cards once for each card of its rank in the
deck, however many streets it watches: a rank dealt face up can earn no more than that.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.actions import Dealt
from engine.cards import Card, Rank
from engine.games.phases import Decision, Phase, deal_lines
from engine.games.steps import Cards, Context, Param, Step, StepKind
from engine.state import Action, ActionKind, EventKind, HandState, Held, IllegalAction, seat_name

__all__ = ["KINDS", "SETTING_TYPES", "ExtraCard", "PayOrFold", "Payment", "dealt_up"]


class Payment(StrEnum):
    """What a pay-or-fold card costs its owner to stay in."""

    POT = "pot"
    """As much as the pot holds: the pot doubles, or the player folds."""
    FIXED = "fixed"
    """A fixed payment, announced before the deal."""


_RANKS = MappingProxyType({rank.symbol: rank for rank in Rank})


def a_card_of(rank: Rank) -> str:
    """``"a four"``, ``"an eight"``: a card of this rank in a sentence."""
    return f"{'an' if rank.word[0] in 'aeio' else 'a'} {rank.word}"


def dealt_up(state: HandState, rank: Rank) -> list[tuple[int, Card]]:
    """Each card of ``rank`` dealt face up to a seat still in on this street so far, with
    its seat, in the order the dealer turned them (round by round, from the dealer's
    left), read from the hand's record."""
    run: list[Dealt] = []
    for op in reversed(state.record):
        if op.street != state.street:
            break
        if isinstance(op, Dealt) and op.seat is not None:
            run.append(op)
    run.reverse()
    found = []
    for index in range(max((len(op.cards) for op in run), default=0)):
        for op in run:
            if index < len(op.cards) and op.up[index] and op.cards[index].rank is rank \
                    and op.seat is not None and not state.table.folded[op.seat]:
                found.append((op.seat, op.cards[index]))
    return found


class ExtraCard(Phase):
    """Whoever was just dealt a card of ``rank`` face up is dealt ``pattern`` more at once,
    from the stock, one extra for each such card."""

    def __init__(self, rank: Rank, pattern: str) -> None:
        self.rank = rank
        self.pattern = pattern

    def rule(self) -> str:
        which = "face down" if set(self.pattern) == {"d"} else "as dealt"
        count = "an extra card" if len(self.pattern) == 1 else f"{len(self.pattern)} extra cards"
        return f"{a_card_of(self.rank)} dealt face up earns its owner {count} {which}, at once"

    def enter(self, state: HandState) -> None:
        for seat, card in dealt_up(state, self.rank):
            if state.deck.remaining < len(self.pattern):
                state.emit(EventKind.NOTE, f"{seat_name(seat)} shows {card}, but the stock has "
                           "no card left to give", rule=self.rule(), seat=seat)
                continue
            dealt = [Held(state.deck.deal_one(), up=letter == "u") for letter in self.pattern]
            state.cards[seat].extend(dealt)
            op = state.log(Dealt(state.street, tuple(h.card for h in dealt), seat=seat,
                                 up=tuple(h.up for h in dealt)))
            public, private = deal_lines(state, op)
            state.emit(EventKind.DEAL, public, rule=f"{self.rule()}: {seat_name(seat)} shows "
                       f"{card}", seat=seat, private=private)


class PayOrFold(Decision):
    """Whoever was just dealt a card of ``rank`` face up pays ``price`` into the pot (dead
    money: it buys a place in the hand, not a bet) or folds, in the order the cards were
    dealt. A seat short of the price may pay all it has and play on all in; a seat already
    all in owes nothing more."""

    kind = ActionKind.PAY

    def __init__(self, rank: Rank, *, payment: Payment, fixed: int) -> None:
        super().__init__()
        self.rank = rank
        self.payment = payment
        self.fixed = fixed
        self.waiting: list[tuple[int, Card]] = []

    def rule(self) -> str:
        price = "match the pot" if self.payment is Payment.POT else f"pay {self.fixed}"
        return f"{a_card_of(self.rank)} dealt face up: its owner must {price} or fold"

    def price(self, state: HandState, seat: int) -> int:
        """What ``seat`` pays to stay in now: the price, or all it has if less."""
        wanted = state.table.pot_total if self.payment is Payment.POT else self.fixed
        return min(wanted, state.table.stacks[seat])

    def enter(self, state: HandState) -> None:
        for seat, card in dealt_up(state, self.rank):
            if state.table.stacks[seat] == 0 or self.price(state, seat) == 0:
                why = "is all in" if state.table.stacks[seat] == 0 else "has nothing to pay"
                state.emit(EventKind.NOTE, f"{seat_name(seat)} shows {card} and {why}: "
                           "nothing to pay", rule=self.rule(), seat=seat)
                continue
            self.waiting.append((seat, card))
        self._ask(state)

    def _ask(self, state: HandState) -> None:
        if self.waiting:
            seat, card = self.waiting[0]
            state.emit(EventKind.NOTE, f"{seat_name(seat)} shows {card}: pay "
                       f"{self.price(state, seat)} or fold", rule=self.rule(), seat=seat)

    def next_seat(self, state: HandState) -> int | None:
        return self.waiting[0][0] if self.waiting else None

    def options(self, state: HandState, seat: int) -> list[Action]:
        if self.next_seat(state) != seat:
            return []
        return [Action(seat, ActionKind.PAY, amount=self.price(state, seat)),
                Action(seat, ActionKind.FOLD)]

    def accept(self, state: HandState, action: Action) -> Action:
        offered = self.options(state, action.seat)
        for option in offered:
            if option.kind is action.kind and action.amount in (None, option.amount):
                return option
        seat = action.seat
        if not offered:
            raise IllegalAction(f"{seat_name(seat)} has nothing to pay now")
        raise IllegalAction(f"{seat_name(seat)} shows {self.waiting[0][1]}: the choice is to "
                            f"pay {self.price(state, seat)} or fold, not this "
                            f"({action.describe()})")

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        (seat, action), = choices.items()
        card = self.waiting.pop(0)[1]
        if action.kind is ActionKind.FOLD:
            state.table.fold(seat)
            state.deck.discard(h.card for h in state.cards[seat])
            state.emit(EventKind.ACTION, f"{seat_name(seat)} folds rather than pay for the "
                       f"{card}", rule=self.rule(), seat=seat)
            self.waiting = [(s, c) for s, c in self.waiting if s != seat]
        else:
            paid = state.table.post_dead(seat, action.amount or 0)
            short = " and is all in" if state.table.stacks[seat] == 0 else ""
            state.emit(EventKind.ACTION, f"{seat_name(seat)} pays {paid} for the {card}"
                       f"{short}", rule=self.rule(), seat=seat)
        self._ask(state)


def _rank(step: Step) -> Rank:
    return _RANKS[step["rank"]]


def _extra(step: Step, context: Context) -> Phase:
    return ExtraCard(_rank(step), step["cards"])


def _extra_cards(params: Mapping[str, Any]) -> Cards:
    return Cards(earned=4 * len(str(params["cards"])), earned_by=f"rank {params['rank']}")


def _pay(step: Step, context: Context) -> Phase:
    price = step["price"]
    if price not in (p.value for p in Payment):
        price = getattr(context.settings, price)
    return PayOrFold(_rank(step), payment=Payment(price), fixed=context.amount(step["amount"]))


_RANK = Param("choice", required=True, choices=tuple(_RANKS),
              help="the rank of the card dealt face up")

KINDS = (
    StepKind("extra-card", "whoever was just dealt a card of the rank face up is dealt more "
             "at once, face down unless declared",
             MappingProxyType({"rank": _RANK, "cards": Param("pattern", "d")}),
             _extra, _extra_cards),
    StepKind("pay-or-fold", "whoever was just dealt a card of the rank face up pays the "
             "price into the pot or folds, in the order the cards were dealt",
             MappingProxyType({"rank": _RANK,
                               "price": Param("setting_or", "pot", choices=("pot", "fixed")),
                               "amount": Param("amount", 0, help="the fixed payment")}),
             _pay),
)

SETTING_TYPES = (("payment", Payment),)
