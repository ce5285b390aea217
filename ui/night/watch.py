"""How a game night's screen follows its table, without a run of the page for every move.

Each screen holds a small script (a Streamlit component) with a WebSocket open to the
site's ``/night-watch`` address. It sends the link's secret once, as its first message,
never in an address a log could keep, and then the version each run of the screen drew.
The site answers with the table's version, then again each time it moves. When only a
decision moved it and the screen's controls stay as they are (``ui.night.parts``), the
answer carries the screen's new parts too, drawn from that screen's own view, and the
script puts them in place. Otherwise the script tells Streamlit, and only the screen's
fragment runs again, not the whole page. After a tap on the screen, which runs it anyway,
it first waits for that run's redraw (a second, or while the run goes on): a decision
made on a phone costs that phone one run, not two.

On a phone the script also says when it is the guest's turn where a look at the phone
shows it: the tab's title says "Your turn", the phone buzzes where the browser allows
it, and the decision is scrolled into view, once each time the turn comes. While its
socket is down it says the screen is reconnecting.

The site reads each followed table's version once per tick
(:data:`~ui.night.controller.POLL_ENV`), however many screens follow it
(``ui.night.follow``), and at once after a change it made itself: an idle screen costs
the server nothing but its open socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from typing import Any

import streamlit as st
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ui.night.controller import Night, Seat, Snapshot, poll_seconds
from ui.night.follow import Tables
from ui.night.parts import only_parts_moved, parts_for
from ui.store import NotFound, open_store

ADDRESS = "night-watch"
GONE = -1
"""The version told to a link that opens no table (wrong, replaced, or its night ended):
the screen redraws and says so."""
_SECRET_WAIT = 10.0
"""Seconds a new socket has to send its link's secret."""
_KEPT = 4
"""How many of the latest versions a screen's socket keeps, for its run to report having
drawn one (and take the parts of the next on top of it)."""

