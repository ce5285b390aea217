"""Razz and seven-card stud eight or better against pokerkit: the same cards, the same
actions, the same chips, step by step.

pokerkit's ``FixedLimitRazz`` and ``FixedLimitSevenCardStudHighLowSplitEightOrBetter``
are dealt exactly the cards our engine dealt and given exactly the actions it accepted,
on random hands (2 to 8 players, random stakes, random stacks so that all-ins and side
pots happen). At every decision both must have the same seat to act, offer the same
actions with the same amounts and hold the same pot; at the end the stacks must agree.

As for seven-card stud (``tests.support.oracle_stud``, whose pieces are used here), our
settings take pokerkit's conventions where the announcements allow it: equal showing
hands by seat order (the rounds our default, the suit of the highest card, would open
elsewhere are counted), a short stock made up from the muck. The differences by design are
set aside or allowed for, and counted:

- heads-up there is no cap on raises (pokerkit caps every round): our extra raise is
  set aside;
- in stud eight or better the open pair on fourth street offers the big bet (razz has
  no open pair): our extra amount is set aside;
- odd chips of a split go one at a time to the winners nearest the dealer's left
  (pokerkit gives all of a half's odd chips to its first winner): the stacks are compared
  after moving those chips pokerkit's way. The odd chip between the high and the low
  half goes to the high half in both.
- a pot none of whose players holds a qualifying low goes wholly to its high hand, even
  when another pot of the hand is split. pokerkit splits every pot in two once any
  shown hand has a low, and then shares such a pot's low half among its players without
  a low (its chips pushing takes "no low" as the best low);
- pots with the same players still in at the showdown are one pot to pokerkit, split
  in halves once, where we split each pot (the high half taking each odd chip): a chip
  per such pot may go to the low winner instead.

Where the last two apply, the chips that differ are checked to have left only our high
winners, for our low winners (no more than a chip per odd split) or for players without
a qualifying low (no more than pokerkit pushed to them as low halves); each is counted.

The hands are played by the oracle harness (``tests/test_oracle.py``), a row per
announcement (``tests.support.oracle``).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

from pokerkit import State as PokerkitState

from engine.games import new_hand
from engine.games.openers import best_showing
from engine.state import ActionKind, HandState
from tests.support.oracle_stud import (
    AUTOMATIONS,
    POKERKIT,
    allow_pots_paid_pokerkits_way,
    deal_pokerkit,
    expected_pokerkit_stacks,
    our_options,
    pokerkit_options,
    pots_of,
    table_for,
)
from tests.support.pokerkit_kept import remember_hands


def pokerkit_state(game_id: str, settings: dict[str, Any], stacks: list[int]) -> PokerkitState:
    return remember_hands(POKERKIT[game_id].create_state(
        AUTOMATIONS, True, settings["ante"], settings["bring_in"], settings["small_bet"],
        settings["big_bet"], tuple(stacks), len(stacks)))


def play_both(game_id: str, seed: int) -> Counter[str]:
    rng = random.Random(seed)
    players, settings, stacks = table_for(game_id, rng)
    ours = new_hand(game_id, players=players, seed=seed, settings=settings, stacks=stacks)
    pk = pokerkit_state(game_id, settings, stacks)
    seen: Counter[str] = Counter()
    opened = "3rd street"
    while not ours.is_over:
        deal_pokerkit(pk, ours)
        seat = ours.to_act[0]
        if ours.street == "Showdown":
            ours.apply(rng.choice(ours.legal_actions(seat)))
            continue
        if ours.street != opened:
            opened = ours.street
            first = [best_showing(ours, ours.in_hand(), by_suit=by_suit, order=ours.game.opens)[0]
                     for by_suit in (True, False)]
            seen["equal showings: by suit (our default) another seat opens"] += \
                first[0] != first[1]
        assert pk.actor_index == seat, (seed, ours.street, [e.text for e in ours.events[-3:]])
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
    expected = expected_pokerkit_stacks(ours)
    allow_pots_paid_pokerkits_way(ours, pk, expected, seen)
    if expected != list(ours.table.stacks):
        seen["odd chips moved to the first winner"] += 1
    assert list(pk.stacks) == expected, (seed, list(pk.stacks), expected, ours.payoffs)
    count_hand(ours, seen)
    return seen


def count_hand(ours: HandState, seen: Counter[str]) -> None:
    seen["hands"] += 1
    settlement = ours.settlement
    assert settlement is not None
    seen["showdowns"] += settlement.showdown
    seen["side pots"] += len(ours.table.pots()) > 1
    seen["split between high and low"] += any(a.part == "the low half"
                                               for a in settlement.awards)
    seen["no qualifying low"] += any("no low qualifies" in a.rule for a in settlement.awards)
    seen["all in"] += any(ours.table.all_in(s) for s in range(ours.players))


def run_hands(game_id: str, seeds: range) -> Counter[str]:
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            totals += play_both(game_id, seed)
    return totals
