"""Every string a night's screens show names people, never an engine seat ("Seat 4"):
the engine numbers seats from the dealer's left, so a number names someone else each
hand. Every game is played at a night; at every decision the parts every screen draws
(the TV's, the host's, each phone's) are read, and the phone of the seat to act is run
whole (its decision, the hints beside it) at each kind of decision no game has shown it
yet in this run; at each hand's end the TV and a phone are run whole too."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import GAMES, make_settings
from engine.state import ActionKind
from tests.support.hostile import site_page
from tests.support.night import open_all
from ui.night import record
from ui.night.controller import Night
from ui.night.parts import parts_for
from ui.store import STORE_ENV, close_stores, open_store

SEAT_NUMBER = re.compile(r"\bSeat \d+\b")
NAMES = ["Ann", "Ben", "Cat", "Robo Dee"]


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "night.sqlite3"))
    close_stores()
    yield Night(open_store())
    close_stores()


def _shown(at: AppTest) -> str:
    """Every word a run of a screen put on the page: its elements' text, labels, options
    and help, as Streamlit sends them."""
    def flat(node: object) -> Iterator[object]:
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                yield from flat(child)
        else:
            yield node

    protos = (getattr(element, "proto", None) for element in flat(at._tree))
    return "\n".join(str(proto) for proto in protos if proto is not None)


def _no_seat_numbers(text: str, where: str) -> None:
    found = SEAT_NUMBER.findall(text)
    assert not found, f"{where} shows {found[:3]}: " + \
        text[max(0, text.index(found[0]) - 80):text.index(found[0]) + 60]


PHONE_RUN_DECIDING: set[frozenset[ActionKind]] = set()
"""The kinds of decision a phone has been run whole deciding, whatever the game: the phone
draws a decision from its kinds, and every decision's parts are read in every game."""


def _players(game_id: str) -> int:
    game = GAMES[game_id]
    for count in (4, 6, 3, 2):
        try:
            game.check_players(count, make_settings(game, None))
        except ValueError:
            continue
        return count
    raise AssertionError(f"{game_id} seats none of 2, 3, 4, 6")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_screen_names_people_at_every_decision(night: Night, game_id: str) -> None:
    count = _players(game_id)
    people = [True] * (count - 1) + [False]
    names = [*NAMES[:count - 1], "Robo Dee"] + [f"Guest {n}" for n in range(count)]
    record_id, links = night.create(people=people, names=names[:count], game_id=game_id,
                                    seed=7)
    seats = open_all(night, links)
    rng = random.Random(game_id)
    run_kinds = PHONE_RUN_DECIDING
    for _ in range(300):
        snap = night.snapshot(record_id)
        assert snap.state is not None
        for role, seat in seats.items():
            for part, markup in parts_for(seat, snap, four_colour=False).items():
                _no_seat_numbers(markup, f"{game_id}: the {role} screen's {part}")
        if snap.state.is_over:
            break
        chairs = snap.data["hand"]["seats"]
        player = next(chairs[s] for s in snap.state.to_act
                      if snap.data["players"][chairs[s]]["person"])
        role = record.seat_role(player)
        view = snap.view_for(seats[role])
        assert view is not None
        kinds = frozenset(a.kind for a in view.legal)
        if kinds not in run_kinds:
            run_kinds.add(kinds)
            _no_seat_numbers(_shown(site_page("night", params={"t": links[role]})),
                             f"{game_id}: {role}'s phone deciding {sorted(k.value for k in kinds)}")
        quiet = [a for a in view.legal if a.kind is not ActionKind.FOLD] or list(view.legal)
        action = rng.choice(quiet)
        assert night.decide(seats[role], snap.version, action).ok
    over = night.snapshot(record_id).state
    assert over is not None and over.is_over
    for role in ("tv", "seat:0"):
        _no_seat_numbers(_shown(site_page("night", params={"t": links[role]})),
                         f"{game_id}: the {role} screen at the hand's end")
