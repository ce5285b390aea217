"""How long each page of the navigation takes to settle in a real browser, on a warm server.

The pages are read from the site itself: every link in the sidebar's list of pages (so a
game's learning page is measured as soon as the registry gives it one), plus
``odds_hand``, the Odds page's calculator for the hand in front of you. Each visit opens
the page in a new headless Chromium context (a new visitor, nothing cached) and times,
from the navigation, until Streamlit reports it is no longer running, nothing of an
earlier run is left, the page's title is drawn and the browser has time for the page
again (a check that waits behind the browser's work on the page). The Odds pages also get
their time to the first answer (the sentence saying how it was found, with its chart and
table drawn).

*Warm* (the target's measure): one server for every page, each page opened once to warm
it, then every page opened ``ROUNDS`` times in turn, home among them, and the median
kept: every page settled within ``TARGET`` s, an Odds page's first answer within
``ANSWER_MORE`` s more (the answer is drawn in the page's first run, so such a page
settles with it and has the same allowance). Beside each time: its ratio to the home
page in the same run (absolute times on a shared machine are noise), and the CPU the
visit cost the browser and the server (the server's includes the scripts and pictures it
sends every new visitor).

``--cold`` adds the *first visit*: the site started afresh for each page (as ``make run``
does), so tables built once per server count. ``python -m bench.pages`` (every page),
``python -m bench.pages odds home`` (those pages), ``--rounds 5``, ``--cold``.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from playwright.sync_api import Browser, Page, sync_playwright

from bench.load import (
    CHROMIUM,
    CHROMIUM_ARGS,
    RUNNING,
    _cpu_of,
    _free_port,
    cpu_seconds,
    descendants,
    start_server,
)

EXTRA = {"odds_hand": "odds?widget=hand"}
"""Measured beside the navigation's pages: name -> url path."""
TARGET = 3.0
"""Seconds within which every page must be settled on a warm server."""
ANSWER_MORE = 1.0
"""An Odds page's first answer may take this much longer than the target."""
ROUNDS = 3
"""Warm visits per page; the median is kept."""
TIMEOUT_MS = 60_000
DRAWN = "() => !!document.querySelector('[data-testid=\"stMain\"] h1')"
"""The page's title is on the screen."""
NAVIGATION = ("() => [...document.querySelectorAll('[data-testid=\"stSidebarNavLink\"]')]"
              ".map(a => new URL(a.href).pathname.replace(/^\\//, ''))")
"""The url path of every page in the sidebar's list ('' for home)."""
ANSWERED = ("() => [...document.querySelectorAll('[data-testid=\"stCaptionContainer\"]')]"
            ".some(e => /^(Exact|Sampled|Stud is exact)/.test(e.innerText))"
            " && !!document.querySelector('[data-testid=\"stMain\"] figure [role=\"img\"]')"
            " && !!document.querySelector('[data-testid=\"stMain\"] [data-testid=\"stTable\"]"
            " td')")
"""An odds answer is written, with its chart and its table drawn."""


@dataclass(frozen=True)
class Timing:
    """Seconds from navigation: settled, and (Odds only) the first answer; the CPU
    seconds the visit cost the browser and the server."""

    settled: float
    answer: float | None = None
    browser_cpu: float = 0.0
    server_cpu: float = 0.0


def _wait(page: Page, condition: str) -> None:
    page.wait_for_function(condition, timeout=TIMEOUT_MS, polling=50)


def _browser_cpu() -> float:
    """CPU seconds used so far by this process's children: Playwright and Chromium."""
    return _cpu_of(descendants(os.getpid()))


def visit(browser: Browser, url: str, *, odds: bool, server_pid: int | None = None) -> Timing:
    """Open ``url`` in a fresh context (a new visitor) and time it."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        browser_before = _browser_cpu()
        server_before = cpu_seconds(server_pid) if server_pid else 0.0
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        _wait(page, DRAWN)
        answer = None
        if odds:
            _wait(page, ANSWERED)
            answer = time.perf_counter() - start
        # settled: not running, for a few checks in a row (a rerun may follow the first);
        # each check waits for the browser's main thread, so drawing the page counts
        steady = 0
        while steady < 3:
            page.wait_for_timeout(50)
            steady = steady + 1 if page.evaluate(RUNNING) and page.evaluate(DRAWN) else 0
        settled = time.perf_counter() - start - 0.15
        server = cpu_seconds(server_pid) - server_before if server_pid else 0.0
        return Timing(settled, answer, _browser_cpu() - browser_before, server)
    finally:
        context.close()


def navigation(browser: Browser, port: int) -> dict[str, str]:
    """Every page in the site's list of pages, name -> url path, then ``EXTRA``."""
    page = browser.new_page()
    try:
        page.goto(f"http://127.0.0.1:{port}/", wait_until="commit", timeout=TIMEOUT_MS)
        _wait(page, DRAWN)
        _wait(page, RUNNING)
        # with the sidebar's own choices drawn, a long list shows its first pages only
        more = page.locator("[data-testid='stSidebarNavViewButton']", has_text="more")
        if more.count():
            shown = len(page.evaluate(NAVIGATION))
            more.click()
            _wait(page, f"() => ({NAVIGATION})().length > {shown}")
        paths: list[str] = page.evaluate(NAVIGATION)
    finally:
        page.close()
    return {(path or "home"): path for path in paths} | EXTRA


