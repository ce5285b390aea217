"""Sophie's Pick drill: choices mapped onto the odds engine's options, and judging."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from engine.cards import format_cards, parse_cards
from engine.games.sophies_pick import pairings
from engine.hands import Category
from engine.odds.run import solve
from engine.odds.sophie import flop_question, lock_question, turn_question
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.sophie import (
    TOLERANCE,
    Equities,
    Pick,
    SophieQuestion,
    judge_sophie,
    sophie_question,
)
from engine.quiz.sophie_words import pair_name, read_pair, unseen_cards


def _question(level: Level, seed: int) -> SophieQuestion:
    return sophie_question(QuestionRef(Drill.SOPHIE, level, seed))


def _pairs(text: str) -> tuple:
    cards = parse_cards(text)
    return tuple((cards[i], cards[i + 1]) for i in range(0, len(cards), 2))


def _by_hand(pick: Pick, pairs: str, board: str = "", dead: str = "") -> SophieQuestion:
    ref = QuestionRef(Drill.SOPHIE, Level.RANDOM, 17)
    return SophieQuestion(ref, pick, _pairs(pairs), tuple(parse_cards(board)), 1,
                          tuple(parse_cards(dead)))


def _direct(question: SophieQuestion) -> list[float]:
    """The odds engine asked directly, in its own option order (what is kept)."""
    hole = list(question.hole)
    boards = [list(question.board)]
    odds = {Pick.LOCK: lambda: lock_question(hole, opponents=1),
            Pick.FIRST: lambda: flop_question(hole, boards=boards, opponents=1),
            Pick.FINAL: lambda: turn_question(hole, sacrificed=list(question.sacrificed),
                                              boards=boards, opponents=1)}[question.pick]()
    answer = solve(odds, rng=np.random.default_rng(question.ref.seed))
    return [answer[f"equity/{i}"].value for i in range(len(odds.options))]


def test_a_sacrifice_keeps_the_other_pairs() -> None:
    final = _by_hand(Pick.FINAL, "7♣ 7♦ A♥ K♥", "Q♥ J♥ 2♠ 7♠", "3♣ 4♦")
    direct = _direct(final)
    assert final.judged.values == (direct[1], direct[0])
    assert final.right_choices() == {1}, "keep the set of sevens: give up A♥ K♥"
    first = _by_hand(Pick.FIRST, "A♥ K♥ 7♣ 7♦ 3♣ 4♦", "Q♥ J♥ 7♠")
    assert first.judged.values == tuple(_direct(first))
    assert 2 in first.right_choices() and 1 not in first.right_choices()


def test_lock_choices_are_the_fifteen_pairings_in_the_odds_engine_order() -> None:
    question = _by_hand(Pick.LOCK, "A♥ K♥ Q♣ Q♦ 7♠ 2♦")
    assert len(question.choices) == 15 == len(set(question.labels()))
    assert question.choices == tuple(pairings(sorted(question.hole, reverse=True)))
    assert question.judged.values == tuple(_direct(question))
    assert question.labels()[0] == "A♥ K♥ / Q♦ Q♣ / 7♠ 2♦"


def test_questions_come_from_the_seed_and_cover_every_pick() -> None:
    questions = [_question(Level.RANDOM, seed) for seed in range(8)]
    assert {q.pick for q in questions} == set(Pick)
    assert _question(Level.RANDOM, 3) == questions[3]
    for q in questions:
        cards = [*q.hole, *q.board, *q.sacrificed]
        assert len(set(cards)) == len(cards)


def test_tricky_picks_make_the_obvious_sacrifice_wrong() -> None:
    for seed in range(3):
        question = _question(Level.TRICKY, seed)
        assert question.pick in (Pick.FIRST, Pick.FINAL)
        obvious = question.obvious()
        assert obvious not in question.right_choices()
        verdict = judge_sophie(question, question.labels()[obvious])
        assert not verdict.correct
        assert "tempting" in " ".join(verdict.details)


def _with(question: SophieQuestion, values: list[float]) -> SophieQuestion:
    changed = replace(question)
    changed.__dict__["judged"] = Equities(tuple(values), (0.01,) * len(values))
    return changed


def test_judging_right_wrong_and_within_tolerance() -> None:
    question = _by_hand(Pick.FIRST, "A♥ K♥ 7♣ 7♦ 3♣ 4♦", "Q♥ J♥ 7♠")
    labels = question.labels()
    close = _with(question, [0.60, 0.50, 0.60 - TOLERANCE / 2])
    assert judge_sophie(close, labels[0]).correct
    near = judge_sophie(close, labels[2])
    assert near.correct and "within 2%" in near.headline
    wrong = judge_sophie(close, labels[1])
    assert not wrong.correct and "(10.0% more)" in wrong.headline
    assert [row[3] for row in wrong.table] == ["best", "within tolerance", "your choice"]
    with pytest.raises(ValueError, match="choose one of"):
        judge_sophie(question, "Sacrifice nothing")


def test_a_lock_verdict_lists_the_best_pairings_and_the_choice() -> None:
    question = _by_hand(Pick.LOCK, "A♥ K♥ Q♣ Q♦ 7♠ 2♦")
    values = question.judged.values
    worst = min(range(15), key=lambda i: values[i])
    verdict = judge_sophie(question, question.labels()[worst])
    assert not verdict.correct
    assert len(verdict.table) == 7 and verdict.table[-1][3] == "your choice"


def test_the_final_pick_is_explained_in_words_from_the_hands() -> None:
    question = _by_hand(Pick.FINAL, "9♠ 9♦ A♠ K♦", "9♣ 5♥ 2♣ J♦", "3♣ 4♦")
    assert question.right_choices() == {1}, "keep the nines"
    verdict = judge_sophie(question, question.labels()[0])
    assert verdict.details[0] == ("Keep the nines: with the board they make three nines, "
                                  "while A♠ K♦ plays only ace-high.")
    assert verdict.solution == "sacrificing A♠ K♦"
    assert verdict.theme == "The sacrifice at the turn"


def test_the_first_pick_and_the_lock_are_explained_in_words() -> None:
    first = _by_hand(Pick.FIRST, "A♥ K♥ 7♣ 7♦ 3♣ 4♦", "Q♥ J♥ 7♠")
    words = judge_sophie(first, first.labels()[1]).details[0]
    best = max(range(3), key=lambda i: first.judged.values[i])
    assert words.startswith(f"Sacrifice {format_cards(first.pairs[best])}")
    assert "the sevens make three sevens" in words
    lock = _by_hand(Pick.LOCK, "A♥ K♥ Q♣ Q♦ 7♠ 2♦")
    values = lock.judged.values
    top = max(range(15), key=lambda i: values[i])
    words = judge_sophie(lock, lock.labels()[0]).details[0]
    assert words.startswith(f"Lock {lock.labels()[top]}: ")
    assert words.count(";") == 2, "a word on each of the three pairs"


def test_a_tricky_pick_says_what_the_cards_to_come_can_do() -> None:
    for seed in range(2):
        question = _question(Level.TRICKY, seed)
        words = judge_sophie(question, question.labels()[0]).details[0]
        assert "even though" in words and "the cards to come decide" in words
        assert "unseen cards" in words


def test_a_pair_reading_counts_the_cards_that_improve_it() -> None:
    pair = tuple(parse_cards("K♥ Q♥"))
    board = parse_cards("2♥ 7♥ 9♣ J♠")
    unseen = unseen_cards([*pair, *board])
    reading = read_pair(pair, board, unseen)
    assert len(unseen) == 46 and reading.plays
    assert reading.best_next is Category.FLUSH and reading.best_count == 9, "nine hearts left"
    pair_the_board = 3 + 3 + 2 + 2  # the 2s and 7s left, and the 9s and jacks not hearts
    assert reading.improving == 9 + 3 + 3 + 3 + pair_the_board, "hearts; tens; kings; queens"
    assert pair_name(tuple(parse_cards("9♠ 9♦"))) == "the nines"
