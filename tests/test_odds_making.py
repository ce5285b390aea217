"""Your own hand by the last card: the chance of making each hand, with "or better" totals,
counted exactly where within reach and checked against brute force."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from engine.badugi import best_badugi
from engine.cards import FULL_DECK, Card, Rank, parse_cards
from engine.hands import Category, LowRanking, best_high, best_low
from engine.hole_board import omaha_high
from engine.odds.at_table import Spot, Step
from engine.odds.deals import Unknowns
from engine.odds.making import Making, making, making_of
from engine.state import ActionKind
from tests.support.pages_app import app
from ui.odds.making import Played, making_frame

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


BEST_LOW = {LowRanking.ACE_TO_FIVE: "5c 4d 3h 2s Ac", LowRanking.DEUCE_TO_SEVEN: "7c 5d 4h 3s 2c",
            LowRanking.ACE_TO_SIX: "6c 4d 3h 2s Ac"}


def brute_lows(kept: list[Card], pool: list[Card], ranking: LowRanking) -> dict[str, float]:
    """Every last card tried with the scalar evaluator: the best low, each top card or
    better (an unpaired hand, no straight or flush where they count, its highest card no
    higher), and what the low hand is."""
    best = best_low(p(BEST_LOW[ranking]), ranking).score
    counts: dict[str, float] = {}
    for card in pool:
        value = best_low([*kept, card], ranking)
        top = max(14 if c.rank == Rank.ACE and ranking is LowRanking.DEUCE_TO_SEVEN else
                  1 if c.rank == Rank.ACE else int(c.rank) for c in value.cards)
        names = [f"low-hand/{min(value.category, Category.STRAIGHT_FLUSH).name}"]
        names += ["low/best"] if value.score == best else []
        names += [f"low/{t}" for t in range(5, 11)
                  if value.category is Category.HIGH_CARD and top <= t]
        for name in names:
            counts[name] = counts.get(name, 0) + 1 / len(pool)
    return counts


def assert_lows(answer: dict[str, float], truth: dict[str, float]) -> None:
    for name, value in answer.items():
        assert value == pytest.approx(truth.get(name, 0.0), abs=1e-12), name
    assert set(truth) <= set(answer)


def test_deuce_to_seven_lows_by_the_last_draw_match_the_brute_force() -> None:
    """2-3-4-5 drawing one: a seven makes 7-5-4-3-2, the best low; a six a straight and an
    ace an ace-high hand, neither of them a low of ten or better."""
    seat = p("2h 3d 4c 5s Kd")
    pat, one = Step(0, ActionKind.DISCARD), Step(0, ActionKind.DISCARD, places=(4,))
    spot = Spot.build("deuce-to-seven-triple-draw", players=2, street="Third draw",
                      seats=[seat], choices=[pat, pat, one])
    answer = making(spot, rng=np.random.default_rng(0))
    assert answer.exact and answer.deals == 47
    assert not any(name.startswith("high/") for name in answer.estimates)
    truth = brute_lows(seat[:4], rest(seat), LowRanking.DEUCE_TO_SEVEN)
    assert truth["low/best"] == truth["low/7"] == pytest.approx(4 / 47)
    assert truth["low-hand/STRAIGHT"] == pytest.approx(4 / 47)
    assert_lows({n: e.value for n, e in answer.estimates.items()}, truth)
    psycho = Spot.build("psycho", players=2, seats=[p("Ah 2d 3c 9s Kh")],
                        settings={"low_ranking": "deuce-to-seven"})
    made = making_of(psycho)
    assert made.low is LowRanking.DEUCE_TO_SEVEN and made.high


def test_razz_lows_at_sixth_street_match_the_brute_force() -> None:
    seat = p("Ah 2d 3c 7s 9h Kd")
    spot = Spot.build("razz", players=2, street="6th street", seats=[seat])
    answer = making(spot, rng=np.random.default_rng(0))
    assert answer.exact and answer.deals == 46
    assert not any(name.startswith("high/") for name in answer.estimates)
    assert_lows({n: e.value for n, e in answer.estimates.items()},
                brute_lows(seat, rest(seat), LowRanking.ACE_TO_FIVE))


def test_ace_to_six_lows_match_the_brute_force() -> None:
    """No game on the site declares ace-to-six today; its count is checked on the hand alone:
    A-2-3-4-K with a sixth card to come, where a five makes a straight, not a wheel."""
    kept = p("Ah 2d 3c 4s Kd")
    pool = rest(kept)
    made = Making(tuple(c.code for c in kept), (), Unknowns(np.array(
        [c.code for c in pool], dtype=np.int64), (0, 1)), None, LowRanking.ACE_TO_SIX, None,
        high=False)
    answer = made.count(rng=np.random.default_rng(0))
    assert answer.exact and answer.deals == len(pool)
    truth = brute_lows(kept, pool, LowRanking.ACE_TO_SIX)
    assert truth["low/best"] == pytest.approx(4 / 47)
    assert_lows({n: e.value for n, e in answer.estimates.items()}, truth)


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
    low = rows.index("8-low or better (qualifies for low)")
    assert frame["Chance"][low] == "48.3%"
    assert any("ranked ace-to-five" in c.value for c in at.caption)
    assert frame["This or better"][rows.index("High card")] == "100.0%"



def test_badugi_hands_by_the_last_draw_match_the_brute_force() -> None:
    """A-2-3 of three suits drawing one: a spade from four to king makes a badugi, the four
    the best one, 4-3-2-A."""
    seat = p("Ah 2d 3c Kc")
    pat, one = Step(0, ActionKind.DISCARD), Step(0, ActionKind.DISCARD, places=(3,))
    spot = Spot.build("badugi", players=2, street="Third draw", seats=[seat],
                      choices=[pat, pat, one])
    answer = making(spot, rng=np.random.default_rng(0))
    pool = rest(seat)
    assert answer.exact and answer.deals == len(pool) == 48
    truth: dict[str, float] = {}
    for card in pool:
        value = best_badugi([*seat[:3], card])
        size, top = len(value.cards), max(1 if c.rank == Rank.ACE else int(c.rank)
                                          for c in value.cards)
        names = [f"low-hand/{size}-CARD"] + (["low/best"] if (size, top) == (4, 4) else [])
        names += [f"low/{t}" for t in range(5, 11) if size == 4 and top <= t]
        for name in names:
            truth[name] = truth.get(name, 0) + 1 / len(pool)
    assert truth["low/best"] == pytest.approx(1 / 48) and truth["low/10"] == pytest.approx(7 / 48)
    assert_lows({n: e.value for n, e in answer.estimates.items()}, truth)


def test_the_page_table_names_deuce_to_seven_lows_as_the_game_ranks_them() -> None:
    """The page's table for 2-3-4-5 drawing one at deuce-to-seven: its own best low first, no
    wheel, and what the hand is, from no pair down, instead of the high hands."""
    seat = p("2h 3d 4c 5s Kd")
    pat, one = Step(0, ActionKind.DISCARD), Step(0, ActionKind.DISCARD, places=(4,))
    spot = Spot.build("deuce-to-seven-triple-draw", players=2, street="Third draw",
                      seats=[seat], choices=[pat, pat, one])
    frame = making_frame(making(spot, rng=np.random.default_rng(0)),
                         Played(high=False, low=LowRanking.DEUCE_TO_SEVEN, qualifier=None))
    rows = list(frame["Hand by the last card"])
    assert rows == ["7-5-4-3-2: the best low", "7-low or better", "8-low or better",
                    "9-low or better", "10-low or better",
                    "No pair, straight or flush (a low of any size)", "One pair", "Two pair",
                    "Three of a kind", "Straight", "Flush", "Full house", "Four of a kind",
                    "Straight flush"]
    assert list(frame["Chance"][:2]) == ["8.5%", "8.5%"]  # a seven of 47 cards: 4/47
    assert frame["This or better"][rows.index("Straight")] == "100.0%"
