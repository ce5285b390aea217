"""Helpers for the declared wild-card and spade games' tests: a hand played to the
showdown by checking and calling, and the best high hand by brute force."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import combinations

import numpy as np

from engine.actions import Action, ActionKind
from engine.cards import Card, Rank
from engine.fast import rank_high
from engine.games import new_hand
from engine.state import HandState

_PREFERRED = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.DISCARD,
              ActionKind.SHOW)


def passive_action(state: HandState, seat: int, *, folds: Collection[int] = ()) -> Action:
    """Check or call (bring in, stand pat, show); a seat in ``folds`` folds when it may."""
    legal = state.legal_actions(seat)
    if seat in folds:
        for action in legal:
            if action.kind is ActionKind.FOLD:
                return action
    for kind in _PREFERRED:
        for action in legal:
            if action.kind is kind and (kind is not ActionKind.DISCARD or not action.cards):
                return action
    return legal[0]


def to_showdown(game_id: str, *, players: int, seed: int = 0, deck: str | None = None,
                settings: Mapping[str, object] | None = None,
                folds: Collection[int] = ()) -> HandState:
    """A hand played to its end by checking and calling (``folds`` fold when they may)."""
    state = new_hand(game_id, players=players, seed=seed, deck=deck, settings=settings)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(passive_action(state, seat, folds=folds))
    return state


def _five_of_a_kind(naturals: Sequence[Card], wild: int) -> int:
    """The five-of-a-kind score of five cards, 0 when they make none."""
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        return 0
    top = ranks.pop() if ranks else Rank.ACE
    return 10 << 20 | int(top) << 16


def brute_high(cards: Sequence[Card], wild: Collection[Rank], *, natural_first: bool) -> int:
    """The best high score of ``cards`` found by trying every five of them with every card
    of the deck in place of each wild card (distinct cards, scored by ``engine.fast``),
    beside five of a kind; five with four or more wild cards are always five of a kind,
    which nothing beats, so their replacements are not listed."""
    best = 0
    deck = np.arange(52, dtype=np.int64)
    for five in combinations(cards, 5):
        naturals = [c for c in five if c.rank not in wild]
        count = 5 - len(naturals)
        fives = _five_of_a_kind(naturals, count)
        if count >= 4:
            score = fives
        else:
            grids = np.meshgrid(*([deck] * count), indexing="ij") if count else []
            rows = len(grids[0].ravel()) if count else 1
            codes = np.empty((rows, 5), dtype=np.int64)
            for i, c in enumerate(naturals):
                codes[:, i] = c.code
            for j, grid in enumerate(grids):
                codes[:, len(naturals) + j] = grid.ravel()
            ordered = np.sort(codes, axis=1)
            distinct = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
            scores = rank_high(codes[distinct].astype(np.uint8))
            score = max(int(scores.max()), fives)
        if natural_first:
            score = 2 * score + (1 if count == 0 else 0)
        best = max(best, score)
    return best
