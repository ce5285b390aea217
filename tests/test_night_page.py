"""The Game night screen through AppTest: setting up a night, the host's controls as
buttons (pause, reveal, a seat to a computer and back, new links, the end of the night),
a phone's decision and a stale tap, and a sidebar with no game to choose at the table.

What each screen may show is tests/test_night.py's (every game, every view) and the
browser's (tests/browser/test_night.py); here the buttons are pressed.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.hostile import ROOT
from tests.support.pages_app import app
from tests.support.pages_night import (
    screen,
)
from tests.support.scan import scanned, svg_picture
from ui.night.address import PUBLIC_URL_ENV, is_loopback, link_base, network_ip
from ui.night.controller import MOVED_ON, NO_TABLE, Night
from ui.store import STORE_ENV, close_stores, open_store


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    """The store the screen opens: a fresh SQLite file for each test."""
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "night.sqlite3"))
    close_stores()
    yield Night(open_store())
    close_stores()


def address_secret(at: AppTest) -> str:
    value = at.query_params["t"]
    return str(value[0] if isinstance(value, list) else value)


def texts(at: AppTest) -> str:
    return " ".join(e.value for kind in (at.markdown, at.html, at.caption, at.info,
                                         at.warning, at.success, at.error, at.title,
                                         at.header, at.subheader)
                    for e in kind)


def decisions(at: AppTest) -> list:
    return [b for b in at.button if str(b.key or "").startswith("night_act_")]


def test_setting_up_tells_which_games_the_seats_can_deal_and_starts_the_night(
        night: Night) -> None:
    at = screen()
    at.number_input(key="night_seats").set_value(3).run()
    at.toggle(key="night_lobby_open").set_value(False).run()
    at.selectbox(key="night_first_game").set_value("pick-a-partner").run()
    assert "Pick a Partner is for 4, 6, 8 or 10 players" in texts(at)
    assert at.button(key="night_create").disabled
    at.selectbox(key="night_first_game").set_value("seven-card-stud").run()
    at.text_input(key="night_name_0").input("Ann").run()
    at.button(key="night_create").click().run()
    assert not at.exception, at.exception
    assert "Game night: host" in texts(at)
    seat = night.find(address_secret(at))
    assert seat is not None and seat.is_host
    data = night.snapshot(seat.record_id).data
    assert [p["name"] for p in data["players"]][0] == "Ann" and len(data["players"]) == 3
    assert data["hand"]["game"] == "seven-card-stud"


def test_setting_up_opens_a_lobby_by_default(night: Night) -> None:
    at = screen()
    at.number_input(key="night_seats").set_value(3).run()
    at.text_input(key="night_name_0").input("Ann").run()
    at.button(key="night_create").click().run()
    assert not at.exception, at.exception
    seat = night.find(address_secret(at))
    assert seat is not None and seat.is_host
    data = night.snapshot(seat.record_id).data
    assert data["hand"] is None and data["lobby"] and "join_link" in data
    assert "The join code (the TV shows it too)" in texts(at)


def _night(night: Night) -> tuple[str, dict[str, str]]:
    return night.create(people=[True, True, False], names=["Ann", "Bo"],
                        game_id="seven-card-stud", seed=11)


def _to_act(night: Night, record_id: str) -> int:
    snap = night.snapshot(record_id)
    assert snap.state is not None
    return int(snap.data["hand"]["seats"][snap.state.to_act[0]])


def test_pausing_stops_every_phone_and_resuming_gives_the_decision_back(night: Night) -> None:
    record_id, shown = _night(night)
    host = screen(shown["host"])
    phone = screen(shown[f"seat:{_to_act(night, record_id)}"])
    assert decisions(phone)
    host.button(key="night_pause").click().run()
    assert night.snapshot(record_id).data["paused"]
    phone.run()
    assert "The host has paused the table" in texts(phone) and not decisions(phone)
    host.button(key="night_pause").click().run()
    phone.run()
    assert not night.snapshot(record_id).data["paused"] and decisions(phone)


def test_the_reveal_asks_first_and_is_said_on_the_tv_and_every_phone(night: Night) -> None:
    record_id, shown = _night(night)
    host, tv, phone = screen(shown["host"]), screen(shown["tv"]), screen(shown["seat:1"])
    assert "showing every hole card" not in texts(tv)
    host.button(key="night_reveal").click().run()
    assert not night.snapshot(record_id).data["reveal"], "one tap only asks"
    assert "Show every guest's hole cards on the TV?" in texts(host)
    host.button(key="night_reveal_no").click().run()
    assert not night.snapshot(record_id).data["reveal"]
    host.button(key="night_reveal").click().run()
    host.button(key="night_reveal_yes").click().run()
    assert night.snapshot(record_id).data["reveal"]
    tv.run()
    phone.run()
    assert "The host is showing every hole card" in texts(tv)
    assert "The host is showing every hole card on the TV, yours too" in texts(phone)
    assert [t.value for t in phone.toast] == ["The host is showing every hole card on the TV, "
                                              "for a demonstration."]
    phone.run()
    assert not phone.toast, "a phone is told once"
    host.button(key="night_reveal").click().run()
    assert not night.snapshot(record_id).data["reveal"], "hiding them again asks nothing"


def test_a_seat_given_to_a_computer_is_told_so_and_given_back(night: Night) -> None:
    record_id, shown = _night(night)
    host, phone = screen(shown["host"]), screen(shown["seat:1"])
    host.button(key="night_person_1").click().run()
    assert not night.snapshot(record_id).data["players"][1]["person"]
    phone.run()
    assert "A computer player has your seat" in texts(phone)
    host.button(key="night_person_1").click().run()
    phone.run()
    assert night.snapshot(record_id).data["players"][1]["person"]
    assert "A computer player has your seat" not in texts(phone)


def test_a_new_link_shuts_the_old_one_out(night: Night) -> None:
    _, shown = _night(night)
    host = screen(shown["host"])
    host.button(key="night_reissue_0").click().run()
    assert not host.exception and "the old one no longer opens the table" in texts(host)
    assert NO_TABLE in texts(screen(shown["seat:0"]))
    seat = night.find(address_secret(host))
    assert seat is not None
    fresh = Night.unopened(seat, night.snapshot(seat.record_id).data)["seat:0"]
    assert fresh != shown["seat:0"] and night.open(fresh) is not None


def test_ending_the_night_shows_every_screen_the_results_until_it_is_removed(
        night: Night) -> None:
    record_id, shown = _night(night)
    host = screen(shown["host"])
    host.button(key="night_end").click().run()
    assert not host.exception and "The night is over: the results" in texts(host)
    for role in ("tv", "seat:0"):
        assert "The night is over: the results" in texts(screen(shown[role]))
    assert "The host sets what a chip is worth" in texts(screen(shown["seat:0"]))
    host.text_input(key="night_chip_value_typed").input("0.001")
    host.button(key="night_chip_value_set").click().run()
    assert "whole number of cents" in texts(host) and \
        "chip_cents" not in night.snapshot(record_id).data
    host.text_input(key="night_chip_value_typed").input("0.05")
    host.button(key="night_chip_value_set").click().run()
    assert night.snapshot(record_id).data["chip_cents"] == 5
    assert "A chip is worth 0.05" in texts(screen(shown["tv"]))
    host.button(key="night_remove").click().run()
    assert not host.exception and "t" not in host.query_params
    for role in ("tv", "seat:0", "host"):
        assert NO_TABLE in texts(screen(shown[role]))


def test_a_phone_decides_and_a_stale_tap_changes_nothing(night: Night) -> None:
    record_id, shown = _night(night)
    player = _to_act(night, record_id)
    first, second = screen(shown[f"seat:{player}"]), screen(shown[f"seat:{player}"])
    version = night.version(record_id)
    decisions(first)[0].click().run()
    assert night.version(record_id) > version
    after = night.version(record_id)
    decisions(second)[0].click().run()
    assert not second.exception
    assert night.version(record_id) == after, "a tap on an old screen is not applied"
    assert MOVED_ON in texts(second)


def test_a_phone_and_the_host_link_to_the_rules_of_the_game_being_dealt(night: Night) -> None:
    """A night's screens show no page list (the browser test checks it): the rules are a
    link away, opened beside the table."""
    _, shown = _night(night)
    for role in ("seat:0", "host"):
        links = [m.value for m in screen(shown[role]).markdown if "How to play" in m.value]
        assert links == ["[How to play Seven-card stud ↗](seven_card_stud) · "
                         "[The rest of the site ↗](./)"]


def test_at_the_table_the_sidebar_offers_the_deck_and_no_game(night: Night) -> None:
    """The dealer names each hand's game: a screen at the table has no choice of its own
    (which would say one game while the table deals another). Setting up keeps it."""
    _, shown = night.create(people=[True, True, True], game_id="psycho")
    for role in ("seat:0", "tv", "host"):
        at = screen(shown[role])
        assert not [s for s in at.sidebar.selectbox if s.key == "game"]
        assert at.sidebar.radio(key="deck_style").value == "Two colours"
    assert screen().sidebar.selectbox(key="game").value


# --- the links' address: one a phone can open ------------------------------------------

def screen_at(url: str, secret: str) -> AppTest:
    """A night's screen on ``secret``'s link, as a browser that reached the site at ``url``."""
    at = app(str(ROOT / "app.py"), timeout=120)
    at.switch_page("screens/night.py")
    at.query_params["t"] = secret
    at.context = {"url": url}
    at.run()
    assert not at.exception, at.exception
    return at


def qr_codes(at: AppTest) -> list[str]:
    """What each QR code on the screen says, read from its picture by a real decoder
    (``tests.support.scan``)."""
    found = []
    for block in at.html:
        for data in re.findall(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", block.value):
            text = scanned(svg_picture(base64.b64decode(data).decode()))
            assert text, "a QR code on the screen that does not scan"
            found.append(text)
    return found


def test_a_night_opened_at_localhost_gives_phones_the_network_address(night: Night) -> None:
    """The host opened the site as `make run` prints it first: every code on the host's
    page and the TV still opens on a phone, and both screens say which address it is."""
    _, shown = _night(night)
    ip = network_ip()
    assert ip is not None and not is_loopback(ip), "this machine has a network address"
    for role in ("host", "tv"):
        at = screen_at("http://localhost:8501/night", shown[role])
        codes = qr_codes(at)
        assert len(codes) >= 2, codes
        for code in codes:
            parts = urlsplit(code)
            assert parts.hostname == ip and parts.port == 8501 and parts.path == "/night"
            assert not is_loopback(parts.hostname)
        assert {urlsplit(c).query.removeprefix("t=") for c in codes} <= set(shown.values())
        said = "Phones open the links at" if role == "host" else "Phones open"
        assert f"{said} http://{ip}:8501" in texts(at)
        if role == "host":                   # the host can copy the text; the TV shows none
            assert {c.value for c in at.code} == set(codes)


def test_a_public_address_set_for_the_site_wins(night: Night,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://cards.example.org/club/")
    _, shown = _night(night)
    at = screen_at("http://127.0.0.1:8501/night", shown["host"])
    codes = qr_codes(at)
    assert codes and all(c.startswith("https://cards.example.org/club/night?t=") for c in codes)
    assert "Phones open the links at" not in texts(at)


def test_an_address_the_phones_can_open_is_kept_as_it_is() -> None:
    base = link_base("http://192.168.1.20:8501/night", environ={},
                     find_ip=lambda: "10.0.0.9")
    assert base.link("abc") == "http://192.168.1.20:8501/night?t=abc" and not base.note
    assert link_base("http://[::1]:8501/play", environ={},
                     find_ip=lambda: "10.0.0.9").url == "http://10.0.0.9:8501/night"


def test_without_a_network_the_host_is_told_the_links_open_only_here() -> None:
    base = link_base("http://localhost:8501/night", environ={}, find_ip=lambda: None)
    assert not base.reachable and PUBLIC_URL_ENV in base.note
    bad = link_base("http://localhost:8501", environ={PUBLIC_URL_ENV: "cards.example.org"},
                    find_ip=lambda: "10.0.0.9")
    assert bad.url == "http://10.0.0.9:8501/night" and "is not used" in bad.note


# --- the phone, phone-first ----------------------------------------------------------------

def _play_until(night: Night, record_id: str, shown: dict[str, str], done) -> int:  # noqa: ANN001
    """Decisions made for whoever the hand awaits (calls and checks before bets) until
    ``done(snap, player)`` holds for the player to act; that player."""
    for _ in range(200):
        snap = night.snapshot(record_id)
        assert snap.state is not None and not snap.state.is_over
        for engine_seat in snap.state.to_act:
            player = snap.data["hand"]["seats"][engine_seat]
            if done(snap, engine_seat):
                return int(player)
        engine_seat = snap.state.to_act[0]
        player = snap.data["hand"]["seats"][engine_seat]
        seat = night.find(shown[f"seat:{player}"])
        assert seat is not None
        legal = snap.state.legal_actions(engine_seat)
        quiet = [a for a in legal if a.kind.value in ("check", "call")]
        assert night.decide(seat, snap.version, (quiet or legal)[0]).ok
    raise AssertionError("the hand never came to that decision")


def _sized(snap, engine_seat: int) -> bool:  # noqa: ANN001
    bets = snap.state.bet_range(engine_seat)
    return bets is not None and not bets.amounts and bets.maximum - bets.minimum >= 2


def test_a_phone_bets_the_pot_in_one_tap_or_any_amount_on_a_slider(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], names=["Ann", "Ben", "Cat"],
                                    game_id="sophies-pick", seed=3)
    player = _play_until(night, record_id, shown, _sized)
    phone = screen(shown[f"seat:{player}"])
    snap = night.snapshot(record_id)
    engine_seat = snap.data["hand"]["seats"].index(player)
    view = snap.state.view(engine_seat)
    sizes = {b.label.rsplit(" · ", 1)[1]: b for b in phone.button
             if str(b.key or "").startswith(f"night_act_{snap.version}_size_")}
    assert "minimum" in sizes and "pot" in sizes, list(sizes)
    pot = int(sizes["pot"].label.split(" · ")[0].split()[-1])
    top = max(s.bet for s in view.seats)
    assert pot == min(top + view.pot_total + top - view.seats[engine_seat].bet,
                      view.bet_range.maximum)
    assert not phone.number_input, "no amount box stepped one round trip at a time"
    sizes["pot"].click().run()
    made = night.snapshot(record_id).state.actions[-1]
    assert (made.seat, made.amount) == (engine_seat, pot)

    record_id, shown = night.create(people=[True, True, True], game_id="sophies-pick", seed=3)
    player = _play_until(night, record_id, shown, _sized)
    phone = screen(shown[f"seat:{player}"])
    version = night.version(record_id)
    bets = night.snapshot(record_id).state.bet_range(
        night.snapshot(record_id).data["hand"]["seats"].index(player))
    wanted = bets.minimum + 1
    phone.slider(key=f"night_act_{version}_slider").set_value(wanted)
    assert night.version(record_id) == version, "moving the slider writes nothing"
    phone.button(key=f"night_act_{version}_sized").click().run()
    assert night.snapshot(record_id).state.actions[-1].amount == wanted


def test_the_decision_comes_before_the_news_and_every_secret_step_says_what_it_is(
        night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], names=["Ann", "Ben", "Cat"],
                                    game_id="sophies-pick", seed=2)
    snap = night.snapshot(record_id)
    assert len(snap.state.to_act) == 3, "the pairs are locked by everyone at once"
    phone = screen(shown["seat:0"])
    order = [m.value for m in phone.markdown]
    assert order.index("#### Your decision") < order.index("**What happened** (the latest first)")
    assert any("at the same time, in secret" in c.value for c in phone.caption)


def test_declaring_both_ways_is_explained() -> None:
    from ui.components.actions import _PROMPTS, ActionKind
    assert "Both ways: both halves" in _PROMPTS[ActionKind.DECLARE]


def test_double_sophie_says_which_board_each_shown_hand_plays_on() -> None:
    """A seat that plays a different five on each board has each captioned by its board, not
    board 2's alone (its cards are ringed for both)."""
    import random

    from engine.bots import bot_for, play_out
    from engine.games import new_hand
    from ui.components.table import shown_hands, table_html

    for seed in range(60):
        state = new_hand("double-sophie", players=4, seed=seed)
        play_out(state, {s: bot_for("double-sophie") for s in range(4)}, random.Random(seed))
        view = state.view(None)
        both = {seat: hands for seat, hands in shown_hands(view.settlement).items()
                if len(hands) == 2}
        if both:
            break
    assert both, "no seed showed a seat playing two different hands"
    markup = html.unescape(table_html(view))
    for hands in both.values():
        for board, (part, _, words) in enumerate(hands, start=1):
            assert part == f"Board {board}"
            assert f"Board {board}: plays {words[:1].lower()}{words[1:]}" in markup


