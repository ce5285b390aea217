"""The announcements that decide who wins, set on the Odds page and named beside its answers.

Each game's deciding announcements (``engine.odds.announced``: high-low and its qualifier,
the low ranking, partners' cards, draws, declarations) get a select box, keyed by game so
each game keeps its own, and kept under a second key so that leaving the page and coming
back (Streamlit forgets a widget it did not draw) keeps what was chosen. A link's
announcements fill them; a table's hand shows its own, fixed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine.games.base import SettingInfo
from engine.odds.announced import deciding, named, option_label
from ui.components.plain import plain
from ui.odds.common import kept_key, restore

__all__ = ["announcement_boxes", "say_announcements", "set_announcements"]

PREFIX = "odds_hand_setting"


def _key(game_id: str, info: SettingInfo) -> str:
    return f"{PREFIX}_{game_id}_{info.name}"


def _plain(value: Any) -> Any:
    return getattr(value, "value", value)


def set_announcements(game_id: str, settings: Mapping[str, Any]) -> None:
    """Set the boxes to a link's announcements (the house default for any it leaves out)."""
    for info in deciding(game_id):
        wanted = settings.get(info.name, info.default)
        value = next((_plain(o.value) for o in info.options
                      if _plain(o.value) == _plain(wanted)), _plain(info.default))
        st.session_state[_key(game_id, info)] = st.session_state[
            kept_key(_key(game_id, info))] = value


def _words(info: SettingInfo) -> Callable[[Any], str]:
    def words(value: Any) -> str:
        default = " (house default)" if value == _plain(info.default) else ""
        return option_label(info, value) + default
    return words


def announcement_boxes(game_id: str, *,
                       fixed: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A select box per deciding announcement; returns those that differ from the house
    defaults, as plain values (what a spot and a link carry). ``fixed``: a table's own
    announcements, shown and not changeable."""
    infos = deciding(game_id)
    if not infos:
        return {}
    chosen: dict[str, Any] = {}
    columns = st.columns(min(3, len(infos)))
    for index, info in enumerate(infos):
        key = _key(game_id, info)
        values = [_plain(o.value) for o in info.options]
        if fixed is not None:
            st.session_state[key] = _plain(fixed.get(info.name, info.default))
        else:
            restore(key)
        if st.session_state.get(key) not in values:
            st.session_state[key] = _plain(info.default)
        with columns[index % len(columns)]:
            value = st.selectbox(
                info.label, values, key=key, disabled=fixed is not None,
                format_func=_words(info),
                help=f"{info.help} The answer is settled with this announcement.")
        st.session_state[kept_key(key)] = value
        if value != _plain(info.default):
            chosen[info.name] = value
    return chosen


def say_announcements(game_id: str, settings: Mapping[str, Any]) -> None:
    """Name the announcements the answer below was settled with."""
    if deciding(game_id):
        st.caption(f"Settled with these announcements: {plain(named(game_id, settings))}.")
