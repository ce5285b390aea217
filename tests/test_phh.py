"""PHH files of every game: the host's reloads exactly, a seat's holds no card hidden from
it, and a file the site cannot follow is refused with the line and the reason."""

from __future__ import annotations

import os
import random
import re
import tomllib
import warnings
from collections.abc import Iterable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from engine.bots import RandomBot
from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import GAMES, new_hand
from engine.phh import STUD, is_phh, load_phh, read_phh, to_phh, variant_code
from engine.phh.stud import STUD_GAMES
from engine.phh.variants import codes_of, is_draw
from engine.state import HandState
from tests.support.leaks import hidden_from, named_cards
from tests.support.oracle_phh import first_players_history, pokerkit_hand
from tests.support.scale import scaled

HANDS = int(os.environ.get("PHH_HANDS", scaled(60)))
"""Hands per game, of random sizes and settings, finished or stopped early (about 10 ms a
hand to play, write, read back and compare; the conformance suite round-trips ten more of
each game's house default); ``PHH_HANDS`` asks for more."""
CHUNKS = 1
"""Each game's hands in this many tests, so that parallel workers share them out."""
SEAT_SHARE = 4
"""One hand in this many also has a seat's file checked."""
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


def cards_named(text: str) -> set[Card]:
    """Every card a PHH file's action lines write (two characters each, ``??`` unknown)."""
    data = tomllib.loads(text)
    return cards_in(data.get("_actions", []) + data["actions"])


def cards_in(lines: Iterable[str]) -> set[Card]:
    named: set[Card] = set()
    for line in lines:
        for word in line.split("#")[0].split():
            if len(word) % 2 == 0 and re.fullmatch(r"([2-9TJQKA?][cdhs?])+", word):
                chunks = [word[i:i + 2] for i in range(0, len(word), 2) if word[i] != "?"]
                named.update(parse_cards(" ".join(chunks)))
    return named


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_round_trips_through_phh(game_id: str, chunk: int) -> None:
    """The host's file reloads exactly; pokerkit's reader takes it; and a seat's file holds
    no card hidden from that seat (checked on one hand in ``SEAT_SHARE``)."""
    seeds = range(chunk, HANDS, CHUNKS)
    finished = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            state = random_hand(game_id, seed)
            text = to_phh(state)
            assert is_phh(text)
            back = load_phh(text)
            assert back.to_json() == state.to_json(), (game_id, seed)
            assert back.view(None) == state.view(None), (game_id, seed)
            if seed % SEAT_SHARE == chunk:
                history = HandHistory.loads(text)
                assert history.variant == variant_code(game_id, state.settings)
                assert history.starting_stacks == list(state.table.starting)
                check_seats_file(state, seed % state.players, tomllib.loads(text))
            finished += state.is_over
    assert finished > len(seeds) // 2


def check_seats_file(state: HandState, seat: int, host: dict) -> None:
    """A seat's file names no card hidden from it; a stud, hold'em or Omaha one under a
    standard code reopens as that seat's view (another game's replays only from its
    shuffle, which the file leaves out)."""
    text = to_phh(state, seat)
    # Cards the seat once held are its own knowledge, even after they have left its hand
    # (discarded, or mucked and shuffled back in for another seat).
    held = cards_in(line for line in host.get("_actions", host["actions"])
                    if line.startswith(f"d dh p{seat + 1} "))
    # And so are cards the table was shown and the seat was told of (an up card dealt to
    # a player who later folded, its cards gone back into the stock).
    told = named_cards(" ".join(e.sentence for e in state.view(seat).events), FULL_DECK)
    leaked = cards_named(text) & (hidden_from(state, seat) - held - told)
    assert not leaked, (state.game.id, state.seed, seat, leaked)
    data = tomllib.loads(text)
    assert data["_view"] == f"Seat {seat + 1}"
    assert "_seed" not in data and "_deck" not in data
    code = variant_code(state.game.id, state.settings)
    if state.game.id not in STUD_GAMES and (code not in codes_of(state.game.id) or
                                            is_draw(code)):  # replayed only with every card
        with pytest.raises(ValueError, match="Seat .*'s view"):
            read_phh(text)
        return
    try:
        hand = read_phh(text)
    except ValueError as error:  # the muck reshuffled: its order is the site's own
        assert "stock ran short" in str(error), error
        return
    assert hand.complete or hand.seat == seat, (state.seed, seat)
    assert hand.state.view(seat) == state.view(seat), (state.seed, seat)


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
