"""How much random work the tests do: ``make test``'s (CI's), a tenth of it for the quick
loop (``make test-fast``), or ten times it for a long check before a release (the deep
mode, ``DEALERS_CHOICE_DEEP=1 make test``).

``HYPOTHESIS_PROFILE=fast`` selects hypothesis' "fast" profile and ``DEALERS_CHOICE_DEEP=1``
its "deep" one (both registered in ``tests/conftest.py``); through :func:`scaled` they
also cut or multiply the random-hand counts and every test's own ``max_examples``. Every
check still runs; it only sees fewer or more random cases.
"""

from __future__ import annotations

import os

FAST = os.environ.get("HYPOTHESIS_PROFILE") == "fast"
"""True for the quick loop."""

DEEP = os.environ.get("DEALERS_CHOICE_DEEP", "") not in ("", "0")
"""True for the deep mode: ten times the random cases of ``make test``."""

FAST_SHARE = 10
"""The quick loop runs one random case in this many."""

DEEP_TIMES = 10
"""The deep mode runs this many times ``make test``'s random cases."""


def scaled(count: int, *, least: int = 5) -> int:
    """``count`` random cases; in the quick loop a tenth of them (at least ``least``, and
    never more than ``count``); in the deep mode ten times them."""
    if DEEP:
        return count * DEEP_TIMES
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
