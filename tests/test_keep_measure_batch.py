"""The computer player's keep measure (a throw-away, a pass) scores its hands in one batch
where the game's hand types allow, with exactly the shares the engine's evaluators give
hand by hand, so it keeps the same cards: over seeded decisions of every game with such a
choice, and of house games with a low qualifier, a deuce-to-seven or ace-to-six low,
exactly two hole cards and the short deck."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.bots.choices import EVALUATIONS, FEWEST, MOST
from engine.bots.equity import keep_shares
from engine.bots.keep_batch import batch_types
from engine.games import get_game, make_settings, new_hand
from engine.games.hand_types import HandTypes
from engine.games.house import adopt
from engine.odds.at_table import BETTING, passive
from engine.state import Action, ActionKind, HandState

EQUITY = importlib.import_module("engine.bots.equity")
KEEPS = (ActionKind.PASS, ActionKind.THROW_AWAY)

_HOUSE = '''[rules]
name = "{name}"
players = {{ min = 2, max = 4 }}
structure = "fixed-limit"
deck = "{deck}"

[rules.wins]
{wins}

[[rules.settings]]
name = "small_bet"
label = "Small bet"
help = "The bet."
default = 10
minimum = 1
maximum = 100

[[rules.settings]]
name = "big_bet"
label = "Big bet"
help = "The bigger bet."
default = 20
minimum = 1
maximum = 100

[[rules.steps]]
kind = "deal"
street = "The deal"
cards = "{cards}"

[[rules.steps]]
kind = "bet"
{steps}
[[rules.steps]]
kind = "bet"

[[rules.steps]]
kind = "showdown"
'''
_FLOP_THEN_THROW = '''
[[rules.steps]]
kind = "board"
street = "Flop"
cards = 3

[[rules.steps]]
kind = "throw-away"
street = "Discard"
count = 1

[[rules.steps]]
kind = "board"
street = "Turn and river"
cards = 2
'''
_PASS_THEN_THROW = '''
[[rules.steps]]
kind = "pass"
street = "Pass"
count = 2

[[rules.steps]]
kind = "throw-away"
street = "Discard"
count = 2
'''


def _house(name: str, wins: str, cards: str, steps: str, deck: str = "standard") -> str:
    text = _HOUSE.format(name=name, wins=wins, cards=cards, steps=steps, deck=deck)
    return adopt(text).id


GAMES: dict[str, Any] = {
    "anaconda": ("anaconda", {}, 16),
    "anaconda, three passes": ("anaconda", {"passes": "three-two-one"}, 16),
    "crazy pineapple": ("crazy-pineapple", {}, 40),
    "pineapple": ("crazy-pineapple", {"throw_away": "before-flop"}, 30),
}
HOUSE: dict[str, Any] = {
    "high-low, eight or better": (
        "Pineapple eight", 'low = "ace-to-five"\nqualifier = 8', "ddd", _FLOP_THEN_THROW, 40),
    "exactly two hole cards, high-low": (
        "Omaha throw", 'low = "ace-to-five"\nqualifier = 8\nhole_cards = 2', "ddddd",
        _FLOP_THEN_THROW, 16),
    "deuce-to-seven low": (
        "Pass lowball", 'high = false\nlow = "deuce-to-seven"', "ddddddd", _PASS_THEN_THROW, 16),
    "ace-to-six high-low": (
        "Pass ace-to-six", 'low = "ace-to-six"', "ddddddd", _PASS_THEN_THROW, 10),
    "ace-to-five low, eight or better": (
        "Pass eight low", 'high = false\nlow = "ace-to-five"\nqualifier = 8', "ddddddd",
        _PASS_THEN_THROW, 16),
    "the short deck": ("Short pass", "high = true", "ddddddd", _PASS_THEN_THROW, 12, "short"),
}


def _game(name: str) -> tuple[str, dict[str, Any], int]:
    if name in GAMES:
        return GAMES[name]
    title, wins, cards, steps, spots, *deck = HOUSE[name]
    return _house(title, wins, cards, steps, *deck), {}, spots


def keep_decisions(game_id: str, settings: dict[str, Any], count: int
                   ) -> Iterator[tuple[HandState, int, list[Action]]]:
    """``count`` decisions to keep cards, from seeded hands of 2 to 4 players (the other
    choices made at random)."""
    found, seed = 0, 0
    while True:
        state = new_hand(game_id, players=2 + seed % 3, seed=seed, settings=settings)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if all(a.kind in BETTING for a in legal):
                state.apply(passive(state, seat, legal))
                continue
            if legal[0].kind in KEEPS:
                yield state, seat, legal
                found += 1
                if found == count:
                    return
            state.apply(rng.choice(legal))
        seed += 1


def shares(state: HandState, seat: int, legal: list[Action], seed: int, *,
           trials: int) -> list[float]:
    """The measure as ``engine.bots.choices`` asks it, over ``trials`` deals."""
    view = state.view(seat)
    mine = [c.card for c in view.seats[seat].cards if c.card is not None and not c.dead]
    keeps = [[c for c in mine if c not in a.cards] for a in legal]
    size = len(mine) if legal[0].kind is ActionKind.PASS else len(keeps[0])
    return keep_shares(state, view, seat, random.Random(seed), keeps=keeps, size=size,
                       trials=trials)


@pytest.mark.parametrize("name", [*GAMES, *HOUSE])
def test_the_batch_gives_the_shares_the_evaluators_give(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, settings, count = _game(name)
    game = get_game(game_id)
    assert batch_types(game, make_settings(game, settings)) is not None, "a batch game"
    for n, (state, seat, legal) in enumerate(keep_decisions(game_id, settings, count)):
        batched = shares(state, seat, legal, n, trials=3)
        with monkeypatch.context() as hand_by_hand:
            hand_by_hand.setattr(EQUITY, "batch_types", lambda game, settings: None)
            assert shares(state, seat, legal, n, trials=3) == batched, n


def test_the_keep_measure_values_no_hand_one_by_one_where_the_batch_can(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Anaconda's pass and discard, with the measure's own number of deals: the high hands
    come from the batch evaluator alone."""
    valued = []
    high_of = HandTypes.high_of
    monkeypatch.setattr(HandTypes, "high_of",
                        lambda self, cards, **kw: valued.append(1) or high_of(self, cards, **kw))
    for state, seat, legal in keep_decisions("anaconda", {}, 4):
        trials = min(MOST, max(FEWEST, EVALUATIONS // len(legal)))
        assert len(shares(state, seat, legal, 0, trials=trials)) == len(legal)
    assert valued == []


def test_a_game_with_wild_cards_is_still_valued_by_its_own_rules() -> None:
    """Wild cards stand for what makes each hand best, which the batch evaluator does not
    score: such a game keeps its own valuing."""
    game = get_game("baseball")
    assert batch_types(game, make_settings(game, {})) is None
