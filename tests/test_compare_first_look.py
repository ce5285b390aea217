"""Compare games narrowed to the games chosen (two or three read well on a phone), and
none chosen says so instead of drawing an empty table; its house stakes are what a default
deal posts."""

from __future__ import annotations

from engine.games import get_game, new_hand
from engine.state import EventKind
from tests.support.hostile import site_page
from ui.learn.compare import house_stakes
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



def _posts(game_id: str) -> list[str]:
    """What a default deal of the game posts before the first decision, line by line."""
    game = get_game(game_id)
    hand = new_hand(game_id, players=game.player_counts(game.settings_type())[0], seed=0)
    return [e.text for e in hand.events if e.kind is EventKind.POST]


def test_house_stakes_say_what_the_default_deal_posts_and_no_amount_of_nothing() -> None:
    assert house_stakes("five-card-omaha") == "chips 200, small blind 1, big blind 2"
    # Short deck antes and posts the button blind alone unless two blinds are announced.
    assert house_stakes("short-deck-holdem") == "chips 200, ante 1, button blind 2"
    for game_id in SITE_GAMES:
        stakes, posts = house_stakes(game_id), _posts(game_id)
        assert not any(part.endswith(" 0") for part in stakes.split(", ")), stakes
        for blind in ("small blind", "big blind", "button blind"):
            assert (blind in stakes) == any(f"the {blind} of" in line for line in posts), \
                (game_id, stakes, posts)
