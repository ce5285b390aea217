"""A phone leaving a game night is normal: the real site, its socket opened and closed
every way a phone closes it (after its first news, before sending its link, with a link
that opens nothing, dropped without a goodbye), prints no traceback in its log."""

from __future__ import annotations

import json
import os
import socket
import time
from urllib.parse import urlsplit

from websockets.sync.client import connect

from tests.support.browser import LOGS
from ui.night.controller import Night
from ui.night.watch import ADDRESS
from ui.store import STORE_ENV, store_from_url


def test_closed_phones_leave_no_traceback_in_the_log(site_url: str) -> None:
    """On the tests' shared server (its store is the run's own): what its log gains while
    the phones come and go."""
    night = Night(store_from_url(os.environ.get(STORE_ENV, "")))
    _, links = night.create(people=[True, True, True], names=["Ann", "Ben", "Cat"],
                            game_id="seven-card-stud", seed=3)
    logged = LOGS / f"site-{urlsplit(site_url).port}.log"
    start = logged.stat().st_size
    address = f"ws{site_url.removeprefix('http')}/{ADDRESS}"
    for role in ("seat:0", "seat:1", "tv", "host"):
        with connect(address, open_timeout=10) as phone:
            phone.send(links[role])
            assert json.loads(phone.recv(timeout=10))["version"] > 0
    with connect(address, open_timeout=10) as phone:
        phone.send("no-such-link")
        phone.recv(timeout=10)
    with connect(address, open_timeout=10):
        pass                                     # gone before sending its link
    with connect(address, open_timeout=10) as phone:
        phone.send(links["seat:2"])
        phone.recv(timeout=10)
        phone.socket.shutdown(socket.SHUT_RDWR)  # the network gone: no closing frame
    time.sleep(2)
    log = logged.read_bytes()[start:].decode(errors="replace")
    night.store.close()
    for said in ("Traceback", "Exception in ASGI application", "WebSocketDisconnect"):
        assert said not in log, f"the site's log says {said!r}:\n{log[-3000:]}"
