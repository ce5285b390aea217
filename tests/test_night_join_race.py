"""A guest's pick in the lobby while others sit down: the chair they tapped is the chair
they get, or a clear refusal; a redraw never moves their choice to another chair."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.hostile import site_page
from ui.night.controller import Night
from ui.store import STORE_ENV, close_stores, open_store


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "night.sqlite3"))
    close_stores()
    yield Night(open_store())
    close_stores()


def _join_page(secret: str) -> AppTest:
    at = site_page("night", params={"t": secret})
    assert not at.exception, at.exception
    return at


def _said(at: AppTest) -> str:
    return " ".join(e.value for kind in (at.warning, at.success, at.markdown) for e in kind)


def test_a_chair_taken_before_yours_does_not_move_your_pick(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], chips=300, lobby=True)
    cat = _join_page(shown["join"])
    cat.radio(key="night_join_chair").set_value(1)           # Cat taps "Chair 2"
    cat.text_input(key="night_join_name").input("Cat")
    join = night.find(shown["join"])
    assert join is not None and night.join(join, 0, "Ann").ok  # Ann sits in chair 1 first
    cat.button(key="night_join_take").click().run()
    assert not cat.exception, cat.exception
    names = [p["name"] for p in night.snapshot(record_id).data["players"]]
    assert names[:2] == ["Ann", "Cat"], f"Cat tapped chair 2 and sat in another: {names}"


def test_a_chair_taken_as_you_tap_it_is_refused_with_a_message(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], chips=300, lobby=True)
    cat = _join_page(shown["join"])
    cat.radio(key="night_join_chair").set_value(0)
    cat.text_input(key="night_join_name").input("Cat")
    join = night.find(shown["join"])
    assert join is not None and night.join(join, 0, "Ann").ok
    cat.button(key="night_join_take").click().run()
    assert not cat.exception, cat.exception
    assert "That chair is taken" in _said(cat)
    names = [p["name"] for p in night.snapshot(record_id).data["players"]]
    assert "Cat" not in names, names
    assert [str(o) for o in cat.radio(key="night_join_chair").options] == [
        "Chair 1 (taken)", "Chair 2", "Chair 3"]