def _is_odds(path: str) -> bool:
    return path.split("?")[0] == "odds"


def measure(browser: Browser, path: str) -> tuple[Timing, Timing]:
    """(first visit on a fresh server, second visit on the same server)."""
    port = _free_port()
    server = start_server(port)
    try:
        url = f"http://127.0.0.1:{port}/{path}"
        cold = visit(browser, url, odds=_is_odds(path), server_pid=server.pid)
        warm = visit(browser, url, odds=_is_odds(path), server_pid=server.pid)
        return cold, warm
    finally:
        server.terminate()
        server.wait(timeout=20)


def _median(values: Sequence[float]) -> float:
    return statistics.median(values)


def measure_warm(browser: Browser, wanted: Sequence[str],
                 rounds: int = ROUNDS) -> tuple[dict[str, str], dict[str, Timing]]:
    """Every page on one warm server: each opened once, then ``rounds`` times in turn.

    Returns the pages measured (name -> url path: ``wanted``, or every page of the
    navigation when ``wanted`` is empty) and their median timings."""
    port = _free_port()
    server = start_server(port)
    try:
        found = navigation(browser, port)
        unknown = [n for n in wanted if n not in found]
        if unknown:
            raise SystemExit(f"no page named {', '.join(unknown)}; there are: "
                             f"{', '.join(found)}")
        names = ["home", *(n for n in wanted if n != "home")] if wanted else list(found)
        pages = {name: found[name] for name in names}
        urls = {name: f"http://127.0.0.1:{port}/{path}" for name, path in pages.items()}
        for name in names:
            visit(browser, urls[name], odds=_is_odds(pages[name]))
        seen: dict[str, list[Timing]] = {name: [] for name in names}
        for _ in range(rounds):
            for name in names:
                seen[name].append(visit(browser, urls[name], odds=_is_odds(pages[name]),
                                        server_pid=server.pid))
        return pages, {name: Timing(_median([t.settled for t in times]),
                                    _median([t.answer for t in times if t.answer is not None])
                                    if times[0].answer is not None else None,
                                    _median([t.browser_cpu for t in times]),
                                    _median([t.server_cpu for t in times]))
                       for name, times in seen.items()}
    finally:
        server.terminate()
        server.wait(timeout=20)


def report(results: dict[str, tuple[Timing, Timing]]) -> None:
    peer = results.get("home")
    print(f"{'page':<22}{'first visit':>12}{'× home':>8}{'again':>8}{'× home':>8}"
          f"{'answer':>9}")
    for name, (cold, warm) in results.items():
        ratio = (f"{cold.settled / peer[0].settled:>8.2f}" if peer else f"{'':>8}")
        again = (f"{warm.settled / peer[1].settled:>8.2f}" if peer else f"{'':>8}")
        answer = f"{cold.answer:>8.2f}s" if cold.answer is not None else f"{'':>9}"
        print(f"{name:<22}{cold.settled:>11.2f}s{ratio}{warm.settled:>7.2f}s{again}{answer}")
    slowest = max(results, key=lambda n: results[n][0].settled)
    worst = results[slowest][0].settled
    print(f"slowest first visit: {slowest}, {worst:.2f} s")


def report_warm(results: dict[str, Timing], rounds: int = ROUNDS) -> bool:
    """Print the warm table; whether every page met its target."""
    home = results["home"]
    print(f"warm server, median of {rounds} visits each (load average before: "
          f"{os.getloadavg()[0]:.1f})")
    print(f"{'page':<22}{'settled':>9}{'× home':>8}{'answer':>9}{'× home':>8}"
          f"{'browser CPU':>13}{'× home':>8}{'server CPU':>12}{'target':>8}")
    met = True
    for name, timing in results.items():
        answer = (f"{timing.answer:>8.2f}s{timing.answer / home.settled:>8.2f}"
                  if timing.answer is not None else f"{'':>17}")
        # an Odds page settles once its answer is drawn, so both get the answer's allowance
        limit = TARGET if timing.answer is None else TARGET + ANSWER_MORE
        ok = timing.settled <= limit and (timing.answer is None or timing.answer <= limit)
        met &= ok
        print(f"{name:<22}{timing.settled:>8.2f}s{timing.settled / home.settled:>8.2f}{answer}"
              f"{timing.browser_cpu:>12.2f}s{timing.browser_cpu / home.browser_cpu:>8.2f}"
              f"{timing.server_cpu:>11.2f}s{'met' if ok else 'MISSED':>8}")
    print(f"every page settled within {TARGET:.0f} s, and each Odds page's first answer "
          f"(and so the page) within {TARGET + ANSWER_MORE:.0f} s: {'yes' if met else 'no'}")
    return met


def main(argv: Sequence[str] = ()) -> None:
    args = list(argv)
    rounds = ROUNDS
    if "--rounds" in args:
        at = args.index("--rounds")
        rounds = int(args[at + 1])
        del args[at:at + 2]
    cold_too = "--cold" in args
    wanted = [a for a in args if not a.startswith("--")]
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            pages, warm = measure_warm(browser, wanted, rounds)
            cold = {name: measure(browser, path) for name, path in pages.items()} \
                if cold_too else {}
        finally:
            browser.close()
    report_warm(warm, rounds)
    if cold:
        print()
        report(cold)


if __name__ == "__main__":
    main(sys.argv[1:])
