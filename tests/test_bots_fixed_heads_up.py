"""Heads up in fixed limit the betting policy bets any hand worth an even share when
checking is free, calls by pot odds alone (a raise over its own bet asks no more), and its
public reason says so; elsewhere it keeps its margins."""

from __future__ import annotations

import random

from engine.bots.policy import Measured, betting_choice, betting_words, price_of
from engine.games import new_hand
from engine.state import ActionKind, HandState


def _first_free_check(game_id: str, players: int) -> HandState:
    """A hand at the first decision where checking is free."""
    state = new_hand(game_id, players=players, seed=3)
    while not any(a.kind is ActionKind.CHECK for a in state.legal_actions(state.to_act[0])):
        kinds = {a.kind: a for a in state.legal_actions(state.to_act[0])}
        state.apply(kinds.get(ActionKind.CALL) or kinds.get(ActionKind.BRING_IN)
                    or next(iter(kinds.values())))
    return state


def _choose(state: HandState, share: float, hands: int) -> ActionKind:
    seat = state.to_act[0]
    measured = Measured(share=share, hands=hands, to_call=0, price=0.0)
    return betting_choice(state, seat, state.legal_actions(seat), measured,
                          random.Random(0)).kind


def test_heads_up_in_fixed_limit_an_even_share_bets() -> None:
    state = _first_free_check("seven-card-stud", 2)
    assert _choose(state, 0.52, 2) is ActionKind.BET
    seat = state.to_act[0]
    bet = next(a for a in state.legal_actions(seat) if a.kind is ActionKind.BET)
    assert "is at least an even share (50%)" in betting_words(state, seat, bet)


def test_in_no_limit_or_at_a_fuller_table_an_even_share_checks() -> None:
    assert _choose(_first_free_check("texas-holdem", 2), 0.52, 2) is ActionKind.CHECK
    assert _choose(_first_free_check("seven-card-stud", 3), 0.36, 3) is ActionKind.CHECK


def test_heads_up_in_fixed_limit_a_raise_over_its_bet_is_called_by_pot_odds() -> None:
    """Seat A bets, seat B raises: A's call needs its price and no more (no-limit's 15
    points over the price would fold it)."""
    state = _first_free_check("seven-card-stud", 2)
    me = state.to_act[0]
    state.apply(next(a for a in state.legal_actions(me) if a.kind is ActionKind.BET))
    rival = state.to_act[0]
    state.apply(next(a for a in state.legal_actions(rival) if a.kind is ActionKind.RAISE))
    call = next(a for a in state.legal_actions(me) if a.kind is ActionKind.CALL)
    price = price_of(state.view(me), me, call.amount or 0)
    measured = Measured(share=price + 0.01, hands=2, to_call=call.amount or 0, price=price)
    chosen = betting_choice(state, me, state.legal_actions(me), measured, random.Random(0))
    assert chosen.kind is ActionKind.CALL


def test_heads_up_in_fixed_limit_a_raise_over_its_bet_is_called_with_the_slack() -> None:
    """Seat A bets, seat B raises: A calls with a little less than its price, as a call
    that risks little does elsewhere (it folded two pair getting eight to one to a player
    who re-raised anything)."""
    state = _first_free_check("seven-card-stud", 2)
    me = state.to_act[0]
    state.apply(next(a for a in state.legal_actions(me) if a.kind is ActionKind.BET))
    rival = state.to_act[0]
    state.apply(next(a for a in state.legal_actions(rival) if a.kind is ActionKind.RAISE))
    call = next(a for a in state.legal_actions(me) if a.kind is ActionKind.CALL)
    price = price_of(state.view(me), me, call.amount or 0)
    measured = Measured(share=price * 0.8, hands=2, to_call=call.amount or 0, price=price)
    chosen = betting_choice(state, me, state.legal_actions(me), measured, random.Random(0))
    assert chosen.kind is ActionKind.CALL


def test_two_teams_of_pick_a_partner_are_not_heads_up() -> None:
    """Two teams are two hands but four players: an even share checks, as at a fuller
    table, and a weak hand never bluffs."""
    state = new_hand("pick-a-partner", players=4, seed=3)
    while not any(a.kind.is_betting for a in state.legal_actions(state.to_act[0])):
        state.apply(state.legal_actions(state.to_act[0])[0])
    assert _choose(state, 0.52, 2) is ActionKind.CHECK
    assert _choose(state, 0.7, 2) is ActionKind.BET
    seat = state.to_act[0]
    weak = Measured(share=0.1, hands=2, to_call=0, price=0.0)
    assert {betting_choice(state, seat, state.legal_actions(seat), weak,
                           random.Random(n)).kind for n in range(100)} == {ActionKind.CHECK}, \
        "no bluff into four players"


def test_a_partners_reason_counts_teams_and_prices_the_half_it_keeps() -> None:
    """Four players in two teams: an even share is a team's half of the pot, nobody is
    heads up, and a call with a partner still in needs twice the pot odds, as the player
    measures them."""
    from engine.bots.pick_a_partner import PartnerBot

    state = new_hand("pick-a-partner", players=4, seed=3)
    while not any(a.kind.is_betting for a in state.legal_actions(state.to_act[0])):
        state.apply(state.legal_actions(state.to_act[0])[0])
    seat = state.to_act[0]
    bet = next(a for a in state.legal_actions(seat) if a.kind is ActionKind.BET)
    said = PartnerBot().explain(state, seat, bet) or ""
    assert "well above an even share (50%)" in said and "its team's share" in said, said
    state.apply(bet)
    rival = state.to_act[0]
    call = next(a for a in state.legal_actions(rival) if a.kind is ActionKind.CALL)
    price = price_of(state.view(rival), rival, call.amount or 0)
    said = PartnerBot().explain(state, rival, call) or ""
    assert f"needs {100 * 2 * price:.0f}% of the pot for a team whose partner takes half" \
        in said, said
