"""A seven-card stud player: equity by simulation from what its seat can see."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bots.reasons import betting_reason, showing_words
from engine.cards import FULL_DECK
from engine.hands import best_high
from engine.state import Action, ActionKind, HandState, HandView

__all__ = ["StudBot", "equity"]


def equity(view: HandView, seat: int, rng: random.Random, *, trials: int = 60) -> float:
    """This seat's chance of holding the best high hand at the end, by simulation.

    Unknown cards (the others' hidden cards, cards still to come) are drawn at
    random from the cards this seat cannot see; a tie counts as a share.
    """
    me = view.seats[seat]
    mine = [c.card for c in me.cards if c.card is not None and not c.dead]
    board = [c for b in view.boards[:1] for c in b]
    rivals = [s for s in view.seats if s.seat != seat and not s.folded]
    if not rivals:
        return 1.0
    seen = set(mine) | set(board)
    for other in view.seats:
        seen.update(c.card for c in other.cards if c.card is not None)
    unseen = [c for c in FULL_DECK if c not in seen]
    known = {r.seat: [c.card for c in r.cards if c.card is not None and not c.dead]
             for r in rivals}
    total = 7 - len(board)
    need = max(0, total - len(mine)) + sum(max(0, total - len(k)) for k in known.values())
    shared = 1 if need > len(unseen) else 0  # the stock would run short: a community card
    total -= shared
    won = 0.0
    for _ in range(trials):
        rng.shuffle(unseen)
        pool = iter(unseen)
        common = board + [next(pool) for _ in range(shared)]
        hand = mine + [next(pool) for _ in range(max(0, total - len(mine)))]
        best = best_high(hand + common)
        ties = 1
        beaten = False
        for rival in rivals:
            theirs = known[rival.seat]
            theirs = theirs + [next(pool) for _ in range(max(0, total - len(theirs)))]
            value = best_high(theirs + common)
            if value > best:
                beaten = True
                break
            if value == best:
                ties += 1
        if not beaten:
            won += 1 / ties
    return won / trials


@dataclass(frozen=True)
class StudBot:
    """A sensible fixed-limit player: bets and raises strong hands, calls with
    fair odds, folds weak ones, bluffs now and then. ``looseness`` shifts its
    thresholds (positive plays more hands)."""

    name: str = "Stud player"
    looseness: float = 0.0
    trials: int = 60

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide now")
        kinds = {a.kind: a for a in legal}
        if ActionKind.MUCK in kinds:
            return kinds[ActionKind.MUCK]
        if not any(k.is_betting for k in kinds):
            return rng.choice(legal)
        view = state.view(seat)
        live = sum(1 for s in view.seats if not s.folded)
        strength = equity(view, seat, rng, trials=self.trials)
        fair = 1 / live
        aggressive = [a for a in legal if a.kind in (ActionKind.BET, ActionKind.RAISE,
                                                     ActionKind.COMPLETE)]
        call = kinds.get(ActionKind.CALL)
        bluff = rng.random() < 0.05
        edge = strength - fair + self.looseness
        if aggressive and (edge > 0.15 or (bluff and edge > -0.1)):
            return aggressive[0]
        if ActionKind.BRING_IN in kinds:
            return kinds[ActionKind.BRING_IN]
        if ActionKind.CHECK in kinds:
            return kinds[ActionKind.CHECK]
        if call is not None:
            pot = view.pot_total
            price = (call.amount or 0) / (pot + (call.amount or 0))
            if strength + self.looseness * 0.5 >= price * 0.9 or edge > -0.05:
                return call
        return kinds.get(ActionKind.FOLD, legal[0])

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        """The price and the pot, and what its up cards show."""
        return betting_reason(state, seat, action, strength=showing_words(state, seat)) or None
