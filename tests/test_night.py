"""A game night's controller over a real SQLite file and a real redis-server.

Every test runs once per back end (the ``night`` fixture). Hands are played
through the controller exactly as the screens do: each decision is made by a
seat, on the version its screen was drawn from.
"""

from __future__ import annotations

import html
import random
import re
import threading
from collections.abc import Callable
from typing import Any

import pytest

from engine.cards import Card
from engine.games import GAMES, make_settings
from engine.state import Action, ActionKind
from tests.support.leaks import hidden_from, hidden_from_table, named_cards, seen_by
from tests.support.nights import (
    _open_all,
    _play_out,
    _random_decision,
    _shown,
    _waiting_people,
)
from tests.support.scale import DEEP
from ui.night import record
from ui.night.controller import MOVED_ON, NO_TABLE, Night, Seat
from ui.night.parts import only_parts_moved, part_html, parts_for
from ui.night.watch import latest
from ui.store import RecordStore, hash_secret, issue


def sizes(game_id: str, turn: int) -> tuple[int, ...]:
    """The tables a game's screens are checked at: its smallest and largest the
    declaration allows (its own rules, as Pick a Partner's even counts), but for the one
    the conformance suite's night deals (four where the game allows); in ``make test`` one
    of them, the games taking turns (``turn``), both in the deep mode. Read from the
    registry, so a new game is played here as it is declared."""
    counts = GAMES[game_id].player_counts(make_settings(GAMES[game_id], None))
    dealt_there = 4 if 4 in counts else counts[0]
    ends = [n for n in sorted({counts[0], counts[-1]}) if n != dealt_there] or [counts[0]]
    return tuple(ends) if DEEP else (ends[turn % len(ends)],)


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


# --- making and opening a night ---------------------------------------------------


def _one_letter_off(secret: str) -> str:
    """``secret`` with its last letter changed (to another letter, whatever it was)."""
    return secret[:-1] + ("B" if secret.endswith("A") else "A")


def test_a_night_is_made_with_a_host_a_tv_and_a_link_per_person(night: Night) -> None:
    record_id, shown = night.create(people=[True, False, True, True], names=["Ann", "", "Cy"],
                                    chips=150, game_id="psycho")
    assert set(shown) == {"host", "tv", "seat:0", "seat:2", "seat:3"}
    assert all(len(secret) >= 22 for secret in shown.values())      # 128 bits and more
    snap = night.snapshot(record_id)
    data = snap.data
    assert [p["name"] for p in data["players"]] == ["Ann", "Computer 2", "Cy", "Player 4"]
    assert data["chips"] == [150] * 4 and data["hand"]["game"] == "psycho"
    assert data["hand"]["seats"] == [0, 1, 2, 3], "the first chair sits at the dealer's left"
    assert set(data["open_links"]) == {"tv", "seat:0", "seat:2", "seat:3"}
    text = str(data)
    for secret in shown.values():
        assert secret not in text, "the record keeps no link's secret, only sealed copies"
        assert hash_secret(secret) not in text
    host, tv = Seat(record_id, "host", shown["host"]), Seat(record_id, "tv", shown["tv"])
    unopened = {role: secret for role, secret in shown.items() if role != "host"}
    assert Night.unopened(host, data) == unopened == Night.unopened(tv, data)
    for wrong in (Seat(record_id, "host", shown["tv"]), Seat(record_id, "seat:0", shown["seat:0"]),
                  Seat(record_id, "tv", _one_letter_off(shown["tv"])), Seat(record_id, "host")):
        assert Night.unopened(wrong, data) == {}, "only the host's and the TV's links read them"
    seats = _open_all(night, shown)
    assert night.snapshot(record_id).data["open_links"] == {}, "an opened link leaves the record"
    assert seats["seat:2"].player == 2 and seats["tv"].is_tv and seats["host"].is_host
    for bad in ("", "x" * 32, _one_letter_off(shown["host"]), shown["tv"] + "x", None, 7):
        assert night.open(bad) is None


# --- each screen sees only its view, in random hands of every game ------------------


@pytest.mark.parametrize(("game_id", "opener", "turn"),
                         [pytest.param(g, ("sqlite", "redis")[n % 2], n // 2,
                                       id=f"{g}-{('sqlite', 'redis')[n % 2]}")
                          for n, g in enumerate(GAMES)],
                         indirect=["opener"])
