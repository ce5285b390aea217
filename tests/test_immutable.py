"""What every visitor shares cannot be changed: module-level values and cached results.

One server process serves every visitor, so a module-level table or a cached
result that someone changes in place changes it for everybody. Every module
under ``engine``, ``content`` and ``ui`` is walked: each module-level value must
be immutable all the way down (frozen dataclasses, tuples, frozensets,
read-only mappings and arrays), apart from modules, classes, functions (cached
ones too), typing constructs and the locks and thread pool that are shared on
purpose. Every cached function's result is held to the same rule, by trying
to write into each part of it (writing back the value already there, so a
failure corrupts nothing): ``functools`` caches and Streamlit's
``st.cache_resource`` hand every caller the same object, and
``st.cache_data`` results are checked too, though each caller gets a copy.
Pages run afresh for each visitor and cannot be imported on their own, so
their source is read: constants are not lists, dicts or sets, and a shared
cache declares a plain return.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import json
import pkgutil
import re
import threading
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import streamlit as st

import content
from engine.actions import Event, EventKind
from engine.cards import parse_cards
from engine.games import get_game, make_settings
from engine.games.psycho import DrawLimit
from engine.games.stud import StudSettings
from engine.hands import HandKind, LowRanking
from engine.quiz.common import Drill, Level, QuestionRef
from tests.support.immutable import (
    holds_nothing_to_change,
)

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("content", "engine", "ui")
MODULES = tuple(name for package in PACKAGES for name in (
    package, *sorted(m.name for m in pkgutil.walk_packages(
        importlib.import_module(package).__path__, f"{package}."))))


def changeable_parts(value: object, path: str = "value",
                     seen: set[int] | None = None) -> Iterator[str]:
    """Where ``value`` can be changed in place, as paths such as ``value.ranks[5]``."""
    seen = set() if seen is None else seen
    if id(value) in seen or holds_nothing_to_change(value):
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


@functools.cache
def _cached() -> int:
    return 1


@st.cache_data
def _cached_by_streamlit() -> int:
    return 1


@pytest.mark.parametrize("value", [
    {"a": 1}, [1], {1}, bytearray(b"x"), np.zeros(3), (1, [2]), frozenset({(1, _Open())}),
    types.MappingProxyType({"a": [1]}), _Loose((1,)), _Frozen({"a": 1}), _Frozen(np.zeros(2)),
    types.SimpleNamespace(a=1), _Open(),
    np.array([None], dtype=object), functools.partial(int, base=2),
], ids=lambda v: type(v).__name__)
def test_the_checker_finds_what_can_change(value: object) -> None:
    """A ``functools.partial`` is not code: its keywords are a dict anyone can change."""
    assert list(changeable_parts(value))


def test_the_checker_passes_what_cannot_change() -> None:
    frozen = np.arange(4)
    frozen.flags.writeable = False
    value = _Frozen((1, "a", None, frozen, frozenset({2}), _Stateless(), threading.Lock(),
                     types.MappingProxyType({"k": (_Frozen(3.5), re.compile("x"), int)}),
                     _cached, _cached_by_streamlit, st))
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


MUTABLE_DISPLAYS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)


def test_constants_in_pages_are_immutable() -> None:
    """Pages run afresh for each visitor, but their constants read as shared: keep them so."""
    found = []
    for path in sorted((ROOT / "screens").glob("*.py")):
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


# --- Cached results ---------------------------------------------------------------------------


SHARING = {"cache", "lru_cache", "cached_property", "_built_once", "cache_resource",
           "experimental_singleton"}
"""Decorators that hand every caller the same object."""
COPYING = {"cache_data", "experimental_memo"}
"""Streamlit's data cache, which hands each caller its own copy."""
STREAMLIT = {"cache_resource", "experimental_singleton", "cache_data", "experimental_memo"}
"""Streamlit keys its caches by a function's name and code, not by the function object."""
PLAIN_RETURNS = re.compile(r"(bool|int|float|str|bytes|None|tuple\[.*\]|frozenset\[.*\])")
PLAIN_COPIES = re.compile(r"(tuple\[.*\]|int|float|str|bytes|bool|Answer|Tally)")
"""What an unsampled ``st.cache_data`` function may return: its own copy of plain data."""


