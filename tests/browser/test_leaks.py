"""One game night in real browsers that deals every registered game once (the registry's
list, so a game added later is dealt too): a TV and two guests' phones, with two computer
players to play each hand on to its showdown. No screen ever holds a card its viewer may
not see: after every tap, everything the server has sent each screen since (Streamlit's
socket and the night's own); at each hand's end, each screen whole (its source, its text
and every frame of the hand). This is the browser's layer of the hidden-card checks
(``tests/support/leaks.py``).

The night is also the game night's walk from the lobby to the settle-up, each check made
once where it is cheapest: the guests scan the TV's code, take chairs and type names; the
host deals the first game; a phone says it is reconnecting while its socket is down;
every turn is whole on the phone's screen, its tab says so and the phone buzzes (a
secret step every player makes at once included, dealt by the guest who then makes it);
each new dealer names the next game (on their phone, by the list or by finding it); the
TV fits each of its sizes; the host downloads the night's hands; and the night ends with
the settle-up and its ledger. The guests fold whenever they may: the computer players
play each hand on. Screenshots go to test-output/screenshots/.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, expect

from engine.cards import Card
from engine.games import GAMES, new_hand
from tests.support.browser import QUICKEST, screenshot
from tests.support.browser_night import (
    WIDE,
    Turns,
    choose_next_game,
    find_and_deal,
    on_screen,
    seen,
    tap,
    wait_past,
)
from tests.support.leaks import hidden_from, hidden_from_table, named_cards
from tests.support.night_screens import (
    HOST_SIZE,
    NAVIGATION,
    TV_SIZE,
    Screen,
    check_turn_on_a_phone,
    check_tv_fits,
    join,
    join_code,
    reconnecting,
    wait_for_computers,
)
from ui import registry
from ui.night import record
from ui.night.controller import Night, Seat, Snapshot
from ui.night.tv_table import side_heading
from ui.store import RecordStore, open_store

pytestmark = pytest.mark.browser
expect.set_options(timeout=30_000)

GUESTS = ["Ann <b>", "Bo"]
"""The guests at chairs 1 and 2 (a name the page must not read as markup); computer
players sit at chairs 3 and 4."""
CHIPS = 20_000
"""Starting chips deep enough that nobody is knocked out before the last game."""
FITS_EVERY_SIZE = 3
"""The TV is laid out at each of its sizes at the end of the first hands (and in the
lobby, at the start and at the settle-up); later hands only at its own size."""


def _night_order() -> list[str]:
    """Every registered game once. First a game with a page of rules (the phone's link to
    it is checked); second a game whose first step every player makes at once, dealt by
    a guest from their phone, whose turn then comes with the deal."""
    games = list(GAMES)
    first = next(g for g in games if registry.SITE_GAMES[g].page is not None)
    rest = [g for g in games if g != first]
    together = next(g for g in rest if len(new_hand(g, players=4, seed=1).to_act) == 4)
    return [first, together, *[g for g in rest if g != together]]


@pytest.fixture
def store() -> Iterator[RecordStore]:
    """The site's own store: the test run's data folder is the server's too."""
    opened = open_store()
    yield opened
    opened.close()


DRAWN_AT = re.compile(r'data-night-(?:at|drawn)=\\?"(\d+)')
"""Where a frame says the version it was drawn at: a part's or the version line's
attribute (in Streamlit's frames, and in the parts the night's own socket brings)."""


