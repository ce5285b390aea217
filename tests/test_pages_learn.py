"""The learning pages under AppTest: they render, announcements switch, guided hands
step, and every worked example shows the engine's answer or a clear message."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from content import load_game
from engine.cards import Suit
from engine.games import get_game
from engine.odds.exact import hand_counts
from tests.support.leaks import pictures_read
from tests.support.pages import page_shape
from tests.support.pages_learn import (
    GAME_PAGES,
    LEARN,
    _errors,
    _open,
    _page,
    _texts,
    rendered,
)
from ui.components.cards import suit_colour
from ui.learn.walkthrough import hand_steps
from ui.odds.page import WIDGETS, widget_for
from ui.registry import SITE_GAMES, contents


@pytest.mark.parametrize("page,title", [
    ("home", "Dealer's Choice"), ("rankings", "Hand rankings"), ("compare", "Compare games"),
    *((_page(game_id), SITE_GAMES[game_id].name) for game_id in LEARN),
])
def test_every_page_renders_without_an_error(page: str, title: str) -> None:
    at = rendered(page)
    assert at.title[0].value == title
    assert _errors(at) == []


@pytest.mark.parametrize("game_id", [g for g in LEARN if SITE_GAMES[g].odds is not None])
def test_worked_examples_link_to_the_games_odds_widget(game_id: str) -> None:
    at = rendered(_page(game_id))
    links = [link.proto for link in at.get("page_link") if link.proto.page == "odds"]
    assert len(links) == 1 and links[0].label.startswith("Work out the odds of this decision")
    widget = widget_for(game_id)
    assert widget in WIDGETS and parse_qs(links[0].query_string) == {"widget": [widget]}

def test_home_names_every_game_and_the_compare_table_every_engine_game() -> None:
    at = rendered("home")
    # The page itself, not the sidebar's game picker, names every game.
    text = "\n".join(m.value for m in at.main.markdown)
    for game in contents():
        assert game.name in text
    table = rendered("compare").table[0].value
    assert list(table.columns) == [game.name for game in SITE_GAMES.values()]
    assert table.loc["House stakes", "Seven-card stud"].startswith("chips 200, ante 2")


def test_settings_the_engine_refuses_are_explained_not_raised() -> None:
    at = _open("seven_card_stud")
    at.number_input(key="stud_setting_bring_in").set_value(15).run()
    (error,) = _errors(at)
    assert error.startswith("Bring-in: 15") and "uses the house defaults" in error


def test_switching_an_announcement_deals_the_guided_hand_again() -> None:
    at = _open("seven_card_stud")
    at.button(key="stud_walk_next").click().run()
    assert "antes 2" in _texts(at)
    at.number_input(key="stud_setting_ante").set_value(3).run()
    text = _texts(at)
    assert "antes 3" in text and "antes 2" not in text
    assert "Ante: 3" in text
    assert at.button(key="stud_walk_back").disabled, "a new hand starts from its first step"


def test_sophies_page_deals_double_sophie_on_two_boards() -> None:
    at = _open("sophies_pick")
    at.segmented_control(key="sophie_variant").set_value("double-sophie").run()
    assert _errors(at) == []
    at.button(key="sophie_walk_last").click().run()
    assert "Board 2" in _texts(at)


def _one_per_page_shape() -> list[str]:
    """The first learning page's game of each page shape: the steps of a kind are drawn
    by the same code whatever the game."""
    firsts: dict[object, str] = {}
    for game_id in GAME_PAGES:
        firsts.setdefault(page_shape(game_id), game_id)
    return list(firsts.values())


def _guided_hand(game_id: str) -> tuple[str, AppTest, list]:
    """The game's page with its guided hand dealt for the fewest players, and its steps."""
    prefix = GAME_PAGES[game_id]
    at = _open(_page(game_id))
    fewest = min(get_game(game_id).min_players, 4)
    at.selectbox(key=f"{prefix}_walk_players").set_value(fewest).run()
    settings = json.dumps(get_game(game_id).settings_type().to_dict(), sort_keys=True)
    steps = hand_steps(game_id, settings, fewest, load_game(game_id).walkthrough.seed)
    assert at.button(key=f"{prefix}_walk_back").disabled
    return prefix, at, steps