def _decorators(node: ast.FunctionDef) -> set[str]:
    return {ast.unparse(d.func if isinstance(d, ast.Call) else d).split(".")[-1]
            for d in node.decorator_list}


def _returns(node: ast.FunctionDef) -> str:
    return ast.unparse(node.returns) if node.returns else ""


def _cached_in(body: list[ast.stmt], prefix: str, *,
               in_function: bool) -> dict[str, ast.FunctionDef]:
    found = {}
    for node in body:
        if isinstance(node, ast.ClassDef):
            found |= _cached_in(node.body, f"{prefix}{node.name}.", in_function=in_function)
        elif isinstance(node, ast.FunctionDef):
            if _decorators(node) & (STREAMLIT if in_function else SHARING | COPYING):
                found[prefix + node.name] = node
            found |= _cached_in(node.body, f"{prefix}{node.name}.", in_function=True)
    return found


def _cached_functions(*folders: str) -> dict[str, ast.FunctionDef]:
    """Every function or method in ``folders`` with a caching decorator, by dotted name.

    A ``functools`` cache made inside a function is made afresh for each call, so is not
    shared; a Streamlit cache inside a function is shared all the same, so it is listed
    (and, as it cannot be sampled, must move to module level).
    """
    found = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found |= _cached_in(tree.body, f"{module}.", in_function=False)
    return found


def _sophie_question() -> Any:
    from engine.quiz.sophie import sophie_question

    return sophie_question(QuestionRef(Drill.SOPHIE, Level.RANDOM, 3))


