"""The tables the screens of this process follow: each read from the store by one task once
per tick, however many screens follow it, and every screen told when its version moves.

Nothing here knows of Streamlit or of sockets; ``ui.night.watch`` carries the versions to
the screens. The store may be another process's too (Redis behind several site
processes, or the SQLite file a script writes), so a change is seen by reading the
version, not by being told of it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, field

from starlette.concurrency import run_in_threadpool

ReadVersion = Callable[[str], "int | None"]
"""A table's version in the store, or None once it is gone (this blocks: it runs in a
thread)."""


@dataclass(slots=True)
class _Followed:
    """One followed table: the version last read, an event set when it moves, how many
    screens are waiting on it, and an event that has its reader read at once."""

    version: int | None
    moved: asyncio.Event = field(default_factory=asyncio.Event)
    screens: int = 0
    reader: asyncio.Task[None] | None = None
    nudged: asyncio.Event = field(default_factory=asyncio.Event)

    def read(self, version: int | None) -> None:
        if version != self.version:
            self.version = version
            moved, self.moved = self.moved, asyncio.Event()
            moved.set()


class Tables:
    """The followed tables of one process, by record id (one event loop's): shared by
    every screen on purpose, and holding nothing but versions."""

    __slots__ = ("_followed", "_loop", "_read_version", "_tick")

    def __init__(self, read_version: ReadVersion, tick: Callable[[], float]) -> None:
        self._read_version = read_version
        self._tick = tick
        self._followed: dict[str, _Followed] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def moved(self, record_id: str) -> None:
        """Read the table now rather than at the next tick: this process has just changed
        it. Safe from any thread (a page's run calls it)."""
        loop = self._loop
        if loop is not None and record_id in self._followed:
            with contextlib.suppress(RuntimeError):     # the loop has closed
                loop.call_soon_threadsafe(self._nudge, record_id)

    def _nudge(self, record_id: str) -> None:
        table = self._followed.get(record_id)
        if table is not None:
            table.nudged.set()

    def following(self) -> int:
        """How many tables some screen follows now."""
        return len(self._followed)

    async def versions(self, record_id: str) -> AsyncGenerator[int | None, None]:
        """The table's version now (read afresh: a screen that joins or wakes learns it at
        once), then each new one; ends after None, the table gone."""
        self._loop = asyncio.get_running_loop()
        version = await run_in_threadpool(self._read_version, record_id)
        table = self._followed.get(record_id)
        if table is None:
            table = self._followed[record_id] = _Followed(version)
            table.reader = asyncio.create_task(self._keep_reading(record_id, table))
        table.read(version)
        table.screens += 1
        try:
            while True:
                moved = table.moved
                yield table.version
                if table.version is None:
                    return
                await moved.wait()
        finally:
            table.screens -= 1
            if table.screens == 0 and self._followed.get(record_id) is table:
                del self._followed[record_id]
                if table.reader is not None:
                    table.reader.cancel()

    async def _keep_reading(self, record_id: str, table: _Followed) -> None:
        while table.version is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.nudged.wait(), self._tick())
            table.nudged.clear()
            try:
                table.read(await run_in_threadpool(self._read_version, record_id))
            except Exception:   # the store out of reach for a moment: read it again
                continue
