"""Game night in real browsers: a host, a TV and phones on one table, each in its own
browser context, every phone clicking its own decisions: guests join from the TV's code
in the lobby, every game is played, and the night ends with the settle-up.

The test process opens the same store as the site (a SQLite file, or one Redis
shared by two site processes), to know what each screen may not show and
whose decision the hand awaits. Every decision is read again from the page before each
click (``tests.support.browser.decide``), and each wait for a phone's turn reads the table again, so
a redraw that renames a decision is followed, not raced. Screenshots go to
test-output/screenshots/, at a phone's 390 px and at each TV size.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from engine.games import GAMES
from engine.history import action_from_dict
from engine.state import ActionKind
from tests.support.browser import (
    click,
    decide,
    screenshot,
    serve_site,
    wait_for_app,
)
from tests.support.leaks import hidden_from, hidden_from_table, named_cards
from tests.support.local_redis import LocalRedis
from tests.support.night_screens import (
    HOST_SIZE,
    NAVIGATION,
    PHONE,
    SEATS,
    TV_SIZE,
    Screen,
    check_turn_on_a_phone,
    check_tv_fits,
    join,
    join_code,
    reconnecting,
    settled,
    wait_for_computers,
)
from ui.night import record
from ui.night.controller import NO_TABLE, POLL_ENV, Night, Snapshot
from ui.night.show import named_events
from ui.night.watch import ADDRESS
from ui.store import STORE_ENV, RecordStore, store_from_url

pytestmark = pytest.mark.browser
expect.set_options(timeout=30_000)


def _tap(phone: Screen, night: Night, record_id: str, version: int) -> None:
    """One decision made by clicking on ``phone``; waits until the table has it."""
    decide(phone.page, "night_act_")
    _wait_past(night, record_id, version)


def _check_tv(tv: Screen, snap: Snapshot, *, frames: bool = False) -> None:
    assert snap.state is not None
    leaked = named_cards(tv.everything(frames=frames), hidden_from_table(snap.state))
    assert not leaked, f"the TV holds hidden cards {leaked}"


def _check_phone(phone: Screen, snap: Snapshot, player: int) -> None:
    assert snap.state is not None
    seat = record.engine_seat(snap.data, player)
    hidden = hidden_from_table(snap.state) if seat is None else hidden_from(snap.state, seat)
    leaked = named_cards(phone.everything(frames=True), hidden)
    assert not leaked, f"player {player}'s phone holds hidden cards {leaked}"


def _play_hand(night: Night, record_id: str, tv: Screen, phones: dict[int, Screen]) -> int:
    """Each phone clicks its own decisions until the hand is over (in a secret step, every
    phone the hand waits on, one after the other); the TV is checked after every decision.
    Each wait reads the table again: a phone waits for the version it must draw, and if the
    table moved meanwhile the next round reads whose turn it is now. How many decisions the
    phones made."""
    made = 0
    for _ in range(150):
        snap = night.snapshot(record_id)
        assert snap.state is not None
        if snap.state.is_over:
            break
        seats = snap.data["hand"]["seats"]
        people = [seats[s] for s in snap.state.to_act if seats[s] in phones]
        if not people:                       # the computer players are acting
            time.sleep(0.02)
            continue
        player = people[0]
        phone = phones[player]
        phone.at(snap.version)
        if night.version(record_id) != snap.version:
            continue                                  # moved while it was drawn: read again
        expect(phone.page.get_by_text("Your turn")).to_be_visible()
        if made == 0:
            check_turn_on_a_phone(phone)
        _tap(phone, night, record_id, snap.version)
        made += 1
        _check_tv(tv, night.snapshot(record_id))
    snap = night.snapshot(record_id)
    assert snap.state is not None and snap.state.is_over, "the hand never ended"
    tv.at(snap.version)
    _check_tv(tv, snap, frames=True)
    tv.frames.clear()
    for player, phone in phones.items():
        phone.at(snap.version)
        _check_phone(phone, snap, player)
        phone.frames.clear()
    return made


def _wait_past(night: Night, record_id: str, version: int) -> None:
    """Wait until the table has moved past ``version`` (the phone's tap was written)."""
    deadline = time.monotonic() + 30
    while night.version(record_id) == version:
        assert time.monotonic() < deadline, f"no decision was written at version {version}"
        time.sleep(0.05)
    wait_for_computers(night, record_id)


def _choose_next_game(screen: Screen, game_name: str) -> None:
    """The new dealer names the next game on their own phone and deals it (what the phone
    was sent until then, the last hand's showdown again, is not this hand's). On a phone
    the choice is brought to the top of the screen and its tab says so, and one tap opens
    the list: a list opened low on the screen scrolls the page and closes at once."""
    phone = screen.page
    expect(phone.get_by_role("combobox", name="Next game")).to_be_visible()
    chosen = phone.get_by_role("combobox", name="Next game")
    option = phone.get_by_role("option", name=game_name, exact=True)
    on_a_phone = screen.size == PHONE
    if on_a_phone:
        assert phone.title().startswith("Your turn"), phone.title()
    opened_at = None
    for tap in range(1, 6):   # a redraw arriving as the list opens closes it: open it again
        phone.get_by_role("combobox", name="Next game").click()
        try:
            option.click(timeout=3_000)
            expect(chosen).to_have_value(game_name, timeout=3_000)
            opened_at = tap
            break
        except (AssertionError, PlaywrightTimeoutError):
            screenshot(phone, "night-choosing-the-next-game")
    assert opened_at is not None, "the list of games never opened"
    # One tap on a quiet machine; under the whole suite's load a redraw can still land as
    # the list opens, so a second tap is allowed there, never a third.
    assert not on_a_phone or opened_at <= 2, f"the list of games opened at tap {opened_at}"
    wait_for_app(phone)
    screen.frames.clear()
    click(phone, "button:has-text('Deal the next hand')")


@pytest.fixture(scope="module")
def store_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("night") / "store.sqlite3"


@pytest.fixture(scope="module")
def site(store_file: Path) -> Iterator[str]:
    with serve_site({STORE_ENV: str(store_file)}) as url:
        yield url


@pytest.fixture(scope="module")
def store(store_file: Path) -> Iterator[RecordStore]:
    opened = store_from_url(str(store_file))
    yield opened
    opened.close()


NIGHTS = (("psycho", "sophies-pick"), ("seven-card-stud", "pick-a-partner", "double-sophie"))
"""Two nights, each hand after the first named by the new dealer from their phone: every
game once, each of its secret steps made from the phones (draws, exposes, declarations;
locked pairs and sacrifices; first up cards and partners). They run side by side under -n."""


CHIPS = 5000
"""Starting chips deep enough that nobody is knocked out (and the night won) before its
last hand, however the computer players raise."""


def _play_night(night: Night, record_id: str, games: tuple[str, ...], tv: Screen,
                phones: dict[int, Screen]) -> None:
    """Every hand of ``games`` clicked on the phones to the showdown, the button moving one
    chair left each time and its new dealer naming the next game."""
    for number, game_id in enumerate(games, start=1):
        snap = night.snapshot(record_id)
        assert snap.data["hand"]["game"] == game_id and snap.data["hand"]["number"] == number
        for screen in (tv, *phones.values()):
            screen.at(snap.version)
        expect(tv.page.get_by_text(f"Hand {number} · {GAMES[game_id].name}").first).to_be_visible()
        expect(tv.page.get_by_text(f"How {GAMES[game_id].name} plays")).to_be_visible()
        assert _play_hand(night, record_id, tv, phones) > 0
        snap = night.snapshot(record_id)
        expect(tv.page.get_by_text("who won which pot")).to_be_visible()
        check_tv_fits(tv, f"night-tv-{game_id}-end")
        screenshot(phones[sorted(phones)[number % len(phones)]].page, f"night-phone-{game_id}-end")
        if number == len(games):
            break
        dealer = record.chooser(snap.data)
        assert dealer == (number - 1) % 4, "the button moves one chair left each hand"
        dealer_name = snap.data["players"][dealer]["name"]
        expect(tv.page.get_by_text(f"Next to deal: {dealer_name}")).to_be_visible()
        other = next(phone for chair, phone in phones.items() if chair != dealer).page
        expect(other.get_by_text(f"Waiting for {dealer_name}, the new dealer")).to_be_visible()
        _choose_next_game(phones[dealer], GAMES[games[number]].name)
        assert night.snapshot(record_id).data["button"] == dealer
    snap = night.snapshot(record_id)
    assert len(snap.data["hands"]) == len(games) and sum(snap.data["chips"]) == 4 * CHIPS
    assert snap.data["button"] == (len(games) - 2) % 4


def test_a_night_through_the_lobby_on_a_tv_a_host_and_four_phones(browser: Browser, site: str,
                                                                  store: RecordStore) -> None:
    """The host opens a lobby; four guests scan the TV's one code, take chairs and type
    names; the host deals; two games are played on the phones, the TV fitting every size;
    a phone says it is reconnecting while its socket is down."""
    night = Night(store)
    record_id, shown = night.create(people=[True] * 4, chips=CHIPS, lobby=True)
    host = Screen(browser, f"{site}/night?t={shown['host']}", size=HOST_SIZE)
    expect(host.page.locator("img[alt='QR code: The join code (the TV shows it too)']")
           ).to_be_visible()
    tv = Screen(browser, f"{site}/night?t={shown['tv']}", size=TV_SIZE)
    code = join_code(tv)
    assert code == shown["join"]
    names = ["Ann <b>", "Bo", "Cy", "Di"]
    phones = {chair: join(browser, site, code, chair, name)
              for chair, name in enumerate(names)}
    data = night.snapshot(record_id).data
    assert [p["name"] for p in data["players"]] == names
    tv.at(night.version(record_id) or 0)
    expect(tv.page.get_by_text("Ann <b>", exact=True)).to_be_visible()
    check_tv_fits(tv, "night-tv-lobby")
    screenshot(phones[0].page, "night-phone-lobby")
    host.at(night.version(record_id) or 0)
    _choose_next_game(host, GAMES[NIGHTS[0][0]].name)
    assert night.snapshot(record_id).state is not None
    for screen in (host, tv, phones[0]):
        expect(screen.page.locator(NAVIGATION)).to_have_count(0)
    rules = phones[0].page.get_by_role("link", name="How to play Psycho ↗")
    assert rules.get_attribute("target") == "_blank"
    assert rules.evaluate("a => a.href") == f"{site}/psycho", "the rules open beside the seat"
    check_tv_fits(tv, "night-tv-start")
    reconnecting(phones[1], night, record_id, host=night.find(shown["host"]))
    host_link = host.page.url
    host.close()                      # back at the end: the hands are played on the phones

    _play_night(night, record_id, NIGHTS[0], tv, phones)
    host = Screen(browser, host_link, size=HOST_SIZE)
    host.at(night.snapshot(record_id).version)
    expect(host.page.get_by_text("Stacks over the night")).to_be_visible()
    screenshot(host.page, "night-host-after-two-games")
    with host.page.expect_download() as saved:
        host.page.get_by_role("button", name="Download the night's hands").click()
    told = Path(saved.value.path()).read_text(encoding="utf-8")
    assert "== Hand 1: Psycho ==" in told and "== Hand 2: Sophie's Pick ==" in told
    assert "seed" not in told, "the download tells the table's story, never its deck"
    for screen in (host, tv, *phones.values()):
        screen.close()


def test_a_night_of_the_other_three_games(browser: Browser, site: str,
                                          store: RecordStore) -> None:
    """Two guests and two computer players: every screen redraws on every decision, and
    the first night has shown four phones at once."""
    night = Night(store)
    record_id, shown = night.create(people=[True, True, False, False], names=["Ed", "Flo"],
                                    chips=CHIPS, game_id=NIGHTS[1][0])
    base = f"{site}/night?t="
    tv = Screen(browser, base + shown["tv"], size=TV_SIZE)
    phones = {p: Screen(browser, base + shown[record.seat_role(p)], size=PHONE)
              for p in range(2)}
    _play_night(night, record_id, NIGHTS[1], tv, phones)
    host = night.find(shown["host"])
    assert host is not None and night.end(host).ok and night.set_chip_value(host, "0.05").ok
    snap = night.snapshot(record_id)
    for screen in (tv, *phones.values()):
        screen.at(snap.version)
    expect(tv.page.get_by_text("The settle-up")).to_be_visible()
    check_tv_fits(tv, "night-tv-results")
    phone = phones[0].page
    expect(phone.get_by_text("A chip is worth 0.05")).to_be_visible()
    screenshot(phone, "night-phone-results")
    with phone.expect_download() as saved:
        phone.get_by_role("button", name="The ledger (CSV)").click()
    rows = list(csv.reader(io.StringIO(Path(saved.value.path()).read_text(encoding="utf-8"))))
    chairs, payments = rows[1:rows.index([])], rows[rows.index([]) + 2:]
    assert [row[0] for row in chairs] == ["Ed", "Flo", "Computer 3", "Computer 4"]
    assert sum(int(row[3]) for row in chairs) == 0, rows
    assert len(payments) <= 3, "at most one payment fewer than players"
    for screen in (tv, *phones.values()):
        screen.close()


def test_a_bad_link_opens_nothing(browser: Browser, site: str) -> None:
    screen = Screen(browser, f"{site}/night?t=not-a-real-secret-at-all-1234", size=PHONE)
    expect(screen.page.get_by_text(NO_TABLE)).to_be_visible()
    assert screen.page.locator(SEATS).count() == 0
    screen.close()


def test_a_replaced_link_closes_its_screen_and_an_ended_night_shows_results(
        browser: Browser, site: str, store: RecordStore) -> None:
    """A seat's old phone stops showing its cards once the host gives the seat a new link,
    with nobody touching it; the TV shows the results when the night ends, and goes blank
    when the host removes it."""
    night = Night(store)
    _, shown = night.create(people=[True, True, False], chips=CHIPS,
                            game_id="seven-card-stud")
    base = f"{site}/night?t="
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
        browser: Browser, site: str, store: RecordStore) -> None:
    """The TV takes each decision's new parts from its socket: the page shows the new
    version and the latest play, Streamlit sends it nothing, and no hidden card came."""
    night = Night(store)
    record_id, shown = night.create(people=[True, True, True], chips=CHIPS,
                                    game_id="seven-card-stud", seed=4)
    seats = {p: night.find(shown[record.seat_role(p)]) for p in range(3)}
    tv = Screen(browser, f"{site}/night?t={shown['tv']}", size=TV_SIZE)
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


