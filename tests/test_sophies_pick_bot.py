"""The Sophie's Pick computer player: locks by hand strength, sacrifices the weakest
pair on the board, bets pot limit by its chances, and only ever plays legal moves."""

from __future__ import annotations

import random

import pytest

from engine.bots import bot_for
from engine.bots.sophies_pick import SophieBot, lock_score, pair_equities, starting_strength
from engine.cards import parse_cards
from engine.games import new_hand
from engine.state import Action, ActionKind, HandState
from tests.support.sophies_pick import lock, passive, sacrifice, stacked


def pairs_of(action: Action) -> set[frozenset]:
    return {frozenset(action.cards[i:i + 2]) for i in (0, 2, 4)}


def as_pairs(text: str) -> set[frozenset]:
    return {frozenset(parse_cards(p)) for p in text.split("|")}


def is_legal(state: HandState, action: Action) -> bool:
    if action in state.legal_actions(action.seat):
        return True
    bet = state.bet_range(action.seat)
    return bet is not None and action.kind.value == bet.kind and action.amount is not None \
        and bet.allows(action.amount)


def test_registered_for_both_games() -> None:
    assert isinstance(bot_for("sophies-pick"), SophieBot)
    assert isinstance(bot_for("double-sophie"), SophieBot)


def test_starting_strength_orders_hands_as_players_do() -> None:
    ranked = ["As Ad", "Ks Kd", "As Ks", "Jh Th", "9h 8h", "5c 5d", "Kc 7d", "7c 2d"]
    values = [starting_strength(parse_cards(hand)) for hand in ranked]
    assert values == sorted(values, reverse=True)
    assert lock_score(parse_cards("As Ad Kh Qh 7c 2d")) > lock_score(
        parse_cards("As Kh Ad Qh 7c 2d"))


@pytest.mark.parametrize(("hole", "expected"), [
    ("As Ad Kh Qh 7c 2d", "As Ad | Kh Qh | 7c 2d"),
    ("Jh Th 5c 5d Ks 2c", "Jh Th | 5c 5d | Ks 2c"),
    ("9s 8s Qd Qc Ah 3h", "Qd Qc | 9s 8s | Ah 3h"),
])
def test_locks_pocket_pairs_and_suited_connectors_together(hole: str, expected: str) -> None:
    other = "2s 3s 4s 5s 6s 7s" if "2s" not in hole and "3s" not in hole else "Tc Jc Kc 6d 6h 4d"
    state = new_hand("sophies-pick", players=2, seed=1, deck=stacked([hole, other], []))
    choice = SophieBot(trials=10).choose(state, 0, random.Random(3))
    assert choice.kind is ActionKind.LOCK_PAIRS and is_legal(state, choice)
    assert pairs_of(choice) == as_pairs(expected)


def _heads_up(hands: list[str], board: str, locks: dict[int, str]) -> HandState:
    state = new_hand("sophies-pick", players=2, seed=1, deck=stacked(hands, [board]))
    for seat, pairs in locks.items():
        lock(state, seat, pairs)
    passive(state)
    return state


def test_sacrifices_the_pair_worst_on_the_board() -> None:
    hands = ["As Ad 7c 2d Kh Qh", "9c 9d 6h 5h Tc 4c"]
    state = _heads_up(hands, "Ac 8s 3d Js 4h",
                      {0: "As Ad | Kh Qh | 7c 2d", 1: "9c 9d | 6h 5h | Tc 4c"})
    bot = SophieBot(trials=200)
    rng = random.Random(7)
    first = bot.choose(state, 0, rng)
    assert first.kind is ActionKind.SACRIFICE and set(first.cards) == set(parse_cards("7c 2d"))
    state.apply(first)
    sacrifice(state, 1, "Tc 4c")
    passive(state)
    final = bot.choose(state, 0, rng)
    assert set(final.cards) == set(parse_cards("Kh Qh"))
    equities = pair_equities(state.view(0), 0, 1, rng, trials=200)
    assert equities[tuple(parse_cards("As Ad"))] > 0.9 > equities[tuple(parse_cards("Kh Qh"))]


def test_double_sophie_weighs_both_boards() -> None:
    hands = ["7h 7d Ac Qc 3s 2s", "6h 6d Td Ts 4c 4s"]
    boards = ["7c Kc Jc 5d 4h", "7s 8h 2d 9s Th"]
    locks = {0: "7h 7d | Ac Qc | 3s 2s", 1: "6h 6d | Td Ts | 4c 4s"}
    sevens, flush = tuple(parse_cards("7h 7d")), tuple(parse_cards("Ac Qc"))
    found = {}
    for game, dealt in (("double-sophie", boards), ("sophies-pick", boards[:1])):
        state = new_hand(game, players=2, seed=1, deck=stacked(hands, dealt))
        for seat, pairs in locks.items():
            lock(state, seat, pairs)
        passive(state)
        found[game] = pair_equities(state.view(0), 0, len(dealt), random.Random(5), trials=300)
    # on the first board alone the made flush beats the set; the set on both boards wins more
    assert found["sophies-pick"][flush] > found["sophies-pick"][sevens]
    assert found["double-sophie"][sevens] > found["double-sophie"][flush] > 0.45


def test_bets_the_nuts_by_the_pot_and_folds_air_to_a_pot_sized_bet() -> None:
    hands = ["Th 9h 5c 5d 7s 6s", "3d 4s 8c 8d Ts 9c"]
    state = _heads_up(hands, "Ah Kh Qh Jh 2c",
                      {0: "Th 9h | 5c 5d | 7s 6s", 1: "3d 4s | 8c 8d | Ts 9c"})
    for seat, pair in ((0, "5c 5d"), (1, "8c 8d")):
        sacrifice(state, seat, pair)
    passive(state)
    for seat, pair in ((0, "7s 6s"), (1, "Ts 9c")):
        sacrifice(state, seat, pair)
    state.apply(Action(0, ActionKind.CHECK))
    state.apply(Action(1, ActionKind.CHECK))
    assert state.street == "River" and state.to_act == (0,)
    bot = SophieBot(trials=200)
    rng = random.Random(11)
    bet = bot.choose(state, 0, rng)
    assert bet == Action(0, ActionKind.BET, amount=state.bet_range(0).maximum)
    state.apply(bet)
    assert bot.choose(state, 1, rng) == Action(1, ActionKind.FOLD)


@pytest.mark.parametrize("game", ["sophies-pick", "double-sophie"])
def test_plays_whole_hands_with_legal_moves_and_replays_identically(game: str) -> None:
    bot = SophieBot(trials=8)
    for seed, players in ((1, 2), (2, 4), (3, 7)):
        runs = []
        for _ in range(2):
            state = new_hand(game, players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_act[0]
                action = bot.choose(state, seat, rng)
                assert is_legal(state, action)
                state.apply(action)
            assert sum(state.payoffs) == 0
            runs.append(state.actions)
        assert runs[0] == runs[1]