# --- the TV as a table ------------------------------------------------------------------------

HOSTILE_NAMES = ["<script>", '"><b>x', "&amp;<i>", "' onclick='"]


def test_the_tvs_builders_show_hostile_names_as_text(night: Night) -> None:
    """Every HTML builder of the TV draws a guest's name as text, never as markup."""
    from ui.night import tv_table
    from ui.night.address import LinkBase
    from ui.night.show import codes_html

    record_id, shown = night.create(people=[True] * 4, names=HOSTILE_NAMES,
                                    game_id="seven-card-stud", seed=8)
    for _ in range(200):
        snap = night.snapshot(record_id)
        if snap.state.is_over:
            break
        engine_seat = snap.state.to_act[0]
        seat = night.find(shown[f"seat:{snap.data['hand']['seats'][engine_seat]}"])
        legal = snap.state.legal_actions(engine_seat)
        quiet = [a for a in legal if a.kind.value in ("check", "call", "show")]
        assert night.decide(seat, snap.version, (quiet or legal)[0]).ok
    snap = night.snapshot(record_id)
    from engine.views import public_view
    from ui.night.show import named
    view = named(public_view(snap.state), snap.data)
    names = [p["name"] for p in snap.data["players"]]
    links = {f"seat:{p}": "s" * 32 for p in range(4)}
    outputs = {
        "round_table_html": tv_table.round_table_html(view, snap.data, turn=HOSTILE_NAMES[0]),
        "tv_news_html": tv_table.tv_news_html(snap.data, snap.state, view.events),
        "head_html": tv_table.head_html(snap),
        "showdown_html": tv_table.showdown_html(view, snap.data, room=600),
        "scan_html": tv_table.scan_html(links, names, base=LinkBase("http://h/night")),
        "codes_html": codes_html(links, names, base=LinkBase("http://h/night"), px=100,
                                 most=4),
    }
    for builder, markup in outputs.items():
        drawn = {"round_table_html": names, "showdown_html": names[:1], "codes_html": names,
                 "scan_html": names[:tv_table.CODES_SHOWN]}.get(builder, [])
        for name in drawn:
            assert html.escape(name) in markup or html.escape(name, quote=False) in markup, \
                f"{builder} dropped {name!r}"
        for raw in ("<script>", "<b>x", "<i>", "' onclick='"):
            assert raw not in markup, f"{builder} let {raw!r} through"
    assert "<script" not in tv_table.tv_style_html()
    assert all("<" not in line for line in tv_table.how_it_plays("psycho"))
    assert "&lt;b&gt;" in tv_table.how_it_plays_html("psycho", "<b>")


