"""Rank all 133,784,560 seven-card hands with the batch evaluator and check the counts.

Every hand is scored for high and for ace-to-five low in one pass
(``rank_high_low``); hands are generated in chunks that share their first two
cards, so memory stays bounded and no Python list of hands is ever built.
"""

from __future__ import annotations

import time

import numpy as np

from engine.fast import combinations, rank_high_low

HIGH_COUNTS = {
    "Royal flush": 4_324,
    "Straight flush": 37_260,
    "Four of a kind": 224_848,
    "Full house": 3_473_184,
    "Flush": 4_047_644,
    "Straight": 6_180_020,
    "Three of a kind": 6_461_620,
    "Two pair": 31_433_400,
    "One pair": 58_627_800,
    "High card": 23_294_460,
}
"""Published seven-card counts, best category first (straight flush 41,584 with royals)."""

LOW_COUNTS = {"Five-high": 781_824, "Six-high": 3_151_360, "Seven-high": 7_426_560,
              "Eight-high": 13_171_200}
"""Published ace-to-five counts: hands whose best low is no pair topped by this rank."""

TOTAL = 133_784_560


def enumerate_all() -> tuple[np.ndarray, np.ndarray, int]:
    """(high category counts, low top-rank counts for unpaired lows, hands seen)."""
    categories = np.zeros(16, dtype=np.int64)
    low_tops = np.zeros(16 * 6, dtype=np.int64)
    seen = 0
    for second in range(1, 47):
        # All hands whose two lowest cards are (first, second): the other five are above.
        rest = combinations(51 - second, 5) + np.uint8(second + 1)
        hands = np.empty((len(rest), 7), dtype=np.uint8)
        hands[:, 1] = second
        hands[:, 2:] = rest
        for first in range(second):
            hands[:, 0] = first
            high, low = rank_high_low(hands)
            categories += np.bincount(high >> 20, minlength=16)
            # low_key = 0x7FFFFF - score: its top 8 bits are (structure << 4) | top rank.
            low_tops += np.bincount((0x7FFFFF - low) >> 16, minlength=16 * 6)
            seen += len(hands)
    return categories, low_tops, seen


def main() -> None:
    start = time.perf_counter()
    categories, low_tops, seen = enumerate_all()
    elapsed = time.perf_counter() - start
    high = dict(zip(HIGH_COUNTS, categories[9::-1].tolist(), strict=True))
    low = {name: int(low_tops[top]) for name, top in zip(LOW_COUNTS, (5, 6, 7, 8), strict=True)}
    print(f"All seven-card hands: {seen:,} ranked (high and ace-to-five low) "
          f"in {elapsed:.2f} s ({seen / elapsed / 1e6:.1f} million hands/s)")
    width = max(map(len, [*HIGH_COUNTS, *LOW_COUNTS]))
    print(f"  {'hand':<{width}}  {'counted':>12}  {'published':>12}")
    ok = seen == TOTAL
    for name, expected in [*HIGH_COUNTS.items(), *LOW_COUNTS.items()]:
        got = high.get(name, low.get(name))
        ok &= got == expected
        mark = "" if got == expected else "  MISMATCH"
        print(f"  {name:<{width}}  {got:>12,}  {expected:>12,}{mark}")
    sf = high["Straight flush"] + high["Royal flush"]
    print(f"  straight flushes with royals: {sf:,} (published 41,584)")
    print("  counts: all exact" if ok and sf == 41_584 else "  counts: MISMATCH")


if __name__ == "__main__":
    main()
