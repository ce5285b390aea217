"""Fuzzing every text and number input on every page, through AppTest.

Every text box and text area gets hostile text (empty, huge, unicode,
numbers that are not cards, markup, repeated cards, random text); every
number box gets values outside its bounds, fractions, huge and negative
numbers. Each time: no exception on the page; text that is not what the box
wants gets a message in plain words (too much text states the limit); and a
refused value changes nothing else in the visitor's session. A hand-history
upload gets junk files: a clear message, never a traceback.

NaN and infinity are left out of the number boxes: Streamlit's own number
widget cannot read them back (its deserializer fails before the page runs),
and a browser never sends them: the number box refuses such text.
"""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.cards import MAX_CARD_TEXT
from engine.state import HandState
from tests.budget import FAST, scaled
from tests.hostile import IMG, MARKDOWN, hostile_text, site_page
from tests.test_play_page import lock_pairs
from ui.components.plain import WORD_JOINER
from ui.odds.common import kept_key
from ui.sessions.history import MAX_BYTES

TEXTS = ("", "x" * 100_000, "9" * 5000, "٣h ²c \u202e\x00", IMG, "Kh Kh")
"""What every text box gets (random text is added by the hypothesis test below)."""
MORE_TEXTS = (" ", "🂡" * 3000, "-1", "NaN", MARKDOWN, "Kh " * 2000, "Kh\nQh\n" * 3000)
"""What the first text box of each page gets too."""
WELL_FORMED = ("Kh " * 2000, "Kh\nQh\n" * 3000)


@dataclass(frozen=True)
class Screen:
    """A page in a given state: its file, and what to do first to show its inputs."""

    name: str
    page: str
    prepare: Callable[[AppTest], None] = lambda at: None
    state: tuple[tuple[str, Any], ...] = ()
    params: tuple[tuple[str, str], ...] = ()
    submit: str | None = None
    """The button that reads the text boxes, when typing alone does not."""
    texts: bool = True
    numbers: bool = True
    """Whether it shows text boxes, number boxes: checked by
    ``test_every_page_with_inputs_is_fuzzed``, so that collecting the tests opens no page."""


def _play_setup(at: AppTest) -> None:
    at.toggle(key="play_setup_open").set_value(True).run()


def _host_typed(at: AppTest) -> None:
    """Psycho's typed deal: a box per seat for its cards and one for its draw."""
    at.toggle(key="host_setup_open").set_value(True).run()
    at.radio(key="host_source").set_value("Cards typed in").run()


def _to_a_sized_bet(at: AppTest) -> None:
    """Play on until the action bar offers an amount box (pot limit)."""
    for _ in range(12):
        if any(w.key and w.key.endswith("_amount") for w in at.number_input):
            return
        state = at.session_state["play_table"].state
        if state.is_over:
            at.button(key="play_again").click().run()
            continue
        step = f"play_act_{len(state.actions)}"
        if any(p.key == f"{step}_pair1" for p in at.pills):
            lock_pairs(at, step, first=(0, 1), second=(0, 1))
            continue
        buttons = [b for b in at.button if b.key and b.key.startswith(step)
                           and "Call" in b.label or b.key and b.key.startswith(step)
                           and "Check" in b.label]
        (buttons or [b for b in at.button if b.key and b.key.startswith(step)])[0].click().run()
    raise AssertionError("no amount box appeared")


SCREENS = (
    Screen("rankings", "rankings", numbers=False),
    Screen("pick-a-partner", "pick_a_partner"),
    Screen("sophies-pick", "sophies_pick"),
    Screen("seven-card-stud", "seven_card_stud"),
    Screen("psycho", "psycho"),
    *(Screen(f"odds-{w}", "odds", state=(("odds_widget", w),), texts=w != "hands")
      for w in ("partner", "sophie", "stud", "psycho", "hands")),
    Screen("play-setup", "play", _play_setup, texts=False),
    Screen("play-bet", "play", _to_a_sized_bet, texts=False,
           params=(("game", "sophies-pick"), ("players", "3"), ("seed", "3"), ("seat", "1"))),
    Screen("host-typed", "host", _host_typed, state=(("game", "psycho"),), submit="host_deal"),
)


