"""Every registered game on the site, through ``app.py`` as a visitor runs it: a hand
played to the end on the Play page with its controls against the computer players, a
hand hosted to the settlement, its learning page (rules, stakes and the guided hand) if
it has one, its place on the Home page and its column on the Compare page (pages that show
every game, opened once, as is Rankings), and the Odds and Quiz pages opening with it
chosen."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from content import load_game
from tests.support.hostile import site_page
from tests.support.pages import (
    deal_with_controls,
    page_text,
    play_state,
    play_to_the_end,
    players_for,
)
from tests.support.pages_app import app
from ui import registry

ROOT = Path(__file__).resolve().parents[2]


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def test_a_hand_is_played_to_the_end_on_the_play_page(game_id: str) -> None:
    """The visitor's first decision is one the engine offered; the end shows every award
    and its hands, and deals again."""
    at = site_page("play")
    _ok(at)
    deal_with_controls(at, game_id, players=players_for(game_id), seed=11)
    state = play_state(at)
    assert (state.game.id, state.players, state.seed) == (game_id, players_for(game_id), 11)
    assert at.sidebar.selectbox(key="game").value == game_id, "the sidebar follows"
    offered = {action.kind.value for action in state.legal_actions(0)}
    step = len(state.actions)
    assert play_to_the_end(at)
    _ok(at)
    first = play_state(at).actions[step]
    assert first.seat == 0 and first.kind.value in offered, (first, offered)
    state = play_state(at)
    assert state.is_over and state.settlement is not None and sum(state.payoffs) == 0
    text = page_text(at)
    for award in state.settlement.awards:
        assert award.title in text
        for _, _, words in award.hands:
            assert words in text
    assert "Chips won and lost" in text and "Deal again" in text
    assert any(e.kind.value == "action" and e.seat not in (0, None) for e in state.events)
    at.button(key="play_again").click().run()
    _ok(at)
    again = play_state(at)
    assert again is not state and (again.game.id, again.players) == (game_id, state.players)


def test_a_hand_is_hosted_to_the_settlement(game_id: str) -> None:
    at = site_page("host", state={"game": game_id})
    _ok(at)
    assert at.session_state["host_table"].state.game.id == game_id
    at.button(key="host_end").click().run()
    _ok(at)
    state = at.session_state["host_table"].state
    assert state.is_over
    heading = "The showdown" if state.settlement.showdown else "The result: everyone else folded"
    assert heading in [h.value for h in at.subheader]


def test_its_learning_page_teaches_it(game_id: str) -> None:
    page = registry.SITE_GAMES[game_id].page
    if page is None:
        pytest.skip("no learning page of its own: it is played, hosted and compared")
    at = app(str(ROOT / "app.py"), timeout=120)
    at.switch_page(page.file)
    at.run()
    _ok(at)
    assert at.title[0].value == registry.games_on(page)[0].name
    assert any(m.value.startswith("- Each player starts") for m in at.markdown), "no stakes"
    at.button(key=f"{page.prefix}_walk_last").click().run()
    _ok(at)


@pytest.fixture(scope="module")
def pages_of_every_game() -> dict[str, AppTest]:
    """The pages that show every game at once, or none in particular, whichever game is
    chosen: opened once for the module."""
    return {page: site_page(page) for page in ("home", "compare", "rankings")}


def test_the_home_page_and_the_rankings_open(pages_of_every_game: dict[str, AppTest]) -> None:
    for at in pages_of_every_game.values():
        _ok(at)


def test_it_is_on_the_home_page(game_id: str, pages_of_every_game: dict[str, AppTest]) -> None:
    """Its words' card: its own, or the one of the game whose content file holds them."""
    words = load_game(registry.SITE_GAMES[game_id].content)
    assert f"#### {words.name}" in [m.value for m in pages_of_every_game["home"].markdown]


def test_it_is_compared_with_the_others(game_id: str,
                                        pages_of_every_game: dict[str, AppTest]) -> None:
    (table,) = pages_of_every_game["compare"].table
    assert registry.SITE_GAMES[game_id].name in list(table.value.columns)


@pytest.mark.parametrize("page", ["odds", "quiz"])
def test_the_pages_of_the_chosen_game_open_with_it_chosen(game_id: str, page: str) -> None:
    _ok(site_page(page, state={"game": game_id}))
