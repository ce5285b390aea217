"""Hold'em and Omaha against pokerkit, the pieces both games share: pokerkit dealt our
cards, our offers against pokerkit's, the stacks pokerkit's conventions give, and the
differences of convention allowed for and counted."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
)
from pokerkit import State as PokerkitState
from pokerkit.games import (
    FixedLimitPokerMixin,
)

from engine.games import new_hand
from engine.games.phases import BoardDeal, Deal
from engine.state import Action, ActionKind, HandState
from engine.table import Structure

AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)


AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
               Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
               Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)


Factory = Callable[[dict[str, Any], list[int]], PokerkitState]


def deal_pokerkit(pk: PokerkitState, ours: HandState) -> None:
    """Give pokerkit the cards our engine dealt: hole cards by seat, burns by street."""
    streets = [p.street for p in ours.phases if isinstance(p, Deal | BoardDeal)]
    while pk.can_burn_card() or pk.can_deal_hole() or pk.can_deal_board():
        if pk.can_burn_card():
            assert pk.street_index is not None
            burned = ours.burns.get(streets[pk.street_index])
            pk.burn_card(burned.ascii if burned else "??")
        elif pk.can_deal_board():
            pk.deal_board(ours.boards[0][len(pk.board_cards)].ascii)
        else:
            seat = pk.hole_dealee_index
            assert seat is not None
            pk.deal_hole(ours.cards[seat][len(pk.hole_cards[seat])].card.ascii)


def pokerkit_options(pk: PokerkitState) -> set[tuple[str, int | None]]:
    options: set[tuple[str, int | None]] = set()
    if pk.can_fold():
        options.add(("fold", None))
    if pk.can_check_or_call():
        amount = pk.checking_or_calling_amount
        options.add(("check", None) if amount == 0 else ("call", amount))
    if pk.can_complete_bet_or_raise_to():
        options.add(("up", pk.min_completion_betting_or_raising_to_amount))
        options.add(("up", pk.max_completion_betting_or_raising_to_amount))
    return options


def our_options(state: HandState, seat: int,
                seen: Counter[str]) -> tuple[set[tuple[str, int | None]], list[Action]]:
    """Our options in pokerkit's terms, and the actions pokerkit also has (our heads-up
    raise past the fixed-limit cap is counted in ``seen`` and set aside)."""
    shared = []
    fixed = state.game.structure(state.settings) is Structure.FIXED_LIMIT
    for action in state.legal_actions(seat):
        if action.kind in AGGRESSIVE and fixed and len(state.in_hand()) == 2 \
                and state.table.round_raises >= 4:
            seen["heads-up raise past the cap set aside"] += 1
            continue
        shared.append(action)
    amounts = {("up" if a.kind in AGGRESSIVE else a.kind.value,
                a.amount if a.kind not in (ActionKind.FOLD, ActionKind.CHECK) else None)
               for a in shared}
    return amounts, shared


def expected_pokerkit_stacks(state: HandState, seen: Counter[str]) -> list[int]:
    """Our stacks with split odd chips moved to the first winner, as pokerkit pays them."""
    stacks = list(state.table.stacks)
    assert state.settlement is not None
    for award in state.settlement.awards:
        winners = sorted(award.winners)
        for seat in winners[1:award.odd_chips]:
            seen["odd chip moved to the first winner"] += 1
            stacks[seat] -= 1
            stacks[winners[0]] += 1
    return stacks


ODD_CHIPS = "odd chips counted on pokerkit's merged pots"


NO_LOW_SHARED = "pokerkit shares out the low half of a pot no low qualifies for"


def convention_apart(state: HandState, ours: list[int], theirs: list[int]) -> str | None:
    """Which difference of convention explains stacks that differ, if one does.

    Odd chips: pokerkit merges the pots whose remaining players are the same once the
    losers muck, so it may count fewer odd chips than our pot-by-pot split (the high
    half's odd chip of a pot split high and low too). Every seat apart must share a
    split with odd chips, by no more chips than those splits had.

    No low: when some pot of a split game has a qualifying low, pokerkit (0.7.7) splits
    every pot into halves and gives the low half of a pot nobody there has a low for to
    all its players alike; by the rules (and ours) the high hand takes that pot whole.
    Then every seat apart must be in such a pot, by no more than its low half.
    No chip may be made or lost either way."""
    assert state.settlement is not None
    if sum(ours) != sum(theirs):
        return None
    odd = Counter[int]()
    for award in state.settlement.awards:
        for seat in award.winners:
            odd[seat] += (len(award.winners) - 1 if award.odd_chips else 0) + (
                award.pot_amount % 2 if award.part else 0)
    apart = [(seat, abs(a - b)) for seat, (a, b) in enumerate(zip(ours, theirs, strict=True))]
    if all(gap <= odd[seat] for seat, gap in apart):
        return ODD_CHIPS
    some_low = any(award.part == "the low half" for award in state.settlement.awards)
    for award in state.settlement.awards:
        if some_low and "no low qualifies" in award.rule:
            for seat in award.eligible:
                odd[seat] += award.amount // 2 + 1
    if all(gap <= odd[seat] for seat, gap in apart):
        return NO_LOW_SHARED
    return None


def pots_of(pk: PokerkitState) -> list[tuple[int, tuple[int, ...]]]:
    return [(p.amount, tuple(p.player_indices)) for p in pk.pots]


def pick(state: HandState, seat: int, shared: list[Action], rng: random.Random) -> Action:
    """A random action, passive ones likelier; a bet or raise to any allowed amount."""
    weights = [5 if a.kind in (ActionKind.CALL, ActionKind.CHECK) else 1 for a in shared]
    action = rng.choices(shared, weights)[0]
    bet = state.bet_range(seat)
    if action.kind in AGGRESSIVE and bet is not None and not bet.amounts \
            and rng.random() < 0.5:
        return Action(seat, action.kind, rng.randint(bet.minimum, bet.maximum))
    return action


def play_both(game_id: str, factory: Factory, seed: int, players: int,
              settings: dict[str, Any], stacks: list[int]) -> Counter[str]:
    rng = random.Random(seed)
    ours = new_hand(game_id, players=players, seed=seed, settings=settings, stacks=stacks)
    pk = factory(settings, stacks)
    seen: Counter[str] = Counter()
    while not ours.is_over:
        deal_pokerkit(pk, ours)
        seat = ours.to_act[0]
        if ours.street == "Showdown":
            ours.apply(rng.choice(ours.legal_actions(seat)))
            continue
        where = (game_id, seed, ours.street)
        assert pk.actor_index == seat, where
        assert pk.total_pot_amount == ours.table.pot_total, where
        assert list(pk.stacks) == list(ours.table.stacks), where
        if not any(pk.bets) and not any(ours.table.bets):
            assert pots_of(pk) == [(p.amount, p.eligible) for p in ours.table.pots()], where
        mine, shared = our_options(ours, seat, seen)
        assert mine == pokerkit_options(pk), (*where, mine, pokerkit_options(pk))
        action = pick(ours, seat, shared, rng)
        ours.apply(action)
        seen[action.kind.value] += 1
        if action.kind is ActionKind.FOLD:
            pk.fold()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            pk.check_or_call()
        else:
            pk.complete_bet_or_raise_to(action.amount)
    deal_pokerkit(pk, ours)
    assert not pk.status, (game_id, seed)
    expected = expected_pokerkit_stacks(ours, seen)
    if list(pk.stacks) != expected:
        reason = convention_apart(ours, expected, list(pk.stacks))
        assert reason is not None, (game_id, seed, pk.stacks, ours.payoffs)
        seen[reason] += 1
    seen["hands"] += 1
    seen[f"hands in {ours.game.structure(ours.settings).value}"] += 1
    seen["showdowns"] += ours.settlement is not None and ours.settlement.showdown
    seen["side pots"] += len(ours.table.pots()) > 1
    seen["all in"] += any(ours.table.all_in(s) for s in range(players))
    return seen


class FixedLimitOmahaEight(FixedLimitPokerMixin,
                           FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    """pokerkit's fixed-limit Omaha eight or better played fixed limit: pokerkit 0.7.7's
    own class takes its betting from the pot-limit mixin (it offers pot-limit raises)."""
