"""Question links that give nothing away: ``?q=<sealed>`` instead of the drill, level and seed.

A question's seed deals every card of it, those a stud drill keeps face down
included, so a link never carries it in the clear: the reference is sealed as
hands are (``ui.sessions.sealing``: encrypted and authenticated, still opening
after a restart). Links written before sealing (``?drill=...&level=...&seed=...``)
keep loading. A seal is new each time it is made, so each visitor keeps the one
made for a question and the address bar does not change on every rerun.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from engine.quiz.common import LinkError, QuestionRef
from ui.sessions.sealing import SealError, seal, unseal
from ui.training.record import parse_key, ref_key

PARAM = "q"
PLAIN = ("drill", "level", "seed", "game")
"""The parameters of a link written before sealing (``game`` for a drill dealt per game)."""
_KEPT = "quiz_sealed_links"
_MOST_KEPT = 64


def sealed(ref: QuestionRef) -> str:
    """The question's sealed reference, made once per visitor and question."""
    kept: dict[str, str] = st.session_state.setdefault(_KEPT, {})
    key = ref_key(ref)
    token = kept.get(key)
    if token is None:
        if len(kept) >= _MOST_KEPT:
            kept.clear()
        token = kept[key] = seal({"v": 1, "q": key})
    return token


def question_params(ref: QuestionRef) -> dict[str, str]:
    return {PARAM: sealed(ref)}


def read_sealed(token: str) -> QuestionRef:
    """The question a sealed link names; :class:`LinkError` with a clear message if none."""
    try:
        payload = unseal(token)
    except SealError:
        raise LinkError("This question link was not made by this site, or it was changed "
                        "on the way.") from None
    ref = parse_key(str(payload.get("q", ""))) if payload.get("v") == 1 else None
    if ref is None:
        raise LinkError("This question link was made by a version of the site that cannot "
                        "read it.")
    return ref


def names_question(params: Mapping[str, str]) -> bool:
    """Whether the address names a question (a game alone does not)."""
    return PARAM in params or any(name in params for name in PLAIN if name != "game")


def read_question(params: Mapping[str, str], *, tutorial_size: int) -> QuestionRef:
    """The question a link names, sealed or plain; :class:`LinkError` if it cannot be read."""
    if PARAM in params:
        return read_sealed(params[PARAM])
    plain = {name: value for name, value in params.items() if name in PLAIN}
    return QuestionRef.from_params(plain, tutorial_size=tutorial_size)


def query(params: Mapping[str, str]) -> str:
    """``?a=1&b=2`` for a link on the page (sealed tokens and secrets are URL-safe)."""
    return "?" + "&".join(f"{name}={value}" for name, value in params.items())
