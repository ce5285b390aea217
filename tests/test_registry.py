"""The site's registry of games (ui/registry.py), and adding a game by its checklist.

First the registry as it is: every entry is an engine game, its words load, its page
is in the navigation, its odds widget and drill exist. Then a small extra game,
five-card stud, is added by exactly the steps of engine/README.md's "Adding a game"
(and nothing else): a ``Game`` module, a line in ``_REGISTERED``, no bot of its own, a
content file, a line in the site's registry. The site then offers it in the sidebar,
deals and plays it to the end on the play page with the page's own controls against
computer players, hosts it to the settlement, and compares it with the others; with the
optional last step, a one-line learning page, it is taught too. Each page runs through
``app.py``, so the sidebar is drawn as for a visitor.
"""

from __future__ import annotations

import doctest
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import pytest
from streamlit.testing.v1 import AppTest

import content
import engine.games
from engine.bots import EquityBot, bot_for
from engine.games import GAMES, new_hand
from engine.games.base import Game, Settings, chips_setting, setting
from engine.games.phases import Ante, Betting, Deal, Phase, Showdown
from engine.state import HandState
from tests.hostile import site_page
from tests.test_play_page import deal_with_controls, play_to_the_end
from ui import registry
from ui.odds.page import WIDGETS
from ui.registry import SITE_GAMES, LearnPage, SiteGame

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
        rows = {row.game for row in content.load_game(game.content).compare}
        assert game.name in rows, f"{game.content}.toml has no comparison row for {game.name}"


def test_every_learning_page_exists_and_teaches_games_with_the_same_words() -> None:
    pages = registry.learn_pages()
    assert len({page.url_path for page in pages}) == len({page.prefix for page in pages}) \
        == len(pages)
    for page in pages:
        assert (ROOT / page.file).is_file(), page.file
        games = registry.games_on(page)
        assert len({game.content for game in games}) == 1
        assert registry.page_game(page.url_path) == games[0]
        assert f'game_page("{games[0].id}")' in (ROOT / page.file).read_text()
    assert [game.id for game in registry.games_on(SITE_GAMES["double-sophie"].page)] == [
        "sophies-pick", "double-sophie"]


def test_every_odds_question_is_a_widget_of_the_odds_page() -> None:
    for game in SITE_GAMES.values():
        assert game.odds is not None and game.odds.widget in WIDGETS
        assert game.drill is not None


# --- Adding a game: five-card stud --------------------------------------------------------


@dataclass(frozen=True)
class FiveStudSettings(Settings):
    chips: int = chips_setting()
    ante: int = setting(1, label="Ante", help="Paid by everyone before the deal.", minimum=0,
                        maximum=1000)
    small_bet: int = setting(5, label="Small bet", help="Bets on second and third street.",
                             minimum=1, maximum=1000)
    big_bet: int = setting(10, label="Big bet", help="Bets on fourth and fifth street.",
                           minimum=1, maximum=1000)


class FiveCardStud(Game):
    """Five-card stud: one down and one up, three more up, a betting round after each."""

    __slots__ = ()

    id = "five-card-stud"
    name = "Five-card stud"
    min_players = 2
    max_players = 10
    settings_type = FiveStudSettings

    def phases(self, state: HandState) -> list[Phase]:
        s = state.settings
        assert isinstance(s, FiveStudSettings)
        return [
            Ante(s.ante, rule="the ante, paid by everyone before the deal"),
            Deal("2nd street", "du", burn=False), Betting(stake="small"),
            Deal("3rd street", "u"), Betting(stake="small"),
            Deal("4th street", "u"), Betting(stake="big"),
            Deal("5th street", "u"), Betting(stake="big"),
            Showdown(),
        ]


GAME = FiveCardStud()

WORDS = '''
id = "five-card-stud"
name = "Five-card stud"
page = "five-card-stud"
tagline = "The oldest stud game: one card down, four up, a betting round after each."
summary = "Each player gets one hidden card and four on show; the best five cards win."
common_mistakes = ["Forgetting that only one card is hidden."]
glossary = ["ante", "up-card", "hole-card"]

[walkthrough]
players = 4
seed = 1

[walkthrough.streets]
"2nd street" = "One card down, one up."

[at_a_glance]
players = "2 to 10"
cards = "Five each: one down, four up"
betting = "Fixed limit: an ante, four betting rounds"
pot = "High only"

[[order_of_play]]
title = "The deal"
text = "One card down and one up, then three more up, a betting round after each."

[[special_rules]]
title = "Nothing special"
text = "It is the plainest stud there is."

[[compare]]
game = "Five-card stud"
players = "2 to 10"
cards_per_player = "5"
pattern = "1 down and 1 up, then 3 up"
board = "None"
draws = "None"
betting_structure = "Fixed limit with ante"
betting_rounds = 4
pot = "High"
special = "Four of the five cards are on show"

[examples]
'''


