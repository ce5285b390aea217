"""Nothing hidden leaves a seat's screen: not the address bar, not a message, not a
download. For every game, at decisions of a random hand, the play page opened as one seat
holds none of the cards hidden from that seat; an edited link's message names none; sealed
and guest links give nothing away; and any link of a typed deal reopens the same hand as
the host's. (Part of the second of the three layers where hidden cards are checked:
``tests/support/leaks.py``.)
"""

from __future__ import annotations

import json
import random
from unittest import mock

import pytest
import streamlit.elements.lib.policies as policies
from streamlit.testing.v1 import AppTest

from engine.cards import FULL_DECK
from engine.games import GAMES
from engine.history import text_history
from engine.state import ActionKind, HandState
from tests.support.leaks import hidden_from, named_cards
from tests.support.pages import (
    HOST,
    PLAY,
    _typed_deal,
    click,
    host_state,
    open_page,
    page_text,
    played_on_the_page_as,
)
from tests.support.scale import scaled
from tests.support.share import random_hand
from ui.sessions.history import saved_hand
from ui.sessions.sealing import SealError, unseal
from ui.sessions.share import HandLink, encode_actions, read_link

PAGES_PER_GAME = scaled(3, least=2)
"""How many decisions of a game's random hand are opened on the page as the seat, in the
first game of each page shape; every other game's page is opened at its furthest decision
alone (each open replays the hand, and a game's shape decides what the page draws). What
leaves a seat besides the page, its link's text history, saved hand and PHH file, is checked
at two decisions of every random hand of every game by the conformance suite
(``tests/conformance/walk.py``)."""


def everything_shown(at: AppTest) -> str:
    """Every text on the page, messages of every kind and code blocks included."""
    parts = [page_text(at)]
    parts += [m.value for kind in (at.info, at.warning, at.exception) for m in kind]
    parts += [c.value for c in at.code] + [t.value or "" for t in at.text_input]
    return "\n".join(parts)


def address(at: AppTest) -> dict[str, str]:
    params = {}
    for name in at.query_params:
        value = at.query_params[name]
        params[name] = value[0] if isinstance(value, list) else value
    return params


def assert_nothing_hidden_leaves(state: HandState, seat: int) -> None:
    """What leaves a seat's screen besides the page: its text history and its saved file
    name none of the cards hidden from it, nor the deal number."""
    hidden = hidden_from(state, seat)
    text = text_history(state, seat)
    assert not named_cards(text, hidden) and not named_cards(text, hidden, ascii=True)
    assert f"seed {state.seed}" not in text
    link = HandLink.from_state(state, seat=seat)
    saved = json.loads(saved_hand(link))
    assert set(saved) == {"format", "version", "hand"}
    assert not named_cards(saved["hand"], hidden, ascii=False)


def assert_nothing_hidden(at: AppTest) -> None:
    """The page as the seat it was opened for: no hidden card anywhere it can read."""
    state: HandState = at.session_state["play_table"].state
    seat = int(at.session_state["play_table"].seat)
    hidden = hidden_from(state, seat)
    shown = named_cards(everything_shown(at), hidden)
    assert not shown, f"the page names {shown}, hidden from Seat {seat + 1}"
    params = address(at)
    assert set(params) == {"hand"}, f"the address bar holds {sorted(params)} in the clear"
    assert_nothing_hidden_leaves(state, seat)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_play_page_never_shows_a_seat_a_hidden_card(game_id: str) -> None:
    rng = random.Random(game_id)
    whole = random_hand(game_id, rng.randrange(10**6))
    stops = set(rng.sample(range(len(whole.actions) + 1),
                           min(PAGES_PER_GAME, len(whole.actions) + 1)))
    if played_on_the_page_as(game_id) != game_id:
        stops = set()
    stops |= {len(whole.actions)}  # the furthest decision: the most cards dealt, the most told
    for stop in sorted(stops):
        seat = rng.randrange(whole.players)
        link = HandLink(game=game_id, players=whole.players, seed=whole.seed,
                        settings=whole.settings, actions=tuple(whole.actions[:stop]),
                        step=stop, seat=seat)
        assert_nothing_hidden(open_page(PLAY, link.params()))


