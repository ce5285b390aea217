"""Hand histories between the site and pokerkit for hold'em and Omaha."""

from __future__ import annotations

import random
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitTexasHoldem,
    HandHistory,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
)
from pokerkit import State as PokerkitState

from tests.support.oracle_board import (
    FixedLimitOmahaEight,
)
from tests.support.pokerkit_kept import remember_hands

KINDS = {"NT": NoLimitTexasHoldem, "FT": FixedLimitTexasHoldem, "PO": PotLimitOmahaHoldem,
         "FO/8": FixedLimitOmahaHoldemHighLowSplitEightOrBetter}


DEALING = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
           Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
           Automation.HOLE_DEALING, Automation.BOARD_DEALING,
           Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
           Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
           Automation.RUNOUT_COUNT_SELECTION)


def remembering(state: PokerkitState) -> PokerkitState:
    """pokerkit's state valuing hands through remembered types of its own (pokerkit asks
    for the same hands many times over at a showdown)."""
    return remember_hands(state)


def table(rng: random.Random) -> tuple[int, int, int, list[int]]:
    """Players, small and big blind (the small below the big), and stacks, short ones
    often, so that all-ins and side pots happen."""
    players = rng.randint(2, 10)
    big = rng.choice([2, 2, 4, 10])
    small = rng.randint(1, big - 1)
    stacks = [200] * players if rng.random() < 0.4 else [
        rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
        for _ in range(players)]
    return players, small, big, stacks


def pokerkit_hand(code: str, seed: int, *, shipped: bool) -> tuple[str, PokerkitState]:
    """A hand pokerkit deals and plays at random, written by pokerkit's own writer."""
    rng = random.Random(seed)
    players, small, big, stacks = table(rng)
    kind = KINDS[code]
    fixed: tuple[Any, ...] = (big, 2 * big) if code in ("FT", "FO/8") else (big,)
    game = kind(DEALING, True, 0, (small, big), *fixed)
    playing = game if shipped or code != "FO/8" else \
        FixedLimitOmahaEight(DEALING, True, 0, (small, big), *fixed)
    random.seed(seed)  # pokerkit shuffles its deck with the module's generator
    pk = remembering(playing(stacks, players))
    while pk.status:
        options = []
        if pk.can_fold():
            options.append("fold")
        if pk.can_check_or_call():
            options += ["call"] * 4
        if pk.can_complete_bet_or_raise_to():
            options.append("raise")
        chosen = rng.choice(options)
        if chosen == "fold":
            pk.fold()
        elif chosen == "call":
            pk.check_or_call()
        else:
            low = pk.min_completion_betting_or_raising_to_amount
            high = pk.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            pk.complete_bet_or_raise_to(low if rng.random() < 0.5 else rng.randint(low, high))
    return HandHistory.from_game_state(game, pk).dumps(), pk
