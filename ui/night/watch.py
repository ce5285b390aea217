"""How a game night's screen learns that its table moved, without a run of the page.

Each screen holds a small script (a Streamlit component) that asks the site's
``/night-version`` address for the table's version twice a second
(:data:`~ui.night.controller.POLL_ENV` changes that): a plain HTTP request that
Streamlit never hears of, so an idle screen costs the server and the phone
almost nothing. Only when the version differs from the one drawn does the
script tell Streamlit, and then only the screen's fragment runs again, not
the whole page. The link's secret travels in a request header, never in an
address a log could keep; the answer is a number the screen already shows.
"""

from __future__ import annotations

import streamlit as st
from starlette.requests import Request
from starlette.responses import JSONResponse

from ui.night.controller import Night, poll_seconds
from ui.store import open_store

ADDRESS = "night-version"
HEADER = "X-Night-Link"
_GONE = -1
"""The version the address gives for a link that opens no table: the screen redraws and
says so."""

_SCRIPT = """
export default function ({ data, parentElement, setTriggerValue }) {
  // Streamlit calls this again with each redraw's data, on the same element: one timer
  // per screen, started on the first call, reads the latest of it.
  const watch = parentElement.nightWatch ??= { told: null, toldAt: 0 };
  watch.data = data;
  watch.tell = setTriggerValue;
  if (watch.timer === undefined) {
    const ask = async () => {
      const { address, header, secret, drawn } = watch.data;
      try {
        const reply = await fetch(address, { cache: "no-store", headers: { [header]: secret } });
        const version = reply.ok ? (await reply.json()).version : null;
        // Tell Streamlit once per version; again only if no redraw came (a lost message).
        if (version !== null && version !== drawn &&
            (version !== watch.told || Date.now() - watch.toldAt > 5000)) {
          watch.told = version;
          watch.toldAt = Date.now();
          watch.tell("moved", version);
        }
      } catch (error) { /* the site is restarting: ask again at the next tick */ }
    };
    // A phone whose screen was off (its timer slowed to a tick a minute) asks at once.
    watch.woken = () => { if (document.visibilityState === "visible") ask(); };
    watch.timer = setInterval(ask, data.every);
    document.addEventListener("visibilitychange", watch.woken);
  }
  return () => {
    clearInterval(watch.timer);
    document.removeEventListener("visibilitychange", watch.woken);
    watch.timer = undefined;
  };
}
"""
_watcher = st.components.v2.component("night_watch", js=_SCRIPT)


def watch(secret: str, drawn: int) -> None:
    """Redraw the fragment this is called in when the table leaves version ``drawn``."""
    _watcher(key="night_watch", data={
        "address": ADDRESS, "header": HEADER, "secret": secret, "drawn": drawn,
        "every": round(1000 * poll_seconds())},
        on_moved_change=lambda: None,   # a callback subscribes the fragment to the trigger
        height=0)


def version_of(request: Request) -> JSONResponse:
    """The version of the table the request's link opens (``-1`` when it opens none)."""
    night = Night(open_store())
    seat = night.find(request.headers.get(HEADER))
    version = None if seat is None else night.version(seat.record_id)
    return JSONResponse({"version": _GONE if version is None else version},
                        headers={"Cache-Control": "no-store"})

