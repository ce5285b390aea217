"""Anaconda after the pass is priced: the hand goes to the calculator as the seat's cards
now, typed at the street it stands at, each other seat still in with its face-up cards
first in the order they were turned up, and the calculator deals it with those cards."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import numpy as np
import pytest

from engine.cards import parse_cards
from engine.games import new_hand
from engine.odds.at_table import (
    BETTING,
    Spot,
    follows,
    passive,
    prepare,
    replay_to_end,
    solve_spot,
)
from engine.state import HandState
from engine.views import host_view
from tests.support.leaks import seen_by
from tests.support.night import open_all, play_out
from ui.night.controller import Night
from ui.night.parts import parts_for
from ui.odds.hand_link import read_hand_link
from ui.odds.pass_spot import spot_after_pass
from ui.store import STORE_ENV, close_stores, open_store


def _played_to(street: str) -> HandState:
    state = new_hand("anaconda", players=3, seed=4)
    while state.street != street:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(passive(state, seat, legal) if all(a.kind in BETTING for a in legal)
                    else legal[0])
    return state


def test_a_hand_after_the_pass_is_dealt_with_your_cards_and_the_rolled_ones() -> None:
    state = _played_to("Third roll")
    you = state.to_act[0]
    spot = spot_after_pass(state, state.view(you))
    assert spot.street == "Third roll" and spot.players == 3
    held = {h.card for h in state.cards[you] if not h.dead}
    assert set(spot.seats[0]) == held, "your cards, all of them"
    others = [s for s in range(3) if s != you]
    for typed, seat in zip(spot.seats[1:], others, strict=True):
        up = [h.card for h in state.cards[seat] if h.up]
        assert set(typed[:len(up)]) == set(up) and set(typed[len(up):]) == {None}
    prepared = prepare(spot)
    dealt, _ = replay_to_end(prepared)
    for typed, cards in zip(spot.seats, dealt.cards, strict=True):
        shown = {h.card for h in cards if h.up}
        assert {c for c in typed if c is not None} <= {h.card for h in cards}
        assert shown >= set(typed[:2]) - {None}, "the typed up cards are the ones turned up"
    answer = solve_spot(prepared, rng=np.random.default_rng(1), seconds=0.01, min_deals=5)
    assert sum(answer[f"share/{s}"].value for s in range(3)) == pytest.approx(1.0)


def test_a_hosts_view_prices_every_seat_still_in_with_the_cards_it_shows() -> None:
    state = _played_to("Discard")
    spot = spot_after_pass(state, host_view(state, revealed={0, 1, 2}))
    assert [set(cards) for cards in spot.seats] == \
        [{h.card for h in state.cards[s]} for s in range(3)]


def test_the_betting_after_the_pass_prices_the_cards_held_now_not_passed_again() -> None:
    state = _played_to("Pass")
    while follows(state):       # the pass made, its betting round to come
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(passive(state, seat, legal) if all(a.kind in BETTING for a in legal)
                    else legal[0])
    you = state.to_act[0]
    spot = spot_after_pass(state, state.view(you))
    assert spot.street == "Discard", "the spot stands after the pass, which is not made again"
    dealt, _ = replay_to_end(prepare(spot))
    assert {h.card for h in dealt.cards[0]} <= set(spot.seats[0]), "no card comes in again"


def test_after_three_passes_the_kept_cards_are_the_ones_typed() -> None:
    """Cards passed join the hand in the giver's order, not by rank, so the calculator's
    replay by places moves the same places on every deal and keeps the cards typed."""
    typed = parse_cards("9c 3d Ad 3c 5h")
    spot = Spot.build("anaconda", players=3, settings={"passes": "three-two-one"},
                      street="First roll", seats=[typed])
    dealt, _ = replay_to_end(prepare(spot))
    assert {h.card for h in dealt.cards[0]} == set(typed)


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "night.sqlite3"))
    close_stores()
    yield Night(open_store())
    close_stores()


def test_a_phone_links_the_odds_of_its_cards_after_the_pass(night: Night) -> None:
    """After the pass each phone still in links the odds of the hand as its guest holds it
    now, with no card its guest may not know; none once the hand is over."""
    record_id, shown = night.create(people=[True, True, True], names=["Ann", "Bo", "Cy"],
                                    game_id="anaconda", seed=4)
    seats = open_all(night, shown)
    snap = night.snapshot(record_id)
    while follows(snap.state) or snap.state.street == "Pass":
        state = snap.state
        engine_seat = state.to_act[0]
        legal = state.legal_actions(engine_seat)
        chair = snap.data["hand"]["seats"][engine_seat]
        action = passive(state, engine_seat, legal) if all(a.kind in BETTING for a in legal) \
            else legal[0]
        assert night.decide(seats[f"seat:{chair}"], snap.version, action).ok
        snap = night.snapshot(record_id)
    state = snap.state
    for engine_seat, chair in enumerate(snap.data["hand"]["seats"]):
        odds = parts_for(seats[f"seat:{chair}"], snap, four_colour=False)["odds"]
        [link] = re.findall(r'href="([^"]+)"', html.unescape(odds))
        spot = read_hand_link(dict(parse_qsl(urlsplit(link).query)))
        assert isinstance(spot, Spot), spot
        assert set(spot.seats[0]) == {h.card for h in state.cards[engine_seat]}
        typed = {c for cards in spot.seats for c in cards if c is not None}
        assert typed <= seen_by(state, engine_seat)
    play_out(night, seats, record_id, random.Random(1))
    snap = night.snapshot(record_id)
    assert parts_for(seats["seat:0"], snap, four_colour=False)["odds"] == ""


def test_a_spot_after_the_discard_is_counted_by_the_batch_evaluator() -> None:
    """The rolls still to come only turn cards up, which no share of the pot hangs on: the
    spot goes to the batch evaluator and is within two points at once, where the engine
    played a hundred deals in about two seconds."""
    spot = Spot.build("anaconda", players=3, street="First roll",
                      seats=[parse_cards("As 2h 3d 4c 9s")])
    prepared = prepare(spot)
    assert prepared.showdown is not None and not prepared.open_choices
    answer = solve_spot(prepared, rng=np.random.default_rng(1))
    assert max(e.half_width for e in answer.estimates.values()) <= 0.02
    partner = Spot.build("pick-a-partner", players=4, street="First roll", seats=[])
    assert prepare(partner).open_choices, "a first up card that plays in the team hand counts"
