"""House games at a game night: the host adds one by its play link, the new dealer names it,
and the table reads it from the night's record alone (a process that never saw it)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import engine.games.house as house_module
from engine.games.house import BLANK, adopt
from tests.support.nights import _open_all, _play_out
from ui.house.keep import save_new
from ui.night import record
from ui.night.controller import Night
from ui.night.house_screen import play_secret
from ui.store.sqlite_store import SQLiteStore

SEVENS = BLANK.replace('name = "My house game"', 'name = "Sevens wild"').replace(
    "[rules.wins]", "[rules.wild]\nranks = [\"7\"]\n\n[rules.wins]")


def test_the_dealer_names_a_house_game_the_host_added(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    store = SQLiteStore(tmp_path / "store.sqlite3")
    night = Night(store)
    house = adopt(SEVENS)
    _, links = save_new(store, house)
    record_id, shown = night.create(people=[True, True, False], game_id="five-card-draw")
    seats = _open_all(night, shown)
    assert not night.add_house_game(seats["seat:0"], links.play).ok, "the host only"
    assert not night.add_house_game(seats["host"], "not-a-link").ok
    added = night.add_house_game(seats["host"], play_secret(f"http://x/house?play={links.play}"))
    assert added.ok and "Sevens wild" in added.message
    _play_out(night, seats, record_id, random.Random(5))
    snap = night.snapshot(record_id)
    assert record.dealable_games(snap.data)[house.id] is None
    dealer = seats[record.seat_role(record.chooser(snap.data) or 0)]
    # another process serves the table:
    monkeypatch.setattr(house_module, "_ADOPTED", house_module.AdoptedGames())
    assert night.deal_next(dealer, snap.version, game_id=house.id).ok
    dealt = night.snapshot(record_id)
    assert dealt.state is not None and dealt.state.game.name == "Sevens wild"


def test_a_house_game_not_added_cannot_be_named(tmp_path: Path) -> None:
    night = Night(SQLiteStore(tmp_path / "store.sqlite3"))
    house = adopt(SEVENS)
    record_id, shown = night.create(people=[True, True], game_id="five-card-draw")
    seats = _open_all(night, shown)
    _play_out(night, seats, record_id, random.Random(5))
    snap = night.snapshot(record_id)
    dealer = seats[record.seat_role(record.chooser(snap.data) or 0)]
    outcome = night.deal_next(dealer, snap.version, game_id=house.id)
    assert not outcome.ok and "no game called" in outcome.message
