"""The table engine at scale: speed against pokerkit, then 100,000 hands checked twice.

1. Speed: the same random seven-card stud hands played through our engine
   and through pokerkit's fixed-limit stud (each given the other's cards and
   actions beforehand), hands per second and the ratio.
2. Agreement: ``HANDS`` random hands against pokerkit, exactly as the suite's
   oracle test does (legal actions at every step, pots, final stacks).
3. Properties: ``HANDS`` random stud hands with random settings and random
   legal actions, exactly as the suite's property test does (chips, cards,
   offers, refusals, replay, JSON history, undo).

``ENGINE_SCALE_HANDS`` in the environment changes ``HANDS`` (default 100,000).
"""

from __future__ import annotations

import os
import random
import time
import warnings
from collections import Counter

from engine.games import GAMES, new_hand
from engine.state import Action, ActionKind
from tests.test_engine_properties import play as play_properties
from tests.test_stud_oracle import deal_pokerkit, play_both, pokerkit_state, random_table

HANDS = int(os.environ.get("ENGINE_SCALE_HANDS", "100000"))
SPEED_HANDS = 2_000
PROGRESS = 10_000


def _record(seed: int) -> tuple[dict[str, object], list[int], list[Action], object]:
    """Play one random hand on our engine; return what pokerkit needs to repeat it."""
    rng = random.Random(seed)
    players, settings, stacks = random_table(rng)
    settings["open_pair"] = False
    state = new_hand("seven-card-stud", players=players, seed=seed, settings=settings,
                     stacks=stacks)
    while not state.is_over:
        seat = state.to_act[0]
        legal = [a for a in state.legal_actions(seat)
                 if not (a.kind is ActionKind.RAISE and len(state.in_hand()) == 2
                         and state.table.round_raises >= 4)]
        state.apply(rng.choice(legal))
    return settings, stacks, list(state.actions), state


def speed() -> None:
    recorded = [_record(seed) for seed in range(SPEED_HANDS)]
    # a reshuffle of the muck takes the folded cards off the table: leave those few out
    recorded = [r for r in recorded
                if not any("shuffled into the stock" in e.text for e in r[3].events)]
    start = time.perf_counter()
    for settings, stacks, actions, played in recorded:
        state = new_hand("seven-card-stud", players=len(stacks), seed=played.seed,
                         settings=settings, stacks=stacks)
        for action in actions:
            state.apply(action)
    ours = time.perf_counter() - start
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for settings, stacks, actions, state in recorded:
            pk = pokerkit_state(settings, stacks)
            for action in actions:
                deal_pokerkit(pk, state)
                if action.kind is ActionKind.FOLD:
                    pk.fold()
                elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
                    pk.check_or_call()
                elif action.kind is ActionKind.BRING_IN:
                    pk.post_bring_in()
                elif action.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
                    pk.complete_bet_or_raise_to(action.amount)
            deal_pokerkit(pk, state)
    theirs = time.perf_counter() - start
    print(f"{'engine':<12}{'hands/s':>10}{'ratio':>8}")
    print(f"{'ours':<12}{len(recorded) / ours:>10.0f}{1.0:>8.2f}")
    print(f"{'pokerkit':<12}{len(recorded) / theirs:>10.0f}{ours / theirs:>8.2f}")
    print("(pokerkit is also dealt the cards, and shows down and pushes chips itself)")


def agreement(count: int) -> None:
    totals: Counter[str] = Counter()
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(count):
            totals += play_both(1_000_000 + seed)
            if (seed + 1) % PROGRESS == 0:
                print(f"  {seed + 1} hands agree with pokerkit "
                      f"({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"pokerkit agreement: {totals['hands']} hands, {totals['showdowns']} showdowns, "
          f"{totals['side pots']} with side pots, {totals['all in']} with all-ins, "
          f"{totals['community']} with a community card")


def properties(count: int) -> None:
    game = GAMES["seven-card-stud"]
    totals: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(count):
        totals += play_properties(game, 2_000_000 + seed)
        if (seed + 1) % PROGRESS == 0:
            print(f"  {seed + 1} hands keep every property "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
    print(f"properties: {totals['hands']} hands, {totals['showdowns']} showdowns, "
          f"{totals['side pots']} with side pots")


def main() -> None:
    speed()
    agreement(HANDS)
    properties(HANDS)


if __name__ == "__main__":
    main()
