"""A game night's finished hands leave its record for the record's own append-only log, so
a decision writes as much at the 20th hand as at the first; a record of the first layout
(every hand inside it) still loads, and moves its hands to the log."""

from __future__ import annotations

import json
import random
from typing import Any

from engine.state import Action
from tests.support.nights import _open_all, _play_out, problems
from ui.night import hands_log, record, settle
from ui.night.controller import Night, Seat
from ui.night.shape import NightData
from ui.store import RecordStore, hash_secret


def _next_hand(night: Night, seats: dict[str, Seat], record_id: str,
               game_id: str = "psycho") -> None:
    snap = night.snapshot(record_id)
    dealer = record.chooser(snap.data)
    seat = seats["host"] if dealer is None else seats[record.seat_role(dealer)]
    outcome = night.deal_next(seat, snap.version, game_id=game_id)
    assert outcome.ok, outcome.message


def _stored_size(store: RecordStore, record_id: str) -> int:
    return len(json.dumps(store.load(record_id).data))


HANDS = 8
"""Hands of a night: the record's size after the sixth is compared with its first two's."""


def test_finished_hands_go_to_the_log_and_the_record_stays_the_same_size(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, False, True], names=["Ann", "Ben"],
                                    game_id="psycho", seed=2)
    seats = _open_all(night, shown)
    rng = random.Random(2)
    sizes = []
    for number in range(1, HANDS + 1):
        if number > 1:
            _next_hand(night, seats, record_id)
        sizes.append(_stored_size(night.store, record_id))
        _play_out(night, seats, record_id, rng)
        stored = night.store.load(record_id).data
        assert "hands" not in stored and stored["played"] == number
        assert night.store.entry_count(record_id) == number
    assert max(sizes[5:]) <= min(sizes[:2]) * 1.15 + 200, sizes
    snap = night.snapshot(record_id)
    assert [h["number"] for h in snap.data["hands"]] == list(range(1, HANDS + 1))
    assert snap.data["hands"][-1]["chips"] == snap.data["chips"]
    assert record.chips_over_night(snap.data)[-1] == snap.data["chips"]
    assert len(record.finished_record(snap.data)) == HANDS
    assert snap.data["hands"][0]["names"] == ["Ann", "Ben", "Computer 3", "Player 4"]
    assert snap.data["hands"][1]["names"] == ["Ben", "Computer 3", "Player 4", "Ann"]


def test_a_hand_not_logged_by_its_change_is_logged_before_the_next_deal(night: Night) -> None:
    """A site process that stopped between finishing a hand and logging it: the hand is
    still in the record, and the next read of the table (or the next deal) logs it first,
    once."""
    record_id, shown = night.create(people=[True, True, True], game_id="seven-card-stud",
                                    seed=3)
    seats = _open_all(night, shown)
    rng = random.Random(3)
    while True:
        snap = night.snapshot(record_id)
        assert snap.state is not None
        if not snap.state.to_act:
            break
        engine_seat = snap.state.to_act[0]
        player = snap.data["hand"]["seats"][engine_seat]
        view = snap.view_for(seats[record.seat_role(player)])
        assert view is not None
        action = rng.choice(view.legal)
        def change(data: dict[str, Any], player: int = player,
                   action: Action = action) -> dict[str, Any]:
            return record.decide(data, player=player, action=action)

        new = night.store.update(record_id, snap.version, change)   # never logged
        if record.hand_state(new.data).is_over:  # type: ignore[union-attr]
            break
    assert night.store.load(record_id).data["played"] == 1
    assert night.store.entry_count(record_id) == 0
    assert [h["number"] for h in night.snapshot(record_id).data["hands"]] == [1]
    assert night.store.entry_count(record_id) == 1
    _next_hand(night, seats, record_id)
    assert night.store.entry_count(record_id) == 1
    hands_log.forget(record_id)
    hands_log.log_pending(night.store, record_id)        # a second process: nothing doubled
    assert night.store.entry_count(record_id) == 1
    assert [h["number"] for h in night.snapshot(record_id).data["hands"]] == [1]


def _first_layout(data: dict[str, Any], hands: list[dict[str, Any]]) -> dict[str, Any]:
    """A night as the first layout kept it: every finished hand inside, no running totals."""
    old = {key: data[key] for key in ("players", "chips", "start_chips", "button", "paused",
                                      "reveal", "link_keys", "open_links", "hand")}
    old["players"] = [{"name": p["name"], "person": p["person"]} for p in data["players"]]
    old["night"] = 1
    old["hands"] = [{key: h[key] for key in ("number", "game", "seats", "history",
                                             "payoffs", "chips")} for h in hands]
    return old


def test_a_first_layout_night_still_loads_and_moves_its_hands_to_the_log(
        night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], names=["Ann", "Ben", "Cat"],
                                    game_id="seven-card-stud", seed=5)
    seats = _open_all(night, shown)
    rng = random.Random(5)
    for number in range(3):
        if number:
            _next_hand(night, seats, record_id, "psycho")
        _play_out(night, seats, record_id, rng)
    new = night.snapshot(record_id)
    text = night.table_record(seats["host"], new)
    old = _first_layout(night.store.load(record_id).data, list(new.data["hands"]))
    roles = ("host", *(record.seat_role(p) for p in range(3)))
    keys = {hash_secret(shown[role] + "x"): role for role in roles}
    old_id = night.store.create("table", old, keys=keys)
    host = Seat(old_id, "host", shown["host"] + "x")
    snap = night.snapshot(old_id)
    stored = night.store.load(old_id).data
    assert "hands" not in stored and stored["played"] == 3 and stored["night"] == 2
    assert problems(stored, NightData) == [], "lifted to this layout's shape"
    assert night.store.entry_count(old_id) == 3
    assert [h["number"] for h in snap.data["hands"]] == [1, 2, 3]
    assert snap.data["chips"] == new.data["chips"]
    assert settle.standings(snap.data) == settle.standings(new.data), "totals from the hands"
    assert night.table_record(host, snap) == text
    again = night.snapshot(old_id)
    assert again.version == snap.version, "moved once"
    for player in range(3):
        seats[record.seat_role(player)] = Seat(old_id, record.seat_role(player),
                                               shown[record.seat_role(player)] + "x")
    seats["host"] = host
    _next_hand(night, seats, old_id, "seven-card-stud")
    _play_out(night, seats, old_id, rng)
    assert night.store.entry_count(old_id) == 4
    assert len(night.snapshot(old_id).data["hands"]) == 4
