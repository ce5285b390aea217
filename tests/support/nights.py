"""Game nights for the tests: on each store (SQLite and Redis), every seat opened, hands
played out at random, and what a screen shows."""

from __future__ import annotations

import random
import types
import typing
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NotRequired, Required, Union, get_args, get_origin, is_typeddict

import pytest

from engine.state import Action, ActionKind, HandView
from tests.support.local_redis import LocalRedis
from ui.components.table import log_html, settlement_html, table_html
from ui.night import record
from ui.night.controller import Night, Seat
from ui.sessions.reasons import with_reasons
from ui.store import RecordStore
from ui.store.redis_store import RedisStore
from ui.store.sqlite_store import SQLiteStore


@pytest.fixture(params=["sqlite", "redis"])
def opener(request: pytest.FixtureRequest,
           tmp_path: Path) -> Iterator[Callable[..., RecordStore]]:
    opened: list[RecordStore] = []
    if request.param == "sqlite":
        def make(**kw: Any) -> RecordStore:
            opened.append(SQLiteStore(tmp_path / "night.sqlite3", **kw))
            return opened[-1]
    else:
        server: LocalRedis = request.getfixturevalue("redis_server")
        prefix = f"night-{uuid.uuid4().hex[:10]}:"

        def make(**kw: Any) -> RecordStore:
            opened.append(RedisStore(server.url, prefix=prefix, **kw))
            return opened[-1]
    yield make
    for store in opened:
        store.close()


@pytest.fixture
def night(opener: Callable[..., RecordStore]) -> Night:
    return Night(opener())


def _open_all(night: Night, shown: dict[str, str]) -> dict[str, Seat]:
    seats = {}
    for role, secret in shown.items():
        seat = night.open(secret)
        assert seat is not None and seat.role == role
        seats[role] = seat
    return seats


def _waiting_people(night: Night, record_id: str) -> list[tuple[int, int]]:
    """(player, engine seat) of every person the hand waits on now."""
    snap = night.snapshot(record_id)
    if snap.state is None or snap.state.is_over:
        return []
    seats = snap.data["hand"]["seats"]
    return [(seats[s], s) for s in snap.state.to_act
            if snap.data["players"][seats[s]]["person"]]


def _random_decision(night: Night, seats: dict[str, Seat], record_id: str,
                     rng: random.Random) -> bool:
    """One random legal decision by a person the hand waits on; whether there was one."""
    waiting = _waiting_people(night, record_id)
    if not waiting:
        return False
    player, engine_seat = rng.choice(waiting)
    snap = night.snapshot(record_id)
    view = snap.view_for(seats[record.seat_role(player)])
    assert view is not None and view.legal, "a seat the hand waits on is offered decisions"
    action = rng.choice(view.legal)
    if view.bet_range is not None and action.kind in (ActionKind.BET, ActionKind.RAISE) \
            and not view.bet_range.amounts:
        action = Action(action.seat, action.kind,
                        amount=rng.randint(view.bet_range.minimum, view.bet_range.maximum))
    outcome = night.decide(seats[record.seat_role(player)], snap.version, action)
    assert outcome.ok, outcome.message
    return True


def _play_out(night: Night, seats: dict[str, Seat], record_id: str, rng: random.Random,
              check: Callable[[], None] = lambda: None) -> None:
    for _ in range(400):
        check()
        if not _random_decision(night, seats, record_id, rng):
            break
    snap = night.snapshot(record_id)
    assert snap.state is not None and snap.state.is_over


def _shown(view: HandView, data: dict[str, Any]) -> str:
    """Everything a screen draws from a view: the table, the narration with the computer
    players' reasons, the showdown."""
    told = with_reasons(view.events, record.reasons(data))
    return (table_html(view) + log_html(told) + settlement_html(view)
            + " ".join(str(c.card) for s in view.seats for c in s.cards if c.card))


def problems(value: object, kind: Any, where: str = "data") -> list[str]:
    """What in ``value`` does not fit ``kind`` (a type as ``ui.night.shape`` writes them)."""
    origin = get_origin(kind)
    if kind is Any:
        return []
    if origin in (Required, NotRequired):
        return problems(value, get_args(kind)[0], where)
    if origin in (Union, types.UnionType):
        fits = [problems(value, option, where) for option in get_args(kind)]
        return [] if any(not f for f in fits) else fits[0]
    if is_typeddict(kind):
        if not isinstance(value, dict):
            return [f"{where} is not an object"]
        hints = typing.get_type_hints(kind, include_extras=True)
        found = [f"{where}.{key} is not declared" for key in value if key not in hints]
        for key, hint in hints.items():
            if key in value:
                found += problems(value[key], hint, f"{where}.{key}")
            elif key in kind.__required_keys__:
                found.append(f"{where}.{key} is missing")
        return found
    if origin is list:
        if not isinstance(value, list):
            return [f"{where} is not a list"]
        return [p for i, item in enumerate(value) for p in problems(item, get_args(kind)[0],
                                                                    f"{where}[{i}]")]
    if origin is dict:
        return [] if isinstance(value, dict) and all(isinstance(k, str) for k in value) \
            else [f"{where} is not an object"]
    if kind is type(None):
        return [] if value is None else [f"{where} is not null"]
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where} is not a whole number"]
    return [] if isinstance(value, kind) else [f"{where} is not {kind.__name__}"]
