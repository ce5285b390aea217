"""Short-deck hold'em against pokerkit's ``NoLimitShortDeckHoldem``: the same 36 cards, the
same actions, the same chips, with the antes and the button blind (the default) or two
blinds (the announcement) drawn at random, and the same conventions allowed for as in
hold'em (``tests.support.oracle_holdem``): odd chips of a split move to pokerkit's first
winner."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

from pokerkit import NoLimitShortDeckHoldem
from pokerkit import State as PokerkitState

from tests.support.oracle_board import AUTOMATIONS, play_both
from tests.support.pokerkit_kept import remember_hands

GAME = "short-deck-holdem"


def short_deck_state(settings: dict[str, Any], stacks: list[int]) -> PokerkitState:
    """pokerkit's short-deck hold'em: the button blind on the last player (the dealer;
    heads-up pokerkit swaps the two places itself, so it is written on the first), or the
    small and big blinds."""
    players, big = len(stacks), settings["big_blind"]
    blinds = {0 if players == 2 else players - 1: big} if settings["button_blind"] else \
        (settings["small_blind"], big)
    return remember_hands(NoLimitShortDeckHoldem.create_state(
        AUTOMATIONS, True, settings["ante"], blinds, big, tuple(stacks), players))


def random_table(rng: random.Random) -> tuple[int, dict[str, Any], list[int]]:
    players = rng.randint(2, 9)
    big = rng.choice([2, 2, 4, 10])
    settings: dict[str, Any] = {"small_blind": rng.randint(1, big - 1), "big_blind": big,
                                "ante": rng.choice([0, 1, 1, 2]), "structure": "no-limit",
                                "button_blind": rng.random() < 0.6}
    if rng.random() < 0.4:
        stacks = [200] * players
    else:
        stacks = [rng.choice([rng.randint(3, 30), rng.randint(20, 120), rng.randint(100, 400)])
                  for _ in range(players)]
    return players, settings, stacks


def run_hands(seeds: range) -> Counter[str]:
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            players, settings, stacks = random_table(random.Random(seed))
            totals += play_both(GAME, short_deck_state, seed, players, settings, stacks)
            totals["hands with the button blind"] += settings["button_blind"]
    return totals
