"""The Odds page through AppTest: every widget with its defaults and with edited input,
impossible cards answered with a clear message and never a traceback."""

from __future__ import annotations

import numpy as np
import pytest

from engine.hands import LowRanking
from engine.odds.run import solve
from engine.odds.spots import SEED, standard_questions
from tests.support.pages_odds import (
    answered,
    errors,
    open_widget,
)
from ui.odds.page import WIDGETS
from ui.odds.spread import STUD

FIRST_COLUMN = {"partner": ("Equity", "equity/"), "sophie": ("Equity", "equity/"),
                "stud": ("Equity", "equity/"), "psycho": ("Chance or share", "")}
"""Each widget's first table column and the measures it shows."""


@pytest.mark.parametrize("widget", list(WIDGETS))
def test_every_widget_answers_its_standard_question(widget: str) -> None:
    at = open_widget(widget)
    sentence = answered(at)
    assert "95% confidence" in sentence or sentence.startswith("Exact")
    if widget in FIRST_COLUMN:
        # the page opens on the standard question the benchmark times
        answer = solve(standard_questions()[widget], rng=np.random.default_rng(SEED))
        column, measure = FIRST_COLUMN[widget]
        shown = sorted(at.table[0].value[column])
        assert shown == sorted(answer[m].percent() for m in answer if m.startswith(measure))


def test_pick_a_partner_at_a_bigger_table_and_a_seat_out_of_turn() -> None:
    at = open_widget("partner")
    at.selectbox(key="odds_partner_players").set_value(6).run()
    at.button(key="odds_partner_deal").click().run()  # a new table keeps typed cards: deal
    answered(at)
    table = at.table[0].value
    assert len(table) == 5 and list(table.columns[:2]) == ["Partner", "Equity"]
    chooser = int(at.selectbox(key="odds_partner_me").value)
    other = 1 if chooser != 1 else 2
    at.selectbox(key="odds_partner_me").set_value(str(other)).run()
    assert any("picks before you" in e for e in errors(at))
    at.text_input(key="odds_partner_ups").input("Ah Kx 2c 3c 4c 5c").run()
    assert any("'Kx' is not a card" in e for e in errors(at))


def test_sophie_on_the_flop_and_with_two_boards() -> None:
    at = open_widget("sophie")
    at.selectbox(key="odds_sophie_stage").set_value("flop").run()
    answered(at)
    choices = at.table[0].value["Choice"].tolist()
    assert len(choices) == 3 and all(c.startswith("Sacrifice") for c in choices)
    at.radio(key="odds_sophie_boards").set_value(2).run()
    answered(at)
    assert {"Board 1", "Board 2", "Scoop (both boards alone)"} <= set(at.table[0].value)
    at.selectbox(key="odds_sophie_stage").set_value("turn").run()
    answered(at)
    assert len(at.table[0].value) == 2


def test_stud_heads_up_on_sixth_street_is_exact_and_a_duplicate_is_named() -> None:
    at = open_widget("stud")
    at.selectbox(key="odds_stud_hands").set_value(2).run()
    at.selectbox(key="odds_stud_street").set_value(6).run()
    assert answered(at).startswith("Exact")
    at.text_input(key="odds_stud_up1").input("A♠ A♥ 3♠ 3♥").run()
    assert not errors(at)  # dealt cards give way to typed ones
    at.text_input(key="odds_stud_dead").input("A♠").run()
    assert any("A♠ is both in Hand 2's cards and in the dead cards" in e for e in errors(at))


def test_psycho_draw_and_a_big_table() -> None:
    at = open_widget("psycho")
    at.selectbox(key="odds_psycho_mode").set_value("draw").run()
    answered(at)
    assert at.success[0].value.startswith(("Exchange", "Stand pat"))
    assert len(at.table[0].value) == 5
    at.selectbox(key="odds_psycho_mode").set_value("declare").run()
    at.selectbox(key="odds_psycho_players").set_value(9).run()
    answered(at)
    assert at.text_input(key="odds_psycho_community") is not None


def test_how_hands_come_out_at_deuce_to_seven() -> None:
    at = open_widget("hands")
    # only the lows Psycho scores: not badugi, nor ace-to-six, which no Psycho deal plays
    assert at.radio(key="odds_spread_ranking").options == ["Ace-to-five", "Deuce-to-seven"]
    at.radio(key="odds_spread_ranking").set_value(LowRanking.DEUCE_TO_SEVEN).run()
    answered(at)
    high, low = (frame.value for frame in at.table)
    assert STUD in high and STUD not in low
    # the exact column is never rounded to one decimal: 3,473,184 of 133,784,560
    assert high.loc[high["Hand"] == "Full house", STUD].item() == \
        f"{100 * 3_473_184 / 133_784_560:.4f}%" == "2.5961%"
    assert "Psycho, after the draw" in high
