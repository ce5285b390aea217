"""Every registered game on the site, through ``app.py`` as a visitor runs it: a hand
played to the end at the Play table against the computer players, a hand hosted to the
settlement, its learning page (rules, stakes and the guided hand) if it has one, its place
on the Home page and its column on the Compare page (pages that show every game, opened
once, as is Rankings), and the Odds and Quiz pages opening with it chosen.

The Play and Host pages' controls are driven to the end of a hand once per page shape (the
kinds of step, each with its own controls and narration, wild cards, the boards): every
game is also played at the table's controller, with the same checks, so a new game costs a
page run only when it brings something new to draw."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from content import load_game
from engine.games import GAMES, get_game
from engine.state import Action
from tests.support.hostile import open_address, site_page
from tests.support.pages import (
    deal_with_controls,
    page_shape,
    page_text,
    play_state,
    play_to_the_end,
    played_on_the_page_as,
    players_for,
)
from tests.support.pages_app import app
from ui import registry
from ui.components.table import settlement_html
from ui.learn.walkthrough import hand_steps
from ui.sessions.dealing import Setup
from ui.sessions.host import HostSession
from ui.sessions.notice import Tone
from ui.sessions.play import PlaySession

pytestmark = pytest.mark.thorough

ROOT = Path(__file__).resolve().parents[2]


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def test_page_shapes_tell_the_games_apart() -> None:
    """A game brings a new shape by a step kind, wild cards or a board more."""
    shapes = {game_id: page_shape(game_id) for game_id in GAMES}
    by_kinds = {game_id: shape[0] for game_id, shape in shapes.items() if len(shape) == 3}
    for game_id, kinds in by_kinds.items():
        for other, other_kinds in by_kinds.items():
            if kinds != other_kinds:
                assert shapes[game_id] != shapes[other]
    assert played_on_the_page_as(next(iter(GAMES))) == next(iter(GAMES))


def _keeps_the_hand_going(legal: list[Action]) -> Action:
    """The decision the page test's controls prefer (check, call, bring in, show), else
    the first one offered."""
    return next((action for kind in ("check", "call", "bring-in", "show") for action in legal
                 if action.kind.value == kind), legal[0])


def test_a_hand_is_played_to_the_end_at_the_play_table(game_id: str) -> None:
    """The Play page's controller, as its controls drive it: every decision the visitor
    makes is one the engine offered, the computer players answer, the end shows every
    award and its hands, and the table deals again."""
    players = players_for(game_id)
    table = PlaySession.deal(Setup(game_id, players, GAMES[game_id].settings_type()), seed=11)
    made = 0
    while not table.state.is_over:
        state = table.state
        assert set(state.to_act) == {0}, "the computer players left a decision open"
        legal = list(state.legal_actions(0))
        table.choose(_keeps_the_hand_going(legal))
        assert table.notice is None, table.notice
        made += 1
        assert made < 80, "the hand never ends"
    state = table.state
    assert made and state.settlement is not None and sum(state.payoffs) == 0
    assert any(e.kind.value == "action" and e.seat not in (0, None) for e in state.events)
    shown = html.unescape(settlement_html(state.view(0), you={0}))
    for award in state.settlement.awards:
        assert award.title in shown
        for _, _, words in award.hands:
            assert words in shown
    again = table.again()
    if table.series.you_are_out:         # all in and lost: the next hand waits on a rebuy
        assert again is table and again.notice is not None
        again = table.rebuy()
    assert again.state is not state
    assert (again.state.game.id, again.state.players) == (game_id, players)


def test_a_hand_is_played_to_the_end_on_the_play_page(game_id: str) -> None:
    """The visitor's first decision is one the engine offered; the end shows every award
    and its hands, and deals again."""
    if played_on_the_page_as(game_id) != game_id:
        pytest.skip(f"shaped as {played_on_the_page_as(game_id)}, played on the page: "
                    "played at the table's controller here")
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
    next_hand = "Buy back in" if state.table.stacks[0] == 0 else "Deal again"
    assert "Chips won and lost" in text and next_hand in text, next_hand
    assert any(e.kind.value == "action" and e.seat not in (0, None) for e in state.events)
    # Out of chips, buying back in deals the next hand as Deal again does.
    at.button(key="play_rebuy" if next_hand == "Buy back in" else "play_again").click().run()
    _ok(at)
    again = play_state(at)
    assert again is not state and (again.game.id, again.players) == (game_id, state.players)


def test_a_hand_is_hosted_to_the_settlement_at_the_hosts_controller(game_id: str) -> None:
    """The Host page's controller, as its End button drives it: the computer players play
    the hand to its settlement (a game of a page shape of its own is hosted on the page
    below)."""
    if played_on_the_page_as(game_id) == game_id:
        pytest.skip("hosted on the page")
    table = HostSession.fresh(game_id, players_for(game_id))
    table.to_end()
    assert table.notice is None or table.notice.tone is not Tone.ERROR, table.notice
    assert table.at_end and table.state.is_over and sum(table.state.payoffs) == 0


def test_a_hand_is_hosted_to_the_settlement(game_id: str) -> None:
    """On the page once per page shape, as the Play page's hand is."""
    if played_on_the_page_as(game_id) != game_id:
        pytest.skip(f"shaped as {played_on_the_page_as(game_id)}, hosted on the page: "
                    "hosted at the host's controller here")
    at = site_page("host", state={"game": game_id})
    _ok(at)
    assert at.session_state["host_table"].state.game.id == game_id
    at.button(key="host_end").click().run()
    _ok(at)
    state = at.session_state["host_table"].state
    assert state.is_over
    heading = "The showdown" if state.settlement.showdown else (
        "The result: nobody could open" if state.settlement.passed_out
        else "The result: everyone else folded")
    assert heading in [h.value for h in at.subheader]


def test_its_learning_page_teaches_it(game_id: str) -> None:
    """Its rules and stakes drawn; End shows the guided hand's last step (Next disabled),
    Start its first."""
    page = registry.SITE_GAMES[game_id].page
    if page is None:
        pytest.skip("no learning page of its own: it is played, hosted and compared")
    at = app(str(ROOT / "app.py"), timeout=120)
    at.switch_page(page.file)
    open_address(at, page.url_path)
    at.run()
    _ok(at)
    assert at.title[0].value == registry.games_on(page)[0].name
    assert any(m.value.startswith("- Each player starts") for m in at.markdown), "no stakes"
    walk = f"{page.prefix}_walk"
    at.button(key=f"{walk}_last").click().run()
    _ok(at)
    guided = registry.games_on(page)[0].id
    settings = json.dumps(get_game(guided).settings_type().to_dict(), sort_keys=True)
    steps = hand_steps(guided, settings, at.selectbox(key=f"{walk}_players").value,
                       load_game(guided).walkthrough.seed)
    last = len(steps) - 1
    assert at.button(key=f"{walk}_next").disabled, "End shows the last step"
    assert f"Step {last} of {last}" in [p.text for p in at.get("progress")][0]
    assert steps[-1].view.events[-1].text in page_text(at)
    at.button(key=f"{walk}_first").click().run()
    assert at.button(key=f"{walk}_back").disabled and not at.button(key=f"{walk}_next").disabled
    assert "The deal" in page_text(at), "Start shows the first step"


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
