"""Psycho's expose has one answer: the worked example "Going both ways" exposes the three
its own "Why these three?" box, the odds view's measure and the computer player put first."""

from __future__ import annotations

from content import load_game
from engine.bots.psycho import expose_cards
from engine.cards import parse_cards
from engine.hands import LowRanking
from engine.odds.advice import expose_reads
from ui.learn.example_psycho import expose_words

EXAMPLE = load_game("psycho").examples["both_ways"]


def test_the_example_exposes_the_three_the_measure_and_the_player_choose() -> None:
    five = parse_cards(EXAMPLE.cards["after_draw"])
    exposed = set(parse_cards(EXAMPLE.cards["exposed"]))
    plan, reads = expose_reads(tuple(five), LowRanking.ACE_TO_FIVE)
    assert set(reads[0][0]) == exposed, "the measure's best disguise"
    assert set(expose_cards(five, plan, LowRanking.ACE_TO_FIVE, disguise=True)) == exposed
    words = expose_words(five, list(exposed), LowRanking.ACE_TO_FIVE)
    assert "These are the best disguise" in words and "would be" not in words, words


def test_the_example_text_names_the_three_it_exposes() -> None:
    exposed = EXAMPLE.cards["exposed"]
    assert f"exposes {exposed}" in EXAMPLE.text.replace("\n", " ")


def test_a_three_within_the_measures_noise_of_the_best_is_not_called_worse() -> None:
    """Deuce-to-seven reads 6♠ 6♦ 3♦ and 6♠ 6♦ 4♥ within a tenth of a point: the example
    says the three shown hides the hand as well, not that another would be better."""
    five = parse_cards(EXAMPLE.cards["after_draw"])
    exposed = parse_cards(EXAMPLE.cards["exposed"])
    words = expose_words(five, exposed, LowRanking.DEUCE_TO_SEVEN)
    assert "would be" not in words, words
    worse = expose_words(five, parse_cards("2c 3d 4h"), LowRanking.ACE_TO_FIVE)
    assert "The best disguise of the ten would be 6♠ 6♦ 4♥" in worse, worse
