"""Game night in real browsers: a host, a TV and phones on one table, each in its own
browser context, every phone clicking its own decisions.

The test process opens the same store as the site (a SQLite file, or one Redis
shared by two site processes), to know what each screen may not show and
whose decision the hand awaits. Screenshots go to test-output/screenshots/.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from engine.cards import FULL_DECK, Card
from engine.state import HandState
from tests.browser.conftest import ROOT, _free_port, assert_no_exception, screenshot
from tests.browser.test_play import _settle, decide
from tests.leaks import hidden_from, named_cards, seen_by
from tests.local_redis import LocalRedis
from ui.night import record
from ui.night.controller import NO_TABLE, Night, Snapshot
from ui.store import STORE_ENV, RecordStore, store_from_url

pytestmark = pytest.mark.browser
expect.set_options(timeout=30_000)
PHONE = {"width": 390, "height": 844}
TV_SIZE = {"width": 1600, "height": 900}


@contextmanager
def serve(env: dict[str, str]) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """The site as `make run` starts it, with ``env`` added; its address and process."""
    port = _free_port()
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
               "--server.address", "127.0.0.1", "--server.headless", "true",
               "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, env={**os.environ, **env})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200:
                    break
        except OSError:
            time.sleep(0.3)
    else:
        server.kill()
        raise RuntimeError("the site did not start: " + server.stderr.read().decode()[-2000:])
    try:
        yield url, server
    finally:
        server.terminate()
        server.wait(timeout=20)


class Screen:
    """One browser context on one link, keeping every frame the server sent it."""

    def __init__(self, browser: Browser, url: str, *, size: dict[str, int]) -> None:
        self.context: BrowserContext = browser.new_context(viewport=size)
        self.page: Page = self.context.new_page()
        self.frames: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._keep))
        self.open(url)

    def _keep(self, payload: Any) -> None:
        self.frames.append(payload.decode("utf-8", "replace") if isinstance(payload, bytes)
                           else str(payload))

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("[class*='st-key-night_at_'], [data-testid='stAlert'], "
                                    ".st-key-night_create", timeout=60_000)
        _settle(self.page)
        assert_no_exception(self.page)

    def at(self, version: int, *, timeout: float = 30_000) -> None:
        """Wait until this screen shows the table at ``version`` (its poll redraws it)."""
        try:
            self.page.wait_for_selector(f".st-key-night_at_{version}", timeout=timeout)
        except Exception:
            screenshot(self.page, f"night-stuck-at-{version}")
            raise
        _settle(self.page)
        assert_no_exception(self.page)

    def everything(self, *, frames: bool = False) -> str:
        """The page source (aria-labels included), its text and (with ``frames``) everything
        the server has sent it: a card still hidden now was never sent."""
        page = self.page
        return page.content() + page.inner_text("body") + ("".join(self.frames) if frames else "")

    def close(self) -> None:
        self.context.close()


def _public_hidden(state: HandState) -> set[Card]:
    public = set(FULL_DECK)
    for seat in range(state.players):
        public &= seen_by(state, seat)
    return set(FULL_DECK) - public


def _check_tv(tv: Screen, snap: Snapshot, *, frames: bool = False) -> None:
    assert snap.state is not None
    leaked = named_cards(tv.everything(frames=frames), _public_hidden(snap.state))
    assert not leaked, f"the TV holds hidden cards {leaked}"


def _check_phone(phone: Screen, snap: Snapshot, player: int) -> None:
    assert snap.state is not None
    seat = record.engine_seat(snap.data, player)
    hidden = _public_hidden(snap.state) if seat is None else hidden_from(snap.state, seat)
    leaked = named_cards(phone.everything(frames=True), hidden)
    assert not leaked, f"player {player}'s phone holds hidden cards {leaked}"


def _play_hand(night: Night, record_id: str, tv: Screen, phones: dict[int, Screen]) -> int:
    """Each phone clicks its own decisions until the hand is over; the TV is checked after
    every decision. How many decisions the phones made."""
    made = 0
    for _ in range(120):
        snap = night.snapshot(record_id)
        assert snap.state is not None
        if snap.state.is_over:
            break
        seats = snap.data["hand"]["seats"]
        waiting = [seats[s] for s in snap.state.to_act]
        player = waiting[0]
        phones[player].at(snap.version)
        expect(phones[player].page.get_by_text("Your turn")).to_be_visible()
        try:
            decide(phones[player].page, "night_act_")
        except Exception:
            for p, ph in phones.items():
                screenshot(ph.page, f"night-debug-phone{p}")
            print("DEBUG", snap.version, night.snapshot(record_id).version, player, waiting)
            raise
        made += 1
        _check_tv(tv, night.snapshot(record_id))
    snap = night.snapshot(record_id)
    assert snap.state is not None and snap.state.is_over
    tv.at(snap.version)
    _check_tv(tv, snap, frames=True)
    tv.frames.clear()
    for player, phone in phones.items():
        phone.at(snap.version)
        _check_phone(phone, snap, player)
        phone.frames.clear()
    return made


@pytest.fixture(scope="module")
def store_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("night") / "store.sqlite3"


@pytest.fixture(scope="module")
def site(store_file: Path) -> Iterator[str]:
    with serve({STORE_ENV: str(store_file)}) as (url, _):
        yield url


@pytest.fixture(scope="module")
def store(store_file: Path) -> Iterator[RecordStore]:
    opened = store_from_url(str(store_file))
    yield opened
    opened.close()


def test_a_night_of_stud_then_psycho_dealt_by_the_new_dealer(browser: Browser, site: str,
                                                             store: RecordStore) -> None:
    night = Night(store)
    host = Screen(browser, f"{site}/night", size={"width": 1400, "height": 1000})
    page = host.page
    expect(page.get_by_role("heading", name="Game night")).to_be_visible()
    page.get_by_label("Seats at the table").fill("3")
    page.get_by_label("Seats at the table").press("Enter")
    _settle(page)
    page.get_by_label("Seat 1's name (optional)").fill("Ann <b>")
    page.get_by_label("Seat 2's name (optional)").fill("Bo")
    _settle(page)
    page.get_by_role("button", name="Start the night").click()
    page.wait_for_selector("[class*='st-key-night_at_']", timeout=30_000)
    _settle(page)
    assert_no_exception(page)
    assert "?t=" in page.url
    seat = night.find(page.url.split("?t=", 1)[1])
    assert seat is not None and seat.is_host
    record_id = seat.record_id
    data = night.snapshot(record_id).data
    assert [p["person"] for p in data["players"]] == [True, True, False]
    expect(page.locator("img[alt='QR code: The TV']")).to_be_visible()
    expect(page.locator("img[alt='QR code: Ann <b>']")).to_be_visible()
    links = dict(data["open_links"])
    base = f"{site}/night?t="
    tv = Screen(browser, base + links["tv"], size=TV_SIZE)
    phones = {p: Screen(browser, base + links[record.seat_role(p)], size=PHONE) for p in (0, 1)}
    assert night.snapshot(record_id).data["open_links"] == {}, "opened links leave the record"
    screenshot(tv.page, "night-tv-stud-start")
    screenshot(phones[0].page, "night-phone-stud-start")

    assert _play_hand(night, record_id, tv, phones) > 0
    snap = night.snapshot(record_id)
    expect(tv.page.get_by_text("who won which pot")).to_be_visible()
    expect(tv.page.get_by_text("Next to deal: Ann <b>")).to_be_visible()
    screenshot(tv.page, "night-tv-stud-end")
    assert record.chooser(snap.data) == 0, "the button moved left to Ann"

    # The new dealer names the next game from her phone.
    ann = phones[0].page
    expect(ann.get_by_text("You deal next: name the game")).to_be_visible()
    expect(phones[1].page.get_by_text("Waiting for Ann <b>, the new dealer")).to_be_visible()
    ann.get_by_role("combobox", name="Next game").click()
    ann.get_by_role("option", name="Psycho").click()
    _settle(ann)
    ann.get_by_role("button", name="Deal the next hand").click()
    _settle(ann)
    assert_no_exception(ann)
    snap = night.snapshot(record_id)
    assert snap.data["hand"]["game"] == "psycho" and snap.data["hand"]["seats"] == [1, 2, 0]
    tv.at(snap.version)
    expect(tv.page.get_by_text("Hand 2 · Psycho").first).to_be_visible()
    _play_hand(night, record_id, tv, phones)
    snap = night.snapshot(record_id)
    assert len(snap.data["hands"]) == 2
    screenshot(tv.page, "night-tv-psycho-end")
    screenshot(phones[1].page, "night-phone-psycho-end")
    host.at(snap.version)
    assert_no_exception(host.page)
    screenshot(host.page, "night-host-after-two-hands")
    for screen in (host, tv, *phones.values()):
        screen.close()


def test_a_bad_link_opens_nothing(browser: Browser, site: str) -> None:
    screen = Screen(browser, f"{site}/night?t=not-a-real-secret-at-all-1234", size=PHONE)
    expect(screen.page.get_by_text(NO_TABLE)).to_be_visible()
    assert screen.page.locator("section[aria-label*='Seat']").count() == 0
    screen.close()


def test_every_link_reopens_its_table_after_a_server_restart(browser: Browser,
                                                             store_file: Path,
                                                             store: RecordStore) -> None:
    night = Night(store)
    record_id, shown = night.create(people=[True, True, False], game_id="sophies-pick",
                                    names=["Cy", "Di"])
    env = {STORE_ENV: str(store_file)}
    with serve(env) as (site, _):
        base = f"{site}/night?t="
        tv = Screen(browser, base + shown["tv"], size=TV_SIZE)
        phones = {p: Screen(browser, base + shown[record.seat_role(p)], size=PHONE)
                  for p in (0, 1)}
        for _ in range(3):
            snap = night.snapshot(record_id)
            assert snap.state is not None
            player = snap.data["hand"]["seats"][snap.state.to_act[0]]
            phones[player].at(snap.version)
            decide(phones[player].page, "night_act_")
        before = night.snapshot(record_id)
        tv.at(before.version)
        seats_before = tv.page.locator("section[aria-label]").all_inner_texts()
    with serve(env) as (site, _):
        base = f"{site}/night?t="
        for role, secret in shown.items():
            screen = phones[int(role[5:])] if role.startswith("seat:") else tv
            if role == "host":
                continue
            screen.open(base + secret)
            screen.at(before.version)
        assert tv.page.locator("section[aria-label]").all_inner_texts() == seats_before
        assert before.state is not None
        player = before.data["hand"]["seats"][before.state.to_act[0]]
        expect(phones[player].page.get_by_text("Your turn")).to_be_visible()
        decide(phones[player].page, "night_act_")
        assert night.snapshot(record_id).version == before.version + 1
    for screen in (tv, *phones.values()):
        screen.close()


def test_two_site_processes_share_one_table_through_redis(browser: Browser,
                                                          redis_server: LocalRedis) -> None:
    env = {STORE_ENV: redis_server.url}
    store = store_from_url(redis_server.url)
    night = Night(store)
    record_id, shown = night.create(people=[True, False, False, False], game_id="psycho")
    with serve(env) as (one, _), serve(env) as (two, _):
        phone = Screen(browser, f"{one}/night?t={shown['seat:0']}", size=PHONE)
        tv = Screen(browser, f"{two}/night?t={shown['tv']}", size=TV_SIZE)
        delays = []
        for _ in range(3):
            snap = night.snapshot(record_id)
            assert snap.state is not None
            if snap.state.is_over:
                break
            phone.at(snap.version)
            decide(phone.page, "night_act_")
            decided = time.monotonic()
            now = night.snapshot(record_id).version
            tv.at(now, timeout=5_000)
            delays.append(time.monotonic() - decided)
            _check_tv(tv, night.snapshot(record_id))
        # About a second of polling plus a redraw; the first redraw also loads the page's code.
        assert delays and sorted(delays)[len(delays) // 2] < 2.0 and max(delays) < 3.5, \
            f"the TV followed the phone in {delays} s"
        screenshot(tv.page, "night-tv-redis")
        phone.close()
        tv.close()
    store.close()