def test_a_tap_runs_its_phone_once(browser: Browser, site: str, store: RecordStore) -> None:
    """A tap runs the phone's screen, and that run draws the decision it made: the socket's
    news of the same decision, which comes before the redraw, asks for no second run."""
    night = Night(store)
    record_id, shown = night.create(people=[True, True, True], chips=CHIPS,
                                    game_id="seven-card-stud", seed=4)
    for _ in range(3):
        snap = night.snapshot(record_id)
        assert snap.state is not None and not snap.state.is_over
        player = snap.data["hand"]["seats"][snap.state.to_act[0]]
        phone = Screen(browser, f"{site}/night?t={shown[record.seat_role(player)]}", size=PHONE)
        opened = night.version(record_id) or 0      # opening the link claims it
        phone.at(opened)
        before = phone.runs_asked
        _tap(phone, night, record_id, opened)
        phone.at(night.version(record_id) or 0)
        phone.page.wait_for_timeout(1500)       # past the wait for the tap's own redraw
        assert phone.runs_asked == before + 1, "the phone ran twice for one tap"
        phone.close()


def test_a_phone_woken_from_sleep_asks_at_once(browser: Browser, store_file: Path,
                                              store: RecordStore) -> None:
    """A phone whose screen was off may hold a socket that died meanwhile: on waking, the
    screen opens a new one and learns the table at once (here the site reads the table
    only every ten seconds, the slowest allowed)."""
    night = Night(store)
    record_id, shown = night.create(people=[True, True], chips=CHIPS, game_id="psycho")
    with serve_site({STORE_ENV: str(store_file), POLL_ENV: "10"}) as url:
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


