"""Razz and seven-card stud eight or better in PHH: the site's hands, written under the
standard codes (``FR``, ``F7S/8``), are read by pokerkit's own reader and replayed to the
same stacks, and read back on the site to the same actions and payoffs; and hands pokerkit
deals, plays and writes open on the site to the same stacks. Odd chips and pokerkit's ways
of paying split pots are allowed for, and counted, as in ``tests/test_razz_oracle.py``; as
for seven-card stud, a hand dealt from pokerkit's reshuffled muck is refused, saying so."""

from __future__ import annotations

import random
import warnings
from collections import Counter

import pytest
from pokerkit import HandHistory
from pokerkit import State as PokerkitState

from engine.games import new_hand
from engine.phh import load_phh, to_phh
from engine.state import ActionKind, HandState
from tests.support.oracle_phh import DEALING, play_at_random, shared_choices
from tests.support.oracle_stud import (
    POKERKIT,
    allow_pots_paid_pokerkits_way,
    expected_pokerkit_stacks,
    table_for,
)
from tests.support.pokerkit_kept import RememberingHistory, remember_hands
from tests.support.scale import FAST, scaled

HANDS = scaled(60)
"""Hands per game each way: within the game's budget with its oracle row and conformance
(tests.support.timing.GAME_BUDGET)."""
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
            history = RememberingHistory.loads(text)
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


def pokerkit_hand(game_id: str, seed: int) -> tuple[str, PokerkitState, bool]:
    """A hand pokerkit deals and plays at random, burning as the site does, written by
    pokerkit's own writer; and whether its stock ran out (it then deals from its muck)."""
    rng = random.Random(seed)
    players = rng.randint(2, 8)
    small = rng.choice([2, 4, 10, 10])
    ante, bring_in = rng.randint(0, small // 2), rng.randint(1, small - 1)
    stacks = [200] * players if rng.random() < 0.4 else [
        rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
        for _ in range(players)]
    game = POKERKIT[game_id](DEALING, True, ante, bring_in, small, 2 * small)
    random.seed(seed)
    pk = remember_hands(game(stacks, players))
    ran_out = play_at_random(pk, rng)
    text = HandHistory.from_game_state(game, pk, ante_trimming_status=True).dumps()
    return text, pk, ran_out


@pytest.mark.parametrize("game_id", GAMES)
def test_pokerkit_hands_replay_on_the_site_to_the_same_stacks(game_id: str) -> None:
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(HANDS):
            text, pk, reshuffled = pokerkit_hand(game_id, seed)
            try:
                state = load_phh(text)
            except ValueError as error:
                assert reshuffled and "stock ran short" in str(error), (seed, error)
                seen["refused: dealt from pokerkit's reshuffled muck"] += 1
                continue
            assert state.game.id == game_id and state.is_over, seed
            expected = expected_pokerkit_stacks(state)
            allow_pots_paid_pokerkits_way(state, pk, expected, seen)
            assert expected == list(pk.stacks), (seed, text)
            seen["showdowns"] += state.settlement is not None and state.settlement.showdown
            seen["side pots"] += len(state.table.pots()) > 1
    assert seen["refused: dealt from pokerkit's reshuffled muck"] <= max(3, HANDS // 25)
    assert seen["showdowns"] > HANDS // 10
    assert FAST or seen["side pots"] > 2
