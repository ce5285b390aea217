"""Isolation: visitors at the same time never see each other's cards, settings, score or
history.

Two AppTest sessions run in one process, as two visitors do on one server,
interleaved decision by decision: each keeps its own hand, seat, announcements
and history, no changeable object is reachable from both session states, and a
seat's hidden cards never reach the other page even when both play the very
same deal from different seats. (What every visitor shares, module-level
values and cached results, is kept unchangeable: see ``test_immutable``.)
"""

from __future__ import annotations

import dataclasses
import html
import types

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from engine.games import GAMES, new_hand
from engine.state import HandState
from tests.support.hostile import site_page
from tests.support.immutable import holds_nothing_to_change

PLAY, HOST, QUIZ = "play", "host", "quiz"
PREFERRED = ("Call", "Check", "Bring in", "Show my hand", "Stand pat", "High")


def _open(page: str, params: dict[str, str] | None = None) -> AppTest:
    at = site_page(page, params=params, timeout=60)
    assert not at.exception, at.exception[0].value
    return at


def _page_text(at: AppTest) -> str:
    parts = [html.unescape(str(e.proto.body)) for e in at.get("html")]
    parts += [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [b.label for b in at.button] + [e.value for e in [*at.error, *at.success]]
    return "\n".join(parts)


def _mutable_ids(value: object, seen: set[int] | None = None, depth: int = 0) -> set[int]:
    """Ids of every changeable object reachable from ``value`` (lists, dicts, hands...)."""
    seen = set() if seen is None else seen
    if id(value) in seen or depth > 40 or holds_nothing_to_change(value):
        return set()
    seen.add(id(value))
    found: set[int] = set()
    children: list[object] = []
    if isinstance(value, dict):
        found.add(id(value))
        children = [*value.keys(), *value.values()]
    elif isinstance(value, list | set | bytearray):
        found.add(id(value))
        children = list(value)
    elif isinstance(value, tuple | frozenset):
        children = list(value)
    elif isinstance(value, types.MappingProxyType):
        children = list(value.values())
    elif isinstance(value, np.ndarray):
        if value.flags.writeable:
            found.add(id(value))
    elif hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        fields = dict(getattr(value, "__dict__", {}))
        for slot in getattr(type(value), "__slots__", ()):
            if hasattr(value, slot):
                fields[slot] = getattr(value, slot)
        frozen = dataclasses.is_dataclass(value) and \
            type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
        if fields and not frozen:
            found.add(id(value))
        children = list(fields.values())
    for child in children:
        found |= _mutable_ids(child, seen, depth + 1)
    return found


def _shared_mutable(a: AppTest, b: AppTest) -> set[int]:
    """Changeable objects reachable from both session states (both kept alive meanwhile,
    so no id is reused)."""
    first, second = a.session_state.to_dict(), b.session_state.to_dict()
    return (_mutable_ids(first) & _mutable_ids(second)) - {id(first), id(second)}


def _decide(at: AppTest, prefix: str) -> None:
    pills = [p for p in at.pills if p.key and p.key.startswith(prefix)]
    if pills:
        chooser = pills[0]
        wanted = 3 if "three" in chooser.label.lower() or "expose" in chooser.label.lower() \
            else 0
        chooser.set_value(list(chooser.options[:wanted])).run()
        at.button(key=f"{prefix}_confirm").click().run()
        return
    buttons = [b for b in at.button if b.key and b.key.startswith(prefix) and not b.disabled]
    assert buttons, f"nothing to decide under {prefix}"
    chosen = next((b for word in PREFERRED for b in buttons if b.label.startswith(word)),
                  buttons[0])
    chosen.click().run()


def _hand(at: AppTest, page: str = "play") -> HandState:
    state = at.session_state[f"{page}_table"].state
    assert isinstance(state, HandState)
    return state


def _hidden_from(state: HandState, seat: int) -> list[str]:
    """Names of the cards the engine hides from ``seat`` (what its page must not show)."""
    view = state.view(seat)
    return [held.card.name for seen_seat in view.seats
            for seen, held in zip(seen_seat.cards, state.cards[seen_seat.seat], strict=True)
            if seen.card is None]


@pytest.mark.parametrize("game_id", ["seven-card-stud", "psycho"])
def test_two_players_at_the_same_deal_see_only_their_own_cards(game_id: str) -> None:
    """Same game, same seed, different seats, decisions interleaved."""
    link = {"game": game_id, "players": "3", "seed": "21"}
    first, second = _open(PLAY, {**link, "seat": "1"}), _open(PLAY, {**link, "seat": "2"})
    for _ in range(6):
        for at, seat in ((first, 0), (second, 1)):
            state = _hand(at)
            if state.is_over:
                continue
            other = second if at is first else first
            before = list(_hand(other).actions)
            assert state.to_act == (seat,)
            _decide(at, f"play_act_{len(state.actions)}")
            assert not at.exception, at.exception[0].value
            other.run()
            assert _hand(other).actions == before, "one visitor's decision moved the other's hand"
            for viewer, me in ((first, 0), (second, 1)):
                text = _page_text(viewer)
                mine = _hand(viewer)
                leaked = [c for c in _hidden_from(mine, me) if c in text]
                assert not leaked, f"Seat {me + 1}'s page shows {leaked}"
            assert not _shared_mutable(first, second), "the two sessions share a changeable object"
    assert _hand(first) is not _hand(second)
    assert _hand(first).actions != _hand(second).actions


def test_one_visitors_announcements_and_deal_never_reach_another() -> None:
    first, second = _open(PLAY), _open(PLAY)
    first.toggle(key="play_setup_open").set_value(True).run()
    first.selectbox(key="play_game").set_value("psycho").run()
    first.number_input(key="play_psycho_setting_ante").set_value(7).run()
    first.number_input(key="play_seed_choice").set_value(4242)
    first.button(key="play_deal").click().run()
    assert not first.exception, first.exception[0].value
    mine = _hand(first)
    assert (mine.game.id, mine.seed, mine.settings.ante) == ("psycho", 4242, 7)  # type: ignore[attr-defined]
    second.run()
    theirs = _hand(second)
    assert theirs is not mine and (theirs.game.id, theirs.seed) != ("psycho", 4242)
    second.toggle(key="play_setup_open").set_value(True).run()
    second.selectbox(key="play_game").set_value("psycho").run()
    assert second.number_input(key="play_psycho_setting_ante").value == 2
    assert second.number_input(key="play_seed_choice").value is None
    assert "deal number 4242" not in _page_text(second)
    assert not _shared_mutable(first, second)


def test_two_hosts_keep_their_own_typed_deals_and_steps() -> None:
    first, second = _open(HOST), _open(HOST)
    first.toggle(key="host_setup_open").set_value(True).run()
    first.selectbox(key="host_game").set_value("seven-card-stud").run()
    first.radio(key="host_source").set_value("Cards typed in").run()
    first.text_input(key="host_typed_0").set_value("Ah Ad As")
    first.button(key="host_deal").click().run()
    assert not first.exception, first.exception[0].value
    typed = _hand(first, "host")
    assert [h.card.name for h in typed.cards[0][:3]] == ["Ace of hearts", "Ace of diamonds",
                                                         "Ace of spades"]
    for _ in range(3):
        first.button(key="host_next").click().run()
    second.run()
    other = _hand(second, "host")
    assert other is not typed and other.actions == []
    assert second.session_state["host_table"].typed is None
    assert not _shared_mutable(first, second)


def test_quiz_progress_belongs_to_one_visitor() -> None:
    first, second = _open(QUIZ), _open(QUIZ)
    mark = first.session_state.to_dict()
    progress_keys = [k for k in mark if "progress" in k.lower()]
    assert progress_keys, "the quiz keeps no progress in the session"
    for key in progress_keys:
        assert first.session_state[key] is not second.session_state[key]
    assert not _shared_mutable(first, second)


def test_the_sharing_check_can_fail() -> None:
    state = new_hand("seven-card-stud", players=2, seed=1)
    shared = {"a": [1, 2]}
    one, other = {"x": state, "y": shared}, {"z": shared}
    assert _mutable_ids(one) & _mutable_ids(other) == {id(shared), id(shared["a"])}
    assert id(state.table) in _mutable_ids(one)
    assert not _mutable_ids(GAMES["psycho"].settings_type())
