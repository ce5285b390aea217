"""A computer player acting in the table's own thread waits a beat before it thinks, so that
its thinking (which shares the site's Python interpreter with every screen's redraw) never
slows the screens' drawing of the move before it: with three computer players and their
decisions thought out at once, a tap reached some screens only after a second."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from engine.state import ActionKind
from tests.support.night import open_all
from ui.night import controller, record
from ui.night.controller import Night
from ui.store.sqlite_store import SQLiteStore


def test_no_computer_player_thinks_until_the_screens_have_had_their_beat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    thought: list[float] = []
    written: list[float] = []
    thinking = record.computer_move

    def timed(data: Any) -> Any:
        thought.append(time.monotonic())
        return thinking(data)

    monkeypatch.setattr(record, "computer_move", timed)
    monkeypatch.setattr(controller, "BEAT", 0.3)
    acted = threading.Event()
    store = SQLiteStore(tmp_path / "night.sqlite3")

    def moved(record_id: str) -> None:
        written.append(time.monotonic())
        if len(written) > 1:
            acted.set()

    night = Night(store, moved=moved, computers_later=True)
    record_id, links = night.create(people=[True] + [False] * 3, names=["Ann"],
                                    game_id="texas-holdem", seed=4)
    seats = open_all(night, links)
    deadline = time.monotonic() + 20
    while not (snap := night.snapshot(record_id)).view_for(seats["seat:0"]).legal:
        assert time.monotonic() < deadline, "Ann's turn never came"
        time.sleep(0.02)
    thought.clear()
    written.clear()
    acted.clear()
    view = snap.view_for(seats["seat:0"])
    calm = [a for a in view.legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
    assert night.decide(seats["seat:0"], snap.version, (calm or list(view.legal))[0]).ok
    assert acted.wait(10), "the computer players never acted"
    assert thought and thought[0] - written[0] >= 0.3 * 0.9, \
        "a computer player thought before the screens had drawn Ann's decision"
