"""The drills every registered game gets from its declaration (the best five cards, what is
legal here) and Psycho's expose drill, judged against the engine itself: the game's own
valuation, the hand's own legal actions, and the odds view's measure of the expose."""

from __future__ import annotations

from pathlib import Path

import pytest

import content
from engine.cards import format_cards, parse_cards
from engine.games import GAMES
from engine.games.hand_types import low_qualifies
from engine.hands import best_low
from engine.odds.advice import expose_advice, expose_reads
from engine.quiz.best_five import NO_LOW, Half, best_five_question, judge_best_five
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.difficulty import theme_and_estimate
from engine.quiz.expose import TOLERANCE, ExposeQuestion, expose_question, judge_expose
from engine.quiz.legal import judge_legal, legal_question
from engine.state import Action, ActionKind, IllegalAction
from engine.table import Structure
from tests.conformance import five_card_stud
from tests.support.scale import scaled
from ui.training.choose import games_for
from ui.training.lesson_psycho import EXPOSE_TOLERANCE
from ui.training.record import parse_key

SEEDS = range(scaled(2))
"""Questions of each game and level (twenty in the deep mode)."""


def _five(game: str, level: Level, seed: int) -> QuestionRef:
    return QuestionRef(Drill.BEST_FIVE, level, seed, game)


@pytest.mark.parametrize("game", games_for(Drill.BEST_FIVE))
def test_the_best_five_is_the_games_own_valuation_and_the_best_of_every_five(game: str) -> None:
    for level in (Level.RANDOM, Level.TRICKY):
        for seed in SEEDS:
            question = best_five_question(_five(game, level, seed))
            high, low = GAMES[game].evaluate(question.settings, question.hole, question.board)
            own = high if question.half is Half.HIGH else low
            if question.wild is None:
                assert own == question.best(), "the game's own evaluate decides"
            else:
                assert own is not None and own <= question.best(), \
                    "the rank the deal made wild at the showdown only adds to the fixed ones"
            brute = max(question.value(five) for five in question.choices())
            assert brute == question.best(), "and it is the best five the game allows"
            right = judge_best_five(question, question.best_held())
            assert right.correct is question.qualifies() and right.theme
            worst = min(question.choices(), key=question.value)
            if question.value(worst) < question.best():
                wrong = judge_best_five(question, worst)
                assert not wrong.correct and wrong.details


def test_every_game_that_deals_more_than_five_cards_gets_the_best_five() -> None:
    assert set(games_for(Drill.BEST_FIVE)) == {
        g for g in GAMES if best_five_question(_five(g, Level.RANDOM, 0)).choices()[1:]}
    assert set(games_for(Drill.LEGAL)) == set(GAMES)


def test_omahas_two_and_three_rule_refuses_a_five_of_any_cards() -> None:
    question = next(q for q in (best_five_question(_five("omaha", Level.TRICKY, s))
                                for s in range(40))
                    if q.types.hole_cards == 2 and q.illegal(q.hurried()) is not None)
    verdict = judge_best_five(question, question.hurried())
    assert not verdict.correct
    assert "exactly two of your own cards and three from the board" in verdict.headline


def test_an_eight_or_better_low_that_does_not_qualify_is_an_answer() -> None:
    question = next(q for q in (best_five_question(_five("seven-card-stud-eight",
                                                         Level.TRICKY, s))
                                for s in range(60))
                    if q.half is Half.LOW and not q.qualifies())
    assert not low_qualifies(best_low(question.cards), 8)
    assert judge_best_five(question, NO_LOW).correct
    assert not judge_best_five(question, question.best_held()).correct
    qualifying = next(q for q in (best_five_question(_five("seven-card-stud-eight",
                                                           Level.RANDOM, s))
                                  for s in range(80))
                      if q.half is Half.LOW and q.qualifies())
    assert not judge_best_five(qualifying, NO_LOW).correct


