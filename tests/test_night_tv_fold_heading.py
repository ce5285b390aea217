"""The TV's side panel names a hand won by a fold as what it was, not a showdown."""

from __future__ import annotations

from engine.state import Settlement
from tests.support.share import random_hand
from ui.night.tv_table import side_heading


def _settled(showdown: bool) -> Settlement:
    for seed in range(200):
        settlement = random_hand("texas-holdem", seed).settlement
        if settlement is not None and settlement.showdown is showdown:
            return settlement
    raise AssertionError("no random hold'em hand ended that way in 200 seeds")


def test_a_hand_won_by_a_fold_is_not_called_a_showdown_on_the_tv() -> None:
    assert side_heading(_settled(False)) == "The result: everyone else folded"
    assert side_heading(_settled(True)) == "The showdown: who won which pot, and why"
