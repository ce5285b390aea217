"""The Host page's "Seat N's measure" caption uses every card the host shows and none they
hide: with both hands face up, Sophie's Pick's A♠ K♦ reads 0% against the shown 8♠ 8♣ on
K♠ 8♦ 3♣ 2♥ (it is drawing dead), not the 79-86% of the seat's own view."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots import bot_for
from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import new_hand
from engine.odds.advice import advise
from engine.state import ActionKind, HandState
from tests.support.leaks import named_cards
from ui.components.hand_now import announced_low
from ui.odds.hand import read_measures

YOURS = parse_cards("As Kd Qh Qd 7c 6c")
THEIRS = parse_cards("8s 8c Jh Td 4s 4d")
REST = parse_cards("2c Ks 8d 3c 3d 2h 5d 9c")  # burn, flop K♠ 8♦ 3♣, burn, turn 2♥, ...


def _pairs(cards: Sequence[Card]) -> set[frozenset[Card]]:
    return {frozenset(cards[i:i + 2]) for i in range(0, len(cards), 2)}


def _passive(state: HandState) -> None:
    seat = state.to_act[0]
    kinds = {a.kind: a for a in state.legal_actions(seat)}
    state.apply(kinds.get(ActionKind.CHECK) or kinds[ActionKind.CALL])


def _final_pick() -> HandState:
    """Sophie's Pick on the turn, K♠ 8♦ 3♣ 2♥, both seats about to make the final pick:
    seat 0 holds A♠ K♦ and Q♥ Q♦, seat 1 holds 8♠ 8♣ and J♥ 10♦."""
    deal = [c for pair in zip(YOURS, THEIRS, strict=True) for c in pair]
    state = new_hand("sophies-pick", players=2, seed=1, deck=[*deal, *REST])
    for seat, cards in ((0, YOURS), (1, THEIRS)):
        state.apply(next(a for a in state.legal_actions(seat) if a.kind is ActionKind.LOCK_PAIRS
                         and _pairs(a.cards) == _pairs(cards)))
    while state.street == "Preflop":
        _passive(state)
    for seat, cards in ((0, YOURS), (1, THEIRS)):
        state.apply(next(a for a in state.legal_actions(seat) if a.kind is ActionKind.SACRIFICE
                         and set(a.cards) == set(cards[4:])))
    while state.street != "Turn" or state.to_act != (0, 1):
        _passive(state)
    return state


def _text(lines: Sequence[str]) -> str:
    return " ".join(lines)


def test_both_hands_shown_the_measure_counts_the_other_hand() -> None:
    measures = dict(read_measures(_final_pick(), shown=[0, 1]))
    assert 0 in measures
    said = _text(measures[0].lines())
    assert "A♠ K♦: 0%" in said, said


def test_the_other_hand_hidden_nothing_of_it_appears() -> None:
    measures = dict(read_measures(_final_pick(), shown=[0]))
    assert 1 not in measures, "a hidden seat's measure is not shown"
    said = _text(measures[0].lines())
    assert "A♠ K♦: 0%" not in said, said
    assert not named_cards(said, THEIRS), said
    assert not named_cards(said, [c for c in FULL_DECK if c not in YOURS and c not in REST]), said


def _first_facing(game_id: str, players: int, seed: int,
                  wanted: set[ActionKind]) -> HandState:
    """The hand where a computer player first may take one of the ``wanted`` decisions."""
    state, bot, rng = new_hand(game_id, players=players, seed=seed), bot_for(game_id), \
        random.Random(seed)
    while not {a.kind for a in state.legal_actions(state.to_act[0])} & wanted:
        state.apply(bot.choose(state, state.to_act[0], rng))
    return state


def test_stud_and_psycho_measures_count_the_down_cards_the_host_shows() -> None:
    for game_id, players, seed, wanted in (
            ("seven-card-stud", 2, 1, {ActionKind.BET, ActionKind.COMPLETE}),
            ("psycho", 3, 0, {ActionKind.DECLARE})):
        state = _first_facing(game_id, players, seed, wanted)
        seat = state.to_act[0]
        everyone = dict(read_measures(state, shown=range(players)))[seat].lines()
        alone = dict(read_measures(state, shown=[seat]))[seat].lines()
        assert everyone != alone, (game_id, everyone)
        assert alone == advise(state.view(seat), low_ranking=announced_low(
            state.settings)).lines(), "with the others hidden, the seat's own measure"
