"""A worked example dealt to the showdown in a game where cards are thrown away or passed
keeps each seat's first cards typed and lets go of its last ones, so that typing the cards
kept first says what is played: it once threw away whatever the first choice offered was,
the typed pair of spades that made a flush among them."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.games import GAMES
from ui.learn.example_declared import example_showdown


def test_a_throw_away_lets_go_of_the_last_cards_typed() -> None:
    settings = GAMES["crazy-pineapple"].settings_type()
    result = example_showdown("crazy-pineapple", [parse_cards("6♠ 5♠ A♦"),
                                                  parse_cards("K♥ K♣ 8♦")],
                              parse_cards("A♠ 7♠ 2♠ 9♦ Q♣"), settings)
    assert result.hands == ("Ace-high flush", "Pair of kings")  # kept 6♠ 5♠, and K♥ K♣
    assert result.winners == ((0,),)
