"""Files a newcomer wrote for games the site does not deal, each of which once loaded and
then dealt a wrong result or raised mid-hand: now each is refused when read, naming why,
or plays to the end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.bots import RandomBot, play_out
from engine.cards import parse_cards
from engine.games import load_games
from engine.games.declaration import DeclarationError
from engine.hands import Showing, describe_showing, showing_order
from engine.state import HandState

HEADS_UP_STEPS = '''
[[rules.steps]]
kind = "ante"
amount = 1

[[rules.steps]]
kind = "deal"
street = "The deal"
cards = "{cards}"
burn = false
'''


def _load(tmp_path: Path, text: str, game_id: str = "newcomer") -> object:
    (tmp_path / f"{game_id}.toml").write_text(text, encoding="utf-8")
    (game,) = load_games(tmp_path)
    return game


def _refusal(tmp_path: Path, text: str) -> str:
    with pytest.raises(DeclarationError) as refused:
        _load(tmp_path, text)
    return str(refused.value)


def test_two_boards_of_hold_em_are_refused_not_valued_on_the_first_board(
        tmp_path: Path) -> None:
    """Every hand would be valued on the first board alone: aces full on the second board
    lost the whole pot to trips on the first."""
    text = ('[rules]\nname = "Double-board hold\'em"\nplayers = { min = 2, max = 6 }\n'
            'structure = "fixed-limit"\nboards = 2\nbets = { small = 2, big = 4 }\n'
            + HEADS_UP_STEPS.format(cards="dd")
            + '\n[[rules.steps]]\nkind = "board"\nstreet = "Board"\ncards = 5\n'
              '\n[[rules.steps]]\nkind = "bet"\n\n[[rules.steps]]\nkind = "showdown"\n')
    message = _refusal(tmp_path, text)
    assert "boards = 2" in message and "lock-pairs, sacrifice" in message, message
    assert "line 5, rules.boards:" in message, "the line of the boards, not of [rules]"


def test_two_boards_burn_a_card_each_so_the_deck_check_counts_both(tmp_path: Path) -> None:
    """Eight players locking pairs leave four cards, two for each board: the burns before
    them do not fit. The check once counted one burn a street, and skipped it when short,
    where a board always burns: the file loaded and the deal failed mid-hand."""
    text = ('[rules]\nname = "Two boards"\nplayers = { min = 2, max = 8 }\n'
            'structure = "fixed-limit"\nboards = 2\nbets = { small = 2, big = 4 }\n'
            + HEADS_UP_STEPS.format(cards="dddddd")
            + '\n[[rules.steps]]\nkind = "lock-pairs"\n'
              '\n[[rules.steps]]\nkind = "board"\nstreet = "Board"\ncards = 2\n'
              '\n[[rules.steps]]\nkind = "bet"\n\n[[rules.steps]]\nkind = "showdown"\n')
    message = _refusal(tmp_path, text)
    assert "needs 6 cards at 8 players" in message, message
    assert message.endswith("the deck allows at most 7 players"), message


ROLLED = ('[rules]\nname = "Five rolled"\nplayers = { min = 2, max = 4 }\n'
          'structure = "fixed-limit"\nbets = { small = 2, big = 2 }\n'
          + HEADS_UP_STEPS.format(cards="ddddd")
          + "".join(f'\n[[rules.steps]]\nkind = "roll"\nstreet = "Roll {n}"\n'
                    for n in range(1, 6))
          + '\n[[rules.steps]]\nkind = "bet"\nopens = "showing"\n'
            '\n[[rules.steps]]\nkind = "showdown"\n')


def test_a_bet_opened_by_the_best_of_five_up_cards_plays_to_the_end(tmp_path: Path) -> None:
    """Five cards rolled face up, then a round opened by the best showing: it once raised
    "a showing hand has 1 to 4 up cards" mid-hand."""
    game = _load(tmp_path, ROLLED)
    for seed in range(30):
        state = HandState(game, players=2 + seed % 3, seed=seed,
                          settings=game.settings_type())  # type: ignore[attr-defined]
        play_out(state, {s: RandomBot() for s in range(state.players)}, random.Random(seed))
        assert state.is_over and sum(state.payoffs) == 0


def test_five_up_cards_show_a_full_house_above_three_of_a_kind() -> None:
    full, three = parse_cards("5c 5d 5h 2c 2d"), parse_cards("9c 9d 9h Ac Kd")
    quads = parse_cards("3c 3d 3h 3s Ac")
    assert showing_order(quads) > showing_order(full) > showing_order(three)
    assert showing_order(full, Showing.LOW) < showing_order(three, Showing.LOW)
    assert describe_showing(full) == "Fives full of twos"
    assert describe_showing(three) == "Three nines"


def test_a_qualifier_in_a_game_with_no_low_is_refused(tmp_path: Path) -> None:
    """Jacks or better written as a qualifier was read and ignored: no low, nothing to
    qualify; the refusal says the opener's hand is not declarable."""
    text = ('[rules]\nname = "Jacks or better"\nplayers = { min = 2, max = 6 }\n'
            'structure = "fixed-limit"\nbets = { small = 2, big = 4 }\n'
            '\n[rules.wins]\nhigh = true\nqualifier = 11\n'
            + HEADS_UP_STEPS.format(cards="ddddd")
            + '\n[[rules.steps]]\nkind = "bet"\n\n[[rules.steps]]\nkind = "showdown"\n')
    message = _refusal(tmp_path, text)
    assert "qualifier = 11 qualifies a low half, but the game plays no low" in message


def test_a_game_like_omaha_with_its_own_pot_rules_is_told_which_announcement_is_dead(
        tmp_path: Path) -> None:
    """Omaha eight-or-better written ``like`` Omaha with its own fixed limit and high-low
    ``[rules.wins]`` kept Omaha's "Pot" announcement, which no longer changed anything:
    the dealer was offered a choice that did nothing."""
    (tmp_path / "omaha.toml").write_text(
        (Path(__file__).parents[1] / "content" / "games" / "omaha.toml").read_text())
    text = ('[rules]\nlike = "omaha"\nname = "Omaha eight or better"\n'
            'structure = "fixed-limit"\n\n[rules.wins]\nhigh = true\nlow = "ace-to-five"\n'
            'qualifier = 8\nhole_cards = 2\n')
    message = _refusal(tmp_path, text)
    assert "the announcement 'pot' changes nothing" in message and \
        "like = 'omaha'" in message, message
