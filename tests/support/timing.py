"""Each tier's CPU and wall at the suite's end, and each game's budget.

Every test's setup, call and teardown are timed where they run (in a worker under
pytest-xdist): the CPU of the process and of the children it has waited for, user plus
sys. The times ride on the test's reports to the process that prints the summary. A
worker's CPU outside any test (collection, imports, a session fixture's teardown) is
reported apart, from the worker's own total.

The budget: a registered game's conformance and oracle tests together may cost at most
:data:`GAME_BUDGET` CPU-seconds in ``make test``; over it, the run fails naming the game.
A child process's CPU counts in the tiers where the worker reaps it, which may be another
test's (a site or a browser stopped later), so a game's budget counts its tests' own CPU
alone.
"""

from __future__ import annotations

import os
import resource
import time
from collections import defaultdict
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.support.scale import DEEP
from tests.support.tiers import TIERS, tier_of

GAME_BUDGET = 10.0
"""CPU-seconds a game's conformance and oracle tests may cost in ``make test``, so that
thirty games fit the suite's budget."""

BUDGETED_TIERS = ("conformance", "oracle")
"""The tiers whose cost is counted against each game."""

SLOWEST_SHOWN = 15
"""How many of the costliest tests the summary lists."""

COSTS_FILE_ENV = "DEALERS_CHOICE_COSTS"
"""Names a file to write every test phase's cost to, a tab-separated row each (tier, CPU,
wall, start and end on the clock, worker, phase, test): where the suite's time goes, and
which worker waited on what."""

_CPU = pytest.StashKey[dict[str, tuple[float, float]]]()


def cpu_now() -> float:
    """CPU-seconds (user plus sys) of this process and of the children it has reaped."""
    own = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + children.ru_utime + children.ru_stime


def game_of(item: pytest.Item) -> str | None:
    """The game a test is about: its ``game_id`` parameter, or the game of a parameter that
    names one (an oracle row)."""
    params: Mapping[str, Any] = getattr(getattr(item, "callspec", None), "params", {})
    if isinstance(params.get("game_id"), str):
        return str(params["game_id"])
    games = [value.game_id for value in params.values()
             if isinstance(getattr(value, "game_id", None), str)]
    return games[0] if games else None


