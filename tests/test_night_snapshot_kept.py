"""What a snapshot's screens draw is made once a version: the public view the host and the
TV share, each screen's parts (its run and its socket's push), the named narration every
screen shows again. A screen still gets its own copy of its parts."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.night import open_all
from ui.night.controller import Night
from ui.night.parts import parts_for, viewer_view
from ui.night.show import named_events
from ui.store import STORE_ENV, close_stores, open_store


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "night.sqlite3"))
    close_stores()
    yield Night(open_store())
    close_stores()


def test_a_snapshot_makes_each_view_and_each_screen_once(night: Night) -> None:
    record_id, links = night.create(people=[True, True, False], names=["Ann", "Ben", "Cy"],
                                    game_id="texas-holdem", seed=3)
    seats = open_all(night, links)
    snap = night.snapshot(record_id)
    assert snap.view_for(seats["host"]) is snap.view_for(seats["tv"])
    assert viewer_view(seats["seat:0"], snap) is viewer_view(seats["seat:0"], snap)
    for seat in seats.values():
        first = parts_for(seat, snap, four_colour=False)
        first["table"] = "changed by its screen"
        again = parts_for(seat, snap, four_colour=False, view=viewer_view(seat, snap))
        assert again != first and again == parts_for(seat, snap, four_colour=False)
    events = viewer_view(seats["tv"], snap).events
    assert all(a is b for a, b in zip(named_events(events, snap.data),
                                      named_events(events, snap.data), strict=True))


def test_screens_drawing_at_once_get_the_same_parts(night: Night) -> None:
    record_id, links = night.create(people=[True, False, False], game_id="omaha", seed=4)
    seats = open_all(night, links)
    snap = night.snapshot(record_id)
    drawn: list[dict[str, str]] = []
    threads = [threading.Thread(target=lambda: drawn.append(
        parts_for(seats["seat:0"], snap, four_colour=False))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    fresh = night.snapshot(record_id)
    assert drawn == [parts_for(seats["seat:0"], fresh, four_colour=False)] * 4
