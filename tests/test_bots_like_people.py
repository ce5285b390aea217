"""Computer players that play like people: a team in Pick a Partner, no fold when checking
is free, strong hands bet, bluffs at a measured rate, pot odds, the measure said, and a
decision that stays within a bounded CPU time."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable

import pytest

from engine.bots import bot_for
from engine.bots.policy import BLUFF_RATE, Measured, betting_choice
from engine.games import GAMES, new_hand
from engine.games.pick_a_partner_steps import partners
from engine.state import Action, ActionKind, HandState
from tests.support.bots import quick_bot
from tests.support.scale import DEEP

Watch = Callable[[HandState, int, Action], None]

DECISION_CPU = 0.5
"""The most CPU seconds one decision may take (the slowest measured: about 0.13 s,
Omaha at ten seats)."""


def _play(game_id: str, players: int, seed: int, watch: Watch, *, quick: bool = False
          ) -> HandState:
    """A hand of computer players, ``watch(state, seat, action)`` told each decision
    before it is applied; ``quick``, with small simulations (for what does not depend on
    their size)."""
    bot = quick_bot(game_id) if quick else bot_for(game_id)
    state, rng = new_hand(game_id, players=players, seed=seed), random.Random(seed)
    while not state.is_over:
        seat = state.to_act[0]
        action = bot.choose(state, seat, rng)
        watch(state, seat, action)
        state.apply(action)
    return state


def test_partners_never_fold_to_their_own_partners_bet() -> None:
    faced = 0

    def watch(state: HandState, seat: int, action: Action) -> None:
        nonlocal faced
        partner = partners(state).get(seat)
        if partner is not None and state.table.round_aggressor == partner and \
                any(a.kind is ActionKind.CALL for a in state.legal_actions(seat)):
            faced += 1
            assert action.kind is ActionKind.CALL, (state.seed, seat, action)

    for seed in range(12):
        _play("pick-a-partner", (4, 6, 8, 10)[seed % 4], seed, watch)
    assert faced >= 3, "the hands put a partner's bet before its partner"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_computer_player_folds_when_checking_is_free(game_id: str) -> None:
    game = GAMES[game_id]
    players = game.player_counts(game.settings_type())
    free = 0

    def watch(state: HandState, seat: int, action: Action) -> None:
        nonlocal free
        if any(a.kind is ActionKind.CHECK for a in state.legal_actions(seat)):
            free += 1
            assert action.kind is not ActionKind.FOLD, (state.seed, seat)

    seed = 0
    while seed < 3 or not free and seed < 8:   # never folded, whatever the estimate
        _play(game_id, players[seed % len(players)], seed, watch, quick=True)
        seed += 1
    assert free


def test_a_pair_of_aces_in_omahas_guided_hand_bets_after_the_flop() -> None:
    """The Omaha page's guided hand (four players, deal 5): the seat holding A♦ A♣ used to
    check twelve times from the flop to the river."""
    aces = 2
    taken: list[ActionKind] = []

    def watch(state: HandState, seat: int, action: Action) -> None:
        if seat == aces and state.boards and state.boards[0]:
            taken.append(action.kind)

    state = new_hand("omaha", players=4, seed=5)
    assert {"A♣", "A♦"} <= {str(c) for c in state.live_cards(aces)}
    _play("omaha", 4, 5, watch)
    assert {ActionKind.BET, ActionKind.RAISE} & set(taken), taken


def test_weak_hands_bet_at_the_measured_bluff_rate_and_strong_hands_always() -> None:
    state = new_hand("texas-holdem", players=2, seed=1)
    seat = state.to_act[0]
    while not any(a.kind is ActionKind.CHECK for a in state.legal_actions(seat)):
        state.apply(next(a for a in state.legal_actions(seat) if a.kind is ActionKind.CALL))
        seat = state.to_act[0]
    legal = state.legal_actions(seat)
    rng = random.Random(3)
    weak = Measured(share=0.2, hands=2, to_call=0, price=0.0)
    bets = sum(betting_choice(state, seat, legal, weak, rng).kind is not ActionKind.CHECK
               for _ in range(2000))
    assert abs(bets / 2000 - BLUFF_RATE) < 0.025, bets
    strong = Measured(share=0.8, hands=2, to_call=0, price=0.0)
    assert all(betting_choice(state, seat, legal, strong, rng).kind is not ActionKind.CHECK
               for _ in range(50))


def test_a_call_follows_pot_odds() -> None:
    state = new_hand("texas-holdem", players=2, seed=1)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    rng = random.Random(1)
    kinds = {a.kind for a in legal}
    assert ActionKind.CALL in kinds and ActionKind.FOLD in kinds
    dear = Measured(share=0.3, hands=2, to_call=1, price=0.45)
    cheap = Measured(share=0.3, hands=2, to_call=1, price=0.32)
    all_in = Measured(share=0.3, hands=2, to_call=1, price=0.32, risky=True)
    assert betting_choice(state, seat, legal, dear, rng).kind is ActionKind.FOLD
    assert betting_choice(state, seat, legal, cheap, rng).kind is ActionKind.CALL, \
        "a small call may take a little less than its price: later streets pay it back"
    assert betting_choice(state, seat, legal, all_in, rng).kind is ActionKind.FOLD, \
        "a call of the stack wants more than its price"


def test_the_reason_states_the_measure_and_the_price() -> None:
    state = new_hand("texas-holdem", players=3, seed=4)
    bot = bot_for("texas-holdem")
    seat = state.to_act[0]
    action = bot.choose(state, seat, random.Random(0))
    reason = bot.explain(state, seat, action)
    assert reason and "share of the pot against the hands the betting suggests" in reason
    if action.kind in (ActionKind.CALL, ActionKind.FOLD):
        assert "pot odds" in reason and "%" in reason


def _calling(state: HandState, seat: int, rng: random.Random) -> Action:
    """A player who checks or calls whenever it may, and chooses at random otherwise."""
    legal = state.legal_actions(seat)
    staying = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
    return staying[0] if staying else rng.choice(legal)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_decision_stays_within_its_cpu_bound_at_the_largest_table(game_id: str) -> None:
    """The computer player's every decision, at the game's largest table: in the first
    seat against players who call every bet, so that it meets every street with the whole
    table still in (in the deep mode, in every seat against itself)."""
    game = GAMES[game_id]
    players = game.player_counts(game.settings_type())[-1]
    timed = range(players) if DEEP else (0,)
    worst = 0.0
    state, bot, rng = new_hand(game_id, players=players, seed=2), bot_for(game_id), \
        random.Random(2)
    while not state.is_over:
        seat = state.to_act[0]
        if seat not in timed:
            state.apply(_calling(state, seat, rng))
            continue
        gc.disable()   # a full collection of the worker's garbage (of hundreds of tests) is
        try:           # not the decision's: once, a 0.03 s Psycho decision read 0.87 s
            start = time.process_time()
            action = bot.choose(state, seat, rng)
            worst = max(worst, time.process_time() - start)
        finally:
            gc.enable()
        state.apply(action)
    assert worst < DECISION_CPU, worst


def test_two_strong_hands_heads_up_stop_raising_at_four_bets() -> None:
    """Fixed-limit badugi lifts its cap heads up: two computer players holding strong hands
    raised each other two chips at a time to the felt (a night of deep stacks waited on
    thousands of their decisions). Like people, each stops at a bet and three raises."""
    bot = bot_for("badugi")
    state = new_hand("badugi", players=4, seed=1003, stacks=[20_000] * 4)
    decisions = 0
    while not state.is_over and decisions < 200:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        folds = [a for a in legal if a.kind is ActionKind.FOLD]
        action = folds[0] if seat in (1, 2) and folds else \
            bot.choose(state, seat, random.Random(decisions))
        state.apply(action)
        decisions += 1
    assert state.is_over and decisions < 60, f"{decisions} decisions"
