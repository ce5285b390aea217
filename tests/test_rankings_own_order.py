"""The hand rankings page names the games that leave its list: short deck's flush above
the full house must be said where a newcomer looks up which hand wins."""

from ui.components.game_words import own_order_words, short_deck_games, wild_card_games


def test_short_deck_is_named_as_ranking_its_own_way() -> None:
    assert "Short-deck hold'em" in short_deck_games()
    words = own_order_words()
    assert "Short-deck hold'em" in words
    assert "a flush beats a full house" in words
    assert "A-6-7-8-9" in words


def test_games_of_the_usual_order_are_not_named() -> None:
    names = short_deck_games()
    assert "Texas hold'em" not in names
    assert "Five-card Omaha" not in names


def test_wild_card_games_are_named_with_five_of_a_kind_on_top() -> None:
    names = wild_card_games()
    assert "Five-card draw with the bug" in names and "Texas hold'em" not in names
    assert "five of a kind" in own_order_words()
