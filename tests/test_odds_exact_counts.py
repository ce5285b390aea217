"""Exact counts when they are within reach: a plain showdown's deals are scored with the batch
evaluator and agree with the engine playing every deal; hold'em all in before the flop and one
unknown Omaha hand on the river are counted whole; otherwise the answer is sampled and says
why."""

from __future__ import annotations

import itertools
from dataclasses import replace
from math import comb
from types import SimpleNamespace

import numpy as np
import pytest

from engine.cards import parse_cards
from engine.games import new_hand
from engine.odds import at_table
from engine.odds.at_table import Spot, prepare, solve_spot, spot_from_hand
from engine.state import ActionKind

p = parse_cards


def rng() -> np.random.Generator:
    return np.random.default_rng(0)


SPOTS = [
    Spot.build("texas-holdem", players=3, street="River",
               seats=[p("Ah Kh"), p("Ad Kd"), p("7c 7d")], boards=[p("Qh Jd 2c 3s")]),
    Spot.build("omaha", players=3, street="River", settings={"pot": "eight-or-better"},
               seats=[p("Ah 2h Kc Qd"), p("As 2s Js 10s"), p("Kd Ks 9h 9c")],
               boards=[p("3c 5d 8h Kh")]),
    Spot.build("omaha", players=2, street="River",
               seats=[p("Ah 2h Kc Qd"), p("Kd Ks 9h 9c")], boards=[p("3c 5d 8h Kh")]),
    Spot.build("seven-card-stud-eight", players=3, street="7th street",
               seats=[p("Ah 2d 3c Kd 5h 9s 8c"), [*p("2c 3s 4d 6c 7h Qd"), None],
                      p("Ac 2h 4c 6d 7d Jh 10s")]),
    Spot.build("razz", players=2, street="7th street",
               seats=[p("Ah 2d 3c Kd 5h 9s 8d"), [*p("2c 3s 4d 6c 7h Qd"), None]]),
    Spot.build("seven-card-stud", players=2, street="7th street",
               seats=[p("Ah Ad 2c 3d 4h 5s 9c"), [*p("Kc Kd Ks 7c 8d 9h"), None]]),
]


SOPHIE_TURN = Spot.build("sophies-pick", players=2, street="Turn",
                         seats=[p("As Kd"), p("8s 8c")], boards=[p("Ks 8d 3c 2h")])


@pytest.mark.parametrize("spot", SPOTS, ids=lambda s: f"{s.game_id}-{s.players}")
def test_the_batch_count_equals_the_engine_playing_every_deal(spot: Spot) -> None:
    prepared = prepare(spot)
    assert prepared.showdown is not None
    fast = solve_spot(prepared, rng=rng())
    played = solve_spot(replace(prepared, showdown=None), rng=rng(), seconds=120)
    assert fast.exact and played.exact and fast.deals == played.deals
    for name in set(fast) | set(played):
        mine = fast[name].value if name in fast.estimates else 0.0
        theirs = played[name].value if name in played.estimates else 0.0
        assert mine == pytest.approx(theirs, abs=1e-12), name


def test_a_game_that_shares_its_pot_its_own_way_is_played_by_the_engine() -> None:
    """Sophie's Pick settles on its own hook (one pair and the board): no batch count."""
    prepared = prepare(SOPHIE_TURN)
    assert prepared.showdown is None
    answer = solve_spot(prepared, rng=rng())
    assert answer.exact and answer.deals == 44


def test_whether_a_spot_is_counted_exactly_hangs_on_its_deals_not_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On however slow or busy a machine (here a clock that moves ten seconds a reading), the
    spot's 44 deals are counted exactly while the count allows 44 a second, and sampled,
    saying why, once it allows one fewer."""
    readings = itertools.count()
    monkeypatch.setattr(at_table, "time", SimpleNamespace(
        perf_counter=lambda: 10.0 * next(readings)))
    prepared = prepare(SOPHIE_TURN)
    answer = solve_spot(prepared, rng=rng())
    assert answer.exact and answer.deals == 44
    monkeypatch.setattr(at_table, "DEALS_PER_SECOND", 43)
    sampled = solve_spot(prepared, rng=rng(), min_deals=5)
    assert not sampled.exact
    assert "its 44 deals, each played through the game's own rules, are more than the 43 " \
        "that fit in about a second" in sampled.describe()


def test_holdem_all_in_before_the_flop_counts_every_board() -> None:
    spot = Spot.build("texas-holdem", players=2, street="Preflop",
                      seats=[p("Ah Kh"), p("Qs Qd")])
    answer = solve_spot(spot, rng=rng())
    assert answer.exact and answer.deals == comb(48, 5) == 1_712_304
    assert answer["share/0"].value + answer["share/1"].value == pytest.approx(1.0)
    assert 0.44 < answer["share/0"].value < 0.48  # suited ace-king against queens


def test_one_unknown_omaha_hand_on_the_river_counts_every_hand() -> None:
    spot = Spot.build("omaha", players=2, street="River", settings={"pot": "eight-or-better"},
                      seats=[p("Ah 2h Kc Qd"), [None] * 4], boards=[p("3c 5d 8h Kh 9s")])
    answer = solve_spot(spot, rng=rng())
    assert answer.exact and answer.deals == comb(52 - 9, 4)
    assert "Exact" in answer.describe()


def test_a_spot_out_of_reach_is_sampled_within_two_points_and_says_why() -> None:
    spot = Spot.build("texas-holdem", players=4, street="Flop",
                      seats=[p("Ah Kh")], boards=[p("4s 7d Qc")])
    answer = solve_spot(spot, rng=rng(), seconds=1.0, target=0.01)
    assert not answer.exact and answer.widest() <= 0.02
    assert "Not counted exactly because its" in answer.describe()
    choices = Spot.build("psycho", players=2, street="Expose", seats=[p("Ah 2c 3d 4s 6h")])
    answer = solve_spot(choices, rng=rng(), seconds=0.3, min_deals=20)
    assert "a choice still to come" in answer.describe()


def test_odds_from_a_live_hold_em_hand_are_no_sixty_deal_sample() -> None:
    state = new_hand("texas-holdem", players=3, seed=11)
    while state.street != "Flop":
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(next(a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)))
    seat = state.to_act[0]
    answer = solve_spot(spot_from_hand(state, state.view(seat)), rng=rng(), seconds=0.8)
    assert answer.deals > 1000 and answer.widest() <= 0.02
