"""The browser tests' fixtures: a profile and one tab for the tests' own pages (the real
site is served once per worker and Chromium launched once, in ``tests/conftest.py``).
The helpers are in :mod:`tests.support.browser`."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize

from tests.support.browser import CountingBrowser

DESKTOP = ViewportSize(width=1400, height=1000)
"""The tests' own tab's size at the start of each test."""


@pytest.fixture(scope="session")
def visitor(browser: CountingBrowser) -> Iterator[BrowserContext]:
    """One browser profile for the tests' own pages: the site's scripts are fetched and
    compiled once, not once a test. Tests about separate visitors or devices open
    contexts of their own."""
    context = browser.new_context(viewport=DESKTOP)
    yield context
    context.close()


@pytest.fixture(scope="session")
def own_tab(visitor: BrowserContext) -> Iterator[Page]:
    tab = visitor.new_page()
    yield tab
    tab.close()


@pytest.fixture
def page(own_tab: Page) -> Iterator[Page]:
    """The tests' own tab, at the desktop's size and in the light: each test's first
    ``goto`` is a new visit (its own session on the site), and opening the tab again
    would cost Chromium more than the visit itself. Left on a blank page afterwards, so
    the site ends the visit."""
    own_tab.set_viewport_size(DESKTOP)
    own_tab.emulate_media(color_scheme="light")
    yield own_tab
    own_tab.goto("about:blank")