class Table:
    """The night's screens and what each has been checked for. A screen's frames are read
    from where the last check stopped; each frame is of the version it last said it drew
    (``DRAWN_AT``, kept per screen across frames) and is checked against the cards hidden
    at the end of that frame's hand: a finished hand's at its end, the hand in play's now
    (the table is read after the frames, so it is at their version or later, and a card
    hidden now was hidden when they were sent). A frame of a finished hand that arrives
    after the next is dealt (a run that began before the deal) is so read against its own
    hand, never against the next one's deck."""

    def __init__(self, night: Night, record_id: str, tv: Screen,
                 phones: dict[int, Screen]) -> None:
        self.night, self.record_id, self.tv, self.phones = night, record_id, tv, phones
        self.read: dict[int, int] = {}
        self.drawn: dict[int, int] = {}
        self.ended: list[tuple[int, dict[int | None, set[Card]]]] = []
        """Each finished hand's last version and the cards hidden from each screen then."""
        self.hidden: dict[tuple[int, int | None], set[Card]] = {}
        """The cards hidden from each screen at the version last read."""

    def screens(self) -> dict[int | None, Screen]:
        screens: dict[int | None, Screen] = {None: self.tv}
        screens.update(self.phones.items())
        return screens

    def _hidden(self, snap: Snapshot, player: int | None) -> set[Card]:
        """The cards hidden from ``player`` at ``snap``'s version: worked out once a version
        and screen, not once a frame (a hand's screens are sent hundreds of frames)."""
        key = (snap.version, player)
        if key not in self.hidden:
            assert snap.state is not None
            seat = None if player is None else record.engine_seat(snap.data, player)
            self.hidden = {key: hidden_from_table(snap.state) if seat is None
                           else hidden_from(snap.state, seat),
                           **{k: v for k, v in self.hidden.items() if k[0] == snap.version}}
        return self.hidden[key]

    def _hidden_at(self, version: int | None, snap: Snapshot, who: int | None) -> set[Card]:
        """The cards hidden from ``who`` at the end of the hand ``version`` belongs to."""
        for last, hidden in self.ended:
            if version is not None and version <= last:
                return hidden[who]
        return self._hidden(snap, who)

    def _leaked(self, who: int | None, screen: Screen, start: int, snap: Snapshot
                ) -> set[Card]:
        """The hidden cards named by ``screen``'s frames from ``start`` on, each frame
        against its own hand."""
        leaked: set[Card] = set()
        for frame in screen.frames[start:]:
            versions = [int(v) for v in DRAWN_AT.findall(frame)]
            if versions:
                self.drawn[id(screen)] = max(versions)
            leaked |= named_cards(frame, self._hidden_at(self.drawn.get(id(screen)), snap,
                                                         who))
        return leaked

    def check_sent(self) -> None:
        """Nothing each screen was sent since the last check names a card it may not see."""
        starts = {who: self.read.get(id(s), 0) for who, s in self.screens().items()}
        snap = self.night.snapshot(self.record_id)
        for who, screen in self.screens().items():
            leaked = self._leaked(who, screen, starts[who], snap)
            self.read[id(screen)] = len(screen.frames)
            assert not leaked, f"{self._name(who)} was sent hidden cards {leaked}"

    def check_whole(self, snap: Snapshot) -> None:
        """At a hand's end: each screen at the last version, its source, its text and every
        frame of the hand; then the frames are let go, and the hand's hidden cards kept for
        its frames that come late."""
        for who, screen in self.screens().items():
            screen.at(snap.version)
            leaked = named_cards(screen.everything(), self._hidden(snap, who))
            leaked |= self._leaked(who, screen, 0, snap)
            assert not leaked, f"{self._name(who)} holds hidden cards {leaked}"
            screen.frames.clear()
            self.read[id(screen)] = 0
        self.ended.append((snap.version, {who: self._hidden(snap, who)
                                          for who in self.screens()}))

    def hand_still_ended(self) -> None:
        """Before a deal: the table is at the version the last hand ended at, so every later
        version is the next hand's."""
        assert self.night.version(self.record_id) == self.ended[-1][0], \
            "the table changed between a hand's end and the next deal"

    @staticmethod
    def _name(who: int | None) -> str:
        return "the TV" if who is None else f"chair {who}'s phone"


def _play_hand(table: Table, turns: Turns) -> int:
    """Each guest taps their own decisions, folding whenever they may, until the hand is
    over (in a secret step, every phone the hand waits on, one after the other); every
    turn is checked on its phone, and what every screen was sent after every tap. Each
    wait reads the table again: a phone waits for the version it must draw, and if the
    table moved meanwhile the next round reads whose turn it is now. How many taps."""
    night, record_id, phones = table.night, table.record_id, table.phones
    taps = 0
    for _ in range(200):
        snap = night.snapshot(record_id)
        assert snap.state is not None
        if snap.state.is_over:
            return taps
        seats = snap.data["hand"]["seats"]
        people = [seats[s] for s in snap.state.to_act if seats[s] in phones]
        if not people:       # a deal made on a screen: its computer players act there
            wait_for_computers(night, record_id)
            continue
        player = people[0]
        phone = phones[player]
        phone.at(snap.version)
        if night.version(record_id) != snap.version:
            continue                                  # moved while it was drawn: read again
        turns.check(phone, player)
        if taps == 0 and snap.data["hand"]["number"] == 1:
            check_turn_on_a_phone(phone)
        tap(phone, night, record_id, snap.version, QUICKEST)
        taps += 1
        table.check_sent()
    raise AssertionError("the hand never ended")