def test_every_link_reopens_its_table_after_a_server_restart(browser: Browser,
                                                             store_file: Path,
                                                             store: RecordStore) -> None:
    night = Night(store)
    record_id, shown = night.create(people=[True, True, False], game_id="sophies-pick",
                                    names=["Cy", "Di"])
    env = {STORE_ENV: str(store_file)}
    with serve_site(env) as site:
        base = f"{site}/night?t="
        tv = Screen(browser, base + shown["tv"], size=TV_SIZE)
        phones = {p: Screen(browser, base + shown[record.seat_role(p)], size=PHONE)
                  for p in (0, 1)}
        for _ in range(3):
            snap = night.snapshot(record_id)
            assert snap.state is not None
            player = snap.data["hand"]["seats"][snap.state.to_act[0]]
            phones[player].at(snap.version)
            _tap(phones[player], night, record_id, snap.version)
        before = night.snapshot(record_id)
        tv.at(before.version)
        seats_before = tv.page.locator(SEATS).all_inner_texts()
    with serve_site(env) as site:
        base = f"{site}/night?t="
        for role, secret in shown.items():
            screen = phones[int(role[5:])] if role.startswith("seat:") else tv
            if role == "host":
                continue
            screen.open(base + secret)
            screen.at(before.version)
        assert tv.page.locator(SEATS).all_inner_texts() == seats_before
        assert before.state is not None
        player = before.data["hand"]["seats"][before.state.to_act[0]]
        expect(phones[player].page.get_by_text("Your turn")).to_be_visible()
        _tap(phones[player], night, record_id, before.version)
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
            _tap(phone, night, record_id, snap.version)
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


def test_a_tv_fits_ten_chairs_at_the_showdown(browser: Browser, site: str,
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
    tv = Screen(browser, f"{site}/night?t={shown['tv']}", size=TV_SIZE)
    tv.at(night.version(record_id) or 0)
    expect(tv.page.get_by_text("who won which pot")).to_be_visible()
    expect(tv.page.locator(SEATS)).to_have_count(10)
    check_tv_fits(tv, "night-tv-ten-chairs")
    tv.close()
