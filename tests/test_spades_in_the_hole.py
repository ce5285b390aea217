"""The spade-in-the-hole pot halves (``engine.spades``): Chicago's highest spade and the
announced lowest, decided from the face-down cards of the seats still in."""

from __future__ import annotations

import random

import pytest

from engine.cards import FULL_DECK, Card, DuplicateCardError, Rank, Suit, parse_cards
from engine.spades import SpadeHolder, high_spade_in_the_hole, low_spade_in_the_hole


def test_the_highest_and_lowest_spades_in_the_hole_decide() -> None:
    hole = {0: parse_cards("Kd 7s 2c"), 3: parse_cards("Qs 3h 4d"), 5: parse_cards("As 9c 9d")}
    assert high_spade_in_the_hole(hole) == SpadeHolder(5, parse_cards("As")[0])
    assert low_spade_in_the_hole(hole) == SpadeHolder(0, parse_cards("7s")[0])
    assert low_spade_in_the_hole(hole, ace_low=True) == SpadeHolder(5, parse_cards("As")[0])


def test_no_spade_in_the_hole_decides_nothing() -> None:
    hole = {0: parse_cards("Kd 7h"), 1: parse_cards("Qc 3h")}
    assert high_spade_in_the_hole(hole) is None
    assert low_spade_in_the_hole(hole) is None
    assert high_spade_in_the_hole({}) is None


def test_random_deals_against_a_sort_of_every_spade() -> None:
    rng = random.Random(9)
    for _ in range(300):
        cards = rng.sample(FULL_DECK, 21)
        hole = {seat: cards[3 * seat:3 * seat + 3] for seat in range(7) if rng.random() < 0.7}
        spades = sorted((c.rank, seat, c) for seat, cs in hole.items() for c in cs
                        if c.suit is Suit.SPADES)
        high, low = high_spade_in_the_hole(hole), low_spade_in_the_hole(hole)
        if not spades:
            assert high is None and low is None
            continue
        assert high == SpadeHolder(spades[-1][1], spades[-1][2])
        assert low == SpadeHolder(spades[0][1], spades[0][2])


def test_a_card_held_twice_is_refused() -> None:
    spade: Card = parse_cards("As")[0]
    assert spade.rank is Rank.ACE
    with pytest.raises(DuplicateCardError):
        high_spade_in_the_hole({0: [spade], 1: [spade]})


@pytest.mark.parametrize(("announced", "holder", "words"), [
    ("low", 1, "lowest spade in the hole: 2♠"),
    ("low-ace", 0, "lowest spade in the hole, the ace lowest: A♠"),
    ("high", 0, "highest spade in the hole: A♠"),
])
def test_chicago_announces_which_spade_takes_the_half(announced: str, holder: int,
                                                      words: str) -> None:
    """The ace of spades and the deuce, each in the hole: the low spade is the deuce, the
    house's Low Chicago with the ace lowest gives it to the ace, Chicago to the ace."""
    from engine.games import get_game, make_settings
    from ui.learn.example_declared import example_showdown

    result = example_showdown("chicago", [parse_cards("A♠ 9♣ 7♥ 6♣ 4♦ J♥ K♦"),
                                          parse_cards("2♠ Q♣ Q♦ 8♥ 8♣ 3♦ 10♥")], [],
                              make_settings(get_game("chicago"), {"spade_half": announced}))
    assert result.winners[-1] == (holder,), result.awards
    assert result.awards[-1].endswith(words), result.awards
