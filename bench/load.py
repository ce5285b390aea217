"""Many visitors at once: headless browsers playing hands on the Play page by clicking.

Starts the site on a free port (as ``make run`` does), then drives
``--sessions`` headless Chromium sessions at the same time (one browser,
one context each, so each is its own visitor with its own server session).
Each visitor opens the Play page on a random game and, for ``--seconds``,
clicks: any enabled decision in the action bar (cards to draw or expose
picked at random first), and at the end of a hand either "Deal again" or a
new table of another random game through the setup panel.

Printed: hands played, clicks, errors (exceptions on the page, browser
errors, timeouts: there must be none), the 50th and 95th percentile time
from a decision's click to the table's update, and the server's memory
(resident set, from ``/proc``) before the visitors, after them, and per
visitor. Chromium is Debian's, launched by path as in the browser tests.

``python -m bench.load --sessions 10 --seconds 60`` (the defaults).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from playwright.async_api import Browser, Page, async_playwright
from playwright.async_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]
GAMES = {"seven-card-stud": (2, 8), "pick-a-partner": (4, 10), "sophies-pick": (2, 7),
         "double-sophie": (2, 7), "psycho": (2, 10)}
"""Every game id with its least and most players (Pick a Partner: even counts only)."""
TIMEOUT_MS = 60_000
SHOTS = ROOT / "test-output" / "load"
"""Where a visitor that met an error leaves a screenshot."""

TABLE_SIGNATURE = """() => [...document.querySelectorAll("section[aria-label^='Seat']")]
    .map(s => s.innerText).join('|') + '#' + [...document.querySelectorAll('svg[role=img]')]
    .map(e => e.getAttribute('aria-label')).join(',')"""
"""Everything the table shows: seat panels' text and every card's spoken name."""
RUNNING = ("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
           " && !document.querySelector('[data-stale=\"true\"]')")
"""The server has finished the run and no element of the previous run is left."""
DECISION_KEYS = """p => [...new Set([...document.querySelectorAll(`[class*='st-key-${p}']`)]
    .filter(e => !e.closest('[data-stale="true"]'))
    .flatMap(e => [...e.classList]).filter(c => c.startsWith(`st-key-${p}`))
    .map(c => c.slice(7)))]"""


@dataclass
class Tally:
    """What all visitors did; latencies in seconds."""

    hands: int = 0
    clicks: int = 0
    unchanged: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    per_visitor: dict[int, int] = field(default_factory=dict)
    doing: dict[int, str] = field(default_factory=dict)
    """What each page (by id) was last asked to click, for the error report."""


async def click(page: Page, selector: str, tally: Tally, index: int = 0) -> None:
    """Click the ``index``-th match of ``selector``, noting it for the error report."""
    tally.doing[id(page)] = f"{selector} #{index}"
    await page.locator(selector).nth(index).click(timeout=TIMEOUT_MS)


# --- the server -------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    """The site, served as ``make run`` serves it, once its health check answers."""
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
               "--server.address", "127.0.0.1", "--server.headless", "true",
               "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health",
                                        timeout=2) as reply:
                if reply.status == 200:
                    return server
        except OSError:
            time.sleep(0.3)
    server.kill()
    raise RuntimeError("the site did not start: " + (server.stderr.read() if server.stderr
                                                     else b"").decode()[-2000:])


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process started (directly or not) by ``pid``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, queue = [], [pid]
    while queue:
        for child in children.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def _cpu_of(pids: Sequence[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(pid)
        except (OSError, IndexError, ValueError):
            continue
    return total


def rss_mb(pid: int) -> float:
    """The process's resident memory in MB (Linux ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no resident size for process {pid}")


# --- one visitor -------------------------------------------------------------------------


def random_link(base: str, rng: random.Random) -> str:
    game = rng.choice(sorted(GAMES))
    least, most = GAMES[game]
    counts = [n for n in range(least, min(most, 6) + 1)
              if game != "pick-a-partner" or n % 2 == 0]
    return (f"{base}/play?game={game}&players={rng.choice(counts)}"
            f"&seed={rng.randrange(1_000_000)}&seat=1")


async def settled(page: Page) -> None:
    """Wait until the server has finished the page's script run."""
    await page.wait_for_function(RUNNING, timeout=TIMEOUT_MS)


async def check_page(page: Page, who: str, tally: Tally) -> None:
    errors = page.locator("[data-testid='stException']")
    if await errors.count():
        tally.errors.append(f"{who}: {(await errors.first.inner_text())[:300]}")
        raise RuntimeError("exception on the page")


