"""How long the server takes to apply a decision and redraw the table, per game.

Each decision is made through the page's own controls in Streamlit's AppTest
and timed inside the script thread, from the start of the rerun (the button's
callback applies the decision and the computer players answer) to the last
element sent: the server-side rerun time. Wall time measures the same work
plus AppTest's own thread start and polling; CPU time is the script thread's
own share, which a busy shared machine does not inflate. AppTest compiles
the page afresh for every run, where the server compiles it once and keeps
it; the bench keeps one compiled copy too, as the server does.

The peer, measured in the same run, is a page with one button and one line
of text: the cost of any rerun at all on this machine. The target is a
median well under a quarter of a second.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from streamlit.runtime.scriptrunner.script_cache import ScriptCache
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
from streamlit.testing.v1 import AppTest

from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
PLAY = str(ROOT / "screens" / "play.py")
HOST = str(ROOT / "screens" / "host.py")
TARGET_SECONDS = 0.25
KEEP_GOING = ("Check", "Call", "Bring in", "Show my hand", "High")
PLAYERS = {"pick-a-partner": 6, "psycho": 6}
HANDS = 2


@dataclass(frozen=True, slots=True)
class Timing:
    """One rerun: the script thread's elapsed and CPU seconds, and AppTest's wall seconds."""

    script: float
    cpu: float
    wall: float


@contextmanager
def script_clock() -> Iterator[list[tuple[float, float]]]:
    """Record (elapsed, CPU) seconds of every script run while inside the block, each
    page compiled once as the server does."""
    runs: list[tuple[float, float]] = []
    original: Callable[..., Any] = ScriptRunner._run_script
    compile_page: Callable[..., Any] = ScriptCache.get_bytecode
    compiled: dict[str, Any] = {}

    def once(self: ScriptCache, script_path: str) -> Any:
        if script_path not in compiled:
            compiled[script_path] = compile_page(self, script_path)
        return compiled[script_path]

    def timed(self: ScriptRunner, rerun_data: Any) -> None:
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            original(self, rerun_data)
        finally:
            runs.append((time.perf_counter() - start, time.thread_time() - cpu))

    ScriptRunner._run_script = timed  # type: ignore[method-assign]
    ScriptCache.get_bytecode = once  # type: ignore[method-assign]
    try:
        yield runs
    finally:
        ScriptRunner._run_script = original  # type: ignore[method-assign]
        ScriptCache.get_bytecode = compile_page  # type: ignore[method-assign]


def _rerun(at: AppTest, act: Callable[[], Any], runs: list[tuple[float, float]]) -> Timing:
    start = time.perf_counter()
    act()
    wall = time.perf_counter() - start
    script, cpu = runs[-1]
    if at.exception:
        raise RuntimeError(at.exception[0].value)
    return Timing(script, cpu, wall)


def _decide(at: AppTest, step: str) -> Callable[[], Any]:
    """The click that makes the decision under ``step`` (keeps the hand going).

    Cards to expose, and the pairs to lock (each pair the next two cards offered), are
    picked first, in reruns of their own that are not timed.
    """
    if any(p.key == f"{step}_pair1" for p in at.pills):
        first = at.pills(key=f"{step}_pair1")
        first.set_value(list(first.options[:2])).run()
        (second,) = [p for p in at.pills if p.key and p.key.startswith(f"{step}_pair2_")]
        second.set_value(list(second.options[:2])).run()
        return at.button(key=f"{step}_lock").click().run
    pills = [p for p in at.pills if p.key and p.key.startswith(step)]
    if pills:
        chooser = pills[0]
        if "three" in chooser.label:
            chooser.set_value(list(chooser.options[:3])).run()
        return at.button(key=f"{step}_confirm").click().run
    lock = [b for b in at.button if b.key == f"{step}_lock"]
    if lock:
        return lock[0].click().run
    buttons = [b for b in at.button if b.key and b.key.startswith(step) and not b.disabled]
    chosen = next((b for word in KEEP_GOING for b in buttons if b.label.startswith(word)),
                  buttons[0])
    return chosen.click().run


def play_timings(game_id: str, runs: list[tuple[float, float]]) -> list[Timing]:
    """Every decision of a few hands on the play page, timed."""
    game = GAMES[game_id]
    players = PLAYERS.get(game_id, min(5, game.max_players))
    timings = []
    for seed in range(1, HANDS + 1):
        at = AppTest.from_file(PLAY, default_timeout=60)
        at.query_params.update({"game": game_id, "players": str(players), "seed": str(seed),
                                "seat": "1"})
        at.run()
        while not at.session_state["play_table"].state.is_over:
            step = f"play_act_{len(at.session_state['play_table'].state.actions)}"
            timings.append(_rerun(at, _decide(at, step), runs))
    return timings


def host_timings(game_id: str, runs: list[tuple[float, float]]) -> list[Timing]:
    """Next, pressed through a whole hand on the host page (a computer player decides)."""
    game = GAMES[game_id]
    players = PLAYERS.get(game_id, min(5, game.max_players))
    at = AppTest.from_file(HOST, default_timeout=60)
    at.query_params.update({"game": game_id, "players": str(players), "seed": "3"})
    at.run()
    timings = []
    while not at.session_state["host_table"].state.is_over:
        timings.append(_rerun(at, at.button(key="host_next").click().run, runs))
    return timings


def baseline_timings(runs: list[tuple[float, float]], count: int = 20) -> list[Timing]:
    at = AppTest.from_string("import streamlit as st\nst.button('Go', key='go')\n"
                             "st.write('Hello')\n", default_timeout=30)
    at.run()
    return [_rerun(at, at.button(key="go").click().run, runs) for _ in range(count)]


def _p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def _row(name: str, timings: list[Timing], base: float) -> str:
    script = [t.script * 1000 for t in timings]
    cpu = [t.cpu * 1000 for t in timings]
    wall = [t.wall * 1000 for t in timings]
    median = statistics.median(script)
    return (f"{name:<28}{len(timings):>5}{median:>9.0f}{_p90(script):>8.0f}{max(script):>8.0f}"
            f"{statistics.median(cpu):>8.0f}{statistics.median(wall):>9.0f}"
            f"{median / base:>8.1f}x")


def main() -> None:
    print(__doc__.split("\n\n")[0])
    with script_clock() as runs:
        baseline = baseline_timings(runs)
        results = [(f"play {g}", play_timings(g, runs)) for g in GAMES]
        results += [(f"host {g} (Next)", host_timings(g, runs)) for g in GAMES]
    base = statistics.median(t.script for t in baseline) * 1000
    print(f"\n{'page and game':<28}{'runs':>5}{'median':>9}{'p90':>8}{'max':>8}{'cpu':>8}"
          f"{'wall':>9}{'vs peer':>9}   (milliseconds, script thread)")
    print(_row("peer: one button", baseline, base))
    for name, timings in results:
        print(_row(name, timings, base))
    every = [t.script for _, timings in results for t in timings]
    median = statistics.median(every)
    verdict = "meets" if median < TARGET_SECONDS else "misses"
    print(f"\nAll {len(every)} decisions: median {median * 1000:.0f} ms, 90th percentile "
          f"{_p90(every) * 1000:.0f} ms; {verdict} the target of a median under "
          f"{TARGET_SECONDS * 1000:.0f} ms.")


if __name__ == "__main__":
    main()
