"""The quiz page's shared parts: the current question, links, the clock, verdicts, progress.

Session keys all start with ``quiz_``. The current question is only its
``QuestionRef``; the question itself is generated again from it on each run.
A drill's own module (``ui.quiz.partner``, ``ui.quiz.drills``) draws the
question and returns a ``Judge``: a function that judges the answer given so
far, or ``None`` while the answer is incomplete.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.quiz.common import MAX_SEED, Drill, Level, LinkError, QuestionRef, Verdict, timed
from engine.quiz.partner import TUTORIAL_SIZE
from engine.quiz.progress import SET_SIZE, Attempt, Progress, SetSummary, format_duration
from ui.components.cards import show_cards
from ui.components.plain import plain
from ui.quiz import links
from ui.quiz import training as quiz_training
from ui.registry import SITE_GAMES, site_game
from ui.sidebar import current_game, picked_since
from ui.training.choose import games_for

Judge = Callable[[], Verdict]
TIME_LIMIT = 30
"""Seconds per question in the timed mode."""

_REF = "quiz_ref"
_VERDICT = "quiz_verdict"
_PROGRESS = "quiz_progress"
_STARTED = "quiz_started_at"
_LINK_ERROR = "quiz_link_error"
_DRILL = "quiz_drill"
_GAME = "quiz_drill_game"
_LEVEL = "quiz_level"
_TIMED = "quiz_timed"
_NONCE = "quiz_question_number"
_FEEDBACK = "quiz_feedback"
_CHECK = "quiz_check"
ANSWER_KEY = "quiz_answer"
"""The container of every drill's answer control; its buttons are styled as one."""
MIN_TAP_PX = 48
"""The height of every answer and action button: a thumb's width on a phone, over 44 px."""


def _starting_ref(game_id: str) -> QuestionRef:
    """The question a visitor starts with for the game chosen in the sidebar: the game's
    own drill (``ui/registry.py``), or for a game without one the drills every game gets,
    dealt for it (the best five cards, else what is legal here)."""
    game = site_game(game_id)
    own = game.drill if game is not None else None
    if own is not None and own is not Drill.SHOWDOWN:
        return _first_ref(own)
    drill = Drill.BEST_FIVE if game_id in games_for(Drill.BEST_FIVE) else Drill.LEGAL
    return _first_ref(drill, game_id)


def _fresh_seed() -> int:
    return secrets.randbelow(MAX_SEED + 1)


def _drill_game(drill: Drill, wanted: str) -> str:
    """The game a per-game drill deals for: ``wanted`` if the drill offers it, else the
    drill's first ("" for a drill that deals for no game)."""
    games = games_for(drill)
    if not games:
        return ""
    return wanted if wanted in games else games[0]


def _first_ref(drill: Drill, game: str = "") -> QuestionRef:
    level = drill.levels[0]
    return QuestionRef(drill, level, 0 if level is Level.TUTORIAL else _fresh_seed(),
                       _drill_game(drill, game or current_game()))


def _start(ref: QuestionRef) -> None:
    """Make ``ref`` the current question, unanswered, with its clock started."""
    st.session_state[_REF] = ref
    st.session_state[_VERDICT] = None
    st.session_state[_STARTED] = time.monotonic()
    st.session_state[_NONCE] = st.session_state.get(_NONCE, 0) + 1
    keep_link(ref)


def current_ref() -> QuestionRef:
    """The question on screen: the current game's drill for a new visitor, and again
    whenever another game is chosen in the sidebar (a drill dealt per game stays, dealt
    for the game chosen, when it offers it)."""
    game = current_game()
    picked = picked_since("quiz_game_picks")
    if _REF not in st.session_state:
        _start(_starting_ref(game))
    elif picked:
        ref: QuestionRef = st.session_state[_REF]
        if ref.drill.per_game and game in games_for(ref.drill):
            if ref.game != game:
                _start(_first_ref(ref.drill, game))
        else:
            wanted = _starting_ref(game)
            if (ref.drill, ref.game) != (wanted.drill, wanted.game):
                _start(wanted)
    found: QuestionRef = st.session_state[_REF]
    return found


def progress() -> Progress:
    kept: Progress = st.session_state.setdefault(_PROGRESS, Progress())
    return kept


