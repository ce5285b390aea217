"""Seven-card stud against pokerkit: the same cards, the same actions, the same chips.

For thousands of random hands (2 to 8 players, random stakes, random stacks
so that all-ins and side pots happen), pokerkit's fixed-limit seven-card
stud is dealt exactly the cards our engine dealt and given exactly the
actions our engine accepted. At every decision both must offer the same
actions with the same amounts, hold the same pot, and agree on the pots
between streets; at the end the stacks must agree.

Our settings follow pokerkit's conventions where the defaults differ:
equal showing hands go by seat order, and when the stock runs short for
seventh street the mucked and burned cards are used before a community card.
Three rules differ by design and are allowed for exactly:

- the open pair on fourth street offers the big bet (pokerkit has no such
  rule): our extra amount is set aside and never chosen;
- heads-up there is no cap on raises (pokerkit caps every round at a bet
  and three raises): our extra raise is set aside and never chosen;
- odd chips of a split go one each to the winners nearest the dealer's left
  (pokerkit gives them all to the first): the stacks are compared after
  moving those chips pokerkit's way.

The hands are played by the oracle harness (``tests/test_oracle.py``), a row per
announcement (``tests.support.oracle``).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

from pokerkit import (
    Automation,
    ChipsPushing,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
)
from pokerkit import State as PokerkitState

from engine.games import new_hand
from engine.games.hand_types import low_qualifies
from engine.games.stud import STREETS
from engine.state import Action, ActionKind, HandState
from tests.support.oracle_five_stud import FiveCardStud
from tests.support.pokerkit_kept import remember_hands

AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)


AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
               Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)


def random_table(rng: random.Random) -> tuple[int, dict[str, object], list[int]]:
    players = rng.randint(2, 8)
    small = rng.choice([2, 4, 10, 10, 10])
    settings = {"small_bet": small, "big_bet": 2 * small, "bring_in": rng.randint(1, small - 1),
                "ante": rng.randint(0, small // 2), "showing_ties": "seat",
                "short_stock": "reshuffle",
                "open_pair": rng.random() < 0.5}
    if rng.random() < 0.5:
        stacks = [200] * players
    else:
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                  for _ in range(players)]
    return players, settings, stacks


def deal_pokerkit(pk: PokerkitState, ours: HandState) -> None:
    """Give pokerkit the cards our engine dealt, the community card as its board card.

    When the stock holds just enough for everyone but not for a burn, our
    engine skips the burn; pokerkit is given an unknown card to burn then.
    """
    while pk.can_burn_card() or pk.can_deal_hole() or pk.can_deal_board():
        if pk.can_burn_card():
            burned = ours.burns.get(STREETS[pk.street_index])
            pk.burn_card(burned.ascii if burned else "??")
        elif pk.can_deal_board():
            pk.deal_board(ours.boards[0][len(pk.board_cards)].ascii)
        else:
            seat = pk.hole_dealee_index
            pk.deal_hole(ours.cards[seat][len(pk.hole_cards[seat])].card.ascii)


def pokerkit_options(pk: PokerkitState) -> set[tuple[str, int | None]]:
    options: set[tuple[str, int | None]] = set()
    if pk.can_post_bring_in():
        options.add(("bring-in", pk.effective_bring_in_amount))
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
    """Our options in pokerkit's terms, and the actions pokerkit also has.

    Our by-design extras (the open-pair big bet, raising on past the cap
    heads-up) are counted in ``seen`` and set aside.
    """
    table = state.table
    shared = []
    for action in state.legal_actions(seat):
        if action.kind in AGGRESSIVE:
            bet = state.bet_range(seat)
            assert bet is not None
            if len(bet.amounts) == 2 and action.amount == bet.amounts[-1]:
                seen["open-pair big bet set aside"] += 1
                continue
            if len(state.in_hand()) == 2 and table.round_raises >= 4:
                seen["heads-up raise past the cap set aside"] += 1
                continue
        shared.append(action)
    names = {ActionKind.COMPLETE: "up", ActionKind.BET: "up", ActionKind.RAISE: "up"}
    amounts = {(names.get(a.kind, a.kind.value),
                a.amount if a.kind not in (ActionKind.FOLD, ActionKind.CHECK) else None)
               for a in shared}
    return amounts, shared


def pots_of(pk: PokerkitState) -> list[tuple[int, tuple[int, ...]]]:
    return [(p.amount, tuple(p.player_indices)) for p in pk.pots]


def expected_pokerkit_stacks(state: HandState) -> list[int]:
    """Our stacks with split odd chips moved to the first winner, as pokerkit pays them."""
    stacks = list(state.table.stacks)
    assert state.settlement is not None
    for award in state.settlement.awards:
        winners = sorted(award.winners)
        for seat in winners[1:award.odd_chips]:
            stacks[seat] -= 1
            stacks[winners[0]] += 1
    return stacks


POKERKIT: dict[str, Any] = {
    "razz": FixedLimitRazz,
    "seven-card-stud-eight": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "five-card-stud": FiveCardStud}


def table_for(game_id: str, rng: random.Random) -> tuple[int, dict[str, Any], list[int]]:
    players, settings, stacks = random_table(rng)
    if game_id == "razz":
        del settings["open_pair"]
    return players, settings, stacks


def allow_pots_paid_pokerkits_way(ours: HandState, pk: PokerkitState, stacks: list[int],
                                  seen: Counter[str]) -> None:
    """Check that pokerkit's stacks differ from ``stacks`` (ours, odd chips paid
    pokerkit's way) only by its two ways of paying split pots, count them, and move
    ``stacks`` to pokerkit's.

    Chips may leave only our high winners. They may reach our low winners, at most one
    chip for each of our pots split into halves of unequal size (pokerkit pays pots
    with the same players still in as one pot, so their odd chips add up before the
    split), and players without a qualifying low, at most what pokerkit pushed to them
    as the low half of a pot none of whose players had one.
    """
    moved = [theirs - mine for theirs, mine in zip(pk.stacks, stacks, strict=True)]
    if not any(moved):
        return
    settlement = ours.settlement
    assert settlement is not None and sum(moved) == 0, moved
    without_low = {seat for seat in ours.in_hand() if len(ours.live_cards(seat)) < 5
                   or not low_qualifies(ours.game.low_value(ours, seat), 8)}
    high_winners = {seat for a in settlement.awards if a.part != "the low half"
                    for seat in a.winners}
    low_winners = {seat for a in settlement.awards if a.part == "the low half"
                   for seat in a.winners}
    odd_splits = sum(a.part == "the high half" and a.amount * 2 != a.pot_amount
                     for a in settlement.awards)
    shared_lows = [op for op in pk.operations if isinstance(op, ChipsPushing)
                   and op.hand_type_index == 1]
    assert {seat for seat, chips in enumerate(moved) if chips < 0} <= high_winners, moved
    to_lows = sum(chips for seat, chips in enumerate(moved) if chips > 0 and seat in low_winners)
    assert to_lows <= odd_splits, (moved, odd_splits)
    for seat, chips in enumerate(moved):
        if chips > 0 and seat not in low_winners:
            assert seat in without_low, (moved, without_low)
            assert chips <= sum(op.amounts[seat] for op in shared_lows), moved
            seen["a pot without a low, its low half shared by pokerkit"] += 1
    if to_lows:
        seen["odd chips of pots paid as one by pokerkit"] += 1
    stacks[:] = list(pk.stacks)


def pokerkit_state(settings: dict[str, object], stacks: list[int]) -> PokerkitState:
    """pokerkit's stud for these stakes, each hand it values worked out once."""
    return remember_hands(FixedLimitSevenCardStud.create_state(
        AUTOMATIONS, True, settings["ante"], settings["bring_in"], settings["small_bet"],
        settings["big_bet"], tuple(stacks), len(stacks)))


