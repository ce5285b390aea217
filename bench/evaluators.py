"""The same random seven-card hands through every evaluator, in one run.

Ours (the numpy batch evaluator and the scalar ``best_high``) against eval7,
phevaluator, treys and pokerkit. Each peer gets its hands converted to its own
card objects before the clock starts and scores as many as it can in about a
second; the evaluators take turns for a few rounds and each keeps its best
time. Every evaluator's results must order the hands exactly as ours do.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import eval7
import numpy as np
import phevaluator
import pokerkit
import treys

from engine.cards import FULL_DECK
from engine.fast import rank_high
from engine.hands import best_high

SEED = 20240607
BATCH_HANDS = 2_000_000
ROUNDS = 3
TARGET_RATE = 30e6
TARGET_VS_EVAL7 = 15.0


@dataclass(frozen=True, slots=True)
class Result:
    """One evaluator's figure: ``hands`` scored in ``seconds`` (best run)."""

    name: str
    hands: int
    seconds: float
    agrees: bool

    @property
    def rate(self) -> float:
        return self.hands / self.seconds


def random_hands(count: int, rng: np.random.Generator) -> np.ndarray:
    """``count`` hands of seven distinct card codes, as an (N, 7) uint8 array."""
    hands = np.empty((count, 7), dtype=np.uint8)
    for start in range(0, count, 100_000):
        rows = min(100_000, count - start)
        hands[start:start + rows] = np.argpartition(rng.random((rows, 52)), 7, axis=1)[:, :7]
    return hands


def same_order(ours: np.ndarray, theirs: Sequence[object]) -> bool:
    """Whether ``theirs`` (greater is better) ranks each hand against the next as ours does."""
    a = np.sign(np.diff(ours.astype(np.int64)))
    b = np.sign(np.diff(np.asarray(theirs, dtype=object)).astype(np.int64))
    return bool(np.array_equal(a, b))


@dataclass(frozen=True, slots=True)
class Contender:
    """An evaluator ready to run: ``run()`` scores ``hands`` hands, greater is better."""

    name: str
    hands: int
    run: Callable[[], Sequence[object]]


def _batch(hands: np.ndarray) -> Contender:
    return Contender(f"ours, numpy batch ({hands.dtype.name} codes)", len(hands),
                     lambda: rank_high(hands))


def _peer(name: str, hands: np.ndarray, convert: Callable[[list[int]], object],
          score: Callable[[Any], object]) -> Contender:
    """Convert the hands to the peer's own cards now, so only scoring is timed."""
    native = [convert(row) for row in hands.tolist()]
    return Contender(name, len(hands), lambda: [score(h) for h in native])


def contenders(hands: np.ndarray) -> list[Contender]:
    deck = FULL_DECK
    eval7_cards = [eval7.Card(c.ascii) for c in deck]
    treys_cards = [treys.Card.new(c.ascii) for c in deck]
    pokerkit_cards = [next(iter(pokerkit.Card.parse(c.ascii))) for c in deck]
    evaluator = treys.Evaluator()
    return [
        _batch(hands.astype(np.uint8)),
        _batch(hands.astype(np.int64)),
        _peer("ours, scalar best_high", hands[:20_000],
              lambda row: [deck[c] for c in row], lambda h: best_high(h).score),
        _peer("eval7.evaluate", hands[:300_000],
              lambda row: [eval7_cards[c] for c in row], eval7.evaluate),
        _peer("phevaluator.evaluate_cards", hands[:300_000],
              tuple, lambda h: -phevaluator.evaluate_cards(*h)),
        _peer("treys", hands[:5_000],
              lambda row: [treys_cards[c] for c in row],
              lambda h: -evaluator.evaluate(h[:2], h[2:])),
        _peer("pokerkit StandardHighHand", hands[:2_000],
              lambda row: [pokerkit_cards[c] for c in row], _pokerkit_strength),
    ]


def measure() -> list[Result]:
    """Time every evaluator once per round, round after round, and keep each one's best.

    Taking turns means every evaluator meets the same moments of a busy
    machine, so the ratios hold up better than the raw rates.
    """
    hands = random_hands(BATCH_HANDS, np.random.default_rng(SEED))
    ours = rank_high(hands)
    field = contenders(hands)
    best = dict.fromkeys((c.name for c in field), float("inf"))
    agrees = {}
    for _ in range(ROUNDS):
        for c in field:
            start = time.perf_counter()
            scores = c.run()
            best[c.name] = min(best[c.name], time.perf_counter() - start)
            agrees[c.name] = same_order(ours[:c.hands], scores)
    return [Result(c.name, c.hands, best[c.name], agrees[c.name]) for c in field]


def _pokerkit_strength(cards: list[pokerkit.Card]) -> _Comparable:
    """pokerkit hands only compare with each other: wrap one so ``np.diff`` can sign it."""
    return _Comparable(pokerkit.StandardHighHand.from_game(cards))


@dataclass(frozen=True, slots=True)
class _Comparable:
    hand: pokerkit.StandardHighHand

    def __sub__(self, other: _Comparable) -> int:
        return (self.hand > other.hand) - (self.hand < other.hand)


def main() -> None:
    results = measure()
    ours = results[0]
    eval7_rate = next(r.rate for r in results if r.name.startswith("eval7"))
    treys_rate = next(r.rate for r in results if r.name == "treys")
    scalar_rate = next(r.rate for r in results if "scalar" in r.name)
    print(f"Random seven-card hands (seed {SEED}), high hands, one run")
    width = max(len(r.name) for r in results)
    print(f"  {'evaluator':<{width}}  {'hands':>9}  {'hands/s':>12}  {'ours is':>9}  same order")
    for r in results:
        print(f"  {r.name:<{width}}  {r.hands:>9,}  {r.rate:>12,.0f}  "
              f"{ours.rate / r.rate:>8.1f}x  {'yes' if r.agrees else 'NO'}")
    checks = [
        (f"batch >= {TARGET_RATE / 1e6:.0f} million hands/s", ours.rate >= TARGET_RATE),
        (f"batch >= {TARGET_VS_EVAL7:.0f}x eval7", ours.rate >= TARGET_VS_EVAL7 * eval7_rate),
        ("scalar best_high >= treys", scalar_rate >= treys_rate),
        ("every evaluator orders the hands as ours", all(r.agrees for r in results)),
    ]
    for text, met in checks:
        print(f"  target: {text}: {'met' if met else 'NOT MET'}")


if __name__ == "__main__":
    main()
