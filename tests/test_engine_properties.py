"""Properties every hand must keep, over many random seven-card stud hands (every game's
are played by the same rules in the conformance suite).

Each hand gets a random player count, random settings (drawn from the game's
own settings schema), sometimes uneven stacks, and random legal actions.
Along the way and at the end we check: chips are conserved, no card is in
two places, every offered action is accepted, a refused action changes
nothing, the settlement pays out exactly what went in, and replay, the JSON
history and undo-then-redo all rebuild the identical state.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.games import GAMES, new_hand
from tests.support.hands import play
from tests.support.scale import FAST, scaled

HANDS = scaled(100)
"""Seven-card stud hands beyond the forty of every game the conformance suite plays by the
same rules (``tests/conformance/test_engine.py``): enough for side pots."""
FIRST_SEED = 1000
"""The conformance suite plays seeds from 0 with the same player: these hands start past
them, so that no hand is played twice."""


def test_random_hands_keep_every_property() -> None:
    totals: Counter[str] = Counter()
    for seed in range(FIRST_SEED, FIRST_SEED + HANDS):
        totals += play(GAMES["seven-card-stud"], seed)
    assert totals["hands"] == HANDS
    assert totals["showdowns"] > HANDS // 20
    assert FAST or totals["side pots"] > 0  # the quick loop plays too few hands to say


def test_every_view_hides_other_seats_down_cards() -> None:
    state = new_hand("seven-card-stud", players=4, seed=31)
    rng = random.Random(5)
    while not state.is_over:
        for viewer in range(4):
            view = state.view(viewer)
            for seat_view in view.seats:
                for seen, held in zip(seat_view.cards, state.cards[seat_view.seat], strict=True):
                    visible = held.up or seat_view.seat == viewer
                    assert (seen.card is not None) == visible or \
                        state.game.shown(state, seat_view.seat)
            hidden = {str(h.card) for s in range(4) if s != viewer
                      for h in state.cards[s] if not h.up}
            for event in view.events:
                assert not any(card in event.text for card in hidden) or \
                    event.kind.value == "showdown"
        seat = state.to_act[0]
        state.apply(rng.choice(state.legal_actions(seat)))
