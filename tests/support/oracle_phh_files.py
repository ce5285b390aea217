"""Every game's hand histories read by pokerkit's own reader (rows of ``tests.support.oracle``):
the site's file of a random hand of any game, finished, is one pokerkit's ``HandHistory``
takes, under the game's variant code (a standard one, or the site's own for a game PHH
has none for) and with the hand's starting stacks. (That the site reloads its own file
exactly, and that a seat's file holds no card hidden from it, is checked on every game's
random hands by the conformance suite, ``tests/conformance/walk.py``.)"""

from __future__ import annotations

import random
import warnings
from collections import Counter

from pokerkit import HandHistory

from engine.bots import RandomBot
from engine.games import get_game
from engine.phh import is_phh, to_phh, variant_code
from tests.support.hands import random_hand


def site_files_in_pokerkit(game_id: str, seeds: range) -> Counter[str]:
    """Random hands of the game (random settings, seats and stacks) played at random to
    the end, each file read by pokerkit."""
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            state = random_hand(get_game(game_id), seed)
            rng = random.Random(seed)
            while not state.is_over:
                state.apply(RandomBot().choose(state, state.to_act[0], rng))
            text = to_phh(state)
            assert is_phh(text), seed
            history = HandHistory.loads(text)
            assert history.variant == variant_code(game_id, state.settings), seed
            assert history.starting_stacks == list(state.table.starting), seed
            seen["hands"] += 1
            seen["showdowns"] += state.settlement is not None and state.settlement.showdown
            seen["side pots"] += len(state.table.pots()) > 1
            seen["all in"] += 0 in state.table.stacks
    return seen
