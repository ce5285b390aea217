"""Fuzzing links: the play and host share links (``ui/sessions/share.py``) and the quiz's question
links (``engine/quiz/common.py``), read directly and through the pages' query params.

A link is whatever someone pastes: every parameter may be empty, huge,
unicode, negative, not a number, or markup. Each is opened or refused with a
``LinkError`` whose message says why (and, when too long, states the limit);
on the page it becomes a clear message over a working page, never a
traceback.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.games import GAMES, new_hand
from engine.quiz.common import Drill, QuestionRef
from engine.quiz.common import LinkError as QuizLinkError
from engine.state import HandState
from tests.support.hands import random_settings
from tests.support.hostile import HOSTILE_TEXT, IMG, MARKDOWN, hostile_text, site_page
from tests.support.scale import scaled
from ui.sessions.share import (
    LIMITS,
    MAX_ACTIONS,
    HandLink,
    LinkError,
    decode_actions,
    decode_settings,
    encode_actions,
    encode_settings,
    read_link,
)

FUZZ = settings(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
PARAMS = ("game", "players", "seed", "settings", "deck", "actions", "step", "seat", "hot")
GOOD = {"game": "seven-card-stud", "players": "3", "seed": "7"}


def fuzz(examples: int) -> settings:
    return settings(FUZZ, max_examples=scaled(examples))


def _refusal_ok(error: Exception) -> None:
    text = str(error)
    assert text.strip() and "Traceback" not in text


def _played(game_id: str, seed: int, stop: int) -> HandState:
    rng = random.Random(seed)
    game = GAMES[game_id]
    players = rng.choice(game.player_counts(game.settings_type()))
    state = new_hand(game_id, players=players, seed=seed, settings=random_settings(game, rng))
    while not state.is_over and len(state.actions) < stop:
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    return state


SHARED = [HandLink.from_state(_played(g, 11, 12), seat=0).params() for g in sorted(GAMES)]
"""A real link per game, to tamper with."""


# --- play and host links, read directly ---------------------------------------------------


@fuzz(400)
@given(st.sampled_from(SHARED), st.sampled_from(PARAMS + ("other",)), hostile_text(max_size=60))
def test_a_tampered_link_opens_or_says_why(params: dict[str, str], name: str,
                                           value: str) -> None:
    params = {**params, name: value}
    try:
        link = read_link(params)
    except LinkError as error:
        _refusal_ok(error)
        limit = LIMITS.get(name)
        if limit is not None and len(value) > limit:
            assert f"at most {limit}" in str(error)
        return
    if link is None:
        assert "game" not in params
        return
    assert read_link(link.params()) == link
    assert len(link.state().actions) == link.step


@fuzz(150)
@given(st.dictionaries(st.sampled_from(PARAMS), hostile_text(max_size=40), max_size=9))
def test_any_set_of_params_opens_or_says_why(params: dict[str, str]) -> None:
    try:
        read_link(params)
    except LinkError as error:
        _refusal_ok(error)


@pytest.mark.parametrize("name", PARAMS)
def test_every_param_states_its_size_limit(name: str) -> None:
    limit = LIMITS[name]
    with pytest.raises(LinkError, match=f"{name} is too long .*at most {limit}"):
        read_link({**GOOD, name: "9" * (limit + 1)})


def test_too_many_decisions_are_refused_with_the_limit() -> None:
    with pytest.raises(LinkError, match=f"at most {MAX_ACTIONS}"):
        decode_actions(".".join(["0k"] * (MAX_ACTIONS + 1)))


@pytest.mark.parametrize("value", ["٣", "３", "²", "-3", "+3", " 3", "3 ", "0x3", "3.0", "1e1"])
@pytest.mark.parametrize("name", ["players", "seed", "step", "seat"])
def test_numbers_are_plain_digits_or_refused(name: str, value: str) -> None:
    try:
        link = read_link({**GOOD, name: value})
    except LinkError as error:
        _refusal_ok(error)
        return
    assert link is not None and read_link(link.params()) == link


@fuzz(300)
@given(st.text(alphabet="0123456789abcdefhiklmoprsuxAKQJTcdhs.²٣", max_size=60)
       | hostile_text(max_size=60))
def test_decisions_decode_to_their_own_encoding_or_are_refused(text: str) -> None:
    try:
        actions = decode_actions(text)
    except LinkError as error:
        _refusal_ok(error)
        return
    assert decode_actions(encode_actions(actions)) == actions


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_announcements_in_a_link_read_back_or_are_refused(game_id: str) -> None:
    game = GAMES[game_id]
    names = [info.name for info in game.settings_type.schema()]

    @fuzz(100)
    @given(st.lists(st.tuples(st.sampled_from(names) | hostile_text(max_size=10),
                              hostile_text(max_size=12) | st.integers(-5, 10**7).map(str)
                              | st.sampled_from(["on", "off", "OFF", "1", "pot-limit"])),
                    max_size=4).map(lambda parts: ",".join(f"{n}:{v}" for n, v in parts))
           | hostile_text(max_size=50))
    def check(text: str) -> None:
        try:
            chosen = decode_settings(game_id, text)
        except LinkError as error:
            _refusal_ok(error)
            return
        assert decode_settings(game_id, encode_settings(chosen)) == chosen

    check()


@fuzz(60)
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False))
def test_any_house_settings_travel_in_a_link(game_id: str, rng: random.Random) -> None:
    chosen = random_settings(GAMES[game_id], rng)
    assert decode_settings(game_id, encode_settings(chosen)) == chosen


# --- quiz links ----------------------------------------------------------------------------


QUIZ_GOOD = {"drill": "partner", "level": "random", "seed": "5"}


@fuzz(300)
@given(st.sampled_from(["drill", "level", "seed"]),
       hostile_text(max_size=40) | st.sampled_from(["²", "³", "½", "٣", "１", "4294967296"])
       | st.lists(st.text(max_size=5), max_size=3))
def test_a_tampered_question_link_opens_or_says_why(name: str, value: str | list[str]) -> None:
    try:
        ref = QuestionRef.from_params({**QUIZ_GOOD, name: value})
    except QuizLinkError as error:
        _refusal_ok(error)
        return
    assert QuestionRef.from_params(ref.to_params()) == ref


@pytest.mark.parametrize("seed", ["²", "¹²", "③", "٣"])
def test_question_numbers_in_other_scripts_never_crash(seed: str) -> None:
    for drill in Drill:
        try:
            QuestionRef.from_params({"drill": drill.value, "level": "random", "seed": seed})
        except QuizLinkError as error:
            _refusal_ok(error)


# --- through the pages ----------------------------------------------------------------------


BAD_LINKS = [
    {**GOOD, "players": "²"},
    {**GOOD, "seed": "-1"},
    {**GOOD, "settings": IMG},
    {**GOOD, "actions": MARKDOWN},
    {**GOOD, "deck": "x" * 5000},
    {**GOOD, "game": "<script>alert(1)</script>"},
    {**GOOD, "step": "NaN"},
    {"game": "", "players": "", "seed": ""},
]
QUIZ_LINKS = [
    {**QUIZ_GOOD, "seed": "²"},
    {**QUIZ_GOOD, "drill": IMG},
    {**QUIZ_GOOD, "level": MARKDOWN},
    {**QUIZ_GOOD, "seed": "9" * 5000},
    {"drill": "", "level": "", "seed": ""},
]


def _open(page: str, params: dict[str, str]) -> AppTest:
    return site_page(page, params=params, timeout=60)


@pytest.mark.parametrize("name", ["play", "host"])
@pytest.mark.parametrize("params", BAD_LINKS, ids=[f"bad{i}" for i in range(len(BAD_LINKS))])
def test_a_bad_share_link_shows_a_message_over_a_working_table(name: str,
                                                              params: dict[str, str]) -> None:
    at = _open(name, params)
    assert not at.exception, at.exception[0].value
    assert at.error, "no message for a bad link"
    assert "could not be opened" in at.error[0].value
    state = at.session_state[f"{name}_table"].state
    assert isinstance(state, HandState) and (state.to_act or state.is_over)


@pytest.mark.parametrize("params", QUIZ_LINKS, ids=[f"bad{i}" for i in range(len(QUIZ_LINKS))])
def test_a_bad_question_link_shows_a_message_and_a_question(params: dict[str, str]) -> None:
    at = _open("quiz", params)
    assert not at.exception, at.exception[0].value
    assert at.error, "no message for a bad question link"
    assert re.search(r"new question instead", at.error[0].value)


def test_hostile_text_list_covers_every_kind() -> None:
    """The fixed list keeps its promise: empty, huge, unicode, numbers, markup."""
    kinds = {"empty": "", "huge": "x" * 100_000, "unicode": "٣", "negative": "-1",
             "nan": "NaN", "markup": IMG, "markdown": MARKDOWN}
    assert all(value in HOSTILE_TEXT for value in kinds.values())
