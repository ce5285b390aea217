"""The browser tests' fixtures: the real site served once per test session, Chromium
launched once, a profile for the tests' own pages. The helpers are in
:mod:`tests.support.browser`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright

from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, CountingBrowser, serve_site


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    with serve_site() as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[CountingBrowser]:
    assert Path(CHROMIUM).exists(), \
        "make test installs Debian's chromium-headless-shell; run it through make"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield CountingBrowser(chromium)
        chromium.close()


@pytest.fixture(scope="session")
def visitor(browser: CountingBrowser) -> Iterator[BrowserContext]:
    """One browser profile for the tests' own pages: the site's scripts are fetched and
    compiled once, not once a test. Each page is still its own visit (its own session on
    the site); tests about separate visitors or devices open contexts of their own."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield context
    context.close()


@pytest.fixture
def page(visitor: BrowserContext) -> Iterator[Page]:
    tab = visitor.new_page()
    yield tab
    tab.close()
