"""Game night under load: one TV and several phones as headless browsers on one table.

The site runs as `make run` starts it, on a SQLite store of its own; the bench
opens a TV and ``--phones`` phones, then plays random legal decisions for
``--seconds`` (each made through the controller on the version the table is
at, as a phone's tap is). It prints:

- decision-to-every-screen latency, p50 and p95: from the write until each
  screen has drawn the new version (stamped in the page by a MutationObserver);
- server CPU per decision and per idle screen a second (its open socket, and the
  site's reads of the table's version), from /proc through psutil;
- the server's memory per open screen; errors (refused decisions, exceptions);
- each browser's own work (Chromium's task time, its script part apart) per
  second while idle and per decision, the TV apart from the phones: on a
  phone that is battery;
- the peer: the CPU of one Play page rerun alone (a seven-card stud decision in
  AppTest, ``bench.rerun``), measured in this process before and after the play,
  and the server's CPU per decision as a multiple of it: machines of one kind have
  measured twice as fast or slow from one day to the next, so runs on different days
  compare by the multiple, not the milliseconds.

    python -m bench.night --phones 4 --seconds 60

``--host`` opens the host's screen too (a laptop beside the table), counted with the
TV's and the phones' screens in every figure but the browsers' own.

``--taps N`` measures instead what a guest feels with computer players at the table
(``--computers`` of them, in ``--game``): N decisions tapped on the phones themselves,
and p50, p95 and the maximum from each tap until every screen (the TV, the other
phones, the tapping phone) has drawn it; ``--double-load`` runs a busy process per core
meanwhile, so that every core has twice the work it had. To say where the time goes, it
also gives each kind of screen apart, with when the site told it (its socket's first word
of the new version: the rest is the screen's own drawing, a run of its fragment or a
push taken in place), the server's CPU, the browsers' work and the versions of the table
written per tap:

    python -m bench.night --taps 40 --phones 3 --computers 3 --game texas-holdem --double-load
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
from playwright.sync_api import CDPSession, Page, ViewportSize, sync_playwright

from bench.load import CHROMIUM, CHROMIUM_ARGS
from bench.rerun import play_timings, script_clock
from engine.games import GAMES
from tests.support.browser import APP_RUNS, decide, running_site
from ui.night import record
from ui.night.controller import Night
from ui.store import STORE_ENV, store_from_url

STAMP = """() => { window.__seen = {}; const mark = () => {
  for (const e of document.querySelectorAll("[data-night-at]")) {
    const v = e.dataset.nightAt; if (!(v in window.__seen)) window.__seen[v] = Date.now(); } };
  new MutationObserver(mark).observe(document.body, {subtree: true, childList: true,
    attributes: true}); mark(); }"""


TAPPED = "document.addEventListener('click', () => { window.__tappedAt = Date.now(); }, true);"
"""Keeps the time of the page's latest tap (the last is the one that made the decision)."""

HEARD = """(() => { window.__heard = {}; const Socket = window.WebSocket;
  window.WebSocket = class extends Socket { constructor(...args) { super(...args);
    this.addEventListener("message", (message) => { try {
      const version = JSON.parse(message.data).version;
      if (!(version in window.__heard)) window.__heard[version] = Date.now(); } catch {} }); } };
})();"""
"""Keeps when the page's socket first heard of each version of the table (what the site
sent it), beside when it drew it (``STAMP``): the time between is the screen's own."""

TV = ViewportSize(width=1600, height=900)
PHONE = ViewportSize(width=390, height=844)


def server_cpu(process: psutil.Process) -> float:
    """The process's CPU seconds so far, user and system."""
    times = process.cpu_times()
    return float(times.user + times.system)


def _work(session: CDPSession) -> tuple[float, float]:
    """A page's task and script time so far, in ms (Chrome DevTools' performance metrics)."""
    metrics = {m["name"]: m["value"] for m in session.send("Performance.getMetrics")["metrics"]}
    return 1000 * metrics["TaskDuration"], 1000 * metrics["ScriptDuration"]


