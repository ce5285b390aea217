"""Openers: the hand a player needs to make the first bet of a round (jacks or better in
five-card draw), and the hand passed out when nobody holds it.

A round with openers is opened only by a player whose best high hand is a pair of the
named rank or better; until someone opens, the others may check or fold, never bet. Once
it is open, anyone may call or raise. When everyone checks, nobody could open: the hand
is passed out and every ante goes back to the player who paid it (a table that plays on
deals the next hand as usual).

>>> Openers("jacks").words
'a pair of jacks or better'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum

from engine.cards import Rank
from engine.games.base import finish, make_award
from engine.hands import Category
from engine.state import Action, ActionKind, HandState, Settlement


class Openers(StrEnum):
    """The least hand that opens a round, announced or declared on a ``bet`` step."""

    NONE = "none"
    JACKS = "jacks"
    QUEENS = "queens"
    KINGS = "kings"
    ACES = "aces"

    @property
    def rank(self) -> Rank:
        return {"jacks": Rank.JACK, "queens": Rank.QUEEN, "kings": Rank.KING,
                "aces": Rank.ACE}[self.value]

    @property
    def words(self) -> str:
        return f"a pair of {self.value} or better"

    @property
    def rule(self) -> str:
        """The rule in words, as the table hears it when the round starts."""
        return (f"{self.value.capitalize()} or better to open: only a player holding "
                f"{self.words} may make the first bet")


def holds_openers(state: HandState, seat: int, openers: Openers) -> bool:
    """Whether the seat's best high hand (wild cards played as the game plays them) is a
    pair of the openers' rank or better."""
    value = state.game.hand_value(state, seat)
    if value.category > Category.ONE_PAIR:
        return True
    return value.category == Category.ONE_PAIR and value.cards[0].rank >= openers.rank


def pass_out(state: HandState, openers: Openers) -> Settlement:
    """Nobody opened: each player takes back what they put in (the antes), shared in one
    award when every ante was the same, else one each (a short stack anted less)."""
    rule = (f"nobody opened (it takes {openers.words}): the hand is passed out and each "
            "ante goes back to its player")
    paid = {seat: chips for seat, chips in enumerate(state.table.contributed) if chips}
    if len(set(paid.values())) == 1:
        awards = [make_award("the antes", sum(paid.values()), tuple(paid), tuple(paid),
                             rule=rule)]
    else:
        awards = [make_award("the ante back", chips, (seat,), (seat,), rule=rule)
                  for seat, chips in paid.items()]
    return replace(finish(state, awards, showdown=False), passed_out=True)


def staying_in(state: HandState, legal: Sequence[Action]) -> Action | None:
    """The smallest opening bet, where the round awaits openers and this seat holds them:
    what staying in means when checking round would pass the hand out (the odds' and the
    deal plans' "everyone stays to the showdown")."""
    phase = state.phase
    if phase is None or not phase.awaits_openers(state):
        return None
    return next((action for action in legal if action.kind is ActionKind.BET), None)
