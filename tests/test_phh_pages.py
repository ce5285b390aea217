"""The Play and Host pages take a ``.phh`` upload: a stud hand written by pokerkit opens at
its last decision, a stud player's own file opens as that player's view (Play) or watched
(Host), and another game's player file is refused, the hand on the table staying; a
hold'em or Omaha hand written by pokerkit opens too, and gives a link that reopens it."""

from __future__ import annotations

import random
import warnings

import pytest

from engine.bots import RandomBot
from engine.games import new_hand
from engine.phh import to_phh
from tests.support.oracle_phh import pokerkit_hand
from tests.support.oracle_phh_board import pokerkit_hand as board_hand
from tests.support.pages import PLAY, ROOT, open_page
from ui.sessions.history import read_history
from ui.sessions.share import read_link

HOST = str(ROOT / "screens" / "host.py")


def pokerkit_file(equal_stacks: bool = True) -> str:
    """A finished stud hand pokerkit dealt, played and wrote (every seat with 200 chips)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in range(200):
            hand = pokerkit_hand(seed)
            stacks = f"starting_stacks = [{', '.join(['200'] * hand.players)}]"
            if (stacks in hand.text) == equal_stacks and hand.players < 8:
                return hand.text
    raise AssertionError("no such hand")


def upload(at, prefix: str, name: str, data: bytes) -> None:
    box = next(u for u in at.file_uploader if u.key.startswith(f"{prefix}_history_upload"))
    box.set_value((name, data, "text/plain")).run()


@pytest.mark.parametrize("path", [PLAY, HOST])
def test_a_pokerkit_stud_file_opens_the_hand(path: str) -> None:
    key, prefix = ("play_table", "play") if path == PLAY else ("host_table", "host")
    at = open_page(path)
    text = pokerkit_file()
    upload(at, prefix, "hand.phh", text.encode())
    assert not at.exception
    assert not at.error, at.error[0].value
    loaded = at.session_state[key].state
    assert loaded.game.id == "seven-card-stud" and loaded.is_over
    assert loaded.actions and any("Showdown" in e.text or "wins" in e.sentence
                                  for e in loaded.events)
    before = loaded.to_json()
    seat_view = to_phh(new_hand("psycho", players=4, seed=2), 1)
    upload(at, prefix, "mine.phh", seat_view.encode())
    assert not at.exception
    assert at.error and "view" in at.error[0].value
    assert "The hand on the table is unchanged" in at.error[0].value
    assert at.session_state[key].state.to_json() == before


@pytest.mark.parametrize("path", [PLAY, HOST])
def test_a_stud_players_own_file_opens_as_that_players_view(path: str) -> None:
    key, prefix = ("play_table", "play") if path == PLAY else ("host_table", "host")
    at = open_page(path)
    state = new_hand("seven-card-stud", players=3, seed=2)
    rng = random.Random(2)
    while not state.is_over:  # finished, so that no seat is left to act on the page
        state.apply(RandomBot().choose(state, state.to_act[0], rng))
    upload(at, prefix, "mine.phh", to_phh(state, 1).encode())
    assert not at.exception
    assert not at.error, at.error[0].value
    opened = at.session_state[key]
    assert opened.state.view(1) == state.view(1)
    if path == PLAY:
        assert opened.seat == 1
    else:
        assert opened.watching


def test_reading_a_phh_file_gives_the_hosts_link() -> None:
    link = read_history(pokerkit_file().encode())
    assert link.for_host and link.game == "seven-card-stud"
    state = new_hand("psycho", players=4, seed=9)
    assert read_history(to_phh(state).encode()).state().to_json() == state.to_json()


def test_a_file_with_unequal_stacks_opens_with_them_and_its_link_keeps_them() -> None:
    link = read_history(pokerkit_file(equal_stacks=False).encode())
    starting = link.state().table.starting
    assert len(set(starting)) > 1
    again = read_link({"hand": link.sealed()["hand"]})
    assert again is not None and again.state().table.starting == starting
    assert again.state().to_json() == link.state().to_json()


def pokerkit_board_file(code: str) -> str:
    """A finished hold'em or Omaha hand pokerkit dealt, played and wrote."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return board_hand(code, 7, shipped=False)[0]


@pytest.mark.parametrize("code", ["NT", "FO/8"])
def test_a_pokerkit_board_file_gives_a_host_link_that_reopens_it(code: str) -> None:
    link = read_history(pokerkit_board_file(code).encode())
    state = link.state()
    assert link.for_host and link.game in ("texas-holdem", "omaha") and state.is_over
    again = read_link({"hand": link.sealed()["hand"]})
    assert again is not None and again.state().to_json() == state.to_json()


def test_a_pokerkit_holdem_file_opens_on_host_and_a_bad_one_changes_nothing() -> None:
    at = open_page(HOST)
    upload(at, "host", "hand.phh", pokerkit_board_file("NT").encode())
    assert not at.exception
    assert not at.error, at.error[0].value
    loaded = at.session_state["host_table"].state
    assert loaded.game.id == "texas-holdem" and loaded.is_over
    before = loaded.to_json()
    bad = pokerkit_board_file("NT").replace("min_bet = ", "min_bet = 1")
    upload(at, "host", "bad.phh", bad.encode())
    assert not at.exception
    assert at.error and "smallest bet is the big blind" in at.error[0].value
    assert "The hand on the table is unchanged" in at.error[0].value
    assert at.session_state["host_table"].state.to_json() == before


def test_a_holdem_seats_file_gives_that_seats_link() -> None:
    state = new_hand("texas-holdem", players=4, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        state.apply(RandomBot().choose(state, state.to_act[0], rng))
    link = read_history(to_phh(state, 1).encode())
    assert link.seat == 1 and not link.for_host
    assert link.state().view(1) == state.view(1)
