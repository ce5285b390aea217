"""Hold'em and Omaha in PHH under the standard codes, against pokerkit: the cases dealt on
purpose. The random hands of every code (``NT``, ``FT``, ``PO``, ``FO/8``), both ways,
are rows of the oracle harness (``tests.support.oracle``, played by
``tests.support.oracle_phh_board``, whose docstring says what is compared and which
differences of convention are counted)."""

from __future__ import annotations

import re
import tomllib
import warnings
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import (
    HandHistory,
)

from engine.games import new_hand
from engine.phh import load_phh, read_phh, to_phh
from tests.support.oracle_phh_board import (
    site_hand,
)
from tests.support.scale import scaled


def test_heads_up_blinds_are_written_small_then_big_as_pokerkit_reads_them() -> None:
    """Heads-up the dealer (Seat 2, pokerkit's last player) posts the small blind; pokerkit
    swaps a heads-up file's blinds itself, so they are written small then big."""
    state = new_hand("texas-holdem", players=2, seed=3, settings={"small_blind": 1,
                                                                 "big_blind": 2})
    data = tomllib.loads(to_phh(state))
    assert data["blinds_or_straddles"] == [1, 2] and data["min_bet"] == 2
    assert state.table.bets == [2, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pk = HandHistory.loads(to_phh(state)).create_state()
        while pk.can_post_blind_or_straddle():
            pk.post_blind_or_straddle()
    assert list(pk.bets) == [2, 1]


def test_fixed_limit_files_give_both_bets_and_pot_limit_holdem_keeps_the_sites_variant() -> None:
    fixed = new_hand("texas-holdem", players=3, seed=1, settings={"structure": "fixed-limit"})
    data = tomllib.loads(to_phh(fixed))
    assert (data["variant"], data["small_bet"], data["big_bet"]) == ("FT", 2, 4)
    assert "min_bet" not in data
    pot = new_hand("texas-holdem", players=3, seed=1, settings={"structure": "pot-limit"})
    text = to_phh(pot)
    assert tomllib.loads(text)["variant"] == "dealers-choice:texas-holdem"
    assert load_phh(text).to_json() == pot.to_json()
    for announced, code in (({"pot": "eight-or-better", "betting": "pot-limit"}, None),
                            ({"pot": "high", "betting": "no-limit"}, None),
                            ({"pot": "eight-or-better"}, "FO/8"), ({}, "PO")):
        omaha = new_hand("omaha", players=2, seed=1, settings=announced)
        assert tomllib.loads(to_phh(omaha))["variant"] == (code or "dealers-choice:omaha")


BASE = ("variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [100, 100, 100]\nactions = [\n'd dh p1 AhKd', 'd dh p2 9s9d',\n"
        "'d dh p3 2c7h', 'p3 f', 'p1 cc', 'p2 cc', 'd db Qs8c3d',\n]\n")


@pytest.mark.parametrize("edit, words", [
    (("antes = [0, 0, 0]", "antes = [1, 0, 2]"), r"line 2 \(antes = .*same from every"),
    (("[1, 2, 0]", "[1, 2, 1]"), r"line 3 .*straddle from the third at least"),
    (("min_bet = 2", "min_bet = 4"), r"line 4 .*smallest bet is the big blind"),
    (("min_bet = 2\n", ""), r"line 1 \(variant = 'NT'\).*min_bet"),
    (("'d dh p2 9s9d'", "'d dh p2 ????'"), r"\?\? .*opens only as Seat 1's view"),
    (("'d db Qs8c3d'", "'d db Qs8c??'"), r"line 8 .*unknown"),
    (("'d dh p3 2c7h'", "'d dh p3 2cAh'"), r"line 8 .*Ah is dealt a second time"),
    (("'p3 f'", "'p2 f'"), r"line 8 .*the hand is over"),
    (("'p3 f', 'p1 cc', 'p2 cc', 'd db Qs8c3d',", "'p3 cc', 'p1 cbr 0',"),
     r"line 8 \(p1 cbr 0\)"),
])
def test_a_board_file_the_site_cannot_follow_names_the_line_and_the_reason(
        edit: tuple[str, str], words: str) -> None:
    assert len(load_phh(BASE).boards[0]) == 3  # the file as it stands is read
    bad = BASE.replace(*edit)
    assert bad != BASE
    with pytest.raises(ValueError, match=words):
        load_phh(bad)


def test_a_players_own_file_opens_as_that_players_view() -> None:
    """Seat 2 and Seat 3's hole cards unknown: the hand opens as Seat 1's; and a hand the
    site's rules would show (Seat 2 bets last, so shows first) is refused."""
    mine = read_phh(BASE.replace("9s9d", "????").replace("2c7h", "????"))
    assert not mine.complete and mine.seat == 0
    assert mine.state.view(0) == load_phh(BASE).view(0)
    streets = ["'p1 cc', 'p2 cc', 'p3 cc'"] * 2 + ["'p1 cc', 'p2 cbr 2', 'p3 cc', 'p1 cc'"]
    shown = BASE.split("actions = [")[0] + (
        "actions = ['d dh p1 AhKd', 'd dh p2 ????', 'd dh p3 2c7h', 'p3 cc', 'p1 cc', "
        f"'p2 cc', 'd db Qs8c3d', {streets[0]}, 'd db 4h', {streets[1]}, 'd db 5s', "
        f"{streets[2]}]\n")
    assert load_phh(shown.replace("????", "9s9d")).is_over
    with pytest.raises(ValueError, match=r"Seat 2's cards are not all known"):
        read_phh(shown)


def test_a_seats_own_file_from_the_site_opens_as_its_view() -> None:
    state = site_hand("PO", 4, Counter())
    text = to_phh(state, 2)
    hand = read_phh(text)
    assert not hand.complete and hand.seat == 2
    assert hand.state.view(2) == state.view(2)
    other = next(p for p in range(1, state.players + 1) if f"d dh p{p} ????????" in text
                 and not re.search(rf'"p{p} sm \w', text))  # never shown
    with pytest.raises(ValueError, match=rf"_view.*Seat {other}'s view, but it writes"):
        read_phh(text.replace('_view = "Seat 3"', f'_view = "Seat {other}"'))


def test_a_heads_up_file_with_equal_blinds_is_refused_saying_why() -> None:
    text = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [2, 2]\nmin_bet = 2\n"
            "starting_stacks = [100, 100]\nactions = ['d dh p1 AhKd', 'd dh p2 9s9d']\n")
    with pytest.raises(ValueError, match=r"line 3 .*equal blinds heads-up"):
        load_phh(text)


