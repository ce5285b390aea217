"""Hold'em's and Omaha's worked examples say what the engine deals: each seat's hand and who
takes the pot (or each half of it), the change each text invites gives the result the text
promises, and each example's link opens its cards on the Odds page."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

import numpy as np

from content import load_game
from engine.cards import Card, parse_cards
from engine.games import GAMES
from engine.games.omaha import Pot
from engine.odds.at_table import Spot, solve_spot
from tests.support.pages_learn import _open
from ui.learn.example_holdem import board_showdown
from ui.learn.example_omaha import with_pot
from ui.odds.hand_link import read_hand_link

_LINK = re.compile(r"\]\((/odds\?[^)\s]+)\)")


def _one(text: str) -> Card:
    (card,) = parse_cards(text)
    return card


def _swap(cards: list[Card], old: str, new: str) -> list[Card]:
    return [_one(new) if c == _one(old) else c for c in cards]


def test_holdem_kicker_example_is_won_by_the_kicker_and_lost_without_it() -> None:
    example = load_game("texas-holdem").examples["kicker"]
    settings = GAMES["texas-holdem"].settings_type()
    holes = [parse_cards(example.cards["seat1"]), parse_cards(example.cards["seat2"])]
    board = parse_cards(example.cards["board"])
    result = board_showdown("texas-holdem", holes, board, settings)
    assert result.hands == (example.expect["seat1"], example.expect["seat2"])
    assert result.winners == ((int(example.expect["winner"]) - 1,),)
    assert _one("K♦") in result.best_five[0] and _one("Q♣") in result.best_five[1]
    result = board_showdown("texas-holdem", [_swap(holes[0], "K♦", "3♦"), holes[1]], board,
                            settings)
    assert result.winners == ((1,),)
    assert set(result.best_five[0]) == set(parse_cards("A♥ A♣ 9♦ 7♠ 4♥"))


def test_omaha_two_and_three_example_has_no_flush_until_two_hearts_play() -> None:
    example = load_game("omaha").examples["two_and_three"]
    settings = with_pot(GAMES["omaha"].settings_type(), Pot.HIGH)
    holes = [parse_cards(example.cards["seat1"]), parse_cards(example.cards["seat2"])]
    board = parse_cards(example.cards["board"])
    assert sum(c.suit == _one("A♥").suit for c in board) == 4
    result = board_showdown("omaha", holes, board, settings)
    assert result.hands == (example.expect["seat1"], example.expect["seat2"])
    assert result.winners == ((int(example.expect["winner"]) - 1,),)
    for seat in range(2):
        assert len(set(result.best_five[seat]) & set(holes[seat])) == 2
    result = board_showdown("omaha", [_swap(holes[0], "7♦", "7♥"), holes[1]], board, settings)
    assert result.winners == ((0,),)
    assert result.hands[0] == "Ace-high flush"


def test_omaha_split_example_splits_only_with_a_qualifying_low() -> None:
    example = load_game("omaha").examples["split"]
    settings = with_pot(GAMES["omaha"].settings_type(), Pot.EIGHT_OR_BETTER)
    holes = [parse_cards(example.cards["seat1"]), parse_cards(example.cards["seat2"])]
    board = parse_cards(example.cards["board"])
    result = board_showdown("omaha", holes, board, settings)
    assert result.hands[1] == example.expect["seat2"]
    high, low = result.awards
    assert high.startswith(f"Seat {example.expect['high']} wins the high half")
    assert low.startswith(f"Seat {example.expect['low']} wins the low half")
    result = board_showdown("omaha", holes, _swap(board, "8♦", "J♣"), settings)
    (whole,) = result.awards
    assert "no low qualifies" in whole
    assert whole.startswith("Seat 2 wins the pot")
    assert result.hands[1].startswith("Three of a kind, queens")


def _odds_spots(page: str) -> list[Spot]:
    at = _open(page)
    assert not at.exception
    return [spot for e in at.markdown for m in _LINK.finditer(str(e.value))
            if isinstance(spot := read_hand_link(dict(parse_qsl(urlsplit(m.group(1)).query))),
                          Spot)]


def test_each_example_opens_its_cards_at_the_river_on_the_odds_page() -> None:
    (kicker,) = _odds_spots("texas_holdem")
    example = load_game("texas-holdem").examples["kicker"]
    assert kicker.street == "River"
    assert kicker.seats == (tuple(parse_cards(example.cards["seat1"])),
                            tuple(parse_cards(example.cards["seat2"])))
    assert kicker.boards == (tuple(parse_cards(example.cards["board"])),)
    two_and_three, split = _odds_spots("omaha")
    omaha = load_game("omaha").examples
    for spot, key in ((two_and_three, "two_and_three"), (split, "split")):
        assert spot.game_id == "omaha" and spot.street == "River"
        assert spot.boards == (tuple(parse_cards(omaha[key].cards["board"])),)
    assert dict(two_and_three.settings).get("pot", "high") == "high"
    assert dict(split.settings)["pot"] == "eight-or-better"
    for spot in (kicker, two_and_three, split):
        solve_spot(spot, rng=np.random.default_rng(1), seconds=0.2)


def test_courchevels_early_board_card_is_told_on_the_street_already_begun() -> None:
    """The first board card comes on the deal's own street: the guided hand showed
    "Preflop" twice, with its note twice."""
    from engine.games import new_hand
    from engine.state import EventKind

    state = new_hand("courchevel", players=2, seed=1)
    streets = [e.text for e in state.events if e.kind is EventKind.STREET]
    assert streets.count("Preflop") == 1 and state.boards[0], streets