def _samples() -> dict[str, Callable[[], object]]:
    """A typical call of every shared cache (function or property) under ``engine``,
    ``content`` and ``ui``."""
    from engine import badugi, deals, fast, fast_wild, hands, hole_board, lowball, short_deck, wild
    from engine.bots import psycho as bots_psycho
    from engine.games import GAMES, declaration, declared
    from engine.odds import advice, at_table, exact, making, partner, psycho_draw, sophie
    from engine.odds import deals as odds_deals
    from engine.odds.stud import StudHand
    from engine.quiz import common, showdown
    from ui import registry
    from ui.components import cards as card_faces
    from ui.learn import example_partner, walkthrough
    from ui.night import show as night_show
    from ui.odds import common as odds_common
    from ui.sessions import sealing

    question = _sophie_question()
    hand = tuple(c.code for c in parse_cards("Ah 2d 3c 9s 9h"))
    five = tuple(sorted(parse_cards("Ah 2d 3c 9s 9h")))
    omaha = (tuple(parse_cards("Ac 2c Kd Kh")), tuple(parse_cards("3d 5s 8h Ks 9c")))
    return {
        "content.glossary": content.glossary,
        "content.load_game": lambda: content.load_game("psycho"),
        "content.site": content.site,
        "content.rankings": content.rankings,
        "engine.deals._plan": lambda: deals._plan(
            "seven-card-stud", 4, make_settings(get_game("seven-card-stud"), None)),
        "engine.games.declared._hand_types": lambda: declared._hand_types(
            get_game("omaha"), make_settings(get_game("omaha"), None)),
        "engine.deals.regular_deck": lambda: deals.regular_deck(
            "baseball", players=4, settings=make_settings(get_game("baseball"), None)),
        "engine.bots.psycho._reference": lambda: bots_psycho._reference(LowRanking.ACE_TO_FIVE),
        "engine.fast._digest": fast._digest,
        "engine.games.declaration._written": lambda: declaration._written(
            '[rules]\nname = "x"\n'),
        "engine.quiz.showdown.drill_games": showdown.drill_games,
        "engine.quiz.common._more_than_five": lambda: common._more_than_five("omaha"),
        "ui.registry._built": lambda: registry._built(
            registry._REGISTERED, tuple(GAMES.values())),
        "ui.sessions.sealing._key": lambda: sealing._key(sealing.data_folder()),
        "engine.fast._has_flush": lambda: fast._has_flush(7),
        "engine.fast._tables": fast._tables,
        "engine.fast._dense": lambda: fast._dense(5, "high"),
        "engine.fast._pool": fast._pool,
        "engine.fast_wild._multisets": lambda: fast_wild._multisets(5),
        "engine.fast_wild._straights": fast_wild._straights,
        "engine.fast_wild._rank_scores": lambda: fast_wild._rank_scores(5),
        "engine.fast_wild._positions": lambda: fast_wild._positions(5),
        "engine.fast_wild._size_tables": lambda: fast_wild._size_tables(5, 2),
        "engine.fast_wild._flush_suits": fast_wild._flush_suits,
        "engine.fast_wild._suit_scores": fast_wild._suit_scores,
        "engine.fast_wild._card_tables": lambda: fast_wild._card_tables(
            frozenset({2}), frozenset({37}), wild.Joker.WILD, 2),
        "engine.fast_wild._pool": fast_wild._pool,
        "engine.fast_wild._low_fives": lambda: fast_wild._low_fives(HandKind.ACE_TO_FIVE),
        "engine.fast_wild._low_values": lambda: fast_wild._low_values(
            5, 2, HandKind.DEUCE_TO_SEVEN),
        "engine.wild._clean_lows": lambda: wild._clean_lows(HandKind.ACE_TO_SIX),
        "engine.badugi._mask_scores": badugi._mask_scores,
        "engine.short_deck._five": lambda: short_deck._five((6, 7, 8, 9, 14), False),
        "engine.short_deck._tables": short_deck._tables,
        "engine.hands.five_key": lambda: hands.five_key((1, 2, 3, 4, 6), False),
        "engine.lowball._ace_to_six_tables": lowball._ace_to_six_tables,
        "engine.settings.Settings.schema": StudSettings.schema,
        "engine.hands._five_score": lambda: hands._five_score(2 * 3 * 5 * 7 * 11 << 2 | 1),
        "engine.hands._showing_key": lambda: hands._showing_key(five[:3], False, False),
        "engine.hands._showing_words": lambda: hands._showing_words(five[:3], True, True),
        "engine.hole_board._score_tables": hole_board._score_tables,
        "engine.hole_board.omaha_high": lambda: hole_board.omaha_high(*omaha),
        "engine.hole_board.omaha_low": lambda: hole_board.omaha_low(*omaha),
        "engine.odds.deals._table": lambda: odds_deals._table(10, 3),
        "engine.odds.advice._expose": lambda: advice._expose(five, LowRanking.ACE_TO_FIVE),
        "engine.odds.advice.expose_reads": lambda: advice.expose_reads(five,
                                                                      LowRanking.ACE_TO_FIVE),
        "engine.odds.advice._declare_cached": lambda: advice._declare_cached(
            five, (tuple(parse_cards("Kd Qs 9c")),), (), (), LowRanking.ACE_TO_FIVE, ()),
        "engine.odds.advice._stud_equity": lambda: advice._stud_equity(
            (StudHand(five[2:], five[:2], "You"), StudHand(parse_cards("Kd Qs 9c"), (), "B")),
            (), 0),
        "engine.odds.at_table.points": lambda: at_table.points("seven-card-stud", 2),
        "engine.odds.exact._multisets": lambda: exact._multisets(5),
        "engine.odds.exact._high": lambda: exact._high(5),
        "engine.odds.exact._low": lambda: exact._low(LowRanking.ACE_TO_FIVE, 5),
        "engine.odds.partner._fit_table": partner._fit_table,
        "engine.odds.psycho_draw._options": lambda: psycho_draw._options(
            hand, DrawLimit.FOUR_WITH_ACE),
        "engine.odds.sophie._strength": sophie._strength,
        "engine.odds.making.low_lines": lambda: making.low_lines(LowRanking.DEUCE_TO_SEVEN),
        "engine.quiz.sophie.SophieQuestion.choices": lambda: question.choices,
        "engine.quiz.sophie.SophieQuestion.judged": lambda: question.judged,
        "ui.odds.common.seven_card_tables": odds_common.seven_card_tables,
        "ui.night.show._qr_svg": lambda: night_show._qr_svg("http://example.test/night?t=a"),
        "ui.night.show._named_event": lambda: night_show._named_event(
            Event(EventKind.ACTION, "Seat 1 bets 2", seat=0), ("Ann", "Bo")),
        "ui.components.cards._image": lambda: card_faces._image(
            "As", width=50, label="Ace of spades", style=""),
        "ui.components.cards._address": lambda: card_faces._address("As"),
        "ui.components.cards.picture": lambda: card_faces.picture("As-four-down"),
        "ui.learn.walkthrough.hand_steps": lambda: walkthrough.hand_steps(
            "pick-a-partner", json.dumps({}), 4, 5),
        "ui.learn.example_partner._ranked_team_hand": lambda: example_partner._ranked_team_hand(
            tuple(parse_cards("7c 7d")), tuple(parse_cards("2c 3c 4c 5c 8h 9h Th Jh"))),
    }