async def timed_click(page: Page, selector: str, tally: Tally) -> None:
    """Click, then time until the table shows something new (and the run ends)."""
    before = await page.evaluate(TABLE_SIGNATURE)
    start = time.perf_counter()
    await click(page, selector, tally)
    tally.clicks += 1
    try:
        await page.wait_for_function(f"old => ({TABLE_SIGNATURE})() !== old", arg=before,
                                     timeout=TIMEOUT_MS, polling="raf")
        tally.latencies.append(time.perf_counter() - start)
    except PlaywrightError:
        if await page.evaluate(RUNNING) is not True:
            raise
        tally.unchanged += 1
    await settled(page)


async def pick_cards(page: Page, step: str, rng: random.Random, tally: Tally) -> None:
    """Choose cards to draw or expose, one at a time in a random order, until the
    confirm button accepts the choice and at least a random 0 to 2 are chosen."""
    box = f".st-key-{step}_cards"
    confirm = page.locator(f".st-key-{step}_confirm button")
    count = await page.locator(f"{box} button").count()
    wanted = rng.randint(0, 2)
    for chosen, index in enumerate(rng.sample(range(count), count)):
        if chosen >= wanted and await confirm.is_enabled():
            return
        label = await confirm.inner_text()
        await click(page, f"{box} button", tally, index)
        # the server's rerun rewrites the confirm button ("Discard 2 and draw 2")
        await page.wait_for_function(
            "([selector, old]) => { const b = document.querySelector(selector);"
            " return b !== null && b.innerText !== old; }",
            arg=[f".st-key-{step}_confirm button", label], timeout=TIMEOUT_MS)
        await settled(page)
    if not await confirm.is_enabled():
        raise RuntimeError("no choice of cards was accepted")


async def decide(page: Page, rng: random.Random, tally: Tally) -> bool:
    """One decision from the action bar; ``False`` if none is offered right now."""
    keys: list[str] = await page.evaluate(DECISION_KEYS, "play_act_")
    steps = {int(k.split("_")[2]) for k in keys if k.split("_")[2].isdigit()}
    if not steps:
        return False
    step = f"play_act_{max(steps)}"
    mine = [k for k in keys if k.startswith(step + "_")]
    if f"{step}_cards" in mine:
        await pick_cards(page, step, rng, tally)
        await timed_click(page, f".st-key-{step}_confirm button", tally)
        return True
    if f"{step}_lock" in mine:
        options = page.locator(f".st-key-{step}_pairs label")
        if await options.count():
            await click(page, f".st-key-{step}_pairs label", tally,
                        rng.randrange(await options.count()))
            await settled(page)
        await timed_click(page, f".st-key-{step}_lock button", tally)
        return True
    buttons = [k for k in mine if await page.locator(f".st-key-{k} button").count()
               and await page.locator(f".st-key-{k} button").first.is_enabled()]
    if not buttons:
        return False
    await timed_click(page, f".st-key-{rng.choice(buttons)} button", tally)
    return True


async def new_table(page: Page, rng: random.Random, tally: Tally) -> None:
    """Deal a random game from the setup panel (its toggle, the game box, Deal)."""
    await click(page, ".st-key-play_setup_open label", tally)
    await settled(page)
    await click(page, ".st-key-play_game [role='combobox']", tally)
    options = page.locator("[role='option']")
    await options.first.wait_for(timeout=TIMEOUT_MS)
    await click(page, "[role='option']", tally, rng.randrange(await options.count()))
    await settled(page)
    await timed_click(page, ".st-key-play_deal button", tally)


async def visitor(number: int, browser: Browser, base: str, seconds: float,
                  tally: Tally) -> None:
    who = f"visitor {number + 1}"
    rng = random.Random(number)
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    page = await context.new_page()
    page.on("pageerror", lambda error: tally.errors.append(f"{who}: browser error {error}"))
    hands = 0
    try:
        await page.goto(random_link(base, rng), timeout=TIMEOUT_MS)
        await page.wait_for_selector("section[aria-label^='Seat']", timeout=TIMEOUT_MS)
        await settled(page)
        deadline = time.monotonic() + seconds
        idle = 0
        while time.monotonic() < deadline:
            await check_page(page, who, tally)
            again = page.locator(".st-key-play_again button")
            if await again.count():
                hands += 1
                if rng.random() < 0.5:
                    await timed_click(page, ".st-key-play_again button", tally)
                else:
                    await new_table(page, rng, tally)
                continue
            if await decide(page, rng, tally):
                idle = 0
                continue
            idle += 1
            if idle > 100:
                raise RuntimeError("no decision and no new deal offered for 20 seconds")
            await page.wait_for_timeout(200)
        await check_page(page, who, tally)
    except (PlaywrightError, RuntimeError) as error:
        if not tally.errors or not tally.errors[-1].startswith(who):
            tally.errors.append(f"{who}: {str(error).splitlines()[0][:200]} "
                                f"(doing {tally.doing.get(id(page), 'nothing yet')})")
        SHOTS.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(PlaywrightError):
            await page.screenshot(path=str(SHOTS / f"visitor-{number + 1}.png"), full_page=True)
    finally:
        tally.hands += hands
        tally.per_visitor[number] = hands
        await context.close()