_SCRIPT = """
// The element that scrolls ``element``: its nearest scrolling box, or the page.
const scrollerOf = (element) => {
  for (let box = element.parentElement; box !== null; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && box.scrollHeight > box.clientHeight) {
      return box;
    }
  }
  return document.scrollingElement;
};

// Keep ``selector`` whole on the screen, below Streamlit's top bar, for the next few
// seconds while the page settles around it (cards and buttons still arriving move it),
// unless the guest scrolls meanwhile. ``toTop``: its top just below the bar (the next
// game's list opens downwards, and a scroll closes it; a result reads from its top);
// else just onto the screen, or from its top when it is taller than the screen.
const bring = (watch, selector, toTop) => {
  const started = Date.now();
  const turn = watch.bringing = {};
  const stop = () => { turn.stopped = true; };
  for (const kind of ["wheel", "touchmove", "keydown"]) {
    window.addEventListener(kind, stop, { once: true, passive: true });
  }
  const step = () => {
    if (turn.stopped || watch.bringing !== turn || Date.now() - started > 4000) return;
    const element = document.querySelector(selector);
    if (element !== null && element.offsetParent !== null) {
      const header = document.querySelector("[data-testid='stHeader']");
      const bar = header === null ? 0 : Math.max(0, header.getBoundingClientRect().bottom);
      const box = element.getBoundingClientRect();
      const room = window.innerHeight - bar - 16;
      let by = 0;
      if (toTop || box.height > room) by = box.top - bar - 8;
      else if (box.bottom > window.innerHeight - 8) by = box.bottom - window.innerHeight + 8;
      else if (box.top < bar + 8) by = box.top - bar - 8;
      if (Math.abs(by) > 2) scrollerOf(element).scrollBy({ top: by, behavior: "instant" });
    }
    setTimeout(step, 120);
  };
  setTimeout(step, 30);
};

export default function ({ data, parentElement, setTriggerValue }) {
  // Streamlit calls this again with each redraw's data, on the same element: one socket
  // per screen, opened on the first call, reads the latest of it.
  const watch = parentElement.nightWatch ??=
    { heard: null, told: null, toldAt: 0, tappedAt: 0, tappedOn: null };
  watch.data = data;
  watch.tell = setTriggerValue;
  // A phone's turn: the title says so on every redraw (a run sets the page's own title);
  // the buzz and the bringing into view once per turn (a new turn has a new name: the
  // dealer who deals a game everyone starts at once has a new turn at once).
  const turnWords = "Your turn · ";
  const title = document.title.startsWith(turnWords) ? document.title.slice(turnWords.length)
                                                     : document.title;
  document.title = data.turn ? turnWords + title : title;
  if (data.turn && data.turn !== watch.turn) {
    try { navigator.vibrate?.([200, 100, 200]); } catch (refused) { /* not allowed here */ }
    bring(watch, ".st-key-night_decision", data.deals);
  } else if (!data.turn && data.ended && data.ended !== watch.ended) {
    bring(watch, ".st-key-night_result", true);
  } else if (data.started && data.started !== watch.started && watch.started !== undefined) {
    // A new hand: the guest's own cards, not the last hand's result scrolled to.
    bring(watch, "[data-night-part='mine']", false);
  }
  watch.turn = data.turn;
  watch.ended = data.ended;
  watch.started = data.started;
  // While the socket is down (the phone offline, the site restarting), the screen says so.
  const offline = (down) => {
    clearTimeout(watch.offlineSoon);
    let banner = document.getElementById("night-offline");
    if (!down) {
      banner?.remove();
      return;
    }
    watch.offlineSoon = setTimeout(() => {
      if (banner === null) {
        banner = document.createElement("div");
        banner.id = "night-offline";
        banner.setAttribute("role", "status");
        banner.textContent = "Reconnecting to the table… this screen lost its connection.";
        banner.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:1000001;" +
          "padding:12px 16px;background:#8c1d18;color:#fff;font:600 18px sans-serif;" +
          "text-align:center";
        document.body.appendChild(banner);
      }
    }, 1500);
  };
  // The version the screen shows: the one its run drew, or a later one whose parts came
  // over the socket on top of that run.
  const shown = () => watch.pushed?.on === watch.data.drawn ? watch.pushed.version
                                                            : watch.data.drawn;
  // A tap on this screen runs it again by itself: a version heard before that run's
  // redraw waits for it (a second run would draw the same table). It waits a second, or
  // while the page's run goes on, five at most.
  const awaitingTap = () => {
    if (watch.data.drawn !== watch.tappedOn) return false;
    const sinceTap = Date.now() - watch.tappedAt;
    const app = document.querySelector("[data-testid='stApp']");
    return sinceTap < 1000 || (app?.dataset.testScriptState === "running" && sinceTap < 5000);
  };
  // Tell Streamlit once per version newer than the screen shows (a run may already have
  // drawn a later one than the socket has said), or that the link is gone (GONE, below
  // 0); again only if no redraw came (a lost message).
  const tellIfMoved = () => {
    const version = watch.heard;
    if (awaitingTap()) {
      clearTimeout(watch.held);
      watch.held = setTimeout(tellIfMoved, 100);
      return;
    }
    if (version !== null && (version > shown() || version < 0) &&
        (version !== watch.told || Date.now() - watch.toldAt > 5000)) {
      watch.told = version;
      watch.toldAt = Date.now();
      watch.tell("moved", version);
    }
  };
  // The site sends parts only on top of the run this screen shows: it is told each one.
  const report = () => {
    const socket = watch.socket;
    const drawn = JSON.stringify({ drawn: watch.data.drawn, four: watch.data.four });
    if (socket?.readyState === WebSocket.OPEN && socket.reported !== drawn) {
      socket.send(drawn);
      socket.reported = drawn;
    }
  };
  // Parts go on top of the run they were sent for, whose own elements may still be
  // arriving (the run that drew them is slow, or the page draws that version again): each
  // such element replaces what was put in its place. So each part put is marked with the
  // version it shows, and put again in any element of that run (or an older one) without
  // that mark, while the page runs and for a moment after; never in a later run's.
  const put = () => {
    const pushed = watch.pushed;
    if (pushed?.on !== watch.data.drawn) return false;
    const mark = String(pushed.version);
    for (const [name, markup] of Object.entries(pushed.parts)) {
      for (const part of document.querySelectorAll(`[data-night-part="${name}"]`)) {
        if (part.dataset.nightPushed !== mark && !(Number(part.dataset.nightDrawn) > pushed.on)) {
          part.innerHTML = markup;
          part.dataset.nightPushed = mark;
        }
      }
    }
    return true;
  };
  const keepPut = () => {
    clearTimeout(watch.keeping);
    if (!put()) return;
    const app = document.querySelector("[data-testid='stApp']");
    if (app?.dataset.testScriptState === "running") watch.keepUntil = Date.now() + 1500;
    if (Date.now() < watch.keepUntil) watch.keeping = setTimeout(keepPut, 100);
  };
  const keepPutting = () => {
    watch.keepUntil = Date.now() + 1500;
    keepPut();
  };
  const take = (told) => {
    if (!told.parts || told.on !== watch.data.drawn || told.version <= shown()) return;
    watch.pushed = { on: told.on, version: told.version, parts: told.parts };
    keepPutting();
  };
  if (watch.socket === undefined) {
    const open = () => {
      clearTimeout(watch.retry);
      const address = new URL(watch.data.address, window.location.href);
      address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
      const socket = watch.socket = new WebSocket(address);
      socket.onopen = () => {
        offline(false);
        socket.send(watch.data.secret);
        report();
      };
      socket.onmessage = (message) => {
        offline(false);
        const told = JSON.parse(message.data);
        take(told);
        watch.heard = told.version;
        tellIfMoved();
      };
      // The site restarting, or the network gone for a moment: open again in a second.
      socket.onclose = () => {
        if (watch.socket !== socket) return;
        offline(true);
        watch.retry = setTimeout(open, 1000);
      };
    };
    // A phone whose screen was off may hold a socket that died meanwhile: open a new one.
    watch.woken = () => {
      if (document.visibilityState !== "visible") return;
      const old = watch.socket;
      open();
      old.close();
    };
    watch.tapped = () => {
      watch.tappedAt = Date.now();
      watch.tappedOn = watch.data.drawn;
    };
    watch.check = setInterval(tellIfMoved, 5000);
    watch.lost = () => offline(true);
    window.addEventListener("offline", watch.lost);
    document.addEventListener("visibilitychange", watch.woken);
    document.addEventListener("click", watch.tapped, true);
    open();
  }
  report();
  keepPutting();
  tellIfMoved();
  return () => {
    const socket = watch.socket;
    watch.socket = undefined;
    socket.close();
    clearTimeout(watch.retry);
    clearInterval(watch.check);
    clearTimeout(watch.held);
    clearTimeout(watch.keeping);
    clearTimeout(watch.offlineSoon);
    document.getElementById("night-offline")?.remove();
    window.removeEventListener("offline", watch.lost);
    document.removeEventListener("visibilitychange", watch.woken);
    document.removeEventListener("click", watch.tapped, true);
  };
}
"""
_watcher = st.components.v2.component("night_watch", js=_SCRIPT)


