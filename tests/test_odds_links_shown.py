"""The Odds page opened from a worked example and from a game night's finished hand: the
link is filled with the cards its reader sees, reads back into the calculator, and holds
no card the reader may not see."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from engine.bots.sophies_pick import lock_score
from engine.cards import Card, format_cards, parse_cards
from engine.hands import LowRanking
from engine.odds.advice import expose_reads
from engine.odds.at_table import Spot, solve_spot
from engine.odds.at_table_choices import choice_points, holdings
from engine.state import ActionKind
from engine.views import host_view
from tests.support.pages_learn import _open
from tests.support.pages_night import screen
from ui.learn.example_sophie import lock_words, pairings
from ui.night.controller import Night
from ui.odds.hand_link import read_hand_link
from ui.store import STORE_ENV, close_stores, open_store

LINK = re.compile(r"\]\((/odds\?[^)\s]+)\)")


def links(at: AppTest) -> list[str]:
    return [m.group(1) for e in at.markdown for m in LINK.finditer(str(e.value))]


def spot_of(link: str) -> Spot:
    spot = read_hand_link(dict(parse_qsl(urlsplit(link).query)))
    assert isinstance(spot, Spot), spot
    return spot


def known(spot: Spot) -> set[Card]:
    return {c for cards in (*spot.seats, *spot.boards) for c in cards if c is not None}


def test_the_stud_examples_link_only_the_up_cards_they_show() -> None:
    at = _open("seven_card_stud")
    at.text_input(key="stud_ex_bring_in").set_value("8s 3h 3c Kd")
    at.text_area(key="stud_ex_fourth").set_value("Th 9h\n3c 4d\nKs Kd")
    at.run()
    assert not at.exception
    bring_in, fourth = (spot_of(link) for link in links(at))
    assert bring_in.game_id == "seven-card-stud" and bring_in.players == 4
    assert bring_in.seats == tuple((None, None, c) for c in parse_cards("8s 3h 3c Kd"))
    assert fourth.players == 3 and [s[:2] for s in fourth.seats] == [(None, None)] * 3
    assert known(fourth) == set(parse_cards("Th 9h 3c 4d Ks Kd"))
    for spot in (bring_in, fourth):
        solve_spot(spot, rng=np.random.default_rng(1), seconds=0.2)


@pytest.mark.parametrize("page,typed", [
    ("razz", {"razz_ex_bring_in": "Kc 3h Ks Ad"}),
    ("sophies_pick", {"sophie_ex_hole": "Th 9h 2c 3c 4c 5c",
                      "sophie_ex_board": "Jh 8h 2s 5h Ks"}),
    ("seven_card_stud_eight", {"stud_eight_ex_bring_in": "8s 3h 3c Kd",
                               "stud_eight_ex_fourth": "Th 9h\n4c 4d",
                               "stud_eight_ex_split_seat1": "Ah 2c 7d 5s 3h Kc Qd",
                               "stud_eight_ex_split_seat2": "9h 9c 9d 6s Jh Jc Td"}),
])
def test_each_examples_link_holds_only_the_cards_typed(page: str, typed: dict[str, str]) -> None:
    at = _open(page)
    boxes = {w.key for w in (*at.text_input, *at.text_area)}
    for key, text in typed.items():
        assert key in boxes, sorted(map(str, boxes))
        box = at.text_area(key=key) if key.endswith("_fourth") else at.text_input(key=key)
        box.set_value(text)
    at.run()
    assert not at.exception
    shown = {c for text in typed.values() for c in parse_cards(" ".join(text.split()))}
    found = links(at)
    assert found, "the example links to the Odds page"
    for link in found:
        spot = spot_of(link)
        assert spot.game_id == page.replace("_", "-")
        assert known(spot) <= shown
        solve_spot(spot, rng=np.random.default_rng(1), seconds=0.2)   # the calculator reads it


def taken(spot: Spot, seat: int, kind: ActionKind) -> list[str]:
    """What the spot's choices make the seat choose, decision by decision, in words."""
    return [p.labels[p.taken] for p in choice_points(spot)
            if p.seat == seat and p.kind is kind and p.taken is not None]


