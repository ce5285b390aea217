"""A draw that keeps the joker is no measure's to judge (the draw plan reads natural cards
only): the reason is left unsaid, never a traceback on the page that shows it."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.deals import deck_from_seats
from engine.games import get_game, new_hand
from engine.odds.why import measured_reason
from engine.state import ActionKind

GAME = "five-card-draw-bug"


def test_a_draw_holding_the_bug_is_not_measured_and_raises_nothing() -> None:
    settings = get_game(GAME).settings_type()
    seats = [parse_cards("Jk Ks Kd 7c 4d"), parse_cards("Qc Qh 9d 8s 3s")]
    deck = deck_from_seats(GAME, players=2, seat_cards=seats, boards=[], settings=settings)
    state = new_hand(GAME, players=2, seed=0, settings=settings, deck=deck)
    while not any(a.kind is ActionKind.DISCARD for a in state.legal_actions(0)):
        seat = state.to_act[0]
        state.apply(next(a for a in state.legal_actions(seat)
                         if a.kind in (ActionKind.CHECK, ActionKind.CALL)))
    keep_kings = next(a for a in state.legal_actions(0) if a.kind is ActionKind.DISCARD
                      and set(a.cards) == set(parse_cards("7c 4d")))
    assert measured_reason(state.view(0), keep_kings) is None