def _open(screen: Screen) -> AppTest:
    at = site_page(screen.page, params=dict(screen.params), state=dict(screen.state))
    assert not at.exception, at.exception[0].value
    screen.prepare(at)
    assert not at.exception, at.exception[0].value
    return at


def _fingerprint(value: object) -> object:
    """What a session value holds, comparable before and after (hands by their history)."""
    if isinstance(value, HandState):
        return ("hand", value.to_json())
    if isinstance(value, list | tuple):
        return tuple(_fingerprint(v) for v in value)
    if isinstance(value, dict):
        return {k: _fingerprint(v) for k, v in value.items()}
    return value


def _kept_state(at: AppTest) -> dict[str, object]:
    """The session apart from widget values (which the visitor's typing may change), the
    copies a page keeps of them while a box is off the page, and the message shown about
    them."""
    widgets = {w.key for w in (*at.text_input, *at.text_area, *at.number_input, *at.button,
                               *at.toggle, *at.radio, *at.selectbox, *at.pills,
                               *at.segmented_control, *at.checkbox) if w.key}
    widgets |= {kept_key(key) for key in widgets}
    return {k: _fingerprint(v) for k, v in at.session_state.to_dict().items()
            if k not in widgets and not k.startswith(("$$", "FormSubmitter"))
            and not k.endswith("_notice")}


def _messages(at: AppTest) -> list[str]:
    shown = [e.value for e in (*at.error, *at.warning)]
    return [html.unescape(m).replace(WORD_JOINER, "") for m in shown]


def _text_boxes(at: AppTest) -> list[tuple[str, str]]:
    return [("text_input", w.key) for w in at.text_input if w.key] + \
        [("text_area", w.key) for w in at.text_area if w.key]


def _number_boxes(at: AppTest) -> list[str]:
    return [w.key for w in at.number_input if w.key]


def test_every_page_with_inputs_is_fuzzed() -> None:
    texts = numbers = 0
    for screen in SCREENS:
        at = _open(screen)
        assert bool(_text_boxes(at)) == screen.texts, f"{screen.name}: text boxes changed"
        assert bool(_number_boxes(at)) == screen.numbers, f"{screen.name}: number boxes changed"
        texts += len(_text_boxes(at))
        numbers += len(_number_boxes(at))
    assert texts >= 25 and numbers >= 20


def _type(at: AppTest, kind: str, key: str, value: object, *, submit: str | None = None) -> None:
    getattr(at, kind)(key=key).set_value(value).run()
    if submit is not None and not at.exception:
        at.button(key=submit).click().run()


TEXT_SCREENS = [s for s in SCREENS if s.texts]
NUMBER_SCREENS = [s for s in SCREENS if s.numbers]


def _texts_for(box: int) -> tuple[str, ...]:
    """What a page's ``box``-th text box gets: the first every hostile text; the others
    the main ones, or in the quick loop two of them in turn."""
    if box == 0:
        return TEXTS + MORE_TEXTS
    if not FAST:
        return TEXTS
    start = 2 * box % len(TEXTS)
    return (TEXTS + TEXTS)[start:start + 2]


@pytest.mark.parametrize("screen", TEXT_SCREENS, ids=[s.name for s in TEXT_SCREENS])
def test_hostile_text_in_every_text_box(screen: Screen) -> None:
    at = _open(screen)
    for index, (kind, key) in enumerate(_text_boxes(at)):
        original = getattr(at, kind)(key=key).value
        for value in _texts_for(index):
            before = _kept_state(at)
            _type(at, kind, key, value, submit=screen.submit)
            assert not at.exception, f"{value[:30]!r} in {key}: {at.exception[0].value}"
            messages = _messages(at)
            if value.strip() and value not in WELL_FORMED:
                assert messages, f"{value[:30]!r} in {key} was taken without a word"
            box_limit = getattr(getattr(at, kind)(key=key), "max_chars", None) \
                if any(w.key == key for w in (*at.text_input, *at.text_area)) else None
            if len(value) > MAX_CARD_TEXT and not box_limit:
                assert any("at most" in m for m in messages), \
                    f"{key}: {len(value)} characters refused without stating the limit"
            if messages:
                assert _kept_state(at) == before, f"{value[:30]!r} in {key} changed the session"
        _type(at, kind, key, original)
        if screen.prepare is _host_typed and not any(w.key == key for w in at.text_input):
            screen.prepare(at)


