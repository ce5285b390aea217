"""The general player's measure in a draw game: a hand is valued by what it draws to while
draws are still to come, and a rival's hand by the cards it drew (a rival who stood pat
likely holds a made hand; one who drew three, little)."""

from __future__ import annotations

import random

from engine.bots.equity import equity
from engine.cards import parse_cards
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.state import Action, ActionKind, HandState

GAME = "deuce-to-seven-triple-draw"
TRIALS = 400


def _dealt(mine: str) -> HandState:
    deck = deck_from_seats(GAME, players=2, seat_cards=[parse_cards(mine)])
    return new_hand(GAME, players=2, seed=0, deck=deck)


def _to_the_draw(state: HandState) -> None:
    """Both seats call or check until the first draw."""
    while not any(a.kind is ActionKind.DISCARD for a in state.legal_actions(state.to_act[0])):
        seat = state.to_act[0]
        kinds = {a.kind: a for a in state.legal_actions(seat)}
        state.apply(kinds.get(ActionKind.CHECK) or kinds[ActionKind.CALL])


def _share(state: HandState, seat: int) -> float:
    return equity(state, state.view(seat), seat, random.Random(1), trials=TRIALS)


def test_a_one_card_draw_to_a_seven_is_valued_by_what_it_draws_to() -> None:
    """Before the first draw, 7-4-3-2 with a second deuce is a strong hand: three draws at
    a seven or eight low. Valued as it stands (a pair), it loses to every hand without
    one: under half the pot."""
    state = _dealt("7c 4d 3h 2s 2c")
    seat = state.to_act[0]
    if seat != 0:
        _to_the_draw(state)
    assert state.decisions_to_come(ActionKind.DISCARD) >= 2
    assert _share(state, 0) > 0.65


def _after_the_rival_draws(count: int) -> HandState:
    """The first draw made: seat 0 drew one, its rival ``count``."""
    state = _dealt("7c 4d 3h 2s Kc")
    _to_the_draw(state)
    while any(a.kind is ActionKind.DISCARD for a in state.legal_actions(state.to_act[0])):
        seat = state.to_act[0]
        hand = [c.card for c in state.view(seat).seats[seat].cards if c.card is not None]
        throw = [c for c in hand if c.ascii == "Kc"] if seat == 0 else hand[:count]
        state.apply(Action(seat, ActionKind.DISCARD, cards=tuple(throw)))
    return state


def test_a_rival_who_stood_pat_is_read_as_a_made_hand() -> None:
    pat, three = _after_the_rival_draws(0), _after_the_rival_draws(3)
    assert dict(pat.view(0).facts.drawn)[1] == 0   # type: ignore[attr-defined]
    assert _share(pat, 0) + 0.1 < _share(three, 0)
