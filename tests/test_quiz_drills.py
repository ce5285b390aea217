"""The other drills: answer keys checked by independent oracles, judging of every kind.

Showdowns against pokerkit; stud answers against the stud table engine dealt
the same up cards; Psycho splits against the game's own settlement code.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import pytest
from pokerkit import RegularLowHand, StandardHighHand, StandardLowHand

from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import new_hand
from engine.games.declared_pots import Declaration as GameDeclaration
from engine.games.declared_pots import split_pot
from engine.games.stud import ShowingTies
from engine.hands import HandKind, LowRanking, best_high, best_low
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.partner import judge_partner, partner_question
from engine.quiz.psycho import (
    Declaration,
    PsychoQuestion,
    judge_psycho,
    psycho_question,
    settle,
)
from engine.quiz.showdown import ShowdownQuestion, judge_showdown
from engine.quiz.showdown import showdown_question as dealt_showdown
from engine.quiz.stud import StudAsk, StudQuestion, choices, judge_stud, stud_question
from engine.state import ActionKind, HandState
from engine.table import split_evenly

POKERKIT = {HandKind.HIGH: StandardHighHand, HandKind.ACE_TO_FIVE: RegularLowHand,
            HandKind.DEUCE_TO_SEVEN: StandardLowHand}


def _ref(drill: Drill, level: Level, seed: int) -> QuestionRef:
    return QuestionRef(drill, level, seed)


@cache
def showdown_question(ref: QuestionRef) -> ShowdownQuestion:
    """The showdown drill's question (frozen), dealt once for every test here that reads
    it: the tricky ones take a search."""
    return dealt_showdown(ref)


# --- Which hand wins? --------------------------------------------------------

def _pokerkit_winners(question: ShowdownQuestion) -> frozenset[int]:
    kind = POKERKIT[question.kind]
    board = "".join(c.ascii for c in question.board)
    hands = [kind.from_game("".join(c.ascii for c in hand), board) for hand in question.hands]
    top = max(hands)
    return frozenset(i for i, hand in enumerate(hands) if hand == top)


@pytest.mark.parametrize("level", [Level.RANDOM, Level.TRICKY])
def test_showdown_winners_match_pokerkit(level: Level) -> None:
    kinds = set()
    for seed in range(150):
        question = showdown_question(_ref(Drill.SHOWDOWN, level, seed))
        if question.game:   # a game's own deck and hands: tests/test_quiz_showdown_games.py
            continue
        assert question.winners() == _pokerkit_winners(question), (level, seed)
        kinds.add(question.kind)
    assert kinds == set(POKERKIT)  # the three rankings the drill deals


def test_tricky_showdowns_include_ties_and_the_board_playing() -> None:
    questions = [showdown_question(_ref(Drill.SHOWDOWN, Level.TRICKY, s)) for s in range(60)]
    assert any(len(q.winners()) > 1 for q in questions)
    assert any(q.board_plays() for q in questions)


def _tie_question() -> ShowdownQuestion:
    return next(q for q in (showdown_question(_ref(Drill.SHOWDOWN, Level.TRICKY, s))
                            for s in range(200)) if len(q.winners()) == 2 and not q.board_plays())


def test_showdown_judging_right_wrong_and_tied() -> None:
    tie = _tie_question()
    winners = sorted(tie.winners())
    assert judge_showdown(tie, winners).correct
    half = judge_showdown(tie, winners[:1])
    assert not half.correct
    assert "choose them all" in " ".join(half.details)
    assert "tie" in half.headline
    single = next(q for q in (showdown_question(_ref(Drill.SHOWDOWN, Level.RANDOM, s))
                              for s in range(50)) if len(q.winners()) == 1)
    winner = next(iter(single.winners()))
    loser = next(i for i in range(len(single.hands)) if i != winner)
    assert judge_showdown(single, [winner]).correct
    wrong = judge_showdown(single, [loser])
    assert not wrong.correct
    assert wrong.details[0].startswith(f"Against {single.names[loser]}:")
    with pytest.raises(ValueError, match="choose one player"):
        judge_showdown(single, [])


def test_the_board_plays_is_explained() -> None:
    question = next(q for q in (showdown_question(_ref(Drill.SHOWDOWN, Level.TRICKY, s))
                                for s in range(200)) if q.board_plays())
    verdict = judge_showdown(question, sorted(question.winners()))
    assert verdict.correct
    assert verdict.details[0].startswith("The board plays")


# --- Seven-card stud ---------------------------------------------------------

def _stacked_deck(question: StudQuestion, rng: random.Random) -> list[Card]:
    """The deal order of the stud engine: two down rounds, the up rounds, a burn before each."""
    used = {c for up in question.up for c in up}
    spare = [c for c in FULL_DECK if c not in used]
    rng.shuffle(spare)
    deck = [spare.pop() for _ in range(2 * len(question.up))]
    for street in range(question.street - 2):
        if street:
            deck.append(spare.pop())
        deck.extend(up[street] for up in question.up)
    return deck


def _table_at(question: StudQuestion, seed: int) -> HandState:
    settings = {"open_pair": question.open_pair,
                "showing_ties": question.showing_ties.value}
    state = new_hand("seven-card-stud", players=len(question.up), seed=seed,
                     deck=_stacked_deck(question, random.Random(seed)), settings=settings)
    target = f"{question.street}th street" if question.street > 3 else "3rd street"
    while state.street != target:
        seat = state.to_act[0]
        action = next(a for a in state.legal_actions(seat)
                      if a.kind in (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL))
        state.apply(action)
    return state


@pytest.mark.parametrize("level", [Level.RANDOM, Level.TRICKY])
def test_stud_answers_match_the_stud_table_engine(level: Level) -> None:
    asked = set()
    for seed in range(80):
        question = stud_question(_ref(Drill.STUD, level, seed))
        asked.add(question.ask)
        state = _table_at(question, seed)
        assert [state.up_cards(s) for s in range(len(question.up))] == [
            list(up) for up in question.up]
        seat = state.to_act[0]
        if question.ask is StudAsk.BIG_BET:
            amounts = {a.amount for a in state.legal_actions(seat)
                       if a.kind in (ActionKind.BET, ActionKind.COMPLETE)}
            assert (20 in amounts) is question.answer(), (level, seed)
        else:
            assert seat == question.answer(), (level, seed)
    assert asked == set(StudAsk)


def test_tricky_stud_covers_suit_and_seat_tie_breaks() -> None:
    questions = [stud_question(_ref(Drill.STUD, Level.TRICKY, s)) for s in range(120)]
    bring_in_ties = [q for q in questions if q.ask is StudAsk.BRING_IN]
    assert bring_in_ties and all(
        sum(up[0].rank == min(u[0].rank for u in q.up) for up in q.up) > 1
        for q in bring_in_ties)
    assert any(q.showing_ties is ShowingTies.SEAT for q in questions)
    assert any(not q.open_pair for q in questions if q.ask is StudAsk.BIG_BET)


def test_stud_judging_right_and_wrong() -> None:
    ref = _ref(Drill.STUD, Level.TRICKY, 0)
    question = stud_question(ref)
    answer = question.answer()
    right = "Yes" if answer is True else "No" if answer is False else question.names[answer]
    assert judge_stud(question, right).correct
    wrong = next(c for c in choices(question) if c != right)
    verdict = judge_stud(question, wrong)
    assert not verdict.correct and verdict.details
    with pytest.raises(ValueError, match="answer one of"):
        judge_stud(question, "Nobody")


def test_equal_bring_in_cards_go_by_suit_and_the_reason_says_so() -> None:
    up = (tuple(parse_cards("4♥")), tuple(parse_cards("K♥")), tuple(parse_cards("4♦")))
    question = StudQuestion(_ref(Drill.STUD, Level.TRICKY, 1), StudAsk.BRING_IN, 3, up)
    assert question.answer() == 2
    verdict = judge_stud(question, "Cleo")
    assert verdict.correct
    assert "clubs lowest" in verdict.details[1]
    assert not judge_stud(question, "Ava").correct


def test_open_pair_on_fourth_street_and_its_setting() -> None:
    up = (tuple(parse_cards("9♠ 9♦")), tuple(parse_cards("A♣ K♦")))
    ref = _ref(Drill.STUD, Level.TRICKY, 2)
    on = StudQuestion(ref, StudAsk.BIG_BET, 4, up, open_pair=True)
    off = StudQuestion(ref, StudAsk.BIG_BET, 4, up, open_pair=False)
    assert judge_stud(on, "Yes").correct and not judge_stud(on, "No").correct
    assert judge_stud(off, "No").correct and not judge_stud(off, "Yes").correct
    first = StudQuestion(ref, StudAsk.FIRST_TO_ACT, 4, up)
    assert judge_stud(first, "Ava").correct, "a pair of nines beats ace-king showing"


# --- Psycho -------------------------------------------------------------------

def _game_shares(question: PsychoQuestion) -> tuple[int, ...]:
    players = range(len(question.hands))
    split = split_pot(
        amount=question.pot, eligible=list(players),
        declared={s: GameDeclaration(question.declarations[s].value) for s in players},
        high={s: best_high(question.hands[s]) for s in players},
        low={s: best_low(question.hands[s], question.ranking) for s in players})
    shares = [0] * len(question.hands)
    for share in split.shares:
        for seat, chips in split_evenly(share.amount, share.winners).items():
            shares[seat] += chips
    return tuple(shares)


@pytest.mark.parametrize("level", [Level.RANDOM, Level.TRICKY])
def test_psycho_settlement_matches_the_game_engine(level: Level) -> None:
    for seed in range(300):
        question = psycho_question(_ref(Drill.PSYCHO, level, seed))
        result = question.settlement()
        assert result.shares == _game_shares(question), (level, seed)
        assert sum(result.shares) == question.pot
        options = question.options()
        assert question.describe(result.shares) in options
        assert len(set(options)) == len(options) >= 3


def _hands(*texts: str) -> list[Sequence[Card]]:
    return [parse_cards(t) for t in texts]


WHEEL_STRAIGHT = "A♣ 2♦ 3♥ 4♠ 5♣ K♦ Q♥"
"""Five-high straight for high, five-four low: a both-way winner."""
TRIPS = "K♠ K♦ K♣ 9♥ 8♦ 2♠ 3♠"
ROUGH_LOW = "2♥ 4♦ 6♣ 7♠ 8♥ J♣ Q♠"


def test_a_both_way_declarer_must_win_both_halves() -> None:
    hands = _hands("A♣ 2♦ 3♥ 4♠ 6♣ K♦ Q♥", "9♣ 10♦ J♥ Q♠ K♣ 2♠ 3♠", "A♦ 2♥ 3♣ 4♦ 5♠ 9♥ 9♠")
    result = settle(hands, [Declaration.BOTH, Declaration.HIGH, Declaration.LOW], pot=40)
    assert result.failed == {0}
    assert result.shares == (0, 20, 20)


def test_a_both_way_scoop_and_the_odd_chip_to_high() -> None:
    hands = _hands(WHEEL_STRAIGHT, TRIPS, ROUGH_LOW)
    scoop = settle(hands, [Declaration.BOTH, Declaration.HIGH, Declaration.LOW], pot=41)
    assert scoop.shares == (41, 0, 0)
    split = settle(hands, [Declaration.HIGH, Declaration.HIGH, Declaration.LOW], pot=41)
    assert split.shares == (21, 0, 20)


def test_a_half_nobody_may_win_goes_to_the_other_half() -> None:
    hands = _hands(WHEEL_STRAIGHT, TRIPS)
    result = settle(hands, [Declaration.BOTH, Declaration.LOW], pot=30)
    assert result.shares == (30, 0)
    failed_both = settle(_hands("K♠ K♦ 5♣ 9♥ 8♦ 2♠ 3♠", "A♣ A♦ Q♣ J♥ 10♦ 7♠ 6♠"),
                         [Declaration.BOTH, Declaration.HIGH], pot=30)
    assert failed_both.failed == {0} and failed_both.shares == (0, 30)


def test_nobody_eligible_splits_among_everyone() -> None:
    hands = _hands("K♠ K♦ 5♣ 9♥ 8♦ 2♠ 3♠", "A♣ 2♦ 3♥ 4♠ 6♣ 9♦ 10♥")
    result = settle(hands, [Declaration.BOTH, Declaration.BOTH], pot=31)
    assert result.failed == {0, 1}
    assert result.shares == (16, 15)
    assert "split the pot" in result.story[-1]


def test_ties_share_a_half() -> None:
    hands = _hands("A♣ 2♦ 3♥ 4♠ 5♣ K♦ Q♥", "A♦ 2♣ 3♠ 4♥ 5♦ K♠ Q♦", TRIPS)
    result = settle(hands, [Declaration.LOW, Declaration.LOW, Declaration.HIGH], pot=43)
    assert result.shares == (11, 10, 22)
    assert result.low_winners == {0, 1}


def test_deuce_to_seven_changes_the_low() -> None:
    hands = _hands(WHEEL_STRAIGHT, ROUGH_LOW)
    ace_five = settle(hands, [Declaration.LOW, Declaration.LOW], pot=20)
    deuce_seven = settle(hands, [Declaration.LOW, Declaration.LOW], pot=20,
                         ranking=LowRanking.DEUCE_TO_SEVEN)
    assert ace_five.shares == (20, 0) and deuce_seven.shares == (0, 20)


def test_psycho_judging_right_and_wrong() -> None:
    question = psycho_question(_ref(Drill.PSYCHO, Level.TRICKY, 3))
    right = question.describe(question.settlement().shares)
    assert judge_psycho(question, right).correct
    wrong = next(o for o in question.options() if o != right)
    verdict = judge_psycho(question, wrong)
    assert not verdict.correct and right in verdict.headline and verdict.details
    with pytest.raises(ValueError, match="choose one of"):
        judge_psycho(question, "Ava 1")


# --- What the set summary reads from every verdict ----------------------------

def test_every_drill_names_its_right_answer_and_theme_for_the_set_summary() -> None:
    partner = partner_question(_ref(Drill.PARTNER, Level.TRICKY, 3))
    worst = partner.ranked()[-1]
    verdict = judge_partner(partner, worst.cards)
    assert verdict.solution.startswith(f"add {' '.join(str(c) for c in partner.best().cards)}")
    assert partner.trap is not None and verdict.theme == partner.trap.label

    showdown = showdown_question(_ref(Drill.SHOWDOWN, Level.RANDOM, 1))
    shown = judge_showdown(showdown, [0])
    assert shown.solution.split(" ")[0] in showdown.names and shown.theme

    stud = stud_question(_ref(Drill.STUD, Level.RANDOM, 4))
    said = judge_stud(stud, choices(stud)[0])
    assert said.theme in ("The bring-in", "Who acts first", "When the big bet is allowed")
    answer = stud.answer()
    if isinstance(answer, bool):
        assert said.solution.startswith("yes" if answer else "no")
    else:
        assert said.solution.startswith(stud.names[answer])

    psycho = psycho_question(_ref(Drill.PSYCHO, Level.TRICKY, 3))
    split = judge_psycho(psycho, psycho.options()[0])
    assert split.solution == f"the pot goes {psycho.describe(psycho.settlement().shares)}"
    assert split.theme
