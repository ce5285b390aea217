"""What every visitor shares cannot be changed: module-level values and cached results.

One server process serves every visitor, so a module-level table or a cached
result that someone changes in place changes it for everybody. Every module
under ``engine`` and ``content`` is walked: each module-level value must be
immutable all the way down (frozen dataclasses, tuples, frozensets, read-only
mappings and arrays), apart from modules, classes, functions, typing constructs
and the locks and thread pool that are shared on purpose. Every cached
function's result is held to the same rule, by trying to write into each part
of it (writing back the value already there, so a failure corrupts nothing).
"""

from __future__ import annotations
import __future__

import ast
import dataclasses
import enum
import importlib
import pkgutil
import re
import threading
import types
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePath
from typing import Any

import numpy as np
import pytest

import content
import engine
from engine.cards import parse_cards
from engine.games import get_game, make_settings
from engine.games.psycho import DrawLimit
from engine.games.stud import StudSettings
from engine.hands import LowRanking
from engine.quiz.common import Drill, Level, QuestionRef

ROOT = Path(__file__).resolve().parents[1]
MODULES = ("content", *sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")))

_ATOMS = (type(None), str, int, float, complex, bool, bytes, range, enum.Enum, re.Pattern,
          PurePath)
_CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
         types.MethodType, types.MethodWrapperType, types.WrapperDescriptorType,
         types.MethodDescriptorType, types.GenericAlias, types.UnionType, __future__._Feature)
_SHARED_ON_PURPOSE = (type(threading.Lock()), type(threading.RLock()), ThreadPoolExecutor)
"""Locks and the evaluator's thread pool: made to be shared between threads."""


def _is_code(value: object) -> bool:
    """Modules, classes, functions (cached ones too) and typing constructs."""
    return (isinstance(value, _CODE) or type(value).__module__ == "typing"
            or callable(value) and hasattr(value, "cache_info"))


