"""Psycho's worked example offers the second opponent the best low of the ranking the
dealer announced: a wheel under ace-to-five, 7-5-4-3-2 under deuce-to-seven (where a wheel
is only ace high and would weaken the low it claims to be best)."""

from __future__ import annotations

from content import load_game
from engine.cards import parse_cards
from engine.games.declared_pots import Declaration
from engine.games.hand_types import best_low_hand
from engine.hands import LowRanking
from ui.learn.example_psycho import PsychoHand, best_low_offered, declaration_outcomes, psycho_hand

EXAMPLE = load_game("psycho").examples["both_ways"]


def _learner(ranking: LowRanking) -> PsychoHand:
    cards = EXAMPLE.cards
    hand = psycho_hand(parse_cards(cards["after_draw"]), parse_cards(cards["exposed"]),
                       parse_cards(cards["sixth"])[0], parse_cards(cards["seventh"])[0],
                       ranking)
    assert not isinstance(hand, str), hand
    return hand


def test_ace_to_five_offers_the_wheel() -> None:
    best = best_low_offered(EXAMPLE, LowRanking.ACE_TO_FIVE)
    assert best.name == "a wheel" and best.cards == EXAMPLE.cards["wheel_opponent"]


def test_deuce_to_seven_offers_seven_five_and_never_a_wheel() -> None:
    best = best_low_offered(EXAMPLE, LowRanking.DEUCE_TO_SEVEN)
    assert "wheel" not in best.name and "7-5-4-3-2" in best.why
    cards = parse_cards(best.cards)
    low = best_low_hand(cards, LowRanking.DEUCE_TO_SEVEN)
    assert low.describe().lower().startswith("seven-five"), low.describe()
    wheel = best_low_hand(parse_cards(EXAMPLE.cards["wheel_opponent"]),
                          LowRanking.DEUCE_TO_SEVEN)
    assert low > wheel, "under deuce-to-seven the offered low beats the wheel"
    taken = {card for key in ("after_draw", "sixth", "seventh", "high_opponent")
             for card in parse_cards(EXAMPLE.cards[key])}
    assert len(set(cards)) == 7 and not taken & set(cards), "no card is dealt twice"


def test_no_low_the_learner_holds_beats_the_one_offered_under_either_ranking() -> None:
    """The offered low is the best there is: under ace-to-five it takes the low half from
    the learner; under deuce-to-seven the learner holds 7-5-4-3-2 too, and they share it."""
    said = {}
    for ranking in (LowRanking.ACE_TO_FIVE, LowRanking.DEUCE_TO_SEVEN):
        offered = best_low_hand(parse_cards(best_low_offered(EXAMPLE, ranking).cards), ranking)
        assert offered >= _learner(ranking).low, ranking
        opponents = [(parse_cards(EXAMPLE.cards["high_opponent"]), Declaration.HIGH),
                     (parse_cards(best_low_offered(EXAMPLE, ranking).cards), Declaration.LOW)]
        said[ranking] = {o.declaration: o.words
                         for o in declaration_outcomes(_learner(ranking), opponents, ranking)}
    assert said[LowRanking.ACE_TO_FIVE][Declaration.LOW] == "nothing"
    assert said[LowRanking.DEUCE_TO_SEVEN][Declaration.LOW] == "15 of 60", "a shared low half"
