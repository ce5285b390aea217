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
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from bench.rerun import Timing, _p90, _rerun, _row, baseline_timings, script_clock
from engine.bots import bot_for
from engine.games import new_hand
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.difficulty import theme
from engine.quiz.stud import choices, stud_question
from ui.store import STORE_ENV, close_stores
from ui.training.lessons import MEASURED, find_lessons
from ui.training.record import Answer, Training, ref_key

QUIZ = str(Path(__file__).resolve().parents[1] / "screens" / "quiz.py")
TARGET_SECONDS = 0.1
HISTORY = 300
ROUNDS = 12
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


def _pick(at: AppTest) -> AppTest:
    question = stud_question(at.session_state["quiz_ref"])
    group = next(b for b in at.button_group if b.label in ("Who brings in?", "Who acts first?")
                 or b.label.startswith("May the opener"))
    return group.set_value(choices(question)[0])


def lesson_timings(game_id: str) -> tuple[list[float], int]:
    """Seconds to measure seat 1's decisions in a few careless hands; lessons found."""
    kinds = MEASURED[game_id][0]
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
    for game_id in MEASURED:
        seconds, found = lesson_timings(game_id)
        print(f"{game_id:<28}{len(seconds):>6}{found:>7}"
              f"{statistics.median(seconds) * 1000:>9.0f}{max(seconds) * 1000:>8.0f}")


if __name__ == "__main__":
    main()
