"""The way in: the home page's games by family with a picture each, found by words or by
family; a ten-minute start; and every word that counts or lists games written from the
registries (the home page, the hand rankings, the stud page)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from content import NO_GROUP, all_games, load_game, rankings, site
from engine.cards import parse_cards
from engine.games import GAMES
from engine.games.stakes import count
from engine.hands import LowRanking
from tests.conformance import five_card_stud as extra
from tests.support.hostile import site_page
from tests.support.pages_app import app
from ui import registry
from ui.components.game_words import families, low_games, low_games_words, total_words

ROOT = Path(__file__).resolve().parents[1]
RANKINGS = str(ROOT / "screens" / "rankings.py")


def _home() -> AppTest:
    at = site_page("home")
    assert not at.exception, at.exception[0].value
    return at


def _markdown(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown]


def _game_names(at: AppTest) -> list[str]:
    return [m.removeprefix("#### ") for m in _markdown(at) if m.startswith("#### ")]


def _families(at: AppTest) -> list[str]:
    return [m.removeprefix("### ") for m in _markdown(at) if m.startswith("### ")]


def test_the_home_page_counts_every_game_dealt() -> None:
    at = _home()
    said = f"##### Learn, show and drill {count(len(GAMES), 'home poker game')}, dealt by a " \
           "live engine."
    assert said in _markdown(at)
    assert total_words() == count(len(GAMES), "home poker game")
    assert len(GAMES) == len(registry.SITE_GAMES)
    text = " ".join(_markdown(at) + [c.value for c in at.caption])
    assert "four poker games" not in text and "eight home poker games" not in text
    assert "Double Sophie" in text, "the game dealt from Sophie's Pick's page is named"


def test_every_game_is_under_its_own_family_in_the_site_order() -> None:
    at = _home()
    in_files: dict[str, list[str]] = {}
    for game in registry.contents():
        in_files.setdefault(game.group, []).append(game.id)
    assert _families(at) == list(in_files)
    assert _families(at)[:3] == ["House games", "Stud", "Community cards"]
    assert _game_names(at) == [game.name for family in families() for game in family.games]
    assert sorted(_game_names(at)) == sorted(game.name for game in registry.contents())
    by_family = {family.name: [game.id for game in family.games] for family in families()}
    assert by_family == in_files
    links = {link.proto.label: link.proto.page for link in at.get("page_link")}
    for page in registry.learn_pages():
        game = registry.games_on(page)[0]
        assert links[f"Learn {game.name}"] == page.url_path, "each card opens its own game"


def test_the_families_are_spelt_alike_so_one_family_is_never_shown_twice() -> None:
    """Each family's name starts with a capital and the rest is lower case ("Community
    cards"), so "wild" and "Wild" cannot be two families of the home page."""
    names = [game.group for game in all_games()]
    assert all(name == name[:1].upper() + name[1:].lower() for name in names), names
    assert len({name.lower() for name in names}) == len(set(names))


def test_the_family_is_the_content_files_word_not_a_table_in_the_page() -> None:
    source = (ROOT / "screens" / "home.py").read_text()
    for family in ("House games", "Stud", "Community cards"):
        assert f'"{family}"' not in source
    for game in all_games():
        assert game.group, game.id
        text = (ROOT / "content" / "games" / f"{game.id}.toml").read_text()
        assert f'group = "{game.group}"' in text


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_every_game_has_a_picture_of_distinct_real_cards(game_id: str) -> None:
    cards = parse_cards(" ".join(load_game(game_id).picture))
    assert 3 <= len(cards) <= 6 and len(set(cards)) == len(cards)


def test_each_game_card_draws_its_picture_from_the_sites_own_cards() -> None:
    at = _home()
    pictures = [h.proto.body for h in at.get("html") if 'role="img"' in h.proto.body]
    assert len(pictures) == len(registry.contents())
    assert all("cards/" in body and ".svg" in body for body in pictures)


def test_words_typed_find_the_games_that_have_them() -> None:
    at = _home()
    at.text_input(key="home_find").input("razz").run()
    assert _game_names(at) == ["Razz", "Ace-to-five triple draw"], "its low is razz's"
    assert _families(at) == ["Stud", "Draw"]
    at.text_input(key="home_find").input("DOUBLE sophie").run()
    assert _game_names(at) == ["Sophie's Pick"]
    at.text_input(key="home_find").input("board").run()
    assert "Omaha" in _game_names(at) and "Razz" not in _game_names(at)


