"""Serve the real site once per test session and drive it in headless Chromium.

Chromium is Debian's package, launched by path; no browser is ever downloaded.
Screenshots land in test-output/screenshots/ (git-ignored) to be looked at.

Every page counts the script runs it asks for and finishes (``app_runs.js``), so
:func:`wait_for_app` waits for the site's own signal that the page is up to date,
never for a fixed time.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
LOGS = ROOT / "test-output" / "logs"
CHROMIUM = "/usr/bin/chromium-headless-shell"
"""Debian's headless build of Chromium: the browser's own Blink and V8 without the rest of
the browser around them. The game-night tests cost about a third less of the machine in it
than in the full browser's headless mode (the benches, which measure a screen's own work,
use the full browser: ``bench.load``)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
APP_RUNS = Path(__file__).with_name("app_runs.js").read_text()
SETTLED = """() => {
  const runs = window.__appRuns;
  const app = document.querySelector("[data-testid='stApp']");
  return Boolean(runs && app) && runs.finished > runs.asked && runs.committed > runs.finished
    && app.dataset.testConnectionState === "CONNECTED"
    && app.dataset.testScriptState === "notRunning"
    && !document.querySelector(
      "[data-stale='true'], [data-testid='stStatusWidget'], [data-testid='stSkeleton']");
}"""
"""True once every run the page asked for has finished, React has drawn the last of them,
and nothing of an earlier run or a placeholder is left on the page."""
SLOW = 90_000
"""Milliseconds to wait for a run: a fresh server's first visitor waits for every import,
on a machine busy with other tests."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_site(env: dict[str, str] | None = None
                 ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start a fresh server the way `make run` does, with ``env`` added; yield its address
    and its process (for a bench to measure). What it prints goes to a file in
    test-output/logs/ (a pipe nobody reads would stall the server once full)."""
    port = _free_port()
    command = [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.port", str(port), "--server.address", "127.0.0.1",
        "--server.headless", "true", "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
    ]
    LOGS.mkdir(parents=True, exist_ok=True)
    log = LOGS / f"site-{port}.log"
    with log.open("wb") as output:
        server = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                                  env={**os.environ, **(env or {})})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200:
                    break
        except OSError:
            time.sleep(0.3)
    else:
        server.kill()
        raise RuntimeError("the site did not start: " + log.read_text()[-2000:])
    try:
        yield url, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:  # pages still open can hold up a graceful stop
            server.kill()
            server.wait(timeout=20)


@contextmanager
def serve_site(env: dict[str, str] | None = None) -> Iterator[str]:
    """A fresh server as :func:`running_site` starts it; its address."""
    with running_site(env) as (url, _):
        yield url


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    with serve_site() as url:
        yield url


class CountingBrowser:
    """Chromium whose every new page counts the site's script runs (``app_runs.js``); the
    rest is Playwright's ``Browser``."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> BrowserContext:
        context = self._browser.new_context(**options)
        context.add_init_script(script=APP_RUNS)
        return context

    def new_page(self, **options: Any) -> Page:
        return self.new_context(**options).new_page()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


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


def wait_for_app(page: Page) -> None:
    """Wait until the page is up to date: every script run it asked for (by loading, or by
    a click just made) has finished and been drawn (see ``SETTLED``)."""
    page.wait_for_function(SETTLED, polling=50, timeout=SLOW)


def drawn(page: Page) -> None:
    """Wait until the browser has drawn two more frames: a resized page has laid itself out
    and its charts have followed."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => "
                  "requestAnimationFrame(done)))")


def assert_no_exception(page: Page) -> None:
    errors = page.locator("[data-testid='stException']")
    assert errors.count() == 0, errors.first.inner_text()


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
