"""A phone leaving a game night is normal: the real site, its socket opened and closed
every way a phone closes it (after its first news, before sending its link, with a link
that opens nothing, dropped without a goodbye), prints no traceback in its log."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path
from urllib.parse import urlsplit

from websockets.sync.client import connect

from tests.support.browser import LOGS, running_site
from ui.night.controller import Night
from ui.night.watch import ADDRESS
from ui.store import STORE_ENV, store_from_url


def test_closed_phones_leave_no_traceback_in_the_log(tmp_path: Path) -> None:
    path = tmp_path / "store.sqlite3"
    night = Night(store_from_url(str(path)))
    _, links = night.create(people=[True, True, True], names=["Ann", "Ben", "Cat"],
                            game_id="seven-card-stud", seed=3)
    with running_site({STORE_ENV: str(path)}) as (url, _):
        address = f"ws{url.removeprefix('http')}/{ADDRESS}"
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
        log = (LOGS / f"site-{urlsplit(url).port}.log").read_text(errors="replace")
    night.store.close()
    for said in ("Traceback", "Exception in ASGI application", "WebSocketDisconnect"):
        assert said not in log, f"the site's log says {said!r}:\n{log[-3000:]}"