def _as_action(seat: int, option: str, *, top: int, size: int) -> Action:
    """An answer offered, as the action a player would take (a bet or raise in pot or no
    limit at its smallest size)."""
    words = option.split()
    amount = int(words[-1]) if words[-1].isdecimal() else None
    kind = {"Fold": ActionKind.FOLD, "Check": ActionKind.CHECK, "Call": ActionKind.CALL,
            "Bring": ActionKind.BRING_IN, "Bet": ActionKind.BET, "Raise": ActionKind.RAISE,
            "Complete": ActionKind.COMPLETE}[words[0]]
    if amount is None and kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
        amount = top + size
    return Action(seat, kind, amount)


@pytest.mark.parametrize("game", list(GAMES))
def test_what_is_legal_here_is_what_the_engine_accepts(game: str) -> None:
    """Every answer offered as legal is accepted by the hand, every other refused."""
    for level in (Level.RANDOM, Level.TRICKY):
        for seed in SEEDS:
            question = legal_question(QuestionRef(Drill.LEGAL, level, seed, game))
            state = question.rebuild()
            assert state.to_act == (question.seat,)
            offered = state.legal_actions(question.seat)
            assert len(question.legal) == len({(a.kind, a.amount if question.spot.limit
                                                 else None) for a in offered})
            for option in question.options:
                action = _as_action(question.seat, option, top=question.spot.top,
                                    size=question.spot.size)
                if option in question.legal:
                    if question.spot.limit or action.kind not in (ActionKind.BET,
                                                                  ActionKind.RAISE):
                        assert action in offered, option
                    else:
                        assert state.bet_range(question.seat) is not None
                else:
                    with pytest.raises(IllegalAction):
                        state.apply(action)
            verdict = judge_legal(question, question.legal)
            assert verdict.correct and len(verdict.table) == len(question.options)
            wrong = judge_legal(question, question.options[:1])
            assert wrong.correct is (question.legal == question.options[:1])


def test_a_wrong_legal_answer_says_why_each_answer_is_or_is_not_allowed() -> None:
    question = next(q for q in (legal_question(QuestionRef(Drill.LEGAL, Level.TRICKY, s,
                                                           "seven-card-stud"))
                                for s in range(30)) if q.spot.options.bring_in)
    assert set(question.legal) == {"Bring in for 5", "Complete to 10"}
    verdict = judge_legal(question, ["Fold", "Bring in for 5"])
    assert not verdict.correct
    assert any(d.startswith("Fold: The bring-in is forced") for d in verdict.details)
    assert any(d.startswith("Complete to 10:") for d in verdict.details)
    holdem = legal_question(QuestionRef(Drill.LEGAL, Level.RANDOM, 1, "texas-holdem"))
    assert holdem.spot.structure is Structure.NO_LIMIT
    assert not any(o.split()[-1].isdecimal() for o in holdem.options
                   if o.startswith(("Bet", "Raise"))), "no amounts asked in no limit"


def test_the_expose_drill_judges_by_the_odds_views_measure() -> None:
    """The figures are the advice's own, the best is its first, and an answer more than
    the lessons' margin worse is wrong."""
    cards = tuple(parse_cards("2c 3d 4h 6s 6d"))
    question = ExposeQuestion(QuestionRef(Drill.EXPOSE, Level.RANDOM, 0), cards)
    advice = expose_advice(cards, question.ranking)
    plan, reads = expose_reads(cards, question.ranking)
    assert advice is not None and question.plan == plan == "low"
    best, figure = advice.options[0]
    right = judge_expose(question, best)
    assert right.correct and figure in right.headline and right.solution == f"show {best}"
    assert [row[1] for row in right.table] == [shown for _, shown in advice.options]
    worse = next(format_cards(three) for three, read in reads
                 if read - reads[0][1] > TOLERANCE)
    wrong = judge_expose(question, worse)
    assert not wrong.correct and wrong.table[0][0] == best
    assert sorted(question.options()) == sorted(label for label, _ in advice.options)
    assert EXPOSE_TOLERANCE == TOLERANCE, "the drill and the lessons allow the same margin"
    dealt = expose_question(QuestionRef(Drill.EXPOSE, Level.TRICKY, 3))
    assert len(set(dealt.cards)) == 5 and len(dealt.options()) == 10
    assert theme_and_estimate(dealt.ref)[0] == judge_expose(dealt, dealt.options()[0]).theme


