"""A computer player's measured reason uses every card its reader can see, and none they
cannot: a host showing both hands reads the sacrifice against the other seat's pairs as
they are (issue: "A♠ K♦: 86% to win" beside the other seat's 8♠ 8♣, drawing dead)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots import bot_for
from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import new_hand
from engine.state import ActionKind, HandState
from tests.support.leaks import named_cards
from ui.sessions.told_why import last_reason

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
    """Sophie's Pick on the turn, K♠ 8♦ 3♣ 2♥: seat 0 holds A♠ K♦ and Q♥ Q♦, seat 1
    holds 8♠ 8♣ and J♥ 10♦; seat 0's computer player has just made the final pick."""
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
    state.apply(bot_for("sophies-pick").choose(state, 0, random.Random(0)))
    assert state.actions[-1].kind is ActionKind.SACRIFICE
    return state


def test_a_host_showing_both_hands_reads_the_pick_against_the_other_hand() -> None:
    reason = last_reason(_final_pick(), shown=[0, 1])
    assert reason is not None
    assert "A♠ K♦ 0%" in reason or "A♠ K♦: 0%" in reason, reason
    assert "8♠ 8♣" in reason, "the reader is told which cards the measure counted"


def test_a_host_showing_one_hand_reads_it_without_the_hidden_one() -> None:
    state = _final_pick()
    reason = last_reason(state, shown=[0])
    assert reason is not None
    assert not named_cards(reason, THEIRS), reason
    assert "A♠ K♦ 0%" not in reason and "A♠ K♦: 0%" not in reason


def test_the_other_seats_reason_is_not_read_while_its_cards_are_hidden() -> None:
    state = _final_pick()
    state.apply(bot_for("sophies-pick").choose(state, 1, random.Random(0)))
    reason = last_reason(state, shown=[0])
    assert reason is not None and not named_cards(reason, FULL_DECK), reason


def _first_measured(game_id: str, players: int, seed: int,
                    wanted: frozenset[ActionKind]) -> HandState:
    """The hand just after its first decision of a ``wanted`` kind by a computer player."""
    state, bot, rng = new_hand(game_id, players=players, seed=seed), bot_for(game_id), \
        random.Random(seed)
    while not state.actions or state.actions[-1].kind not in wanted:
        state.apply(bot.choose(state, state.to_act[0], rng))
    return state


def _down(state: HandState, seat: int) -> list[Card]:
    return [h.card for h in state.cards[seat] if not state.is_public(seat, h)]


def test_stud_and_psycho_measures_count_the_down_cards_the_host_shows() -> None:
    # Stud's bets are measured; Psycho's measure speaks of its declaration.
    stud = frozenset({ActionKind.BET, ActionKind.COMPLETE})
    for game_id, players, seed, wanted in (("seven-card-stud", 2, 1, stud),
                                           ("psycho", 3, 0, frozenset({ActionKind.DECLARE}))):
        state = _first_measured(game_id, players, seed, wanted)
        seat = state.actions[-1].seat
        everyone = last_reason(state, shown=range(players))
        alone = last_reason(state, shown=[seat])
        assert everyone and alone and everyone != alone
        others = [c for s in range(players) if s != seat for c in _down(state, s)]
        assert named_cards(everyone, others), everyone
        assert not named_cards(alone, others), alone
