"""PHH files: a seat's file writes the cards hidden from it as ``??`` and a secret choice as
one, the house rules are stated, and a file the site cannot follow is refused with the line
and the reason. (Every game's files on random hands, the host's reloading exactly and a
seat's holding no card hidden from it, are checked by the conformance suite,
``tests/conformance/walk.py``; pokerkit's reader taking them is a row of the oracle
harness, ``tests/support/oracle_phh_files.py``.)"""

from __future__ import annotations

import random
import re
import time
import tomllib
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.games import GAMES, new_hand
from engine.phh import STUD, load_phh, read_phh, to_phh
from engine.state import HandState
from tests.support.oracle_phh import first_players_history, pokerkit_hand
from tests.support.scale import scaled

BOT = RandomBot()


def random_hand(game_id: str, seed: int) -> HandState:
    """A hand of random size and settings, played at random, finished or stopped early."""
    rng = random.Random(seed)
    game = GAMES[game_id]
    while True:
        players = rng.randint(game.min_players, game.max_players)
        try:
            game.check_players(players, game.settings_type())
            break
        except ValueError:
            continue
    options = {}
    for info in game.settings_type.schema():
        if info.options and rng.random() < 0.5:
            options[info.name] = rng.choice(info.options).value
    try:
        state = new_hand(game_id, players=players, seed=seed, settings=options)
    except ValueError:
        state = new_hand(game_id, players=players, seed=seed)
    stop = rng.choice([10**6, 10**6, rng.randint(0, 60)])
    while not state.is_over and len(state.actions) < stop:
        state.apply(BOT.choose(state, state.to_act[0], rng))
    return state


def test_a_seats_file_writes_hidden_cards_as_question_marks() -> None:
    state = new_hand(STUD, players=3, seed=4)
    text = to_phh(state, 1)
    lines = tomllib.loads(text)["actions"]
    assert lines[0].startswith("d dh p1 ????") and not lines[1].startswith("d dh p2 ??")
    assert "????" not in to_phh(state)


def test_secret_choices_stay_secret_until_revealed() -> None:
    rng = random.Random(0)
    for seed in range(50):
        state = new_hand("psycho", players=4, seed=seed, settings={"declarations": "at-once"})
        while not state.is_over and "declare" not in {
                a.kind.value for a in state.legal_actions(state.to_act[0])}:
            legal = state.legal_actions(state.to_act[0])
            calm = [a for a in legal if a.kind.value != "fold"] or legal
            state.apply(rng.choice(calm))
        if not state.is_over:
            break
    first = state.to_act[0]
    state.apply(BOT.choose(state, first, rng))
    other = next(s for s in state.to_act if s != first)
    lines = tomllib.loads(to_phh(state, other))["_actions"]
    assert lines[-1] == f"p{first + 1} dc ??"
    mine = tomllib.loads(to_phh(state, first))["_actions"]
    assert mine[-1] != f"p{first + 1} dc ??"


def test_the_house_rules_are_stated_in_user_fields() -> None:
    state = new_hand(STUD, players=2, seed=1)
    data = tomllib.loads(to_phh(state))
    assert data["_settings"]["open_pair"] is True
    assert any(rule.startswith("Open pair on fourth street") for rule in data["_house_rules"])
    assert data["ante_trimming_status"] is True


VALID = to_phh(random_hand("pick-a-partner", 3))
STUD_VALID = to_phh(random_hand(STUD, 5))
STUD_SEATS = to_phh(random_hand(STUD, 7), 1)
"""A stud seat's file: other players' unshown cards ``??``, replayed with stand-ins."""
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    POKERKIT = first_players_history(pokerkit_hand(4).text)
"""A pokerkit-written hand as its first player keeps it: all on one line, unknown cards."""


