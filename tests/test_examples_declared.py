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
from ui.learn.example_deal import first_street, is_up_cards
from ui.learn.example_declared import example_settings, example_showdown, is_dealt, readings
from ui.registry import GENERIC_PAGE, SITE_GAMES

DECLARED = [game.id for game in SITE_GAMES.values()
            if game.page is not None and game.page.file == GENERIC_PAGE]
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


def _confirmed(game_id: str, example: Example) -> bool:
    """Whether the engine says what the example states: the showdown of a dealt example,
    the narration of an up-card one, or, for cards read as they stand, every hand it names
    among the engine's readings (and at least one named)."""
    settings = example_settings(game_id, GAMES[game_id].settings_type(), example)
    if is_dealt(example):
        holes = [parse_cards(example.cards[key]) for key in _seats(example)]
        result = example_showdown(game_id, holes, parse_cards(example.cards.get("board", "")),
                                  settings)
        return all(result.hands[int(key.removeprefix("seat")) - 1] == stated
                   for key, stated in example.expect.items() if key.startswith("seat"))
    if is_up_cards(example):
        lines = {line for line, _ in first_street(game_id, parse_cards(example.cards["up"]),
                                                  settings)}
        return bool(example.expect) and set(example.expect.values()) <= lines
    said = " ".join(readings(game_id, example, settings).values()).lower()
    hands = [text for key, text in example.expect.items()
             if key not in _POT_KEYS and not _is_cards(text)]
    return bool(hands) and all(text.lower() in said for text in hands)


_POT_KEYS = {"both"}
"""Keys of a read example stating who takes the pot, which a reading of hands cannot say."""


def _is_cards(text: str) -> bool:
    try:
        parse_cards(text)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize("game_id", DECLARED)
def test_every_declared_game_has_a_worked_example_the_engine_confirms(game_id: str) -> None:
    examples = load_game(SITE_GAMES[game_id].content).examples.values()
    assert any(_confirmed(game_id, example) for example in examples), game_id


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
