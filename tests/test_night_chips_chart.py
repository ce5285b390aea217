"""The chips over the night count a chair from the first hand it sat at: a chair added
later is drawn from then on, never as 0 chips before it existed."""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.support.night import deal_next, open_all, play_out
from ui.night import record
from ui.night.controller import Night
from ui.night.show import chips_html, chips_table, stacks_chart
from ui.store.sqlite_store import SQLiteStore


def test_a_chair_added_later_is_not_drawn_before_it_sat_down(tmp_path: Path) -> None:
    night = Night(SQLiteStore(tmp_path / "night.sqlite3"))
    record_id, links = night.create(people=[True, False], names=["Ann", "Robo"], chips=100,
                                    game_id="seven-card-stud", seed=2)
    seats = open_all(night, links)
    rng = random.Random(2)
    play_out(night, seats, record_id, rng)
    assert night.add_seat(seats["host"], person=False, name="Late", chips=300).ok
    deal_next(night, seats, record_id, "seven-card-stud")
    play_out(night, seats, record_id, rng)
    data = night.snapshot(record_id).data
    table = chips_table(data)
    rows = [list(row) for row in table.rows]
    assert [row[2] for row in rows] == [None, None, data["chips"][2]], rows
    assert all(isinstance(chips, int) for row in rows for chips in row[:2])
    late = next(trace for trace in stacks_chart(table).data if trace.name == "Late")
    assert list(late.x) == [2] and list(late.y) == [data["chips"][2]], \
        "the chart draws Late only from the hand it played"
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", chips_html(table))
    assert "0" not in cells[-3:], "the first row shows no 0 chips for Late"
    assert record.chips_over_night(data)[0][2] is None
