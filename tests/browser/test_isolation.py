"""Two visitors on one real server, in two browser contexts, playing the very same deal
from different seats, decisions interleaved: each page shows its own hole cards and
never the other's, and each keeps its own history and link. The first plays on to the
hand's end, folding as soon as it may: its address holds the hand only sealed, and
neither it nor the page's text, labels or source names a card hidden from its seat.
And no other site's page, framing ours, may drive it.
"""

from __future__ import annotations

import json
import re
import urllib.request
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Browser, Page, expect

from engine.games import new_hand
from engine.state import HandState
from tests.support.browser import QUICKEST, _hand_over, _open, decide, screenshot
from tests.support.leaks import hidden_from, named_cards
from ui.sessions.share import read_link

pytestmark = pytest.mark.browser

GAME, PLAYERS, SEED = "seven-card-stud", 3, 31


def _cards_on(page: Page) -> set[str]:
    """What every card on the page says to a screen reader, without "face down" notes."""
    labels = page.locator("img[alt]").evaluate_all(
        "es => es.map(e => e.getAttribute('alt'))")
    return {re.sub(r",.*$", "", label) for label in labels}


def _hand_in_address(page: Page) -> HandState:
    """The hand the address holds, read back from its sealed form the way the server does
    (the test and the server share the site's data folder, so the same key)."""
    params = parse_qs(urlparse(page.url).query)
    assert set(params) == {"hand"}, f"the address holds {sorted(params)} in the clear"
    link = read_link({"hand": params["hand"][0]})
    assert link is not None and link.seat == 0
    return link.state()


def _assert_nothing_hidden(page: Page) -> None:
    hidden = hidden_from(_hand_in_address(page), 0)
    labels = " ".join(page.locator("[aria-label], img[alt]").evaluate_all(
        "es => es.map(e => e.getAttribute('aria-label') || e.getAttribute('alt'))"))
    for where, text in (("page text", page.inner_text("body")), ("labels", labels),
                        ("source", page.content()), ("address", page.url)):
        assert not named_cards(text, hidden), f"the {where} names {named_cards(text, hidden)}"


def test_two_visitors_at_one_deal_never_see_each_others_cards(browser: Browser, page: Page,
                                                              site_url: str) -> None:
    """The first visitor in the tests' own browser profile, the second in one of its own."""
    deal = new_hand(GAME, players=PLAYERS, seed=SEED)
    hole = {seat: {h.card.name for h in deal.cards[seat] if not h.up} for seat in range(PLAYERS)}
    other = browser.new_context(viewport={"width": 1400, "height": 1000})
    first, second = page, other.new_page()
    for seat, visitor in ((1, first), (2, second)):
        _open(visitor, f"{site_url}/play?game={GAME}&players={PLAYERS}&seed={SEED}&seat={seat}")
    assert hole[0] <= _cards_on(first) and not (hole[1] & _cards_on(first))
    assert hole[1] <= _cards_on(second) and not (hole[0] & _cards_on(second))
    for _ in range(3):
        for visitor in (first, second):
            if _hand_over(visitor):
                continue
            decide(visitor)
            for shown, own, hidden in ((first, 0, 1), (second, 1, 0)):
                cards = _cards_on(shown)
                if not _hand_over(shown):
                    assert not (hole[hidden] & cards), \
                        f"Seat {own + 1}'s page shows Seat {hidden + 1}'s hole cards"
    for _ in range(40):
        if _hand_over(first):
            break
        decide(first, prefer=QUICKEST)
    else:
        raise AssertionError("the hand never ends")
    expect(first.get_by_text("Chips won and lost")).to_be_visible()
    _assert_nothing_hidden(first)
    assert first.url != second.url, "both visitors ended with the same link"
    screenshot(first, "isolation-seat-1")
    screenshot(second, "isolation-seat-2")
    other.close()


def test_no_other_site_may_drive_a_page_from_a_frame_around_it(site_url: str) -> None:
    """The origins a visitor's page takes control messages from (rerun, stop, tokens), as
    the server tells the page: none."""
    with urllib.request.urlopen(f"{site_url}/_stcore/host-config", timeout=10) as reply:
        told = json.load(reply)
    assert told["allowedOrigins"] == []
