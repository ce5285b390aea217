"""How long the quiz page takes to rerun with a training record open, server-side.

A learner's record with a few hundred attempts is opened through its training
link; then each rerun the page makes while answering is timed inside the
script thread (as ``bench/rerun.py`` does): choosing an answer, checking it
(which writes the record and the question's shared rating) and moving to the
next question (chosen near the learner's rating, or a mistake that is due),
plus the Mistakes and Progress views (three plotly charts). The peer is the
one-button page measured in the same run. Target: a median under 100 ms.

Then the lessons a played hand gives: the time to measure every decision of one
seat at a hand's end (``ui.training.lessons.find_lessons``, which the Play page
runs once per hand, under a spinner), each measurable decision made at random.

Last, what an answer costs as a record grows: ``Training.answer`` (the attempt
appended to the record's log, the record's bounded ratings and queue rewritten, the
question's shared rating moved) for a learner at attempt 1, one at attempt 1,000 and
one at 10,000 (a fifth missed, so the review queue is full from a few hundred on and
mistakes past it are parked in the log),
in alternating batches on the same SQLite file and the same Redis server. CPU
counts this process and the Redis server's (it is steadier than wall time on a busy
machine). From 1,000 to 10,000 the ratio should stay near 1: nothing the record keeps
grows; from 1 the record's bounded parts fill, which costs a little.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from bench.rerun import Timing, _p90, _rerun, _row, baseline_timings, script_clock
from engine.bots import bot_for
from engine.games import new_hand
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.difficulty import estimate, theme
from engine.quiz.stud import choices, stud_question
from tests.support.local_redis import LocalRedis
from ui.store import STORE_ENV, RecordStore, close_stores
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore
from ui.training.attempts import attempt_entry, folded, with_moves
from ui.training.lessons import MEASURED_GAMES, find_lessons, measured
from ui.training.ratings import QUESTION_RD, Rating
from ui.training.record import Answer, Training, ref_key

QUIZ = str(Path(__file__).resolve().parents[1] / "screens" / "quiz.py")
TARGET_SECONDS = 0.1
HISTORY = 300
ROUNDS = 12
LENGTHS = (1, 1_000, 10_000)
"""The attempts behind each learner of the answer-cost table (1: a learner just started)."""
BATCH, BATCHES = 20, 12
LESSON_HANDS = 4
LESSON_PLAYERS = {"pick-a-partner": 6, "sophies-pick": 3, "double-sophie": 3, "psycho": 4}


def _learner(training: Training) -> str:
    """A record with ``HISTORY`` stud answers behind it, a fifth of them missed."""
    secret, record = training.start()
    rng = random.Random(1)
    for number in range(HISTORY):
        ref = QuestionRef(Drill.STUD, rng.choice([Level.RANDOM, Level.TRICKY]),
                          rng.randrange(10**9))
        training.answer(record, Answer(ref_key(ref), Drill.STUD, theme(ref), number % 5 != 0,
                                       6.0, answer="answered", solution="the answer"))
    return secret


def _answers(rng: random.Random, count: int) -> list[Answer]:
    """``count`` answers to random stud and Psycho questions, a fifth of them missed (made
    before any is timed: dealing a question is the engine's work, not the record's)."""
    made = []
    for _ in range(count):
        ref = QuestionRef(rng.choice([Drill.STUD, Drill.PSYCHO]),
                          rng.choice([Level.RANDOM, Level.TRICKY]), rng.randrange(10**9))
        made.append(Answer(ref_key(ref), ref.drill, theme(ref), rng.random() >= 0.2, 6.0,
                           answer="answered", solution="the answer",
                           headline="Why it is so."))
    return made


def _fill(training: Training, record: str, rng: random.Random, count: int) -> None:
    """``count`` answers kept as :meth:`Training.answer` keeps them (appended, then folded
    into the record), without moving the shared question ratings: quicker to build, and
    the record is the same."""
    store = training.store
    for _ in range(count):
        ref = QuestionRef(rng.choice([Drill.STUD, Drill.PSYCHO]),
                          rng.choice([Level.RANDOM, Level.TRICKY]), rng.randrange(10**9))
        current = store.load(record)
        entry = attempt_entry(current.data, key=ref_key(ref), drill=ref.drill,
                              theme=theme(ref), correct=rng.random() >= 0.2, seconds=6.0,
                              answer="answered", solution="the answer",
                              headline="Why it is so.", source="quiz",
                              question=Rating(estimate(ref), QUESTION_RD), when=time.time())
        entry = with_moves(current.data, entry, parked_entry=partial(_entry, store, record))
        store.append(record, current.data["logged"], entry)
        store.update(record, current.version, partial(folded, entries=[entry]))


def _entry(store: RecordStore, record: str, number: int) -> dict[str, Any] | None:
    found = store.entries(record, number, number + 1)
    return found[0] if found else None


def _server_cpu(store: RecordStore) -> float:
    """Seconds of CPU the store's server has used (Redis); SQLite runs in this process."""
    if isinstance(store, RedisStore):
        info: Any = store.client.info("cpu")
        return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])
    return 0.0


