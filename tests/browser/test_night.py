"""Game night in real browsers, apart from the night of every game (``test_leaks.py``,
the walk from the lobby to the settle-up): a bad or replaced link, a decision reaching
the TV in place, a tap running its phone once, a phone woken from sleep, every link
reopening its table on a server started again, two site processes sharing a table
through Redis, and ten chairs on a TV.

The test process opens the same store as the site (the run's data folder is the
server's too, or one Redis shared by two site processes), to know what each screen may
not show and whose decision the hand awaits. Screenshots go to test-output/screenshots/.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from engine.history import action_from_dict
from engine.state import ActionKind
from tests.support.browser import screenshot, serve_site
from tests.support.browser_night import tap
from tests.support.leaks import hidden_from_table, named_cards
from tests.support.local_redis import LocalRedis
from tests.support.night_screens import (
    PHONE,
    SEATS,
    TV_SIZE,
    Screen,
    check_tv_fits,
    settled,
)
from ui.night import record
from ui.night.controller import NO_TABLE, POLL_ENV, Night, Snapshot
from ui.night.show import named_events
from ui.night.watch import ADDRESS
from ui.store import STORE_ENV, RecordStore, open_store, store_from_url

pytestmark = pytest.mark.browser
expect.set_options(timeout=30_000)


def _check_tv(tv: Screen, snap: Snapshot, *, frames: bool = False) -> None:
    assert snap.state is not None
    leaked = named_cards(tv.everything(frames=frames), hidden_from_table(snap.state))
    assert not leaked, f"the TV holds hidden cards {leaked}"


@pytest.fixture
def store() -> Iterator[RecordStore]:
    """The site's own store: the test run's data folder is the server's too."""
    opened = open_store()
    yield opened
    opened.close()


CHIPS = 5000


def test_a_bad_link_opens_nothing(browser: Browser, site_url: str) -> None:
    screen = Screen(browser, f"{site_url}/night?t=not-a-real-secret-at-all-1234", size=PHONE)
    expect(screen.page.get_by_text(NO_TABLE)).to_be_visible()
    assert screen.page.locator(SEATS).count() == 0
    screen.close()


def test_a_replaced_link_closes_its_screen_and_an_ended_night_shows_results(
        browser: Browser, site_url: str, store: RecordStore) -> None:
    """A seat's old phone stops showing its cards once the host gives the seat a new link,
    with nobody touching it; the TV shows the results when the night ends, and goes blank
    when the host removes it."""
    night = Night(store)
    _, shown = night.create(people=[True, True, False], chips=CHIPS,
                            game_id="seven-card-stud")
    base = f"{site_url}/night?t="
    phone = Screen(browser, base + shown[record.seat_role(0)], size=PHONE)
    tv = Screen(browser, base + shown["tv"], size=TV_SIZE)
    expect(phone.page.locator(SEATS).first).to_be_visible()
    host = night.find(shown["host"])
    assert host is not None
    assert night.reissue(host, record.seat_role(0)).ok
    # The message comes first in the redraw; what the page showed before goes once the
    # redraw has ended, a moment later.
    expect(phone.page.get_by_text(NO_TABLE)).to_be_visible(timeout=10_000)
    expect(phone.page.locator("img[alt]"), "the old link still shows cards").to_have_count(0)
    assert night.end(host).ok
    expect(tv.page.get_by_text("The night is over: the results")).to_be_visible(timeout=10_000)
    expect(tv.page.locator(SEATS)).to_have_count(0)
    assert night.remove(host).ok
    expect(tv.page.get_by_text(NO_TABLE)).to_be_visible(timeout=10_000)
    for screen in (phone, tv):
        screen.close()