def check_refusal(text: str) -> None:
    try:
        read_phh(text)
    except ValueError as error:
        message = str(error)
        assert "line" in message or "the file" in message, message
        assert "cannot be replayed here (" not in message, message


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([VALID, STUD_VALID, STUD_SEATS, POKERKIT]), st.data())
def test_a_damaged_file_is_refused_with_a_reason_never_a_traceback(base: str, data) -> None:
    lines = base.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines) - 1))
        change = data.draw(st.sampled_from(["drop", "copy", "word", "number", "text"]))
        if change == "drop":
            del lines[at]
        elif change == "copy":
            lines.insert(at, lines[at])
        elif change == "word":
            words = lines[at].split(" ")
            spot = data.draw(st.integers(0, len(words) - 1))
            words[spot] = data.draw(st.sampled_from(
                ["p9", "cbr", "sm", "????", "??Ah", "AhAh", "99", "-1", "'x'", "d", "dh", "f",
                 "tu", "1.5", "true", "[]", "p0", "db", "zz", "'Seat 9'", "_view"]))
            lines[at] = " ".join(words)
        elif change == "number":
            lines[at] = re.sub(r"\d+", str(data.draw(st.integers(-5, 10**7))), lines[at],
                               count=1)
        else:
            lines[at] = data.draw(st.text(max_size=30))
        if not lines:
            break
    check_refusal("\n".join(lines))


@settings(max_examples=scaled(100), deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_refused_with_a_reason(text: str) -> None:
    check_refusal(text)
    check_refusal("variant = 'F7S'\n" + text)


def test_a_file_from_another_game_or_stake_names_the_line() -> None:
    with pytest.raises(ValueError, match=r"line 1 \(variant = 'NS'\)"):  # short-deck
        load_phh("variant = 'NS'\nantes = [0, 0]\nstarting_stacks = [100, 100]\nactions = []\n")
    with pytest.raises(ValueError, match=r"line 3 \(antes = \[1, 2\]\).*same"):
        load_phh("variant = 'F7S'\nbring_in = 1\nantes = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n"
                 "starting_stacks = [100, 100]\nactions = []\n")
    with pytest.raises(ValueError, match=r"not PHH.*line 1"):
        load_phh("variant = \n")


@pytest.mark.parametrize("amount", ["9" * 5000, "0x" + "f" * 40])
def test_a_number_too_big_for_any_table_is_refused_with_its_line(amount: str) -> None:
    with pytest.raises(ValueError, match=r"a number (too long to read|bigger than .*) \(at "
                                         r"line 2, column 1\)"):
        read_phh(f'variant = "NT"\nantes = [{amount}]\n')


_HEADS_UP = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [{small}, {big}]\n'
             'min_bet = {big}\nstarting_stacks = [{stack}, {stack}]\n'
             'actions = ["d dh p1 AhKh", "d dh p2 2c3d", "{last}"]\n')


@pytest.mark.parametrize("text", [
    _HEADS_UP.format(small=1, big=2, stack=200, last="p2 cbr 1e30000000"),
    _HEADS_UP.format(small=1, big=2, stack="1e30000000", last="p2 f"),
    _HEADS_UP.format(small=2 * 10**18, big=4 * 10**18, stack=8 * 10**18, last="p2 f"),
])
def test_amounts_of_any_size_are_read_in_a_moment(text: str) -> None:
    """An exponent read digit by digit (37 CPU-seconds for 1e30000000) and a common factor's
    every divisor tried one by one (46 for 2e18) held a server thread for as long."""
    started = time.process_time()
    try:
        read_phh(text)
    except ValueError as error:
        assert "line" in str(error)
    assert time.process_time() - started < 1


def test_a_file_a_windows_editor_saved_with_a_byte_order_mark_opens() -> None:
    """Notepad's UTF-8 starts with U+FEFF: the file was read as broken JSON."""
    from ui.sessions.history import read_history

    state = new_hand("texas-holdem", players=3, seed=4)
    while not state.is_over:
        state.apply(state.legal_actions(state.to_act[0])[0])
    link = read_history(b"\xef\xbb\xbf" + to_phh(state).encode("utf-8"))
    assert link.game == "texas-holdem"