def watch(secret: str, drawn: int, *, four_colour: bool, turn: str = "",
          deals: bool = False, ended: str = "", started: str = "") -> None:
    """Follow the table from version ``drawn``: take its new parts in place, or redraw the
    fragment this is called in (``four_colour``: the deck the parts are drawn in; ``turn``:
    the name of the guest's turn waiting on this screen, "" when none, a new name for each
    new turn; ``deals``: that turn is naming the next game; ``ended``: the name of the
    hand this guest played that has just ended, whose result the phone brings into
    view; ``started``: the name of the hand this guest is dealt into, whose cards the
    phone brings back into view when it starts)."""
    _watcher(key="night_watch", data={"address": ADDRESS, "secret": secret, "drawn": drawn,
                                      "four": four_colour, "turn": turn, "deals": deals,
                                      "ended": ended, "started": started},
             on_moved_change=lambda: None,   # a callback subscribes the fragment to the trigger
             height=0)


def _version_of_table(record_id: str) -> int | None:
    return Night(open_store()).version(record_id)


_TABLES = Tables(_version_of_table, poll_seconds)


class Snapshots:
    """The latest snapshot of each table this process's screens follow, replayed once for
    all of them: every screen's run and socket draws its own view from it, and nothing of
    it leaves the server but that. A version names one content, so a snapshot kept for a
    version is that version's. Shared by the runs' and the sockets' threads, under a lock;
    nobody changes a snapshot."""

    __slots__ = ("_kept", "_lock", "_most")

    def __init__(self, most: int = 64) -> None:
        self._kept: dict[str, Snapshot] = {}
        self._lock = threading.Lock()
        self._most = most

    def at(self, night: Night, record_id: str, version: int) -> Snapshot:
        """The table at ``version``, or later if it has moved on since."""
        with self._lock:
            kept = self._kept.get(record_id)
        if kept is not None and kept.version >= version:
            return kept
        snap = night.snapshot(record_id)
        with self._lock:
            kept = self._kept.pop(record_id, None)
            self._kept[record_id] = snap if kept is None or snap.version >= kept.version \
                else kept
            while len(self._kept) > self._most:
                del self._kept[next(iter(self._kept))]
        return snap


_SNAPSHOTS = Snapshots()