def open_linked_question() -> None:
    """Open the question a link names (sealed, or plain as links were before sealing);
    a bad link gets a clear message, never a traceback."""
    linked_lesson = quiz_training.linked_lesson()
    if linked_lesson is not None:
        if st.session_state.get("quiz_lesson") != linked_lesson[0]:
            st.session_state["quiz_lesson"] = linked_lesson[0]
            _start(linked_lesson[1])
        return
    params = st.query_params.to_dict()
    if not links.names_question(params):
        return
    ref = st.session_state.get(_REF)
    if ref is not None and params.get(links.PARAM) == links.sealed(ref):
        return
    try:
        linked = links.read_question(params, tutorial_size=TUTORIAL_SIZE)
    except LinkError as error:
        st.session_state[_LINK_ERROR] = str(error)
        for name in (links.PARAM, *links.PLAIN, "lesson"):
            st.query_params.pop(name, None)
        return
    st.session_state.pop("quiz_lesson", None)
    _start(linked)


def show_link_error() -> None:
    message = st.session_state.pop(_LINK_ERROR, None)
    if message:
        st.error(f"{plain(message)} Here is a new question instead.",
                 icon=":material/link_off:")


def question_key(name: str) -> str:
    """A widget key that is new with each question, so its widgets start afresh."""
    return f"{name}_{st.session_state.get(_NONCE, 0)}"


def choose_drill() -> QuestionRef:
    """The drill and level pickers and the timed switch; returns the current question.

    Clicking another drill or level starts a new question of that kind; a click
    on the chosen pill (which unselects it) keeps what was there.
    """
    ref = current_ref()
    drill = st.pills("Drill", list(Drill), default=ref.drill, key=question_key(_DRILL),
                     format_func=lambda d: Drill(d).label)
    if ref.drill.per_game:
        game = st.selectbox("Game", _listed(ref.drill), index=_index(ref),
                            key=question_key(_GAME), format_func=_game_name,
                            help="The game this drill deals for; it starts with the game "
                                 "chosen in the sidebar.")
        if game is not None and game != ref.game:
            st.session_state.pop("quiz_lesson", None)
            _start(QuestionRef(ref.drill, ref.level, _fresh_seed(), game))
            st.rerun()
    left, right = st.columns([3, 2])
    with left:
        level = st.pills("Level", list(ref.drill.levels), default=ref.level,
                         key=question_key(_LEVEL), format_func=lambda lv: Level(lv).label)
    with right:
        st.toggle(f"Timed: {TIME_LIMIT} seconds a question", key=_TIMED,
                  on_change=_restart_clock,
                  help="Switching it on starts the full time for the question on screen. "
                       "An answer after the time is up counts as a miss.")
    drill = Drill(drill or ref.drill)
    level = Level(level or ref.level)
    if drill is not ref.drill or level is not ref.level:
        st.session_state.pop("quiz_lesson", None)
    if drill is not ref.drill:
        _start(_first_ref(drill))
        st.rerun()
    if level is not ref.level:
        _start(QuestionRef(drill, level, 0 if level is Level.TUTORIAL else _fresh_seed(),
                           ref.game))
        st.rerun()
    return ref


def _listed(drill: Drill) -> list[str]:
    """The games a per-game drill offers, in the order the site lists them."""
    offered = set(games_for(drill))
    return [game for game in SITE_GAMES if game in offered]


def _index(ref: QuestionRef) -> int | None:
    games = _listed(ref.drill)
    return games.index(ref.game) if ref.game in games else None


def _game_name(game_id: str) -> str:
    game = site_game(game_id)
    return game.name if game is not None else game_id


def _restart_clock() -> None:
    """Give the question on screen the full time when the timer is switched on,
    not what is left of the time since the question opened."""
    st.session_state[_STARTED] = time.monotonic()


def show_progress() -> None:
    """Score, streak and the accuracy of each drill answered this session."""
    tally = progress()
    columns = st.columns(4)
    columns[0].metric("Score", f"{tally.score} / {tally.asked}")
    columns[1].metric("Streak", tally.streak, help=f"Best streak: {tally.best_streak}")
    in_set = 0 if tally.set_finished and not answered() else tally.in_set
    columns[2].metric("This set", f"{in_set} / {SET_SIZE}")
    per_drill = tally.by_drill()
    if per_drill:
        columns[3].markdown("**Accuracy by drill**  \n" + "  \n".join(
            f"{drill.label}: {t.right}/{t.asked} ({t.accuracy:.0%})"
            for drill, t in per_drill.items() if t.accuracy is not None))


