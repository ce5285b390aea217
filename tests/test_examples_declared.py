"""The worked examples of the games taught on the shared learning page say what the engine
deals: each seat's hand, and who takes the pot or each part of it, under the example's own
announcements; the page shows them, and refuses a bad card without a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from content import Example, load_game
from engine.cards import parse_cards
from engine.games import GAMES
from tests.support.hostile import site_page
from ui.learn.example_declared import example_settings, example_showdown, is_dealt
from ui.registry import GENERIC_PAGE, SITE_GAMES

EXAMPLES = [(game.id, example) for game in SITE_GAMES.values()
            if game.page is not None and game.page.file == GENERIC_PAGE
            for example in load_game(game.content).examples.values() if is_dealt(example)]


def _seats(example: Example) -> list[str]:
    return sorted((k for k in example.cards if k.startswith("seat")),
                  key=lambda k: int(k.removeprefix("seat")))


@pytest.mark.parametrize(("game_id", "example"), EXAMPLES,
                         ids=[f"{g}-{e.key}" for g, e in EXAMPLES])
def test_a_declared_games_example_states_what_the_engine_deals(game_id: str,
                                                              example: Example) -> None:
    settings = example_settings(game_id, GAMES[game_id].settings_type(), example)
    holes = [parse_cards(example.cards[key]) for key in _seats(example)]
    result = example_showdown(game_id, holes, parse_cards(example.cards.get("board", "")),
                              settings)
    for key, stated in example.expect.items():
        if key.startswith("seat"):
            assert result.hands[int(key.removeprefix("seat")) - 1] == stated, key
        elif key == "winner":
            assert result.winners == ((int(stated) - 1,),), result.awards
        else:  # a part of the pot: high, low, spade
            (line,) = [a for a in result.awards if f"the {key} " in a]
            assert line.startswith(f"Seat {stated} wins"), result.awards


def test_every_new_repertoire_game_has_a_worked_example() -> None:
    taught = {game_id for game_id, _ in EXAMPLES}
    assert {"five-card-omaha", "big-o", "courchevel", "deuce-to-seven-single-draw",
            "ace-to-five-triple-draw", "five-card-stud", "chicago",
            "five-card-draw-bug"} <= taught
    for game_id in ("short-deck-holdem", "crazy-pineapple", "anaconda",
                    "seven-card-stud-declare", "baseball"):  # dealt or read, never an empty tab
        assert load_game(SITE_GAMES[game_id].content).examples, game_id


PREFIX = SITE_GAMES["five-card-omaha"].page.prefix


@pytest.mark.page
def test_the_shared_page_shows_the_example_and_refuses_a_bad_card_unchanged() -> None:
    at = site_page(Path(GENERIC_PAGE).stem, address="five-card-omaha")
    assert not at.exception, [e.value for e in at.exception]
    assert any("Seat 2 wins the pot" in s.value for s in at.success)
    at.text_input(key=f"{PREFIX}_ex_three_of_a_kind_in_hand_seat1").set_value("K♠ K♦ Zz").run()
    assert not at.exception and not at.success
    assert any("Seat 1:" in e.value for e in at.error)
    at.text_input(key=f"{PREFIX}_ex_three_of_a_kind_in_hand_seat1").set_value(
        "K♠ K♦ K♣ 7♥ 2♠").run()
    at.text_input(key=f"{PREFIX}_ex_three_of_a_kind_in_hand_board").set_value(
        "A♦ Q♣ 9♥ 5♠ K♥").run()
    assert any("Seat 1 wins the pot" in s.value for s in at.success)
