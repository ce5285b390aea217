"""A tap on one of the site's own screens, to the TV: how soon the other screens hear of it.

``bench/night.py`` writes its decisions from outside the site, as another process
would; this one taps in the page. The host's screen, in headless Chromium, pauses and
resumes the table ``--taps`` times; for each, the time from the write to the store
until the TV has drawn the new version (stamped in the TV's page as in
``bench/night.py``). A change the site makes itself wakes the table's reader at once
(``ui/night/follow.py``), so this is a redraw's time, not a wait for the next read.
It also prints the server's CPU per tap (the host's run and the TV's, and anything
else the tap set off), from /proc through psutil.

    python -m bench.night_taps --taps 12
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

from bench.load import CHROMIUM, CHROMIUM_ARGS
from bench.night import STAMP, TV, server_cpu
from tests.support.browser import running_site
from ui.night.controller import Night
from ui.store import STORE_ENV, store_from_url

SETTLE = 0.7
"""Seconds between taps, so that each is timed on screens at rest."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=12)
    args = parser.parse_args()
    path = Path(tempfile.mkdtemp(prefix="night-taps-")) / "store.sqlite3"
    store = store_from_url(str(path))
    night = Night(store)
    record_id, shown = night.create(people=[True, True, False], game_id="seven-card-stud")
    delays: list[float] = []
    with running_site({STORE_ENV: str(path)}) as (url, server), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        screens = {}
        for role in ("host", "tv"):
            page = browser.new_context(viewport=TV).new_page()
            page.goto(f"{url}/night?t={shown[role]}")
            page.wait_for_selector("[data-night-at]", timeout=60_000)
            page.evaluate(STAMP)
            screens[role] = page
        time.sleep(2)
        process = psutil.Process(server.pid)
        cpu = server_cpu(process)
        for _ in range(args.taps):
            before = night.version(record_id)
            screens["host"].locator(".st-key-night_pause button").click()
            deadline = time.monotonic() + 10
            while night.version(record_id) == before and time.monotonic() < deadline:
                time.sleep(0.005)
            written, version = time.time() * 1000, night.version(record_id)
            screens["tv"].wait_for_function(f"() => '{version}' in window.__seen",
                                            timeout=20_000)
            delays.append(screens["tv"].evaluate(f"() => window.__seen['{version}']") - written)
            time.sleep(SETTLE)
        per_tap = 1000 * (server_cpu(process) - cpu) / args.taps
        browser.close()
    store.close()
    delays.sort()
    print(f"the host's tap to the TV's redraw, {len(delays)} taps (pause and resume)")
    print(f"from the write until the TV has drawn it (ms)   p50 {statistics.median(delays):.0f}"
          f" · p95 {delays[min(len(delays) - 1, int(len(delays) * 0.95))]:.0f}")
    print(f"server CPU per tap (ms)                        {per_tap:.1f} (two screens at rest "
          f"between taps)")


if __name__ == "__main__":
    main()
