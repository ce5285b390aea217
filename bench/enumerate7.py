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
    "Straight flush": 41_584,
    "  of which royal": 4_324,
    "Four of a kind": 224_848,
    "Full house": 3_473_184,
    "Flush": 4_047_644,
    "Straight": 6_180_020,
    "Three of a kind": 6_461_620,
    "Two pair": 31_433_400,
    "One pair": 58_627_800,
    "High card": 23_294_460,
}
"""Published seven-card counts by best high hand (straight flushes include royals)."""

LOW_COUNTS = {"Five-high low": 781_824, "Six-high low": 3_151_360, "Seven-high low": 7_426_560,
              "Eight-high low": 13_171_200}
"""Published ace-to-five counts: hands whose best low is unpaired and topped by this rank."""

TOTAL = 133_784_560


def enumerate_all() -> tuple[np.ndarray, np.ndarray, int]:
    """(high category counts, low top-rank counts for unpaired lows, hands seen)."""
    categories = np.zeros(16, dtype=np.int64)
    low_tops = np.zeros(1 << 7, dtype=np.int64)
    seen = 0
    fives = combinations(52, 5)
    starts = np.searchsorted(fives[:, 0], np.arange(53))  # rows whose lowest card is >= c
    for second in range(1, 47):
        # All hands whose two lowest cards are (first, second): the other five are above.
        rest = fives[starts[second + 1]:]
        hands = np.empty((len(rest), 7), dtype=np.uint8)
        hands[:, 1] = second
        hands[:, 2:] = rest
        for first in range(second):
            hands[:, 0] = first
            high, low = rank_high_low(hands)
            categories += np.bincount(high >> 20, minlength=16)
            # A low score is 0x7FFFFF - low_key, that is low_key with its 23 bits
            # flipped: the top seven bits hold (structure << 4) | top rank, flipped.
            low_tops += np.bincount(low >> 16, minlength=1 << 7)
            seen += len(hands)
    return categories, low_tops, seen


def main() -> None:
    start = time.perf_counter()
    categories, low_tops, seen = enumerate_all()
    elapsed = time.perf_counter() - start
    by_category = categories[9::-1].tolist()  # royal flush first
    counted = [by_category[0] + by_category[1], by_category[0], *by_category[2:],
               *(int(low_tops[0x7F ^ top]) for top in (5, 6, 7, 8))]
    published = [*HIGH_COUNTS.values(), *LOW_COUNTS.values()]
    print(f"All {seen:,} seven-card hands ranked high and ace-to-five low in {elapsed:.2f} s "
          f"({seen / elapsed / 1e6:.1f} million hands/s)")
    width = max(map(len, [*HIGH_COUNTS, *LOW_COUNTS]))
    print(f"  {'best hand':<{width}}  {'counted':>11}  {'published':>11}")
    for name, got, expected in zip([*HIGH_COUNTS, *LOW_COUNTS], counted, published, strict=True):
        mark = "" if got == expected else "  MISMATCH"
        print(f"  {name:<{width}}  {got:>11,}  {expected:>11,}{mark}")
    exact = seen == TOTAL and counted == published
    print(f"  counts: {'all exact' if exact else 'MISMATCH'}")
    print(f"  target: all hands in at most 10 s: {'met' if elapsed <= 10 else 'NOT MET'}")


if __name__ == "__main__":
    main()