def test_a_decision_reaches_the_tv_in_place_without_a_run_of_its_page(
        browser: Browser, site_url: str, store: RecordStore) -> None:
    """The TV takes each decision's new parts from its socket: the page shows the new
    version and the latest play, Streamlit sends it nothing, and no hidden card came."""
    night = Night(store)
    record_id, shown = night.create(people=[True, True, True], chips=CHIPS,
                                    game_id="seven-card-stud", seed=4)
    seats = {p: night.find(shown[record.seat_role(p)]) for p in range(3)}
    tv = Screen(browser, f"{site_url}/night?t={shown['tv']}", size=TV_SIZE)
    tv.at(night.version(record_id) or 0)
    settled(tv.page)
    tv.page.wait_for_timeout(500)          # the screen's report of its run reaches the site
    before = tv.streamlit_frames
    for _ in range(3):
        snap = night.snapshot(record_id)
        assert snap.state is not None and not snap.state.is_over
        seat = seats[snap.data["hand"]["seats"][snap.state.to_act[0]]]
        assert seat is not None
        view = snap.view_for(seat)
        assert view is not None
        call = next(a for a in view.legal if a.kind is not ActionKind.FOLD)
        assert night.decide(seat, snap.version, call).ok
        now = night.snapshot(record_id)
        tv.at(now.version)
        assert now.state is not None
        latest = named_events(now.state.view(None).events[-1:], now.data)[0].text
        expect(tv.page.get_by_text(latest, exact=False).first).to_be_visible()
        _check_tv(tv, now, frames=True)
    assert tv.streamlit_frames == before, "the TV's page ran again for a decision"
    tv.close()


def test_a_tap_runs_its_phone_once(browser: Browser, site_url: str, store: RecordStore) -> None:
    """A tap runs the phone's screen, and that run draws the decision it made: the socket's
    news of the same decision, which comes before the redraw, asks for no second run."""
    night = Night(store)
    record_id, shown = night.create(people=[True, True, True], chips=CHIPS,
                                    game_id="seven-card-stud", seed=4)
    for _ in range(3):
        snap = night.snapshot(record_id)
        assert snap.state is not None and not snap.state.is_over
        player = snap.data["hand"]["seats"][snap.state.to_act[0]]
        phone = Screen(browser, f"{site_url}/night?t={shown[record.seat_role(player)]}", size=PHONE)
        opened = night.version(record_id) or 0      # opening the link claims it
        phone.at(opened)
        before = phone.runs_asked
        tap(phone, night, record_id, opened)
        phone.at(night.version(record_id) or 0)
        phone.page.wait_for_timeout(1500)       # past the wait for the tap's own redraw
        assert phone.runs_asked == before + 1, "the phone ran twice for one tap"
        phone.close()


def test_a_phone_woken_from_sleep_asks_at_once(browser: Browser, store: RecordStore) -> None:
    """A phone whose screen was off may hold a socket that died meanwhile: on waking, the
    screen opens a new one and learns the table at once (here the site reads the table
    only every ten seconds, the slowest allowed)."""
    night = Night(store)
    record_id, shown = night.create(people=[True, True], chips=CHIPS, game_id="psycho")
    with serve_site({POLL_ENV: "10"}) as url:
        phone = Screen(browser, f"{url}/night?t={shown[record.seat_role(1)]}", size=PHONE)
        opened: list[str] = []
        phone.page.on("websocket", lambda socket: opened.append(socket.url))
        host = night.find(shown["host"])
        assert host is not None and night.pause(host, True).ok
        phone.page.wait_for_timeout(300)
        phone.page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        phone.at(night.version(record_id) or 0, timeout=5_000)
        expect(phone.page.get_by_text("The host has paused the table.")).to_be_visible()
        assert any(url.endswith(f"/{ADDRESS}") for url in opened), "it did not ask again"
        phone.close()


