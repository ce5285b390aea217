"""A guided hand: a real, seeded hand from the live engine, stepped with Next and Back.

The hand is dealt by ``engine.games.new_hand`` under the page's current
announcements and played out by the engine's computer players, one decision
per step. Each step shows the whole table (the host's view: every card, the
hidden ones marked) and the engine's own narration of what happened and which
rule made it so, with a note from ``content/`` when a street begins. The same
(game, settings, players, seed) always gives the same hand.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass

import streamlit as st

from engine.bots import bot_for
from engine.cards import Card
from engine.games import get_game, new_hand
from engine.games.base import Settings
from engine.games.pick_a_partner_steps import first_up
from engine.state import Action, Event, EventKind, HandState, HandView, seat_name
from ui.table_view import show_table


@dataclass(frozen=True, slots=True)
class Step:
    """One decision (or one round of secret choices made together) and what it caused.

    Step 0 is the deal before any decision and has no actions.
    """

    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    view: HandView
    marked: frozenset[Card] = frozenset()
    """Cards to ring on the table: Pick a Partner's first up cards, which every team
    hand must use."""


def _marked(state: HandState) -> frozenset[Card]:
    if state.game.id == "pick-a-partner":
        return frozenset(first_up(state).values())
    return frozenset()


@st.cache_data(max_entries=64, show_spinner="Dealing the hand…")
def hand_steps(game_id: str, settings_json: str, players: int, seed: int) -> tuple[Step, ...]:
    """Deal and play out one hand, keeping the host's view after every step.

    A step is one decision, or all the secret choices of a simultaneous round
    (everyone turning a card up at once) together, since the table only sees
    them revealed together. Cached by its arguments: they determine the hand.
    """
    state = new_hand(game_id, players=players, seed=seed, settings=json.loads(settings_json))
    bots = {s: bot_for(game_id) for s in range(players)}
    rng = random.Random(seed)
    view = state.view(None)
    steps = [Step(actions=(), events=view.events, view=view, marked=_marked(state))]
    while not state.is_over:
        seen = len(view.events)
        phase, together = state.phase, len(state.to_act) > 1
        actions = []
        while not state.is_over and (not actions or (together and state.phase is phase)):
            seat = state.to_act[0]
            action = bots[seat].choose(state, seat, rng)
            state.apply(action)
            actions.append(action)
        view = state.view(None)
        steps.append(Step(actions=tuple(actions), events=view.events[seen:], view=view,
                          marked=_marked(state)))
    return tuple(steps)


def _event_line(event: Event) -> str:
    text = event.text.replace("*", "\\*")
    if event.kind is EventKind.STREET:
        return f"**{text}**"
    if event.rule:
        return f"{text}  \n  ↳ *Why:* {event.rule}"
    return text


def _next_up(view: HandView) -> str:
    """Who must decide next and what they may do, in words."""
    if view.is_over:
        return "The hand is over."
    names = ", ".join(seat_name(s) for s in view.to_act)
    if len(view.to_act) > 1:
        return f"Next: {names} choose at the same time, in secret."
    return f"Next: {names} to act."


def _go(key: str, value: int) -> None:
    st.session_state[key] = value


@st.fragment
def show_walkthrough(game_id: str, *, settings: Settings, prefix: str,
                     street_notes: Mapping[str, str], players: int, seed: int) -> None:
    """The step controls, the table at this step, and the narration of this step.

    A fragment: Next and Back rerun only this part of the page.
    """
    game = get_game(game_id)
    settings_json = json.dumps(settings.to_dict(), sort_keys=True)
    steps = hand_steps(game.id, settings_json, players, seed)
    step_key, hand_key = f"{prefix}_walk_step", f"{prefix}_walk_hand"
    identity = f"{game.id}|{settings_json}|{players}|{seed}"
    if st.session_state.get(hand_key) != identity:
        st.session_state[hand_key] = identity
        st.session_state[step_key] = 0
    last = len(steps) - 1
    index = min(max(int(st.session_state.get(step_key, 0)), 0), last)

    controls = st.columns([1, 1, 1, 1, 3], vertical_alignment="center")
    buttons = (("Start", "first_page", "first", 0, index == 0),
               ("Back", "chevron_left", "back", index - 1, index == 0),
               ("Next", "chevron_right", "next", index + 1, index == last),
               ("End", "last_page", "last", last, index == last))
    for column, (label, icon, name, target, disabled) in zip(controls, buttons, strict=False):
        column.button(label, icon=f":material/{icon}:", key=f"{prefix}_walk_{name}",
                      disabled=disabled, on_click=_go, args=(step_key, target),
                      type="primary" if name == "next" else "secondary", width="stretch")
    controls[4].progress(index / last if last else 1.0,
                         text=f"Step {index} of {last}")

    step = steps[index]
    narration, table = st.columns([1, 2])
    with narration, st.container(border=True):
        st.markdown(f"#### {step.view.street if step.actions else 'The deal'}")
        new_streets = [e.street for e in step.events if e.kind is EventKind.STREET]
        for event in step.events:
            st.markdown(_event_line(event))
        for street in new_streets:
            note = street_notes.get(street)
            if note:
                st.info(note, icon=":material/menu_book:")
        st.caption(_next_up(step.view))
    with table:
        show_table(step.view, marked=step.marked)
    with st.expander("The whole hand so far"):
        st.markdown("\n".join(f"- {_event_line(e)}" for e in step.view.events))