def _browser_line(name: str, before: list[tuple[float, float]], after: list[tuple[float, float]],
                  per: float, unit: str) -> str:
    """Task (script) ms per ``unit``, averaged over the screens measured."""
    task = statistics.mean(a[0] - b[0] for a, b in zip(after, before, strict=True)) / per
    script = statistics.mean(a[1] - b[1] for a, b in zip(after, before, strict=True)) / per
    return f"{name:<32}{task:.0f} ms per {unit} ({script:.0f} of it script)"


def peer_cpu_ms() -> list[float]:
    """The CPU of each decision's rerun of the Play page, alone (two hands of stud)."""
    with script_clock() as runs:
        return [1000 * t.cpu for t in play_timings("seven-card-stud", runs)]


@contextlib.contextmanager
def doubled_load(on: bool) -> Iterator[int]:
    """A busy process per core while the block runs (none unless ``on``); how many."""
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
            for _ in range(os.cpu_count() or 1 if on else 0)]
    try:
        yield len(busy)
    finally:
        for process in busy:
            process.kill()
            process.wait()


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


def _seen_from(page: Page, version: int, timeout: float = 30.0) -> float:
    """When (ms since the epoch) ``page`` first drew ``version`` or a later one."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = page.evaluate(f"() => Object.entries(window.__seen).filter(([v]) => "
                             f"Number(v) >= {version}).map(([, t]) => t)")
        if seen:
            return float(min(seen))
        time.sleep(0.02)
    raise TimeoutError(f"a screen never drew version {version}")


def taps(args: argparse.Namespace) -> None:
    """Decisions tapped on the phones, with computer players at the table: from each tap
    until every screen has drawn it."""
    path = Path(tempfile.mkdtemp(prefix="night-bench-")) / "store.sqlite3"
    store = store_from_url(str(path))
    night = Night(store)
    people = [True] * args.phones + [False] * args.computers
    # Deep stacks, so that random taps do not leave fewer than two players in for a while.
    record_id, shown = night.create(people=people, game_id=args.game, chips=20_000)
    host = night.find(shown["host"])
    assert host is not None
    delays: dict[str, list[float]] = {}
    tapped = refused = 0
    with running_site({STORE_ENV: str(path)}) as (url, server), \
            sync_playwright() as playwright, doubled_load(args.double_load) as busy:
        process = psutil.Process(server.pid)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages: dict[str, Page] = {}
        sessions: list[CDPSession] = []
        for role in ["tv"] + [record.seat_role(p) for p in range(args.phones)]:
            context = browser.new_context(viewport=TV if role == "tv" else PHONE)
            context.add_init_script(script=APP_RUNS)      # a tap waits for the page's run
            context.add_init_script(script=TAPPED)
            context.add_init_script(script=HEARD)
            page = context.new_page()
            page.goto(f"{url}/night?t={shown[role]}")
            page.wait_for_selector("[data-night-at]", timeout=60_000)
            page.evaluate(STAMP)
            pages[role] = page
            sessions.append(context.new_cdp_session(page))
            sessions[-1].send("Performance.enable")
        time.sleep(2)
        cpu, work, first = server_cpu(process), [_work(s) for s in sessions], \
            night.version(record_id)
        while tapped < args.taps:
            snap = night.snapshot(record_id)
            state = snap.state
            assert state is not None
            if state.is_over:
                chooser = record.chooser(snap.data)
                dealer = host if chooser is None else \
                    night.find(shown[record.seat_role(chooser)])
                assert dealer is not None
                dealt = night.deal_next(dealer, snap.version, game_id=args.game)
                if not dealt.ok:    # the table moved on meanwhile (the finished hand logged)
                    refused += 1
                    assert refused < 100, dealt
                    time.sleep(0.05)
                continue
            seats = snap.data["hand"]["seats"]
            waiting = [seats[s] for s in state.to_act if seats[s] < args.phones]
            if not waiting:                        # the computer players are acting
                time.sleep(0.02)
                continue
            phone = pages[record.seat_role(waiting[0])]
            phone.wait_for_function(f"() => '{snap.version}' in window.__seen",
                                    timeout=30_000)
            if night.version(record_id) != snap.version:
                continue
            decide(phone, "night_act_")
            at = float(phone.evaluate("() => window.__tappedAt"))
            for role, page in pages.items():
                kind = "the phone tapped" if page is phone else \
                    "the TV" if role == "tv" else "the other phones"
                drawn = _seen_from(page, snap.version + 1)
                delays.setdefault(kind, []).append(drawn - at)
                if page is not phone:
                    heard = page.evaluate(f"() => Math.min(...Object.entries(window.__heard)"
                                          f".filter(([v]) => Number(v) >= {snap.version + 1})"
                                          f".map(([, t]) => t))")
                    delays.setdefault(f"{kind}: heard", []).append(heard - at)
            after = night.store.load(record_id).data["hand"]
            ends = "the hand" if after["number"] > snap.data["hand"]["number"] or \
                after["over"] else "a decision"
            delays.setdefault(f"slowest screen, when the tap ends {ends}", []).append(
                max(delays[k][-1] for k in ("the phone tapped", "the TV", "the other phones")))
            tapped += 1
        cpu = server_cpu(process) - cpu
        work = [_work(s)[0] - w[0] for s, w in zip(sessions, work, strict=True)]
        versions = (night.version(record_id) or 0) - (first or 0)
        browser.close()
    store.close()
    print(f"game night: 1 TV + {args.phones} phones and {args.computers} computer players, "
          f"{GAMES[args.game].name}, {tapped} taps, {busy} busy processes beside it "
          f"({os.cpu_count()} cores)")
    every = [delay for kind in delays.values() for delay in kind]
    print(f"from a tap until each screen drew it (ms)   {_spread(every)}")
    for kind in ("the phone tapped", "the TV", "the other phones"):
        print(f"  {kind:<40}{_spread(delays[kind])}")
        if f"{kind}: heard" in delays:
            print(f"    {'told by the site':<38}{_spread(delays[f'{kind}: heard'])}")
    for ends in ("a decision", "the hand"):
        taps_of = delays.get(f"slowest screen, when the tap ends {ends}", [])
        if taps_of:
            print(f"  the slowest screen, taps ending {ends + ':':<13}{_spread(taps_of)} "
                  f"({len(taps_of)} taps)")
    per = max(tapped, 1)
    print(f"server CPU per tap (ms)                     {1000 * cpu / per:.0f} "
          "(the computer players' decisions after it included)")
    print(f"the browsers' work per tap (ms)             {sum(work) / per:.0f} (every screen's "
          f"task time, Chrome DevTools)")
    print(f"versions of the table per tap               {versions / per:.1f} (the computer "
          f"players' and the deals included)")


def _spread(delays: list[float]) -> str:
    return (f"p50 {statistics.median(delays):.0f} · p95 {_percentile(delays, 0.95):.0f} · "
            f"max {max(delays):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--host", action="store_true", help="open the host's screen too")
    parser.add_argument("--taps", type=int, default=0,
                        help="tap this many decisions on the phones instead (see above)")
    parser.add_argument("--computers", type=int, default=1,
                        help="computer players beside the phones, with --taps")
    parser.add_argument("--game", default="texas-holdem", choices=sorted(GAMES),
                        help="the game dealt every hand, with --taps")
    parser.add_argument("--double-load", action="store_true",
                        help="a busy process per core beside the bench")
    args = parser.parse_args()
    if args.taps:
        taps(args)
        return
    path = Path(tempfile.mkdtemp(prefix="night-bench-")) / "store.sqlite3"
    store = store_from_url(str(path))
    night = Night(store)
    people = [True] * args.phones + [False]
    record_id, shown = night.create(people=people, game_id="seven-card-stud")
    host = night.find(shown["host"])
    assert host is not None
    seats = {p: night.find(shown[record.seat_role(p)]) for p in range(args.phones)}
    rng = random.Random(1)
    peer = peer_cpu_ms()
    latencies: list[float] = []
    errors = decisions = 0
    with running_site({STORE_ENV: str(path)}) as (url, server), sync_playwright() as playwright:
        process = psutil.Process(server.pid)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        rss_before = process.memory_info().rss
        screens: list[Page] = []
        sessions: list[CDPSession] = []
        roles = ["tv"] + [record.seat_role(p) for p in range(args.phones)]
        for role in roles + (["host"] if args.host else []):
            size = TV if role in ("tv", "host") else PHONE
            page = browser.new_context(viewport=size).new_page()
            page.goto(f"{url}/night?t={shown[role]}")
            page.wait_for_selector("[data-night-at]", timeout=60_000)
            page.evaluate(STAMP)
            screens.append(page)
            sessions.append(page.context.new_cdp_session(page))
            sessions[-1].send("Performance.enable")
        time.sleep(3)
        rss_per_screen = (process.memory_info().rss - rss_before) / len(screens)

        idle_seconds = 10.0
        cpu, work = server_cpu(process), [_work(s) for s in sessions]
        time.sleep(idle_seconds)
        idle_cpu = (server_cpu(process) - cpu) / (idle_seconds * len(screens))
        phones = slice(1, 1 + args.phones)
        idle_work = ([work[0]], [_work(sessions[0])]), (work[phones],
                                                        [_work(s) for s in sessions[phones]])

        cpu, work = server_cpu(process), [_work(s) for s in sessions]
        end = time.monotonic() + args.seconds
        while time.monotonic() < end:
            snap = night.snapshot(record_id)
            state = snap.state
            assert state is not None
            if state.is_over:
                chooser = record.chooser(snap.data)
                who = host if chooser is None else seats[chooser]
                assert who is not None
                outcome = night.deal_next(who, snap.version, game_id=rng.choice(
                    [g for g, why in record.dealable_games(snap.data).items() if why is None]))
            else:
                player = snap.data["hand"]["seats"][state.to_act[0]]
                seat = seats.get(player)
                if seat is None:                   # the computer player is acting
                    time.sleep(0.01)
                    continue
                view = snap.view_for(seat)
                assert view is not None
                outcome = night.decide(seat, snap.version, rng.choice(view.legal))
            written = time.time() * 1000
            if not outcome.ok:
                errors += 1
                continue
            decisions += 1
            version = str(outcome.version)
            for page in screens:
                page.wait_for_function(f"() => '{version}' in window.__seen", timeout=20_000)
                latencies.append(page.evaluate(f"() => window.__seen['{version}']") - written)
        busy_cpu = server_cpu(process) - cpu
        done = [_work(s) for s in sessions]
        play_work = ([work[0]], [done[0]]), (work[phones], done[phones])
        errors += sum(p.locator("[data-testid='stException']").count() for p in screens)
        browser.close()
    store.close()
    peer += peer_cpu_ms()
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))] if latencies else 0
    print(f"game night: 1 TV + {args.phones} phones{' + the host' if args.host else ''}, "
          f"{args.seconds:.0f} s of random play "
          f"(seven-card stud, then random games), SQLite store")
    print(f"decisions (and deals)           {decisions}")
    print(f"decision to every screen (ms)   p50 {statistics.median(latencies):.0f} · "
          f"p95 {p95:.0f}")
    per_decision = 1000 * busy_cpu / max(decisions, 1)
    print(f"server CPU per decision (ms)    {per_decision:.1f} "
          "(every screen's redraw included)")
    print(f"peer: a Play page rerun alone   {statistics.median(peer):.1f} ms of CPU, median of "
          f"{len(peer)}; a decision costs {per_decision / statistics.median(peer):.1f} of them")
    print(f"server CPU per idle screen       {1000 * idle_cpu:.2f} ms a second")
    print(f"server memory per screen        {rss_per_screen / 2**20:.1f} MiB")
    for (name, (before, after)) in zip(("TV", "a phone"), idle_work, strict=True):
        print(_browser_line(f"browser, {name}, idle", before, after, idle_seconds, "second"))
    for (name, (before, after)) in zip(("TV", "a phone"), play_work, strict=True):
        print(_browser_line(f"browser, {name}, playing", before, after, max(decisions, 1),
                            "decision"))
    print(f"errors                          {errors}")


if __name__ == "__main__":
    main()
