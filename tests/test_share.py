"""Share links and saved histories: they reopen the same hand at the same step, and
anything bad (unknown game, wrong settings, tampered or illegal decisions, oversized
input, junk files) is refused with a sentence, never a traceback.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import parse_cards
from engine.games import GAMES, new_hand
from engine.state import Action, ActionKind
from tests.support.pages import PLAY, ROOT, open_page, page_text
from tests.support.scale import scaled
from tests.support.share import (
    random_hand,
)
from ui.components.plain import WORD_JOINER
from ui.sessions.history import MAX_BYTES, read_history
from ui.sessions.share import LIMITS, HandLink, LinkError, decode_actions, encode_action, read_link

HOST = str(ROOT / "screens" / "host.py")


@settings(max_examples=scaled(25), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6),
       stop=st.integers(0, 40) | st.none())
def test_a_link_reopens_the_same_hand_at_the_same_step(game_id: str, seed: int,
                                                       stop: int | None) -> None:
    state = random_hand(game_id, seed, stop)
    link = HandLink.from_state(state, seat=0)
    params = link.params()
    assert all(len(v) <= LIMITS[k] for k, v in params.items())
    back = read_link(params)
    assert back == link
    assert back.state().view(None) == state.view(None)
    assert back.state().view(0) == state.view(0)


def test_a_link_can_open_part_way_along_a_longer_line() -> None:
    state = random_hand("seven-card-stud", 3)
    line = tuple(state.actions)
    early = new_hand("seven-card-stud", players=state.players, seed=3)
    for action in line[:4]:
        early.apply(action)
    link = HandLink.from_state(early, line=line)
    assert link.params()["step"] == "4"
    back = read_link(link.params())
    assert back.actions == line and back.state().actions == list(line[:4])


@pytest.mark.parametrize("action", [
    Action(2, ActionKind.BET, amount=20), Action(0, ActionKind.CALL, amount=5),
    Action(9, ActionKind.FOLD), Action(1, ActionKind.RAISE, amount=1234),
    Action(3, ActionKind.TURN_UP, cards=tuple(parse_cards("Kh"))),
    Action(4, ActionKind.PICK_PARTNER, choice=7),
    Action(1, ActionKind.LOCK_PAIRS, cards=tuple(parse_cards("Kh Ks 7d 7c 2h 9s"))),
    Action(5, ActionKind.SACRIFICE, cards=tuple(parse_cards("10h 10s"))),
    Action(6, ActionKind.DISCARD), Action(6, ActionKind.DISCARD, cards=tuple(parse_cards("2c 3d"))),
    Action(2, ActionKind.EXPOSE, cards=tuple(parse_cards("Ah Kh Qh"))),
    Action(8, ActionKind.DECLARE, choice="both"), Action(0, ActionKind.SHOW),
    Action(0, ActionKind.MUCK), Action(0, ActionKind.BRING_IN), Action(0, ActionKind.COMPLETE,
                                                                       amount=10),
])
def test_every_kind_of_decision_survives_the_compact_encoding(action: Action) -> None:
    token = encode_action(action)
    assert token.isalnum() and len(token) <= 14
    (back,) = decode_actions(token)
    assert back == action


GOOD = {"game": "seven-card-stud", "players": "3", "seed": "7"}
_FIRST = new_hand("seven-card-stud", players=3, seed=7)
BRING = encode_action(_FIRST.legal_actions(_FIRST.to_act[0])[0])
"""The first decision of the hand GOOD names (a bring-in)."""
WRONG = (_FIRST.to_act[0] + 1) % 3


@pytest.mark.parametrize(("change", "message"), [
    ({"game": "chess"}, "no game called 'chess'"),
    ({"players": "12"}, "players should be between 2 and 8"),
    ({"players": "x3"}, "players should be a whole number"),
    ({"seed": "-4"}, "seed should be a whole number"),
    ({"settings": "ante:lots"}, "Ante: 'lots' should be a whole number"),
    ({"settings": "ante:-3"}, "Ante: '-3' should be a whole number"),
    ({"settings": "ante=3"}, "not written as name:value"),
    ({"settings": "bring_in:50"}, "the announcements cannot be used"),
    ({"settings": "jokers:on"}, "no announcement called 'jokers'"),
    ({"settings": "open_pair:maybe"}, "should be on or off"),
    ({"settings": "showing_ties:dice"}, "announcements cannot be used"),
    ({"actions": "0x"}, "decision 1"),
    ({"actions": f"{BRING}.0zz"}, "decision 2 ('0zz') is not written"),
    ({"actions": f"{BRING}.0b"}, "needs an amount"),
    ({"actions": f"{BRING}.{WRONG}r99999"},
     f"decision 2 (Seat {WRONG + 1} raises to 99999) is not allowed"),
    ({"actions": f"{WRONG}c"}, f"decision 1 (Seat {WRONG + 1} calls) is not allowed"),
    ({"actions": "9f"}, "made by seat 10, but there are only 3 seats"),
    ({"actions": BRING, "step": "5"}, "step should be between 0 and 1"),
    ({"actions": "." * 600}, "the link holds 601 decisions; at most 500"),
    ({"actions": "0k." * 1400}, "actions is too long"),
    ({"deck": "AhKh"}, "deck holds 2 cards, not Seven-card stud's 52"),
    ({"deck": "AhAh"}, "bad card"),
    ({"seat": "4"}, "seat should be between 1 and 3"),
    ({"hot": "y"}, "hot should be 1"),
    ({"game": "x" * 41}, "game is too long"),
])
def test_bad_links_are_refused_with_a_reason(change: dict[str, str], message: str) -> None:
    with pytest.raises(LinkError, match=re.escape(message)):
        read_link({**GOOD, **change})


def test_a_link_without_a_game_is_no_hand() -> None:
    assert read_link({"players": "3"}) is None


@pytest.mark.parametrize("game_id", ["anaconda", "big-o", "courchevel", "pick-a-partner"])
def test_a_link_naming_the_game_alone_opens_a_table_of_it(game_id: str) -> None:
    """"?game=anaconda", typed or passed on by hand, dealt Pick a Partner instead, saying
    the link had no players."""
    link = read_link({"game": game_id})
    assert link is not None and link.game == game_id and link.players == 4
    at = open_page(PLAY, {"game": game_id})
    assert GAMES[game_id].name in page_text(at) and "could not be opened" not in page_text(at)
    with pytest.raises(LinkError, match="the link has no seed"):
        read_link({"game": game_id, "players": "4"})


@settings(max_examples=scaled(300), deadline=None)
@given(st.dictionaries(st.sampled_from(["game", "players", "seed", "settings", "deck",
                                        "actions", "step", "seat", "hot", "other"]),
                       st.text(max_size=60), max_size=9))
def test_any_link_either_opens_or_says_why(params: dict[str, str]) -> None:
    params = {**GOOD, **params}
    try:
        read_link(params)
    except LinkError as error:
        assert str(error)


@settings(max_examples=scaled(200), deadline=None)
@given(st.text(alphabet="0123456789abcdefhiklmoprsuxAKQJT.", max_size=80))
def test_tampered_decisions_are_refused_or_replayed(actions: str) -> None:
    try:
        link = read_link({**GOOD, "actions": actions})
    except LinkError:
        return
    assert link is not None and len(link.state().actions) == link.step


# --- saved histories ------------------------------------------------------------------


def test_a_saved_history_loads_back_to_the_same_hand() -> None:
    state = random_hand("psycho", 8, stop=12)
    assert read_history(state.to_json().encode()).state().view(None) == state.view(None)


@pytest.mark.parametrize(("data", "message"), [
    (b"\xff\xfe\x00junk", "not text"),
    (b"{not json", "not valid JSON"),
    (b"[" * 5000 + b"]" * 5000, "nested too deeply|not valid JSON"),
    (b" " * (MAX_BYTES + 1), "a hand history is at most"),
    (json.dumps({"format": "dealers-choice-hand", "version": 1, "game": "go-fish",
                 "players": 3, "seed": 1}).encode(), "unknown game"),
    (json.dumps({"format": "dealers-choice-hand", "version": 1, "game": "seven-card-stud",
                 "players": 3, "seed": 1, "settings": {"ante": "x"}}).encode(), "Ante"),
    (json.dumps({"format": "dealers-choice-hand", "version": 1, "game": "seven-card-stud",
                 "players": 3, "seed": 1, "settings": [1, 2]}).encode(), "hand history"),
    (json.dumps({"format": "dealers-choice-hand", "version": 1, "game": "seven-card-stud",
                 "players": 3, "seed": 1,
                 "actions": [{"seat": 0, "kind": "raise", "amount": 500}]}).encode(),
     "cannot be replayed"),
])
def test_bad_files_are_refused_with_a_reason(data: bytes, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_history(data)


@settings(max_examples=scaled(150), deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20),
       st.sampled_from(["game", "players", "seed", "settings", "deck", "stacks", "actions"]))
def test_any_tampered_history_loads_or_says_why(junk: object, field: str) -> None:
    data = json.loads(random_hand("seven-card-stud", 2, stop=5).to_json())
    data[field] = junk
    try:
        read_history(json.dumps(data).encode())
    except ValueError as error:
        assert str(error)


# --- through the pages ----------------------------------------------------------------


@pytest.mark.parametrize("path", [PLAY, HOST])
def test_a_link_opens_the_same_table_on_the_page(path: str) -> None:
    state = random_hand("seven-card-stud", 12, stop=6)
    params = HandLink.from_state(state, seat=1).params()
    at = open_page(path, params)
    key = "play_table" if path == PLAY else "host_table"
    opened = at.session_state[key].state
    assert opened.actions[:len(state.actions)] == state.actions
    assert "Opened a shared hand" in page_text(at)
    rewritten = {name: at.query_params[name] for name in at.query_params}
    assert set(rewritten) == {"hand"}, "the old plain link is sealed in the address bar"
    token = rewritten["hand"]
    token = token[0] if isinstance(token, list) else token
    again = read_link({"hand": token})
    assert again is not None and again.state().actions == opened.actions


@pytest.mark.parametrize("path", [PLAY, HOST])
@pytest.mark.parametrize("params", [
    {"game": "poker-dice", "players": "3", "seed": "1"},
    {**GOOD, "actions": f"{BRING}.{WRONG}r99999"},
    {**GOOD, "settings": "ante:1000001"},
    {**GOOD, "actions": "0k" * 3000},
])
def test_a_bad_link_shows_a_message_and_a_fresh_table(path: str, params: dict[str, str]) -> None:
    at = open_page(path, params)
    assert at.error and "could not be opened" in at.error[0].value
    assert "A fresh table is dealt instead" in at.error[0].value
    key = "play_table" if path == PLAY else "host_table"
    state = at.session_state[key].state
    assert state.actions == [] or state.to_act


@pytest.mark.parametrize("path", [PLAY, HOST])
def test_files_load_and_a_bad_file_leaves_the_hand_alone(path: str) -> None:
    key = "play_table" if path == PLAY else "host_table"
    prefix = "play" if path == PLAY else "host"
    at = open_page(path)
    saved = random_hand("sophies-pick", 5, stop=3)
    upload = next(u for u in at.file_uploader if u.key.startswith(f"{prefix}_history_upload"))
    upload.set_value(("hand.json", saved.to_json().encode(), "application/json")).run()
    assert not at.exception
    loaded = at.session_state[key].state
    assert loaded.game.id == "sophies-pick" and loaded.actions[:3] == saved.actions
    before = (loaded.to_json(), dict(at.query_params))
    upload = next(u for u in at.file_uploader if u.key.startswith(f"{prefix}_history_upload"))
    upload.set_value(("hand.json", b'{"format": "dealers-choice-hand"}', "application/json"))
    at.run()
    assert not at.exception
    assert at.error and "could not be loaded" in at.error[0].value
    assert "The hand on the table is unchanged" in at.error[0].value
    kept = at.session_state[key].state
    assert kept is loaded
    assert (kept.to_json(), dict(at.query_params)) == before


def test_what_a_bad_link_held_is_quoted_as_plain_text() -> None:
    at = open_page(PLAY, {"game": "[win](http://x.example)", "players": "3", "seed": "1"})
    message = at.error[0].value
    shown = html.unescape(message).replace(WORD_JOINER, "")
    assert "'[win](http://x.example)'" in shown and "[win](" not in message


def test_a_hand_with_its_own_stacks_reopens_with_them() -> None:
    state = new_hand("seven-card-stud", players=3, seed=2, stacks=(150, 200, 90))
    link = HandLink.from_state(state)
    assert link.params()["stacks"] == "150,200,90"
    assert read_link(link.params()).state().table.starting == (150, 200, 90)
    for bad in ("150,200", "a,b,c", "0,1,2"):
        with pytest.raises(LinkError, match="stack"):
            read_link({**link.params(), "stacks": bad})


@pytest.mark.parametrize(("game_id", "seats"), [("five-card-draw-bug", ["Jk Ah Ad", "Kh Kd"]),
                                                ("short-deck-holdem", ["Ah Kh", "6c 6d"])])
def test_a_typed_deal_of_a_deck_not_of_52_reopens_from_its_link(game_id: str,
                                                                seats: list[str]) -> None:
    """The bug's 53 cards and the short deck's 36: a typed deal's links were refused ("the
    link's deck holds 53 cards, not 52"), the host's own address and every guest's."""
    from engine.deals import deck_from_seats

    deck = deck_from_seats(game_id, players=3, seat_cards=[parse_cards(s) for s in seats])
    state = new_hand(game_id, players=3, seed=1, deck=deck)
    link = read_link(HandLink.from_state(state, seat=0).params())
    assert link is not None and link.state().cards[0][0].card == parse_cards(seats[0])[0]