def _register(monkeypatch: pytest.MonkeyPatch, module: object, name: str,
              registered: tuple[object, ...], key: str) -> None:
    """Add a line to ``module``'s ``_REGISTERED`` and rebuild ``name`` from it, as importing
    the module would: every module that imported the old mapping gets the new one."""
    old = getattr(module, name)
    new = MappingProxyType({getattr(entry, key): entry for entry in registered})
    monkeypatch.setattr(module, "_REGISTERED", registered)
    for loaded in list(sys.modules.values()):
        if vars(loaded).get(name) is old:
            monkeypatch.setattr(loaded, name, new)


@pytest.fixture
def five_card_stud(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The steps of engine/README.md's "Adding a game", for five-card stud."""
    # 1-3. The game's module (above) and its line in engine/games/__init__.py's _REGISTERED.
    _register(monkeypatch, engine.games, "GAMES", (*engine.games._REGISTERED, GAME), "id")
    # 4. No computer player of its own: bot_for gives the general one.
    # 5. Its words: content/games/five-card-stud.toml (here in a copy of content/).
    shutil.copytree(ROOT / "content", tmp_path, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (tmp_path / "games" / "five-card-stud.toml").write_text(WORDS, encoding="utf-8")
    monkeypatch.setattr(content, "HERE", tmp_path)
    content.load_game.cache_clear()
    # 6. One line in ui/registry.py's _REGISTERED; no learning page of its own.
    _register(monkeypatch, registry, "SITE_GAMES",
              (*registry._REGISTERED, SiteGame("five-card-stud")), "id")
    yield
    content.load_game.cache_clear()


def _options(at: AppTest) -> list[str]:
    return list(at.sidebar.selectbox(key="game").options)


def test_without_its_steps_the_extra_game_is_nowhere() -> None:
    assert "five-card-stud" not in GAMES and "five-card-stud" not in SITE_GAMES


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_dealt_and_gets_the_general_computer_player() -> None:
    state = new_hand("five-card-stud", players=3, seed=2)
    assert state.street == "2nd street" and isinstance(bot_for("five-card-stud"), EquityBot)
    assert content.load_game("five-card-stud").name == "Five-card stud"


@pytest.mark.usefixtures("five_card_stud")
def test_the_sidebar_offers_the_added_game_by_its_engine_name() -> None:
    at = site_page("home")
    assert not at.exception, [e.value for e in at.exception]
    assert _options(at) == [game.name for game in registry.SITE_GAMES.values()]
    assert _options(at)[-1] == "Five-card stud"
    assert "Five-card stud" in [m.value for m in at.markdown if m.value.startswith("###")][-1]


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_played_to_the_end_against_computer_players() -> None:
    at = site_page("play")
    assert not at.exception, [e.value for e in at.exception]
    deal_with_controls(at, "five-card-stud", players=4, seed=11)
    state = at.session_state["play_table"].state
    assert state.game.id == "five-card-stud" and state.players == 4
    assert at.sidebar.selectbox(key="game").value == "five-card-stud", "the sidebar follows"
    assert play_to_the_end(at), "the person made no decision"
    state = at.session_state["play_table"].state
    assert state.is_over and state.settlement is not None
    assert any(action.seat != 0 for action in state.actions), "no computer player acted"


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_hosted_from_the_deal_to_the_settlement() -> None:
    at = site_page("host", state={"game": "five-card-stud"})
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["host_table"].state.game.id == "five-card-stud"
    at.button(key="host_end").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["host_table"].state.is_over
    assert "The showdown" in [h.value for h in at.subheader]


@pytest.mark.usefixtures("five_card_stud")
def test_the_added_game_is_compared_with_the_others() -> None:
    at = site_page("compare")
    assert not at.exception, [e.value for e in at.exception]
    (table,) = at.table
    frame = table.value
    assert list(frame.columns)[-1] == "Five-card stud"
    assert frame.loc["Betting rounds", "Five-card stud"] == "4"
    assert "ante 1" in frame.loc["House stakes", "Five-card stud"]


@pytest.mark.usefixtures("five_card_stud")
@pytest.mark.parametrize("page", ["odds", "quiz"])
def test_pages_without_a_question_for_the_added_game_still_open(page: str) -> None:
    at = site_page(page, state={"game": "five-card-stud"})
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error


def test_the_registry_examples_hold() -> None:
    assert doctest.testmod(registry).failed == 0


@pytest.mark.usefixtures("five_card_stud")
def test_a_learning_page_for_the_added_game_is_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The optional step: a page file holding ``game_page(id)`` and a ``LearnPage`` in the
    game's registry line (the file written elsewhere than screens/ here)."""
    page_file = tmp_path / "five_card_stud.py"
    page_file.write_text('from ui.learn.game_page import game_page\n\n'
                         'game_page("five-card-stud")\n', encoding="utf-8")
    page = LearnPage(str(page_file), "five_card_stud", ":material/style:", "five")
    _register(monkeypatch, registry, "SITE_GAMES",
              (*registry._REGISTERED[:-1], SiteGame("five-card-stud", page=page)), "id")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.switch_page(str(page_file))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "Five-card stud" and not at.error
    assert at.sidebar.selectbox(key="game").value == "five-card-stud", "the page sets the game"