def _copy_samples() -> dict[str, Callable[[], object]]:
    """A call of ``st.cache_data`` functions in ``ui``, with typical arguments."""
    from ui.learn import rankings as rankings_view
    from ui.quiz import drills as quiz_drills

    return {
        "ui.learn.rankings._counts": lambda: rankings_view._counts(5),
        "ui.quiz.drills._sophie": lambda: quiz_drills._sophie(
            QuestionRef(Drill.SOPHIE, Level.RANDOM, 3)),
    }


def test_every_cached_function_is_sampled() -> None:
    """A new shared cache must get a sample call above, so its result is checked."""
    shared = {name for name, node in _cached_functions("engine", "content", "ui").items()
              if _decorators(node) & SHARING}
    assert shared == set(_samples())


@pytest.mark.parametrize("name", sorted(_samples()))
def test_cached_results_cannot_change(name: str) -> None:
    call = _samples()[name]
    first, again = call(), call()
    assert first is again, "the sample does not reach the cache"
    found = list(changeable_parts(first, name))
    assert not found, "shared by every caller, yet changeable:\n" + "\n".join(found)


def test_every_cache_data_function_is_sampled_or_returns_plain_data() -> None:
    """A new ``st.cache_data`` function must be added above, or return numbers, text,
    tuples or an odds tally."""
    copied = {name: node for name, node in _cached_functions("ui").items()
              if _decorators(node) & COPYING}
    assert set(_copy_samples()) <= set(copied)
    found = [f"{name} returns {_returns(node) or 'something unannotated'}: add a sample"
             for name, node in copied.items()
             if name not in _copy_samples() and not PLAIN_COPIES.fullmatch(_returns(node))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", sorted(_copy_samples()))
def test_cache_data_returns_cannot_be_changed_in_place(name: str) -> None:
    call = _copy_samples()[name]
    first, again = call(), call()
    assert first is not again, "st.cache_data hands each caller its own copy"
    found = list(changeable_parts(first, name))
    assert not found, "handed out by a cache, yet changeable:\n" + "\n".join(found)


def test_caches_in_pages_return_unchangeable_values() -> None:
    """Pages cannot be imported to sample, so a shared cache there must declare a plain
    return (``st.cache_data`` gives each caller a copy)."""
    found = [f"{name} -> {_returns(node) or '?'}"
             for name, node in _cached_functions("screens").items()
             if _decorators(node) & SHARING and not PLAIN_RETURNS.fullmatch(_returns(node))]
    assert not found, "shared cached objects that could be changed:\n" + "\n".join(found)


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
