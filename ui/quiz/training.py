"""The quiz page's training record: the training link, answers kept, the next question
chosen, the Mistakes and Progress views.

The record is made by the first answer; its secret goes in the address bar as
``?training=<secret>`` beside the question's reference, so a bookmark or the
link opened on another device (or scanned from its QR code) brings back the
same record. A link that opens nothing says so, and the next answer starts a
fresh record with a new link; it never opens anyone else's.
"""

from __future__ import annotations

import datetime as dt
import random
import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any

import segno
import streamlit as st

from engine.quiz.common import QuestionRef, Verdict
from ui.components.plain import plain
from ui.registry import site_game
from ui.store import NotFound, StoreError, open_store
from ui.training.charts import queue_chart, rating_chart, theme_chart
from ui.training.choose import choose_near, daily_set
from ui.training.lessons import MEASURED_GAMES, lesson_ref, usable
from ui.training.ratings import Rating
from ui.training.record import (
    Answer,
    Training,
    UnknownQuestion,
    Unreadable,
    lesson_key,
    parse_key,
    ref_key,
    refusal,
)
from ui.training.standing import Mistake, Standing, history, standing

PARAM = "training"
_SECRET = "quiz_training_secret"
_ID = "quiz_training_id"
_NOTE = "quiz_training_note"
_DAMAGED = "quiz_training_damaged"
"""(record id, why) of the record the address names when it cannot be read."""
_CACHE = "quiz_training_cache"
_LOG_DAMAGE = "quiz_training_log_damage"
_REVIEW = "quiz_review_only"
_NEAR = "quiz_near"
_DAILY = "quiz_daily"
_LESSON = "quiz_lesson"
_SOURCE = "quiz_source"
_RATED = "quiz_question_rating"
"""The question chosen near the learner's rating, with the rating it was chosen by."""
VIEWS = ("Quiz", "Mistakes", "Progress")
VIEW = "quiz_view"


def training() -> Training:
    """This visitor's handle on the store (it remembers where the shared ratings are)."""
    handle: Training | None = st.session_state.get("quiz_training")
    if handle is None or handle.store is not open_store():
        handle = st.session_state["quiz_training"] = Training(open_store())
    return handle


def record_id() -> str | None:
    return st.session_state.get(_ID)


def secret() -> str | None:
    return st.session_state.get(_SECRET)


def open_training_link() -> None:
    """Open the record the address's training link names, or say it opens none."""
    given = st.query_params.get(PARAM)
    if given is None or given == secret():
        return
    found = training().open(given)
    if found is None:
        st.session_state[_NOTE] = ("This training link opens no training record: it may "
                                   "be mistyped, cut short or deleted. Your next answer "
                                   "starts a fresh record with a new link.")
        for key in (_SECRET, _ID, _CACHE):
            st.session_state.pop(key, None)
        del st.query_params[PARAM]
        return
    st.session_state[_SECRET], st.session_state[_ID] = given, found
    st.session_state.pop(_CACHE, None)


def open_record() -> None:
    """At the start of each run: the record the address names, read again if it moved."""
    open_training_link()
    refresh()


def show_note() -> None:
    note = st.session_state.pop(_NOTE, None)
    if note:
        st.warning(note, icon=":material/link_off:")
    show_damaged()


def show_damaged() -> None:
    """A record the link opens but nobody can read: say so, keep it as it is, offer its
    stored text for download and a fresh record (which the next answer also starts)."""
    damaged = st.session_state.get(_DAMAGED)
    if damaged is None or record_id() is not None:
        return
    found, reason = damaged
    with st.container(border=True, key="quiz_training_damaged"):
        st.error(f"This training record cannot be read: {plain(reason)}. Nothing in it has "
                 "been changed. You can download it as it is stored, and start a fresh "
                 "record (your next answer starts one too).", icon=":material/error:")
        with st.container(horizontal=True):
            st.download_button("Download the damaged record", _stored_text(found),
                               file_name="training-record-damaged.json",
                               mime="application/octet-stream",
                               key="quiz_training_damaged_download",
                               icon=":material/download:")
            st.button("Start a fresh record", key="quiz_training_fresh",
                      icon=":material/restart_alt:", on_click=_start_fresh)


def _stored_text(found: str) -> str:
    try:
        return training().stored_text(found)
    except (NotFound, StoreError):
        return ""


