"""The site's own addresses beside Streamlit's pages, asked of a real server: the card
pictures, and the version a game night's screen polls for."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

from engine.cards import FULL_DECK
from tests.browser.conftest import running_site
from ui.components.cards import card_html
from ui.night import record
from ui.night.controller import Night
from ui.night.watch import ADDRESS, HEADER
from ui.store import STORE_ENV, store_from_url


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Night]]:
    path = Path(tmp_path_factory.mktemp("routes")) / "store.sqlite3"
    night = Night(store_from_url(str(path)))
    with running_site({STORE_ENV: str(path)}) as (url, _):
        yield url, night
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


def test_a_screen_learns_the_version_and_nothing_else(site: tuple[str, Night]) -> None:
    url, night = site
    record_id, shown = night.create(people=[True, True, False], game_id="seven-card-stud")
    asked = [_get(f"{url}/{ADDRESS}", {HEADER: shown[role]})
             for role in ("tv", "host", record.seat_role(0))]
    version = night.version(record_id)
    assert all(json.loads(body) == {"version": version} for _, _, body in asked)
    assert all(headers["Cache-Control"] == "no-store" for _, headers, _ in asked)
    host = night.find(shown["host"])
    assert host is not None and night.pause(host, True).ok
    assert json.loads(_get(f"{url}/{ADDRESS}", {HEADER: shown["tv"]})[2]) == \
        {"version": night.version(record_id)} != {"version": version}
    # A wrong, missing or replaced link learns only that it opens nothing.
    for headers in ({HEADER: shown["tv"][:-2] + "xx"}, {}, {HEADER: "x" * 5000}):
        status, _, body = _get(f"{url}/{ADDRESS}", headers)
        assert status == 200 and json.loads(body) == {"version": -1}
    assert night.reissue(host, record.seat_role(0)).ok
    assert json.loads(_get(f"{url}/{ADDRESS}", {HEADER: shown[record.seat_role(0)]})[2]) == \
        {"version": -1}
    assert json.loads(_get(f"{url}/{ADDRESS}", {HEADER: shown["tv"]})[2]) == \
        {"version": night.version(record_id)}