def show_clock(ref: QuestionRef) -> None:
    """In the timed mode, a bar that runs down in the browser while the question is open.

    The animation is named after the moment the clock started, so a clock
    started afresh (the timer switched on) runs again from full in the browser.
    """
    if not st.session_state.get(_TIMED) or answered() or checking():
        return
    started = st.session_state.get(_STARTED, time.monotonic())
    left = max(0.0, TIME_LIMIT - (time.monotonic() - started))
    share = left / TIME_LIMIT * 100
    stamp = int(started * 1000)
    st.html(
        f'<div role="timer" aria-label="{left:.0f} seconds left" style="margin:4px 0 10px">'
        f'<style>@keyframes quiz-clock-{ref.seed}-{stamp:d} '
        f'{{ from {{ width: {share:.1f}%; }} to {{ width: 0%; }} }} '
        f'@keyframes quiz-late-{ref.seed}-{stamp:d} {{ to {{ opacity: 1; }} }}'
        f'</style><div style="height:10px;background:#e4e7e3;border-radius:5px;'
        f'overflow:hidden"><div style="height:10px;background:#d98c00;width:0%;'
        f'animation:quiz-clock-{ref.seed}-{stamp:d} {left:.1f}s linear forwards"></div></div>'
        f'<div style="font-size:13px;color:#a33;opacity:0;animation:quiz-late-{ref.seed}-{stamp:d} '
        f'0s {left:.1f}s forwards">Time is up: an answer now counts as a miss.</div></div>'
    )


def answer_choices(label: str, options: Sequence[str], *, key: str, locked: bool,
                   several: bool = False) -> Any:
    """The answer control every drill shares: one wrapping row of large tappable buttons.

    Returns the option chosen (``None`` before), or with ``several`` the list chosen.
    """
    with st.container(key=ANSWER_KEY):
        return st.pills(label, options, selection_mode="multi" if several else "single",
                        key=key, disabled=locked)


def answer_area() -> DeltaGenerator:
    """The container a drill with its own answer control (cards to tap) draws it in,
    so its buttons take the same size as every other drill's."""
    return st.container(key=ANSWER_KEY)


def answer_bar(ref: QuestionRef, judge: Judge | None, *, prompt: str) -> None:
    """What follows every drill's answer, in the same place: the Check button, then the
    verdict with the Next question button (or the set summary) right under it."""
    st.html(f"<style>.st-key-quiz_answer button, .st-key-quiz_feedback button {{"
            f" min-height: {MIN_TAP_PX:d}px; font-size: 1rem; padding: 0.4rem 0.7rem; }}"
            "</style>")
    with st.container(key=_FEEDBACK):
        verdict: Verdict | None = st.session_state.get(_VERDICT)
        if verdict is None:
            _check_button(ref, judge, prompt=prompt)
        else:
            _feedback(ref, verdict)


def _check_button(ref: QuestionRef, judge: Judge | None, *, prompt: str) -> None:
    """The Check button: judges the answer, applies the clock, records the result and
    shows the verdict in the same run (the question above was drawn locked already, and
    the score and ratings are drawn after this, see :func:`checking`)."""
    slot = st.empty()
    if slot.button("Check my answer", key=_CHECK, type="primary", disabled=judge is None,
                   help=None if judge is not None else prompt) and judge is not None:
        slot.empty()
        verdict = judge()
        elapsed = time.monotonic() - st.session_state.get(_STARTED, time.monotonic())
        if st.session_state.get(_TIMED):
            verdict = timed(verdict, seconds=elapsed, limit=TIME_LIMIT)
        st.session_state[_VERDICT] = verdict
        st.session_state[_PROGRESS] = progress().record(Attempt(
            ref, verdict.correct, verdict.headline, verdict.answer,
            solution=verdict.solution, theme=verdict.theme, seconds=elapsed,
            lesson=quiz_training.lesson_id() or ""))
        if quiz_training.record_answer(ref, verdict, elapsed):
            st.rerun()  # the first answer: the record's views and controls appear above
        _feedback(ref, verdict)
        return
    if judge is None:
        st.caption(prompt)


def checking() -> bool:
    """Whether this run was started by the Check button: the question is then drawn
    locked, as it will be once judged, so the answer is judged without a second run."""
    return bool(st.session_state.get(_CHECK)) and not answered()


def answered() -> bool:
    return st.session_state.get(_VERDICT) is not None


def next_question() -> None:
    """Move on: the record's choice (a mistake due, the daily set, near the rating) or a
    fresh question of this drill and level."""
    _next_question()


