"""A seven-card stud hand whose stock may run short, mostly calls, for the hand-history
tests."""

from __future__ import annotations

import random

from engine.games import new_hand
from engine.state import ActionKind, HandState

PASSIVE = (ActionKind.CALL, ActionKind.CHECK, ActionKind.BRING_IN, ActionKind.SHOW)


def stud_hand(seed: int) -> HandState:
    """A hand at seven or eight seats with the reshuffle announced, played with random
    legal actions, mostly calls so that many seats reach seventh street."""
    rng = random.Random(seed)
    players = rng.choice((7, 8))
    settings = {"short_stock": "reshuffle", "ante": rng.choice((0, 1, 2)),
                "open_pair": rng.random() < 0.5,
                "showing_ties": rng.choice(("suit", "seat"))}
    stacks = [rng.choice((200, rng.randint(20, 400))) for _ in range(players)]
    state = new_hand("seven-card-stud", players=players, seed=seed, settings=settings,
                     stacks=stacks)
    while not state.is_over:
        choices = state.legal_actions(state.to_act[0])
        weights = [12 if a.kind in PASSIVE else 1 for a in choices]
        state.apply(rng.choices(choices, weights)[0])
    return state
