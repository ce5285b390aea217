"""The calculator makes a choice still to come on each deal as the computer player makes
it at the table, by the same measure over trial deals of its own, drawn at once; a choice
that only turns cards up (Anaconda's rolls) is not asked of it at all, since no share
hangs on it. The players at the table shuffle card by card as before, so a seeded hand
replays."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine.bots import EquityBot, bot_for
from engine.cards import parse_cards
from engine.odds.at_table import Spot, solve_spot

HAND = parse_cards("Ah 2c 3d 4s 6h 9c Kd")


def _refuse(*args: object, **kwargs: object) -> None:
    raise AssertionError("not asked for")


def test_the_calculators_seats_draw_their_trial_deals_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spot = Spot.build("anaconda", players=3, street="Deal", seats=[HAND])
    solve_spot(spot, rng=np.random.default_rng(0), seconds=0.01, min_deals=1)  # the caches
    shuffled = []
    shuffle = random.Random.shuffle

    def counted(rng: random.Random, cards: list[object]) -> None:
        if cards:  # the calculator's stacked deck leaves nothing to shuffle
            shuffled.append(len(cards))
        shuffle(rng, cards)

    monkeypatch.setattr(random.Random, "shuffle", counted)
    answer = solve_spot(spot, rng=np.random.default_rng(0), seconds=0.01, min_deals=2)
    assert shuffled == []
    assert answer.deals >= 2 and "computer player" in (answer.why or "")
    assert sum(answer[f"share/{s}"].value for s in range(3)) == pytest.approx(1.0)


def test_the_players_at_the_table_still_shuffle_card_by_card() -> None:
    player = bot_for("anaconda")
    assert isinstance(player, EquityBot) and not player.numpy_deals


def test_the_rolls_to_come_are_not_asked_of_the_computer_player(
        monkeypatch: pytest.MonkeyPatch) -> None:
    spot = Spot.build("anaconda", players=3, street="Discard", seats=[HAND])
    monkeypatch.setattr("engine.bots.choices.roll_card", _refuse)
    answer = solve_spot(spot, rng=np.random.default_rng(0), seconds=0.01, min_deals=2)
    assert answer.deals >= 2
