"""The host's two rows of controls over the hand: how it is shown (presenter view, whose
hole cards) and where along its line (start, back, next, end)."""

from __future__ import annotations

import streamlit as st

from engine.state import seat_name
from ui.components.announcements import changed_settings_text
from ui.sessions.host import HostSession

P = "host"
PRESENTER, HOLE, REVEAL = f"{P}_presenter", f"{P}_hole_cards", f"{P}_reveal"
FACE_UP, HIDDEN = "Face up", "Hidden"


def view_options(session: HostSession) -> list[int]:
    """The presenter toggle, face up or hidden, and which seats' hole cards to show when
    hidden; the seats whose hole cards are shown. A hand opened from a guest's link keeps
    every hole card hidden."""
    state, watching = session.state, session.watching
    options = st.columns([2, 2, 3, 3], vertical_alignment="center")
    options[0].toggle("Presenter view", key=PRESENTER,
                      help="Large cards and large narration for a television; the setup and "
                           "sharing are tucked away.")
    # Face up unless the page set it (a watched hand is hidden): set here, not as the widget's
    # default, since a widget given both warns.
    st.session_state.setdefault(HOLE, FACE_UP)
    hole = options[1].segmented_control("Hole cards", [FACE_UP, HIDDEN], key=HOLE,
                                        required=True, disabled=watching,
                                        label_visibility="collapsed")
    if watching:
        reveal: list[int] = []
        options[2].caption("Opened from a guest's link: the hole cards stay hidden.")
    elif hole == HIDDEN:
        reveal = options[2].pills("Show the hole cards of", list(range(state.players)),
                                  selection_mode="multi", format_func=seat_name, key=REVEAL,
                                  label_visibility="collapsed") or []
    else:
        reveal = list(range(state.players))
    options[3].caption(f"{state.game.name} · {state.players} players · {session.source()} · "
                       f"{changed_settings_text(state.settings)}")
    return reveal


def step_buttons(session: HostSession) -> None:
    """Start, Back, Next and End along the hand's line, and how far along it is."""
    step = session.step
    # On a phone the bar stays at the top of the screen (its key ends "_step_bar", see
    # ``ui.sidebar.site_style``).
    with st.container(key=f"{P}_step_bar"):
        steps = st.columns([1, 1, 1, 1, 4], vertical_alignment="center")
        for cell, (text, icon, name, move, disabled) in zip(steps, (
                ("Start", "first_page", "start", session.to_start, step == 0),
                ("Back", "chevron_left", "back", session.back, step == 0),
                ("Next", "chevron_right", "next", session.forward, session.at_end),
                ("End", "last_page", "end", session.to_end, session.at_end)), strict=False):
            cell.button(text, icon=f":material/{icon}:", key=f"{P}_{name}", on_click=move,
                        disabled=disabled, width="stretch",
                        type="primary" if name == "next" else "secondary")
        total = session.steps_known()
        if total is None:  # no bar: nobody knows how far along a hand still being played is
            steps[4].caption(session.step_line())
        else:
            steps[4].progress(min(step / max(total, 1), 1.0), text=session.step_line())
