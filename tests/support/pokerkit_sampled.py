"""pokerkit's sampled equities, reproducible.

``pokerkit.calculate_equities`` samples with the ``random`` module's own generator,
unseeded: a check against it failed a run now and then by chance alone (pokerkit's answer
2.5 to 3 of its standard errors from the truth). Here it samples from a seed, and the
generator's state is put back after, for the tests that follow. The seed makes the answer
the same within one process only: pokerkit draws from sets of cards, whose order follows
each process's string hashing, so a check against it allows for its sampling error.
"""

from __future__ import annotations

import random
from typing import Any

from pokerkit import calculate_equities


def seeded_equities(*args: Any, seed: int = 1, **options: Any) -> list[float]:
    """``calculate_equities(*args, **options)`` sampled from ``seed``."""
    kept = random.getstate()
    random.seed(seed)
    try:
        return list(calculate_equities(*args, **options))
    finally:
        random.setstate(kept)