def _hand_over(table: Table, number: int, game_id: str, turns: Turns) -> Snapshot:
    """The hand's end on every screen: the TV's result (a showdown or a fold), fitting the
    TV; each phone's result, or the new dealer's choice (their phone buzzing), whole on its
    screen."""
    snap = table.night.snapshot(table.record_id)
    table.check_whole(snap)
    tv = table.tv
    expect(tv.page.get_by_text(side_heading(snap.state.settlement))).to_be_visible()
    if number <= FITS_EVERY_SIZE:
        check_tv_fits(tv, f"night-tv-{game_id}-end")
    else:
        check_tv_fits(tv, f"night-tv-{game_id}-end", sizes=(TV_SIZE,), shoot=False)
    dealer = record.chooser(snap.data)
    for chair, phone in table.phones.items():
        if chair == dealer:
            place = on_screen(phone, ".st-key-night_decision", "the new dealer's choice")
            turns.buzzed(chair, place, "the choice of the next game")
        elif record.engine_seat(snap.data, chair) is not None:
            on_screen(phone, ".st-key-night_result", f"chair {chair}'s result")
    if number <= 2:
        seen(table.phones[number % 2], f"night-phone-{game_id}-end")
    return snap


def _deal(table: Table, snap: Snapshot, game_id: str, host: Seat,
          guests: dict[int, Seat]) -> None:
    """The next game named by the new dealer: the first two guests to deal do so on their
    phone (finding it by its name, then from the list), the rest through the table (the
    host for a computer on the button)."""
    night, record_id = table.night, table.record_id
    dealer = record.chooser(snap.data)
    name = GAMES[game_id].name
    number = snap.data["hand"]["number"]
    button = _next_dealt_in(snap.data)
    table.hand_still_ended()
    assert dealer == (button if snap.data["players"][button]["person"] else None), \
        "the button moves to the next chair left that is dealt in, whose person chooses"
    if dealer is not None:
        dealer_name = snap.data["players"][dealer]["name"]
        expect(table.tv.page.get_by_text(f"Next to deal: {dealer_name}")).to_be_visible()
        other = table.phones[1 - dealer].page
        expect(other.get_by_text(f"Waiting for {dealer_name}, the new dealer")).to_be_visible()
    if number == 1:
        find_and_deal(table.phones[0], name)
    elif number == 2:
        choose_next_game(table.phones[1], name)
    else:
        assert night.deal_next(host if dealer is None else guests[dealer], snap.version,
                               game_id=game_id).ok
    # A phone's tap is drawn before the table has written it, now and then: wait for it.
    wait_past(night, record_id, snap.version)
    assert night.snapshot(record_id).data["button"] == button


def _own_cards_back(table: Table, snap: Snapshot) -> None:
    """A new hand brings each guest's own cards back into view on a phone whose turn it is
    not, from the last hand's result it was scrolled to (they stayed off the screen)."""
    assert snap.state is not None
    seats = snap.data["hand"]["seats"]
    first = {seats[s] for s in snap.state.to_act}
    for chair, phone in table.phones.items():
        if chair not in first and record.engine_seat(snap.data, chair) is not None:
            on_screen(phone, "[data-night-part='mine']", f"chair {chair}'s own cards")


def _next_dealt_in(data: Mapping[str, Any]) -> int:
    """The chair left of the last hand's button that is dealt in next (it has chips and
    someone in it): where the button goes."""
    chairs = len(data["players"])
    return next(chair for step in range(1, chairs + 1)
                if record.in_play(data, chair := (int(data["button"]) + step) % chairs))


def _lobby(browser: Browser, site: str, night: Night, game_id: str
           ) -> tuple[str, dict[str, str], Screen, dict[int, Screen]]:
    """The host opens a lobby; the guests scan the TV's one code, take chairs and type
    names; the host deals the first game."""
    record_id, shown = night.create(people=[True, True, False, False], chips=CHIPS,
                                    lobby=True)
    host = Screen(browser, f"{site}/night?t={shown['host']}", size=HOST_SIZE)
    expect(host.page.locator("img[alt='QR code: The join code (the TV shows it too)']")
           ).to_be_visible()
    tv = Screen(browser, f"{site}/night?t={shown['tv']}", size=TV_SIZE)
    code = join_code(tv)
    assert code == shown["join"]
    phones = {chair: join(browser, site, code, chair, name)
              for chair, name in enumerate(GUESTS)}
    data = night.snapshot(record_id).data
    assert [p["name"] for p in data["players"]][:2] == GUESTS
    tv.at(night.version(record_id) or 0)
    expect(tv.page.get_by_text(GUESTS[0], exact=True)).to_be_visible()
    check_tv_fits(tv, "night-tv-lobby")
    screenshot(phones[0].page, "night-phone-lobby")
    host.at(night.version(record_id) or 0)
    choose_next_game(host, GAMES[game_id].name)
    assert night.snapshot(record_id).state is not None
    for screen in (host, tv, phones[0]):
        expect(screen.page.locator(NAVIGATION)).to_have_count(0)
    page = registry.SITE_GAMES[game_id].page
    assert page is not None
    rules = phones[0].page.get_by_role("link", name=f"How to play {GAMES[game_id].name} ↗")
    assert rules.get_attribute("target") == "_blank"
    assert rules.evaluate("a => a.href") == f"{site}/{page.url_path}", \
        "the rules open beside the seat"
    check_tv_fits(tv, "night-tv-start")
    reconnecting(phones[1], night, record_id, host=night.find(shown["host"]))
    host.close()                      # back at the end: the hands are played on the phones
    return record_id, shown, tv, phones


