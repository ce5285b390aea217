"""The store's version read, a decision's update and a log's append, SQLite against Redis.

The site reads the version of every table a game night's screen follows four
times a second, so ``version()`` is the call that multiplies with tables;
``update()`` is one decision (a read, the change, a compare-and-set write);
``append()`` adds an entry to a record's log, timed at entry 1 and at entry 10,000
(their ratio, printed after the table, should stay near 1).
Both back ends are measured in the same run on this machine: SQLite as a
file in a temporary folder (WAL mode, as the site uses it), Redis as a
private ``redis-server`` on a loopback port. The table appended to already
holds ``PRIOR`` decisions, about a long hand's worth, so each append carries
a realistic record. The ratio column is Redis's time over SQLite's.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tests.support.local_redis import LocalRedis
from ui.store import RecordStore, issue
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore

CALLS = {"version": 3000, "find": 1000, "load": 1000, "update": 300, "append": 300,
         "append@10k": 300}
PRIOR = 200
LONG_LOG = 10_000
"""The log length at which an append is timed against the first."""
ANSWER = {"question": "partner/tricky/123456", "choice": "seat:3", "correct": False,
          "seconds": 4.25, "at": 1_800_000_000.0}
"""A learner's answer, as an entry of a realistic size."""
ROUNDS = 3
"""Each figure is the median of this many rounds, against a busy shared machine's noise."""


def _per_call(calls: int, call: Callable[[int], object]) -> float:
    """Median seconds per call over ``ROUNDS`` rounds of ``calls`` calls."""
    rounds = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for i in range(calls):
            call(i)
        rounds.append((time.perf_counter() - start) / calls)
    return statistics.median(rounds)


def measure(store: RecordStore) -> dict[str, float]:
    shown, keys = issue(["host", "tv", *(f"seat:{n}" for n in range(8))])
    actions = [{"seat": n % 8, "act": "call", "amount": 10} for n in range(PRIOR)]
    record_id = store.create("table", {"game": "stud", "actions": actions}, keys=keys)
    secret = shown["seat:3"]
    figures = {
        "version": _per_call(CALLS["version"], lambda _: store.version(record_id)),
        "find": _per_call(CALLS["find"], lambda _: store.find(secret)),
        "load": _per_call(CALLS["load"], lambda _: store.load(record_id)),
    }

    def update(i: int) -> object:
        return store.update(record_id, store.version(record_id), lambda data: {
            **data, "actions": [*data["actions"], {"seat": i % 8, "act": "raise", "amount": 20}]})

    figures["update"] = _per_call(CALLS["update"], update)
    store.delete(record_id)
    figures["append"], figures["append@10k"] = _appends(store)
    return figures


def _appends(store: RecordStore) -> tuple[float, float]:
    """Seconds per append to a new log and to one already ``LONG_LOG`` entries long.

    The two are timed in alternating batches on the same file or server, so a busy
    moment of the machine falls on both alike; each figure is the median batch."""
    short, long = (store.create("learner", {}, keys=issue(["learner"])[1]) for _ in range(2))
    for n in range(LONG_LOG):
        store.append(long, n, ANSWER)
    batch = 25
    timed: dict[str, list[float]] = {short: [], long: []}
    for _ in range(CALLS["append"] // batch):
        for record_id, times in timed.items():
            first = store.entry_count(record_id)
            start = time.perf_counter()
            for n in range(first, first + batch):
                store.append(record_id, n, ANSWER)
            times.append((time.perf_counter() - start) / batch)
    for record_id in timed:
        store.delete(record_id)
    return statistics.median(timed[short]), statistics.median(timed[long])


def main() -> None:
    print(__doc__.split("\n\n")[0])
    with tempfile.TemporaryDirectory(prefix="dealers-choice-bench-") as folder, \
            LocalRedis() as server:
        with SQLiteStore(Path(folder) / "store.sqlite3") as sqlite:
            lite = measure(sqlite)
        with RedisStore(server.url, prefix="bench:") as redis:
            red = measure(redis)
    print(f"\n{'call':<10}{'SQLite':>12}{'Redis':>12}{'Redis/SQLite':>14}   "
          f"(microseconds per call, median of {ROUNDS} rounds)")
    for call in CALLS:
        print(f"{call:<10}{lite[call] * 1e6:>12.1f}{red[call] * 1e6:>12.1f}"
              f"{red[call] / lite[call]:>14.2f}")
    print(f"\nAn append at entry {LONG_LOG:,} over one at entry 1: "
          f"SQLite {lite['append@10k'] / lite['append']:.2f}, "
          f"Redis {red['append@10k'] / red['append']:.2f}")
    reads = 1 / lite["version"], 1 / red["version"]
    print(f"\nOne process can read about {reads[0]:,.0f} versions a second from SQLite and "
          f"{reads[1]:,.0f} from Redis: at four reads a second per followed table, a "
          "quarter of that many tables.")


if __name__ == "__main__":
    main()
