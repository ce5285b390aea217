"""The quiz in a real browser: cards clicked to build an answer, a running clock, a set's
summary and tap sizes on a phone, with screenshots.

Each question is opened by its link, so the right answer is known from the
engine. Answering every drill, and a bad link, are AppTest's (tests/test_quiz_page.py).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.partner import partner_question
from engine.quiz.progress import SET_SIZE
from engine.quiz.stud import choices, stud_question
from tests.support.browser import (
    SCREENSHOTS,
    TAKING_SCREENSHOTS,
    assert_no_exception,
    assert_toggles_sit_beside_their_labels,
    screenshot,
    wait_for_app,
)
from ui.quiz.links import read_sealed

pytestmark = pytest.mark.browser


SLOW = 90_000
"""Milliseconds to wait for the page on a busy machine."""
PHONE = {"width": 390, "height": 844}
TAP_PX = 44
"""The least height of anything to tap on a phone."""
RUN_DOWN = """() => {
  const track = document.querySelector("[role='timer'] > div");
  const bar = track && track.firstElementChild;
  return Boolean(bar) && bar.getBoundingClientRect().width
    < 0.98 * track.getBoundingClientRect().width;
}"""
"""True once the clock's bar has visibly run down from full."""
WIDE = ViewportSize(width=1400, height=2400 if TAKING_SCREENSHOTS else 1000)
"""A wide screen, tall enough to picture a whole question when pictures are taken (no
check needs the height, and a taller window costs Chromium more to draw)."""


def _open(page: Page, site_url: str, ref: QuestionRef) -> None:
    page.set_viewport_size(WIDE)
    query = "&".join(f"{k}={v}" for k, v in ref.to_params().items())
    page.goto(f"{site_url}/quiz?{query}")
    expect(page.get_by_role("heading", name=ref.drill.label)).to_be_visible(timeout=SLOW)
    expect(page.get_by_role("button", name="Check my answer")).to_be_visible(timeout=SLOW)
    wait_for_app(page)
    assert_no_exception(page)


def _check(page: Page, verdict: str) -> None:
    page.get_by_role("button", name="Check my answer").click()
    wait_for_app(page)
    assert_no_exception(page)
    expect(page.get_by_text(re.compile(f"^{verdict}")).first).to_be_visible(timeout=SLOW)
    expect(page.get_by_role("button", name="Next question")).to_be_visible(timeout=SLOW)
    expect(page.get_by_role("table")).to_be_visible(timeout=SLOW)
    wait_for_app(page)


def _click_option(page: Page, text: str, *, role: str = "button") -> None:
    """Click a card's button, or a pill: several-choice pills are buttons, one-choice radios."""
    page.get_by_role(role, name=text, exact=True).click(timeout=SLOW)
    wait_for_app(page)


def test_partnership_quiz_by_clicking_cards(page: Page, site_url: str) -> None:
    """The question's cards big enough to tap on a phone (narrowed to one, then widened
    again), then chosen by clicking, a wrong answer and a right one."""
    ref = QuestionRef(Drill.PARTNER, Level.TUTORIAL, 0)
    _open(page, site_url, ref)
    _every_answer_button_is_big_enough_to_tap_on_a_phone(page, ref)
    page.set_viewport_size(WIDE)
    wait_for_app(page)
    expect(page.get_by_role("img", name=re.compile("^King of hearts"))).to_be_visible()
    for name in ("Add Q♥", "Add J♥", "Add 9♠"):
        _click_option(page, name)
        expect(page.get_by_role("button", name=name.replace("Add", "Drop"))).to_be_visible(
            timeout=SLOW)
    screenshot(page, "quiz_partner_chosen")
    _check(page, "Not the best")
    expect(page.get_by_text("A flush beats a straight.")).to_be_visible()
    screenshot(page, "quiz_partner_wrong")
    page.get_by_role("button", name="Next question").click()
    expect(page.get_by_text("No two cards here share a rank")).to_be_visible(timeout=SLOW)
    wait_for_app(page)
    question = partner_question(QuestionRef(Drill.PARTNER, Level.TUTORIAL, 1))
    for c in question.best().cards:
        _click_option(page, f"Add {c}")
    _check(page, "Right")
    expect(page.get_by_text("1 / 2", exact=True).first).to_be_visible(timeout=SLOW)
    screenshot(page, "quiz_partner_right")


def test_the_timed_mode_shows_a_running_clock(page: Page, site_url: str) -> None:
    _open(page, site_url, QuestionRef(Drill.PARTNER, Level.RANDOM, 11))
    page.get_by_text("Timed: 30 seconds a question").click()
    expect(page.get_by_role("timer")).to_be_visible(timeout=SLOW)
    wait_for_app(page)
    page.wait_for_function(RUN_DOWN, timeout=SLOW)
    screenshot(page, "quiz_timed")


def _stud_answer(ref: QuestionRef, *, right: bool) -> str:
    question = stud_question(ref)
    answer = question.answer()
    text = ("Yes" if answer else "No") if isinstance(answer, bool) else question.names[answer]
    return text if right else next(c for c in choices(question) if c != text)


