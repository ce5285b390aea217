"""The table engine at scale: speed against pokerkit, then many random hands of every game.

1. Speed: the same random seven-card stud hands played through our engine
   and through pokerkit's fixed-limit stud (each given the other's cards and
   actions beforehand), hands per second and the ratio.
2. Agreement: random stud hands against pokerkit, exactly as the suite's
   oracle test does (legal actions at every step, pots, final stacks).
3. Every game (all five ids): random hands with random settings, player
   counts and stacks, and random legal actions (random amounts in pot and no
   limit). After every decision the chips add up; at the end every card is
   in exactly one place, the pots paid out exactly what went in, and both
   the replay and the JSON history rebuild the identical hand. Printed per
   game: hands, showdowns, side pots, invariant failures, and hands per
   second for the engine alone and with the checks.

The hand count per game is ``--hands`` (``python -m bench.engine_scale
--hands 100000``), else ``ENGINE_SCALE_HANDS`` in the environment, else
:data:`HANDS`, which keeps ``make bench`` to a few minutes; ``--jobs``
spreads the hands over processes. Any invariant failure makes the run fail.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from engine.games import GAMES, new_hand
from engine.history import load_hand, replay
from engine.state import Action, ActionKind
from tests.support.hands import check_cards, check_chips, random_hand
from tests.support.oracle_stud import deal_pokerkit, play_both, pokerkit_state, random_table

HANDS = int(os.environ.get("ENGINE_SCALE_HANDS", "2000"))
"""Hands per game by default (the full run is ``--hands 100000``)."""
SPEED_HANDS = 2_000
PROGRESS = 10_000
SHOWN_FAILURES = 5


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
    print(f"pokerkit agreement: {totals['hands']} stud hands, {totals['showdowns']} showdowns, "
          f"{totals['side pots']} with side pots, {totals['all in']} with all-ins, "
          f"{totals['community']} with a community card "
          f"({time.perf_counter() - start:.0f} s)")


# --- every game ------------------------------------------------------------------------


def checked_hand(game_id: str, seed: int) -> tuple[Counter[str], float]:
    """One random hand with every invariant checked; (tallies, seconds in the engine alone)."""
    game = GAMES[game_id]
    rng = random.Random(seed * 7 + 1)
    engine = 0.0
    start = time.perf_counter()
    state = random_hand(game, seed)
    engine += time.perf_counter() - start
    while not state.is_over:
        check_chips(state)
        start = time.perf_counter()
        seat = rng.choice(state.to_act)
        action = rng.choice(state.legal_actions(seat))
        bet = state.bet_range(seat)
        if bet is not None and not bet.amounts and action.kind.value == bet.kind:
            action = Action(seat, action.kind, amount=rng.randint(bet.minimum, bet.maximum))
        state.apply(action)
        engine += time.perf_counter() - start
    check_chips(state)
    check_cards(state)
    again = replay(game_id, players=state.players, seed=state.seed, settings=state.settings,
                   actions=state.actions, deck=state.stacked, stacks=state.stacks_given)
    assert again.view(None) == state.view(None), "the replay differs"
    loaded = load_hand(state.to_json())
    assert loaded.view(None) == state.view(None), "the JSON history loads a different hand"
    assert loaded.payoffs == state.payoffs
    tallies: Counter[str] = Counter(hands=1, actions=len(state.actions))
    tallies["showdowns"] += bool(state.settlement and state.settlement.showdown)
    tallies["side pots"] += len(state.table.pots()) > 1
    return tallies, engine


def _batch(game_id: str, seeds: Sequence[int]) -> tuple[Counter[str], float, list[str]]:
    """Play ``seeds``; failures are collected (game, seed, what broke), never raised."""
    totals: Counter[str] = Counter()
    engine = 0.0
    failures: list[str] = []
    for seed in seeds:
        try:
            tallies, seconds = checked_hand(game_id, seed)
        except Exception as error:  # a bench reports every broken hand, then fails
            where = traceback.extract_tb(error.__traceback__)[-1]
            failures.append(f"{game_id} seed {seed}: {type(error).__name__}: {error} "
                            f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno})")
            continue
        totals += tallies
        engine += seconds
    return totals, engine, failures


def every_game(count: int, *, jobs: int, games: Sequence[str]) -> list[str]:
    """Play ``count`` checked hands of each game; print a table; return the failures."""
    print(f"{count:,} random hands per game, random settings and legal actions, "
          f"{jobs} process{'es' if jobs > 1 else ''}")
    print(f"{'game':<17}{'hands':>9}{'showdowns':>11}{'side pots':>11}{'failed':>8}"
          f"{'engine hands/s':>16}{'checked hands/s':>17}{'time':>8}")
    failures: list[str] = []
    chunk = max(1, min(500, count // (jobs * 4) or 1))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for game_id in games:
            start = time.perf_counter()
            seeds = range(3_000_000, 3_000_000 + count)
            parts = [seeds[i:i + chunk] for i in range(0, count, chunk)]
            totals: Counter[str] = Counter()
            engine = 0.0
            lost: list[str] = []
            for part_totals, part_engine, part_failures in pool.map(
                    _batch, [game_id] * len(parts), parts):
                totals += part_totals
                engine += part_engine
                lost += part_failures
            wall = time.perf_counter() - start
            print(f"{game_id:<17}{totals['hands']:>9,}{totals['showdowns']:>11,}"
                  f"{totals['side pots']:>11,}{len(lost):>8}"
                  f"{totals['hands'] / engine * jobs if engine else 0:>16,.0f}"
                  f"{count / wall:>17,.0f}{wall:>7.0f}s", flush=True)
            failures += lost
    print("(engine hands/s: dealing and applying the decisions only, across all processes; "
          "checked: with every invariant, the replay and the JSON history)")
    return failures


def _options(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.engine_scale",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=HANDS,
                        help=f"hands per game and against pokerkit (default {HANDS:,})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes for the games' hands (default: every core)")
    parser.add_argument("--games", nargs="+", choices=list(GAMES), default=list(GAMES),
                        help="only these games")
    parser.add_argument("--no-pokerkit", action="store_true",
                        help="skip the speed and agreement runs against pokerkit")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] = ()) -> None:
    """Run it all; ``argv`` as on the command line (``python -m bench`` passes none)."""
    options = _options(argv)
    if not options.no_pokerkit:
        speed()
        agreement(options.hands)
    failures = every_game(options.hands, jobs=max(1, options.jobs), games=options.games)
    for line in failures[:SHOWN_FAILURES]:
        print("  FAILED " + line)
    if failures:
        raise SystemExit(f"{len(failures)} hands broke an invariant")
    print("every invariant held in every hand")


if __name__ == "__main__":
    main(sys.argv[1:])
