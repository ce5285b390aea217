"""Every record and log entry a night's controller writes has the shape ``ui.night.shape``
declares: the keys it names (those not marked ``NotRequired`` always), nothing else, and
values of the declared types."""

from __future__ import annotations

import random

import pytest

from tests.support.nights import (
    _open_all,
    _play_out,
    problems,
)
from ui.night import record
from ui.night.controller import Night
from ui.night.shape import HandEntry, NightData


def _check(night: Night, record_id: str) -> None:
    stored = night.store.load(record_id).data
    assert not problems(stored, NightData), problems(stored, NightData)
    for entry in night.store.entries(record_id):
        assert not problems(entry, HandEntry), problems(entry, HandEntry)


def test_the_checker_sees_what_does_not_fit() -> None:
    fine = {"night": 2, "players": [{"name": "Ann", "person": True}], "chips": [5],
            "start_chips": 1, "button": 0, "paused": False, "reveal": False, "link_keys": {},
            "open_links": {}, "hand": None}
    assert problems(fine, NightData) == []
    assert problems({"number": 1}, HandEntry)
    assert problems({**fine, "extra": 1}, NightData) == ["data.extra is not declared"]
    assert problems({**fine, "players": [{"name": "Ann", "person": 1}]}, NightData) == \
        ["data.players[0].person is not bool"]
    assert problems({**fine, "chips": [True]}, NightData) == ["data.chips[0] is not a whole number"]
    assert problems({**fine, "hand": 3}, NightData)


@pytest.mark.parametrize("game_id", ["pick-a-partner", "psycho"])
def test_every_stage_of_a_night_has_the_declared_shape(night: Night, game_id: str) -> None:
    record_id, shown = night.create(people=[True, True, False, True], lobby=True)
    _check(night, record_id)
    seats = _open_all(night, {role: secret for role, secret in shown.items()
                              if role != "seat:3"})
    joined = night.join(seats["join"], 3, "Dee")
    assert joined.ok
    seats.update(_open_all(night, {"seat:3": joined.secret}))
    _check(night, record_id)
    snap = night.snapshot(record_id)
    assert night.deal_next(seats["host"], snap.version, game_id=game_id).ok
    assert night.reveal(seats["host"], True).ok
    _check(night, record_id)
    rng = random.Random(game_id)
    _play_out(night, seats, record_id, rng)
    _check(night, record_id)
    assert night.rebuy(seats["host"], 0, 50).ok
    assert night.add_seat(seats["host"], person=False).ok
    assert night.set_chip_value(seats["host"], "0.25").ok
    assert night.end(seats["host"]).ok
    _check(night, record_id)
    assert record.ended(night.snapshot(record_id).night)
