"""Play's draw advice follows the game's declared hand types: five-card draw keeps what
wins high (a pair, not Psycho's low plan), deuce-to-seven keeps its low cards, and a game
whose players declare (Psycho) keeps its own plan."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.odds.advice import advise
from engine.state import ActionKind, HandState


def _at_the_draw(game_id: str, players: int, cards: str) -> HandState:
    deck = deck_from_seats(game_id, players=players, seat_cards=[parse_cards(cards)], seed=2)
    state = new_hand(game_id, players=players, seed=2, deck=deck)
    while not any(a.kind is ActionKind.DISCARD for a in state.legal_actions(state.to_act[0])):
        legal = state.legal_actions(state.to_act[0])
        state.apply(next(a for a in legal if a.kind.value in ("check", "call")))
    while state.to_act[0] != 0:  # the others draw first, standing pat
        legal = state.legal_actions(state.to_act[0])
        state.apply(next(a for a in legal if not a.cards))
    return state


@pytest.mark.parametrize(("game_id", "cards", "sentence"), [
    ("five-card-draw", "Ac 2d 3h 7s 7d",
     "Keep 7♠ 7♦ and exchange A♣ 3♥ 2♦: the cards that can win high."),
    ("deuce-to-seven-triple-draw", "Ac 2d 3h 7s 7d",
     "Keep 2♦ 3♥ 7♦ and exchange A♣ 7♠: the cards that can win deuce-to-seven low."),
    ("five-card-draw-bug", "Jk 9c 7h 4s 4c",
     "Keep Jkr 4♠ 4♣ and exchange 9♣ 7♥: the cards that can win high."),
    ("five-card-draw-bug", "Jk Kh Qh Jh 9c",  # the bug fills the straight: stand pat
     "Keep Jkr K♥ Q♥ J♥ 9♣ and stand pat: the cards that can win high."),
])
def test_a_draw_game_is_advised_by_its_own_hand_types(game_id: str, cards: str,
                                                      sentence: str) -> None:
    state = _at_the_draw(game_id, 2, cards)
    advice = advise(state.view(0), types=state.game.hand_types(state.settings))
    assert advice is not None and advice.sentence == sentence


def test_psycho_keeps_its_own_plan() -> None:
    state = new_hand("psycho", players=3, seed=2)
    advice = advise(state.view(state.to_act[0]))
    assert advice is not None and "the cards serve a" in advice.sentence