def _number_values(low: float | None, high: float | None) -> list[float | int]:
    values: list[float | int] = [-(10**12), 2**53 + 1, 3.7]
    if low is not None:
        values.append(int(low) - 1)
    if high is not None:
        values.append(int(high) + 1)
    return values


@pytest.mark.parametrize("screen", NUMBER_SCREENS, ids=[s.name for s in NUMBER_SCREENS])
def test_hostile_numbers_in_every_number_box(screen: Screen) -> None:
    at = _open(screen)
    for key in _number_boxes(at):
        if not any(w.key == key for w in at.number_input):
            continue
        box = at.number_input(key=key)
        low, high = box.min, box.max
        for value in _number_values(low, high):
            _type(at, "number_input", key, value)
            assert not at.exception, f"{value!r} in {key}: {at.exception[0].value}"
            if not any(w.key == key for w in at.number_input):
                break
            now = at.number_input(key=key).value
            if now is not None:
                assert (low is None or now >= low) and (high is None or now <= high), \
                    f"{key} holds {now}, outside {low}..{high}"


@settings(max_examples=scaled(15), deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(TEXT_SCREENS), st.integers(min_value=0, max_value=7),
       hostile_text(max_size=60))
def test_random_text_in_random_boxes(screen: Screen, box: int, text: str) -> None:
    at = _opened(screen)
    if not _text_boxes(at):  # the last text left the page without its boxes
        at = _OPENED[screen.name] = _open(screen)
    boxes = _text_boxes(at)
    kind, key = boxes[box % len(boxes)]
    original = getattr(at, kind)(key=key).value
    _type(at, kind, key, text, submit=screen.submit)
    assert not at.exception, f"{text!r} in {key}: {at.exception[0].value}"
    for message in _messages(at):
        assert message.strip() and "Traceback" not in message
    if any(w.key == key for w in (*at.text_input, *at.text_area)):
        _type(at, kind, key, original)


_OPENED: dict[str, AppTest] = {}


def _opened(screen: Screen) -> AppTest:
    """One open page per screen for the random test (its runs follow one another)."""
    if screen.name not in _OPENED:
        _OPENED[screen.name] = _open(screen)
    return _OPENED[screen.name]


# --- uploads ------------------------------------------------------------------------------------


JUNK_FILES = [
    b"", b"\xff\xfe\x00\x00", b"[" * 50_000, b" " * (MAX_BYTES + 1), IMG.encode(),
    json.dumps({"format": "dealers-choice-hand", "version": 1, "game": IMG, "players": 3,
                "seed": 1}).encode(),
    json.dumps({"format": "dealers-choice-hand", "version": 1, "game": "psycho",
                "players": 3, "seed": 1, "stacks": [10**30] * 3}).encode(),
    json.dumps({"format": "dealers-choice-hand", "version": 1, "game": "psycho",
                "players": 3, "seed": 1, "settings": {"ante": float("nan")}}).encode(),
]


@pytest.mark.parametrize("page_name", ["play", "host"])
def test_junk_history_files_get_a_clear_message(page_name: str) -> None:
    page = page_name
    at = _open(Screen(page, page))
    hand = at.session_state[f"{page}_table"].state
    assert isinstance(hand, HandState)
    history = hand.to_json()
    for data in JUNK_FILES:
        upload = next(u for u in at.file_uploader if u.key.startswith(f"{page}_history_upload"))
        upload.set_value(("hand.json", data, "application/json")).run()
        assert not at.exception, f"{data[:30]!r}: {at.exception[0].value}"
        messages = _messages(at)
        assert any("could not be loaded" in m for m in messages), f"{data[:30]!r}: {messages}"
        if len(data) > MAX_BYTES:
            assert any(f"at most {MAX_BYTES:,}" in m for m in messages)
        assert at.session_state[f"{page}_table"].state is hand and hand.to_json() == history


def test_random_upload_bytes_never_break_the_play_page() -> None:
    at = _open(Screen("play", "play"))
    rng = random.Random(9)
    for _ in range(5):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
        upload = next(u for u in at.file_uploader if u.key.startswith("play_history_upload"))
        upload.set_value(("hand.json", data, "application/json")).run()
        assert not at.exception, at.exception[0].value
        assert _messages(at)