@pytest.mark.parametrize("drill", [Drill.BEST_FIVE, Drill.LEGAL])
def test_a_theme_known_before_the_answer_is_the_verdicts(drill: Drill) -> None:
    ref = QuestionRef(drill, Level.TRICKY, 9, "omaha")
    found, rating = theme_and_estimate(ref)
    if drill is Drill.BEST_FIVE:
        question = best_five_question(ref)
        verdict = judge_best_five(question, question.best_held())
    else:
        spot = legal_question(ref)
        verdict = judge_legal(spot, spot.legal)
    assert verdict.theme == found and 1000 < rating < 2200


def test_a_game_added_by_its_declaration_alone_gets_both_drills(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Five-card stud, registered by the README's steps only: what is legal here is dealt,
    judged and kept for it."""
    five_card_stud.register(monkeypatch, tmp_path)
    try:
        assert "five-card-stud-in-code" in games_for(Drill.LEGAL)
        # Five cards a hand leave nothing to choose: no best-five drill for it.
        assert "five-card-stud-in-code" not in games_for(Drill.BEST_FIVE)
        five = best_five_question(_five("five-card-stud-in-code", Level.TRICKY, 2))
        assert len(five.hole) == 5 and not five.board and five.choices() == [five.hole]
        spot = legal_question(QuestionRef(Drill.LEGAL, Level.TRICKY, 2,
                                          "five-card-stud-in-code"))
        assert spot.rebuild().legal_actions(spot.seat) and judge_legal(spot, spot.legal).correct
        key = spot.ref.key
        assert parse_key(key) == spot.ref and parse_key(key.replace("five", "six")) is None
    finally:
        content.load_game.cache_clear()


def test_a_game_with_two_boards_asks_about_the_first_and_says_so() -> None:
    question = best_five_question(_five("double-sophie", Level.RANDOM, 1))
    assert question.boards == 2 and "board 1" in question.prompt
    assert best_five_question(_five("sophies-pick", Level.RANDOM, 1)).boards == 1


def test_a_wild_best_five_is_named_by_what_its_wild_cards_play_as() -> None:
    """Threes wild: 3♦ K♣ 3♣ 6♣ 2♣ is an ace-high flush, the threes playing as A♣ and Q♣
    (it was called a three-high flush, named by the cards as held)."""
    question = best_five_question(QuestionRef(Drill.BEST_FIVE, Level.RANDOM, 0,
                                              game="baseball"))
    assert question.best().describe() == "Ace-high flush"
    verdict = judge_best_five(question, question.best_held())
    assert verdict.correct and "an ace-high flush" in verdict.headline


def test_a_worse_wild_straight_is_told_why_not_raised_on() -> None:
    """Threes and nines wild: 6♠ 3♣ 7♥ 8♠ 5♣ is a nine-high straight where a ten-high one
    is held; judging it raised (both were read as nine high from the cards as held)."""
    question = best_five_question(QuestionRef(Drill.BEST_FIVE, Level.RANDOM, 60,
                                              game="baseball"))
    verdict = judge_best_five(question, parse_cards("6♠ 3♣ 7♥ 8♠ 5♣"))
    assert not verdict.correct
    assert "the ten beats the nine" in " ".join(verdict.details)


def test_a_link_or_key_for_a_drill_the_game_is_not_dealt_is_refused() -> None:
    """Badugi's four cards have no best five to choose: its link opened a question nobody
    could answer, and the record kept an answer to it."""
    from engine.quiz.common import LinkError

    assert QuestionRef.from_key("best-five/random/5/badugi") is None
    with pytest.raises(LinkError, match="is not asked in Badugi"):
        QuestionRef.from_params({"drill": "best-five", "level": "random", "seed": "5",
                                 "game": "badugi"})
    assert QuestionRef.from_key("best-five/random/5/omaha") is not None


@pytest.mark.parametrize("seed", ["07", "0000000007", "\u0667", "\uff17"])
def test_a_question_has_one_key_only(seed: str) -> None:
    """The record kept "stud/tricky/07" and "stud/tricky/7" as two questions, each with its
    own place in the review queue."""
    assert QuestionRef.from_key(f"stud/tricky/{seed}") is None
    assert QuestionRef.from_key("stud/tricky/7") is not None
