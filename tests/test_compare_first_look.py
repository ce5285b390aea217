"""Compare games narrowed to the games chosen (two or three read well on a phone), and
none chosen says so instead of drawing an empty table."""

from __future__ import annotations

from tests.support.hostile import site_page
from ui.registry import SITE_GAMES


def test_the_games_chosen_are_the_columns_compared() -> None:
    at = site_page("compare")
    assert not at.exception
    names = [game.name for game in SITE_GAMES.values()]
    assert list(at.table[0].value.columns) == names
    at.button_group(key="compare_games").set_value(["Razz", "Omaha"]).run()
    assert list(at.table[0].value.columns) == ["Razz", "Omaha"], "in the site's order"
    at.button_group(key="compare_games").set_value([]).run()
    assert not at.exception and not at.table
    assert "Choose at least one game" in at.info[0].value
