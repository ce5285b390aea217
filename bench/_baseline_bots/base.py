"""The computer players' interface, and a player that picks at random."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from engine.state import Action, HandState

__all__ = ["Bot", "RandomBot"]


class Bot(Protocol):
    """A computer player."""

    @property
    def name(self) -> str:
        """What the table calls it ("Stud player")."""
        ...

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        """One of ``state.legal_actions(seat)``."""
        ...

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        """Why ``action`` (not yet applied), from public facts only; ``None`` if unsaid."""
        ...


@dataclass(frozen=True)
class RandomBot:
    """Picks uniformly among the legal actions: for tests and unknown games."""

    name: str = "Random"

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions(seat))

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        """A random player has no reason to give."""
        return None
