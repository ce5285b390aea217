"""A game the site does not ship, added by engine/README.md's "Adding a game" steps alone:
five-card stud written as code, under an id of its own (the site deals five-card stud from
its data file): its engine module (below), its line in the engine's registry and its
content file (``WORDS``); the site's registry needs no line (:func:`register`), but may
give it a learning page (:func:`learn_page`). The conformance suite runs with it
registered throughout, so every check there is proved on a game nobody wrote a test for,
and on a game built in Python rather than declared."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

import pytest

import content
import engine.games
from engine.games.base import Game, Settings, chips_setting, setting
from engine.games.phases import Ante, Betting, Deal, Phase, Showdown
from engine.state import HandState
from ui import registry
from ui.registry import LearnPage, SiteGame

ROOT = Path(__file__).resolve().parents[2]


# --- 1. The engine module: engine/games/five_card_stud.py ---------------------------------

@dataclass(frozen=True)
class FiveStudSettings(Settings):
    chips: int = chips_setting()
    ante: int = setting(1, label="Ante", help="Paid by everyone before the deal.", minimum=0,
                        maximum=1000)
    bring_in: int = setting(2, label="Bring-in", help="The lowest up card's forced bet.",
                            minimum=1, maximum=1000)
    small_bet: int = setting(5, label="Small bet", help="Bets on second and third street.",
                             minimum=1, maximum=1000)
    big_bet: int = setting(10, label="Big bet", help="Bets on fourth and fifth street.",
                           minimum=1, maximum=1000)

    def check(self) -> None:
        if self.bring_in >= self.small_bet:
            raise engine.games.SettingsError("Bring-in: must be less than the small bet")


class FiveCardStud(Game):
    """Five-card stud: one down and one up, three more up, a betting round after each; the
    lowest up card brings in, then the best showing hand acts first (both declared by
    default: ``Game.brings_in``, ``Game.opens``), the best high hand wins."""

    __slots__ = ()

    id = "five-card-stud-in-code"
    name = "Five-card stud in code"
    min_players = 2
    max_players = 10
    settings_type = FiveStudSettings

    def phases(self, state: HandState) -> list[Phase]:
        s = state.settings
        assert isinstance(s, FiveStudSettings)
        return [
            Ante(s.ante, rule="the ante, paid by everyone before the deal"),
            Deal("2nd street", "du", burn=False), Betting(stake="small", bring_in=s.bring_in),
            Deal("3rd street", "u"), Betting(stake="small"),
            Deal("4th street", "u"), Betting(stake="big"),
            Deal("5th street", "u"), Betting(stake="big"),
            Showdown(),
        ]


GAME = FiveCardStud()


# --- 2. Its words: content/games/five-card-stud-in-code.toml ------------------------------

WORDS = '''
id = "five-card-stud-in-code"
name = "Five-card stud in code"
page = "five-card-stud-in-code"
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
game = "Five-card stud in code"
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


# --- 3. Its line in the engine's registry (and, optionally, one in the site's) ----------

def add_to_games(monkeypatch: pytest.MonkeyPatch, game: Game) -> None:
    """Put ``game`` in ``engine.games``'s registry as importing the package with it would:
    ``GAMES`` is one object every module holds, reading the listed games, so a module
    imported meanwhile keeps the site's own (and the house games it finds by id) after."""
    registered = (*engine.games._REGISTERED, game)
    monkeypatch.setattr(engine.games, "_REGISTERED", registered)
    monkeypatch.setattr(engine.games, "_LISTED",
                        MappingProxyType({entry.id: entry for entry in registered}))


def register(monkeypatch: pytest.MonkeyPatch, folder: Path, *,
             page: LearnPage | None = None) -> None:
    """The steps of engine/README.md's "Adding a game", for five-card stud: the game in
    ``engine.games``'s registry and its words in a copy of ``content/`` under ``folder``;
    with ``page``, the optional line in the site's registry giving it a learning page."""
    add_to_games(monkeypatch, GAME)
    shutil.copytree(ROOT / "content", folder, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (folder / "games" / "five-card-stud-in-code.toml").write_text(WORDS, encoding="utf-8")
    monkeypatch.setattr(content, "HERE", folder)
    content.load_game.cache_clear()
    if page is not None:
        monkeypatch.setattr(registry, "_REGISTERED",
                            (*registry._REGISTERED, SiteGame(GAME.id, page=page)))


def learn_page(folder: Path) -> LearnPage:
    """The optional last step: a one-line page file (here outside screens/)."""
    page_file = folder / "five_card_stud_in_code.py"
    page_file.write_text('from ui.learn.game_page import game_page\n\n'
                         'game_page("five-card-stud-in-code")\n', encoding="utf-8")
    return LearnPage(str(page_file), "five_card_stud_in_code", ":material/style:", "five")
