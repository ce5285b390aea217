"""The partnership quiz: answer keys proven against pokerkit, traps proven tricky."""

from __future__ import annotations

import time
from itertools import combinations

import pytest
from pokerkit import Card as PokerkitCard
from pokerkit import StandardHighHand
from pokerkit.lookups import Entry

from engine.cards import FULL_DECK, Card, card, format_cards, parse_cards
from engine.hands import Category, best_high
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.partner import (
    TUTORIAL_SIZE,
    PartnerQuestion,
    check_choice,
    judge_partner,
    partner_question,
)
from engine.quiz.traps import Trap, obvious_choices, springs
from tests.support.scale import scaled

RANDOM_CHECKED = scaled(400)
TRICKY_CHECKED = scaled(200)
"""Questions whose answer key is checked against pokerkit, each over its 56 choices."""
TRAPS_WITHIN = 80
"""The first tricky questions, which set every trap between them."""


_POKERKIT_CARD = {c: next(iter(PokerkitCard.parse(c.ascii))) for c in FULL_DECK}


def _pokerkit(cards: tuple[Card, ...]) -> Entry:
    """Pokerkit's rank of five cards as a high hand: its ``StandardHighHand`` compares hands
    by exactly this entry, which is looked up once here rather than at every comparison."""
    return StandardHighHand.lookup.get_entry([_POKERKIT_CARD[c] for c in cards])


def _oracle_best(question: PartnerQuestion) -> tuple[Entry, set[frozenset[Card]]]:
    """Brute force over all 56 choices, judged by pokerkit alone."""
    hands = {frozenset(extra): _pokerkit((*question.anchors, *extra))
             for extra in combinations(question.others, 3)}
    assert len(hands) == 56
    top = max(hands.values())
    return top, {extra for extra, hand in hands.items() if hand == top}


def _question(level: Level, seed: int) -> PartnerQuestion:
    return partner_question(QuestionRef(Drill.PARTNER, level, seed))


def test_best_hand_equals_a_pokerkit_brute_force() -> None:
    """Every question's best choices are pokerkit's; a tricky question's obvious choices
    lose, its best hand is what its trap promises, and the first tricky questions set
    every trap."""
    started, cpu = time.perf_counter(), time.process_time()
    checked = 0
    traps: set[Trap | None] = set()
    refs = [(Level.RANDOM, seed) for seed in range(RANDOM_CHECKED)]
    refs += [(Level.TRICKY, seed) for seed in range(TRICKY_CHECKED)]
    refs += [(Level.TUTORIAL, seed) for seed in range(TUTORIAL_SIZE)]
    for level, seed in refs:
        question = _question(level, seed)
        top, oracle_best = _oracle_best(question)
        ranked = question.ranked()
        best = ranked[0]
        assert _pokerkit(best.value.cards) == top, (level, seed)
        engine_best = {frozenset(c.cards) for c in ranked if c.value == best.value}
        assert engine_best == oracle_best, (level, seed, format_cards(question.others))
        if checked % 10 == 0:
            last_tied = max(oracle_best, key=lambda extra: sorted(extra))
            assert judge_partner(question, last_tied).correct
        if level is Level.TRICKY:
            check_the_obvious_choice_loses(question, top)
            check_the_trap_pattern(question)
            if seed < TRAPS_WITHIN:
                traps.add(question.trap)
        checked += 1
    assert checked == RANDOM_CHECKED + TRICKY_CHECKED + TUTORIAL_SIZE
    assert traps == set(Trap) or TRICKY_CHECKED < TRAPS_WITHIN, "every trap is set early"
    print(f"\n{checked} partnership questions cross-checked with pokerkit in "
          f"{time.perf_counter() - started:.1f} s ({time.process_time() - cpu:.1f} s of CPU)")


def check_the_obvious_choice_loses(question: PartnerQuestion, top: Entry) -> None:
    """A tricky question really is tricky: every obvious choice its trap sets makes a
    worse hand than the best (``top``, pokerkit's) and is judged wrong."""
    assert question.trap is not None
    obvious = obvious_choices(question.trap, question.anchors, question.others)
    assert obvious
    for choice in obvious:
        assert _pokerkit((*question.anchors, *choice)) < top, "the obvious choice must lose"
        assert not judge_partner(question, choice).correct


