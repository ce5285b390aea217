"""A house game's rules in words (``ui.house.rules``), written from its file: each step
says what the file gives it (how many cards, which way, at what price), and a step the
announcements leave out is not told."""

from __future__ import annotations

from engine.games import GAMES
from engine.games.house import HouseGame, read_house
from ui.house.rules import glance, hand_goes
from ui.house.templates import template


def _house(game_id: str) -> HouseGame:
    return read_house(template(GAMES[game_id]))


def test_each_step_says_its_own_cards_direction_and_price() -> None:
    anaconda = hand_goes(_house("anaconda"))
    assert "Pass: everyone still in passes three cards face down to the next player on the " \
           "left, all at once." in anaconda
    assert "Discard: everyone still in throws away two cards at once, drawing nothing for " \
           "them." in anaconda
    baseball = hand_goes(_house("baseball"))
    assert "Whoever is dealt a three face up must match the pot or fold." in baseball
    assert "Whoever is dealt a four face up is dealt one card more at once, one down." \
        in baseball
    triple = hand_goes(_house("ace-to-five-triple-draw"))
    assert sum("exchanges at most five cards" in line for line in triple) == 3
    assert not any("so many" in line or "the limit allows" in line
                   for game_id in ("anaconda", "baseball", "ace-to-five-triple-draw")
                   for line in hand_goes(_house(game_id)))


def test_a_step_the_announcements_leave_out_is_not_told() -> None:
    house = _house("crazy-pineapple")
    assert sum(line.startswith("Discard") for line in hand_goes(house)) == 1
    after = house.game.settings_type(throw_away="before-flop")
    lines = hand_goes(house, after)
    assert lines.index(next(line for line in lines if line.startswith("Discard"))) < \
        lines.index(next(line for line in lines if line.startswith("Flop")))
    draw = _house("five-card-draw")
    assert "ante" not in glance(draw)["Betting"] and "Everyone antes." not in hand_goes(draw)


def test_the_glance_counts_every_betting_round_and_tells_a_declared_split() -> None:
    assert glance(_house("pick-a-partner"))["Betting"].startswith("Fixed limit, four betting")
    assert glance(_house("psycho"))["Pot"] == "Split by declarations: high, low or both"
