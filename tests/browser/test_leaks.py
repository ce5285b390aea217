"""In the real browser, a hand of every game played from one seat by clicking, to the
chips won and lost: after every decision, neither the address bar nor anything in the page
(text, screen-reader labels, the page source) holds a card hidden from that seat.
Screenshots of each hand mid-way and at the end go to test-output/screenshots/.

The test reads the hand back from the sealed address the way the server does (the test
and the server share the site's data folder, so the same key), then looks for every
hidden card in what the browser holds.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect

from engine.games import GAMES
from engine.state import HandState
from tests.support.browser import PLAYERS, _hand_over, _open, decide, screenshot
from tests.support.leaks import hidden_from, named_cards
from ui.sessions.share import read_link

pytestmark = pytest.mark.browser


def _hand_in_address(page: Page) -> HandState:
    params = parse_qs(urlparse(page.url).query)
    assert set(params) == {"hand"}, f"the address holds {sorted(params)} in the clear"
    link = read_link({"hand": params["hand"][0]})
    assert link is not None and link.seat == 0
    return link.state()


def _assert_nothing_hidden(page: Page) -> None:
    state = _hand_in_address(page)
    hidden = hidden_from(state, 0)
    source = page.content()
    labels = " ".join(page.locator("[aria-label], img[alt]").evaluate_all(
        "es => es.map(e => e.getAttribute('aria-label') || e.getAttribute('alt'))"))
    for where, text in (("page text", page.inner_text("body")), ("labels", labels),
                        ("source", source), ("address", page.url)):
        assert not named_cards(text, hidden), f"the {where} names {named_cards(text, hidden)}"


def _table_of(game_id: str) -> int:
    """A table of four where the game allows it, else its nearest count, from its
    declaration: enough seats that most cards stay hidden from the seat that plays."""
    game = GAMES[game_id]
    counts = game.player_counts(game.settings_type())
    return min(counts, key=lambda n: abs(n - 4))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_nothing_hidden_reaches_a_players_browser(page: Page, site_url: str,
                                                  game_id: str) -> None:
    players = PLAYERS.get(game_id) or _table_of(game_id)
    _open(page, f"{site_url}/play?game={game_id}&players={players}&seed=29&seat=1")
    _assert_nothing_hidden(page)
    for decisions in range(1, 61):
        if _hand_over(page):
            break
        decide(page)
        _assert_nothing_hidden(page)
        if decisions == 2:
            screenshot(page, f"play-{game_id}-middle")
    else:
        raise AssertionError("the hand never ends")
    _assert_nothing_hidden(page)
    expect(page.get_by_text("Chips won and lost")).to_be_visible()
    screenshot(page, f"play-{game_id}-end")
