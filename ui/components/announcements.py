"""The dealer's announcements for one game, drawn from the engine's settings schema.

Every default, option and effect shown here is read from the game's
``Settings`` class (``engine/games``), never retyped: the page and the dealt
hand cannot disagree. Widgets are keyed ``<prefix>_setting_<name>`` so each
page keeps its own choices; each choice is also kept under a key no widget owns, since
Streamlit forgets a widget's value on a run that does not draw it, so a learner who
leaves the page and comes back finds the announcements as they set them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from engine.games import get_game
from engine.games.base import SettingInfo, Settings, SettingsError


def _key(prefix: str, info: SettingInfo) -> str:
    return f"{prefix}_setting_{info.name}"


def _kept(key: str) -> str:
    """Where a control's value is kept while the control is not on the page."""
    return f"{key}_kept"


def _held(prefix: str, schema: Sequence[SettingInfo],
          fixed: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Each setting's value as its control holds it (its default before it is drawn);
    a ``fixed`` value, set elsewhere on the page and not offered here, wins."""
    state = st.session_state
    held = {info.name: state.get(_key(prefix, info),
                                 state.get(_kept(_key(prefix, info)), info.default))
            for info in schema}
    held.update({name: value for name, value in (fixed or {}).items() if name in held})
    return held


def _label(value: Any, info: SettingInfo) -> str:
    option = next(o for o in info.options if o.value == value)
    return option.label + (" (house default)" if value == info.default else "")


def _reset(prefix: str, schema: Sequence[SettingInfo]) -> None:
    for info in schema:
        st.session_state[_key(prefix, info)] = info.default


def _number_row(prefix: str, numbers: list[SettingInfo]) -> None:
    columns = st.columns(len(numbers))
    for column, info in zip(columns, numbers, strict=True):
        with column:
            st.number_input(f"{info.label}", key=_key(prefix, info), min_value=info.minimum,
                            max_value=info.maximum, step=1,
                            help=f"{info.help} House default: {info.default}.")


def _choice(prefix: str, info: SettingInfo) -> None:
    with st.container(border=True):
        values = [o.value for o in info.options]
        st.radio(f"**{info.label}**", values, key=_key(prefix, info),
                 format_func=lambda v: _label(v, info),
                 captions=[o.effect for o in info.options], help=info.help)


def announcement_controls(game_id: str, *, prefix: str,
                          fixed: Mapping[str, Any] | None = None) -> Settings:
    """Show every announcement as a control and return the settings they make.

    Numbers (chips and stakes) sit in one row; each choice is a radio whose
    captions say what the option changes. A setting named in ``fixed`` is set
    elsewhere on the page (a game night's starting chips) and is not offered
    again, so the page cannot hold two values for it. Settings the engine
    refuses (a bring-in above the small bet, say) are explained and the house
    defaults are used instead.
    """
    game = get_game(game_id)
    settings_type = game.settings_type
    schema = [info for info in settings_type.schema() if info.name not in (fixed or {})]
    state = st.session_state
    for info in schema:
        key = _key(prefix, info)
        if key not in state:
            state[key] = state.get(_kept(key), info.default)
    numbers = [info for info in schema if not info.options]
    choices = [info for info in schema if info.options]
    if numbers:
        st.markdown("**Chips and stakes**" if any(i.name == "chips" for i in numbers)
                    else "**Stakes**")
        _number_row(prefix, numbers)
    for start in range(0, len(choices), 2):
        columns = st.columns(2)
        for column, info in zip(columns, choices[start:start + 2], strict=False):
            with column:
                _choice(prefix, info)
    st.button("Back to the house defaults", key=f"{prefix}_settings_reset",
              on_click=_reset, args=(prefix, schema))
    for info in schema:
        state[_kept(_key(prefix, info))] = state[_key(prefix, info)]
    try:
        return settings_type(**_held(prefix, schema, fixed))
    except SettingsError as error:
        st.error(f"{error}. The hand below uses the house defaults until this is fixed.",
                 icon=":material/back_hand:")
        return settings_type()


def chosen_settings(game_id: str, *, prefix: str,
                    fixed: Mapping[str, Any] | None = None) -> Settings:
    """The settings the controls of :func:`announcement_controls` hold now, for a button's
    callback (which runs before they are drawn again): a choice made just before the
    click counts. Settings the engine refuses give the house defaults."""
    settings_type = get_game(game_id).settings_type
    try:
        return settings_type(**_held(prefix, settings_type.schema(), fixed))
    except SettingsError:
        return settings_type()


def changed_settings_text(settings: Settings) -> str:
    """A short line naming the announcements that differ from the house defaults."""
    changes = settings.changes()
    if not changes:
        return "House defaults"
    by_name = {info.name: info for info in settings.schema()}
    parts = []
    for name in changes:
        info = by_name[name]
        value = getattr(settings, name)
        shown = next((o.label for o in info.options if o.value == value), str(value))
        parts.append(f"{info.label}: {shown}")
    return "; ".join(parts)
