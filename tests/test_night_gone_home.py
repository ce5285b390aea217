"""A guest the host sends home is told so on their phone, which drops the old hand, and
the TV says they went home; a guest seated after a hand ended is told they are dealt in
at the next hand, not that they sit this hand out."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.hostile import site_page
from tests.support.night import deal_next, open_all, play_out
from ui.night.controller import Night, Seat
from ui.night.parts import parts_for
from ui.store import STORE_ENV, close_stores, open_store


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "night.sqlite3"))
    close_stores()
    yield Night(open_store())
    close_stores()


def texts(at: AppTest) -> str:
    assert not at.exception, at.exception
    return " ".join(e.value for kind in (at.markdown, at.html, at.caption, at.info,
                                         at.warning, at.success, at.error, at.subheader)
                    for e in kind)


def tv_box(night: Night, record_id: str, tv: Seat, name: str) -> str:
    """The words in a chair's box on the TV's table."""
    table = parts_for(tv, night.snapshot(record_id), four_colour=False)["table"]
    box = re.search(rf'<section aria-label="{name}".*?</section>', table, re.S)
    assert box is not None, f"no box for {name} on the TV"
    return re.sub(r"<[^>]+>", " ", box.group(0))


def test_a_guest_sent_home_is_told_and_the_tv_says_so(night: Night) -> None:
    record_id, links = night.create(people=[True, True, True], names=["Ann", "Ben", "Cat"],
                                    game_id="seven-card-stud", seed=5)
    seats = open_all(night, links)
    play_out(night, seats, record_id, random.Random(5))
    before = texts(site_page("night", params={"t": links["seat:1"]}))
    assert "What happened" in before, "the phone shows the hand before Ben goes home"
    assert night.leave(seats["host"], 1).ok
    phone = texts(site_page("night", params={"t": links["seat:1"]}))
    assert "sent you home" in phone
    for kept in ("What happened", "Your turn", "your chips after this hand", "Chips won"):
        assert kept not in phone, f"the phone of a guest sent home still shows {kept!r}"
    assert "Gone home" in tv_box(night, record_id, seats["tv"], "Ben")
    for _ in range(2):
        deal_next(night, seats, record_id, "seven-card-stud")
        box = tv_box(night, record_id, seats["tv"], "Ben")
        assert "Gone home" in box and "Sits this hand out" not in box
        assert "sent you home" in texts(site_page("night", params={"t": links["seat:1"]}))
        play_out(night, seats, record_id, random.Random(6))


def test_a_guest_seated_after_a_hand_ended_is_dealt_in_next(night: Night) -> None:
    record_id, links = night.create(people=[True, True], names=["Ann", "Ben"],
                                    game_id="seven-card-stud", seed=8)
    seats = open_all(night, links)
    play_out(night, seats, record_id, random.Random(8))
    assert night.add_seat(seats["host"], name="Dev").ok
    added = Night.unopened(seats["host"], night.snapshot(record_id).data)
    assert set(added) == {"seat:2"}
    phone = texts(site_page("night", params={"t": added["seat:2"]}))
    assert "sit this hand out" not in phone
    assert "dealt in from the next hand" in phone
    assert "Dealt in next hand" in tv_box(night, record_id, seats["tv"], "Dev")
