"""Lessons from played hands, for every game with a decision the engine can measure: found
after the hand, naming only cards the seat could see, kept as plain JSON, and judged again
by the figures measured then."""

from __future__ import annotations

import random

import pytest

from engine.bots import bot_for
from engine.cards import parse_cards
from engine.games import new_hand
from engine.state import HandState
from ui.training.lessons import find_lessons, lesson_ref, measured
from ui.training.measured import Lesson, judge_lesson

CASES = [("pick-a-partner", 6, {"partner-pick"}),
         ("sophies-pick", 3, {"sophie-lock", "sophie-sacrifice"}),
         ("double-sophie", 3, {"sophie-lock", "sophie-sacrifice"}),
         ("psycho", 4, {"psycho-expose", "psycho-declare"})]


def _careless_hand(game_id: str, players: int, seed: int) -> HandState:
    """Every measurable decision made at random; the rest as the computer players play."""
    state = new_hand(game_id, players=players, seed=seed)
    rng, bot = random.Random(seed), bot_for(game_id)
    kinds = measured(game_id)[0]  # type: ignore[index]
    while not state.is_over:
        seat = state.to_act[0]
        picks = [a for a in state.legal_actions(seat) if a.kind in kinds]
        state.apply(rng.choice(picks) if picks else bot.choose(state, seat, rng))
    return state


def _visible(state: HandState, seat: int) -> set[object]:
    """What the seat could see at any time: its own cards, the others' up cards, boards."""
    seen = {h.card for h in state.cards[seat]}
    seen |= {h.card for s in range(state.players) for h in state.cards[s] if h.up}
    return seen | {c for board in state.boards for c in board}


@pytest.mark.parametrize(("game_id", "players", "kinds"), CASES,
                         ids=[case[0] for case in CASES])
def test_careless_decisions_become_lessons(game_id: str, players: int,
                                           kinds: set[str]) -> None:
    found: set[str] = set()
    for seed in range(6):
        state = _careless_hand(game_id, players, seed)
        for seat in range(players):
            for lesson_id, data in find_lessons(state, seat).items():
                lesson = Lesson.from_json(data)
                assert lesson is not None and lesson.id == lesson_id
                assert Lesson.from_json(lesson.to_json()) == lesson
                found.add(lesson.kind)
                named = {c for row in data["shown"] for c in parse_cards(row[1])}
                assert named <= _visible(state, seat), "a card the seat could not see"
                assert lesson.cost(lesson.chosen) > lesson.tolerance
                assert not judge_lesson(lesson, lesson.options[lesson.chosen]).correct
                right = judge_lesson(lesson, lesson.solution)
                assert right.correct and right.theme == lesson.theme
                assert lesson_ref(data).drill is lesson.drill
                assert "would have" in lesson.headline or "declaring" in lesson.headline
        if found >= kinds:
            break
    assert found >= kinds


def test_a_hand_not_over_or_a_game_without_measured_decisions_gives_none() -> None:
    assert find_lessons(new_hand("psycho", players=3, seed=2), 0) == {}
    stud = new_hand("seven-card-stud", players=3, seed=2)
    rng, bot = random.Random(2), bot_for("seven-card-stud")
    while not stud.is_over:
        stud.apply(bot.choose(stud, stud.to_act[0], rng))
    assert find_lessons(stud, 0) == {}


def test_a_damaged_lesson_is_not_read() -> None:
    state = _careless_hand("psycho", 4, 0)
    data = next(d for seat in range(4) for d in find_lessons(state, seat).values())
    assert Lesson.from_json({**data, "chosen": 99}) is None
    assert Lesson.from_json({**data, "shown": [["x", "Zz", "", False]]}) is None
    assert Lesson.from_json({**data, "values": [float("nan")] * len(data["options"])}) is None
    assert Lesson.from_json({"pick": "lock"}) is None


@pytest.mark.parametrize(("game_id", "players", "hands"), [
    ("pick-a-partner", 6, 3), ("sophies-pick", 3, 1), ("psycho", 3, 1)],
    ids=["pick-a-partner", "sophies-pick", "psycho"])
def test_the_computer_players_key_decisions_are_never_a_lesson(game_id: str, players: int,
                                                               hands: int) -> None:
    """The players choose by the advice's measures and the lessons judge by the odds
    engine's: the two agree, so a player never does what a lesson calls a mistake."""
    kinds, measure = measured(game_id)  # type: ignore[misc]
    judged = 0
    for seed in range(hands):
        state, bot, rng = new_hand(game_id, players=players, seed=seed), bot_for(game_id), \
            random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            action = bot.choose(state, seat, rng)
            if action.kind in kinds:
                judged += 1
                assert measure(state, seat, action) is None, (seed, action)
            state.apply(action)
    assert judged
