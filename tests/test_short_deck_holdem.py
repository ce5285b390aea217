"""Short-deck hold'em, declared as data: dealt from the 36 cards, valued with a flush over
a full house and the ace low in A-6-7-8-9, its worked example as the page states it, its
button blind, a card outside its deck refused, and the calculator's turn answers counted
against every river card tried by hand."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np
import pytest

from engine.cards import SHORT_DECK, parse_cards
from engine.deals import deck_from_seats
from engine.games import FOLDER, get_game, new_hand
from engine.odds.at_table import Spot, solve_spot
from engine.odds.inputs import OddsInputError
from engine.phh.load import load_phh
from engine.phh.write import to_phh
from engine.short_deck import best_short_deck

GAME = "short-deck-holdem"


def _showdown(holes: list[str], board: str, **settings: object) -> list[str]:
    """The hands' words and the winners, dealt as typed and checked down."""
    seats = [parse_cards(h) for h in holes]
    deck = deck_from_seats(GAME, players=len(seats), seat_cards=seats,
                           boards=[parse_cards(board)], settings=settings)
    state = new_hand(GAME, players=len(seats), seed=0, deck=deck, settings=settings)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(next((a for a in legal if a.kind.value in ("check", "call", "show")),
                         legal[0]))
    assert state.settlement is not None
    winners = sorted(w for a in state.settlement.awards for w in a.winners)
    return [state.game.describe_hand(state, s) for s in range(len(seats))] + [str(winners)]


def test_the_worked_example_is_what_the_engine_deals() -> None:
    text = (Path(FOLDER) / f"{GAME}.toml").read_text(encoding="utf-8")
    example = tomllib.loads(text)["examples"]["flush_over_full_house"]
    cards, expect = example["cards"], example["expect"]
    hands = _showdown([cards["seat1"], cards["seat2"]], cards["board"])
    assert hands == [expect["seat1"], expect["seat2"], "[0]"]


def test_the_ace_plays_low_below_the_six_and_the_wheel_is_no_straight() -> None:
    hands = _showdown(["As 7c", "Kd Kh"], "6h 8d 9c Ks Jc", button_blind=False)
    assert hands[0] == "Nine-high straight"
    assert hands[1] == "Three of a kind, kings"
    assert hands[2] == "[0]"


def test_only_sixes_to_aces_are_dealt_and_the_dealer_posts_the_button_blind() -> None:
    state = new_hand(GAME, players=6, seed=11)
    assert len(state.game.cards) == 36 and set(state.game.cards) == set(SHORT_DECK)
    dealt = [h.card for seat in state.cards for h in seat]
    assert min(c.rank for c in dealt) >= 6
    posts = [e.text for e in state.events if "blind" in e.text]
    assert posts == ["Seat 6 posts the button blind of 2"]
    assert state.to_act == (0,)


@pytest.mark.parametrize("typed", ["5h Ah", "2c 3c"])
def test_a_card_outside_the_deck_is_refused_with_a_clear_message(typed: str) -> None:
    with pytest.raises(ValueError, match="not in this game's deck of 36 cards"):
        new_hand(GAME, players=2, seed=1, deck=typed)
    spot = Spot.build(GAME, players=2, seats=[parse_cards(typed), [None, None]],
                      street="Preflop")
    with pytest.raises(OddsInputError, match=r"not in this game's deck of 36 cards \(sixes"):
        solve_spot(spot, rng=np.random.default_rng(0))


def _brute_force_share(mine: str, theirs: str, board: str) -> float:
    """Seat 1's share over every river card, valued one by one."""
    known = set(parse_cards(f"{mine} {theirs} {board}"))
    total = 0.0
    rivers = [c for c in SHORT_DECK if c not in known]
    for river in rivers:
        cards = [*parse_cards(board), river]
        a = best_short_deck([*parse_cards(mine), *cards])
        b = best_short_deck([*parse_cards(theirs), *cards])
        total += 1.0 if a > b else 0.5 if a == b else 0.0
    return total / len(rivers)


@pytest.mark.parametrize(("mine", "theirs", "board"), [
    ("Ah Qh", "Kc Ks", "Kd 9h 7h 6s"),      # a flush draw against a set: the flush wins
    ("As 6d", "Jc Tc", "7s 8h 9d Qc"),       # the ace-low straight against a made one
])
def test_the_calculator_agrees_with_every_river_tried(mine: str, theirs: str,
                                                      board: str) -> None:
    spot = Spot.build(GAME, players=2, seats=[parse_cards(mine), parse_cards(theirs)],
                      boards=[parse_cards(board)], street="Turn")
    answer = solve_spot(spot, rng=np.random.default_rng(0))
    assert answer.exact and answer.deals == 36 - 8
    assert answer["share/0"].value == pytest.approx(_brute_force_share(mine, theirs, board))


def test_the_calculator_ranks_a_flush_above_a_full_house() -> None:
    spot = Spot.build(GAME, players=2, seats=[parse_cards("Ah 8h"), parse_cards("Kd 9c")],
                      boards=[parse_cards("Kh Kc 9h 7h 6s")], street="River")
    answer = solve_spot(spot, rng=np.random.default_rng(0))
    assert answer["share/0"].value == 1.0
    assert get_game(GAME).hand_types(get_game(GAME).settings_type()).short_deck


def test_its_phh_file_reopens_and_a_deck_of_other_cards_is_refused() -> None:
    deck = deck_from_seats(GAME, players=3, seat_cards=[parse_cards("Ah Kh")], seed=2)
    state = new_hand(GAME, players=3, seed=2, deck=deck)
    state.apply(state.legal_actions(0)[0])
    text = to_phh(state)
    again = load_phh(text)
    assert [h.card for h in again.cards[1]] == [h.card for h in state.cards[1]]
    assert "blinds_or_straddles = [0, 0, 2]" in text
    five = text.replace('_deck = "Ah', '_deck = "5h')
    with pytest.raises(ValueError, match="5♥ is not in this game's deck of 36 cards"):
        load_phh(five)