def test_the_sophie_example_links_the_pairs_it_locks_and_gives_up() -> None:
    at = _open("sophies_pick")
    [link] = links(at)
    spot = spot_of(link)
    assert known(spot) == set(parse_cards("A♠ K♠ Q♦ Q♣ 7♥ 6♥ 9♥ 8♥ 2♠ 5♥ K♦"))
    assert spot.seats[1] == (None,) * 6, "the opponent's cards are not the reader's"
    [lock] = taken(spot, 0, ActionKind.LOCK_PAIRS)
    assert set(lock.split(" | ")) == {"A♠ K♠", "Q♦ Q♣", "7♥ 6♥"}
    assert [set(p.split()) for p in taken(spot, 0, ActionKind.SACRIFICE)] == [
        {"A♠", "K♠"}, {"Q♦", "Q♣"}]
    at.selectbox(key="sophie_ex_pairing_AsKsQdQc7h6h").set_value(5).run()
    assert not at.exception
    other = spot_of(links(at)[0])
    assert taken(other, 0, ActionKind.LOCK_PAIRS) != [lock], "the lock chosen is the link's"


def test_the_psycho_example_links_its_seven_cards_and_its_expose() -> None:
    at = _open("psycho")
    plan, reads = expose_reads(tuple(parse_cards("2♣ 3♦ 4♥ 6♠ 6♦")), LowRanking.ACE_TO_FIVE)
    read = next(r for three, r in reads if set(three) == set(parse_cards("6♠ 6♦ 4♥")))
    [why] = [m.value for m in at.markdown if "Why these three?" in m.value]
    assert f"{read:.0%} are stronger for low" in why and f"a {plan} hand" in why, why
    assert format_cards(reads[0][0]) in why, "the example names the measure's best too"
    [link] = links(at)
    spot = spot_of(link)
    assert spot.players == 3 and spot.street == "Declarations"
    assert known(spot) == set(parse_cards("2♣ 3♦ 4♥ 6♠ 6♦ 7♥ 5♣"))
    patterns, _ = holdings(spot)
    up = {c for c, way in zip(spot.seats[0], patterns[0], strict=True) if way == "u"}
    assert up == set(parse_cards("6♠ 6♦ 4♥ 7♥")), "the three exposed and the sixth card"


def test_the_partner_example_links_the_two_partners_as_one_team() -> None:
    at = _open("pick_a_partner")
    [link] = links(at)
    spot = spot_of(link)
    assert known(spot) == set(parse_cards("K♥ Q♥ J♥ 4♣ 9♠ 10♥ 2♥ 3♦ 3♠ 7♣"))
    assert spot.seats[2:] == ((None,) * 5,) * 2
    answer = solve_spot(spot, rng=np.random.default_rng(1), seconds=0.1, min_deals=40)
    shares = [answer[f"share/{s}"].value for s in range(4)]
    assert shares[0] == pytest.approx(shares[1]) and shares[2] == pytest.approx(shares[3])
    assert shares[0] > 0.35, "a flush against two unknown hands"


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Night]:
    monkeypatch.setenv(STORE_ENV, str(tmp_path / "night.sqlite3"))
    close_stores()
    yield Night(open_store())
    close_stores()


def test_a_finished_night_hand_links_only_what_each_screen_saw(night: Night) -> None:
    """Each person folds when they can, so down cards stay hidden: the host's link (the
    public table) and each phone's hold only the cards that screen shows."""
    record_id, shown = night.create(people=[True, True, False], names=["Ann", "Bo"],
                                    game_id="seven-card-stud", seed=5)
    for _ in range(200):
        snap = night.snapshot(record_id)
        if snap.state.is_over:
            break
        engine_seat = snap.state.to_act[0]
        seat = night.find(shown[f"seat:{snap.data['hand']['seats'][engine_seat]}"])
        legal = snap.state.legal_actions(engine_seat)
        assert night.decide(seat, snap.version, next(
            (a for a in legal if a.kind.value == "fold"), legal[0])).ok
    snap = night.snapshot(record_id)
    state = snap.state
    assert state.is_over
    for role in ("host", "seat:0", "seat:1"):
        seat = night.find(shown[role])
        view = snap.view_for(seat)
        seen = {c.card for s in view.seats for c in s.cards if c.card is not None}
        seen |= {c for b in view.boards for c in b}
        at = screen(shown[role])
        found = links(at)
        assert len(found) == 1, (role, found)
        spot = spot_of(found[0])
        assert known(spot) <= seen, role
        everything = host_view(state, revealed=range(state.players))
        hidden = {c.card for s in everything.seats for c in s.cards} - seen
        assert hidden or role != "host", "the host's screen has down cards it does not see"
        assert not known(spot) & hidden


def test_the_sophie_example_states_the_lock_measure_the_players_lock_by() -> None:
    options = pairings(parse_cards("A♠ K♠ Q♦ Q♣ 7♥ 6♥"))
    best = max(options, key=lambda p: lock_score([c for pair in p for c in pair]))
    assert lock_words(options, best).endswith("the most of the 15 pairings.")
    other = next(p for p in options if p != best)
    assert lock_words(options, other).endswith(f"{lock_score([c for q in best for c in q]):.1f}.")
