"""The five-card Omaha games against pokerkit: five-card Omaha, Big O and Courchevel have no
class of their own in pokerkit, so each is pokerkit's generic ``State`` built from its
parts: five hole cards, pot-limit betting, pokerkit's Omaha hands (exactly two hole cards
and three from the board, and the eight-or-better low for the split games) and, for
Courchevel, the first board card turned up with the deal, before the first betting round.
The hands are played through the hold'em and Omaha oracle's helpers
(``tests.support.oracle_board``), with the same differences of convention allowed and
counted."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

from pokerkit import BettingStructure, Deck, Opening, State, Street

from tests.support.oracle_board import AUTOMATIONS, play_both
from tests.support.oracle_omaha import RememberedHigh, RememberedLow

EARLY_CARD = {"courchevel": 1}
"""Board cards turned up with the deal, before the first betting round, by game."""
ALWAYS_SPLIT = frozenset({"big-o"})
"""The games whose pot is always split high and low, eight or better."""


def five_card_state(game_id: str, settings: dict[str, Any], stacks: list[int]) -> State:
    """pokerkit's State for one of the five-card Omaha games under these announcements."""
    small, big = settings["small_blind"], settings["big_blind"]
    RememberedHigh.forget()
    RememberedLow.forget()
    split = game_id in ALWAYS_SPLIT or settings.get("pot") == "eight-or-better"
    early = EARLY_CARD.get(game_id, 0)
    streets = (Street(False, (False,) * 5, early, False, Opening.POSITION, big, None),
               Street(True, (), 3 - early, False, Opening.POSITION, big, None),
               Street(True, (), 1, False, Opening.POSITION, big, None),
               Street(True, (), 1, False, Opening.POSITION, big, None))
    return State(AUTOMATIONS, Deck.STANDARD,
                 (RememberedHigh, RememberedLow) if split else (RememberedHigh,),
                 streets, BettingStructure.POT_LIMIT, True, 0, (small, big), 0,
                 tuple(stacks), len(stacks))


def run_hands(game_id: str, seeds: range, pot: str | None = None) -> Counter[str]:
    """Random pot-limit hands of ``game_id``, both ways; ``pot`` announces how the pot is
    played in a game that leaves it to the dealer."""
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            rng = random.Random(seed)
            players = rng.randint(2, 8)
            big = rng.choice([2, 2, 4, 10])
            settings: dict[str, Any] = {"small_blind": rng.randint(1, big - 1), "big_blind": big}
            if pot is not None:
                settings["pot"] = pot
            stacks = [200] * players if rng.random() < 0.4 else [
                rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                for _ in range(players)]
            totals += play_both(game_id, lambda s, st: five_card_state(game_id, s, st), seed,
                                players, settings, stacks)
    return totals
