"""Razz and seven-card stud eight or better in PHH: the site's hands, written under the
standard codes (``FR``, ``F7S/8``), are read by pokerkit's own reader and replayed to the
same stacks (odd chips and pokerkit's ways of paying split pots allowed for as in
``tests/test_razz_oracle.py``), and read back on the site to the same actions and payoffs."""

from __future__ import annotations

import random
import warnings
from collections import Counter

import pytest
from pokerkit import HandHistory

from engine.games import new_hand
from engine.phh import load_phh, to_phh
from engine.state import ActionKind, HandState
from tests.budget import FAST, scaled
from tests.test_phh_pokerkit import shared_choices
from tests.test_razz_oracle import allow_pots_paid_pokerkits_way, table_for
from tests.test_stud_oracle import expected_pokerkit_stacks

HANDS = scaled(300)
GAMES = ("razz", "seven-card-stud-eight")


def site_hand(game_id: str, seed: int) -> HandState:
    rng = random.Random(seed)
    players, settings, stacks = table_for(game_id, rng)
    state = new_hand(game_id, players=players, seed=seed, settings=settings, stacks=stacks)
    while not state.is_over:
        choices = shared_choices(state, state.to_act[0])
        weights = [4 if a.kind in (ActionKind.CALL, ActionKind.CHECK, ActionKind.BRING_IN,
                                   ActionKind.SHOW) else 1 for a in choices]
        state.apply(rng.choices(choices, weights)[0])
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_site_hands_replay_in_pokerkit_to_the_same_stacks(game_id: str) -> None:
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(HANDS):
            state = site_hand(game_id, seed)
            text = to_phh(state)
            history = HandHistory.loads(text)
            assert history.variant == {"razz": "FR"}.get(game_id, "F7S/8")
            *_, final = history
            assert not final.status, seed
            expected = expected_pokerkit_stacks(state)
            allow_pots_paid_pokerkits_way(state, final, expected, seen)
            assert list(final.stacks) == expected, seed
            back = load_phh(text)
            assert (back.actions, back.payoffs) == (state.actions, state.payoffs), seed
            seen["showdowns"] += state.settlement is not None and state.settlement.showdown
            seen["side pots"] += len(state.table.pots()) > 1
    assert seen["showdowns"] > HANDS // 10
    assert FAST or seen["side pots"] > 5