# --- the lobby and the results ------------------------------------------------------------------

def test_a_guest_joins_from_the_lobby_and_the_host_deals(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, False], chips=300, lobby=True)
    tv = screen(shown["tv"])
    assert "Join the game night" in texts(tv)
    assert [c for c in qr_codes(tv) if c.endswith(shown["join"])], "the TV shows the join code"
    guest = screen(shown["join"])
    assert [str(o) for o in guest.radio(key="night_join_chair").options] == ["Chair 1",
                                                                              "Chair 2"]
    guest.radio(key="night_join_chair").set_value(1)
    guest.text_input(key="night_join_name").input("<b>Ann</b>")
    guest.button(key="night_join_take").click().run()
    assert not guest.exception, guest.exception
    mine = address_secret(guest)
    assert mine != shown["join"] and night.find(mine).player == 1
    assert "You sit in chair 2" in texts(guest) and "&lt;b&gt;Ann&lt;/b&gt;" in texts(guest)
    late = screen(shown["join"])
    late.radio(key="night_join_chair").set_value(0)
    late.text_input(key="night_join_name").input("Seat 1")
    late.button(key="night_join_take").click().run()
    assert "not a seat number" in texts(late) and address_secret(late) == shown["join"]
    host = screen(shown["host"])
    assert "Free chair" in texts(host) and "&lt;b&gt;Ann&lt;/b&gt;" in texts(host)
    host.selectbox(key="night_next_game").set_value("psycho").run()
    version = night.version(record_id)
    [deal] = [b for b in host.button if str(b.key).startswith("night_deal_")]
    deal.click().run()
    assert night.version(record_id) > version and night.snapshot(record_id).state is not None
    guest.run()
    assert "Psycho" in texts(guest) and not guest.exception
    late.run()
    assert "The lobby is closed" in texts(late)


