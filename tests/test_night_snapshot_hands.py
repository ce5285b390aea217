"""A snapshot read between the write that finished a hand and that hand's entry in the
night's log (another screen's read, in the moment before the writer logs it, or after a
writer stopped) holds the hand all the same: the screens share one snapshot per version,
so a short one would stay on every screen until the table moved again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.support.night import open_all, play_out
from ui.night import hands_log, record
from ui.night.controller import Night
from ui.night.watch import Snapshots
from ui.store.sqlite_store import SQLiteStore


def test_a_hand_finished_but_not_yet_logged_is_in_the_snapshot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    night = Night(SQLiteStore(tmp_path / "night.sqlite3"))
    record_id, links = night.create(people=[True, True], names=["Ann", "Ben"],
                                    game_id="five-card-draw", seed=3)
    seats = open_all(night, links)
    with monkeypatch.context() as writer_not_yet_logged:
        writer_not_yet_logged.setattr(hands_log, "log_finished", lambda *_: None)
        play_out(night, seats, record_id, random.Random(1))
    version = night.version(record_id)
    assert version is not None
    snap = Snapshots().at(night, record_id, version)
    assert record.played(snap.data) == 1
    assert [hand["number"] for hand in snap.data["hands"]] == [1], \
        "the finished hand is missing from the night's hands"
