"""A draw never throws away a wild card: the computer player, its reason and the advice
keep every deuce in deuces wild draw (they used to read a deuce as a plain deuce)."""

from __future__ import annotations

import random

from engine.bots.base import RandomBot
from engine.bots.draw import draw_choice
from engine.cards import Rank
from engine.games import new_hand
from engine.state import ActionKind


def test_the_computer_player_keeps_its_wild_deuces_at_the_draw() -> None:
    checked = 0
    for seed in range(40):
        state = new_hand("deuces-wild-draw", players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and checked < 6:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if any(a.kind is ActionKind.DISCARD for a in legal):
                held = [c.card for c in state.view(seat).seats[seat].cards if c.card]
                if any(c.rank is Rank.TWO for c in held):
                    chosen = draw_choice(state, seat, legal)
                    assert not any(c.rank is Rank.TWO for c in chosen.cards), (seed, held)
                    checked += 1
            state.apply(RandomBot().choose(state, seat, rng))
    assert checked, "no seat held a deuce at a draw"
