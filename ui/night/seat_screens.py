"""A guest's phone at a game night: their own cards and decision first, the rest of the
table and the night after (the TV's screen is ``ui.night.tv_screen``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import streamlit as st

from engine.odds.at_table import follows
from engine.state import Action, HandState, HandView, seat_name
from ui.components.actions import action_bar
from ui.components.announcements import changed_settings_text
from ui.components.hand_now import announced_low
from ui.components.plain import plain
from ui.components.table import (
    describe_result,
    show_settlement,
)
from ui.night import record
from ui.night.choosing import hand_over
from ui.night.controller import Night, Seat, Snapshot
from ui.night.notice import P, show_told, tell
from ui.night.parts import part_html
from ui.night.show import (
    rules_links,
    show_chips,
)
from ui.odds.hand_link import hand_link

SLIDER_THUMB = '[data-testid="stSlider"] div:has(> div > input[type="range"])'
"""A slider's thumb: the box around its range input (this Streamlit draws no
``[role=slider]``)."""


def _phone_style_html() -> str:
    """Every tap target on a phone at least 44 px (buttons, card chips, the slider's thumb,
    drawn 28 px inside a clear 44 px ring); the decision, scrolled to when the turn comes,
    keeps a little room above it."""
    return ('<style>.stButton button, .stFormSubmitButton button, .stDownloadButton button, '
            '[data-testid="stButtonGroup"] button { min-height: 44px; min-width: 44px; } '
            + SLIDER_THUMB + ' { width: 44px; height: 44px; border: 8px solid transparent; '
            'background-clip: padding-box; box-sizing: border-box; } '
            '[data-testid="stSlider"] { padding: 0 22px; } '
            '.st-key-night_decision { scroll-margin-top: 12px; }</style>')


def caption(snap: Snapshot) -> str:
    hand, state = snap.data["hand"], snap.state
    assert state is not None
    return (f"Hand {hand['number']} · {state.game.name} · {state.players} players in · "
            f"announcements: {changed_settings_text(state.settings)}")


def phone(night: Night, seat: Seat, snap: Snapshot, view: HandView,
          parts: Mapping[str, str]) -> None:
    """A guest's phone: their own cards and their decision first, on screen when it is
    their turn (``ui.night.watch`` brings it into view, names the tab and buzzes), then
    the hand's news, the rest of the table and the night."""
    data, state = snap.data, snap.state
    assert seat.player is not None and state is not None
    st.html(_phone_style_html())
    me = data["players"][seat.player]["name"]
    engine_seat = record.engine_seat(data, seat.player)
    st.markdown(f"### {plain(me)}")
    show_told()
    show_notice(data)
    if data["players"][seat.player].get("left", False):
        gone_home(data, seat.player)
        return
    if data["reveal"]:
        st.warning("The host is showing every hole card on the TV, yours too, for a "
                   "demonstration.", icon=":material/visibility:")
    if data["paused"]:
        st.warning("The host has paused the table.", icon=":material/pause:")
    if not data["players"][seat.player]["person"]:
        st.info("A computer player has your seat for now; ask the host to give it back.")
    you = set() if engine_seat is None else {engine_seat}
    if engine_seat is None:
        st.info(SITTING_OUT[record.away(data, seat.player)])
    elif not state.is_over and engine_seat in state.to_act and not data["paused"]:
        st.success("**Your turn**", icon=":material/touch_app:")
    elif not state.is_over:
        show_part("turn", parts, snap.version)
    dealing = names_next_game(data, state, seat.player)
    if dealing:          # the new dealer's choice comes first, near the top of the screen
        with st.container(key=f"{P}_decision"):
            if engine_seat is not None and state.settlement is not None:
                st.subheader(describe_result(state.settlement, you), anchor=False)
            hand_over(night, seat, snap)
    show_part("mine", parts, snap.version)
    if view.legal and not data["paused"]:
        with st.container(key=f"{P}_decision"):
            action_bar(view, key=f"{P}_act_{snap.version}", title="Your decision",
                       on_choose=lambda action: choose(night, seat, snap.version, action),
                       low_ranking=announced_low(state.settings), who=seat_namer(data),
                       secret=secret_step(state), sizes=True)
    show_part("odds", parts, snap.version)
    if state.is_over:
        assert state.settlement is not None
        if engine_seat is not None and not dealing:
            with st.container(key=f"{P}_result"):
                st.subheader(describe_result(state.settlement, you), anchor=False)
        show_settlement(view, you=you)
        finished_hand_odds(state, view)
        if not dealing:
            hand_over(night, seat, snap)
    chips = data["chips"][seat.player]       # the night's count: it moves when a hand ends
    st.caption(caption(snap) + (f" · your chips after this hand: {chips}" if state.is_over
                                else f" · you began this hand with {chips} chips"))
    st.markdown(rules_links(state.game.id))
    st.markdown("**What happened** (the latest first)")
    show_part("log", parts, snap.version)
    show_part("others", parts, snap.version)
    with st.expander("Chips over the night"):
        show_chips(data, key=f"{P}_phone", chart=False)