def answer_cost(store: RecordStore) -> dict[int, dict[str, float]]:
    """For a learner at each of ``LENGTHS`` attempts: the median wall time and CPU time
    (this process and the store's server) per answer, in seconds, and the record's size
    in characters after. The learners answer in turn, a batch each, so a busy moment of
    the machine falls on all alike; the learner at attempt 1 is started afresh when it
    has grown past a few batches."""
    training = Training(store)
    rng = random.Random(3)
    learners = {}
    for length in LENGTHS:
        learners[length] = training.start()[1]
        _fill(training, learners[length], rng, length - 1)
    wall: dict[int, list[float]] = {length: [] for length in LENGTHS}
    cpu: dict[int, list[float]] = {length: [] for length in LENGTHS}
    for _ in range(BATCHES):
        for length, record in learners.items():
            answers = _answers(rng, BATCH)
            start, used = time.perf_counter(), time.process_time() + _server_cpu(store)
            for answer in answers:
                training.answer(record, answer)
            wall[length].append((time.perf_counter() - start) / BATCH)
            cpu[length].append((time.process_time() + _server_cpu(store) - used) / BATCH)
        if store.entry_count(learners[1]) > 4 * BATCH:
            training.delete(learners[1])
            learners[1] = training.start()[1]
    return {length: {"wall": statistics.median(wall[length]),
                     "cpu": statistics.median(cpu[length]),
                     "size": len(store.stored_text(learners[length]))} for length in LENGTHS}


def print_answer_cost() -> None:
    long, middle = LENGTHS[-1], LENGTHS[1]
    print(f"\n{'an answer at attempt':<22}" + "".join(f"{n:>10,}" for n in LENGTHS)
          + f"{f'{long:,}/1':>10}{f'{long:,}/{middle:,}':>13}"
          + "   (ms per answer, median of batches)")
    with tempfile.TemporaryDirectory(prefix="bench-training-") as folder, \
            LocalRedis() as server:
        for name, opened in (("SQLite", SQLiteStore(Path(folder) / "answers.sqlite3")),
                             ("Redis", RedisStore(server.url, prefix="bench-training:"))):
            with opened as store:
                cost = answer_cost(store)
            for figure, label in (("cpu", "CPU"), ("wall", "wall")):
                print(f"{f'{name} {label}':<22}"
                      + "".join(f"{cost[n][figure] * 1000:>10.2f}" for n in LENGTHS)
                      + f"{cost[long][figure] / cost[1][figure]:>10.2f}"
                      + f"{cost[long][figure] / cost[middle][figure]:>13.2f}")
            print(f"{f'{name} record (chars)':<22}"
                  + "".join(f"{cost[n]['size']:>10,}" for n in LENGTHS))


def _pick(at: AppTest) -> AppTest:
    question = stud_question(at.session_state["quiz_ref"])
    group = next(b for b in at.button_group if b.label in ("Who brings in?", "Who acts first?")
                 or b.label.startswith("May the opener"))
    return group.set_value(choices(question)[0])


