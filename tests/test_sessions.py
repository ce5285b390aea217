"""The Play and Host controllers on their own, without Streamlit: dealing, deciding,
computer players, stepping along the line, typed deals, links and what a watcher sees."""

from __future__ import annotations

import pytest

from engine.games import GAMES, new_hand
from engine.state import Action, ActionKind
from tests.support.share import random_hand
from ui.sessions.dealing import Setup
from ui.sessions.host import HostSession
from ui.sessions.notice import Tone
from ui.sessions.play import PlaySession
from ui.sessions.share import HandLink


def stud_setup(players: int = 4) -> Setup:
    return Setup("seven-card-stud", players, GAMES["seven-card-stud"].settings_type())


def test_computer_players_act_until_the_person_must() -> None:
    table = PlaySession.deal(stud_setup(), seat=2, seed=11)
    state = table.state
    assert state.to_act == (2,) or state.is_over
    assert all(a.seat != 2 for a in state.actions)
    assert table.chosen_seed == 11


def test_a_refused_decision_changes_nothing_and_says_why() -> None:
    table = PlaySession.deal(stud_setup(), seat=0, seed=3)
    before = list(table.state.actions)
    table.choose(Action(0, ActionKind.RAISE, amount=10**6))
    assert table.state.actions == before
    assert table.notice is not None and table.notice.tone is Tone.ERROR
    assert table.notice.text.startswith("That is not allowed")


def test_a_decision_moves_what_just_happened_and_lets_the_bots_answer() -> None:
    table = PlaySession.deal(stud_setup(), seat=0, seed=3)
    action = table.state.legal_actions(0)[0]
    table.choose(action)
    assert table.state.actions.count(action) >= 1 and table.notice is None
    assert table.state.is_over or table.state.to_act == (0,), "the bots left a decision open"
    assert table.mark > 0


def test_a_new_shuffle_is_never_shown_but_a_typed_deal_number_is() -> None:
    assert PlaySession.deal(stud_setup()).chosen_seed is None
    assert PlaySession.deal(stud_setup(), seed=42).chosen_seed == 42


def test_a_players_link_reopens_as_that_seat_and_a_guests_is_refused() -> None:
    state = random_hand("psycho", 5, stop=4)
    table = PlaySession.deal(stud_setup())
    opened = table.open_link(HandLink.from_state(state, seat=2).sealed())
    assert opened.seat == 2 and opened.state.actions[:4] == state.actions
    refused = table.open_link(HandLink.from_state(state).for_guests().sealed())
    assert refused is table and refused.notice is not None
    assert "for guests" in refused.notice.text


def test_a_broken_link_keeps_the_table() -> None:
    table = PlaySession.deal(stud_setup())
    assert table.open_link({"hand": "not a sealed hand"}) is table
    assert table.notice is not None and "could not be opened" in table.notice.text
    assert "unchanged" in table.notice.text


def _long_stud_hand() -> HostSession:
    """A stud hand of a fixed deal that lasts past five decisions: a fresh shuffle ends
    in three or four about one time in fifty (a completion and two folds)."""
    return HostSession(new_hand("seven-card-stud", players=3, seed=1))


def test_the_host_steps_back_and_next_replays_the_line() -> None:
    hand = _long_stud_hand()
    for _ in range(5):
        hand.forward()
    line = hand.line
    assert hand.step == 5 and len(line) == 5
    hand.back()
    hand.back()
    assert hand.step == 3 and hand.line == line
    hand.forward()
    assert hand.state.actions == list(line[:4])
    hand.to_start()
    assert hand.step == 0 and hand.line == line
    assert hand.step_line().startswith("The deal: no decision yet")


def test_a_different_decision_starts_a_new_line() -> None:
    hand = _long_stud_hand()
    for _ in range(4):
        hand.forward()
    hand.back()
    hand.back()
    other = next(a for a in hand.state.legal_actions(hand.state.to_act[0])
                 if a != hand.line[2])
    hand.decide(other)
    assert hand.line == (*hand.line[:2], other) and hand.step == 3


def test_a_watched_hand_goes_no_further_than_its_link() -> None:
    state = random_hand("sophies-pick", 7, stop=5)
    host = HostSession.fresh("seven-card-stud", 3)
    watched = host.opened(HandLink.from_state(state).for_guests(), what="Opened")
    assert watched.watching and watched.at_end
    watched.to_end()
    watched.forward()
    assert watched.state.actions == state.actions
    assert "deal number" not in watched.source() and str(state.seed) not in watched.source()
    watched.back()
    assert watched.step == 4 and not watched.at_end


@pytest.mark.parametrize("steps", [0, 3])
def test_every_link_of_a_typed_deal_goes_on_as_the_hosts_hand(steps: int) -> None:
    setup = stud_setup()
    host = HostSession.dealt(setup, seed=410373,
                             typed_texts=["As Ks Ah Kd 2c 3d 4h", "Qh Qs 5c", "Kc", ""],
                             current=HostSession.fresh("seven-card-stud", 4))
    for _ in range(steps):
        host.forward()
    link = host.own_link()
    for _ in range(9):
        host.forward()
    again = HostSession.fresh("psycho", 3).opened(link, what="Opened")
    for _ in range(9):
        again.forward()
    assert again.state.view(None) == host.state.view(None)


def test_cards_that_cannot_be_dealt_keep_the_hand_and_say_why() -> None:
    current = HostSession.fresh("seven-card-stud", 3)
    same = HostSession.dealt(stud_setup(3), seed=1, typed_texts=["Ah Kd", "Qs Kd", ""],
                             current=current)
    assert same is current and current.notice is not None
    assert "K♦ is typed for Seat 1 and for Seat 2" in current.notice.text