def latest(night: Night, record_id: str) -> Snapshot | None:
    """The table now, replayed once for all of this process's screens that draw it; None
    once it is gone."""
    version = night.version(record_id)
    try:
        return None if version is None else _SNAPSHOTS.at(night, record_id, version)
    except NotFound:
        return None


def table_moved(record_id: str) -> None:
    """A change this process made: the screens that follow the table hear of it now, not
    at the next read (a change made elsewhere waits for that)."""
    _TABLES.moved(record_id)


async def follow(socket: WebSocket) -> None:
    """Tell a screen its table's version, now and at every move, with the parts it changed
    when they alone did, while its link opens the table; :data:`GONE` once it does not
    (and the socket closes)."""
    await socket.accept()
    try:
        secret = await asyncio.wait_for(socket.receive_text(), _SECRET_WAIT)
    except (TimeoutError, WebSocketDisconnect, KeyError):
        return await _close(socket)
    night = Night(open_store())
    seat = await run_in_threadpool(night.find, secret)
    if seat is None:
        with contextlib.suppress(*_GONE_AWAY):
            await socket.send_json({"version": GONE})
        return await _close(socket)
    screen = _Screen(night, seat)
    telling = asyncio.ensure_future(_tell(socket, screen))
    hearing = asyncio.ensure_future(_hear(socket, screen))
    await asyncio.wait({telling, hearing}, return_when=asyncio.FIRST_COMPLETED)
    for task in (telling, hearing):
        task.cancel()
    await asyncio.gather(telling, hearing, return_exceptions=True)   # a send to a gone screen
    await _close(socket)


class _Screen:
    """One screen on its socket: its link, the version its last run drew and the deck it
    drew in, and the snapshots of the versions it may still draw parts on top of."""

    __slots__ = ("drawn", "four_colour", "night", "seat", "_seen")

    def __init__(self, night: Night, seat: Seat) -> None:
        self.night, self.seat = night, seat
        self.drawn: int | None = None
        self.four_colour = False
        self._seen: dict[int, Snapshot] = {}

    def told(self, version: int) -> dict[str, Any]:
        """What to send the screen now that the table is at ``version`` (or later): the
        version, and the new parts when the screen's last run needs nothing else."""
        seat = self.night.find(self.seat.secret)
        try:
            snap = None if seat is None or seat.record_id != self.seat.record_id else \
                _SNAPSHOTS.at(self.night, seat.record_id, version)
        except NotFound:
            snap = None
        if seat is None or snap is None:
            return {"version": GONE}
        self._seen[snap.version] = snap
        drawn = self._seen.get(self.drawn) if self.drawn is not None else None
        for old in sorted(self._seen)[:-_KEPT]:     # a run may still report one of the last
            if old != self.drawn:
                del self._seen[old]
        if drawn is None or drawn.version >= snap.version or \
                not only_parts_moved(seat, drawn, snap):
            return {"version": snap.version}
        return {"version": snap.version, "on": drawn.version,
                "parts": parts_for(seat, snap, four_colour=self.four_colour)}

    def heard(self, message: str) -> None:
        """The screen's report of the version its run drew (anything else is ignored)."""
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            report = json.loads(message[:200])
            drawn, four = report.get("drawn"), report.get("four")
            if isinstance(drawn, int) and isinstance(four, bool):
                self.drawn, self.four_colour = drawn, four


async def _tell(socket: WebSocket, screen: _Screen) -> None:
    """Send what each version of the table means for the screen, while the link still
    opens it (a new link for the seat, or the night ended, closes it at the next move)."""
    async with contextlib.aclosing(_TABLES.versions(screen.seat.record_id)) as versions:
        async for version in versions:
            told = {"version": GONE} if version is None else \
                await run_in_threadpool(screen.told, version)
            await socket.send_json(told)
            if told["version"] == GONE:
                return


async def _hear(socket: WebSocket, screen: _Screen) -> None:
    """Take the screen's reports until it closes its socket."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            screen.heard(await socket.receive_text())


_GONE_AWAY = (WebSocketDisconnect, RuntimeError, OSError)
"""What a send raises once the screen has gone (a phone closed, its network lost): the
normal end of a socket, said nowhere."""


async def _close(socket: WebSocket) -> None:
    """Close the socket from this end, unless the screen already has: a phone leaving is
    normal and leaves nothing in the log."""
    if WebSocketState.DISCONNECTED in (socket.client_state, socket.application_state):
        return
    with contextlib.suppress(*_GONE_AWAY):
        await socket.close()
