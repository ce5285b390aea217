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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import streamlit as st

from engine.bots import bot_for
from engine.games import GAMES, get_game, new_hand
from engine.games.base import Settings
from engine.state import Action, Event, EventKind, HandView, seat_name
from ui.components.table import show_table


@dataclass(frozen=True, slots=True)
class Step:
    """One decision (or one round of secret choices made together) and what it caused,
    or the start of a street that decision led to.

    Step 0 is the deal before any decision and has no actions. The decision that
    ends a round is one step, headed by its own street, and the next street's
    deal is the step after it, so a step never shows another street's play.
    """

    title: str
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    view: HandView


def _by_street(events: Sequence[Event]) -> list[tuple[Event, ...]]:
    """The events cut where each street after the first begins."""
    cuts = [i for i, e in enumerate(events) if e.kind is EventKind.STREET and i > 0]
    bounds = [0, *cuts, len(events)]
    return [tuple(events[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]


def _streets_title(events: Sequence[Event], *, street: str) -> str:
    """``"Sixth card"``, or ``"5th street to Showdown"`` when one step deals several;
    ``street`` when the events start none (a decision within one street)."""
    streets = [e.text for e in events if e.kind is EventKind.STREET]
    streets = streets or [events[0].street if events else street]
    return streets[0] if len(streets) == 1 else f"{streets[0]} to {streets[-1]}"


def _as_of(after: HandView, *, events: int, street: str) -> HandView:
    """The view after a step, with only its first ``events`` events and its street."""
    return replace(after, events=after.events[:events], street=street)


def _round_closed(before: HandView, after: HandView, *, events: int, street: str) -> HandView:
    """The table when a round has just closed, before the next street is dealt.

    The engine deals the next street within the same decision, so this is the
    view after it with the newly dealt cards taken away again: chips, folds
    and kept cards are the decision's own.
    """
    seats = []
    for old, new in zip(before.seats, after.seats, strict=True):
        dealt = len(new.cards) != len(old.cards)
        seats.append(replace(new, cards=new.cards[:len(old.cards)],
                             showing=old.showing if dealt else new.showing))
    return replace(after, seats=tuple(seats), boards=before.boards, street=street,
                   events=after.events[:events], to_act=(), legal=(), bet_range=None,
                   is_over=False, settlement=None)


def _steps_of(actions: tuple[Action, ...], events: tuple[Event, ...], *,
              before: HandView | None, after: HandView) -> tuple[list[Step], tuple[Event, ...]]:
    """The steps one decision makes, and a street it opened with nothing in it yet.

    That street start waits for the next step, which is the first play in it.
    """
    parts = _by_street(events)
    carried: tuple[Event, ...] = ()
    if len(parts) > 1 and len(parts[-1]) == 1 and not after.is_over:
        carried = parts.pop()
    shown = len(after.events) - len(carried)
    if before is None or len(parts) == 1:
        own = tuple(e for part in parts for e in part)
        title = _streets_title(own, street=after.street) if before is not None else "The deal"
        view = _as_of(after, events=shown, street=own[-1].street) if carried else after
        return [Step(title, actions, own, view)], carried
    closing, opening = parts[0], tuple(e for part in parts[1:] for e in part)
    closed = _round_closed(before, after, events=shown - len(opening),
                           street=closing[0].street)
    opened = _as_of(after, events=shown, street=opening[-1].street) if carried else after
    return [Step(_streets_title(closing, street=after.street), actions, closing, closed),
            Step(_streets_title(opening, street=after.street), (), opening, opened)], \
        carried


HANDS_KEPT_PER_GAME = 8
"""Guided hands kept dealt per game: what one page deals in a visit (its usual player
counts, an announcement or two switched, a "Deal another hand" or two).

The cache holds this many for every game, so each game's guided hands stay dealt while
visitors move between the pages. The bound on memory: a hand's steps are a few hundred
kilobytes of table views at most (a ten-player hand of Pick a Partner, the largest, is
about 0.2 MB), so 8 hands for each of the games (28 now, 224 hands) stay well under
100 MB."""


@st.cache_resource(max_entries=HANDS_KEPT_PER_GAME * len(GAMES),
                   show_spinner="Dealing the hand…")
def hand_steps(game_id: str, settings_json: str, players: int, seed: int) -> tuple[Step, ...]:
    """Deal and play out one hand, keeping the host's view after every step.

    A step is one decision, or all the secret choices of a simultaneous round
    (everyone turning a card up at once) together, since the table only sees
    them revealed together. A decision that ends a round is cut from the next
    street's deal (see ``_steps_of``). Cached by its arguments: they determine the hand.
    """
    state = new_hand(game_id, players=players, seed=seed, settings=json.loads(settings_json))
    bots = {s: bot_for(game_id) for s in range(players)}
    rng = random.Random(seed)
    view = state.view(None)
    steps, carried = _steps_of((), view.events, before=None, after=view)
    while not state.is_over:
        before, seen = view, len(view.events)
        phase, together = state.phase, len(state.to_act) > 1
        actions: list[Action] = []
        while not state.is_over and (not actions or (together and state.phase is phase)):
            seat = state.to_act[0]
            action = bots[seat].choose(state, seat, rng)
            state.apply(action)
            actions.append(action)
        view = state.view(None)
        made, carried = _steps_of(tuple(actions), carried + view.events[seen:], before=before,
                                  after=view)
        steps.extend(made)
    return tuple(steps)


def _event_line(event: Event) -> str:
    text = event.text.replace("*", "\\*")
    if event.kind is EventKind.STREET:
        return f"**{text}**"
    if event.rule:
        return f"{text}  \n  ↳ *Why:* {event.rule}"
    return text


def _next_up(view: HandView, following: str) -> str:
    """Who must decide next, in words; ``following`` heads the next step (a new street)."""
    if view.is_over:
        return "The hand is over."
    if not view.to_act:
        return f"Next: {following}."
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

    # The step bar (its key ends "_step_bar"): on a phone it stays at the top of the
    # screen while the narration and the table scroll under it (``ui.sidebar.site_style``).
    with st.container(key=f"{prefix}_walk_step_bar"):
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
    # The narration (its key ends "_walk_narration"): on a phone, where it stacks above the
    # table, it scrolls inside a box of its own, so the table's cards are on the first
    # screen under the step bar too (``ui.sidebar.site_style``).
    narration, table = st.columns([1, 2])
    with narration, st.container(border=True, key=f"{prefix}_walk_narration"):
        st.markdown(f"#### {step.title}")
        new_streets = [e.street for e in step.events if e.kind is EventKind.STREET]
        for event in step.events:
            st.markdown(_event_line(event))
        for street in new_streets:
            note = street_notes.get(street)
            if note:
                st.info(note, icon=":material/menu_book:")
        st.caption(_next_up(step.view, steps[index + 1].title if index < last else ""))
    with table:
        show_table(step.view, marked=step.view.facts.marked_cards())
    with st.expander("The whole hand so far"):
        st.markdown("\n".join(f"- {_event_line(e)}" for e in step.view.events))
