"""The best-five drill of short-deck hold'em explains its hands as high hands, never "for
low", the flush over the full house too."""

from engine.cards import parse_cards
from engine.games import GAMES
from engine.quiz.best_five import BestFiveQuestion, Half, judge_best_five
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.explain import why_beats
from engine.short_deck import best_short_deck

GAME = "short-deck-holdem"


def test_why_a_short_deck_flush_beats_a_full_house_speaks_of_high_hands() -> None:
    flush = best_short_deck(parse_cards("6s 7s 8s 10s Qs"))
    full_house = best_short_deck(parse_cards("As Ah Kc Kh Kd"))
    said = why_beats(flush, full_house)
    assert said == "A flush beats a full house."


def test_the_drill_explains_a_short_deck_flush_in_high_words() -> None:
    game = GAMES[GAME]
    settings = game.settings_type()
    question = BestFiveQuestion(QuestionRef(Drill.BEST_FIVE, Level.RANDOM, 1, GAME), settings,
                                game.hand_types(settings), Half.HIGH,
                                tuple(parse_cards("Ah 8h")), tuple(parse_cards("Kh Kc 9h 7h 9c")))
    assert question.best().describe() == "Ace-high flush"
    verdict = judge_best_five(question, parse_cards("Kh Kc 9h 9c Ah"))
    assert not verdict.correct
    assert "A flush beats two pair." in verdict.details
    assert not any("for low" in line for line in verdict.details), verdict.details
