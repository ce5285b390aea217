"""Each game's computer player against random play, a calling station and the previous
player: chips won per hand, with a 95% interval, and how long its decisions take.

The previous player is a frozen copy of the computer players as first shipped with the
one betting policy (``bench/_baseline_bots``, see its docstring). The calling station
makes the game's other choices (pairs, partners, draws, exposes, declarations) as the new
player does, but in the betting checks when it may and calls every bet. Random play picks any
legal action.

Each game is played heads-up where it deals for two, else at its smallest table, one
seat ours and the others the opponent's. Every deal is played once with ours in each
seat (a duplicate match: the cards' luck and the positions even out), a fresh deal each
time with the game's default stacks and announcements. The target: above zero against
all three, in every game (the interval's lower end above zero shows it).

A 2,000-hand match costs about 80 CPU seconds (from 15 in Psycho to about 250 in
Anaconda, whose choices value many hands), so every game against every opponent is some
two CPU hours: run it niced, one process, and read the table a line per match.

    nice -n 19 python -m bench.bots --hands 2000 --jobs 1   # every game, every opponent
    python -m bench.bots --hands 200 --games omaha razz --jobs 2
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bench._baseline_bots import baseline_for
from engine.bots import Bot, RandomBot, bot_for
from engine.games import GAMES, new_hand
from engine.state import Action, ActionKind, HandState

OPPONENTS = ("random", "calling station", "previous")
SEED = 20_261_205


@dataclass(frozen=True)
class CallingStation:
    """Calls every bet and checks when it may; everything else as ``player`` would."""

    player: Bot
    name: str = "Calling station"

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        kinds = {a.kind: a for a in legal}
        if not any(k.is_betting for k in kinds):
            return self.player.choose(state, seat, rng)
        for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
            if kind in kinds:
                return kinds[kind]
        return self.player.choose(state, seat, rng)

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        return None


def opponent(name: str, game_id: str) -> Bot:
    """A fresh opponent of this kind for this game."""
    if name == "random":
        return RandomBot()
    if name == "calling station":
        return CallingStation(bot_for(game_id))
    return baseline_for(game_id)


@dataclass(frozen=True)
class Match:
    """One game against one opponent: our chips won in each hand, and the time each of
    our decisions took (seconds)."""

    game_id: str
    against: str
    players: int
    won: tuple[int, ...]
    decisions: tuple[float, ...]
    seconds: float = 0.0
    """The match's CPU seconds, both sides' decisions and the dealing."""

    @property
    def mean(self) -> float:
        return statistics.fmean(self.won)

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean (normal approximation)."""
        if len(self.won) < 2:
            return math.inf
        return 1.96 * statistics.stdev(self.won) / math.sqrt(len(self.won))


def play_match(game_id: str, against: str, hands: int) -> Match:
    """``hands`` hands of ``game_id`` (rounded up to whole deals): ours in each seat of
    every deal in turn, the opponent's player in the others."""
    game = GAMES[game_id]
    players = max(2, game.player_counts(game.settings_type())[0])
    won: list[int] = []
    decisions: list[float] = []
    ours = bot_for(game_id)
    theirs = opponent(against, game_id)
    deals = -(-hands // players)
    began = time.process_time()
    for deal in range(deals):
        for seat in range(players):
            state = new_hand(game_id, players=players, seed=SEED + deal)
            rng = random.Random(f"{game_id}:{against}:{deal}:{seat}")
            while not state.is_over:
                acting = state.to_act[0]
                if acting == seat:
                    start = time.process_time()
                    action = ours.choose(state, acting, rng)
                    decisions.append(time.process_time() - start)
                else:
                    action = theirs.choose(state, acting, rng)
                state.apply(action)
            won.append(state.payoffs[seat])
    return Match(game_id, against, players, tuple(won), tuple(decisions),
                 time.process_time() - began)


def _play(job: tuple[str, str, int]) -> Match:
    return play_match(*job)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def _row(m: Match) -> str:
    """One match's line of the table."""
    low, high = m.mean - m.half_width, m.mean + m.half_width
    shown = "yes" if low > 0 else ("no" if high < 0 else "unclear")
    times = [1000 * t for t in m.decisions]
    return (f"  {m.game_id:<22} {m.against:<16} {m.players:>5} {len(m.won):>6} "
            f"{m.mean:>+11.2f} {f'[{low:+.2f}, {high:+.2f}]':>18}  {shown:<7} "
            f"{_percentile(times, 0.5):>7.1f} {_percentile(times, 0.99):>6.0f} "
            f"{max(times, default=0):>6.0f} {m.seconds:>7.1f}")


def report(matches: Iterable[Match]) -> None:
    """The table, a line as each match ends: chips won per hand with its 95% interval,
    and decision times; then whether the target is met."""
    print(f"  {'game':<22} {'against':<16} {'seats':>5} {'hands':>6} {'chips/hand':>11} "
          f"{'95% interval':>18}  {'above 0':<7} {'ms p50':>7} {'p99':>6} {'max':>6} {'CPU s':>7}",
          flush=True)
    played = []
    for m in matches:
        print(_row(m), flush=True)
        played.append(m)
    missed = [m for m in played if m.mean - m.half_width <= 0]
    print(f"  target: above zero against all three in every game: "
          f"{'met' if not missed else f'NOT MET in {len(missed)} of {len(played)}'}")


def _options(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000,
                        help="hands per game and opponent (whole deals: ours in every seat)")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--against", nargs="*", default=list(OPPONENTS), choices=OPPONENTS)
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] = ()) -> None:
    """Play every match and print the table; ``argv`` as on the command line (``python -m
    bench`` passes none: 2,000 hands a match)."""
    options = _options(argv)
    jobs = [(g, a, options.hands) for g in options.games for a in options.against]
    print(f"Computer players, {options.hands:,} hands a match (seed {SEED}): chips won per "
          "hand by ours, 95% interval, our decision times in CPU milliseconds and each "
          "match's CPU seconds")
    if options.jobs > 1:
        with ProcessPoolExecutor(max_workers=options.jobs) as pool:
            report(pool.map(_play, jobs))
    else:
        report(map(_play, jobs))


if __name__ == "__main__":
    main(sys.argv[1:])