@dataclass(frozen=True)
class Usage:
    """The server's memory before and after the visitors; CPU seconds while they played."""

    rss_before: float
    rss_after: float
    server_cpu: float
    browser_cpu: float
    wall: float


async def drive(base: str, *, sessions: int, seconds: float, server_pid: int) -> tuple[
        Tally, Usage]:
    """All visitors at once; returns the tally and the resources used."""
    tally = Tally()
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                   args=CHROMIUM_ARGS)
        warm = await browser.new_page()
        await warm.goto(base, timeout=TIMEOUT_MS)
        await settled(warm)
        await warm.close()
        await asyncio.sleep(2)
        before = rss_mb(server_pid)
        browsers = [p for p in descendants(os.getpid()) if p != server_pid]
        cpu = cpu_seconds(server_pid), _cpu_of(browsers), time.perf_counter()
        await asyncio.gather(*(visitor(n, browser, base, seconds, tally)
                               for n in range(sessions)))
        browsers = [p for p in descendants(os.getpid()) if p != server_pid]
        usage = Usage(rss_before=before, rss_after=rss_mb(server_pid),
                      server_cpu=cpu_seconds(server_pid) - cpu[0],
                      browser_cpu=_cpu_of(browsers) - cpu[1], wall=time.perf_counter() - cpu[2])
        await browser.close()
    return tally, usage


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered \
        else float("nan")


def report(tally: Tally, usage: Usage, *, sessions: int, seconds: float) -> None:
    print(f"{sessions} visitors at once, {seconds:.0f} s each, on the Play page")
    each = ", ".join(str(tally.per_visitor[n]) for n in sorted(tally.per_visitor))
    print(f"  hands played:      {tally.hands} (per visitor: {each})")
    print(f"  decisions clicked: {tally.clicks} ({tally.unchanged} left the table as it was)")
    print(f"  errors:            {len(tally.errors)}")
    for line in tally.errors[:10]:
        print(f"    {line}")
    if tally.latencies:
        print(f"  click to table update: p50 {percentile(tally.latencies, 0.5) * 1000:.0f} ms, "
              f"p95 {percentile(tally.latencies, 0.95) * 1000:.0f} ms, "
              f"mean {statistics.fmean(tally.latencies) * 1000:.0f} ms "
              f"over {len(tally.latencies)} clicks")
    print(f"  server memory: {usage.rss_before:.0f} MB before, {usage.rss_after:.0f} MB "
          f"after, {(usage.rss_after - usage.rss_before) / sessions:.1f} MB per visitor")
    per_click = usage.server_cpu / tally.clicks if tally.clicks else float("nan")
    print(f"  CPU over {usage.wall:.0f} s: server {usage.server_cpu:.0f} s "
          f"({per_click * 1000:.0f} ms per click), browsers {usage.browser_cpu:.0f} s, "
          f"on {os.cpu_count()} cores (load average {os.getloadavg()[0]:.1f})")


def main(argv: Sequence[str] = ()) -> None:
    """Run the load test; ``argv`` as on the command line (``python -m bench`` passes none)."""
    parser = argparse.ArgumentParser(prog="python -m bench.load",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=10, help="visitors at once (10)")
    parser.add_argument("--seconds", type=float, default=60, help="seconds each plays (60)")
    options = parser.parse_args(list(argv))
    if not os.path.exists(CHROMIUM):
        raise SystemExit(f"{CHROMIUM} is missing: `make browser-deps` installs Debian's chromium")
    port = _free_port()
    server = start_server(port)
    try:
        tally, usage = asyncio.run(drive(f"http://127.0.0.1:{port}",
                                         sessions=options.sessions, seconds=options.seconds,
                                         server_pid=server.pid))
    finally:
        server.terminate()
        server.wait(timeout=30)
    report(tally, usage, sessions=options.sessions, seconds=options.seconds)
    if tally.errors:
        raise SystemExit(f"{len(tally.errors)} errors under load")


if __name__ == "__main__":
    main(sys.argv[1:])
