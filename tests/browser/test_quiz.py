"""Answer one question of each drill by clicking, in a real browser, and keep screenshots.

Each question is opened by its link, so the right answer is known from the
engine; the test clicks it (or, for one drill, a wrong one) and checks the verdict.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.partner import partner_question
from engine.quiz.psycho import psycho_question
from engine.quiz.showdown import showdown_question
from engine.quiz.sophie import sophie_question
from engine.quiz.stud import stud_question
from tests.browser.conftest import assert_no_exception, screenshot, wait_for_app

pytestmark = pytest.mark.browser


SLOW = 90_000
"""Milliseconds to wait for the page on a busy machine."""


def _open(page: Page, site_url: str, ref: QuestionRef) -> None:
    page.set_viewport_size({"width": 1400, "height": 2400})
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
    ref = QuestionRef(Drill.PARTNER, Level.TUTORIAL, 0)
    _open(page, site_url, ref)
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


def test_showdown_drill(page: Page, site_url: str) -> None:
    ref = QuestionRef(Drill.SHOWDOWN, Level.TRICKY, 4)
    question = showdown_question(ref)
    _open(page, site_url, ref)
    for seat in sorted(question.winners()):
        _click_option(page, question.names[seat])
    _check(page, "Right")
    screenshot(page, "quiz_showdown")


def test_sophie_drill(page: Page, site_url: str) -> None:
    ref = QuestionRef(Drill.SOPHIE, Level.RANDOM, 3)
    question = sophie_question(ref)
    _open(page, site_url, ref)
    values = question.judged.values
    best = max(range(len(values)), key=lambda i: values[i])
    _click_option(page, question.labels()[best], role="radio")
    _check(page, "Right")
    screenshot(page, "quiz_sophie")


def test_stud_drill(page: Page, site_url: str) -> None:
    ref = QuestionRef(Drill.STUD, Level.TRICKY, 2)
    question = stud_question(ref)
    _open(page, site_url, ref)
    answer = question.answer()
    text = ("Yes" if answer else "No") if isinstance(answer, bool) else question.names[answer]
    _click_option(page, text, role="radio")
    _check(page, "Right")
    screenshot(page, "quiz_stud")


def test_psycho_drill(page: Page, site_url: str) -> None:
    ref = QuestionRef(Drill.PSYCHO, Level.TRICKY, 1)
    question = psycho_question(ref)
    _open(page, site_url, ref)
    right = question.describe(question.settlement().shares)
    page.get_by_text(right, exact=True).click(timeout=SLOW)
    wait_for_app(page)
    _check(page, "Right")
    screenshot(page, "quiz_psycho")


def test_a_bad_link_gets_a_clear_message(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 1400})
    page.goto(f"{site_url}/quiz?drill=partner&level=tricky&seed=banana")
    expect(page.get_by_text(re.compile("is not valid: it must be a whole number"))).to_be_visible(
        timeout=SLOW)
    expect(page.get_by_role("button", name="Add Q♥")).to_be_visible(timeout=SLOW)
    wait_for_app(page)
    assert_no_exception(page)
    screenshot(page, "quiz_bad_link")


def test_the_timed_mode_shows_a_running_clock(page: Page, site_url: str) -> None:
    _open(page, site_url, QuestionRef(Drill.PARTNER, Level.RANDOM, 11))
    page.get_by_text("Timed: 30 seconds a question").click()
    expect(page.get_by_role("timer")).to_be_visible(timeout=SLOW)
    wait_for_app(page)
    page.wait_for_timeout(2000)
    screenshot(page, "quiz_timed")