def lesson_timings(game_id: str) -> tuple[list[float], int]:
    """Seconds to measure seat 1's decisions in a few careless hands; lessons found."""
    kinds = measured(game_id)[0]  # type: ignore[index]
    seconds, found = [], 0
    for seed in range(LESSON_HANDS):
        state = new_hand(game_id, players=LESSON_PLAYERS[game_id], seed=seed)
        rng, bot = random.Random(seed), bot_for(game_id)
        while not state.is_over:
            seat = state.to_act[0]
            picks = [a for a in state.legal_actions(seat) if a.kind in kinds]
            state.apply(rng.choice(picks) if picks else bot.choose(state, seat, rng))
        start = time.perf_counter()
        found += len(find_lessons(state, 0))
        seconds.append(time.perf_counter() - start)
    return seconds, found


def main() -> None:
    import os

    print(__doc__.split("\n\n")[0])
    os.environ[STORE_ENV] = str(Path(tempfile.mkdtemp(prefix="bench-training-")) / "s.sqlite3")
    close_stores()
    from ui.store import open_store

    secret = _learner(Training(open_store()))
    steps: dict[str, list[Timing]] = {"choose an answer": [], "check (writes the record)": [],
                                      "next question": [], "Mistakes view": [],
                                      "Progress view (3 charts)": []}
    with script_clock() as runs:
        baseline = baseline_timings(runs)
        plain = AppTest.from_file(QUIZ, default_timeout=60)
        for name, value in QuestionRef(Drill.STUD, Level.RANDOM, 5).to_params().items():
            plain.query_params[name] = value
        plain.run()
        without = [_rerun(plain, lambda: _pick(plain).run(), runs) for _ in range(ROUNDS)]
        at = AppTest.from_file(QUIZ, default_timeout=60)
        at.query_params["training"] = secret
        for name, value in QuestionRef(Drill.STUD, Level.RANDOM, 5).to_params().items():
            at.query_params[name] = value
        at.run()
        for _ in range(ROUNDS):
            steps["choose an answer"].append(_rerun(at, lambda: _pick(at).run(), runs))
            check = next(b for b in at.button if b.label == "Check my answer")
            steps["check (writes the record)"].append(_rerun(at, check.click().run, runs))
            onward = ("Next question", "Start the next set")
            following = next((b for b in at.button if b.label in onward), None)
            if following is None:
                raise RuntimeError(f"no Next question: {[b.label for b in at.button]} "
                                   f"{[e.value for e in at.exception]}")
            steps["next question"].append(_rerun(at, following.click().run, runs))
            if at.session_state["quiz_ref"].drill is not Drill.STUD:
                break
        view = next(s for s in at.get("button_group") if s.label == "View")
        for _ in range(4):
            steps["Mistakes view"].append(_rerun(at, view.set_value("Mistakes").run, runs))
            view = next(s for s in at.get("button_group") if s.label == "View")
            steps["Progress view (3 charts)"].append(
                _rerun(at, view.set_value("Progress").run, runs))
            view = next(s for s in at.get("button_group") if s.label == "View")
    base = statistics.median(t.script for t in baseline) * 1000
    print(f"\n{'quiz page, record on':<28}{'runs':>5}{'median':>9}{'p90':>8}{'max':>8}"
          f"{'cpu':>8}{'wall':>9}{'vs peer':>9}   (milliseconds, script thread)")
    print(_row("peer: one button", baseline, base))
    print(_row("no record: choose an answer", without, base))
    for name, timings in steps.items():
        print(_row(name, timings, base))
    answering = [t.script for name in ("choose an answer", "check (writes the record)",
                                       "next question") for t in steps[name]]
    median = statistics.median(answering)
    verdict = "meets" if median < TARGET_SECONDS else "misses"
    print(f"\nAnswering, {len(answering)} reruns with {HISTORY}+ attempts in the record: "
          f"median {median * 1000:.0f} ms, 90th percentile {_p90(answering) * 1000:.0f} ms; "
          f"{verdict} the target of a median under {TARGET_SECONDS * 1000:.0f} ms.")
    print(f"\n{'lessons at a hand end':<28}{'hands':>6}{'found':>7}{'median':>9}{'max':>8}"
          "   (milliseconds)")
    for game_id in sorted(MEASURED_GAMES):
        seconds, found = lesson_timings(game_id)
        print(f"{game_id:<28}{len(seconds):>6}{found:>7}"
              f"{statistics.median(seconds) * 1000:>9.0f}{max(seconds) * 1000:>8.0f}")
    print_answer_cost()


if __name__ == "__main__":
    main()