def _shows_the_last_step(at: AppTest, prefix: str, steps: list) -> None:
    last = len(steps) - 1
    assert at.button(key=f"{prefix}_walk_next").disabled
    assert f"Step {last} of {last}" in [p.text for p in at.get("progress")][0]
    assert steps[-1].view.events[-1].text in _texts(at)


@pytest.mark.parametrize("game_id", _one_per_page_shape())
def test_guided_hand_steps_from_first_to_last_and_back(game_id: str) -> None:
    """Next through every step (each drawn without an error), once per page shape."""
    prefix, at, steps = _guided_hand(game_id)
    clicks = 0
    while not at.button(key=f"{prefix}_walk_next").disabled:
        at.button(key=f"{prefix}_walk_next").click().run()
        assert _errors(at) == []
        clicks += 1
        assert clicks < len(steps), "Next stays enabled past the last step"
    assert clicks == len(steps) - 1
    _shows_the_last_step(at, prefix, steps)
    at.button(key=f"{prefix}_walk_back").click().run()
    assert not at.button(key=f"{prefix}_walk_next").disabled
    if clicks > 1:  # one step back from the second is the first already
        at.button(key=f"{prefix}_walk_first").click().run()
    assert at.button(key=f"{prefix}_walk_back").disabled
    assert "The deal" in _texts(at)


# --- worked examples -----------------------------------------------------------

def test_team_hand_example_shows_the_flush_and_every_addition() -> None:
    at = _open("pick_a_partner")
    text = _texts(at)
    assert "Best team hand: King-high flush" in text
    assert "king-high straight" in text
    assert len(at.dataframe[0].value) == 56
    at.text_input(key="partner_ex_up_a").set_value("Kx").run()
    assert any("'Kx' is not a card" in e for e in _errors(at))
    at.text_input(key="partner_ex_up_a").set_value("K♥").run()
    at.text_input(key="partner_ex_others_b").set_value("2h 3d 3s Qh").run()
    assert _errors(at) == ["Q♥ is typed both in Partner 1's other four cards and in "
                           "Partner 2's other four cards: each card exists only once."]
    at.text_input(key="partner_ex_others_b").set_value("2h 3d 3s").run()
    assert _errors(at) == ["Other four cards: type exactly 4 cards; found 3."]


def test_sophie_example_follows_the_picks_to_the_straight_flush() -> None:
    at = _open("sophies_pick")
    assert "**Nine-high straight flush**" in _texts(at)
    assert len(at.dataframe[0].value) == 15
    at.text_input(key="sophie_ex_board").set_value("9h 8h 2s 5h Kz").run()
    assert any("'Kz' is not a card" in e for e in _errors(at))
    at.text_input(key="sophie_ex_board").set_value("9h 8h 2s 5h Ks").run()
    assert _errors(at) == ["K♠ is typed both in the hole cards and in the board: each card "
                           "exists only once."]


def test_stud_examples_show_the_bring_in_and_the_open_pair() -> None:
    at = _open("seven_card_stud")
    text = _texts(at)
    assert "**Seat 3 brings in**: lowest up card, 3♣" in text
    assert "**Seat 3 acts first**: best showing hand, pair of threes" in text
    assert "Anyone may bet 20 instead of 10" in text
    at.text_input(key="stud_ex_bring_in").set_value("8s 3h 3c 1d").run()
    assert any("'1d' is not a card" in e for e in _errors(at))
    at.text_input(key="stud_ex_bring_in").set_value("8s 3h 3c Kd").run()
    at.text_area(key="stud_ex_fourth").set_value("8s Ad\n3h 9d\n3c 3s\n8s Qc").run()
    assert _errors(at) == ["8♠ is typed both in Seat 1 and in Seat 4: each card exists only "
                           "once."]
    at.radio(key="stud_setting_open_pair").set_value(False).run()
    assert "Anyone may bet" not in _texts(at)


def _outcomes(at: AppTest) -> dict[str, str]:
    """Each declaration's headline, read from the page's markdown."""
    lines = [m.value for m in at.markdown]
    return {line.split()[3].rstrip("*"): lines[i + 1].removeprefix("### ")
            for i, line in enumerate(lines) if line.startswith("**If you declare ")}


