"""Texas hold'em against pokerkit: the same cards, the same actions, the same chips.

For random hands (2 to 10 players, random blinds and stacks, so that short all-ins and
side pots happen), pokerkit's no-limit, pot-limit and fixed-limit hold'em are dealt
exactly the cards our engine dealt and given exactly the actions our engine accepted,
amounts anywhere in the allowed range. At every decision both must name the same seat,
offer the same actions with the same smallest and largest amounts, hold the same pot and
the same stacks; at the end the stacks must agree.

Two rules differ by design and are allowed for exactly, each counted:

- heads-up there is no cap on fixed-limit raises (pokerkit caps every round at a bet
  and three raises): our extra raise is set aside and never chosen;
- odd chips of a split go one each to the winners nearest the dealer's left (pokerkit
  gives them all to the first): the stacks are compared after moving those chips
  pokerkit's way;
- pokerkit splits the pots after merging those whose players still in are the same
  once the losers have mucked, so it may count fewer odd chips than our split pot by
  pot: then only those odd chips may differ (``odd_chips_apart``), and it is counted.

Blinds are drawn with the small one below the big one: with equal blinds heads-up,
pokerkit has the big blind act first before the flop, where the dealer does in ours.

Omaha's oracle (``tests.support.oracle_omaha``) plays its games through the same
helpers.

The hands are played by the oracle harness (``tests/test_oracle.py``), a row per
announcement (``tests.support.oracle``).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

from pokerkit import FixedLimitTexasHoldem, NoLimitTexasHoldem
from pokerkit import State as PokerkitState
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from engine.table import Structure
from tests.support.oracle_board import (
    AUTOMATIONS,
    play_both,
)
from tests.support.pokerkit_kept import remember_hands


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit hold'em, which pokerkit builds from its parts but does not name."""

    create_state = NoLimitTexasHoldem.__dict__["create_state"]


def holdem_state(settings: dict[str, Any], stacks: list[int]) -> PokerkitState:
    """pokerkit's hold'em for these announcements, each hand it values worked out once."""
    small, big = settings["small_blind"], settings["big_blind"]
    structure = Structure(settings["structure"])
    if structure is Structure.FIXED_LIMIT:
        return remember_hands(FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, True, 0, (small, big), big, 2 * big, tuple(stacks), len(stacks)))
    kind = NoLimitTexasHoldem if structure is Structure.NO_LIMIT else PotLimitTexasHoldem
    return remember_hands(kind.create_state(AUTOMATIONS, True, 0, (small, big), big,
                                            tuple(stacks), len(stacks)))


def random_table(rng: random.Random, structures: tuple[Structure, ...],
                 max_players: int = 10) -> tuple[int, dict[str, Any], list[int]]:
    players = rng.randint(2, max_players)
    big = rng.choice([2, 2, 4, 10])
    settings: dict[str, Any] = {"small_blind": rng.randint(1, big - 1), "big_blind": big,
                                   "structure": rng.choice(structures).value}
    if rng.random() < 0.4:
        stacks = [200] * players
    else:
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                  for _ in range(players)]
    return players, settings, stacks


def run_hands(seeds: range, structures: tuple[Structure, ...] = tuple(Structure),
              max_players: int = 10) -> Counter[str]:
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            players, settings, stacks = random_table(random.Random(seed), structures,
                                                     max_players)
            totals += play_both("texas-holdem", holdem_state, seed, players, settings,
                                stacks)
    return totals


HEADS_UP_PAST_THE_CAP = 80
"""A seed whose fixed-limit heads-up hand raises past the cap (rare in random play)."""