def check_the_trap_pattern(question: PartnerQuestion) -> None:
    """A tricky question's best hand is what its trap promises, and its obvious choices
    make the hand the trap lures to."""
    best = question.best().value
    assert question.trap is not None
    obvious = obvious_choices(question.trap, question.anchors, question.others)
    obvious_hands = [judge_partner(question, c).rows[0].cards for c in obvious]
    match question.trap:
        case Trap.STRAIGHT | Trap.SUITS:
            assert best.category in (Category.FLUSH, Category.STRAIGHT_FLUSH,
                                     Category.ROYAL_FLUSH)
            straights = [best_high(hand).category is Category.STRAIGHT
                         for hand in obvious_hands]
            assert all(straights) if question.trap is Trap.STRAIGHT else not all(straights)
        case Trap.WHEEL:
            assert best.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
            assert {c.rank for c in best.cards} == {14, 2, 3, 4, 5}
        case Trap.FULL_HOUSE:
            assert best.category is Category.FULL_HOUSE
        case Trap.KICKER:
            assert all(best_high(hand).category is best.category
                       for hand in obvious_hands)


def test_random_deals_rarely_spring_no_trap_check_is_vacuous() -> None:
    """The trap test above could fail: plenty of random deals set no trap at all."""
    quiet = sum(not any(springs(t, q.anchors, q.others) for t in Trap)
                for q in (_question(Level.RANDOM, seed) for seed in range(100)))
    assert quiet > 50


def test_the_rule_sheet_example_is_the_first_tutorial_question() -> None:
    question = _question(Level.TUTORIAL, 0)
    assert question.first == tuple(parse_cards("K♥ Q♥ J♥ 4♣ 9♠"))
    assert question.second == tuple(parse_cards("10♥ 2♥ 3♦ 3♠ 7♣"))
    straight = judge_partner(question, parse_cards("Q♥ J♥ 9♠"))
    assert not straight.correct
    assert "King-high straight" in straight.answer
    assert straight.details[0] == "A flush beats a straight."
    assert "You took the tempting choice" in straight.details[1]
    flush = judge_partner(question, parse_cards("Q♥ 2♥ J♥"))
    assert flush.correct
    assert "king-high flush" in flush.headline


def test_questions_come_from_the_seed_alone() -> None:
    for level in (Level.RANDOM, Level.TRICKY):
        assert _question(level, 77) == _question(level, 77)
        assert _question(level, 77) != _question(level, 78)
        cards = _question(level, 77).first + _question(level, 77).second
        assert len(set(cards)) == 10


def test_judging_right_wrong_and_tied_answers() -> None:
    question = _question(Level.TUTORIAL, 2)
    right = judge_partner(question, parse_cards("9♥ 9♣ 4♠"))
    tied = judge_partner(question, parse_cards("9♥ 9♣ 4♣"))
    wrong = judge_partner(question, parse_cards("9♥ 4♠ 4♣"))
    assert right.correct and tied.correct and not wrong.correct
    assert "1 other choice" in right.details[0]
    assert wrong.details[0] == ("Both are full houses; the three of a kind decides: "
                                "nines beat fours.")
    assert [row.label for row in wrong.rows] == ["Your team hand", "Best team hand"]
    assert len(wrong.table) == 5
    assert wrong.table[0][3] == "best" and wrong.table[1][3] == "ties for best"
    assert "your choice" in wrong.table[2][3]


def test_a_kicker_decides_explanation() -> None:
    question = _question(Level.TUTORIAL, 3)
    verdict = judge_partner(question, parse_cards("K♦ 4♣ A♦"))
    assert not verdict.correct
    assert verdict.details[0] == ("Both are two pair with kings on top; the second pair "
                                  "decides: nines beat fours.")


@pytest.mark.parametrize(("chosen", "message"), [
    ("Q♥ J♥", "choose exactly 3"),
    ("Q♥ J♥ 2♥ 3♦", "choose exactly 3"),
    ("K♥ J♥ 2♥", "first up cards"),
    ("A♠ J♥ 2♥", "not one of the partners' cards"),
])
def test_bad_choices_are_refused_with_a_reason(chosen: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_choice(_question(Level.TUTORIAL, 0), parse_cards(chosen))


def test_a_card_chosen_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        check_choice(_question(Level.TUTORIAL, 0), [card("Q♥"), card("Q♥"), card("2♥")])