def test_a_psycho_hand_after_standing_pat_shows_no_secret_choice_in_the_link() -> None:
    at = open_page(PLAY, {"game": "psycho", "players": "4", "seed": "606", "seat": "1"})
    pat = next(b for b in at.button if b.label.startswith("Stand pat"))
    pat.click().run()
    assert not at.exception
    assert_nothing_hidden(at)
    token = address(at)["hand"]
    state: HandState = at.session_state["play_table"].state
    plain = encode_actions(state.actions)
    assert plain not in token and "psycho" not in token


def test_an_edited_decision_gives_a_message_that_names_no_hidden_card() -> None:
    whole = random_hand("psycho", 606)
    expose = next(i for i, a in enumerate(whole.actions)
                  if a.kind is ActionKind.EXPOSE and a.seat != 0)
    theirs = whole.actions[expose]
    held = {h.card for h in whole.cards[theirs.seat]}
    others = [c for c in FULL_DECK if c not in held]
    edited = list(whole.actions[:expose + 1])
    edited[expose] = type(theirs)(theirs.seat, theirs.kind, cards=tuple(others[:3]))
    params = {"game": "psycho", "players": str(whole.players), "seed": str(whole.seed),
              "actions": encode_actions(edited), "seat": "1"}
    at = open_page(PLAY, params)
    message = at.error[0].value
    assert "could not be opened" in message
    assert not named_cards(message, held)


def test_a_sealed_link_cannot_be_read_or_edited() -> None:
    state = random_hand("seven-card-stud", 9, stop=5)
    token = HandLink.from_state(state, seat=0).sealed()["hand"]
    assert read_link({"hand": token}).state().actions == state.actions
    edited = token[:40] + ("A" if token[40] != "A" else "B") + token[41:]
    at = open_page(PLAY, {"hand": edited})
    assert "was changed on the way" in at.error[0].value
    with pytest.raises(SealError):
        unseal(edited)


def test_a_guest_link_opens_hidden_and_goes_no_further() -> None:
    """Hidden from the start, without Streamlit's warning of a widget given a default and
    a value set in the session (it logs once a process, so it is re-armed first)."""
    state = random_hand("sophies-pick", 4, stop=6)
    guests = HandLink.from_state(state).for_guests()
    policies._shown_default_value_warning = False
    with mock.patch.object(policies._LOGGER, "warning") as warned:
        at = open_page(HOST, guests.sealed())
    assert not warned.call_args_list
    shown = host_state(at)
    assert shown.actions == state.actions
    assert at.session_state["host_table"].watching is True
    assert at.button(key="host_next").disabled and at.button(key="host_end").disabled
    hidden = {h.card for s in range(state.players) for h in state.cards[s] if not h.up}
    assert not named_cards(everything_shown(at), hidden)
    assert not [b for b in at.button if b.key and b.key.startswith("host_act_")]
    on_play = open_page(PLAY, guests.sealed())
    assert "for guests watching a hand" in on_play.error[0].value


def test_a_players_link_opened_on_the_host_page_shows_no_hidden_card() -> None:
    state = random_hand("seven-card-stud", 21, stop=4)
    players = HandLink.from_state(state, seat=1)
    at = open_page(HOST, players.sealed())
    assert at.session_state["host_table"].watching is True
    hidden = {h.card for s in range(state.players) for h in state.cards[s] if not h.up}
    assert not named_cards(everything_shown(at), hidden)


def test_every_link_of_a_typed_deal_reopens_the_hosts_hand() -> None:
    at = open_page(HOST)
    at.toggle(key="host_setup_open").set_value(True).run()
    at.number_input(key="host_seed").set_value(410373)
    _typed_deal(at, ["As Ks Ah Kd 2c 3d 4h", "Qh Qs 5c", "Kc", ""], players=4)
    assert host_state(at).seed == 410373
    right_after_deal = address(at)
    for _ in range(9):
        click(at, "next")
    hosts = host_state(at)
    again = open_page(HOST, right_after_deal)
    for _ in range(9):
        click(again, "next")
    assert host_state(again).actions == hosts.actions
    assert host_state(again).view(None) == hosts.view(None)