def _next_question() -> None:
    ref = current_ref()
    if ref.level is Level.TUTORIAL:
        following = (QuestionRef(ref.drill, ref.level, ref.seed + 1)
                     if ref.seed + 1 < TUTORIAL_SIZE
                     else QuestionRef(ref.drill, Level.RANDOM, _fresh_seed()))
    else:
        following = QuestionRef(ref.drill, ref.level, _fresh_seed(), ref.game)
    in_tutorial = following.level is Level.TUTORIAL
    _start(quiz_training.next_ref(ref, near=not in_tutorial) or following)


def _feedback(ref: QuestionRef, verdict: Verdict) -> None:
    """The judged answer: headline, then the way on, then why, the hands and the choices."""
    if verdict.correct:
        st.success(verdict.headline, icon=":material/check_circle:")
    else:
        st.error(verdict.headline, icon=":material/cancel:")
    if progress().set_finished:
        show_set_summary(progress().summary())
    else:
        st.button("Next question", key="quiz_next", type="primary", on_click=_next_question)
    for line in verdict.details:
        st.markdown(line)
    if verdict.rows:
        columns = st.columns(len(verdict.rows))
        for column, row in zip(columns, verdict.rows, strict=True):
            with column:
                st.markdown(f"**{row.label}**")
                show_cards(row.cards, size="small", label=row.label)
    if verdict.table:
        st.table(pd.DataFrame(list(verdict.table), columns=list(verdict.columns)),
                 hide_index=True, border="horizontal")
    share_link(ref)


def share_link(ref: QuestionRef) -> None:
    """The link that reopens this very question for anyone (never the training record's
    link; a lesson from a played hand is one learner's own, so it has none)."""
    if quiz_training.lesson_id() is not None:
        return
    shared = links.query(links.question_params(ref))
    note = " (it opens the question only, not your training record)" if (
        quiz_training.secret()) else ""
    st.markdown(f"Link to this question{note}: [{shared[:24]}…]({shared})")


def own_link(ref: QuestionRef, lesson: str) -> str:
    """The link that reopens a question (or, ``lesson`` given, a lesson) in this learner's
    training record."""
    extra = quiz_training.link_params(lesson=lesson)
    return links.query({**({} if "lesson" in extra else links.question_params(ref)), **extra})


def keep_link(ref: QuestionRef) -> None:
    """Keep the address bar pointing at the current question (or lesson), and the
    training link beside it."""
    extra = quiz_training.link_params()
    wanted = {**({} if "lesson" in extra else links.question_params(ref)), **extra}
    if st.query_params.to_dict() != wanted:
        st.query_params.from_dict(wanted)


def show_set_summary(summary: SetSummary) -> None:
    """After the last answer of a set: its score and time, what was missed by drill and
    theme, each missed question with its right answer and link, and the way to the next set."""
    asked = len(summary.attempts)
    with st.container(border=True, key="quiz_set_summary"):
        st.markdown(f"#### Set complete: {summary.right} of {asked} right")
        with st.container(horizontal=True, gap="medium"):
            st.metric("Set score", f"{summary.right} / {asked}", width="content")
            st.metric("Set time", format_duration(summary.seconds), width="content")
            st.metric("A question", format_duration(summary.seconds / asked), width="content")
        missed = summary.missed_themes()
        if not missed:
            st.markdown("No misses in this set.")
        else:
            st.markdown("**Missed, by drill and theme**  \n" + "  \n".join(
                f"{drill.label}: " + " · ".join(
                    theme if count == 1 else f"{theme} (×{count})"
                    for theme, count in themes.items())
                for drill, themes in missed.items()))
            st.markdown("**The questions missed, with their answers**")
            st.markdown("\n".join(_missed_line(number, attempt)
                                  for number, attempt in enumerate(summary.attempts, start=1)
                                  if not attempt.correct))
        st.button("Start the next set", key="quiz_next_set", type="primary",
                  on_click=_next_question)


def _missed_line(number: int, attempt: Attempt) -> str:
    """One missed question in the summary: where it was, its link, the answer, what was said."""
    theme = f", {attempt.theme.lower()}" if attempt.theme else ""
    answer = (f" The answer: {attempt.solution}." if attempt.solution
              else f" {attempt.headline}")
    said = f" You {attempt.answer}." if attempt.answer else ""
    return (f"- Question {number}, **{quiz_training.drill_title(attempt.ref)}**{theme} "
            f"([open again]({own_link(attempt.ref, attempt.lesson)})):{answer}{said}")

