"""Every test in exactly one tier, given by where it lives and what it uses, so a new test
file gets its tier without naming one.

The tiers, cheapest first:

- ``unit``: everything not below, the docstrings' examples included;
- ``conformance``: ``tests/conformance/``, the suite every registered game goes through;
- ``page``: a module driving the site's pages through Streamlit's AppTest;
- ``oracle``: a module checking the engine against pokerkit or a brute force (named so,
  or using the differential helpers of ``tests.support.oracle``);
- ``browser``: ``tests/browser/``, and any module driving Chromium through Playwright.

A module may name its tier itself (``pytestmark = pytest.mark.oracle``); a test carrying
two tiers is an error at collection. ``make test-fast`` runs ``-m "unit or conformance"``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

TIERS = ("unit", "conformance", "page", "oracle", "browser")
"""The tiers, in the order the suite's end reports them."""

_USES = (
    # Checked in this order: a browser test may also read a page, a page test may play a
    # hand pokerkit dealt.
    ("browser", re.compile(r"\bplaywright\b|tests\.support\.(browser|night_screens)\b")),
    ("page", re.compile(r"\bAppTest\b|tests\.support\.pages\w*\b")),
    ("oracle", re.compile(r"tests\.support\.(oracle\w*|pokerkit_kept)\b")),
)


@cache
def tier_of_file(path: Path) -> str:
    """The tier of the tests in ``path``: by folder, then by what the module uses."""
    parts = path.parts
    if "browser" in parts and "tests" in parts:
        return "browser"
    if "conformance" in parts and "tests" in parts:
        return "conformance"
    if path.suffix == ".py" and path.name.startswith("test_"):
        if "oracle" in path.stem or "pokerkit" in path.stem:
            return "oracle"
        text = path.read_text(encoding="utf-8")
        for tier, used in _USES:
            if used.search(text):
                return tier
    return "unit"


NIGHTS = re.compile(r"night|leaks|routes")
"""The browser tests of a game night (its screens, its server's addresses): the longest
waits, run on a worker of their own."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each test its file's tier unless it names one; refuse a test with two; order
    the browser tier's tests (:func:`browser_first`)."""
    for item in items:
        named = [tier for tier in TIERS if item.get_closest_marker(tier) is not None]
        if len(named) > 1:
            raise pytest.UsageError(f"{item.nodeid} is in two tiers: {', '.join(named)}")
        if not named:
            item.add_marker(tier_of_file(Path(item.path)))
    workers = getattr(config.option, "numprocesses", None)
    items[:] = browser_first(items, workers if isinstance(workers, int) else 0)


def browser_first(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """The browser tier's tests at the start of two workers' runs: ``pytest -n`` hands
    each worker a run of consecutive tests (half of them each, with two), so the game
    night's browser tests (:data:`NIGHTS`) open the first worker's run and the others the
    second's. Each of the two then serves its tests from one server and one Chromium,
    side by side, while the other workers take the rest; a third browser starts only when
    a worker finds nothing else left to take."""
    browser = [item for item in items if tier_of(item) == "browser"]
    rest = [item for item in items if tier_of(item) != "browser"]
    nights = [item for item in browser if NIGHTS.search(Path(item.path).stem)]
    others = [item for item in browser if not NIGHTS.search(Path(item.path).stem)]
    if workers < 2:
        return nights + others + rest
    second = max(0, len(items) // workers - len(nights))
    return nights + rest[:second] + others + rest[second:]


def tier_of(item: pytest.Item) -> str:
    """The one tier ``item`` is in (after collection)."""
    return next(tier for tier in TIERS if item.get_closest_marker(tier) is not None)
