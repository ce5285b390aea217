"""Sophie's Pick drill: the equity model checked by brute force, and its judging."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest

from engine.cards import FULL_DECK, parse_cards
from engine.hands import best_high
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.equity import Pair, final_pick_equities, first_pick_equities
from engine.quiz.sophie import TOLERANCE, Pick, SophieQuestion, judge_sophie, sophie_question


def _pair(text: str) -> Pair:
    first, second = parse_cards(text)
    return first, second


def _brute_final(pair: Pair, board: list, dead: list, others: list) -> float:
    """Every river and opponent pair, valued by the scalar evaluator."""
    seen = {*pair, *board, *dead, *others}
    unseen = [c for c in FULL_DECK if c not in seen]
    total = score = 0.0
    for river in unseen:
        mine = best_high((*pair, *board, river))
        rest = [c for c in unseen if c != river]
        for villain in combinations(rest, 2):
            theirs = best_high((*villain, *board, river))
            score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            total += 1
    return score / total


def test_final_pick_equity_equals_a_brute_force() -> None:
    pairs = (_pair("A♥ K♥"), _pair("7♣ 7♦"))
    board = parse_cards("Q♥ J♥ 2♠ 7♠")
    dead = parse_cards("3♣ 4♦")
    equities = final_pick_equities(pairs, board, dead)
    expected = (_brute_final(pairs[0], board, dead, list(pairs[1])),
                _brute_final(pairs[1], board, dead, list(pairs[0])))
    assert equities == pytest.approx(expected, abs=1e-12)


def test_first_pick_equity_agrees_with_exact_final_picks_on_every_turn() -> None:
    pairs = (_pair("A♥ K♥"), _pair("7♣ 7♦"), _pair("3♣ 4♦"))
    board = parse_cards("Q♥ J♥ 2♠")
    sampled = first_pick_equities(pairs, board, rng=np.random.default_rng(5))
    mine = {c for pair in pairs for c in pair}
    turns = [c for c in FULL_DECK if c not in mine and c not in board]
    for sacrificed in range(3):
        kept = [p for i, p in enumerate(pairs) if i != sacrificed]
        exact = np.mean([max(final_pick_equities(kept, [*board, turn], pairs[sacrificed]))
                         for turn in turns])
        assert sampled[sacrificed] == pytest.approx(exact, abs=0.01), sacrificed


def _question(level: Level, seed: int) -> SophieQuestion:
    return sophie_question(QuestionRef(Drill.SOPHIE, level, seed))


def test_questions_come_from_the_seed_and_cover_both_picks() -> None:
    questions = [_question(Level.RANDOM, seed) for seed in range(8)]
    assert {q.pick for q in questions} == set(Pick)
    assert _question(Level.RANDOM, 3) == questions[3]
    for q in questions:
        cards = [c for pair in q.pairs for c in pair] + list(q.board) + list(q.sacrificed)
        assert len(set(cards)) == len(cards) == 9 + (1 if q.pick is Pick.FINAL else 0)


def test_tricky_questions_make_the_obvious_sacrifice_wrong() -> None:
    for seed in range(3):
        question = _question(Level.TRICKY, seed)
        obvious = question.obvious()
        assert obvious not in question.right_choices()
        verdict = judge_sophie(question, question.labels()[obvious])
        assert not verdict.correct
        assert "tempting" in " ".join(verdict.details)


def test_judging_right_wrong_and_within_tolerance() -> None:
    question = _question(Level.RANDOM, 0)
    order = sorted(range(len(question.pairs)), key=lambda i: question.equities[i], reverse=True)
    best, worst = order[0], order[-1]
    assert judge_sophie(question, question.labels()[best]).correct
    close = list(question.equities)
    close[worst] = close[best] - TOLERANCE / 2
    near = replace(question)
    near.__dict__["equities"] = tuple(close)
    tied = judge_sophie(near, near.labels()[worst])
    assert tied.correct and "within 2%" in tied.headline
    far = list(question.equities)
    far[worst] = far[best] - 2 * TOLERANCE
    wrong_question = replace(question)
    wrong_question.__dict__["equities"] = tuple(far)
    wrong = judge_sophie(wrong_question, wrong_question.labels()[worst])
    assert not wrong.correct and "more" in wrong.headline
    assert len(wrong.table) == len(question.pairs)
    with pytest.raises(ValueError, match="choose one of"):
        judge_sophie(question, "Sacrifice nothing")