def play_both(seed: int) -> Counter[str]:
    rng = random.Random(seed)
    players, settings, stacks = random_table(rng)
    ours = new_hand("seven-card-stud", players=players, seed=seed, settings=settings,
                    stacks=stacks)
    pk = pokerkit_state(settings, stacks)
    seen: Counter[str] = Counter()
    while not ours.is_over:
        deal_pokerkit(pk, ours)
        seat = ours.to_act[0]
        if ours.street == "Showdown":
            ours.apply(rng.choice(ours.legal_actions(seat)))
            continue
        assert pk.actor_index == seat, (seed, ours.events[-3:])
        assert pk.total_pot_amount == ours.table.pot_total, seed
        if not any(pk.bets) and not any(ours.table.bets):
            assert pots_of(pk) == [(p.amount, p.eligible) for p in ours.table.pots()], seed
        mine, shared = our_options(ours, seat, seen)
        assert mine == pokerkit_options(pk), (seed, ours.street, mine, pokerkit_options(pk))
        weights = [4 if a.kind in (ActionKind.CALL, ActionKind.CHECK, ActionKind.BRING_IN)
                   else 1 for a in shared]
        action = rng.choices(shared, weights)[0]
        ours.apply(action)
        seen[action.kind.value] += 1
        if action.kind is ActionKind.FOLD:
            pk.fold()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            pk.check_or_call()
        elif action.kind is ActionKind.BRING_IN:
            pk.post_bring_in()
        else:
            pk.complete_bet_or_raise_to(action.amount)
    deal_pokerkit(pk, ours)
    assert not pk.status, seed
    assert list(pk.stacks) == expected_pokerkit_stacks(ours), (seed, pk.stacks, ours.payoffs)
    seen["hands"] += 1
    seen["showdowns"] += ours.settlement is not None and ours.settlement.showdown
    seen["side pots"] += len(ours.table.pots()) > 1
    seen["community"] += bool(ours.boards)
    seen["all in"] += any(ours.table.stacks[s] == 0 for s in range(players)) or \
        any(ours.table.all_in(s) for s in range(players))
    return seen


HEADS_UP_PAST_THE_CAP = 60
"""A seed whose hand raises past the cap heads-up (the rarest of the three differences)."""


def run_hands(seeds: range) -> Counter[str]:
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            totals += play_both(seed)
    return totals
