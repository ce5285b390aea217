"""The site's registry of games (ui/registry.py), and adding a game by its checklist.

First the registry as it is: every entry is an engine game, its words load, its page
is in the navigation, its odds widget exists. Then a small extra game, five-card stud,
is added by exactly the steps of engine/README.md's "Adding a game" (and nothing else):
a ``Game`` module, a line in the engine's ``_REGISTERED``, a content file; no bot of its
own and no line in the site's registry. The site then offers it in the sidebar,
deals and plays it to the end on the play page with the page's own controls against
computer players, hosts it to the settlement, and compares it with the others; with the
optional last step, a one-line learning page, it is taught too. Each page runs through
``app.py``, so the sidebar is drawn as for a visitor.
"""

from __future__ import annotations

import doctest
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import content
from engine.bots import EquityBot, bot_for
from engine.games import GAMES, new_hand
from engine.games.stakes import count
from engine.quiz.common import Drill
from tests.conformance import five_card_stud as extra
from tests.support.hostile import site_page
from tests.support.pages import deal_with_controls, play_to_the_end
from tests.support.pages_app import app
from ui import registry
from ui.learn.compare import comparison_frame
from ui.odds.page import WIDGETS
from ui.registry import SITE_GAMES, SiteGame

ROOT = Path(__file__).resolve().parents[1]


# --- The registry as it is ----------------------------------------------------------------


def test_every_site_game_is_an_engine_game_and_every_engine_game_is_on_the_site() -> None:
    assert list(SITE_GAMES) == [game.id for game in SITE_GAMES.values()]
    assert set(SITE_GAMES) == set(GAMES)
    assert [game.name for game in SITE_GAMES.values()] == [
        GAMES[game_id].name for game_id in SITE_GAMES]


def test_every_content_file_is_shown_and_every_game_has_its_words() -> None:
    shown = [game.id for game in registry.contents()]
    assert sorted(shown) == sorted(content.GAME_IDS)
    for game in SITE_GAMES.values():
        assert game.content in shown
    compared = comparison_frame(registry.contents()).columns
    assert list(compared) == [game.name for game in SITE_GAMES.values()], "one column each"


def test_the_page_list_names_every_game_that_has_a_page_of_its_own() -> None:
    """The navigation lists a learning page under its first game's name: each declared
    game has its own, so no game hides behind another's name."""
    listed = [registry.games_on(page)[0].name for page in registry.learn_pages()]
    shared = {game.name for game in SITE_GAMES.values()
              if game.page is not None and registry.games_on(game.page)[0].id != game.id}
    assert len(listed) == len(set(listed))
    assert set(listed) | shared == {game.name for game in SITE_GAMES.values()}
    assert shared == {"Double Sophie"}, "only Double Sophie is taught on another's page"


def test_every_learning_page_exists_and_teaches_games_with_the_same_words() -> None:
    pages = registry.learn_pages()
    assert len({page.url_path for page in pages}) == len({page.prefix for page in pages}) \
        == len(pages)
    for page in pages:
        assert (ROOT / page.file).is_file(), page.file
        games = registry.games_on(page)
        assert registry.page_game(page.url_path) == games[0]
        if page.file == registry.GENERIC_PAGE:
            assert len({game.content for game in games}) == len(games), "each its own words"
            assert "game_page(generic_game(current_game()))" in (ROOT / page.file).read_text()
            assert [game.id for game in games] == [page.url_path], "its own address"
            assert registry.generic_game(games[0].id) == games[0].id
            continue
        assert len({game.content for game in games}) == 1
        assert f'game_page("{games[0].id}")' in (ROOT / page.file).read_text()
    assert [game.id for game in registry.games_on(SITE_GAMES["double-sophie"].page)] == [
        "sophies-pick", "double-sophie"]


@pytest.mark.parametrize("game_id", [
    game.id for game in SITE_GAMES.values()
    if game.page is not None and game.page.file == registry.GENERIC_PAGE])