def test_psycho_example_goes_both_ways_until_a_wheel_appears() -> None:
    at = _open("psycho")
    text = _texts(at)
    assert "Best high: Seven-high straight" in text and "Six-five low" in text
    assert "Best declaration here: **both**, which wins the whole pot" in text
    assert _outcomes(at) == {"high": "Half", "low": "Half", "both": "Whole pot"}
    at.button(key="psycho_ex_wheel").click().run()
    assert _outcomes(at) == {"high": "Half", "low": "Nothing", "both": "Nothing"}
    assert "Seat 1 declared both, but Seat 3's low hand is better" in _texts(at)
    at.text_input(key="psycho_ex_exposed").set_value("2c 3d Ks").run()
    assert _errors(at) == ["K♠ is exposed but not among the five cards held after the draw."]
    at.radio(key="psycho_setting_low_ranking").set_value("deuce-to-seven").run()
    assert _errors(at) == ["K♠ is exposed but not among the five cards held after the draw."]


def test_rankings_counts_are_the_engines_and_the_compare_tool_checks_its_input() -> None:
    at = _open("rankings")
    frame = at.table[0].value
    five, seven = hand_counts(5), hand_counts(7)
    assert list(frame["Five cards"]) == [f"{n:,}" for _, n in five.high]
    assert list(frame["Best of seven"]) == [f"{n:,}" for _, n in seven.high]
    assert "Two pair, aces and eights" in _texts(at)
    at.text_input(key="rankings_tool_first").set_value("A♠ A♦ 8♣ 8♥ 3♠ A♠").run()
    assert _errors(at) == ["First hand (5 to 7 cards): A♠ appears more than once."]


def test_four_colour_deck_reaches_the_cards() -> None:
    clubs = suit_colour(Suit.CLUBS, four_colour=True)
    assert clubs != suit_colour(Suit.CLUBS)
    at = _open("rankings")
    assert clubs not in pictures_read(_texts(at))
    at.session_state["deck_style"] = "Four colours"
    at.run()
    assert clubs in pictures_read(_texts(at))


def test_the_sidebar_offers_the_game_and_the_deck() -> None:
    at = _open("home")
    assert at.sidebar.selectbox(key="game").value == "pick-a-partner"
    assert at.sidebar.radio(key="deck_style").value == "Two colours"


# --- every announcement, last: each value deals a guided hand of its own, and the site keeps
# a few dozen dealt hands, so the guided hands and examples above are dealt before these
# push them out.


def _other_value(info) -> object:
    if info.maximum is not None and info.default >= info.maximum:
        return info.default - 1
    return info.default + 1


def _other_values(info) -> list[object]:
    """The values of an announcement a test switches to: every option but the first, or
    one number beside the default."""
    if info.options:
        return [option.value for option in info.options[1:]]
    return [_other_value(info)]


@pytest.mark.parametrize("game_id", list(GAME_PAGES))
def test_every_announcement_can_be_switched(game_id: str) -> None:
    """Every other value of every announcement is shown without an error: the k-th run
    switches every announcement to its k-th other value at once (each value drawn, in as
    few runs as the announcement with the most values needs), then Reset brings back the
    defaults. The guided hand is dealt for the fewest players first: each value deals it
    again, and the computer players think a short hand through fastest."""
    prefix, at, _ = _guided_hand(game_id)
    schema = get_game(game_id).settings_type.schema()
    others = {info.name: _other_values(info) for info in schema}
    for k in range(max(len(values) for values in others.values())):
        switched = []
        for info in schema:
            if k >= len(others[info.name]):
                continue
            key = f"{prefix}_setting_{info.name}"
            widget = at.radio(key=key) if info.options else at.number_input(key=key)
            widget.set_value(others[info.name][k])
            switched.append((info.name, others[info.name][k]))
        at.run()
        assert _errors(at) == [], switched
        for name, value in switched:
            assert at.session_state[f"{prefix}_setting_{name}"] == value, name
    at.button(key=f"{prefix}_settings_reset").click().run()
    assert _errors(at) == []
    for info in schema:
        assert at.session_state[f"{prefix}_setting_{info.name}"] == info.default
