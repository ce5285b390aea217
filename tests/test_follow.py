"""The site follows each table a screen watches with one reader, however many screens
watch it, on a real SQLite store."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from ui.night.controller import Night
from ui.night.follow import Tables
from ui.store import store_from_url

TICK = 0.05


def test_one_read_a_tick_serves_every_screen_of_a_table(tmp_path: Path) -> None:
    night = Night(store_from_url(str(tmp_path / "store.sqlite3")))
    record_id, shown = night.create(people=[True, True, False], game_id="psycho")
    host = night.find(shown["host"])
    assert host is not None
    reads: list[str] = []

    def read(table: str) -> int | None:
        reads.append(table)
        return night.version(table)

    tables = Tables(read, lambda: TICK)

    async def five_screens() -> None:
        screens = [tables.versions(record_id) for _ in range(5)]
        assert [await anext(s) for s in screens] == [night.version(record_id)] * 5
        assert tables.following() == 1
        reads.clear()
        await asyncio.sleep(10 * TICK)
        assert 1 <= len(reads) <= 12, "each screen read the table itself"
        await asyncio.to_thread(night.pause, host, True)
        moved = [await asyncio.wait_for(anext(s), 5) for s in screens]
        assert moved == [night.version(record_id)] * 5
        for screen in screens[:4]:
            await screen.aclose()
        assert tables.following() == 1, "the last screen still follows"
        await asyncio.to_thread(night.remove, host)
        assert await asyncio.wait_for(anext(screens[4]), 5) is None
        with pytest.raises(StopAsyncIteration):
            await anext(screens[4])
        assert tables.following() == 0
        reads.clear()
        await asyncio.sleep(4 * TICK)
        assert reads == [], "a table nobody follows is still read"

    _run(five_screens())
    night.store.close()


def test_a_change_made_in_this_process_is_told_before_the_next_read(tmp_path: Path) -> None:
    store = store_from_url(str(tmp_path / "store.sqlite3"))
    tables = Tables(Night(store).version, lambda: 30.0)     # a tick longer than the test
    night = Night(store, moved=tables.moved)
    record_id, shown = night.create(people=[True, True], game_id="seven-card-stud")
    host = night.find(shown["host"])
    assert host is not None

    async def a_pause() -> None:
        screen = tables.versions(record_id)
        drawn = await anext(screen)
        await asyncio.sleep(0.05)           # the reader now waits for its tick
        assert (await asyncio.to_thread(night.pause, host, True)).ok
        assert await asyncio.wait_for(anext(screen), 2) == night.version(record_id) != drawn
        await screen.aclose()

    _run(a_pause())
    store.close()


def _run(scenario: Coroutine[Any, Any, None]) -> None:
    """Run ``scenario`` on an event loop in a thread of its own: a browser test before this
    one in the same worker may leave an event loop running in this one."""
    with ThreadPoolExecutor(1) as loop_thread:
        loop_thread.submit(asyncio.run, scenario).result()