def _ref_in_address(page: Page) -> QuestionRef:
    """The question the address names, sealed: its seed is never in the clear."""
    params = {k: v[0] for k, v in parse_qs(urlsplit(page.url).query).items()}
    assert "seed" not in params
    return read_sealed(params["q"])


def _screenshots(page: Page, name: str, *, width: int) -> None:
    """The whole page at ``width`` (tall enough to hold it all), and the verdict with the
    set summary on its own."""
    if not TAKING_SCREENSHOTS:
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        wait_for_app(page)
        return
    page.set_viewport_size({"width": width, "height": 1000})
    wait_for_app(page)
    tall = page.evaluate("document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": width, "height": min(int(tall) + 100, 8000)})
    wait_for_app(page)
    screenshot(page, name)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".st-key-quiz_feedback").screenshot(path=str(SCREENSHOTS / f"{name}_block.png"))
    page.set_viewport_size({"width": width, "height": PHONE["height"]})
    wait_for_app(page)


def _tap_heights(page: Page, selector: str) -> list[float]:
    boxes = [b.bounding_box() for b in page.locator(selector).all() if b.is_visible()]
    return [box["height"] for box in boxes if box]


def test_a_set_of_ten_ends_with_its_summary_on_a_wide_screen_and_a_phone(
        page: Page, site_url: str) -> None:
    _open(page, site_url, QuestionRef(Drill.STUD, Level.RANDOM, 21))
    page.set_viewport_size({"width": 1400, "height": 1000})
    for number in range(SET_SIZE):
        if number:
            page.get_by_role("button", name="Next question").click()
            expect(page.get_by_role("button", name="Check my answer")).to_be_visible(
                timeout=SLOW)
            wait_for_app(page)
        ref = _ref_in_address(page)
        _click_option(page, _stud_answer(ref, right=number not in (2, 6)), role="radio")
        page.get_by_role("button", name="Check my answer").click()
        expect(page.get_by_text(re.compile("^(Right|Not quite)")).first).to_be_visible(
            timeout=SLOW)
        wait_for_app(page)
        assert_no_exception(page)
    summary = page.locator(".st-key-quiz_set_summary")
    expect(summary.get_by_text(f"Set complete: {SET_SIZE - 2} of {SET_SIZE} right")) \
        .to_be_visible(timeout=SLOW)
    expect(summary.get_by_text("The answer:").first).to_be_visible()
    expect(summary.get_by_role("link", name="open again")).to_have_count(2)
    _screenshots(page, "quiz_set_summary_wide", width=1400)
    _screenshots(page, "quiz_set_summary_phone", width=PHONE["width"])
    next_set = summary.get_by_role("button", name="Start the next set")
    box = next_set.bounding_box()
    assert box and box["height"] >= TAP_PX and box["x"] + box["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], \
        "nothing runs off the side of a phone"
    next_set.click()
    expect(page.get_by_role("button", name="Check my answer")).to_be_visible(timeout=SLOW)
    wait_for_app(page)
    expect(page.get_by_text("Set complete")).to_have_count(0)


def test_every_answer_button_is_big_enough_to_tap_on_a_phone(page: Page,
                                                             site_url: str) -> None:
    """A question answered by buttons, and the quiz's toggles beside their labels; a
    question answered by cards is checked the same way in
    ``test_partnership_quiz_by_clicking_cards``."""
    ref = QuestionRef(Drill.PSYCHO, Level.TRICKY, 1)
    _open(page, site_url, ref)
    _every_answer_button_is_big_enough_to_tap_on_a_phone(page, ref)
    assert_toggles_sit_beside_their_labels(page)


def _every_answer_button_is_big_enough_to_tap_on_a_phone(page: Page, ref: QuestionRef) -> None:
    """The question just opened, narrowed to a phone: every answer and feedback button at
    least ``TAP_PX`` tall, nothing off the side, and a partner question's two hands each in
    one row, seen at once."""
    page.set_viewport_size({"width": PHONE["width"], "height": 3000})
    wait_for_app(page)
    heights = _tap_heights(page, ".st-key-quiz_answer button")
    assert heights and min(heights) >= TAP_PX, heights
    assert min(_tap_heights(page, ".st-key-quiz_feedback button")) >= TAP_PX
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    if ref.drill is Drill.PARTNER:
        rows = page.evaluate(_PARTNER_ROWS)
        assert len(rows) == 2 and all(len(set(row["tops"])) == 1 for row in rows), rows
        assert rows[1]["bottom"] - rows[0]["top"] <= PHONE["height"] - 200, \
            "both partners' hands are seen at once, buttons included"
    screenshot(page, f"quiz_phone_{ref.drill.value}")


_PARTNER_ROWS = """() => [...document.querySelectorAll("[class*='st-key-quiz_partner_row']")]
  .map(row => {
    const tiles = [...row.children].map(tile => tile.getBoundingClientRect());
    const box = row.getBoundingClientRect();
    return {tops: tiles.map(t => Math.round(t.top)), top: box.top, bottom: box.bottom};
  })"""
