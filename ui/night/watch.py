"""How a game night's screen learns that its table moved, without a run of the page.

Each screen holds a small script (a Streamlit component) with a WebSocket open to the
site's ``/night-watch`` address. It sends the link's secret once, as its first message,
never in an address a log could keep; the site answers with the table's version, then
again each time it moves, and nothing else. Only when the version differs from the one
drawn does the script tell Streamlit, and then only the screen's fragment runs again,
not the whole page.

The site reads each followed table's version once per tick
(:data:`~ui.night.controller.POLL_ENV`), however many screens follow it
(``ui.night.follow``), and at once after a change it made itself: an idle screen costs
the server nothing but its open socket.
"""

from __future__ import annotations

import asyncio
import contextlib

import streamlit as st
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from ui.night.controller import Night, poll_seconds
from ui.night.follow import Tables
from ui.store import open_store

ADDRESS = "night-watch"
GONE = -1
"""The version told to a link that opens no table (wrong, replaced, or its night ended):
the screen redraws and says so."""
_SECRET_WAIT = 10.0
"""Seconds a new socket has to send its link's secret."""

_SCRIPT = """
export default function ({ data, parentElement, setTriggerValue }) {
  // Streamlit calls this again with each redraw's data, on the same element: one socket
  // per screen, opened on the first call, reads the latest of it.
  const watch = parentElement.nightWatch ??= { heard: null, told: null, toldAt: 0 };
  watch.data = data;
  watch.tell = setTriggerValue;
  // Tell Streamlit once per version; again only if no redraw came (a lost message).
  const tellIfMoved = () => {
    const version = watch.heard;
    if (version !== null && version !== watch.data.drawn &&
        (version !== watch.told || Date.now() - watch.toldAt > 5000)) {
      watch.told = version;
      watch.toldAt = Date.now();
      watch.tell("moved", version);
    }
  };
  if (watch.socket === undefined) {
    const open = () => {
      clearTimeout(watch.retry);
      const address = new URL(watch.data.address, window.location.href);
      address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
      const socket = watch.socket = new WebSocket(address);
      socket.onopen = () => socket.send(watch.data.secret);
      socket.onmessage = (message) => {
        watch.heard = JSON.parse(message.data).version;
        tellIfMoved();
      };
      // The site restarting, or the network gone for a moment: open again in a second.
      socket.onclose = () => {
        if (watch.socket === socket) watch.retry = setTimeout(open, 1000);
      };
    };
    // A phone whose screen was off may hold a socket that died meanwhile: open a new one.
    watch.woken = () => {
      if (document.visibilityState !== "visible") return;
      const old = watch.socket;
      open();
      old.close();
    };
    watch.check = setInterval(tellIfMoved, 5000);
    document.addEventListener("visibilitychange", watch.woken);
    open();
  }
  tellIfMoved();
  return () => {
    const socket = watch.socket;
    watch.socket = undefined;
    socket.close();
    clearTimeout(watch.retry);
    clearInterval(watch.check);
    document.removeEventListener("visibilitychange", watch.woken);
  };
}
"""
_watcher = st.components.v2.component("night_watch", js=_SCRIPT)


def watch(secret: str, drawn: int) -> None:
    """Redraw the fragment this is called in when the table leaves version ``drawn``."""
    _watcher(key="night_watch", data={"address": ADDRESS, "secret": secret, "drawn": drawn},
             on_moved_change=lambda: None,   # a callback subscribes the fragment to the trigger
             height=0)


def _version_of_table(record_id: str) -> int | None:
    return Night(open_store()).version(record_id)


_TABLES = Tables(_version_of_table, poll_seconds)


def table_moved(record_id: str) -> None:
    """A change this process made: the screens that follow the table hear of it now, not
    at the next read (a change made elsewhere waits for that)."""
    _TABLES.moved(record_id)


async def follow(socket: WebSocket) -> None:
    """Tell a screen its table's version, now and at every move, while its link opens the
    table; :data:`GONE` once it does not (and the socket closes)."""
    await socket.accept()
    try:
        secret = await asyncio.wait_for(socket.receive_text(), _SECRET_WAIT)
    except (TimeoutError, WebSocketDisconnect, KeyError):
        return await _close(socket)
    night = Night(open_store())
    seat = await run_in_threadpool(night.find, secret)
    if seat is None:
        await socket.send_json({"version": GONE})
        return await _close(socket)
    telling = asyncio.ensure_future(_tell(socket, night, secret, seat.record_id))
    closed = asyncio.ensure_future(_until_closed(socket))
    await asyncio.wait({telling, closed}, return_when=asyncio.FIRST_COMPLETED)
    for task in (telling, closed):
        task.cancel()
    await asyncio.gather(telling, closed, return_exceptions=True)   # a send to a gone screen
    await _close(socket)


async def _tell(socket: WebSocket, night: Night, secret: str, record_id: str) -> None:
    """Send each version of the table while the link still opens it (a new link for the
    seat, or the night ended, closes it at the next move)."""
    async with contextlib.aclosing(_TABLES.versions(record_id)) as versions:
        async for version in versions:
            seat = None if version is None else await run_in_threadpool(night.find, secret)
            still = seat is not None and seat.record_id == record_id
            await socket.send_json({"version": version if still else GONE})
            if not still:
                return


async def _until_closed(socket: WebSocket) -> None:
    """Wait until the screen closes its socket (it sends nothing after its secret)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await socket.receive_text()


async def _close(socket: WebSocket) -> None:
    with contextlib.suppress(RuntimeError):
        await socket.close()
