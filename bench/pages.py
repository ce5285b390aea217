"""How long each page takes to settle in a real browser, on a fresh and on a warm server.

For every page of the site: open the page in a new headless Chromium context
(a new visitor) and time, from the navigation, until Streamlit reports it is
no longer running, nothing of an earlier run is left and the page's title is
drawn. The Odds pages also get their time to the first answer (the sentence
saying how it was found, with its chart and table drawn); ``odds_hand`` is the
calculator for the hand in front of you.

Two measures per page. *First visit*: the site started afresh for that page
(as ``make run`` does), so imports and tables built once per server count.
*Warm*: one server for every page, each page opened once to warm it, then
every page opened ``ROUNDS`` times in turn, home among them, and the median
kept: the target is for this one (every page settled within ``TARGET`` s, an
Odds answer within ``ANSWER_MORE`` s more).

Printed: one row per page with the ratio to the home page measured in the same
run (absolute times on a shared machine are noise). ``python -m bench.pages``
(every page), ``python -m bench.pages odds home`` or ``--warm`` (warm only).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from playwright.sync_api import Browser, Page, sync_playwright

from bench.load import CHROMIUM, CHROMIUM_ARGS, RUNNING, _free_port, start_server

PAGES = {"home": "", "rankings": "rankings", "pick_a_partner": "pick_a_partner",
         "sophies_pick": "sophies_pick", "seven_card_stud": "seven_card_stud",
         "psycho": "psycho", "compare": "compare", "play": "play", "host": "host",
         "quiz": "quiz", "odds": "odds", "odds_hand": "odds?widget=hand"}
"""Page name -> its url path (app.py)."""
TARGET = 3.0
"""Seconds within which every page must be settled on a warm server."""
ANSWER_MORE = 1.0
"""An Odds page's first answer may take this much longer than the target."""
ROUNDS = 3
"""Warm visits per page; the median is kept."""
TIMEOUT_MS = 60_000
DRAWN = "() => !!document.querySelector('[data-testid=\"stMain\"] h1')"
"""The page's title is on the screen."""
ANSWERED = ("() => [...document.querySelectorAll('[data-testid=\"stCaptionContainer\"]')]"
            ".some(e => /^(Exact|Sampled|Stud is exact)/.test(e.innerText))"
            " && !!document.querySelector('[data-testid=\"stMain\"] figure [role=\"img\"]')"
            " && !!document.querySelector('[data-testid=\"stMain\"] [data-testid=\"stTable\"]"
            " td')")
"""An odds answer is written, with its chart and its table drawn."""


@dataclass(frozen=True)
class Timing:
    """Seconds from navigation: settled, and (Odds only) the first answer."""

    settled: float
    answer: float | None = None


def _wait(page: Page, condition: str) -> None:
    page.wait_for_function(condition, timeout=TIMEOUT_MS, polling=50)


def visit(browser: Browser, url: str, *, odds: bool) -> Timing:
    """Open ``url`` in a fresh context (a new visitor) and time it."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        _wait(page, DRAWN)
        answer = None
        if odds:
            _wait(page, ANSWERED)
            answer = time.perf_counter() - start
        # settled: not running, for a few frames in a row (a rerun may follow the first)
        steady = 0
        while steady < 3:
            page.wait_for_timeout(50)
            steady = steady + 1 if page.evaluate(RUNNING) and page.evaluate(DRAWN) else 0
        return Timing(time.perf_counter() - start - 0.15, answer)
    finally:
        context.close()


def measure(browser: Browser, name: str) -> tuple[Timing, Timing]:
    """(first visit on a fresh server, second visit on the same server)."""
    port = _free_port()
    server = start_server(port)
    try:
        url = f"http://127.0.0.1:{port}/{PAGES[name]}"
        cold = visit(browser, url, odds=name.startswith("odds"))
        warm = visit(browser, url, odds=name.startswith("odds"))
        return cold, warm
    finally:
        server.terminate()
        server.wait(timeout=20)


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def measure_warm(browser: Browser, names: Sequence[str]) -> dict[str, Timing]:
    """Every page on one warm server: each opened once, then ``ROUNDS`` times in turn."""
    port = _free_port()
    server = start_server(port)
    try:
        urls = {name: f"http://127.0.0.1:{port}/{PAGES[name]}" for name in names}
        for name in names:
            visit(browser, urls[name], odds=name.startswith("odds"))
        seen: dict[str, list[Timing]] = {name: [] for name in names}
        for _ in range(ROUNDS):
            for name in names:
                seen[name].append(visit(browser, urls[name], odds=name.startswith("odds")))
        return {name: Timing(_median([t.settled for t in times]),
                             _median([t.answer for t in times if t.answer is not None])
                             if times[0].answer is not None else None)
                for name, times in seen.items()}
    finally:
        server.terminate()
        server.wait(timeout=20)


def report(results: dict[str, tuple[Timing, Timing]]) -> None:
    peer = results.get("home")
    print(f"{'page':<17}{'first visit':>12}{'× home':>8}{'again':>8}{'× home':>8}"
          f"{'answer':>9}")
    for name, (cold, warm) in results.items():
        ratio = (f"{cold.settled / peer[0].settled:>8.2f}" if peer else f"{'':>8}")
        again = (f"{warm.settled / peer[1].settled:>8.2f}" if peer else f"{'':>8}")
        answer = f"{cold.answer:>8.2f}s" if cold.answer is not None else f"{'':>9}"
        print(f"{name:<17}{cold.settled:>11.2f}s{ratio}{warm.settled:>7.2f}s{again}{answer}")
    slowest = max(results, key=lambda n: results[n][0].settled)
    worst = results[slowest][0].settled
    print(f"slowest first visit: {slowest}, {worst:.2f} s")


def report_warm(results: dict[str, Timing]) -> bool:
    """Print the warm table; whether every page met its target."""
    home = results["home"].settled
    print(f"warm server, median of {ROUNDS} visits each")
    print(f"{'page':<17}{'settled':>9}{'× home':>8}{'answer':>9}{'target':>8}")
    met = True
    for name, timing in results.items():
        answer = f"{timing.answer:>8.2f}s" if timing.answer is not None else f"{'':>9}"
        ok = timing.settled <= TARGET and (timing.answer is None
                                           or timing.answer <= TARGET + ANSWER_MORE)
        met &= ok
        print(f"{name:<17}{timing.settled:>8.2f}s{timing.settled / home:>8.2f}{answer}"
              f"{'met' if ok else 'MISSED':>8}")
    print(f"every page settled within {TARGET:.0f} s and each answer within "
          f"{TARGET + ANSWER_MORE:.0f} s: {'yes' if met else 'no'}")
    return met


def main(argv: Sequence[str] = ()) -> None:
    warm_only = "--warm" in argv
    names = [a for a in argv if not a.startswith("--")] or list(PAGES)
    unknown = [n for n in names if n not in PAGES]
    if unknown:
        raise SystemExit(f"no page named {', '.join(unknown)}; there are: {', '.join(PAGES)}")
    if "home" not in names:
        names.insert(0, "home")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            warm = measure_warm(browser, names)
            cold = {} if warm_only else {name: measure(browser, name) for name in names}
        finally:
            browser.close()
    report_warm(warm)
    if cold:
        print()
        report(cold)


if __name__ == "__main__":
    main(sys.argv[1:])