def _start_fresh() -> None:
    made_secret, made_id = training().start()
    st.session_state.pop(_DAMAGED, None)
    st.session_state.pop(_CACHE, None)
    st.session_state[_SECRET], st.session_state[_ID] = made_secret, made_id
    st.query_params[PARAM] = made_secret
    st.session_state[_NOTE] = ("A fresh training record is started; the damaged one is "
                               "kept as it was under its old link.")


def _forget(note: str | None = None) -> None:
    """Let go of the record this browser had open (the next answer starts a fresh one)."""
    for key in (_SECRET, _ID, _CACHE):
        st.session_state.pop(key, None)
    if note is not None:
        st.session_state[_NOTE] = note


def refresh() -> None:
    """Read the record again if its version has moved (an answer on another device): once
    at the start of each run, the one store read a run makes when nothing changed."""
    found = record_id()
    if found is None:
        return
    cached = st.session_state.get(_CACHE)
    try:
        if cached is None or cached[0] != training().store.version(found):
            record = training().read(found)
            st.session_state[_CACHE] = (record.version, record.data, standing(record.data))
            st.session_state.pop(_DAMAGED, None)
    except NotFound:
        st.query_params.pop(PARAM, None)
        _forget("This training record is no longer there (deleted on another device?). "
                "Your next answer starts a fresh record.")
    except Unreadable as error:
        _forget()
        st.session_state[_DAMAGED] = (found, error.reason)
    except Exception:  # noqa: BLE001 - the store cannot be reached: say so, never a traceback
        _forget("Your training record cannot be reached just now: reload the page to "
                "try again.")


def data() -> dict[str, Any] | None:
    """The record's data as :func:`refresh` last read it (or as the last answer wrote it)."""
    if record_id() is None:
        return None
    if _CACHE not in st.session_state:
        refresh()
    cached = st.session_state.get(_CACHE)
    return None if cached is None else cached[1]


def current_standing() -> Standing | None:
    if data() is None:
        return None
    found: Standing = st.session_state[_CACHE][2]
    return found


def link_params(*, lesson: str | None = None) -> dict[str, str]:
    """What a link back to this record holds besides the question: the training link and
    the lesson (``lesson``, "" for none; by default the one on screen)."""
    params = {}
    if secret() is not None:
        params[PARAM] = secret() or ""
    if lesson is None:
        lesson = st.session_state.get(_LESSON) or ""
    if lesson:
        params["lesson"] = lesson
    return params


def lesson_id() -> str | None:
    """The id of the lesson on screen, if the question is one."""
    found: str | None = st.session_state.get(_LESSON)
    return found


def current_key(ref: QuestionRef) -> str:
    lesson = st.session_state.get(_LESSON)
    return lesson_key(lesson) if lesson is not None else ref_key(ref)


def record_answer(ref: QuestionRef, verdict: Verdict, seconds: float) -> bool:
    """Keep the answer in the record, making the record (and its link) on the first one;
    whether it was made now (the page then draws its views and controls afresh). An
    answer to a question the site does not ask is refused with a message, and nothing
    is kept or made."""
    handle = training()
    theme = verdict.theme or ref.drill.label
    key = current_key(ref)
    rated = st.session_state.get(_RATED)
    answer = Answer(key, ref.drill, theme, verdict.correct, seconds, answer=verdict.answer,
                    solution=verdict.solution, headline=verdict.headline,
                    source=st.session_state.get(_SOURCE, "quiz"))
    refused = refusal(answer)
    if refused is not None:
        st.error(plain(refused), icon=":material/block:")
        return False
    made = record_id() is None
    if made:
        made_secret, made_id = handle.start()
        st.session_state[_SECRET], st.session_state[_ID] = made_secret, made_id
        st.session_state.pop(_DAMAGED, None)
        st.query_params[PARAM] = made_secret
    found = record_id()
    assert found is not None
    try:
        record = handle.answer(found, answer,
                               question=rated[1] if rated and rated[0] == key else None)
    except NotFound:
        st.query_params.pop(PARAM, None)
        _forget()
        st.warning("This training record was deleted (on another device?), so this answer "
                   "was not kept. Your next answer starts a fresh record.",
                   icon=":material/link_off:")
        return False
    except Unreadable as error:
        _forget()
        st.session_state[_DAMAGED] = (found, error.reason)
        st.error(f"This answer was not kept: {plain(str(error))}.", icon=":material/error:")
        return False
    except UnknownQuestion as error:
        st.error(plain(str(error)), icon=":material/block:")
        return False
    except StoreError as error:
        st.warning(f"This answer could not be kept in your training record: {error}.",
                   icon=":material/warning:")
        return False
    st.session_state[_CACHE] = (record.version, record.data, standing(record.data))
    return made


