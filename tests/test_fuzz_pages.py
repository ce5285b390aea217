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

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.cards import MAX_CARD_TEXT
from engine.state import HandState
from tests.support.hostile import IMG, MARKDOWN, hostile_text
from tests.support.pages_fuzz import (
    SCREENS,
    TEXT_SCREENS,
    Screen,
    _host_typed,
    _open,
    _text_boxes,
    _type,
)
from tests.support.scale import FAST, scaled
from ui.components.plain import WORD_JOINER
from ui.odds.common import kept_key
from ui.sessions.history import MAX_BYTES

TEXTS = ("", "x" * 100_000, "9" * 5000, "٣h ²c \u202e\x00", IMG, "Kh Kh")
"""What every text box gets (random text is added by the hypothesis test below)."""
MORE_TEXTS = (" ", "🂡" * 3000, "-1", "NaN", MARKDOWN, "Kh " * 2000, "Kh\nQh\n" * 3000)
"""What the first text box of each page gets too."""
WELL_FORMED = ("Kh " * 2000, "Kh\nQh\n" * 3000)


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


def _number_boxes(at: AppTest) -> list[str]:
    return [w.key for w in at.number_input if w.key]


_OPENED: dict[str, AppTest] = {}


def _opened(screen: Screen) -> AppTest:
    """One open page per screen for the random test (its runs follow one another)."""
    if screen.name not in _OPENED:
        _OPENED[screen.name] = _open(screen)
    return _OPENED[screen.name]


def test_every_page_with_inputs_is_fuzzed() -> None:
    """Each screen's boxes, read from the page the random test below types into."""
    texts = numbers = 0
    for screen in SCREENS:
        at = _opened(screen)
        assert bool(_text_boxes(at)) == screen.texts, f"{screen.name}: text boxes changed"
        assert bool(_number_boxes(at)) == screen.numbers, f"{screen.name}: number boxes changed"
        texts += len(_text_boxes(at))
        numbers += len(_number_boxes(at))
    assert texts >= 25 and numbers >= 20


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
            _type(at, kind, key, value, submit=screen.submit_for(key))
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
    _type(at, kind, key, text, submit=screen.submit_for(key))
    assert not at.exception, f"{text!r} in {key}: {at.exception[0].value}"
    for message in _messages(at):
        assert message.strip() and "Traceback" not in message
    if any(w.key == key for w in (*at.text_input, *at.text_area)):
        _type(at, kind, key, original)


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
