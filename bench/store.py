"""How long the store's version read and a decision's append take, SQLite against Redis.

The site reads the version of every table a game night's screen follows four
times a second, so ``version()`` is the call that multiplies with tables;
``append()`` is one decision (a read, the change, a compare-and-set write).
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

from tests.local_redis import LocalRedis
from ui.store import RecordStore, issue
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore

CALLS = {"version": 3000, "find": 1000, "load": 1000, "append": 300}
PRIOR = 200
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

    def append(i: int) -> object:
        return store.append(record_id, store.version(record_id), "actions",
                            {"seat": i % 8, "act": "raise", "amount": 20})

    figures["append"] = _per_call(CALLS["append"], append)
    store.delete(record_id)
    return figures


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
    reads = 1 / lite["version"], 1 / red["version"]
    print(f"\nOne process can read about {reads[0]:,.0f} versions a second from SQLite and "
          f"{reads[1]:,.0f} from Redis: at four reads a second per followed table, a "
          "quarter of that many tables.")


if __name__ == "__main__":
    main()