def test_the_lobby_and_results_builders_show_hostile_names_as_text(night: Night) -> None:
    from ui.night.address import LinkBase
    from ui.night.lobby_screens import chairs_html, lobby_tv_html
    from ui.night.results_screen import results_tv_html, settle_up_html, standings_html

    record_id, shown = night.create(people=[True] * 4, names=HOSTILE_NAMES, chips=100,
                                    game_id="psycho", seed=4)
    seat = night.find(shown["host"])
    assert night.end(seat).ok and night.set_chip_value(seat, "0.25").ok
    data = night.snapshot(record_id).data
    outputs = {"chairs_html": chairs_html(data),
               "lobby_tv_html": lobby_tv_html(data, "x" * 32, LinkBase("http://h/night")),
               "standings_html": standings_html(data, you=1),
               "results_tv_html": results_tv_html(data),
               "settle_up_html": settle_up_html(data)}
    for builder, markup in outputs.items():
        for name in HOSTILE_NAMES if builder != "settle_up_html" else ():
            assert html.escape(name) in markup or html.escape(name, quote=False) in markup, \
                f"{builder} dropped {name!r}"
        for raw in ("<script>", "<b>x", "<i>", "' onclick='"):
            assert raw not in markup, f"{builder} let {raw!r} through"


def test_the_host_adds_a_chair_from_the_lobby_and_takes_a_rebuy(night: Night) -> None:
    record_id, shown = night.create(people=[True, False, False], lobby=True)
    host = screen(shown["host"])
    host.text_input(key="night_add_name").input("<i>Zed</i>")
    host.button(key="night_add_go").click().run()
    assert not host.exception
    data = night.snapshot(record_id).data
    assert len(data["players"]) == 4 and data["players"][3]["name"] == "<i>Zed</i>"
    assert "&lt;i&gt;Zed&lt;/i&gt;" in texts(host)
    host.selectbox(key="night_rebuy_who").set_value(3)
    host.number_input(key="night_rebuy_chips").set_value(50)
    host.button(key="night_rebuy_take").click().run()
    data = night.snapshot(record_id).data
    assert not host.exception and data["chips"][3] == 250 and data["bought"][3] == 250


