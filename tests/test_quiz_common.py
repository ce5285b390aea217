"""Question links, the clock, progress and the explanations every drill shares."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import Card as PokerkitCard
from pokerkit import RegularLowHand, StandardHighHand

from engine.cards import FULL_DECK, Card, parse_cards
from engine.hands import LowRanking, best_high, best_low
from engine.quiz.common import MAX_SEED, Drill, Level, LinkError, QuestionRef, Verdict, timed
from engine.quiz.explain import category_phrase, hand_phrase, tie_break, why_beats
from engine.quiz.progress import SET_SIZE, Attempt, Progress, format_duration
from tests.support.scale import scaled


def test_links_round_trip_and_seed_the_same_stream() -> None:
    for drill in Drill:
        for level in drill.levels:
            ref = QuestionRef(drill, level, 123, "razz" if drill.per_game else "")
            assert QuestionRef.from_params(ref.to_params()) == ref
            assert QuestionRef.from_key(ref.key) == ref
            assert ref.rng().random() == QuestionRef(drill, level, 123, ref.game).rng().random()
    assert QuestionRef(Drill.STUD, Level.RANDOM, 1).rng().random() != \
        QuestionRef(Drill.PSYCHO, Level.RANDOM, 1).rng().random()
    listed = QuestionRef.from_params({"drill": ["stud"], "level": ["random"], "seed": ["7"]})
    assert listed == QuestionRef(Drill.STUD, Level.RANDOM, 7)


@pytest.mark.parametrize(("params", "message"), [
    ({"drill": "stud", "level": "random"}, "missing its 'seed'"),
    ({"drill": "bridge", "level": "random", "seed": "1"}, "names no drill"),
    ({"drill": "stud", "level": "tutorial", "seed": "1"}, "has no level 'tutorial'"),
    ({"drill": "stud", "level": "random", "seed": "-1"}, "is not valid"),
    ({"drill": "stud", "level": "random", "seed": "1.5"}, "is not valid"),
    ({"drill": "stud", "level": "random", "seed": str(MAX_SEED + 1)}, "is not valid"),
    ({"drill": "stud", "level": "random", "seed": "9" * 40}, "is not valid"),
    ({"drill": "partner", "level": "tutorial", "seed": "4"}, "no question 4"),
    ({"drill": ["stud", "psycho"], "level": "random", "seed": "1"}, "2 times"),
    ({"drill": "legal", "level": "random", "seed": "1"}, "missing its 'game'"),
    ({"drill": "legal", "level": "random", "seed": "1", "game": "<b>go</b>"}, "no game we know"),
])
def test_bad_links_are_refused_with_a_clear_message(params: dict, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        QuestionRef.from_params(params, tutorial_size=4)


def test_keys_written_before_the_drills_per_game_still_read_and_games_stay_apart() -> None:
    assert QuestionRef.from_key("stud/tricky/7") == QuestionRef(Drill.STUD, Level.TRICKY, 7)
    assert QuestionRef.from_key("partner/tutorial/3", tutorial_size=4) is not None
    assert QuestionRef.from_key("partner/tutorial/4", tutorial_size=4) is None
    for bad in ("legal/random/7", "stud/random/7/razz", "legal/random/7/chess",
                "best-five/random/7/omaha/x", "legal/random/-1/razz", ""):
        assert QuestionRef.from_key(bad) is None, bad
    with pytest.raises(ValueError, match="needs a game"):
        QuestionRef(Drill.LEGAL, Level.RANDOM, 1)
    one, other = (QuestionRef(Drill.LEGAL, Level.RANDOM, 5, game) for game in ("razz", "omaha"))
    assert one.key != other.key and one.rng().random() != other.rng().random()


def test_the_clock_turns_a_late_answer_into_a_miss() -> None:
    right = Verdict(True, "Right.", ("Because.",))
    assert timed(right, seconds=10, limit=30) is right
    assert timed(right, seconds=99, limit=None) is right
    late = timed(right, seconds=31, limit=30)
    assert not late.correct and late.details == ("Right.", "Because.")
    assert timed(Verdict(False, "No."), seconds=40, limit=30).headline.endswith("wrong too.")


def test_progress_counts_score_streaks_drills_and_sets() -> None:
    ref = QuestionRef(Drill.PARTNER, Level.RANDOM, 1)
    other = QuestionRef(Drill.PSYCHO, Level.RANDOM, 2)
    marks = [True, True, False, True, True, True, False, True, True, True, True]
    progress = Progress()
    for index, mark in enumerate(marks):
        progress = progress.record(Attempt(ref if index % 2 else other, mark, "h"))
    assert progress.score == 9 and progress.asked == 11
    assert progress.streak == 4 and progress.best_streak == 4
    tallies = progress.by_drill()
    assert list(tallies) == [Drill.PARTNER, Drill.PSYCHO]
    assert (tallies[Drill.PARTNER].right, tallies[Drill.PARTNER].asked) == (5, 5)
    assert (tallies[Drill.PSYCHO].right, tallies[Drill.PSYCHO].asked) == (4, 6)
    assert progress.in_set == 1 and not progress.set_finished
    first_set = Progress(progress.attempts[:SET_SIZE])
    assert first_set.set_finished and len(first_set.misses()) == 2


def test_a_set_summary_adds_up_the_time_and_groups_the_misses_by_drill_and_theme() -> None:
    stud = QuestionRef(Drill.STUD, Level.RANDOM, 1)
    partner = QuestionRef(Drill.PARTNER, Level.TRICKY, 2)
    attempts = [Attempt(stud, False, "h", theme="The bring-in", seconds=20),
                Attempt(partner, False, "h", theme="Suits count", seconds=15),
                Attempt(stud, False, "h", theme="The bring-in", seconds=10),
                Attempt(partner, True, "h", theme="The ace plays low", seconds=5)]
    progress = Progress(tuple([Attempt(stud, True, "h", seconds=99)] * SET_SIZE + attempts))
    summary = progress.summary()
    assert summary.attempts == tuple(attempts), "only the latest set"
    assert summary.right == 1 and summary.seconds == 50
    assert summary.missed_themes() == {Drill.PARTNER: {"Suits count": 1},
                                       Drill.STUD: {"The bring-in": 2}}
    assert list(summary.missed_themes()) == [Drill.PARTNER, Drill.STUD]
    assert format_duration(summary.seconds) == "50 s"
    assert format_duration(61) == "1 min 01 s"


def _pokerkit(cards: list[Card], low: bool = False) -> StandardHighHand | RegularLowHand:
    kind = RegularLowHand if low else StandardHighHand
    return kind([next(iter(PokerkitCard.parse(c.ascii))) for c in cards])


five_cards = st.lists(st.sampled_from(FULL_DECK), min_size=10, max_size=10, unique=True)


@settings(max_examples=scaled(300), deadline=None)
@given(five_cards)
def test_why_beats_follows_pokerkit_and_names_the_deciding_part(cards: list[Card]) -> None:
    first, second = cards[:5], cards[5:]
    a, b = best_high(first), best_high(second)
    oracle_a, oracle_b = _pokerkit(first), _pokerkit(second)
    assert (a > b) == (oracle_a > oracle_b) and (a == b) == (oracle_a == oracle_b)
    if a == b:
        assert why_beats(a, b).startswith("The hands tie")
        return
    better, worse = (a, b) if a > b else (b, a)
    sentence = why_beats(better, worse)
    if better.category != worse.category:
        lead = category_phrase(better.category)
        assert sentence == f"{lead[0].upper()}{lead[1:]} beats {category_phrase(worse.category)}."
    else:
        deciding = next(x for x, y in zip(tie_break(better), tie_break(worse), strict=False)
                        if x != y)
        assert deciding.word in sentence or deciding.plural in sentence
    with pytest.raises(ValueError, match="does not beat"):
        why_beats(worse, better)


@settings(max_examples=scaled(200), deadline=None)
@given(five_cards)
def test_low_explanations_follow_pokerkit(cards: list[Card]) -> None:
    a = best_low(cards[:5], LowRanking.ACE_TO_FIVE)
    b = best_low(cards[5:], LowRanking.ACE_TO_FIVE)
    oracle_a, oracle_b = _pokerkit(cards[:5], low=True), _pokerkit(cards[5:], low=True)
    assert (a > b) == (oracle_a > oracle_b)
    if a != b:
        better, worse = (a, b) if a > b else (b, a)
        assert "low" in why_beats(better, worse)


def test_hand_phrases_read_inside_a_sentence() -> None:
    assert hand_phrase(best_high(parse_cards("K♥ 10♥ Q♥ J♥ 2♥"))) == "a king-high flush"
    assert hand_phrase(best_high(parse_cards("A♥ K♣ Q♥ J♥ 9♦"))) == "no pair, ace high"
    assert hand_phrase(best_high(parse_cards("9♥ 9♣ 9♦ 4♥ 4♠"))) == \
        "a full house, nines full of fours"
    assert hand_phrase(best_high(parse_cards("9♥ 9♣ 4♦ 4♥ A♠"))) == "two pair, nines and fours"
    assert hand_phrase(best_high(parse_cards("A♥ A♣ 4♦ 7♥ 2♠"))) == "a pair of aces"
    assert hand_phrase(best_low(parse_cards("8♥ 5♣ 4♦ 3♥ A♠"))) == "an eight-five low"