def test_the_shared_learning_page_teaches_each_declared_game_from_its_own_words(
        game_id: str) -> None:
    """A declared game without a page file of its own is taught on the shared file at its
    own address: opened there, whatever the current game was, the page is titled with that
    game's name, shows its words and makes it the current game."""
    at = site_page(Path(registry.GENERIC_PAGE).stem, address=SITE_GAMES[game_id].page.url_path)
    assert not at.exception, [e.value for e in at.exception]
    words = content.load_game(SITE_GAMES[game_id].content)
    assert at.title[0].value == words.name and not at.error
    assert at.sidebar.selectbox(key="game").value == game_id


def test_listing_every_game_reads_the_registries_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages list the games many times a run (the home page once per game card): each
    listing builds each game's entry once, not once per game listed before it, so a page
    costs in step with the number of games, not its square."""
    built: list[str] = []
    declared = registry._declared
    monkeypatch.setattr(registry, "_declared",
                        lambda game_id: built.append(game_id) or declared(game_id))
    by_id = {game_id: SITE_GAMES[game_id] for game_id in SITE_GAMES}
    built.clear()
    assert list(SITE_GAMES.values()) == list(by_id.values())
    assert dict(SITE_GAMES.items()) == by_id
    assert len(built) <= 2 * len(GAMES), f"{len(built)} entries built for {len(GAMES)} games"


def test_a_run_of_the_page_list_builds_each_entry_at_most_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The page list (``app.py``) asks for each learning page's games, every run of every
    visitor: the entries are built again only when the registries change, so a run costs
    in step with the number of games, not its square."""
    built: list[str] = []
    declared = registry._declared
    monkeypatch.setattr(registry, "_declared",
                        lambda game_id: built.append(game_id) or declared(game_id))
    for _ in range(2):
        names = [registry.games_on(page)[0].name for page in registry.learn_pages()]
    assert len(names) == len(registry.learn_pages())
    assert len(built) <= len(GAMES), f"{len(built)} entries built for {len(GAMES)} games"


def test_every_odds_question_is_a_widget_of_the_odds_page() -> None:
    for game in SITE_GAMES.values():
        assert game.odds is None or game.odds.widget in WIDGETS


# --- Adding a game: five-card stud --------------------------------------------------------