def test_the_new_dealers_choice_comes_first_on_their_phone(night: Night) -> None:
    """The dealer's list of games sits near the top of the phone (a list opened low on the
    screen scrolls the page, which closes it), and their tab says it is their turn."""
    from ui.night import record
    from ui.night.seat_screens import names_next_game, your_turn

    record_id, shown = night.create(people=[True, True, True], names=["Ann", "Ben", "Cat"],
                                    game_id="seven-card-stud", seed=11)
    for _ in range(200):
        snap = night.snapshot(record_id)
        if snap.state.is_over:
            break
        engine_seat = snap.state.to_act[0]
        seat = night.find(shown[f"seat:{snap.data['hand']['seats'][engine_seat]}"])
        legal = snap.state.legal_actions(engine_seat)
        quiet = [a for a in legal if a.kind.value in ("check", "call", "show")]
        assert night.decide(seat, snap.version, (quiet or legal)[0]).ok
    snap = night.snapshot(record_id)
    dealer = record.chooser(snap.data)
    assert dealer is not None and names_next_game(snap.data, snap.state, dealer)
    assert your_turn(snap.data, snap.state, dealer)
    others = [p for p in range(3) if p != dealer]
    assert not any(your_turn(snap.data, snap.state, p) for p in others)
    phone = screen(shown[f"seat:{dealer}"])
    said = [str(getattr(e, "value", "")) for e in _flat(phone.main)]
    choice = said.index("#### You deal next: name the game")
    showdown = next(i for i, text in enumerate(said) if "Chips won and lost" in text)
    assert choice < showdown, "the dealer's choice comes before the showdown"
    assert phone.selectbox(key="night_next_game")