def test_every_screen_shows_only_what_its_link_allows(night: Night, game_id: str,
                                                      turn: int) -> None:
    """What a screen shows depends on its link, not on the store: the games take turns
    between the two, and between their smallest and largest tables."""
    rng = random.Random(game_id)
    for players in sizes(game_id, turn):
        settings = {"partners_see": rng.random() < 0.5} if game_id == "pick-a-partner" else None
        people = [rng.random() < 0.7 for _ in range(players)]
        people[0] = True
        record_id, shown = night.create(people=people, game_id=game_id, settings=settings,
                                        seed=rng.randrange(1_000_000))
        seats = _open_all(night, shown)
        known: dict[str, set[Card]] = {role: set() for role in seats}

        def check(record_id: str = record_id, seats: dict[str, Seat] = seats,
                  known: dict[str, set[Card]] = known) -> None:
            """No screen names a card its link may not know of, now or before: a seat that
            folded still knows the cards it held (its narration says them), even when a
            short stock has them shuffled back and dealt to someone else."""
            snap = night.snapshot(record_id)
            state = snap.state
            assert state is not None
            for role, seat in seats.items():
                view = snap.view_for(seat)
                assert view is not None
                if seat.player is None:
                    hidden = hidden_from_table(state)
                else:
                    engine_seat = record.engine_seat(snap.data, seat.player)
                    assert engine_seat is not None
                    hidden = hidden_from(state, engine_seat) - known[role]  # a partner's too
                    known[role] |= seen_by(state, engine_seat)
                leaked = named_cards(_shown(view, snap.data), hidden)
                assert not leaked, f"{role} is shown {leaked} in {game_id}"

        _play_out(night, seats, record_id, rng, check)
        check()


def test_new_parts_are_enough_only_after_a_decision_on_a_screen_without_controls(
        night: Night) -> None:
    record_id, shown = night.create(people=[True] * 4, game_id="seven-card-stud", seed=5)
    seats = _open_all(night, shown)
    start = night.snapshot(record_id)
    assert night.pause(seats["host"], True).ok
    assert not only_parts_moved(seats["tv"], start, night.snapshot(record_id)), "a pause"
    assert night.pause(seats["host"], False).ok
    rng = random.Random(5)
    steps = []
    while True:
        before = night.snapshot(record_id)
        if not _random_decision(night, seats, record_id, rng):
            break
        steps.append((before, night.snapshot(record_id)))
    for before, after in steps:
        assert before.state is not None and after.state is not None
        for screen in ("host", "tv"):
            assert only_parts_moved(seats[screen], before, after) == (not after.state.is_over)
        for player in range(4):
            acts = [record.engine_seat(before.data, player) in before.state.to_act,
                    record.engine_seat(after.data, player) in after.state.to_act]
            assert only_parts_moved(seats[record.seat_role(player)], before, after) == \
                (not any(acts) and not after.state.is_over), (player, acts)
    assert steps[-1][1].state is not None and steps[-1][1].state.is_over


def test_partners_who_may_see_each_other_see_each_others_cards(night: Night) -> None:
    record_id, shown = night.create(people=[True] * 4, game_id="pick-a-partner",
                                    settings={"partners_see": True})
    seats = _open_all(night, shown)
    rng = random.Random(3)
    for _ in range(200):
        snap = night.snapshot(record_id)
        state = snap.state
        assert state is not None
        partners = [(a, b) for a in range(4) for b in range(4) if a != b and state.can_see(a, b)]
        if partners:
            break
        assert _random_decision(night, seats, record_id, rng)
    a, b = partners[0]
    view = snap.view_for(seats[record.seat_role(snap.data["hand"]["seats"][a])])
    assert view is not None
    assert all(c.card is not None for c in view.seats[b].cards)
    tv = snap.view_for(seats["tv"])
    assert tv is not None and any(c.card is None for c in tv.seats[b].cards)


