"""Compare games on a phone: the choice of games folds away under a label that stays the
same (a choice does not fold it), and a caption says how many games the table holds."""

from __future__ import annotations

from tests.support.hostile import site_page
from ui.registry import SITE_GAMES


def test_the_choice_folds_away_and_the_caption_counts_the_games() -> None:
    at = site_page("compare")
    assert not at.exception
    (choice,) = at.expander
    assert choice.label == "Choose the games to compare"
    assert choice.button_group(key="compare_games") is not None, "the pills are inside"
    every = len(SITE_GAMES)
    said = f"{every} of {every} games side by side. On a phone, two or three read best"
    assert any(said in c.value for c in at.caption)
    at.button_group(key="compare_games").set_value(["Razz", "Omaha"]).run()
    assert at.expander[0].label == "Choose the games to compare"
    assert f"2 of {every} games side by side." in [c.value for c in at.caption]
