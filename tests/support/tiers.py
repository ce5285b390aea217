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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give each test its file's tier unless it names one; refuse a test with two. The
    browser tier's tests go first, together: ``pytest -n`` hands each worker a run of
    consecutive tests, so the first worker serves them all from one server and one
    Chromium while the other takes the rest; a second server starts only if another
    worker finds nothing else left to take."""
    for item in items:
        named = [tier for tier in TIERS if item.get_closest_marker(tier) is not None]
        if len(named) > 1:
            raise pytest.UsageError(f"{item.nodeid} is in two tiers: {', '.join(named)}")
        if not named:
            item.add_marker(tier_of_file(Path(item.path)))
    items.sort(key=lambda item: tier_of(item) != "browser")


def tier_of(item: pytest.Item) -> str:
    """The one tier ``item`` is in (after collection)."""
    return next(tier for tier in TIERS if item.get_closest_marker(tier) is not None)
