"""What the tests share: how many random cases they try, and a real Redis server for the
tests that need one. (The data folder of the run is set in the top-level conftest.py.)"""

from __future__ import annotations

import gc
import importlib
import os
from typing import Any

import pytest
from hypothesis import settings

from tests.support.nights import night, opener
from tests.support.scale import DEEP, DEEP_TIMES
from tests.support.store import backend, store

__all__ = ["backend", "night", "opener", "store"]
"""The fixtures several test modules share: a night's record on each store, the store."""

# ``make test`` runs hypothesis' defaults; ``make test-fast`` (HYPOTHESIS_PROFILE=fast)
# tries a tenth of the random cases, the deep mode (DEALERS_CHOICE_DEEP=1) ten times them,
# here and through tests.support.scale.scaled.
# No example has a deadline: a loaded machine (the suite's own workers beside a browser)
# makes a fixed deadline fail at random; what the suite costs is held by its own budget.
settings.register_profile("suite", deadline=None)
settings.register_profile("fast", max_examples=10, deadline=None)
settings.register_profile("deep", max_examples=settings.default.max_examples * DEEP_TIMES,
                          deadline=None)
settings.load_profile("deep" if DEEP else os.environ.get("HYPOTHESIS_PROFILE", "suite"))


@pytest.fixture(scope="session")
def redis_server() -> Any:
    """A private redis-server on a free 127.0.0.1 port for this test run, stopped at the end.

    Its files, if any, stay in its own temporary folder. Tests share it by
    giving their keys a prefix of their own.
    """
    from tests.support.local_redis import LocalRedis

    with LocalRedis() as server:
        yield server


@pytest.fixture(scope="session")
def site_url() -> Any:
    """The real site, served once per worker for every test that asks a server (a browser's
    pages, the site's own addresses): a server costs seconds of CPU to start and warm. Its
    store is the run's own (the data folder above); a test needing other settings starts
    a server of its own (``tests.support.browser.serve_site``)."""
    from tests.support.browser import serve_site

    with serve_site() as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Any:
    """Chromium, launched once per worker for every test that drives it: Playwright's sync
    API runs one instance a thread, so a module launching its own beside this one fails."""
    from pathlib import Path

    from playwright.sync_api import sync_playwright

    from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, CountingBrowser

    assert Path(CHROMIUM).exists(), \
        "make test installs Debian's chromium-headless-shell; run it through make"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield CountingBrowser(chromium)
        chromium.close()


PAGE_ODDS_SECONDS = 0.1
"""How long the hand calculator samples in a test that runs a page in the test's process
(AppTest), against the site's 0.8 seconds (``ui.odds.hand.SECONDS``): such a test checks
that an answer comes and what it says; how narrow an answer gets in its time is for the
calculator's own tests and the real site's (``tests/browser``). It saves some 14 CPU-seconds
a run."""


@pytest.fixture(autouse=True)
def briefly_sampled_odds(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
                         ) -> None:
    """The hand calculator samples for ``PAGE_ODDS_SECONDS`` in the page and conformance tiers."""
    if any(request.node.get_closest_marker(tier) for tier in ("page", "conformance")):
        monkeypatch.setattr("ui.odds.hand.SECONDS", PAGE_ODDS_SECONDS)


PAGE_BOT_EVALUATIONS = 16
"""The most hands a computer player's estimate values in a page or conformance test (the
site's player values 480, ``engine.bots.equity.EVALUATIONS``): as few as its fewest deals
(``MIN_TRIALS``), since such a test checks the rules, the screens and the players' legal
moves and reasons, never how well they play. Tests marked ``measures_play`` (the
conformance check against random play), the players' own unit tests and ``bench/`` keep
the full estimate. Against the full estimate it saves some 36 CPU-seconds a run, 6 of
them against 60 hands."""


_QUICK_HANDS_KEPT = [False]
"""Whether the worker's cache of guided hands may hold hands the quick players played."""


@pytest.fixture(autouse=True)
def quick_computer_players(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
                           ) -> None:
    """Computer players estimate from fewer deals in the page and conformance tiers. The
    guided hands they played are forgotten before a test with the site's own players, which
    would otherwise be shown the quick players' hand from the cache."""
    node = request.node
    if not any(node.get_closest_marker(tier) for tier in ("page", "conformance")) \
            or node.get_closest_marker("measures_play"):
        if _QUICK_HANDS_KEPT[0]:
            from ui.learn.walkthrough import hand_steps
            hand_steps.clear()
            _QUICK_HANDS_KEPT[0] = False
        return
    _QUICK_HANDS_KEPT[0] = True
    estimate = importlib.import_module("engine.bots.equity")  # the package's `equity` is
    choices = importlib.import_module("engine.bots.choices")  # the function, not this
    monkeypatch.setattr(estimate, "EVALUATIONS", PAGE_BOT_EVALUATIONS)
    monkeypatch.setattr(choices, "EVALUATIONS", PAGE_BOT_EVALUATIONS)



YOUNG_OBJECTS = 20_000
"""The objects allocated between two of the garbage collector's young sweeps in a test
process (Python's default is 700)."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """The collected tests, the modules and the games' tables live all run long: frozen
    out of the garbage collector's sweeps, and those sweeps made rarer
    (:data:`YOUNG_OBJECTS`), the unit and conformance tiers took some 5% less CPU."""
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
