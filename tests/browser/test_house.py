"""A host writes a house game in a real browser: seven-card stud with sevens wild, the pot
split with the high spade in the hole, from the stud template; previews it, plays a hand
against computer players, names it as a game night's first game, and downloads the hand's
PHH, which reopens where the game was never seen (no store, the file alone)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import engine.games.house as house_module
from engine.phh import load_phh
from tests.support.browser import (
    QUICKEST,
    assert_no_exception,
    click,
    decide,
    screenshot,
    wait_for_app,
)

pytestmark = pytest.mark.browser

expect.set_options(timeout=30_000)
NAME = "Sevens and spades"


def choose(page: Page, key: str, option: str) -> None:
    """Pick ``option`` in the select box (or add it to the multiselect) whose key ends so."""
    box = page.locator(f"[class*='st-key-'][class*='{key}'] input").first
    box.click()
    if box.get_attribute("aria-expanded") != "true":
        box.press("ArrowDown")
    # The list draws only the options in view: typing the name brings a late one up.
    box.type(option)
    page.locator("[role=listbox] [role=option]").get_by_text(option, exact=True).first.click()
    wait_for_app(page)
    assert_no_exception(page)


def write_the_game(page: Page, site_url: str) -> None:
    page.goto(f"{site_url}/house")
    wait_for_app(page)
    choose(page, "house_template", "Seven-card stud")
    click(page, ".st-key-house_start button")
    expect(page.get_by_text("It holds: Seven-card stud")).to_be_visible()
    choose(page, "_wild", "7")
    page.keyboard.press("Escape")
    choose(page, "_wins", "Split: the best hand and the high spade in the hole")
    name = page.locator("[class*='st-key-house_f'][class*='_name'] input")
    name.fill(NAME)
    name.press("Enter")
    wait_for_app(page)
    expect(page.get_by_text(f"It holds: {NAME}")).to_be_visible()
    text = page.locator(".st-key-house_text textarea").input_value()
    assert 'ranks = ["7"]' in text and 'spade = "high"' in text


def play_a_hand(page: Page) -> None:
    page.get_by_role("tab", name="Rules").click()
    expect(page.get_by_text("Sevens", exact=True)).to_be_visible()
    page.get_by_role("tab", name="playing_cards icon Play").click()
    for _ in range(40):
        if page.locator(".st-key-house_again button").count():
            return
        decide(page, "house_act_", QUICKEST)   # folding as soon as it may: a short hand
    raise AssertionError("the hand never ended")


def test_a_host_writes_previews_plays_names_and_downloads_a_house_game(
        page: Page, site_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    write_the_game(page, site_url)
    screenshot(page, "house-written")
    play_a_hand(page)
    screenshot(page, "house-played")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the PHH history (standard format)").click()
    phh = Path(download.value.path()).read_text(encoding="utf-8")
    assert "_declaration = " in phh
    click(page, ".st-key-house_save button")
    play_link = page.locator("code").filter(has_text="?play=").first.inner_text().strip()

    page.goto(f"{site_url}/night")
    wait_for_app(page)
    for chair in range(2):   # every chair a computer player: the host names for the dealer
        page.locator(f".st-key-night_person_{chair} label").first.click()
        wait_for_app(page)
    click(page, ".st-key-night_create button")
    page.get_by_text("House games for tonight").click()
    page.locator(".st-key-night_house_link input").fill(play_link)
    page.locator(".st-key-night_house_link input").press("Enter")
    wait_for_app(page)
    click(page, ".st-key-night_house_add button")
    expect(page.get_by_text(f"{NAME} may be dealt tonight.")).to_be_visible()
    choose(page, "night_next_game", NAME)
    click(page, "[class*='st-key-night_deal_'] button")
    expect(page.get_by_text(NAME).first).to_be_visible()
    assert_no_exception(page)
    screenshot(page, "house-night")

    monkeypatch.setattr(house_module, "_ADOPTED", house_module.AdoptedGames())
    reopened = load_phh(phh)
    assert reopened.game.name == NAME and reopened.is_over
