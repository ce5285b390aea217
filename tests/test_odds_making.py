"""Your own hand by the last card: the chance of making each hand, with "or better" totals,
counted exactly where within reach and checked against brute force."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from engine.cards import FULL_DECK, Card, parse_cards
from engine.hands import Category, best_high
from engine.hole_board import omaha_high
from engine.odds.at_table import Spot
from engine.odds.making import making
from tests.support.pages_app import app

PAGE = str(Path(__file__).resolve().parents[1] / "screens" / "odds.py")
p = parse_cards


def rest(*known: list[Card]) -> list[Card]:
    used = {c for cards in known for c in cards}
    return [c for c in FULL_DECK if c not in used]


def test_a_qualifying_low_by_seventh_street_from_ace_two_three() -> None:
    """Stud eight or better from A♥ 2♦ 3♣: a low needs two more ranks from four to eight
    among the four cards to come."""
    spot = Spot.build("seven-card-stud-eight", players=2, street="3rd street",
                      seats=[p("Ah 2d 3c")])
    answer = making(spot, rng=np.random.default_rng(0))
    assert answer.exact and answer.deals == 211_876
    ranks = {c: c.rank for c in rest(p("Ah 2d 3c"))}
    lows = sum(len({int(ranks[c]) for c in four} & set(range(4, 9))) >= 2
               for four in combinations(ranks, 4))
    assert answer["low/8"].value == pytest.approx(lows / 211_876, abs=1e-12)


def test_holdem_and_omaha_categories_match_the_brute_force() -> None:
    hole, board = p("Ah Kh"), p("Qh Jd 2h 2c")
    answer = making(Spot.build("texas-holdem", players=2, street="Turn", seats=[hole],
                               boards=[board]), rng=np.random.default_rng(0))
    pool = rest(hole, board)
    assert answer.exact and answer.deals == len(pool)
    for category in Category:
        count = sum(best_high([*hole, *board, c]).category is category for c in pool)
        assert answer[f"high/{category.name}"].value == pytest.approx(count / len(pool))
    hole, board = p("Ah Kh Qd Qs"), p("Qh Jd 2h")
    answer = making(Spot.build("omaha", players=2, street="Flop", seats=[hole],
                               boards=[board]), rng=np.random.default_rng(0))
    pool = rest(hole, board)
    assert answer.exact and answer.deals == len(pool) * (len(pool) - 1) // 2
    full = sum(omaha_high(tuple(hole), (*board, a, b)).category >= Category.FULL_HOUSE
               for a, b in combinations(pool, 2))
    at_least = sum(answer[f"high/{c.name}"].value for c in Category if
                   c >= Category.FULL_HOUSE)
    assert at_least == pytest.approx(full / answer.deals)


def test_the_page_shows_your_hand_by_the_last_card_with_or_better_totals() -> None:
    at = app(PAGE, timeout=120)
    at.session_state["game"] = "seven-card-stud-eight"
    at.query_params["widget"] = "hand"
    at.run()
    at.selectbox(key="odds_hand_street").set_value("3rd street").run()
    at.text_input(key="odds_hand_seat0").set_value("Ah 2d 3c").run()
    at.text_input(key="odds_hand_seat1").set_value("").run()
    assert not at.exception
    frame = next(t.value for t in at.table if "This or better" in t.value.columns)
    rows = list(frame["Hand by the last card"])
    low = rows.index("A 8-high low or better (qualifies for low)")
    assert frame["Chance"][low] == "48.3%"
    assert frame["This or better"][rows.index("High card")] == "100.0%"
