"""The training record over a real SQLite file and a real redis-server: links, attempts,
ratings, the review queue, concurrency, restarts, and a simulated learner."""

from __future__ import annotations

import json
import random
import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.difficulty import estimate, theme
from tests.support.local_redis import LocalRedis
from ui.store import RecordStore, new_secret
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore
from ui.training.choose import DAILY, choose_near, daily_set, games_for, practice_levels
from ui.training.question_table import shard_of
from ui.training.ratings import Rating
from ui.training.record import Answer, Training, ref_key
from ui.training.standing import standing

Opener = Callable[[], RecordStore]


class Clock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def utc(self) -> datetime:
        return datetime.fromtimestamp(self.now, UTC)


@pytest.fixture(params=["sqlite", "redis"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """A way to open the same store again (as a restarted process would)."""
    if request.param == "sqlite":
        path = tmp_path / "store.sqlite3"
        yield lambda: SQLiteStore(path)
    else:
        server: LocalRedis = request.getfixturevalue("redis_server")
        prefix = f"t-{uuid.uuid4().hex[:8]}:"
        yield lambda: RedisStore(server.url, prefix=prefix)


def _answer(ref: QuestionRef, correct: bool, *, seconds: float = 5.0) -> Answer:
    return Answer(ref_key(ref), ref.drill, theme(ref), correct, seconds,
                  answer="answered", solution="the answer", headline="Why.")


def test_first_answer_makes_a_private_record_found_only_by_its_link(opener: Opener) -> None:
    with opener() as store:
        training = Training(store)
        secret, record_id = training.start()
        assert len(secret) >= 22  # 192 bits in URL-safe text
        assert training.open(secret) == record_id
        ref = QuestionRef(Drill.STUD, Level.RANDOM, 3)
        training.answer(record_id, _answer(ref, False))
        other_secret, other_id = training.start()
        assert other_id != record_id
        training.answer(other_id, _answer(QuestionRef(Drill.STUD, Level.RANDOM, 4), True))
        # Each link finds its own record and nothing else: edited, wrong, the shared
        # question ratings' well-known names, and junk all find nothing.
        assert training.open(other_secret) == other_id
        edited = secret[:-1] + ("A" if secret[-1] != "A" else "B")
        for bad in (edited, new_secret(), "", None, "x" * 5000,
                    "dealers-choice question ratings 0 of 16"):
            assert training.open(bad) is None
        assert [a["q"] for a in training.attempts(record_id)] == ["stud/random/3"]
        assert training.attempts(other_id)[0]["q"] == "stud/random/4"


def test_record_keeps_each_attempt_survives_a_restart_exports_and_deletes(
        opener: Opener) -> None:
    clock = Clock()
    refs = [QuestionRef(Drill.PSYCHO, Level.RANDOM, seed) for seed in range(4)]
    with opener() as store:
        training = Training(store, clock=clock)
        secret, record_id = training.start()
        for number, ref in enumerate(refs):
            clock.now += 60
            training.answer(record_id, _answer(ref, number % 2 == 0, seconds=3.5 + number))
    with opener() as store:  # a new process: the same store opened afresh
        training = Training(store, clock=clock)
        assert training.open(secret) == record_id
        data = training.data(record_id)
        attempts = training.attempts(record_id)
        assert [a["q"] for a in attempts] == [ref_key(r) for r in refs]
        assert [a["ok"] for a in attempts] == [True, False, True, False]
        assert [a["s"] for a in attempts] == [3.5, 4.5, 5.5, 6.5]
        assert [a["at"] for a in attempts] == [1_800_000_060.0 + 60 * i for i in range(4)]
        assert sorted(data["queue"]) == [ref_key(refs[1]), ref_key(refs[3])]
        exported = json.loads(training.export(record_id))
        assert exported["attempts"] == attempts and exported["ratings"] == data["ratings"]
        assert secret not in training.export(record_id)
        assert training.delete(record_id)
        assert training.open(secret) is None


def test_a_miss_comes_back_when_due_until_it_is_answered_right(opener: Opener) -> None:
    clock = Clock()
    ref = QuestionRef(Drill.SHOWDOWN, Level.RANDOM, 11)
    with opener() as store:
        training = Training(store, clock=clock)
        _secret, record_id = training.start()
        training.answer(record_id, _answer(ref, False))
        now = standing(training.data(record_id))
        assert [m.key for m in now.mistakes] == [ref_key(ref)]
        assert now.due(clock.utc()) == ()          # FSRS: again in a minute, not at once
        clock.now += 120
        assert [m.ref for m in now.due(clock.utc())] == [ref]
        training.answer(record_id, _answer(ref, False))   # missed again: still open
        clock.now += 120
        assert standing(training.data(record_id)).mistakes[0].misses == 2
        training.answer(record_id, _answer(ref, True))
        assert standing(training.data(record_id)).mistakes == ()


def test_every_answer_moves_the_learner_and_the_shared_question_rating(opener: Opener) -> None:
    ref = QuestionRef(Drill.PARTNER, Level.TRICKY, 5)
    key = ref_key(ref)
    with opener() as store:
        training = Training(store)
        assert training.question_rating(key).rating == estimate(ref)
        assert estimate(ref) > estimate(QuestionRef(Drill.PARTNER, Level.RANDOM, 5))
        _a, first = training.start()
        _b, second = training.start()
        training.answer(first, _answer(ref, False))
        after_miss = training.question_rating(key)
        assert after_miss.rating > estimate(ref) and after_miss.games == 1
        training.answer(second, _answer(ref, True))
        after_right = training.question_rating(key)
        assert after_right.rating < after_miss.rating and after_right.games == 2
        drill = Rating.from_json(training.data(first)["ratings"]["drill/partner"])
        assert drill.rating < 1500


def test_many_learners_at_once_lose_no_attempt(opener: Opener) -> None:
    """Threads answer at once: on one learner's record (two devices) and on many records,
    all on the same few questions, so the shared ratings are contended too."""
    learners, answers = 6, 8
    with opener() as store:
        training = Training(store)
        records = [training.start()[1] for _ in range(learners)]
        refs = [QuestionRef(Drill.STUD, Level.RANDOM, seed) for seed in range(3)]
        errors: list[BaseException] = []
        barrier = threading.Barrier(learners * 2)

        def learner(record_id: str, offset: int) -> None:
            try:
                barrier.wait()
                for number in range(answers):
                    ref = refs[(number + offset) % len(refs)]
                    training.answer(record_id, _answer(ref, (number + offset) % 3 != 0))
            except BaseException as error:  # noqa: BLE001 - reported below
                errors.append(error)

        threads = [threading.Thread(target=learner, args=(record_id, device))
                   for record_id in records for device in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        for record_id in records:
            data = training.data(record_id)
            assert len(training.attempts(record_id)) == 2 * answers == data["logged"]
            assert Rating.from_json(data["ratings"]["drill/stud"]).games == 2 * answers
        games = sum(training.question_rating(ref_key(ref)).games for ref in refs)
        assert games == learners * 2 * answers


def test_a_learner_who_always_misses_one_theme(tmp_path: Path) -> None:
    """Right on everything but "The bring-in": that theme's rating falls, its questions
    wait in the review queue and come back, and the chosen questions move towards the
    learner's rating (which climbs above the first questions' level)."""
    clock = Clock()
    weak = "The bring-in"
    with SQLiteStore(tmp_path / "store.sqlite3") as store:
        training = Training(store, clock=clock)
        _secret, record_id = training.start()
        rng = random.Random(7)
        gaps: list[float] = []
        blind_gaps: list[float] = []
        chosen: list[float] = []
        weak_ratings: list[float] = []
        came_back = 0
        for _ in range(80):
            clock.now += 300
            data = training.data(record_id)
            now = standing(data)
            due = now.due(clock.utc())
            learner = now.drills.get(Drill.STUD, Rating()).rating
            if due and due[0].ref is not None:
                ref, came_back = due[0].ref, came_back + 1
            else:
                ref, rated = choose_near(Drill.STUD, learner, ratings=training.question_ratings,
                                         rng=rng)
                chosen.append(rated.rating)
                gaps.append(abs(rated.rating - learner))
                blind = QuestionRef(Drill.STUD, rng.choice([Level.RANDOM, Level.TRICKY]),
                                    rng.randrange(10**9))
                blind_gaps.append(abs(estimate(blind) - learner))
            training.answer(record_id, _answer(ref, theme(ref) != weak))
            if theme(ref) == weak:
                weak_ratings.append(Rating.from_json(
                    training.data(record_id)["ratings"][f"theme/{weak}"]).rating)
        final = standing(training.data(record_id))
        assert len(weak_ratings) >= 5
        assert weak_ratings[-1] < weak_ratings[0] < 1500
        others = [t for t in final.themes if t.theme != weak]
        assert all(t.rating.rating > 1500 for t in others)
        assert came_back >= 3
        assert {m.theme for m in final.mistakes} == {weak}
        learner = final.drills[Drill.STUD].rating
        assert learner > 1600
        # The questions chosen follow the learner up: later choices are rated higher and
        # nearer the learner's rating at the time than a blind draw of the same levels.
        half = len(chosen) // 2
        assert sum(chosen[half:]) / (len(chosen) - half) > sum(chosen[:half]) / half
        assert sum(gaps) / len(gaps) < 0.8 * sum(blind_gaps) / len(blind_gaps)


def test_daily_set_is_ten_questions_that_change_with_the_day() -> None:
    """Ten a day, every drill among them while there are no more than ten, the drills
    dealt per game each for a game that drill offers."""
    today = daily_set(datetime(2026, 3, 1).date())
    assert len(set(today)) == DAILY == 10 and {r.drill for r in today} == set(Drill)
    assert today != daily_set(datetime(2026, 3, 1).date() + timedelta(days=1))
    for ref in today:
        assert (ref.game in games_for(ref.drill)) if ref.drill.per_game else not ref.game
        assert ref.level in practice_levels(ref.drill)
        assert ref.level is Level.RANDOM or ref.drill is not Drill.SOPHIE
    week = [daily_set(datetime(2026, 3, day).date()) for day in range(1, 8)]
    assert len({ref.game for day in week for ref in day if ref.game}) > 2, "games vary"


def test_answers_to_drills_dealt_per_game_are_kept_beside_older_answers(
        opener: Opener) -> None:
    """A key naming the game is kept and read back; keys written before it still read."""
    with opener() as store:
        training = Training(store)
        _secret, record_id = training.start()
        omaha = QuestionRef(Drill.BEST_FIVE, Level.RANDOM, 4, "omaha")
        older = QuestionRef(Drill.SHOWDOWN, Level.RANDOM, 8)
        training.answer(record_id, _answer(older, False))
        training.answer(record_id, _answer(omaha, False))
        now = standing(training.data(record_id))
        assert {m.ref for m in now.mistakes} == {older, omaha}
        assert {a["q"] for a in training.attempts(record_id)} == {
            "showdown/random/8", "best-five/random/4/omaha"}
        assert set(now.drills) == {Drill.SHOWDOWN, Drill.BEST_FIVE}
        chosen, _ = choose_near(Drill.LEGAL, 1500.0, ratings=training.question_ratings,
                                rng=random.Random(2), game="razz")
        assert chosen.drill is Drill.LEGAL and chosen.game == "razz"


def test_the_shared_ratings_stay_bounded_keeping_the_questions_most_answered(
        opener: Opener) -> None:
    """Past its capacity a shard drops the ratings with the fewest answers, the oldest
    first; a dropped question starts again from the engine's estimate."""
    clock = Clock()
    with opener() as store:
        training = Training(store, clock=clock, capacity=4)
        _secret, record_id = training.start()
        shard = shard_of(ref_key(QuestionRef(Drill.STUD, Level.RANDOM, 0)))
        same = [ref for ref in (QuestionRef(Drill.STUD, Level.RANDOM, seed)
                                for seed in range(400)) if shard_of(ref_key(ref)) == shard]
        popular, others = same[0], same[1:12]
        for _ in range(3):
            clock.now += 10
            training.answer(record_id, _answer(popular, False))
        for ref in others:
            clock.now += 10
            training.answer(record_id, _answer(ref, True))
        kept = training.question_ratings(ref_key(r) for r in same[:12])
        assert len(kept) == 4
        assert ref_key(popular) in kept and kept[ref_key(popular)].games == 3
        assert set(kept) == {ref_key(popular), *(ref_key(r) for r in others[-3:])}
        dropped = ref_key(others[0])
        assert training.question_rating(dropped).rating == estimate(others[0])
        assert len(training.attempts(record_id)) == 3 + len(others)


def test_a_lesson_from_a_played_hand_has_no_shared_rating(opener: Opener) -> None:
    with opener() as store:
        training = Training(store)
        _secret, record_id = training.start()
        training.add_lessons(record_id, {"0123456789abcdef": {"drill": "psycho"}})
        record = training.answer(record_id, Answer("lesson/0123456789abcdef", Drill.PSYCHO,
                                                   "Declaring a way that can win", False, 4.0))
        assert training.attempts(record_id)[-1]["q"] == "lesson/0123456789abcdef"
        assert "lesson/0123456789abcdef" in record.data["queue"]
        assert training.question_ratings(["lesson/0123456789abcdef"]) == {}
