"""A controller's notice drawn as Streamlit's message of the same tone, as plain text."""

from __future__ import annotations

from types import MappingProxyType

import streamlit as st

from ui.components.plain import plain
from ui.sessions.notice import Notice, Tone

_DRAW = MappingProxyType({Tone.SUCCESS: st.success, Tone.INFO: st.info, Tone.ERROR: st.error})


def show_notice(notice: Notice | None) -> None:
    if notice is not None:
        _DRAW[notice.tone](plain(notice.text))
