"""Game night's dealer list: every game by family, found by a word, each with five lines of
how it plays; the games the host leaves out are kept with the night (a restart too), never
offered and never dealt; a bad list is refused and changes nothing. Then the screen: the
host leaves a game out and the dealer's list, searched, no longer shows it."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path

import pytest

from content import load_game
from engine.games import GAMES
from tests.support.pages_night import screen
from ui.components.game_words import families
from ui.night import game_list, record
from ui.night.controller import Night
from ui.store import STORE_ENV, close_stores, open_store


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "nights.sqlite"))
    close_stores()
    yield Night(open_store())
    close_stores()


def fresh() -> dict:
    return record.new_night(people=[True, True, False, False], names=[], chips=200)


def test_every_game_is_listed_once_by_its_family_in_the_home_pages_order() -> None:
    listed = game_list.dealer_list(fresh())
    assert [family for family, _ in listed] == [f.name for f in families()]
    ids = [g.id for _, games in listed for g in games]
    assert sorted(ids) == sorted(GAMES) and len(ids) == len(set(ids))
    assert {"House games", "Stud", "Wild"} <= {family for family, _ in listed}


def test_each_game_has_five_lines_of_how_it_plays_from_its_words() -> None:
    for game in game_list.listed_games(fresh()):
        assert len(game.lines) == 5 and all(line.strip() for line in game.lines), game.id
    baseball = next(g for g in game_list.listed_games(fresh()) if g.id == "baseball")
    words = load_game("baseball")
    assert baseball.group == "Wild" and baseball.lines[0] == words.tagline
    assert baseball.lines[1] == f"Players: {words.at_a_glance.players}"


def test_a_word_typed_finds_the_games_it_names_and_nothing_else() -> None:
    found = {g.id for _, games in game_list.dealer_list(fresh(), "  WILD  ") for g in games}
    assert "baseball" in found and "texas-holdem" not in found
    assert game_list.dealer_list(fresh(), "threes nines") == (
        ("Wild", tuple(g for g in game_list.listed_games(fresh()) if g.id == "baseball")),)
    assert game_list.dealer_list(fresh(), "no such game xyzzy") == ()


def test_games_left_out_are_never_listed_and_never_dealt() -> None:
    data = record.set_left_out(fresh(), ["razz", "badugi"])
    listed = {g.id for g in game_list.listed_games(data)}
    assert not {"razz", "badugi"} & listed and "seven-card-stud" in listed
    with pytest.raises(record.Refused, match="left Razz out of tonight's games"):
        record.deal(data, game_id="razz", computers=False)
    record.set_left_out(data, [])
    assert "razz" in {g.id for g in game_list.listed_games(data)}


@pytest.mark.parametrize(("games", "why"), [
    (["no-such-game"], "no game called 'no-such-game'"), ("razz", "by their ids"),
    ([3], "by their ids"), (list(GAMES), "at least one game")])
def test_a_bad_list_is_refused_with_the_reason_and_changes_nothing(games: object,
                                                                   why: str) -> None:
    data = record.set_left_out(fresh(), ["razz"])
    before = copy.deepcopy(data)
    with pytest.raises(record.Refused, match=why):
        record.set_left_out(data, games)
    assert data == before


def test_the_host_alone_leaves_games_out_and_the_night_keeps_them(night: Night) -> None:
    record_id, shown = night.create(people=[True, True], chips=200, lobby=True)
    host, guest = night.open(shown["host"]), night.open(shown["seat:1"])
    assert host is not None and guest is not None
    assert not night.leave_out(guest, ["razz"]).ok
    assert night.leave_out(host, ["razz", "omaha"]).ok
    close_stores()
    again = Night(open_store())          # the site restarted: the night is read back
    assert record.left_out(again.snapshot(record_id).data) == {"razz", "omaha"}


def test_the_hosts_choice_empties_the_dealers_list_of_that_game(night: Night) -> None:
    record_id, shown = night.create(people=[True, False], chips=200, lobby=True)
    host = screen(shown["host"])
    options = [str(o) for o in host.selectbox(key="night_next_game").options]
    assert any(o.startswith("Baseball") for o in options)
    host.multiselect(key="night_left_out").select("baseball").run()
    host.button(key="night_left_out_save").click().run()
    assert not host.exception, host.exception
    assert record.left_out(night.snapshot(record_id).data) == {"baseball"}
    host.text_input(key="night_find_game").input("wild").run()
    options = [str(o) for o in host.selectbox(key="night_next_game").options]
    assert options and not any("Baseball" in o for o in options)
    found = game_list.dealer_list(night.snapshot(record_id).data, "wild")
    assert {o.removesuffix(" (not with this many players)") for o in options} == {
        g.name for _, games in found for g in games}


def test_choosing_a_game_on_the_list_makes_it_the_next_game(night: Night) -> None:
    record_id, shown = night.create(people=[True, False], chips=200, lobby=True)
    join = night.open(shown["join"])
    assert join is not None and night.join(join, 0, "Ann").ok
    host = screen(shown["host"])
    host.button(key="night_pick_razz").click().run()
    assert not host.exception, host.exception
    assert host.selectbox(key="night_next_game").value == "razz"
    host.text_input(key="night_find_game").input("zzz no such").run()
    assert any("No game tonight matches" in c.value for c in host.caption)
