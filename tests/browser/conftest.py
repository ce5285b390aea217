"""Serve the real site once per test session and drive it in headless Chromium.

Chromium is Debian's package, launched by path; no browser is ever downloaded.
Screenshots land in test-output/screenshots/ (git-ignored) to be looked at.
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

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serve_site() -> Iterator[str]:
    """Start a fresh server the way `make run` does and yield its address."""
    port = _free_port()
    command = [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.port", str(port), "--server.address", "127.0.0.1",
        "--server.headless", "true", "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
    ]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, env={**os.environ})
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
        raise RuntimeError("the site did not start: " + server.stderr.read().decode()[-2000:])
    try:
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    with serve_site() as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "make test installs Debian's chromium; run it through make"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    tab = context.new_page()
    yield tab
    context.close()


def wait_for_app(page: Page) -> None:
    """Wait until Streamlit has finished running the script for this page."""
    page.wait_for_selector("[data-testid='stApp']", timeout=30_000)
    page.wait_for_selector("[data-testid='stMain'] [data-testid='stElementContainer']",
                           timeout=60_000)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')",
        timeout=30_000,
    )
    page.wait_for_timeout(300)


def assert_no_exception(page: Page) -> None:
    errors = page.locator("[data-testid='stException']")
    assert errors.count() == 0, errors.first.inner_text()


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
