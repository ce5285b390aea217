"""The worked examples of the declared games taught on the shared page: what the page says
of each hand is the engine's reading, and agrees with what the example's words state."""

from __future__ import annotations

import content
from engine.games import get_game
from ui.learn.example_declared import readings


def said(game_id: str, key: str) -> dict[str, str]:
    example = content.load_game(game_id).examples[key]
    return readings(game_id, example, get_game(game_id).settings_type())


def test_the_pass_example_reads_the_kept_wheel_both_ways() -> None:
    expect = content.load_game("anaconda").examples["pass"].expect
    kept = said("anaconda", "pass")["kept"]
    assert kept.startswith(f"{expect['high']} for high")
    assert expect["low"].lower() in kept  # the low half, within the sentence
    assert said("anaconda", "pass")["seat1"].startswith("Pair of kings")
    assert kept == "Five-high straight for high; five-four low for low"  # one sentence


def test_the_discard_example_reads_the_flush_and_the_declare_example_both_hands() -> None:
    assert said("crazy-pineapple", "keep_two")["seat2"] == "Ace-high flush for high"
    expect = content.load_game("seven-card-stud-declare").examples["both_ways"].expect
    seat1 = said("seven-card-stud-declare", "both_ways")["seat1"]
    assert seat1.startswith(expect["seat1_high"]) and expect["seat1_low"].lower() in seat1