def lesson() -> dict[str, Any] | None:
    """The lesson on screen (a question made from a played hand), if it is one."""
    lesson_id = st.session_state.get(_LESSON)
    found = data()
    if lesson_id is None or found is None:
        return None
    kept: dict[str, Any] | None = found.get("lessons", {}).get(lesson_id)
    return kept


def next_ref(ref: QuestionRef, *, near: bool = True) -> QuestionRef | None:
    """The next question the record chooses (None: the page's own choice).

    A mistake that is due comes first (in review-only sessions, every open mistake,
    the soonest due first); then the rest of the daily set; then, with the record on,
    a question near the learner's rating in this drill (unless ``near`` is off: the
    worked examples go in order).
    """
    st.session_state.pop(_LESSON, None)
    st.session_state.pop(_RATED, None)
    st.session_state[_SOURCE] = "quiz"
    now = current_standing()
    if now is None:
        return None
    clock = datetime.now(dt.UTC)
    review_only = bool(st.session_state.get(_REVIEW))
    waiting = now.mistakes if review_only else now.due(clock)
    waiting = tuple(m for m in waiting if m.ref is not None or _usable(m.lesson_id))
    for mistake in waiting:
        if mistake.key == current_key(ref) and len(waiting) > 1:
            continue
        st.session_state[_SOURCE] = "review"
        if mistake.ref is not None:
            return mistake.ref
        st.session_state[_LESSON] = mistake.lesson_id
        return _lesson_ref(mistake)
    if review_only:
        st.session_state[_REVIEW] = False
        st.session_state[_NOTE] = "No mistakes are waiting: back to new questions."
    daily: list[QuestionRef] = st.session_state.get(_DAILY, [])
    if daily:
        st.session_state[_SOURCE] = "daily"
        st.session_state[_DAILY] = daily[1:]
        return daily[0]
    if not near or not st.session_state.get(_NEAR, True):
        return None
    learner = now.drills.get(ref.drill, Rating()).rating
    chosen, rating = choose_near(ref.drill, learner, ratings=training().question_ratings,
                                 rng=random.Random(secrets.randbits(64)), game=ref.game)
    st.session_state[_RATED] = (ref_key(chosen), rating)
    return chosen


def _lesson_ref(mistake: Mistake) -> QuestionRef:
    found = data() or {}
    return lesson_ref(found.get("lessons", {}).get(mistake.lesson_id, {}))


def linked_lesson() -> tuple[str, QuestionRef] | None:
    """The lesson the address names, if this browser's record holds it."""
    wanted = st.query_params.get("lesson")
    if wanted is None:
        return None
    found = data()
    kept = (found or {}).get("lessons", {}).get(wanted)
    if kept is None or not _usable(wanted):
        del st.query_params["lesson"]
        return None
    return wanted, lesson_ref(kept)


def start_daily() -> None:
    st.session_state[_DAILY] = list(daily_set(datetime.now(dt.UTC).date()))
    st.session_state[_REVIEW] = False


def choose_view() -> str:
    """The Quiz, Mistakes and Progress views; the two last only with a record."""
    now = current_standing()
    if now is None:
        return "Quiz"
    chosen = st.segmented_control("View", VIEWS, key=VIEW, default="Quiz",
                                  label_visibility="collapsed")
    return chosen or "Quiz"


def controls(on_next: Any) -> None:
    """Review only, near my rating, and the daily set: shown once a record exists."""
    if record_id() is None:
        st.caption("Your first answer starts a training record: ratings, mistakes to "
                   "review and progress, kept under a private link.")
        return
    with st.container(horizontal=True, gap="medium", vertical_alignment="center"):
        st.toggle("Review only", key=_REVIEW,
                  help="Ask only the questions you missed, until each is answered right.")
        st.toggle("Questions near my rating", key=_NEAR, value=True,
                  help="Each new question is the one, of several dealt, whose rating is "
                       "closest to yours in this drill.")
        st.button("Daily set of ten", key="quiz_daily_start", icon=":material/today:",
                  on_click=_start_daily_set, args=(on_next,))