def test_every_link_reopens_its_table_after_its_server_stops(browser: Browser, site_url: str,
                                                             store: RecordStore) -> None:
    """A TV and two phones on a server of their own, which then stops: each link opened on
    another server process (the tests' own, which never saw them) shows the same table,
    and a tap there is written once, on the table it was made on."""
    night = Night(store)
    record_id, shown = night.create(people=[True, True, False], game_id="sophies-pick",
                                    names=["Cy", "Di"])
    with serve_site() as first:
        base = f"{first}/night?t="
        tv = Screen(browser, base + shown["tv"], size=TV_SIZE)
        phones = {p: Screen(browser, base + shown[record.seat_role(p)], size=PHONE)
                  for p in (0, 1)}
        for _ in range(3):
            snap = night.snapshot(record_id)
            assert snap.state is not None
            player = snap.data["hand"]["seats"][snap.state.to_act[0]]
            phones[player].at(snap.version)
            tap(phones[player], night, record_id, snap.version)
        before = night.snapshot(record_id)
        tv.at(before.version)
        seats_before = tv.page.locator(SEATS).all_inner_texts()
    base = f"{site_url}/night?t="
    for role, secret in shown.items():
        if role == "host":
            continue
        screen = phones[int(role[5:])] if role.startswith("seat:") else tv
        screen.open(base + secret)
        screen.at(before.version)
    assert tv.page.locator(SEATS).all_inner_texts() == seats_before
    assert before.state is not None
    player = before.data["hand"]["seats"][before.state.to_act[0]]
    expect(phones[player].page.get_by_text("Your turn")).to_be_visible()
    tap(phones[player], night, record_id, before.version)
    after = night.snapshot(record_id).data["hand"]["actions"]
    tapped = action_from_dict(after[len(before.data["hand"]["actions"])])
    assert tapped.seat == before.data["hand"]["seats"].index(player), \
        "the tap was written once, on the table it was made on"
    for screen in (tv, *phones.values()):
        screen.close()


def test_two_site_processes_share_one_table_through_redis(browser: Browser,
                                                          redis_server: LocalRedis) -> None:
    env = {STORE_ENV: redis_server.url}
    store = store_from_url(redis_server.url)
    night = Night(store)
    record_id, shown = night.create(people=[True, False, False, False], game_id="psycho")
    with serve_site(env) as one, serve_site(env) as two:
        phone = Screen(browser, f"{one}/night?t={shown['seat:0']}", size=PHONE)
        tv = Screen(browser, f"{two}/night?t={shown['tv']}", size=TV_SIZE)
        delays = []
        for _ in range(3):
            snap = night.snapshot(record_id)
            assert snap.state is not None
            if snap.state.is_over:
                break
            phone.at(snap.version)
            tap(phone, night, record_id, snap.version)
            decided = time.monotonic()
            now = night.snapshot(record_id).version
            tv.at(now, timeout=5_000)
            delays.append(time.monotonic() - decided)
            _check_tv(tv, night.snapshot(record_id))
        # A read of the table, a message and a redraw; the first redraw also loads the page's
        # code.
        assert delays and sorted(delays)[len(delays) // 2] < 2.0 and max(delays) < 3.5, \
            f"the TV followed the phone in {delays} s"
        screenshot(tv.page, "night-tv-redis")
        phone.close()
        tv.close()
    store.close()


def test_a_tv_fits_ten_chairs_at_the_showdown(browser: Browser, site_url: str,
                                              store: RecordStore) -> None:
    """Ten chairs, long names, a showdown of many hands and codes still to scan: the TV
    still fits each of its sizes without scrolling."""
    night = Night(store)
    names = ["Annabelle Longname", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy",
             "Jo"]
    record_id, shown = night.create(people=[True] * 10, names=names, chips=300,
                                    game_id="psycho", seed=3)
    seats = {p: night.find(shown[record.seat_role(p)]) for p in range(10)}
    for _ in range(500):
        snap = night.snapshot(record_id)
        assert snap.state is not None
        if snap.state.is_over:
            break
        engine_seat = snap.state.to_act[0]
        seat = seats[snap.data["hand"]["seats"][engine_seat]]
        assert seat is not None
        legal = snap.state.legal_actions(engine_seat)
        calm = [a for a in legal if a.kind.value in ("check", "call", "show")]
        assert night.decide(seat, snap.version, (calm or legal)[0]).ok
    tv = Screen(browser, f"{site_url}/night?t={shown['tv']}", size=TV_SIZE)
    tv.at(night.version(record_id) or 0)
    expect(tv.page.get_by_text("who won which pot")).to_be_visible()
    expect(tv.page.locator(SEATS)).to_have_count(10)
    check_tv_fits(tv, "night-tv-ten-chairs")
    tv.close()
