"""The training record in a real browser: answers kept under the training link, the same
rating and mistakes after a reload and from a second browser, and two learners apart."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page, expect

from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.stud import choices, stud_question
from tests.support.browser import assert_no_exception, screenshot, wait_for_app
from ui.store import open_store
from ui.store.sqlite_store import SQLiteStore
from ui.training.record import Training

SLOW = 30_000


def _open(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    assert_no_exception(page)


def _answer(page: Page, ref: QuestionRef, *, right: bool) -> None:
    question = stud_question(ref)
    answer = question.answer()
    good = ("Yes" if answer else "No") if isinstance(answer, bool) else question.names[answer]
    pick = good if right else next(n for n in choices(question) if n != good)
    page.get_by_role("radio", name=pick, exact=True).click(timeout=SLOW)
    wait_for_app(page)
    page.get_by_role("button", name="Check my answer").click()
    wait_for_app(page)
    expect(page.get_by_role("button", name="Next question")).to_be_visible(timeout=SLOW)
    assert_no_exception(page)


def _secret(page: Page) -> str:
    page.wait_for_function("() => location.search.includes('training=')", timeout=SLOW)
    return parse_qs(urlsplit(page.url).query)["training"][0]


def _ratings(page: Page) -> str:
    line = page.locator("[data-testid='stMarkdownContainer']", has_text="Your ratings").first
    expect(line).to_be_visible(timeout=SLOW)
    return line.inner_text()


def test_the_link_brings_back_the_same_record_and_keeps_learners_apart(
        browser: Browser, page: Page, site_url: str) -> None:
    """The first learner in the tests' own browser profile (the site keeps nothing in a
    browser: the record is the link's), the link and the second learner in another."""
    ref = QuestionRef(Drill.STUD, Level.RANDOM, 21)
    query = "&".join(f"{k}={v}" for k, v in ref.to_params().items())
    page.set_viewport_size({"width": 1300, "height": 1000})
    second = browser.new_context(viewport={"width": 1300, "height": 1000})
    try:
        _open(page, f"{site_url}/quiz?{query}")
        _answer(page, ref, right=False)
        secret = _secret(page)
        rating = _ratings(page)
        assert "seed=" not in page.url, "the question's seed never reaches the address"
        page.reload()
        wait_for_app(page)
        assert _ratings(page) == rating, "the same rating after a reload"
        screenshot(page, "training_reloaded")
        # The training link in a second browser: the same rating and the missed question.
        other = second.new_page()
        _open(other, f"{site_url}/quiz?training={secret}")
        assert _ratings(other) == rating and "Mistakes to review: 1" in rating
        other.get_by_text("Mistakes", exact=True).click()
        wait_for_app(other)
        expect(other.get_by_text("1 question(s) to review", exact=False)).to_be_visible(
            timeout=SLOW)
        screenshot(other, "training_mistakes")
        other.get_by_role("button", name="Review them now").click()
        wait_for_app(other)
        _answer(other, ref, right=True)
        # A second learner (no link) starts a record of their own and sees none of these.
        third = second.new_page()
        _open(third, f"{site_url}/quiz?{query}")
        _answer(third, ref, right=True)
        assert _secret(third) != secret
        assert "Mistakes to review: 0" in _ratings(third)
        third.get_by_text("Mistakes", exact=True).click()
        wait_for_app(third)
        expect(third.get_by_text("No mistakes waiting")).to_be_visible(timeout=SLOW)
        page.reload()
        wait_for_app(page)
        page.get_by_text(re.compile(r"^Progress")).first.click()
        wait_for_app(page)
        expect(page.locator("[data-testid='stPlotlyChart']")).to_have_count(3, timeout=SLOW)
        screenshot(page, "training_progress")
    finally:
        second.close()


def test_a_damaged_record_offers_its_text_and_a_fresh_record(
        browser: Browser, site_url: str) -> None:
    """A training link to a record whose stored text is damaged: a plain message, the
    damaged text downloaded exactly as stored, and a fresh record on request."""
    store = open_store()     # the site's own store: the server shares the test's data folder
    assert isinstance(store, SQLiteStore)
    secret, record_id = Training(store).start()
    with sqlite3.connect(store.path) as connection:
        connection.execute("UPDATE records SET envelope = '{damaged' WHERE id = ?",
                           (record_id,))
    context = browser.new_context(viewport={"width": 1300, "height": 1000},
                                  accept_downloads=True)
    try:
        page = context.new_page()
        _open(page, f"{site_url}/quiz?training={secret}")
        expect(page.get_by_text("This training record cannot be read")).to_be_visible(
            timeout=SLOW)
        screenshot(page, "training_damaged")
        with page.expect_download(timeout=SLOW) as download:
            page.get_by_role("button", name="Download the damaged record").click()
        assert Path(download.value.path()).read_text() == "{damaged"
        page.get_by_role("button", name="Start a fresh record").click()
        wait_for_app(page)
        page.wait_for_function(f"() => !location.search.includes('{secret}')", timeout=SLOW)
        assert _secret(page) != secret
        expect(page.get_by_text("This training record cannot be read")).to_have_count(0)
        assert_no_exception(page)
        assert Training(store).stored_text(record_id) == "{damaged"
    finally:
        context.close()