def _timed(item: pytest.Item, when: str) -> Generator[None, None, None]:
    start, own = cpu_now(), time.process_time()
    try:
        yield
    finally:
        item.stash.setdefault(_CPU, {})[when] = (cpu_now() - start,
                                                 time.process_time() - own)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _timed(item, "setup"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _timed(item, "call"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    return (yield from _timed(item, "teardown"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Put the phase's CPU, the test's tier and its game on the report (plain values, so
    pytest-xdist carries them to the main process)."""
    report = yield
    cpu, own = item.stash.get(_CPU, {}).get(call.when, (0.0, 0.0))
    report.cpu_seconds = cpu  # type: ignore[attr-defined]
    report.own_cpu_seconds = own  # type: ignore[attr-defined]
    report.tier = tier_of(item)  # type: ignore[attr-defined]
    report.game = game_of(item)  # type: ignore[attr-defined]
    return report


@dataclass
class Costs:
    """What the run's tests cost, by tier, by test and by game."""

    cpu: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    wall: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    tests: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    by_test: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    by_game: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    workers: dict[str, float] = field(default_factory=dict)
    started: float = field(default_factory=time.perf_counter)

    def add(self, report: pytest.TestReport) -> None:
        tier = getattr(report, "tier", None)
        if tier is None:
            return
        cpu = float(getattr(report, "cpu_seconds", 0.0))
        self.cpu[tier] += cpu
        self.wall[tier] += report.duration
        self.by_test[report.nodeid] += cpu
        if report.when == "call":
            self.tests[tier] += 1
        game = getattr(report, "game", None)
        if game is not None and tier in BUDGETED_TIERS:
            self.by_game[game] += float(getattr(report, "own_cpu_seconds", cpu))


def over_budget(by_game: Mapping[str, float], *, limit: float = GAME_BUDGET
                ) -> list[str]:
    """The games whose tests cost more than ``limit`` CPU-seconds, costliest first.

    >>> over_budget({"razz": 12.5, "holdem": 3.0, "stud": 10.0}, limit=10)
    ['razz: 12.5 CPU-s of conformance and oracle tests, over 10 s']
    """
    over = sorted(((cpu, game) for game, cpu in by_game.items() if cpu > limit), reverse=True)
    return [f"{game}: {cpu:.1f} CPU-s of conformance and oracle tests, over {limit:g} s"
            for cpu, game in over]


def summary_lines(costs: Costs) -> Iterable[str]:
    """The summary's lines: a row per tier, the workers' CPU outside tests, the slowest."""
    yield f"{'tier':<12} {'tests':>6} {'CPU s':>8} {'wall s':>8}"
    for tier in TIERS:
        if costs.tests[tier] or costs.cpu[tier]:
            yield (f"{tier:<12} {costs.tests[tier]:>6} {costs.cpu[tier]:>8.1f} "
                   f"{costs.wall[tier]:>8.1f}")
    in_tests = sum(costs.cpu.values())
    yield f"{'all tests':<12} {sum(costs.tests.values()):>6} {in_tests:>8.1f} " \
          f"{sum(costs.wall.values()):>8.1f}"
    if costs.workers:
        total = sum(costs.workers.values())
        yield (f"workers' CPU {total:.1f} s in all, {total - in_tests:.1f} s outside tests "
               "(collection, imports, session fixtures)")
    yield f"this process: {time.process_time():.1f} CPU s, " \
          f"{time.perf_counter() - costs.started:.1f} s of wall"
    yield "wall by tier is the sum of its tests' durations over all workers"
    slowest = sorted(costs.by_test.items(), key=lambda pair: pair[1], reverse=True)
    yield f"costliest {SLOWEST_SHOWN} tests (CPU s, setup+call+teardown):"
    for nodeid, cpu in slowest[:SLOWEST_SHOWN]:
        yield f"  {cpu:7.2f}  {nodeid}"
    if costs.by_game:
        games = sorted(costs.by_game.items(), key=lambda pair: pair[1], reverse=True)
        yield "each game's conformance and oracle CPU s: " + ", ".join(
            f"{game} {cpu:.1f}" for game, cpu in games)


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


class CostReport:
    """The main process's side: gathers the reports' costs, prints them, keeps the budget."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.costs = Costs()
        named = os.environ.pop(COSTS_FILE_ENV, None)  # not a test's own pytest run's too
        self.rows = open(named, "w", encoding="utf-8") if named else None  # noqa: SIM115

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.costs.add(report)
        if self.rows is not None and hasattr(report, "tier"):
            worker = getattr(getattr(report, "node", None), "gateway", None)
            self.rows.write("\t".join(str(v) for v in (
                report.tier, f"{getattr(report, 'cpu_seconds', 0.0):.3f}",  # type: ignore[attr-defined]
                f"{report.duration:.3f}", f"{report.start:.3f}", f"{report.stop:.3f}",
                getattr(worker, "id", "-"), report.when, report.nodeid)) + "\n")

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        output = getattr(node, "workeroutput", {})
        if "cpu_seconds" in output:
            self.costs.workers[node.gateway.id] = float(output["cpu_seconds"])

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self.rows is not None:
            self.rows.close()
        if budget_applies() and over_budget(self.costs.by_game):
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        terminalreporter.section("cost by tier")
        for line in summary_lines(self.costs):
            terminalreporter.write_line(line)
        if budget_applies():
            for line in over_budget(self.costs.by_game):
                terminalreporter.write_line(f"OVER BUDGET {line}", red=True, bold=True)


def budget_applies() -> bool:
    """The budget holds at ``make test``'s sizes, not the deep mode's (ten times as big)."""
    return not DEEP


def pytest_configure(config: pytest.Config) -> None:
    if not _is_worker(config):
        config.pluginmanager.register(CostReport(config), "cost-report")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker hands its total CPU back to the main process."""
    if _is_worker(session.config):
        session.config.workeroutput["cpu_seconds"] = cpu_now()  # type: ignore[attr-defined]
