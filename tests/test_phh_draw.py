"""The draw games and short-deck hold'em under PHH's codes (F2L3D, FB, N2L1D, NS): a
hand of each kept as written, pokerkit's reader replaying it, the file read as another
writer's, and what cannot be followed refused with the reason."""

from __future__ import annotations

import json
import tomllib
import warnings
from pathlib import Path

import pytest
from pokerkit import HandHistory

from engine.games import get_game, make_settings, new_hand
from engine.phh import load_phh, read_phh, to_phh, variant_code
from tests.support.oracle_phh_draw import GAME_OF, site_hand

KEPT = Path(__file__).parent / "data" / "phh" / "site"
SEEDS = {"F2L3D": 47, "FB": 47, "N2L1D": 60, "NS": 29}
"""The seed of each kept hand (``tests.support.oracle_phh_draw.site_hand``): three or four
players, draws, and a showdown."""


def kept(code: str) -> str:
    return (KEPT / f"{code.lower()}.phh").read_text()


def standard_part(text: str) -> str:
    """The file as another writer would have it: PHH's own fields, no user fields (JSON
    writes these lists, numbers and true as TOML does)."""
    data = tomllib.loads(text)
    return "".join(f"{name} = {json.dumps(value)}\n" for name, value in data.items()
                   if not name.startswith("_"))


@pytest.mark.parametrize("code", SEEDS)
def test_the_kept_hand_is_written_the_same(code: str) -> None:
    assert to_phh(site_hand(code, SEEDS[code])) == kept(code)


@pytest.mark.parametrize("code", SEEDS)
def test_pokerkit_replays_the_kept_hand_to_its_finishing_stacks(code: str) -> None:
    text = kept(code)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(text)
        *_, final = history
    assert history.variant == code
    assert list(final.stacks) == tomllib.loads(text)["finishing_stacks"]


@pytest.mark.parametrize("code", ["FB", "N2L1D", "NS"])
def test_the_kept_hand_reads_back_and_as_another_writers_file(code: str) -> None:
    text = kept(code)
    finishing = tomllib.loads(text)["finishing_stacks"]
    host = load_phh(text)
    theirs = load_phh(standard_part(text))
    for state in (host, theirs):
        assert state.game.id == GAME_OF[code] and state.is_over
        assert [s + p for s, p in zip(state.table.starting, state.payoffs, strict=True)] \
            == finishing
    assert theirs.actions == host.actions


def test_a_draw_from_a_rebuilt_stock_reads_back_only_from_the_sites_own_file() -> None:
    """The kept triple-draw hand ran the stock out: the site rebuilt it from the discards,
    in its order, which only its own file (its shuffle) can replay."""
    text = kept("F2L3D")
    assert load_phh(text).is_over
    with pytest.raises(ValueError, match="4s is dealt again: the stock ran short here"):
        load_phh(standard_part(text))


def test_a_draw_is_written_as_every_discard_then_every_deal() -> None:
    lines = tomllib.loads(kept("F2L3D"))["actions"]
    first = lines.index("p1 sd QdTd")
    assert [line.split()[1] for line in lines[first:first + 8]] == ["sd"] * 4 + ["dh"] * 4


def test_the_site_deals_each_draw_as_the_player_discards() -> None:
    lines = tomllib.loads(kept("F2L3D"))["_actions"]
    first = lines.index("p1 sd QdTd")
    assert lines[first + 1] == "d dh p1 6dJd"


@pytest.mark.parametrize(("game_id", "structure"), [("deuce-to-seven-single-draw", "pot-limit"),
                                                    ("short-deck-holdem", "pot-limit")])
def test_an_announcement_without_a_code_keeps_the_sites_own_variant(game_id: str,
                                                                     structure: str) -> None:
    settings = make_settings(get_game(game_id), {"structure": structure})
    state = new_hand(game_id, players=3, seed=2, settings=settings)
    assert variant_code(game_id, settings) == f"dealers-choice:{game_id}"
    assert load_phh(to_phh(state)).to_json() == state.to_json()


@pytest.mark.parametrize(("change", "reason"), [
    (("d dh p2 5s2s3dKs4h", "d dh p2 ??2s3dKs4h"), r"a card is unknown \(\?\?\)"),
    (("d dh p1 6dJd", "d dh p1 6dQd"),
     r"Qd is dealt again: the stock ran short here"),
    (("d dh p2 5s2s3dKs4h", "d dh p2 4c2s3dKs4h"),
     r"4c is dealt a second time, and a deck holds each card once"),
    (("small_bet = 2", "small_bet = 0"), r"small_bet must be from 1"),
])
def test_a_draw_file_the_site_cannot_follow_is_refused_with_the_reason(
        change: tuple[str, str], reason: str) -> None:
    text = standard_part(kept("F2L3D")).replace(*change)
    with pytest.raises(ValueError, match=reason):
        load_phh(text)


def test_a_seats_own_draw_file_is_refused_as_a_view() -> None:
    state = site_hand("FB", SEEDS["FB"])
    with pytest.raises(ValueError, match="Seat 2.+s view .* every card known"):
        read_phh(to_phh(state, 1))


def test_short_deck_with_a_straddle_is_refused_naming_the_field() -> None:
    text = standard_part(kept("NS")).replace("blinds_or_straddles = [0, 0, 4]",
                                             "blinds_or_straddles = [2, 4, 4]")
    with pytest.raises(ValueError, match=r"blinds_or_straddles .*has no straddle"):
        load_phh(text)


def test_a_short_deck_file_written_before_its_code_still_reopens() -> None:
    """Such a file was the site's own variant, an all-in's run-out on one board line."""
    text = (KEPT / "short-deck-before-its-code.phh").read_text()
    state = load_phh(text)
    assert state.is_over and state.game.id == "short-deck-holdem"
    assert [s + p for s, p in zip(state.table.starting, state.payoffs, strict=True)] \
        == tomllib.loads(text)["finishing_stacks"]