def test_the_host_names_the_first_game_and_a_computer_dealers(night: Night) -> None:
    """The host's screen never says "You deal next": it names the first game, or the game
    for the computer player on the button."""
    _, shown = night.create(people=[True, False, False], names=["Ann"], lobby=True)
    assert "Name the first game" in texts(screen(shown["host"]))
    record_id, shown = night.create(people=[False, True, False], names=["", "Ann"],
                                    game_id="seven-card-stud", seed=2)
    for _ in range(200):
        snap = night.snapshot(record_id)
        if snap.state.is_over:
            break
        engine_seat = snap.state.to_act[0]
        seat = night.find(shown[f"seat:{snap.data['hand']['seats'][engine_seat]}"])
        legal = snap.state.legal_actions(engine_seat)
        assert night.decide(seat, snap.version, next(
            (a for a in legal if a.kind.value == "fold"), legal[0])).ok
    at = screen(shown["host"])
    host = texts(at)
    assert "You deal next" not in host
    heading = "Computer 1, a computer player, deals next: name the game for it"
    assert heading in host
    said = [str(getattr(e, "value", "")) for e in _flat(at.main)]
    choice = next(i for i, text in enumerate(said) if heading in text)
    felt = next(i for i, text in enumerate(said) if 'data-night-part="table"' in text)
    assert choice < felt, "the host names the computer dealer's game above the table"