def _the_end(browser: Browser, night: Night, record_id: str, shown: dict[str, str],
             table: Table, games: list[str], host_link: str) -> None:
    """The host's screen after every game: the stacks and the night's hands to download;
    then the host ends the night, and the TV and the phones show the settle-up."""
    snap = night.snapshot(record_id)
    assert len(snap.data["hands"]) == len(games) and sum(snap.data["chips"]) == 4 * CHIPS
    host = Screen(browser, host_link, size=HOST_SIZE)
    host.at(snap.version)
    expect(host.page.get_by_text("Stacks over the night")).to_be_visible()
    screenshot(host.page, "night-host-after-every-game")
    with host.page.expect_download() as saved:
        host.page.get_by_role("button", name="Download the night's hands").click()
    told = Path(saved.value.path()).read_text(encoding="utf-8")
    for number, game_id in enumerate(games, start=1):
        assert f"== Hand {number}: {GAMES[game_id].name} ==" in told, game_id
    assert "seed" not in told, "the download tells the table's story, never its deck"
    host.close()
    seat = night.find(shown["host"])
    assert seat is not None and night.end(seat).ok and night.set_chip_value(seat, "0.05").ok
    snap = night.snapshot(record_id)
    for screen in table.screens().values():
        screen.at(snap.version)
    tv = table.tv
    expect(tv.page.get_by_text("The settle-up")).to_be_visible()
    check_tv_fits(tv, "night-tv-results")
    phone = table.phones[0]
    expect(phone.page.get_by_text("A chip is worth 0.05")).to_be_visible()
    wide = phone.page.evaluate(WIDE)
    assert not wide, f"the phone's results need a sideways swipe at 390 px: {wide}"
    screenshot(phone.page, "night-phone-results")
    with phone.page.expect_download() as saved:
        phone.page.get_by_role("button", name="The ledger (CSV)").click()
    rows = list(csv.reader(io.StringIO(Path(saved.value.path()).read_text(encoding="utf-8"))))
    chairs, payments = rows[1:rows.index([])], rows[rows.index([]) + 2:]
    assert [row[0] for row in chairs] == [*GUESTS, "Computer 3", "Computer 4"]
    assert sum(int(row[3]) for row in chairs) == 0, rows
    assert len(payments) <= 3, "at most one payment fewer than players"


def test_a_night_of_every_game_shows_no_screen_a_card_it_may_not_see(
        browser: Browser, site_url: str, store: RecordStore) -> None:
    night = Night(store)
    games = _night_order()
    record_id, shown, tv, phones = _lobby(browser, site_url, night, games[0])
    host_link = f"{site_url}/night?t={shown['host']}"
    host = night.find(shown["host"])
    guests = {chair: night.find(parse_qs(urlsplit(phone.page.url).query)["t"][0])
              for chair, phone in phones.items()}     # each guest's own link, from joining
    assert host is not None and None not in guests.values()
    table = Table(night, record_id, tv, phones)
    turns = Turns()
    for number, game_id in enumerate(games, start=1):
        snap = night.snapshot(record_id)
        assert snap.data["hand"]["game"] == game_id and snap.data["hand"]["number"] == number
        for screen in table.screens().values():
            screen.at(snap.version)
        name = GAMES[game_id].name
        if number > 1:
            _own_cards_back(table, snap)
        expect(tv.page.get_by_text(f"Hand {number} · {name}").first).to_be_visible()
        expect(tv.page.get_by_text(f"How {name} plays")).to_be_visible()
        _play_hand(table, turns)
        snap = _hand_over(table, number, game_id, turns)
        if number < len(games):
            _deal(table, snap, games[number], host, guests)  # type: ignore[arg-type]
    assert turns.sliders > 0, "no turn offered a slider"
    _the_end(browser, night, record_id, shown, table, games, host_link)
    for screen in table.screens().values():
        screen.close()
