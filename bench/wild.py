"""Wild-card hands through the batch evaluator: hands a second, beside the plain one.

Random seven-card hands (and five-card hands with a joker), the rules taking turns for
``ROUNDS`` rounds; each keeps its best time. The plain evaluator (``engine.fast``) runs
the same seven-card hands in the same rounds, so a busy machine shows in both figures.
``python -m bench wild``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from engine.cards import Rank
from engine.fast import rank_high
from engine.fast_wild import JOKER, rank_wild_high, rank_wild_low
from engine.wild import Joker, WildCards

SEED = 20261205
HANDS = 500_000
ROUNDS = 20
TARGET_RATE = 10e6


def _random_hands(count: int, size: int, rng: np.random.Generator) -> np.ndarray:
    hands = np.empty((count, size), dtype=np.uint8)
    for start in range(0, count, 100_000):
        rows = min(100_000, count - start)
        hands[start:start + rows] = np.argpartition(rng.random((rows, 52)), size,
                                                    axis=1)[:, :size]
    return hands


def _best_rates(runs: dict[str, Callable[[], object]], hands: int) -> dict[str, float]:
    """Hands a second, each rule's best round; the rules take turns in every round, so
    a busy spell on a shared machine falls on all of them."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(ROUNDS):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return {name: hands / seconds for name, seconds in best.items()}


def main() -> None:
    rng = np.random.default_rng(SEED)
    seven = _random_hands(HANDS, 7, rng)
    with_joker = _random_hands(HANDS, 5, rng)
    with_joker[::2, 4] = JOKER  # half the hands hold the joker
    follow = np.where(rng.random(HANDS) < 0.8, np.left_shift(1, rng.integers(2, 15, HANDS)), 0)
    queens = WildCards(ranks=frozenset({Rank.QUEEN}))
    deuces = WildCards(ranks=frozenset({Rank.TWO}))
    runs: dict[str, Callable[[], object]] = {
        "plain seven cards (engine.fast)": (lambda: rank_high(seven)),
        "seven cards, deuces wild": (lambda: rank_wild_high(seven, deuces)),
        "seven cards, queens and a rank per row": (
            lambda: rank_wild_high(seven, queens, row_ranks=follow)),
        "five cards and the bug in half": (
            lambda: rank_wild_high(with_joker, WildCards(joker=Joker.BUG))),
        "seven cards, deuces wild, deuce-to-seven low": (
            lambda: rank_wild_low(seven, deuces, ranking="deuce-to-seven")),
    }
    for run in runs.values():  # tables built and cached before the clock starts
        run()
    print(f"{HANDS:,} random hands per rule (seed {SEED}), best of {ROUNDS} runs")
    rates = _best_rates(runs, HANDS)
    for name, rate in rates.items():
        print(f"  {name:<46} {rate:>14,.0f} hands/s")
    wild = min(rate for name, rate in rates.items() if "engine.fast" not in name)
    print(f"  target: wild hands at {TARGET_RATE:,.0f}/s or more: "
          f"{'met' if wild >= TARGET_RATE else 'NOT MET'} (slowest rule {wild:,.0f}/s)")


if __name__ == "__main__":
    main()
