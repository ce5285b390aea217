"""The stud calculator's refusals read right whoever owns the hand."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.odds.inputs import OddsInputError
from engine.odds.stud import StudHand, stud_question


def _refusal(*hands: StudHand) -> str:
    with pytest.raises(OddsInputError) as refused:
        stud_question(list(hands))
    return str(refused.value)


def test_a_card_twice_in_the_players_own_cards_says_your_cards() -> None:
    said = _refusal(StudHand(parse_cards("As Kd"), parse_cards("As"), "You"),
                    StudHand(parse_cards("2c 3c")))
    assert said == "A♠ is twice in your cards: each card exists only once"


def test_a_card_in_two_hands_names_each_owner_as_a_possessive() -> None:
    said = _refusal(StudHand(parse_cards("Kd"), name="You"),
                    StudHand(parse_cards("Kd"), name="Seat 2"))
    assert said == "K♦ is both in your cards and in Seat 2's cards: each card exists only once"


def test_the_owner_phrase_can_be_given_as_it_should_read() -> None:
    said = _refusal(StudHand(parse_cards("Qh"), name="Me", whose="my"),
                    StudHand(parse_cards("Qh"), whose="the dealer's"))
    assert said == "Q♥ is both in my cards and in the dealer's cards: each card exists only once"


def test_unequal_up_cards_name_the_owners_in_plain_words() -> None:
    said = _refusal(StudHand(parse_cards("Ah Kd"), name="You"), StudHand(parse_cards("2c")))
    assert said == ("Every live hand shows the same number of up cards: 2 in your cards but 1 "
                    "in hand 2's cards")
