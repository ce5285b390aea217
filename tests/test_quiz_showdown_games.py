""""Which hand wins?" deals every registered game whose deck or ranking is its own, valued
as the game values it: short deck's flush over a full house, a wild card's five of a kind
over a straight flush, each question's setting naming the rule."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.hands import HandKind
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.showdown import (
    ShowdownQuestion,
    drill_games,
    judge_showdown,
    showdown_question,
)

REF = QuestionRef(Drill.SHOWDOWN, Level.RANDOM, 0)


def _question(game: str, *hands: str) -> ShowdownQuestion:
    return ShowdownQuestion(REF, HandKind.HIGH, tuple(tuple(parse_cards(h)) for h in hands),
                            game=game)


def test_the_drill_deals_the_short_deck_and_the_wild_card_games() -> None:
    assert {"short-deck-holdem", "deuces-wild-draw", "kings-and-little-ones",
            "five-card-draw-bug", "baseball"} <= set(drill_games())
    assert "follow-the-queen" not in drill_games()   # its wild rank needs the deal's up cards
    dealt = {showdown_question(QuestionRef(Drill.SHOWDOWN, Level.RANDOM, seed)).game
             for seed in range(80)}
    assert set(drill_games()) <= dealt and "" in dealt


def test_short_decks_flush_beats_a_full_house() -> None:
    question = _question("short-deck-holdem", "Ah Kh Qh 9h 6h 7c 8d", "6c 6d 6s Kc Kd 7s 8s")
    assert question.winners() == {0}
    assert "flush beats a full house" in question.setting
    verdict = judge_showdown(question, [1])
    assert not verdict.correct and "flush" in verdict.solution


def test_a_wild_deuce_makes_five_aces_over_a_straight_flush() -> None:
    question = _question("deuces-wild-draw", "Ah Ad Ac 2s 2d", "Ks Qs Js Ts 9s")
    assert question.winners() == {0}
    assert "twos wild" in question.setting
    verdict = judge_showdown(question, [0])
    assert verdict.correct and "five of a kind" in verdict.solution
    assert set(verdict.rows[0].cards) == set(parse_cards("Ah Ad Ac 2s 2d"))  # the cards held