def _flat(node):  # noqa: ANN001, ANN202
    children = getattr(node, "children", None)
    if isinstance(children, dict):
        for child in children.values():
            yield from _flat(child)
    else:
        yield node


def test_the_nights_starting_chips_are_the_only_chips_asked(night: Night) -> None:
    """The setup asks the chips once: the announcements offer no chip setting of their own,
    and the night and its first hand both start from the chips typed."""
    at = screen()
    at.toggle(key="night_lobby_open").set_value(False).run()
    at.selectbox(key="night_first_game").set_value("seven-card-stud").run()
    at.number_input(key="night_chips").set_value(300).run()
    chip_fields = [n for n in at.number_input if "chips" in str(n.key)]
    assert [n.key for n in chip_fields] == ["night_chips"]
    assert not [n for n in at.number_input if n.label == "Chips"]
    at.button(key="night_create").click().run()
    assert not at.exception, at.exception
    seat = night.find(address_secret(at))
    assert seat is not None
    data = night.snapshot(seat.record_id).data
    assert data["start_chips"] == 300 and data["bought"] == [300] * 4
    assert data["hand"]["stacks"] == [300] * 4


def test_the_tv_shows_how_the_named_game_plays_until_a_person_decides(night: Night) -> None:
    """From the deal (the computer players' moves come with it) to the first decision a
    person makes, the TV's column says how the game the dealer named plays; then the news."""
    from ui.night import tv_table

    record_id, shown = night.create(people=[True, True, False], names=["Ann", "Bo"],
                                    game_id="sophies-pick", seed=3)
    snap = night.snapshot(record_id)
    assert snap.state.actions, "the computer player has chosen already"
    assert "Pick plays</div>" in tv_table.tv_news_html(snap.data, snap.state, [])
    engine_seat = snap.state.to_act[0]
    seat = night.find(shown[f"seat:{snap.data['hand']['seats'][engine_seat]}"])
    assert night.decide(seat, snap.version, snap.state.legal_actions(engine_seat)[0]).ok
    snap = night.snapshot(record_id)
    assert len(snap.state.actions) < snap.state.players, "before a round of decisions"
    assert "plays</div>" not in tv_table.tv_news_html(snap.data, snap.state, [])


def test_a_computer_from_the_start_is_given_to_a_person_not_back(night: Night) -> None:
    """"Give back to a person" stood beside chairs no person ever held."""
    _, shown = night.create(people=[True, False], names=["Ann", ""], seed=1,
                            game_id="seven-card-stud")
    labels = [b.label for b in screen(shown["host"]).button]
    assert "Give to a person" in labels and "Give back to a person" not in labels