def changeable_parts(value: object, path: str = "value",
                     seen: set[int] | None = None) -> Iterator[str]:
    """Where ``value`` can be changed in place, as paths such as ``value.ranks[5]``."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, (*_ATOMS, *_SHARED_ON_PURPOSE)) or _is_code(value):
        return
    seen.add(id(value))
    if isinstance(value, tuple | frozenset):
        for index, item in enumerate(value):
            yield from changeable_parts(item, f"{path}[{index}]", seen)
    elif isinstance(value, types.MappingProxyType):
        for key, item in value.items():
            yield from changeable_parts(key, f"{path} key {key!r}", seen)
            yield from changeable_parts(item, f"{path}[{key!r}]", seen)
    elif isinstance(value, np.ndarray):
        if value.dtype == object:
            yield f"{path} (an array of objects)"
        elif _write_back(lambda: value.__setitem__(Ellipsis, value.copy()), ValueError):
            yield f"{path} (a writable array)"
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if _write_back(lambda f=field.name, i=item: setattr(value, f, i),
                           dataclasses.FrozenInstanceError, AttributeError):
                yield f"{path}.{field.name} (can be set: {type(value).__name__} is not frozen)"
            yield from changeable_parts(item, f"{path}.{field.name}", seen)
    elif not _stateless(value):
        yield f"{path} (a {type(value).__name__})"


def _stateless(value: object) -> bool:
    """An object with nothing in it to set, such as a game: no ``__dict__``, and every
    class it is made of declares empty ``__slots__``."""
    return not hasattr(value, "__dict__") and all(
        "__slots__" in vars(cls) and not cls.__slots__ for cls in type(value).__mro__[:-1])


def _write_back(attempt: Callable[[], object], *refusals: type[Exception]) -> bool:
    """Whether ``attempt`` (which writes back what is there) succeeds, rather than being
    refused with one of ``refusals``."""
    try:
        attempt()
    except refusals:
        return False
    return True


# --- The checker can fail ----------------------------------------------------------------------


@dataclasses.dataclass
class _Loose:
    items: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class _Frozen:
    items: Any


class _Stateless:
    __slots__ = ()


class _Open:
    """Anything can be set on it."""


@pytest.mark.parametrize("value", [
    {"a": 1}, [1], {1}, bytearray(b"x"), np.zeros(3), (1, [2]), frozenset({(1, _Open())}),
    types.MappingProxyType({"a": [1]}), _Loose((1,)), _Frozen({"a": 1}), _Frozen(np.zeros(2)),
    types.SimpleNamespace(a=1), _Open(),
    np.array([None], dtype=object),
], ids=lambda v: type(v).__name__)
def test_the_checker_finds_what_can_change(value: object) -> None:
    assert list(changeable_parts(value))


def test_the_checker_passes_what_cannot_change() -> None:
    frozen = np.arange(4)
    frozen.flags.writeable = False
    value = _Frozen((1, "a", None, frozen, frozenset({2}), _Stateless(), threading.Lock(),
                     types.MappingProxyType({"k": (_Frozen(3.5), re.compile("x"), int)})))
    assert not list(changeable_parts(value))
    assert np.array_equal(frozen, np.arange(4))


def test_the_checker_writes_back_what_was_there() -> None:
    array, loose = np.arange(5), _Loose((7,))
    assert list(changeable_parts(array)) and list(changeable_parts(loose))
    assert array.tolist() == [0, 1, 2, 3, 4] and loose.items == (7,)


# --- Module-level values -------------------------------------------------------------------


@pytest.mark.parametrize("module_name", MODULES)
def test_module_level_values_cannot_change(module_name: str) -> None:
    module = importlib.import_module(module_name)
    found = [f"{module_name}.{where}"
             for name, value in vars(module).items() if not name.startswith("__")
             for where in changeable_parts(value, name)]
    assert not found, "shared by every visitor, yet changeable:\n" + "\n".join(found)


# --- Cached results ---------------------------------------------------------------------------


CACHING = {"cache", "lru_cache", "cached_property", "_built_once"}
"""Decorators that hand every caller the same object."""


def _sophie_question() -> Any:
    from engine.quiz.sophie import sophie_question

    return sophie_question(QuestionRef(Drill.SOPHIE, Level.RANDOM, 3))


def _samples() -> dict[str, Callable[[], object]]:
    """A typical call of every cached function (or property) under ``engine`` and ``content``."""
    from engine import deals, fast, hands
    from engine.odds import deals as odds_deals
    from engine.odds import exact, partner, psycho_draw, sophie

    question = _sophie_question()
    hand = tuple(c.code for c in parse_cards("Ah 2d 3c 9s 9h"))
    return {
        "content.glossary": content.glossary,
        "content.load_game": lambda: content.load_game("psycho"),
        "content.site": content.site,
        "content.rankings": content.rankings,
        "engine.deals._plan": lambda: deals._plan(
            "seven-card-stud", 4, make_settings(get_game("seven-card-stud"), None)),
        "engine.fast._digest": fast._digest,
        "engine.fast._has_flush": lambda: fast._has_flush(7),
        "engine.fast._tables": fast._tables,
        "engine.fast._dense": lambda: fast._dense(5, "high"),
        "engine.fast._pool": fast._pool,
        "engine.games.base.Settings.schema": StudSettings.schema,
        "engine.hands._five_score": lambda: hands._five_score(2 * 3 * 5 * 7 * 11 << 2 | 1),
        "engine.odds.deals._table": lambda: odds_deals._table(10, 3),
        "engine.odds.exact._multisets": lambda: exact._multisets(5),
        "engine.odds.exact._high": lambda: exact._high(5),
        "engine.odds.exact._low": lambda: exact._low(LowRanking.ACE_TO_FIVE, 5),
        "engine.odds.partner._fit_table": partner._fit_table,
        "engine.odds.psycho_draw._options": lambda: psycho_draw._options(
            hand, DrawLimit.FOUR_WITH_ACE),
        "engine.odds.sophie._strength": sophie._strength,
        "engine.quiz.sophie.SophieQuestion.choices": lambda: question.choices,
        "engine.quiz.sophie.SophieQuestion.judged": lambda: question.judged,
    }


def _cached_functions() -> set[str]:
    """Every function or method under ``engine`` and ``content`` with a caching decorator
    (functions inside functions are made afresh for each call, so are not shared)."""
    found = set()
    for path in [*sorted((ROOT / "engine").rglob("*.py")), ROOT / "content" / "__init__.py"]:
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scopes = [(f"{module}.", tree.body)]
        scopes += [(f"{module}.{node.name}.", node.body) for node in tree.body
                   if isinstance(node, ast.ClassDef)]
        for prefix, body in scopes:
            for node in body:
                if isinstance(node, ast.FunctionDef) and CACHING & {
                        ast.unparse(d.func if isinstance(d, ast.Call) else d).split(".")[-1]
                        for d in node.decorator_list}:
                    found.add(prefix + node.name)
    return found


def test_every_cached_function_is_sampled() -> None:
    """A new cached function must get a sample call above, so its result is checked."""
    assert _cached_functions() == set(_samples())


@pytest.mark.parametrize("name", sorted(_samples()))
def test_cached_results_cannot_change(name: str) -> None:
    call = _samples()[name]
    first, again = call(), call()
    assert first is again, "the sample does not reach the cache"
    found = list(changeable_parts(first, name))
    assert not found, "shared by every caller, yet changeable:\n" + "\n".join(found)


def test_content_cannot_be_changed_at_any_depth() -> None:
    """Every game's content is checked, then the deepest values are tried by hand: a
    field, a mapping, a tuple."""
    assert not list(changeable_parts(content.all_games(), "all_games"))
    game = content.load_game("pick-a-partner")
    example = next(iter(game.examples.values()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.at_a_glance.players = "many"  # type: ignore[misc]
    with pytest.raises(TypeError):
        example.cards["you"] = "Ah"  # type: ignore[index]
    with pytest.raises(TypeError):
        game.walkthrough.streets["first"] = "text"  # type: ignore[index]
    with pytest.raises(TypeError):
        content.rankings().lows[0].examples[0] = "7 5 4 3 2"  # type: ignore[index]
    with pytest.raises(TypeError):
        content.glossary()["new"] = game.glossary[0]  # type: ignore[index]
