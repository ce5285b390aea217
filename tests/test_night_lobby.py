"""A game night's lobby and the host's changes between hands, through the controller over a
real SQLite file and a real redis-server: every bad input is refused with a message and
changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.support.hostile import IMG, SCRIPT
from tests.support.nights import _open_all, _play_out
from ui.night import lobby, record
from ui.night.controller import MOVED_ON, Night, Seat
from ui.night.names import check_name, name_seats
from ui.store import hash_secret


def _lobby(night: Night, people: list[bool] | None = None,
           **kw: Any) -> tuple[str, dict[str, str], dict[str, Seat]]:
    record_id, shown = night.create(people=people or [True] * 4, lobby=True, **kw)
    seats = {role: seat for role in ("host", "tv", "join")
             if (seat := night.open(shown[role])) is not None}
    return record_id, shown, seats


def _unchanged(night: Night, record_id: str, before: int) -> None:
    assert night.snapshot(record_id).version == before, "a refusal changes nothing"


# --- chips and games: whole numbers, known games -------------------------------------


@pytest.mark.parametrize("chips", [150.5, True, False, "200", 0, -5, 1_000_001, None, 2.0])
def test_starting_chips_are_a_whole_number(night: Night, chips: object) -> None:
    with pytest.raises(record.Refused, match="whole number from 1 to 1,000,000"):
        night.create(people=[True, True], chips=chips, game_id="psycho")


def test_an_unknown_game_is_refused_not_raised(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    _play_out(night, seats, record_id, random.Random(3))
    snap = night.snapshot(record_id)
    dealer = seats[record.seat_role(record.chooser(snap.data) or 0)]
    for game_id in ("chess", "", None, 7, "psycho " * 50):
        outcome = night.deal_next(dealer, snap.version, game_id=game_id)
        assert not outcome.ok and "no game called" in outcome.message, game_id
        assert "Psycho" in outcome.message, "the refusal says what can be dealt"
    _unchanged(night, record_id, snap.version)
    with pytest.raises(record.Refused, match="no game called"):
        night.create(people=[True, True], game_id="chess")
    assert record.dealable("chess", 3) is not None


# --- the lobby ---------------------------------------------------------------------


def test_a_lobby_night_has_one_join_link_and_no_hand(night: Night) -> None:
    record_id, shown, seats = _lobby(night, [True, True, False, True])
    assert set(shown) == {"host", "tv", "join", "seat:0", "seat:1", "seat:3"}
    assert len(shown["join"]) >= 22, "at least 128 bits"
    snap = night.snapshot(record_id)
    assert snap.state is None and lobby.lobby_open(snap.data)
    assert lobby.free_chairs(snap.data) == [0, 1, 3]
    computer = night.join(seats["join"], 2, "Ann")
    assert not computer.ok and "computer" in computer.message
    assert Night.join_link(seats["host"], snap.data) == shown["join"] == \
        Night.join_link(seats["tv"], snap.data)
    assert Night.join_link(seats["join"], snap.data) is None
    text = str(snap.data)
    assert shown["join"] not in text and hash_secret(shown["join"]) not in text
    assert snap.view_for(seats["join"]) is None
    assert night.open(shown["join"]) == seats["join"], "the join link is not used up"


def test_a_guest_takes_a_free_chair_and_gets_its_own_link(night: Night) -> None:
    record_id, shown, seats = _lobby(night)
    joined = night.join(seats["join"], 2, "  Ann   Lee ")
    assert joined.ok and joined.secret and joined.secret != shown["seat:2"]
    mine = night.open(joined.secret)
    assert mine is not None and mine.player == 2
    assert night.open(shown["seat:2"]) is None, "the chair's unopened link stops working"
    data = night.snapshot(record_id).data
    assert data["players"][2]["name"] == "Ann Lee" and 2 not in lobby.free_chairs(data)
    assert "seat:2" not in Night.unopened(seats["host"], data)


def test_a_chair_is_taken_once(night: Night) -> None:
    record_id, _, seats = _lobby(night)
    assert night.join(seats["join"], 1, "Ann").ok
    before = night.snapshot(record_id).version
    again = night.join(seats["join"], 1, "Ben")
    assert not again.ok and "taken" in again.message and not again.secret
    _unchanged(night, record_id, before)
    same_name = night.join(seats["join"], 0, "ann")
    assert not same_name.ok and "already called" in same_name.message


def test_a_chair_opened_by_its_own_link_is_taken(night: Night) -> None:
    record_id, shown, seats = _lobby(night)
    assert night.open(shown["seat:3"]) is not None
    assert 3 not in lobby.free_chairs(night.snapshot(record_id).data)
    assert not night.join(seats["join"], 3, "Cat").ok


@pytest.mark.parametrize(("chair", "name", "why"), [
    (0, "", "Type a name"), (0, "   ", "Type a name"), (0, "x" * 25, "at most 24"),
    (0, "Ann\x00", "letters"), (0, "Ann\u202e", "letters"), (0, "A\nB", None),
    (0, "Seat 2", "seat number"), (0, 7, "text"), (9, "Ann", "no such chair"),
    (-1, "Ann", "no such chair"), (True, "Ann", "no such chair"), ("0", "Ann", "no such chair"),
])
def test_bad_joins_are_refused_and_change_nothing(night: Night, chair: object, name: object,
                                                  why: str | None) -> None:
    record_id, _, seats = _lobby(night)
    before = night.snapshot(record_id).version
    outcome = night.join(seats["join"], chair, name)
    if why is None:                 # a newline is spacing: it is made one space
        assert outcome.ok and night.snapshot(record_id).data["players"][0]["name"] == "A B"
        return
    assert not outcome.ok and why in outcome.message and not outcome.secret
    _unchanged(night, record_id, before)


def test_a_name_with_markup_is_kept_as_text(night: Night) -> None:
    record_id, _, seats = _lobby(night)
    assert night.join(seats["join"], 0, SCRIPT[:24]).ok
    assert night.snapshot(record_id).data["players"][0]["name"] == SCRIPT[:24].strip()
    assert check_name(IMG[:24]) == IMG[:24].strip()


def test_only_the_join_link_joins(night: Night) -> None:
    record_id, shown, seats = _lobby(night)
    for seat in (seats["host"], seats["tv"], Seat(record_id, "join", "x" * 32)):
        outcome = night.join(seat, 0, "Ann")
        assert not outcome.ok and not outcome.secret


def test_the_host_deals_when_someone_has_joined_and_the_lobby_closes(night: Night) -> None:
    record_id, shown, seats = _lobby(night, [True, True, False, False])
    snap = night.snapshot(record_id)
    early = night.deal_next(seats["host"], snap.version, game_id="seven-card-stud")
    assert not early.ok and "Nobody has taken a chair" in early.message
    _unchanged(night, record_id, snap.version)
    assert night.join(seats["join"], 1, "Ben").ok
    snap = night.snapshot(record_id)
    assert not night.deal_next(seats["tv"], snap.version, game_id="psycho").ok
    assert night.deal_next(seats["host"], snap.version, game_id="psycho").ok
    data = night.snapshot(record_id).data
    assert data["hand"]["seats"] == [1, 2, 3], "a chair nobody took sits out"
    assert not lobby.lobby_open(data) and Night.join_link(seats["host"], data) is None
    late = night.join(seats["join"], 0, "Ann")
    assert not late.ok and "lobby is closed" in late.message
    assert night.set_lobby(seats["host"], True).ok
    assert night.join(seats["join"], 0, "Ann").ok, "the host opens it again for a latecomer"
    assert night.set_lobby(seats["join"], False).ok is False


def test_computers_alone_may_be_dealt_from_the_lobby(night: Night) -> None:
    record_id, _, seats = _lobby(night, [False, False, False])
    snap = night.snapshot(record_id)
    assert night.deal_next(seats["host"], snap.version, game_id="seven-card-stud").ok
    assert night.snapshot(record_id).data["played"] == 1, "the computers played it out"
    assert len(night.snapshot(record_id).data["hands"]) == 1


# --- between hands: seats, sitting out, leaving, rebuys -------------------------------


def _after_a_hand(night: Night, people: list[bool], game_id: str = "psycho",
                  seed: int = 1) -> tuple[str, dict[str, Seat]]:
    record_id, shown = night.create(people=people, game_id=game_id, seed=seed)
    seats = _open_all(night, shown)
    _play_out(night, seats, record_id, random.Random(seed))
    return record_id, seats


def test_sitting_out_or_adding_a_seat_makes_pick_a_partner_dealable(night: Night) -> None:
    record_id, seats = _after_a_hand(night, [True] * 5)
    host = seats["host"]
    assert record.dealable_games(night.snapshot(record_id).data)["pick-a-partner"] is not None
    assert night.sit_out(host, 4).ok
    snap = night.snapshot(record_id)
    assert record.dealable_games(snap.data)["pick-a-partner"] is None
    assert night.sit_out(host, 4, False).ok
    added = night.add_seat(host, person=True, name="Dee")
    assert added.ok
    data = night.snapshot(record_id).data
    assert len(data["players"]) == 6 and data["players"][5]["name"] == "Dee"
    assert data["chips"][5] == data["start_chips"] == data["bought"][5]
    assert record.dealable_games(data)["pick-a-partner"] is not None, "nobody sits there yet"
    dee = Night.unopened(host, data)["seat:5"]
    opened = night.open(dee)
    assert opened is not None and opened.player == 5
    seats["seat:5"] = opened
    assert record.dealable_games(night.snapshot(record_id).data)["pick-a-partner"] is None
    snap = night.snapshot(record_id)
    dealer = record.chooser(snap.data)
    assert dealer is not None
    assert night.deal_next(seats[record.seat_role(dealer)], snap.version,
                           game_id="pick-a-partner").ok
    assert len(night.snapshot(record_id).data["hand"]["seats"]) == 6


def test_a_player_sitting_out_is_not_dealt_in(night: Night) -> None:
    record_id, seats = _after_a_hand(night, [True, True, True, True])
    assert night.sit_out(seats["host"], 2).ok
    snap = night.snapshot(record_id)
    dealer = record.chooser(snap.data)
    assert dealer is not None and dealer != 2
    assert night.deal_next(seats[record.seat_role(dealer)], snap.version, game_id="psycho").ok
    assert 2 not in night.snapshot(record_id).data["hand"]["seats"]


def test_rebuys_are_positive_whole_chips_between_hands(night: Night) -> None:
    record_id, seats = _after_a_hand(night, [True, True, True])
    host = seats["host"]
    before = night.snapshot(record_id)
    for bad in (-50, 0, 12.5, "100", True, None, 10**9):
        outcome = night.rebuy(host, 1, bad)
        assert not outcome.ok, bad
        assert "whole number" in outcome.message or "more chips" in outcome.message, bad
    assert not night.rebuy(seats["seat:1"], 1, 100).ok, "the host takes rebuys"
    assert not night.rebuy(host, 5, 100).ok
    _unchanged(night, record_id, before.version)
    assert night.rebuy(host, 1, 100).ok
    data = night.snapshot(record_id).data
    assert data["chips"][1] == before.data["chips"][1] + 100
    assert data["bought"][1] == 300 and data["bought"][0] == 200
    snap = night.snapshot(record_id)
    dealer = record.chooser(snap.data)
    assert dealer is not None
    assert night.deal_next(seats[record.seat_role(dealer)], snap.version, game_id="psycho").ok
    during = night.snapshot(record_id).version
    later = night.rebuy(host, 1, 100)
    assert not later.ok and "between hands" in later.message
    assert not night.add_seat(host).ok and not night.leave(host, 0).ok
    _unchanged(night, record_id, during)


def test_a_guest_who_leaves_keeps_their_chips_and_is_dealt_out(night: Night) -> None:
    record_id, seats = _after_a_hand(night, [True, True, True, True])
    chips = night.snapshot(record_id).data["chips"][3]
    assert night.leave(seats["host"], 3).ok
    data = night.snapshot(record_id).data
    assert data["players"][3]["left"] and data["chips"][3] == chips
    assert 3 not in record.seated(data)
    assert night.open(seats["seat:3"].secret) is not None, "their link still opens the table"
    assert night.sit_out(seats["host"], 3, False).ok
    assert 3 in record.seated(night.snapshot(record_id).data), "and they may come back"


def test_a_table_seats_at_most_ten(night: Night) -> None:
    record_id, seats = _after_a_hand(night, [True] * 10, game_id="psycho")
    before = night.snapshot(record_id).version
    outcome = night.add_seat(seats["host"], person=False)
    assert not outcome.ok and "at most 10" in outcome.message
    _unchanged(night, record_id, before)


def test_a_stale_deal_is_refused(night: Night) -> None:
    record_id, seats = _after_a_hand(night, [True, True, True])
    snap = night.snapshot(record_id)
    assert night.rebuy(seats["host"], 0, 10).ok
    dealer = record.chooser(snap.data)
    assert dealer is not None
    stale = night.deal_next(seats[record.seat_role(dealer)], snap.version, game_id="psycho")
    assert not stale.ok and stale.message == MOVED_ON


# --- names, not seat numbers -------------------------------------------------------


def test_every_seat_in_a_line_is_written_as_a_name() -> None:
    names = ["Ann", "Ben", "Cat", "Dee"]
    assert name_seats("Seat 1, Seat 2, Seat 3 choose their cards.", names) == \
        "Ann, Ben and Cat choose their cards."
    assert name_seats("Seat 2 and Seat 4 split the pot", names) == "Ben and Dee split the pot"
    assert name_seats("Pick Seat 1 (shows 4♦)", names) == "Pick Ann (shows 4♦)"
    assert name_seats("Seat 3's K♥ beats Seat 1's Q♥.", names) == "Cat's K♥ beats Ann's Q♥."
    assert name_seats("Seat 5 and Seat 12 are elsewhere", names) == \
        "Seat 5 and Seat 12 are elsewhere"
    assert name_seats("Seat 10 bets", [str(n) for n in range(10)]) == "9 bets"
    assert name_seats("Seat 1 bets", ["<b>Ann</b>"]) == "<b>Ann</b> bets", "escaping: screens"


def test_the_hand_names_its_seats_by_chair(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], names=["Ann", "Ben", "Cat"],
                                    game_id="seven-card-stud")
    seats = _open_all(night, shown)
    data = night.snapshot(record_id).data
    assert record.seat_names(data) == ["Ann", "Ben", "Cat"]
    assert record.name_hand_text("Seat 3 deals; Seat 1, Seat 2 act.", data) == \
        "Cat deals; Ann and Ben act."
    _play_out(night, seats, record_id, random.Random(2))
    snap = night.snapshot(record_id)
    assert night.deal_next(seats["seat:0"], snap.version, game_id="psycho").ok
    data = night.snapshot(record_id).data
    assert record.seat_names(data) == ["Ben", "Cat", "Ann"], "the button moved; names stay"


def test_reveal_is_recorded_and_told_to_every_screen(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    assert record.notice(night.snapshot(record_id).data) is None
    assert night.reveal(seats["host"], True).ok
    told = record.notice(night.snapshot(record_id).data)
    assert told is not None and told[1] == record.REVEALED
    assert night.reveal(seats["host"], True).ok
    assert record.notice(night.snapshot(record_id).data) == told, "told once"
    assert night.reveal(seats["host"], False).ok
    again = record.notice(night.snapshot(record_id).data)
    assert again is not None and again[0] > told[0] and again[1] == record.HIDDEN_AGAIN
    assert night.reveal(seats["host"], True).ok
    _play_out(night, seats, record_id, random.Random(1))
    snap = night.snapshot(record_id)
    assert night.deal_next(seats["seat:0"], snap.version, game_id="psycho").ok
    assert night.snapshot(record_id).data["reveal"] is False, "a new hand is dealt hidden"



def test_a_new_join_link_replaces_the_old_one(night: Night) -> None:
    record_id, shown, seats = _lobby(night)
    assert not night.reissue(seats["tv"], "join").ok
    assert night.reissue(seats["host"], "join").ok
    assert night.open(shown["join"]) is None
    fresh = Night.join_link(seats["host"], night.snapshot(record_id).data)
    assert fresh is not None and fresh != shown["join"]
    joiner = night.open(fresh)
    assert joiner is not None and night.join(joiner, 0, "Ann").ok
    plain, plain_shown = night.create(people=[True, True], game_id="psycho")
    host = night.open(plain_shown["host"])
    assert host is not None
    outcome = night.reissue(host, "join")
    assert not outcome.ok and "no lobby" in outcome.message


def test_the_narration_names_public_and_private_words() -> None:
    from engine.state import Event, EventKind
    from ui.night.names import name_events

    event = Event(EventKind.ACTION, "Seat 2 folds.", private="Seat 2 folds A♠ K♦.", seat=1)
    [named] = name_events([event], ["Ann", "Ben"])
    assert named.text == "Ben folds." and named.private == "Ben folds A♠ K♦."


def test_a_computer_plays_a_chair_nobody_took_and_gives_it_back(night: Night) -> None:
    record_id, _, seats = _lobby(night, [True, True, True])
    assert night.join(seats["join"], 0, "Ann").ok
    assert night.set_person(seats["host"], 2, False).ok
    snap = night.snapshot(record_id)
    assert night.deal_next(seats["host"], snap.version, game_id="seven-card-stud").ok
    assert night.snapshot(record_id).data["hand"]["seats"] == [0, 2], "the computer sits in"
    assert night.set_person(seats["host"], 2, True).ok
    assert 2 not in record.seated(night.snapshot(record_id).data), "until someone takes it"


def test_one_guest_alone_is_not_dealt_a_hand(night: Night) -> None:
    record_id, _, seats = _lobby(night, [True, True])
    assert night.join(seats["join"], 0, "Ann").ok
    snap = night.snapshot(record_id)
    outcome = night.deal_next(seats["host"], snap.version, game_id="psycho")
    assert not outcome.ok and "wait for guests" in outcome.message
    _unchanged(night, record_id, snap.version)
