"""Computer players: always legal, seedable, blind to hidden cards, and sensible."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

import pytest

from engine.bots import BOTS, Bot, EquityBot, RandomBot, bot_for, play_out
from engine.cards import parse_cards
from engine.games import GAMES, new_hand
from engine.state import Action, ActionKind, HandState

GAME = "seven-card-stud"


def quick_bot(game_id: str, trials: int = 6) -> Bot:
    """The game's computer player (its own or the general one) with small simulations, to
    keep the suite quick."""
    bot = bot_for(game_id)
    if dataclasses.is_dataclass(bot) and any(f.name == "trials"
                                             for f in dataclasses.fields(bot)):
        return dataclasses.replace(bot, trials=trials)  # type: ignore[type-var]
    return bot


def checked_play(state: HandState, bots: Mapping[int, Bot], rng: random.Random) -> list[Action]:
    """Like ``play_out``, checking that every choice was on offer (an amount
    inside ``bet_range`` counts as offered)."""
    chosen = []
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].choose(state, seat, rng)
        bet = state.bet_range(seat)
        assert action in state.legal_actions(seat) or (
            bet is not None and action.kind.value == bet.kind and bet.allows(action.amount))
        state.apply(action)
        chosen.append(action)
    return chosen


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_general_bot_only_makes_legal_moves_in_stud(players: int) -> None:
    for seed in range(8):
        state = new_hand(GAME, players=players, seed=seed,
                         stacks=[random.Random(seed).randint(5, 250) for _ in range(players)])
        checked_play(state, {s: EquityBot(trials=15) for s in range(players)}, random.Random(seed))
        assert sum(state.payoffs) == 0


def test_every_game_has_a_bot_that_finishes_hands() -> None:
    for game_id, game in GAMES.items():
        players = game.player_counts(game.settings_type())[0]
        state = new_hand(game_id, players=players, seed=3)
        checked_play(state, {s: quick_bot(game_id) for s in range(players)}, random.Random(3))
        assert sum(state.payoffs) == 0, game.name


def test_a_game_without_a_player_of_its_own_gets_the_general_one() -> None:
    assert "seven-card-stud" not in BOTS and isinstance(bot_for("seven-card-stud"), EquityBot)
    assert all(type(bot_for(game_id)) is type(BOTS[game_id]()) for game_id in BOTS)


def test_same_seed_same_decisions() -> None:
    def run() -> list[Action]:
        state = new_hand(GAME, players=4, seed=12)
        return checked_play(state, {s: EquityBot(trials=20) for s in range(4)}, random.Random(5))

    assert run() == run()


def test_bot_does_not_peek_at_hidden_cards() -> None:
    """Two deals that differ only in another seat's down cards get the same choice."""
    decks = ["2c 3d Ah 4c 5d Kh 9s 9h 7c", "Ac Ad Ah As Kd Kh 9s 9h 7c"]
    choices = []
    for deck in decks:
        state = new_hand(GAME, players=3, seed=1, deck=parse_cards(deck))
        seat = state.to_act[0]
        choices.append(EquityBot(trials=40).choose(state, seat, random.Random(9)))
    assert choices[0] == choices[1]


def test_strong_hands_raise_and_weak_hands_fold() -> None:
    rolled_up = new_hand(GAME, players=3, seed=2,
                         deck=parse_cards("Ah 7d 3d Ad 8s 4h As Kc 2c"))
    rolled_up.apply(Action(2, ActionKind.BRING_IN, 5))
    assert rolled_up.to_act == (0,)
    kinds = [EquityBot().choose(rolled_up, 0, random.Random(i)).kind for i in range(5)]
    assert kinds.count(ActionKind.COMPLETE) >= 4
    weak = new_hand(GAME, players=3, seed=2, deck=parse_cards("Ah 2d 9c Ad 7h 8c As 3s 2c"))
    weak.apply(Action(2, ActionKind.COMPLETE, 10))
    weak.apply(Action(0, ActionKind.RAISE, 20))
    kinds = [EquityBot().choose(weak, 1, random.Random(i)).kind for i in range(5)]
    assert kinds.count(ActionKind.FOLD) >= 4


def test_the_general_bot_beats_random_players_at_stud() -> None:
    net = 0
    for seed in range(40):
        state = new_hand(GAME, players=4, seed=seed)
        bots: dict[int, Bot] = {0: EquityBot(trials=20), 1: RandomBot(), 2: RandomBot(),
                                3: RandomBot()}
        play_out(state, bots, random.Random(seed))
        net += state.payoffs[0]
    assert net > 0


def test_play_out_stops_for_a_human_seat() -> None:
    state = new_hand(GAME, players=3, seed=4)
    play_out(state, {s: EquityBot(trials=10) for s in range(3)}, random.Random(1), stop_at=1)
    assert state.is_over or 1 in state.to_act
