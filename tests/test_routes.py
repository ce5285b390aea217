"""The site's own addresses beside Streamlit's pages, asked of a real server: the card
pictures, and the socket that tells a game night's screen its table's version."""

from __future__ import annotations

import contextlib
import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from engine.cards import FULL_DECK
from tests.support.leaks import hidden_from, hidden_from_table, named_cards
from ui.components.cards import card_html
from ui.night import record
from ui.night.controller import Night
from ui.night.parts import parts_for
from ui.night.watch import ADDRESS, GONE
from ui.store import STORE_ENV, store_from_url

pytestmark = pytest.mark.browser
"""Asked of the real site's server, the browser tests' own (``site_url``)."""


@pytest.fixture(scope="module")
def site(site_url: str) -> Iterator[tuple[str, Night]]:
    """The tests' shared server, and the store it reads (the run's own)."""
    night = Night(store_from_url(os.environ.get(STORE_ENV, "")))
    yield site_url, night
    night.store.close()


def _get(url: str, headers: dict[str, str] | None = None) -> tuple[int, Message, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, reply.headers, reply.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, refused.read().decode()


def test_every_card_picture_is_served_and_kept(site: tuple[str, Night]) -> None:
    url, _ = site
    for face in FULL_DECK[:4]:
        address = card_html(face, down=True).split('src="', 1)[1].split('"', 1)[0]
        status, headers, body = _get(f"{url}/{address}")
        assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")
        assert f"<title>{face.name}, face down</title>" in body
        assert "immutable" in headers["Cache-Control"] and "<script" not in body
        assert "default-src 'none'" in headers["Content-Security-Policy"]


@pytest.mark.parametrize("name", ["Zz", "Kh-five", "..%2Fapp", "back-down", "KH"])
def test_a_name_that_is_no_card_gets_nothing(site: tuple[str, Night], name: str) -> None:
    status, _, body = _get(f"{site[0]}/cards/{name}.svg")
    assert status in (400, 404) and "<svg" not in body


def _told(socket: ClientConnection) -> int:
    return int(json.loads(socket.recv(timeout=10))["version"])


def _told_at_last(socket: ClientConnection, version: int | None) -> bool:
    """Whether ``version`` comes among the next few told (a change of two writes may be
    read between them)."""
    return any(_told(socket) == version for _ in range(3))


@contextlib.contextmanager
def _watching(url: str, secret: str) -> Iterator[ClientConnection]:
    """A screen's socket, its link's secret sent."""
    with connect(f"ws{url.removeprefix('http')}/{ADDRESS}", open_timeout=10) as socket:
        socket.send(secret)
        yield socket


def test_a_screen_learns_the_version_and_nothing_else(site: tuple[str, Night]) -> None:
    url, night = site
    record_id, shown = night.create(people=[True, True, False], game_id="seven-card-stud")
    screens = contextlib.ExitStack()
    sockets = {role: screens.enter_context(_watching(url, shown[role]))
               for role in ("tv", "host", record.seat_role(0))}
    version = night.version(record_id)
    assert all(_told(socket) == version for socket in sockets.values())
    host = night.find(shown["host"])
    assert host is not None and night.pause(host, True).ok
    moved = night.version(record_id)
    assert moved != version and all(_told(socket) == moved for socket in sockets.values())
    # A replaced link learns at the next move that it opens nothing, and is closed.
    assert night.reissue(host, record.seat_role(0)).ok
    assert _told(sockets[record.seat_role(0)]) == GONE
    with pytest.raises(ConnectionClosed):
        sockets[record.seat_role(0)].recv(timeout=10)
    assert _told_at_last(sockets["tv"], night.version(record_id))
    assert night.remove(host).ok
    assert _told_at_last(sockets["tv"], GONE) and _told_at_last(sockets["host"], GONE)
    screens.close()


@pytest.mark.parametrize("secret", ["x" * 40, "", "x" * 5000])
def test_a_link_that_opens_no_table_learns_only_that(site: tuple[str, Night],
                                                      secret: str) -> None:
    with _watching(site[0], secret) as socket:
        assert _told(socket) == GONE
        with pytest.raises(ConnectionClosed):
            socket.recv(timeout=10)


def _told_message(socket: ClientConnection, version: int) -> dict[str, Any]:
    """The message telling ``version`` (among the next few)."""
    for _ in range(3):
        message = json.loads(socket.recv(timeout=10))
        if message["version"] == version:
            return dict(message)
    raise AssertionError(f"version {version} was never told")


def test_a_decision_brings_each_screen_its_own_parts_and_a_pause_a_redraw(
        site: tuple[str, Night]) -> None:
    """A screen that reported the version its run drew gets, for a decision that changes
    nothing else it shows, that screen's parts drawn from its own view (the host's too);
    the seat that acted and a change beyond a decision get the version alone (their
    screens run)."""
    url, night = site
    record_id, shown = night.create(people=[True] * 4, game_id="seven-card-stud", seed=11)
    before = night.snapshot(record_id)
    assert before.state is not None
    actor = before.data["hand"]["seats"][before.state.to_act[0]]
    roles = ["tv", "host", *(record.seat_role(p) for p in range(4))]
    seats = {role: night.find(shown[role]) for role in roles}
    screens = contextlib.ExitStack()
    sockets = {role: screens.enter_context(_watching(url, shown[role])) for role in roles}
    for socket in sockets.values():
        assert _told(socket) == before.version
        socket.send(json.dumps({"drawn": before.version, "four": False}))
    time.sleep(0.5)                  # the reports are in before the site reads the move
    acting = seats[record.seat_role(actor)]
    assert acting is not None
    view = before.view_for(acting)
    assert view is not None and night.decide(acting, before.version, view.legal[0]).ok
    after = night.snapshot(record_id)
    assert after.state is not None and not after.state.is_over
    told = {role: _told_message(socket, after.version) for role, socket in sockets.items()}
    assert "parts" not in told[record.seat_role(actor)], "a seat that acted redraws"
    assert told["host"]["on"] == told["tv"]["on"] == before.version
    for role, message in told.items():
        seat = seats[role]
        assert seat is not None
        if "parts" not in message:
            continue
        assert message["parts"] == parts_for(seat, after, four_colour=False)
        engine_seat = None if seat.player is None else record.engine_seat(after.data,
                                                                          seat.player)
        hidden = hidden_from_table(after.state) if engine_seat is None else \
            hidden_from(after.state, engine_seat)
        assert not named_cards(json.dumps(message), hidden), role
        if engine_seat is not None:
            own = {c.card for c in after.state.view(engine_seat).seats[engine_seat].cards
                   if c.card is not None}
            assert named_cards(message["parts"]["mine"], own) == own, "its own cards"
    assert sum("parts" in m for m in told.values()) >= 3, "the TV and the seats not to act"
    host = seats["host"]
    assert host is not None and night.pause(host, True).ok
    paused = night.version(record_id)
    assert paused is not None and "parts" not in _told_message(sockets["tv"], paused)
    screens.close()