def _start_daily_set(on_next: Callable[[], None]) -> None:
    """The daily set's button: begin the set, then deal its first question."""
    start_daily()
    on_next()


def qr_svg(url: str) -> str:
    """The link as a QR code in SVG, drawn by segno."""
    return str(segno.make(url, error="m").svg_inline(scale=4, dark="#111", light="#fff"))


def _absolute(query: str) -> str:
    """The quiz page's own address with ``query``, for a QR code read on another device."""
    try:
        page = str(st.context.url or "")
    except (AttributeError, RuntimeError):
        page = ""
    return page.split("?", 1)[0] + query if page else "/quiz" + query


def show_link_box() -> None:
    """The training link to bookmark or open elsewhere, with its QR code."""
    given = secret()
    if given is None:
        return
    with st.expander("Your training link: bookmark it, or open it on another device",
                     icon=":material/key:"):
        st.markdown("Anyone with this link can see and change this training record, so "
                    "keep it to yourself. It is the only way back to the record.")
        st.code(f"?{PARAM}={given}", language=None)
        cached = st.session_state.get("quiz_training_qr")
        if cached is None or cached[0] != given:
            cached = st.session_state["quiz_training_qr"] = (
                given, qr_svg(_absolute(f"?{PARAM}={given}")))
        st.image(cached[1], width=200,
                 caption="Scan to open your training record on a phone")
        found = record_id()
        assert found is not None
        st.download_button("Download my record (JSON)", lambda: training().export(found),
                           file_name="training-record.json", mime="application/json",
                           key="quiz_training_download", icon=":material/download:")
        say_damaged_entries(found, "left out of the download, which holds all the rest")
        if st.button("Delete my record", key="quiz_training_delete", icon=":material/delete:",
                     help="Removes every attempt, rating and mistake for good."):
            training().delete(found)
            st.session_state.pop(_LESSON, None)
            del st.query_params[PARAM]
            _forget("Your training record is deleted.")
            st.rerun()


def damaged_entries(found: str) -> int:
    """How many entries of the record's log cannot be read: the whole log is read once a
    visit, then only the entries added since."""
    cached = st.session_state.get(_LOG_DAMAGE)
    start, damaged = (cached[1], cached[2]) if cached and cached[0] == found else (0, 0)
    try:
        count = training().store.entry_count(found)
        if count > start:
            damaged += training().log(found, start, count).damaged
    except StoreError:
        return 0
    st.session_state[_LOG_DAMAGE] = (found, count, damaged)
    return damaged


def say_damaged_entries(found: str, what_happens: str) -> None:
    """A note when some of the record's answers cannot be read (a damaged store)."""
    damaged = damaged_entries(found)
    if damaged:
        counted, they = ("1 answer", "it is") if damaged == 1 else (f"{damaged} answers",
                                                                      "they are")
        st.warning(f"{counted} kept in your record cannot be read (the stored text is "
                   f"damaged), so {they} {what_happens}.", icon=":material/warning:")


def show_ratings() -> None:
    """The learner's rating in each drill answered, and how many mistakes wait."""
    now = current_standing()
    if now is None or not now.drills:
        return
    waiting = now.waiting
    st.markdown("**Your ratings**  \n" + " · ".join(
        f"{drill.label}: {rating.rating:.0f} (±{2 * rating.rd:.0f})"
        for drill, rating in now.drills.items())
        + f"  \nMistakes to review: {waiting}")


def show_mistakes() -> None:
    """Every question waiting for review, why it was missed, and when it comes back."""
    now = current_standing()
    if now is None:
        return
    if not now.mistakes:
        st.success("No mistakes waiting: every missed question has been answered right.")
        return
    clock = datetime.now(dt.UTC)
    explained = _explanations(now.mistakes)
    st.markdown(f"**{len(now.mistakes)} question(s) to review**, the soonest due first. "
                "Each comes back until you answer it right.")
    if now.parked:
        st.caption(f"{now.parked} more missed question(s) wait behind these, and come back "
                   "as you clear them.")
    for mistake in now.mistakes:
        with st.container(border=True):
            where = ("from a hand you played" if mistake.ref is None
                     else drill_title(mistake.ref))
            due = "due now" if mistake.due <= clock else f"due {_when(mistake.due, clock)}"
            st.markdown(f"**{plain(mistake.theme)}** ({where}) · missed {mistake.misses}× · "
                        f"{due}")
            headline, solution = explained.get(mistake.key, (mistake.headline,
                                                             mistake.solution))
            if headline:
                st.markdown(plain(headline))
            if solution:
                st.markdown(f"The answer: {plain(solution)}.")
    st.button("Review them now", key="quiz_review_now", type="primary",
              on_click=_review_now)