@pytest.fixture
def five_card_stud(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The steps of engine/README.md's "Adding a game", for five-card stud in code: its
    module and words are in tests/conformance/five_card_stud.py (the conformance suite runs
    every check on it); no computer player of its own, so ``bot_for`` gives the general
    one."""
    extra.register(monkeypatch, tmp_path)
    yield
    content.load_game.cache_clear()


def _options(at: AppTest) -> list[str]:
    return list(at.sidebar.selectbox(key="game").options)


def test_without_its_steps_the_extra_game_is_nowhere() -> None:
    assert "five-card-stud-in-code" not in GAMES
    assert "five-card-stud-in-code" not in SITE_GAMES


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_dealt_and_gets_the_general_computer_player() -> None:
    state = new_hand("five-card-stud-in-code", players=3, seed=2)
    assert state.street == "2nd street"
    assert isinstance(bot_for("five-card-stud-in-code"), EquityBot)
    assert content.load_game("five-card-stud-in-code").name == "Five-card stud in code"


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_on_the_site_with_the_general_defaults() -> None:
    assert list(SITE_GAMES)[-1] == "five-card-stud-in-code"
    assert SITE_GAMES["five-card-stud-in-code"] == SiteGame("five-card-stud-in-code")
    assert SITE_GAMES["five-card-stud-in-code"].drill is Drill.SHOWDOWN


@pytest.mark.usefixtures("five_card_stud")
def test_the_sidebar_offers_the_added_game_by_its_engine_name() -> None:
    at = site_page("home")
    assert not at.exception, [e.value for e in at.exception]
    assert _options(at) == [game.name for game in registry.SITE_GAMES.values()]
    assert _options(at)[-1] == "Five-card stud in code"
    headings = [m.value for m in at.markdown if m.value.startswith("###")]
    assert "Five-card stud in code" in headings[-1]
    taught = count(len(registry.SITE_GAMES), "home poker game")  # every game dealt
    heading = f"##### Learn, show and drill {taught}, dealt by a live engine."
    assert heading in [m.value for m in at.markdown], "the home page counts the games"


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_played_to_the_end_against_computer_players() -> None:
    at = site_page("play")
    assert not at.exception, [e.value for e in at.exception]
    deal_with_controls(at, "five-card-stud-in-code", players=4, seed=11)
    state = at.session_state["play_table"].state
    assert state.game.id == "five-card-stud-in-code" and state.players == 4
    assert at.sidebar.selectbox(key="game").value == "five-card-stud-in-code", \
        "the sidebar follows"
    assert play_to_the_end(at), "the person made no decision"
    state = at.session_state["play_table"].state
    assert state.is_over and state.settlement is not None
    assert any(action.seat != 0 for action in state.actions), "no computer player acted"


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_hosted_from_the_deal_to_the_settlement() -> None:
    at = site_page("host", state={"game": "five-card-stud-in-code"})
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["host_table"].state.game.id == "five-card-stud-in-code"
    at.button(key="host_end").click().run()
    assert not at.exception, [e.value for e in at.exception]
    state = at.session_state["host_table"].state
    assert state.is_over
    heading = "The showdown" if state.settlement.showdown else (
        "The result: nobody could open" if state.settlement.passed_out
        else "The result: everyone else folded")
    assert heading in [h.value for h in at.subheader]


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_compared_with_the_others() -> None:
    at = site_page("compare")
    assert not at.exception, [e.value for e in at.exception]
    (table,) = at.table
    frame = table.value
    assert list(frame.columns)[-1] == "Five-card stud in code"
    assert frame.loc["Betting rounds", "Five-card stud in code"] == "4"
    assert "ante 1" in frame.loc["House stakes", "Five-card stud in code"]


@pytest.mark.usefixtures("five_card_stud")
def test_words_without_a_comparison_row_or_examples_load_and_are_compared() -> None:
    path = content.HERE / "games" / "five-card-stud-in-code.toml"
    words = path.read_text(encoding="utf-8")
    path.write_text(words[:words.index("[[compare]]")], encoding="utf-8")
    content.load_game.cache_clear()
    assert content.load_game("five-card-stud-in-code").compare == ()
    assert not content.load_game("five-card-stud-in-code").examples, \
        "worked examples are optional"
    column = comparison_frame(registry.contents())["Five-card stud in code"]
    assert (column["Cards per player"], column["Up and down"], column["Board"]) == (
        "5", "1 down, 4 up", "None")
    assert (column["Betting rounds"], column["Pot"], column["Players"]) == ("4", "High",
                                                                           "2 to 10")
    assert column["Betting"] == "Fixed limit with ante"


@pytest.mark.usefixtures("five_card_stud")
@pytest.mark.parametrize("page", ["odds", "quiz"])
def test_pages_without_a_question_for_the_added_game_still_open(page: str) -> None:
    at = site_page(page, state={"game": "five-card-stud-in-code"})
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error


def test_the_registry_examples_hold() -> None:
    assert doctest.testmod(registry).failed == 0


@pytest.mark.usefixtures("five_card_stud")
def test_a_learning_page_for_the_added_game_is_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The optional step: a page file holding ``game_page(id)`` and a ``LearnPage`` in the
    game's registry line (the file written elsewhere than screens/ here)."""
    page = extra.learn_page(tmp_path)
    monkeypatch.setattr(registry, "_REGISTERED",
                        (*registry._REGISTERED, SiteGame("five-card-stud-in-code", page=page)))
    at = app(str(ROOT / "app.py"), timeout=120)
    at.switch_page(page.file)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Five-card stud in code" and not at.error
    assert at.sidebar.selectbox(key="game").value == "five-card-stud-in-code", \
        "the page sets the game"
