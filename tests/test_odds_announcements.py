"""Announcements that change who wins are set on the Odds page, named beside each answer,
carried by links and honoured: Omaha eight-or-better answers its split, not high only."""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import parse_cards
from engine.games import GAMES, new_hand
from engine.odds.announced import deciding, named
from engine.odds.at_table import Spot, solve_spot
from tests.support.pages_app import app
from ui.odds.hand_link import hand_link, spot_link

PAGE = str(Path(__file__).resolve().parents[1] / "screens" / "odds.py")
p = parse_cards
SPLIT = Spot.build("omaha", players=2, street="River",
                   seats=[p("Ah 2h Kc Qd"), p("Kd Ks 9h 9c")],
                   boards=[p("3c 5d 8h Kh")], settings={"pot": "eight-or-better"})


def errors(at: AppTest) -> list[str]:
    assert not at.exception, [e.value for e in at.exception]
    return [html.unescape(e.value).replace("\u2060", "") for e in at.error]


def open_page(params: dict[str, str], game_id: str | None = None) -> AppTest:
    at = app(PAGE, timeout=120)
    if game_id is not None:
        at.session_state["game"] = game_id
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not errors(at), errors(at)
    return at


def said(at: AppTest) -> str:
    return " ".join(c.value for c in at.caption if c.value.startswith("Settled with"))


def share(at: AppTest) -> str:
    return str(at.table[0].value["Share of the pot"][0])


def test_every_game_offers_what_decides_the_winner_and_never_a_betting_limit() -> None:
    names = {game_id: [info.name for info in deciding(game_id)] for game_id in GAMES}
    assert names["omaha"] == ["pot"]
    assert "low_ranking" in names["psycho"]
    assert "folded_partner" in names["pick-a-partner"]
    assert names["texas-holdem"] == [] and names["sophies-pick"] == []
    assert all("structure" not in found and "betting" not in found
               for found in names.values())


def test_the_omaha_example_link_answers_the_split_and_names_it() -> None:
    truth = solve_spot(SPLIT, rng=np.random.default_rng(0), seconds=60)
    high_only = solve_spot(Spot.build("omaha", players=2, street="River", seats=SPLIT.seats,
                                      boards=SPLIT.boards),
                           rng=np.random.default_rng(0), seconds=60)
    assert truth.exact and high_only.exact
    assert abs(truth["share/0"].value - high_only["share/0"].value) > 0.1
    at = open_page(dict(parse_qsl(urlsplit(spot_link(SPLIT)).query)))
    assert share(at) == truth["share/0"].percent()
    assert "Pot: High-low split, eight or better" in said(at)
    box = at.selectbox(key="odds_hand_setting_omaha_pot")
    assert box.value == "eight-or-better"


def test_an_announcement_set_on_the_page_is_honoured_and_kept_after_leaving() -> None:
    at = open_page({"widget": "hand"}, game_id="omaha")
    at.selectbox(key="odds_hand_street").set_value("River").run()
    at.text_input(key="odds_hand_seat0").set_value("Ah 2h Kc Qd").run()
    at.text_input(key="odds_hand_seat1").set_value("Kd Ks 9h 9c").run()
    at.text_input(key="odds_hand_board0").set_value("3c 5d 8h Kh").run()
    assert "Pot: High only" in said(at)
    before = share(at)
    at.selectbox(key="odds_hand_setting_omaha_pot").set_value("eight-or-better").run()
    assert not errors(at)
    truth = solve_spot(SPLIT, rng=np.random.default_rng(0), seconds=60)
    assert share(at) == truth["share/0"].percent() != before
    assert "eight or better" in said(at)
    # another question, then back: the announcement is still set
    at.radio(key="odds_widget").set_value("hands").run()
    at.radio(key="odds_widget").set_value("hand").run()
    assert at.selectbox(key="odds_hand_setting_omaha_pot").value == "eight-or-better"
    assert share(at) == truth["share/0"].percent()


@pytest.mark.parametrize("game_id, settings", [
    ("omaha", {"pot": "eight-or-better"}),
    ("psycho", {"low_ranking": "deuce-to-seven"}),
    ("pick-a-partner", {"folded_partner": "live"}),
])
def test_a_tables_link_carries_its_announcements_and_the_page_shows_them(
        game_id: str, settings: dict[str, str]) -> None:
    players = max(2, GAMES[game_id].min_players)
    state = new_hand(game_id, players=players, seed=3, settings=settings)
    url = hand_link(state, state.view(state.to_act[0]))
    params = dict(parse_qsl(urlsplit(url).query))
    at = open_page(params)
    (name, value), = settings.items()
    box = at.selectbox(key=f"odds_hand_setting_{game_id}_{name}")
    assert box.value == value and box.disabled
    assert named(game_id, settings) in said(at)