FUZZ_BASES = [BASE, BASE.replace("9s9d", "????"), BASE.replace("'NT'", "'PO'").replace(
    "AhKd", "AhKd2s3s").replace("9s9d", "9s9d4c4h").replace("2c7h", "2c7h6d5d")]
WORDS = ["p9", "cbr", "sm", "????", "??Ah", "AhAh", "99", "-1", "'x'", "d", "dh", "db", "f",
         "cc", "1.5", "true", "[]", "p0", "zz", "'FO/8'", "'FT'", "min_bet", "small_bet"]


@settings(max_examples=scaled(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FUZZ_BASES), st.data())
def test_a_damaged_board_file_is_refused_with_a_reason_never_a_traceback(
        base: str, data: st.DataObject) -> None:
    lines = base.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines) - 1))
        change = data.draw(st.sampled_from(["drop", "copy", "word", "number"]))
        if change == "drop":
            del lines[at]
        elif change == "copy":
            lines.insert(at, lines[at])
        elif change == "word":
            words = lines[at].split(" ")
            words[data.draw(st.integers(0, len(words) - 1))] = data.draw(st.sampled_from(WORDS))
            lines[at] = " ".join(words)
        else:
            lines[at] = re.sub(r"\d+", str(data.draw(st.integers(-5, 10**6))), lines[at],
                               count=1)
        if not lines:
            return
    try:
        read_phh("\n".join(lines))
    except ValueError as error:
        message = str(error)
        assert "line" in message or "the file" in message, message
        assert "cannot be replayed here (" not in message, message
