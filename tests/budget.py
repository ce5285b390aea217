"""How much random work the tests do: all of it (``make test``, CI), or a tenth for a
quick loop while working (``make test-fast``).

``HYPOTHESIS_PROFILE=fast`` selects hypothesis' "fast" profile (registered in
``tests/conftest.py``) and, through :func:`scaled`, cuts the random-hand counts
and every test's own ``max_examples`` to match. Every check still runs; it only
sees fewer random cases.
"""

from __future__ import annotations

import os

FAST = os.environ.get("HYPOTHESIS_PROFILE") == "fast"
"""True for the quick loop."""

FAST_SHARE = 10
"""The quick loop runs one random case in this many."""


def scaled(count: int, *, least: int = 5) -> int:
    """``count`` random cases, or in the quick loop a tenth of them (at least ``least``,
    and never more than ``count``)."""
    return min(count, max(least, count // FAST_SHARE)) if FAST else count


def blocks(count: int, parts: int) -> list[range]:
    """Seeds ``0..count-1`` in ``parts`` consecutive blocks, one test each, so that the
    workers of ``pytest -n`` share a long random test instead of one of them running it
    alone at the end.

    >>> blocks(10, 3)
    [range(0, 4), range(4, 7), range(7, 10)]
    """
    size, extra = divmod(count, parts)
    starts = [b * size + min(b, extra) for b in range(parts + 1)]
    return [range(starts[b], starts[b + 1]) for b in range(parts)]