def _explanations(mistakes: tuple[Mistake, ...]) -> dict[str, tuple[str, str]]:
    """(headline, solution) of each mistake whose explanation is in the attempt that last
    missed it, read from the log (one entry per mistake shown)."""
    found = record_id()
    explained: dict[str, tuple[str, str]] = {}
    if found is None:
        return explained
    for mistake in mistakes:
        if mistake.log is None:
            continue
        try:
            entries = training().store.entries(found, mistake.log, mistake.log + 1)
        except StoreError:
            break
        if entries:
            explained[mistake.key] = (str(entries[0].get("headline", "")),
                                      str(entries[0].get("solution", "")))
    return explained


def _review_now() -> None:
    st.session_state[_REVIEW] = True
    st.session_state[VIEW] = "Quiz"
    st.session_state["quiz_review_requested"] = True


def review_requested() -> bool:
    return bool(st.session_state.pop("quiz_review_requested", False))


def drill_title(ref: QuestionRef) -> str:
    """The drill's name, with the game for a drill dealt per game ("What is legal here:
    Razz")."""
    game = site_game(ref.game) if ref.game else None
    return f"{ref.drill.label}: {game.name}" if game is not None else ref.drill.label


def _when(due: datetime, now: datetime) -> str:
    seconds = (due - now).total_seconds()
    if seconds < 3600:
        return f"in {max(1, round(seconds / 60))} min"
    if seconds < 86400 * 2:
        return f"in {round(seconds / 3600)} h"
    return f"in {round(seconds / 86400)} days"


def show_progress_charts() -> None:
    now, found = current_standing(), record_id()
    if now is None or found is None or not now.attempts:
        st.info("Answer a few questions to see your progress here.")
        return
    try:
        points = history(training().attempts(found))
    except StoreError as error:
        st.warning(f"Your attempts cannot be read just now: {plain(str(error))}.",
                   icon=":material/warning:")
        return
    st.metric("Answers kept", f"{now.right} right of {now.attempts}")
    say_damaged_entries(found, "left out of these charts")
    st.plotly_chart(rating_chart(points), key="quiz_chart_rating")
    st.plotly_chart(theme_chart(now), key="quiz_chart_themes")
    st.plotly_chart(queue_chart(points), key="quiz_chart_queue")


def show_play_lessons(session: Any) -> None:
    """On the Play page after a hand: the decisions that cost the most, as questions.

    With a training record open in this browser they go straight into its review
    queue; without one, a button starts a record with them.
    """
    if session.state.game.id not in _lesson_games():
        return
    with st.spinner("Measuring your decisions against the odds…"):
        found = session.lessons()
    if not found:
        return
    with st.container(border=True, key="play_lessons"):
        st.markdown("**Lessons from this hand**")
        for lesson in found.values():
            st.markdown(f"- {plain(lesson['theme'])}: {plain(lesson['headline'])}")
        if record_id() is None:
            st.button("Keep these as questions to review (starts a training record)",
                      key="play_lessons_keep", icon=":material/school:",
                      on_click=_keep_lessons, args=(found,))
            return
        refresh()
        kept = (data() or {}).get("lessons", {})
        if not set(found) <= set(kept):
            _keep_lessons(found)
        st.markdown(f"They wait in your review queue: [practise them in the quiz]"
                    f"(/quiz?{PARAM}={secret() or ''}) (the Mistakes view lists them).")


def _usable(lesson_id: str | None) -> bool:
    """Whether the record holds this lesson in a form that can be asked."""
    return lesson_id is not None and usable((data() or {}).get("lessons", {}).get(lesson_id))


def _lesson_games() -> frozenset[str]:
    return MEASURED_GAMES


def _keep_lessons(found: dict[str, dict[str, Any]]) -> None:
    handle = training()
    if record_id() is None:
        made_secret, made_id = handle.start()
        st.session_state[_SECRET], st.session_state[_ID] = made_secret, made_id
    found_id = record_id()
    assert found_id is not None
    handle.add_lessons(found_id, found)
    st.session_state.pop(_CACHE, None)


__all__ = ["PARAM", "parse_key"]