def test_the_host_reveal_shows_every_card_on_the_tv(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    tv = night.snapshot(record_id).view_for(seats["tv"])
    assert tv is not None and any(c.card is None for s in tv.seats for c in s.cards)
    assert night.reveal(seats["tv"], True).ok is False
    assert night.reveal(seats["host"], True).ok
    tv = night.snapshot(record_id).view_for(seats["tv"])
    assert tv is not None and all(c.card is not None for s in tv.seats for c in s.cards)


# --- versions: stale taps, double taps, two phones at once --------------------------


def _first_decision(night: Night, record_id: str, seats: dict[str, Seat]) -> tuple[Seat, Action]:
    player, _ = _waiting_people(night, record_id)[0]
    seat = seats[record.seat_role(player)]
    view = night.snapshot(record_id).view_for(seat)
    assert view is not None
    return seat, view.legal[0]


def test_a_stale_or_double_tap_is_refused_and_nothing_is_applied_twice(night: Night) -> None:
    record_id, shown = night.create(people=[True] * 3, game_id="seven-card-stud")
    seats = _open_all(night, shown)
    version = night.snapshot(record_id).version
    seat, action = _first_decision(night, record_id, seats)
    assert night.decide(seat, version, action).ok
    after = night.snapshot(record_id)
    again = night.decide(seat, version, action)
    assert not again.ok and again.message == MOVED_ON
    assert night.snapshot(record_id).version == after.version
    assert len(night.snapshot(record_id).data["hand"]["actions"]) == \
        len(after.data["hand"]["actions"])


def test_an_illegal_or_wrong_seat_decision_is_refused_plainly(night: Night) -> None:
    record_id, shown = night.create(people=[True] * 3, game_id="seven-card-stud")
    seats = _open_all(night, shown)
    snap = night.snapshot(record_id)
    seat, action = _first_decision(night, record_id, seats)
    outcome = night.decide(seat, snap.version, Action(action.seat, ActionKind.RAISE, amount=999))
    assert not outcome.ok and outcome.message.startswith("That is not allowed:")
    other = next(s for r, s in seats.items() if s.player is not None and s != seat)
    outcome = night.decide(other, snap.version, action)
    assert not outcome.ok and "not this seat's" in outcome.message
    assert night.decide(seats["tv"], snap.version, action).ok is False
    assert night.snapshot(record_id).version == snap.version


def test_two_phones_deciding_at_once_one_wins(night: Night) -> None:
    record_id, shown = night.create(people=[True] * 4, game_id="psycho")
    seats = _open_all(night, shown)
    rng = random.Random(5)
    while len(_waiting_people(night, record_id)) < 2:     # the expose: everyone at once
        assert _random_decision(night, seats, record_id, rng)
    snap = night.snapshot(record_id)
    results = []
    barrier = threading.Barrier(len(_waiting_people(night, record_id)))

    def tap(player: int) -> None:
        seat = seats[record.seat_role(player)]
        view = snap.view_for(seat)
        assert view is not None
        barrier.wait()
        results.append(night.decide(seat, snap.version, view.legal[0]))

    threads = [threading.Thread(target=tap, args=(p,))
               for p, _ in _waiting_people(night, record_id)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(r.ok for r in results) == 1
    assert all(r.message == MOVED_ON for r in results if not r.ok)
    assert night.snapshot(record_id).version == snap.version + 1


# --- the host's controls -------------------------------------------------------------


def test_a_reissued_link_replaces_the_old_one(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, False], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    assert night.reissue(seats["seat:0"], "seat:1").ok is False
    assert night.reissue(seats["host"], "seat:1").ok
    assert night.open(shown["seat:1"]) is None
    secret = Night.unopened(seats["host"], night.snapshot(record_id).data)["seat:1"]
    assert night.open(secret) == seats["seat:1"]
    assert "seat:1" not in night.snapshot(record_id).data["open_links"]


def test_a_new_tv_link_replaces_the_old_and_shows_the_seats_still_unopened(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, False], game_id="seven-card-stud")
    host = night.open(shown["host"])
    assert host is not None and night.reissue(host, "tv").ok
    assert night.find(shown["tv"]) is None
    data = night.snapshot(record_id).data
    new_tv = Night.unopened(host, data)["tv"]
    tv = night.open(new_tv)
    assert tv is not None and tv.is_tv
    assert Night.unopened(tv, night.snapshot(record_id).data) == \
        {"seat:0": shown["seat:0"], "seat:1": shown["seat:1"]}
    assert Night.unopened(Seat(record_id, "tv", shown["tv"]), data) == {}


def test_no_decision_is_taken_while_paused(night: Night) -> None:
    record_id, shown = night.create(people=[True] * 3, game_id="seven-card-stud")
    seats = _open_all(night, shown)
    assert night.pause(seats["host"], True).ok
    snap = night.snapshot(record_id)
    seat, action = _first_decision(night, record_id, seats)
    outcome = night.decide(seat, snap.version, action)
    assert not outcome.ok and "paused" in outcome.message
    assert night.pause(seats["host"], False).ok
    assert night.decide(seat, night.snapshot(record_id).version, action).ok


def test_a_computer_takes_over_a_seat_and_gives_it_back(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    player, _ = _waiting_people(night, record_id)[0]
    before = len(night.snapshot(record_id).data["hand"]["actions"])
    assert night.set_person(seats["host"], player, False).ok
    snap = night.snapshot(record_id)
    assert len(snap.data["hand"]["actions"]) > before, "the computer decided at once"
    assert player not in [p for p, _ in _waiting_people(night, record_id)]
    assert snap.data["hand"]["reasons"], "the computer says why"
    assert night.set_person(seats["host"], player, True).ok
    assert night.snapshot(record_id).data["players"][player]["person"]
    role = record.seat_role(player)
    assert role not in Night.unopened(seats["host"], night.snapshot(record_id).data)
    assert night.open(shown[role]) == seats[role], "the guest's own link still opens the chair"


def test_a_computer_chair_given_to_a_person_gets_its_first_link(night: Night) -> None:
    record_id, shown = night.create(people=[True, False, True], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    assert "seat:1" not in shown
    assert night.set_person(seats["host"], 1, True).ok
    new = Night.unopened(seats["host"], night.snapshot(record_id).data)["seat:1"]
    opened = night.open(new)
    assert opened is not None and opened.player == 1
    assert night.set_person(seats["host"], 1, False).ok
    assert night.set_person(seats["host"], 1, True).ok
    assert night.open(new) == opened, "given back again, the same link plays it"
    for bad in (7, -1, True, "1"):
        outcome = night.set_person(seats["host"], bad, True)  # type: ignore[arg-type]
        assert not outcome.ok and "no such chair" in outcome.message


def test_a_second_hand_moves_the_button_and_the_new_dealer_names_the_game(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    _play_out(night, seats, record_id, random.Random(1))
    snap = night.snapshot(record_id)
    assert snap.data["hands"][0]["chips"] == snap.data["chips"]
    assert sum(snap.data["chips"]) == 600
    dealer = record.chooser(snap.data)
    assert dealer == 0, "the button moves one chair left"
    refused = night.deal_next(seats["seat:1"], snap.version, game_id="psycho")
    assert not refused.ok and "new dealer" in refused.message
    assert night.deal_next(seats["seat:0"], snap.version, game_id="psycho",
                           settings={"declarations": "in-turn"}).ok
    data = night.snapshot(record_id).data
    assert data["button"] == 0 and data["hand"]["game"] == "psycho"
    assert data["hand"]["seats"] == [1, 2, 0] and data["hand"]["number"] == 2
    assert data["hand"]["settings"] == {"declarations": "in-turn"}
    assert data["hand"]["stacks"] == [data["chips"][p] for p in (1, 2, 0)]
    now = night.snapshot(record_id)
    told = night.table_record(seats["host"], now)
    assert told is not None and night.table_record(seats["tv"], now) is None
    assert night.table_record(seats["host"], now, record.finished_record(now.data)) == told
    first, second = told.split("\n\n")[1:]
    assert first.startswith("== Hand 1: Seven-card stud ==") and "Chips after the hand" in first
    dealt_first = snap.data["players"][snap.data["hands"][0]["seats"][0]]["name"]
    assert f"Chips: {dealt_first} 200" in first, "each seat is called by its player's name"
    assert not re.search(r"\bSeat \d", told), "and never by a seat number"
    assert second.startswith("== Hand 2: Psycho (being played) ==")
    for text, state in ((first, snap.state), (second, night.snapshot(record_id).state)):
        assert state is not None
        assert not named_cards(text, hidden_from_table(state)), "the host reads hidden cards"
    assert "seed" not in told


def test_players_out_of_chips_sit_out(night: Night) -> None:
    record_id, shown = night.create(people=[True, False, True, False], game_id="psycho")
    seats = _open_all(night, shown)
    _play_out(night, seats, record_id, random.Random(2))

    def broke(data: dict[str, Any]) -> dict[str, Any]:     # player 2 lost everything
        data["chips"][3] += data["chips"][2]
        data["chips"][2] = 0
        return data

    night.store.update_latest(record_id, broke)
    snap = night.snapshot(record_id)
    assert night.deal_next(seats["seat:0"], snap.version, game_id="seven-card-stud").ok
    snap = night.snapshot(record_id)
    assert 2 not in snap.data["hand"]["seats"] and len(snap.data["hand"]["seats"]) == 3
    assert record.engine_seat(snap.data, 2) is None
    view = snap.view_for(seats["seat:2"])
    assert view is not None and view.legal == () and \
        all(c.card is None for s in view.seats for c in s.cards if not c.up)


def test_pick_a_partner_is_refused_with_an_odd_number_in(night: Night) -> None:
    with pytest.raises(record.Refused, match="4, 6, 8 or 10"):
        night.create(people=[True] * 5, game_id="pick-a-partner")
    record_id, shown = night.create(people=[True] * 5, game_id="psycho")
    seats = _open_all(night, shown)
    _play_out(night, seats, record_id, random.Random(4))
    snap = night.snapshot(record_id)
    games = record.dealable_games(snap.data)
    assert games["pick-a-partner"] is not None and games["psycho"] is None
    outcome = night.deal_next(seats["seat:0"], snap.version, game_id="pick-a-partner")
    assert not outcome.ok and "the table can deal: Seven-card stud" in outcome.message
    assert night.snapshot(record_id).version == snap.version


def test_an_ended_night_stays_readable_until_the_host_removes_it(night: Night) -> None:
    record_id, shown = night.create(people=[True, True], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    assert night.end(seats["seat:0"]).ok is False
    snap = night.snapshot(record_id)
    assert night.end(seats["host"]).ok
    assert all(night.open(secret) is not None for secret in shown.values())
    ended = night.snapshot(record_id)
    assert record.ended(ended.data) and not record.ended(snap.data)
    seat, action = seats["seat:0"], Action(0, ActionKind.FOLD)
    outcome = night.decide(seat, ended.version, action)
    assert not outcome.ok and "night has ended" in outcome.message
    assert night.deal_next(seats["host"], ended.version, game_id="psycho").ok is False
    assert night.snapshot(record_id).version == ended.version
    assert night.remove(seats["seat:0"]).ok is False
    assert night.remove(seats["host"]).ok
    assert all(night.open(secret) is None for secret in shown.values())
    assert night.decide(seat, ended.version, action).message == NO_TABLE


def test_a_night_survives_reopening_the_store(opener: Callable[..., RecordStore]) -> None:
    night = Night(opener())
    record_id, shown = night.create(people=[True, True, True], game_id="sophies-pick")
    seats = _open_all(night, shown)
    _random_decision(night, seats, record_id, random.Random(8))
    before = night.snapshot(record_id)
    night.store.close()
    again = Night(opener())
    assert again.open(shown["seat:1"]) == seats["seat:1"]
    after = again.snapshot(record_id)
    assert after.version == before.version and after.data == before.data
    assert after.state is not None and before.state is not None
    assert after.state.to_act == before.state.to_act


def test_a_new_night_removes_tables_idle_for_a_day(opener: Callable[..., RecordStore]) -> None:
    clock = Clock()
    night = Night(opener(clock=clock))
    old, old_shown = night.create(people=[True, True], game_id="seven-card-stud")
    shown, keys = issue(["learner"])
    learner = night.store.create("learner", {"attempts": []}, keys=keys)
    clock.now += 25 * 3600
    new, _ = night.create(people=[True, True], game_id="psycho")
    assert night.open(old_shown["seat:0"]) is None and night.version(old) is None
    assert night.version(new) == 1
    assert night.store.find(shown["learner"]) == (learner, "learner"), "learners are kept"


def test_issue_keeps_secrets_out_of_the_store(night: Night) -> None:
    shown, keys = issue(["a"])
    assert set(keys.values()) == {"a"} and shown["a"] not in keys


def test_a_qr_code_shows_a_name_as_text_never_as_markup() -> None:
    from tests.support.hostile import IMG, SCRIPT
    from ui.night.show import qr_html

    for name in (IMG, SCRIPT, "Ann\" onerror=\"alert(1)"):
        markup = qr_html("http://example.test/night?t=abc", label=name)
        assert "<script" not in markup and "<img src=x" not in markup
        assert 'onerror="' not in markup.replace('alt="QR code: ', "")
        assert markup.count("<img ") == 1 and markup.startswith("<figure")


def test_the_screens_of_one_process_share_one_replay_a_version(night: Night) -> None:
    record_id, shown = night.create(people=[True, True], game_id="psycho")
    seats = _open_all(night, shown)
    first = latest(night, record_id)
    assert first is not None and latest(night, record_id) is first
    assert _random_decision(night, seats, record_id, random.Random(1))
    moved = latest(night, record_id)
    assert moved is not None and moved.version > first.version
    assert moved.data == night.snapshot(record_id).data
    assert night.remove(seats["host"]).ok and latest(night, record_id) is None


def test_every_part_a_screen_is_sent_shows_names_as_text(night: Night) -> None:
    from tests.support.hostile import IMG, SCRIPT

    names = [IMG, SCRIPT, 'Ann" onerror="alert(1)', "Bo"]
    record_id, shown = night.create(people=[True] * 4, names=names, game_id="seven-card-stud")
    snap = night.snapshot(record_id)
    for role in ("host", "tv", *(record.seat_role(p) for p in range(4))):
        seat = night.find(shown[role])
        assert seat is not None
        parts = parts_for(seat, snap, four_colour=False)
        markup = "".join(part_html(name, inner) for name, inner in parts.items())
        assert "<script" not in markup and "<img src=x" not in markup, role
        assert 'onerror="' not in markup, role
        for player in snap.data["players"]:
            assert html.escape(player["name"]) in markup, (role, player["name"])


def test_the_chips_table_shows_names_as_text_the_latest_hand_first() -> None:
    from tests.support.hostile import IMG, SCRIPT
    from ui.night.show import chips_html, chips_table

    data = {"players": [{"name": IMG}, {"name": SCRIPT}], "start_chips": 100,
            "hands": [{"number": 1, "game": "psycho", "chips": [130, 70]},
                      {"number": 2, "game": "sophies-pick", "chips": [90, 110]}]}
    markup = chips_html(chips_table(data))
    assert "<script" not in markup and "<img" not in markup
    assert html.escape(IMG) in markup and html.escape(SCRIPT) in markup
    rows = re.findall(r"<tr>(.*?)</tr>", markup)
    assert [re.sub(r"<[^>]+>", " ", row).split()[:3] for row in rows[1:]] == \
        [["Hand", "2", "·"], ["Hand", "1", "·"], ["Start", "100", "100"]]
    assert "110" in rows[1] and "130" in rows[2]


def test_the_narration_calls_each_seat_by_its_players_name() -> None:
    from engine.state import Event, EventKind
    from ui.night.show import named_events, with_names

    data = {"players": [{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}],
            "hand": {"seats": [1, 2, 0]}}
    assert with_names("Seat 1 bets 10; Seat 3 calls.", data) == "Bo bets 10; Ann calls."
    assert with_names("Seat 4 and Seat 12 are not at this table", data) == \
        "Seat 4 and Seat 12 are not at this table"
    event = Event(EventKind.ACTION, "Seat 2 folds.", private="Seat 2 folds A♠ K♦.", seat=1)
    [named] = named_events([event], data)
    assert named.text == "Cy folds." and named.private == "Cy folds A♠ K♦."


@pytest.mark.parametrize(("setting", "seconds"), [(None, 0.25), ("0.3", 0.3), ("0", 0.1),
                                                  ("600", 10.0), ("nan", 0.25), ("soon", 0.25)])
def test_the_polling_interval_is_settable_within_reason(
        monkeypatch: pytest.MonkeyPatch, setting: str | None, seconds: float) -> None:
    from ui.night.controller import POLL_ENV, poll_seconds

    if setting is None:
        monkeypatch.delenv(POLL_ENV, raising=False)
    else:
        monkeypatch.setenv(POLL_ENV, setting)
    assert poll_seconds() == seconds
