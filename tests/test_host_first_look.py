"""Hosting as a newcomer finds it: the guests' link at an address a phone can open, with
its QR code; a progress line that never claims to know how long a hand still being
played is; gold rings only on the hands that won (Omaha's three board cards among
them), drawn inside the card so a fanned card's corner stays in sight; one word for a
stacked deal on the host's and the guest's screens; and no "showdown" when nobody
showed."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import card
from engine.games import GAMES, new_hand
from engine.views import host_view
from tests.support.first_look import ROOT, host_at_end, marked_cards
from tests.support.pages_app import app
from ui.components.cards import card_html
from ui.components.table import table_html, winning_cards
from ui.night.address import PUBLIC_URL_ENV, network_ip
from ui.sessions.dealing import Setup
from ui.sessions.host import HostSession

HOST = str(ROOT / "screens" / "host.py")


def _host(params: dict[str, str]) -> AppTest:
    at = app(HOST, timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception[0].value
    return at


def _click(at: AppTest, name: str) -> None:
    at.button(key=f"host_{name}").click().run()
    assert not at.exception, at.exception[0].value


# --- the share link ----------------------------------------------------------------------


def _share_links(at: AppTest) -> list[str]:
    return [box.value or "" for box in at.text_input if box.label == "The link to share"]


def test_the_guests_link_carries_an_address_a_phone_can_open() -> None:
    at = _host({"game": "omaha", "players": "4", "seed": "7"})
    links = _share_links(at)
    assert len(links) == 2 and all("/host?hand=" in link for link in links)
    found = network_ip()
    if found is not None:
        assert all(link.startswith(f"http://{found}:") for link in links), links
    assert not any(re.match(r"https?://(localhost|127\.)", link) for link in links), links
    codes = [h.proto.body for h in at.get("html") if "QR code: Scan to open this hand" in
             h.proto.body]
    assert len(codes) == 1, "the guests' link, and only it, as a code to scan"


def test_a_public_address_wins_and_a_bad_one_is_said_and_ignored(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://cards.example.org/")
    at = _host({"game": "razz", "players": "3", "seed": "2"})
    assert all(link.startswith("https://cards.example.org/host?hand=")
               for link in _share_links(at))
    monkeypatch.setenv(PUBLIC_URL_ENV, "javascript:alert(1)")
    at = _host({"game": "razz", "players": "3", "seed": "2"})
    assert not any(link.startswith("javascript") for link in _share_links(at))
    notes = " ".join(i.value for i in at.info) + " ".join(w.value for w in at.warning)
    assert "is not an http or https address" in notes


# --- the progress line --------------------------------------------------------------------


def test_mid_hand_the_step_count_is_not_a_total() -> None:
    # A deal of its own: a fresh shuffle may end the hand in three decisions, all folds.
    hand = HostSession(new_hand("seven-card-stud", players=3, seed=0))
    for _ in range(3):
        hand.forward()
    assert hand.steps_known() is None
    assert hand.step_line().startswith("Step 3 · Next lets a computer player decide")
    assert " of 3" not in hand.step_line()
    hand.to_end()
    total = hand.step
    assert hand.steps_known() == total and hand.step_line() == \
        f"Step {total} of {total} · the hand is over"
    hand.back()
    hand.back()
    assert hand.step_line() == (f"Step {total - 2} of {total} · 2 more decisions kept ahead, "
                                "to the end of the hand")
    hand.decide(next(a for a in hand.state.legal_actions(hand.state.to_act[0])
                     if a != hand.line[total - 2]))
    assert hand.steps_known() is None or hand.state.is_over, "a new line: length unknown"


def test_the_page_draws_a_full_bar_only_when_the_hand_is_over() -> None:
    at = _host({"game": "seven-card-stud", "players": "4", "seed": "31"})
    for _ in range(3):
        _click(at, "next")
    assert not at.get("progress"), "no bar while the hand's length is unknown"
    assert any(c.value.startswith("Step 3 · Next lets a computer player decide")
               for c in at.caption)
    _click(at, "end")
    bars = at.get("progress")
    assert len(bars) == 1 and bars[0].proto.value == 100


# --- the rings ---------------------------------------------------------------------------


def test_omaha_rings_the_two_hole_cards_and_the_three_board_cards_that_play() -> None:
    for seed in range(1, 40):     # the first hand the computer players take to a showdown
        view = host_view(host_at_end("omaha", players=4, seed=seed), revealed=range(4))
        won = winning_cards(view.settlement)
        if len(won) == 1:
            break
    assert len(won) == 1, "no hand of 39 reached a showdown one hand wins"
    markup = table_html(view)
    (winner, cards), = won.items()
    board = set(view.boards[0])
    assert len(cards & board) == 3 and len(cards - board) == 2
    assert marked_cards(markup) == {str(c) for c in cards}
    assert "(cards ringed here and on the board)" in markup


def test_only_the_hands_that_won_are_ringed_not_a_losing_seats_first_up_card() -> None:
    """The first Pick a Partner hand the computer players take to a showdown that one team
    wins: its two hands are ringed, and no card of the other team's, first up cards
    included."""
    for seed in range(1, 40):
        view = host_view(host_at_end("pick-a-partner", players=4, seed=seed),
                         revealed=range(4))
        won = winning_cards(view.settlement)
        if view.settlement.showdown and len(won) == 2:
            break
    else:
        raise AssertionError("no seed reached a showdown one team won")
    assert all(any(c.up for c in seat.cards) for seat in view.seats)
    markup = table_html(view, marked={c.card for s in view.seats for c in s.cards
                                      if c.up and c.card is not None})
    ringed = marked_cards(markup)
    assert ringed == {str(c) for cards in won.values() for c in cards}
    losers = {str(c.card) for seat in range(4) if seat not in won
              for c in view.seats[seat].cards}
    assert not ringed & losers, ringed & losers
    assert markup.count("(cards ringed") == 2


def test_everyone_folded_is_no_showdown() -> None:
    at = _host({"game": "pick-a-partner", "players": "4", "seed": "7"})
    _click(at, "end")
    state = at.session_state["host_table"].state
    assert state.is_over and not state.settlement.showdown
    headings = [s.value for s in at.subheader]
    assert "The showdown" not in headings and "The result: everyone else folded" in headings


@pytest.mark.parametrize("width", [50, 74, 108])
def test_a_ring_is_drawn_inside_the_card_so_the_card_beneath_keeps_its_corner(
        width: int) -> None:
    size = {50: "small", 74: "medium", 108: "large"}[width]
    style = card_html(card("Kh"), size=size, marked=True)
    found = re.search(r"outline:(\d+)px", style)
    assert found is not None and f"outline-offset:-{found[1]}px" in style


# --- one word for a stacked deal ---------------------------------------------------------


def test_the_host_and_the_guest_name_a_typed_deal_alike() -> None:
    setup = Setup("seven-card-stud", 3, GAMES["seven-card-stud"].settings_type())
    start = HostSession.fresh("seven-card-stud", 3)
    hand = HostSession.dealt(setup, seed=4, typed_texts=["Ah Ad As", "", ""], current=start)
    assert hand.typed is not None
    guest = hand.opened(hand.guests_link(), what="Opened")
    assert guest.watching
    assert guest.source() == "stacked deck" and hand.source().startswith("stacked deck")
    assert "typed deal" not in hand.source()