SITTING_OUT = MappingProxyType({
    "Out of chips": "You are out of chips: you sit out the rest of the night, unless the "
                    "host takes a rebuy.",
    "Sits out": "The host has you sitting out: ask them to deal you in again.",
    "Waiting for a guest": "This chair waits for its guest.",
    "Dealt in next hand": "You are dealt in from the next hand.",
    "Sits this hand out": "You sit this hand out: you are dealt in from the next one.",
})
"""A phone's words for each reason its player is not in the hand (``record.away``)."""


def gone_home(data: Mapping[str, Any], player: int) -> None:
    """A guest the host sent home: told so, with their chips, and no hand (they play no
    more tonight, and the hand they left is over)."""
    st.info(f"The host has sent you home with {data['chips'][player]} chips: you are dealt "
            f"out for the rest of the night, and the settle-up counts what you took. The "
            f"night's results show here when the host ends it.", icon=":material/home:")
    with st.expander("Chips over the night"):
        show_chips(data, key=f"{P}_phone", chart=False)


def finished_hand_odds(state: HandState, view: HandView) -> None:
    """A link that opens the finished hand in the Odds page's calculator, as this screen
    saw it: only the cards ``view`` shows go with it (``ui.odds.hand_link``); none for a
    hand whose cards passed between players, which the calculator cannot follow."""
    if not follows(state):
        return
    st.markdown(f":material/percent: [Replay this hand's odds, as this screen saw it, on the "
                f"Odds page]({hand_link(state, view)})")


def show_notice(data: Mapping[str, Any]) -> None:
    """The host's latest word to every screen (the hole cards shown or hidden again), once
    per screen, as a toast."""
    told = record.notice(data)
    seen = f"{P}_notice_seen"
    if told is not None and st.session_state.get(seen) != told[0]:
        st.session_state[seen] = told[0]
        st.toast(plain(told[1]), icon=":material/campaign:")


def your_turn(data: Mapping[str, Any], state: HandState | None, player: int | None) -> bool:
    """Whether the guest in chair ``player`` has a decision waiting (not while paused), or
    deals next and names the game."""
    if player is None or state is None or data.get("paused"):
        return False
    if state.is_over:
        return names_next_game(data, state, player)
    engine_seat = record.engine_seat(data, player)
    return engine_seat is not None and engine_seat in state.to_act


def turn_name(data: Mapping[str, Any], state: HandState | None, player: int | None) -> str:
    """A name for the turn waiting on this guest's phone, "" when none: the same while the
    turn waits (a secret step, as the others choose), another for each new turn, naming
    the next game after a hand or deciding in the next (the phone buzzes at each)."""
    if not your_turn(data, state, player):
        return ""
    hand = data["hand"]
    assert state is not None
    if state.is_over:
        return f"deal after hand {hand['number']}"
    if secret_step(state):
        step = next(i for i, phase in enumerate(state.phases) if phase is state.phase)
        return f"hand {hand['number']} together at step {step}"
    return f"hand {hand['number']} after {len(hand['actions'])} decisions"


def ended_name(data: Mapping[str, Any], state: HandState | None, player: int | None) -> str:
    """A name for the hand this guest played that has just ended ("" otherwise): their
    phone brings its result into view once."""
    if player is None or state is None or not state.is_over or \
            record.engine_seat(data, player) is None:
        return ""
    return f"hand {data['hand']['number']}"


def started_name(data: Mapping[str, Any], state: HandState | None, player: int | None) -> str:
    """A name for the hand this guest is dealt into while it goes on ("" otherwise): when
    a new one starts, their phone brings their own cards back into view, from wherever the
    last hand's result left it."""
    if player is None or state is None or state.is_over or \
            record.engine_seat(data, player) is None:
        return ""
    return f"hand {data['hand']['number']}"


def names_next_game(data: Mapping[str, Any], state: HandState, player: int | None) -> bool:
    """Whether the guest in chair ``player`` deals next and names the game now."""
    return (state.is_over and player is not None and record.chooser(data) == player
            and len(record.seated(data, record.next_button(data))) >= 2)


def secret_step(state: HandState) -> bool:
    """Whether the step being played is made by everyone at once, in secret."""
    return bool(getattr(state.phase, "simultaneous", False))


def seat_namer(data: Mapping[str, Any]) -> Callable[[int], str]:
    """This hand's seats by the names of the people in them."""
    names = record.seat_names(data)
    return lambda seat: names[seat] if 0 <= seat < len(names) else seat_name(seat)


def choose(night: Night, seat: Seat, version: int, action: Action) -> None:
    tell(night.decide(seat, version, action))


def show_part(name: str, parts: Mapping[str, str], version: int) -> None:
    """One part of the screen, in an element a push can fill again (``ui.night.parts``)."""
    st.html(part_html(name, parts[name], version))
