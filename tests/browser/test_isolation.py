"""Two visitors on one real server, in two browser contexts, playing the very same deal
from different seats, decisions interleaved: each page shows its own hole cards and
never the other's, and each keeps its own history and link. And no other site's page,
framing ours, may drive it.
"""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Browser, Page

from engine.games import new_hand
from tests.support.browser import _hand_over, _open, decide, screenshot

pytestmark = pytest.mark.browser

GAME, PLAYERS, SEED = "seven-card-stud", 3, 31


def _cards_on(page: Page) -> set[str]:
    """What every card on the page says to a screen reader, without "face down" notes."""
    labels = page.locator("img[alt]").evaluate_all(
        "es => es.map(e => e.getAttribute('alt'))")
    return {re.sub(r",.*$", "", label) for label in labels}


def test_two_visitors_at_one_deal_never_see_each_others_cards(browser: Browser,
                                                              site_url: str) -> None:
    deal = new_hand(GAME, players=PLAYERS, seed=SEED)
    hole = {seat: {h.card.name for h in deal.cards[seat] if not h.up} for seat in range(PLAYERS)}
    pages = []
    for seat in (1, 2):
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        _open(page, f"{site_url}/play?game={GAME}&players={PLAYERS}&seed={SEED}&seat={seat}")
        pages.append(page)
    first, second = pages
    assert hole[0] <= _cards_on(first) and not (hole[1] & _cards_on(first))
    assert hole[1] <= _cards_on(second) and not (hole[0] & _cards_on(second))
    for _ in range(3):
        for page in (first, second):
            if _hand_over(page):
                continue
            decide(page)
            for shown, own, hidden in ((first, 0, 1), (second, 1, 0)):
                cards = _cards_on(shown)
                if not _hand_over(shown):
                    assert not (hole[hidden] & cards), \
                        f"Seat {own + 1}'s page shows Seat {hidden + 1}'s hole cards"
    assert first.url != second.url, "both visitors ended with the same link"
    screenshot(first, "isolation-seat-1")
    screenshot(second, "isolation-seat-2")
    for page in pages:
        page.context.close()


def test_no_other_site_may_drive_a_page_from_a_frame_around_it(site_url: str) -> None:
    """The origins a visitor's page takes control messages from (rerun, stop, tokens), as
    the server tells the page: none."""
    with urllib.request.urlopen(f"{site_url}/_stcore/host-config", timeout=10) as reply:
        told = json.load(reply)
    assert told["allowedOrigins"] == []
