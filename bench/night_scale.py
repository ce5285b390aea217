"""A long game night through the controller: does a decision cost the same at hand 200 as
at hand 1?

Six people play ``HANDS`` hands of seven-card stud on a SQLite file, every decision
made through ``Night.decide`` on the version the screen showed, each followed by the
``Night.snapshot`` that the site replays once for every screen of the table. Each calls
the cheapest legal check or call, so every hand goes to the showdown and has about the
same number of decisions; the host takes a rebuy between hands for anyone below
``REBUY_BELOW`` chips, so the table stays full. Printed for the hands around 1, 100 and
200: the server's CPU per decision (median, decide and snapshot together) and the
bytes written to the store per decision (the record rewritten by each decision, and the
finished hand appended to the log once, spread over the hand's decisions), with the
ratios of hand 200 to hand 1 (the target is at most 1.3 on both).

Run: ``python -m bench night_scale`` (``HANDS`` can be lowered with
``DEALERS_CHOICE_BENCH_HANDS`` for a quick look).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path

from engine.state import ActionKind
from ui.night import record
from ui.night.controller import Night, Seat
from ui.store.sqlite_store import SQLiteStore

HANDS = int(os.environ.get("DEALERS_CHOICE_BENCH_HANDS", "200"))
PLAYERS = 6
GAME = "seven-card-stud"
REBUY_BELOW, REBUY = 100, 200
WINDOW = 3
"""Hands measured at each point (the first three; those ending at 100 and at 200): their
decisions pooled."""


class CountingStore(SQLiteStore):
    """The site's SQLite store, counting the characters it writes (records and log entries)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.written = 0

    def _write_if(self, record_id: str, expected: int, version: int, updated: float,
                  text: str) -> bool:
        self.written += len(text.encode())
        return super()._write_if(record_id, expected, version, updated, text)

    def _append(self, record_id: str, index: int, text: str) -> int | None:
        self.written += len(text.encode())
        return super()._append(record_id, index, text)


def _points(hands: int) -> list[int]:
    return sorted({1, max(1, hands // 2), hands})


def _window(point: int) -> tuple[int, int]:
    """The first and last hand pooled for ``point``: the first hands for hand 1, else the
    hands ending at ``point``."""
    return (1, WINDOW) if point == 1 else (point - WINDOW + 1, point)


def _play_hand(night: Night, store: CountingStore, seats: Mapping[int, Seat],
               record_id: str) -> tuple[list[float], int, int]:
    """One hand by check-or-call: CPU seconds of each decision, bytes written, decisions."""
    cpu: list[float] = []
    written = store.written
    snap = night.snapshot(record_id)
    while snap.state is not None and not snap.state.is_over:
        engine_seat = snap.state.to_act[0]
        player = snap.data["hand"]["seats"][engine_seat]
        legal = snap.state.legal_actions(engine_seat)
        action = next((a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)),
                      None) or next((a for a in legal if a.kind is not ActionKind.FOLD),
                                    legal[0])
        start = time.process_time()
        outcome = night.decide(seats[player], snap.version, action)
        snap = night.snapshot(record_id)
        cpu.append(time.process_time() - start)
        assert outcome.ok, outcome.message
    return cpu, store.written - written, len(cpu)


def _between_hands(night: Night, host: Seat, seats: Mapping[int, Seat], record_id: str) -> None:
    data = night.snapshot(record_id).data
    for player, chips in enumerate(data["chips"]):
        if chips < REBUY_BELOW:
            assert night.rebuy(host, player, REBUY).ok
    snap = night.snapshot(record_id)
    dealer = record.chooser(snap.data)
    seat = host if dealer is None else seats[dealer]
    outcome = night.deal_next(seat, snap.version, game_id=GAME)
    assert outcome.ok, outcome.message


def measure(hands: int = HANDS) -> dict[int, tuple[float, float, int]]:
    """Hand -> (median CPU seconds per decision, bytes written per decision, record size)
    at each measured point, pooled over :data:`WINDOW` hands ending there."""
    with tempfile.TemporaryDirectory() as folder:
        store = CountingStore(Path(folder) / "night.sqlite3")
        night = Night(store)
        record_id, shown = night.create(people=[True] * PLAYERS, game_id=GAME, seed=1)
        seats = {p: seat for p in range(PLAYERS)
                 if (seat := night.open(shown[record.seat_role(p)])) is not None}
        host = night.open(shown["host"])
        assert host is not None and len(seats) == PLAYERS
        points = _points(hands)
        pooled: dict[int, tuple[list[float], int, int]] = {}
        figures: dict[int, tuple[float, float, int]] = {}
        for number in range(1, hands + 1):
            if number > 1:
                _between_hands(night, host, seats, record_id)
            cpu, written, decisions = _play_hand(night, store, seats, record_id)
            point = next((p for p in points if _window(p)[0] <= number <= _window(p)[1]), None)
            if point is None:
                continue
            times, total, count = pooled.get(point, ([], 0, 0))
            pooled[point] = (times + cpu, total + written, count + decisions)
            if number == _window(point)[1]:
                times, total, count = pooled[point]
                size = len(json.dumps(store.load(record_id).data))
                figures[point] = (statistics.median(times), total / count, size)
        assert store.entry_count(record_id) == hands
        store.close()
    return figures


def main() -> None:
    figures = measure()
    print(f"A {HANDS}-hand night of {PLAYERS} people ({GAME}), through the controller on "
          f"SQLite; each point pools the decisions of {WINDOW} hands (from hand 1; "
          "ending at the others).")
    print(f"{'hand':>6} {'CPU ms/decision':>16} {'bytes/decision':>15} {'record data':>13}")
    for hand, (cpu, written, size) in sorted(figures.items()):
        print(f"{hand:>6} {cpu * 1000:>16.2f} {written:>15.0f} {size:>13}")
    first, last = figures[min(figures)], figures[max(figures)]
    print(f"hand {max(figures)} / hand {min(figures)}: CPU {last[0] / first[0]:.2f}, "
          f"bytes {last[1] / first[1]:.2f} (target: at most 1.3 on both)")


if __name__ == "__main__":
    main()
