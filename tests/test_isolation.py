"""Isolation: visitors at the same time never see each other's cards, settings, score or
history, and what every visitor shares (module-level objects, caches) cannot change.

- Two AppTest sessions run in one process, as two visitors do on one
  server, interleaved decision by decision: each keeps its own hand, seat,
  announcements and history, no mutable object is reachable from both
  session states, and a seat's hidden cards never reach the other page even
  when both play the very same deal from different seats.
- Module-level values in ``ui/`` (and constants in ``pages/``) are of
  immutable types all the way down; so are the cached content objects and
  what every ``st.cache_data`` function returns.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import functools
import html
import importlib
import json
import re
import types
from collections.abc import Callable, Iterator
from pathlib import Path, PurePath
from typing import Any

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

import content
from engine.games import GAMES, new_hand
from engine.quiz.common import Drill, Level, QuestionRef
from engine.state import HandState
from tests.hostile import site_page

ROOT = Path(__file__).resolve().parents[1]
PLAY, HOST, QUIZ = "play", "host", "quiz"
UI_MODULES = sorted(p.stem for p in (ROOT / "ui").glob("*.py") if p.stem != "__init__")
PREFERRED = ("Call", "Check", "Bring in", "Show my hand", "Stand pat", "High")


# --- what "immutable" means -----------------------------------------------------------------


_ATOMS = (type(None), str, int, float, complex, bool, bytes, range, enum.Enum, re.Pattern,
          PurePath, type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
          types.MethodType, functools.partial)


def mutable_parts(value: object, path: str = "", seen: set[int] | None = None,
                  depth: int = 0) -> Iterator[str]:
    """Where ``value`` holds something that can be changed in place (``""`` path: itself)."""
    seen = set() if seen is None else seen
    if id(value) in seen or depth > 12:
        return
    seen.add(id(value))
    if isinstance(value, _ATOMS) or callable(value) and not hasattr(value, "__dict__"):
        return
    if isinstance(value, tuple | frozenset):
        for index, item in enumerate(value):
            yield from mutable_parts(item, f"{path}[{index}]", seen, depth + 1)
        return
    if isinstance(value, types.MappingProxyType):
        for key, item in value.items():
            yield from mutable_parts(item, f"{path}[{key!r}]", seen, depth + 1)
        return
    if isinstance(value, np.ndarray):
        if value.flags.writeable:
            yield f"{path} (a writable array)"
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not type(value).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            yield f"{path} (a {type(value).__name__}, not frozen)"
            return
        for field in dataclasses.fields(value):
            yield from mutable_parts(getattr(value, field.name), f"{path}.{field.name}", seen,
                                     depth + 1)
        return
    if callable(value):
        return
    yield f"{path} (a {type(value).__name__})"


def _assigned_at_module_level(tree: ast.Module) -> list[str]:
    names = []
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) and node.value is not None else []
        names += [t.id for t in targets if isinstance(t, ast.Name)]
    return names


# --- module-level and cached objects -----------------------------------------------------------


@pytest.mark.parametrize("module_name", UI_MODULES)
def test_module_level_values_in_ui_are_immutable(module_name: str) -> None:
    path = ROOT / "ui" / f"{module_name}.py"
    module = importlib.import_module(f"ui.{module_name}")
    found = []
    for name in _assigned_at_module_level(ast.parse(path.read_text(encoding="utf-8"))):
        if name.startswith("__"):
            continue
        found += [f"ui/{module_name}.py: {name}{where}"
                  for where in mutable_parts(getattr(module, name), "")]
    assert not found, "shared by every visitor, yet changeable:\n" + "\n".join(found)


MUTABLE_DISPLAYS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)


def test_constants_in_pages_are_immutable() -> None:
    """Pages run afresh for each visitor, but their constants read as shared: keep them so."""
    found = []
    for path in sorted((ROOT / "pages").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper()]
            value = node.value
            if names and (isinstance(value, MUTABLE_DISPLAYS) or isinstance(value, ast.Call)
                          and isinstance(value.func, ast.Name)
                          and value.func.id in ("dict", "list", "set", "defaultdict")):
                found.append(f"{path.name}:{node.lineno} {', '.join(names)}")
    assert not found, "\n".join(found)


def test_the_immutability_check_can_fail() -> None:
    assert list(mutable_parts({"a": 1}))
    assert list(mutable_parts((1, [2])))
    assert list(mutable_parts(types.MappingProxyType({"a": [1]})))
    assert not list(mutable_parts(types.MappingProxyType({"a": (1, "b")})))
    frozen = np.zeros(3)
    frozen.flags.writeable = False
    assert not list(mutable_parts(frozen)) and list(mutable_parts(np.zeros(3)))


@pytest.mark.parametrize("loader", [content.all_games, content.glossary, content.site,
                                    content.rankings], ids=lambda f: f.__name__)
def test_cached_content_shared_by_every_visitor_is_immutable(loader: Callable[[], Any]) -> None:
    assert not list(mutable_parts(loader(), loader.__name__))


SHARING_CACHES = ("cache_resource", "cache", "lru_cache", "experimental_singleton")
"""Decorators that hand every caller the same object (``st.cache_data`` hands out copies)."""
PLAIN_RETURNS = re.compile(r"(bool|int|float|str|bytes|None|tuple\[.*\]|frozenset\[.*\])")


def test_caches_shared_by_every_visitor_return_unchangeable_values() -> None:
    """``st.cache_resource`` and ``functools.cache`` in ``ui/`` and ``pages/`` may only
    return values nobody can change (``st.cache_data`` gives each caller a copy)."""
    found = []
    for path in [*sorted((ROOT / "ui").glob("*.py")), *sorted((ROOT / "pages").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            names = {ast.unparse(d.func if isinstance(d, ast.Call) else d).split(".")[-1]
                     for d in node.decorator_list}
            if names & set(SHARING_CACHES):
                returns = ast.unparse(node.returns) if node.returns else ""
                if not PLAIN_RETURNS.fullmatch(returns):
                    found.append(f"{path.relative_to(ROOT)}: {node.name} -> {returns or '?'}")
    assert not found, "shared cached objects that could be changed:\n" + "\n".join(found)


def _cache_data_samples() -> dict[str, Callable[[], object]]:
    """A call of every ``st.cache_data`` function in ``ui/``, with typical arguments."""
    from ui import quiz_drills, rankings_view, walkthrough

    return {
        "ui.walkthrough.hand_steps": lambda: walkthrough.hand_steps(
            "seven-card-stud", json.dumps({}), 3, 5),
        "ui.rankings_view._counts": lambda: rankings_view._counts(5),
        "ui.quiz_drills._sophie": lambda: quiz_drills._sophie(
            QuestionRef(Drill.SOPHIE, Level.RANDOM, 3)),
    }


def _cache_data_functions() -> set[str]:
    found = set()
    for path in sorted((ROOT / "ui").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(
                    "cache_data" in ast.unparse(d) for d in node.decorator_list):
                found.add(f"ui.{path.stem}.{node.name}")
    return found


@pytest.mark.parametrize("name", sorted(_cache_data_samples()))
def test_cache_data_returns_cannot_be_changed_in_place(name: str) -> None:
    value = _cache_data_samples()[name]()
    assert not list(mutable_parts(value, name))


def test_every_cache_data_function_is_sampled_or_returns_plain_data() -> None:
    """A new cached function must be added above (or return numbers, text or tuples)."""
    unsampled = _cache_data_functions() - set(_cache_data_samples())
    for name in sorted(unsampled):
        module_name, function = name.rsplit(".", 1)
        tree = ast.parse((ROOT / "ui" / f"{module_name.split('.')[-1]}.py").read_text())
        (node,) = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                   and n.name == function]
        returns = ast.unparse(node.returns) if node.returns else ""
        assert re.fullmatch(r"(tuple\[.*\]|int|float|str|bytes|bool|Answer|Tally)", returns), \
            f"{name} returns {returns or 'something unannotated'}: add a sample above"


# --- two visitors at once ------------------------------------------------------------------------


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
    if id(value) in seen or depth > 40 or isinstance(value, _ATOMS):
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
    state = at.session_state[f"{page}_hand"]
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
    assert second.session_state["host_typed"] is None
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