@pytest.mark.parametrize("typed", ["blackjack", "<script>alert(1)</script>", "*" * 300, "  "])
def test_words_nothing_has_say_so_and_change_nothing(typed: str) -> None:
    at = _home()
    at.text_input(key="home_find").input(typed).run()
    assert not at.exception
    if typed.strip():
        assert _game_names(at) == [] and len(at.info) == 1
        assert typed not in at.info[0].value, "what was typed is not echoed as markdown"
    else:
        assert len(_game_names(at)) == len(registry.contents())


def test_a_family_chosen_shows_only_its_games() -> None:
    at = _home()
    at.button_group(key="home_families").set_value(["Stud"]).run()
    assert _families(at) == ["Stud"]
    assert _game_names(at) == ["Seven-card stud", "Seven-card stud eight or better", "Razz",
                              "Five-card stud", "Seven-card stud high-low declare"]
    at.text_input(key="home_find").input("hold'em").run()
    assert _game_names(at) == ["Omaha"] or _game_names(at) == [], _game_names(at)


def test_start_here_learns_one_game_in_ten_minutes() -> None:
    steps = site().start
    minutes = sum(int(step.title.split("·")[1].split()[0]) for step in steps)
    assert minutes == 10 and len(steps) >= 3
    site_code = (ROOT / "app.py").read_text()
    learn = {page.file for page in registry.learn_pages()}
    for step in steps:
        assert step.page in site_code or step.page in learn, step.page
    at = _home()
    assert "Start here: one game in ten minutes" in [s.value for s in at.subheader]


def test_the_sidebar_lists_every_feature_before_the_games_and_opens_them_all() -> None:
    tree = ast.parse((ROOT / "app.py").read_text())
    sections = next(node for node in ast.walk(tree) if isinstance(node, ast.Dict))
    names = [ast.literal_eval(key) for key in sections.keys if key is not None]
    assert names[-1] == "Learn a game", "the games, however many, come after the features"
    call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call)
                and getattr(node.func, "attr", "") == "navigation")
    assert any(k.arg == "expanded" and ast.literal_eval(k.value) is True
               for k in call.keywords), "no 'View more' hides a page"


# --- which games play for low, from the engine ----------------------------------------


def test_every_game_that_plays_for_low_is_named() -> None:
    names = {game.name for game in low_games()}
    assert names == {"Razz", "Seven-card stud eight or better", "Omaha", "Psycho",
                     "Deuce-to-seven triple draw", "Badugi", "Big O", "Courchevel",
                     "Deuce-to-seven single draw", "Ace-to-five triple draw", "Anaconda",
                     "Seven-card stud high-low declare"}
    assert [g.name for g in low_games() if g.ranking is LowRanking.DEUCE_TO_SEVEN] == \
        ["Psycho", "Deuce-to-seven single draw", "Deuce-to-seven triple draw"]
    assert [g.name for g in low_games() if g.ranking is LowRanking.BADUGI] == ["Badugi"]
    omaha = next(g for g in low_games() if g.name == "Omaha")
    assert "when the dealer announces it" in omaha.how


def test_no_page_says_only_psycho_plays_for_low() -> None:
    for route in site().paths:
        assert "Psycho also" not in route.text
    assert "Psycho also" not in rankings().intro
    at = app(RANKINGS, timeout=60).run()
    assert not at.exception
    captions = " ".join(c.value for c in at.caption)
    for name in ("Razz", "Seven-card stud eight or better", "Omaha", "Psycho"):
        assert name in captions
    assert f"Played in {low_games_words(LowRanking.ACE_TO_FIVE)}." in captions


def test_the_stud_page_does_not_call_stud_the_base_of_every_game() -> None:
    summary = load_game("seven-card-stud").summary
    assert "base the other games" not in summary and "every other" not in summary


def test_the_italian_names_column_is_explained() -> None:
    at = app(RANKINGS, timeout=60).run()
    captions = " ".join(c.value for c in at.caption)
    assert '"In Italian" is each hand\'s name on the Italian rule sheet' in captions


def test_an_added_game_has_its_family_picture_and_count(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    """Five-card stud added by the engine's checklist (its content file names no family
    and no picture): the home page counts one game more and files it under "More games"."""
    before = len(registry.SITE_GAMES)
    extra.register(monkeypatch, tmp_path)
    try:
        at = _home()
        said = count(before + 1, "home poker game")
        assert f"##### Learn, show and drill {said}, dealt by a live engine." in _markdown(at)
        assert _families(at)[-1] == NO_GROUP and _game_names(at)[-1] == "Five-card stud in code"
        pictures = [h for h in at.get("html") if 'role="img"' in h.proto.body]
        assert len(pictures) == len(registry.contents()) - 1, "no picture without cards"
    finally:
        load_game.cache_clear()
