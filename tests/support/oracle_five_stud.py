"""Five-card stud as pokerkit plays it: pokerkit names no such game, so it is its generic
``State`` built from its parts: an ante, one card down and one up with the lowest up card
bringing in, three more up cards each opened by the best showing hand, the small bet on
the first two rounds and the big bet on the last two, the best high hand. The hands are
played by the razz oracle's ``play_both`` (``tests.support.oracle_razz``), which finds
pokerkit's game here through ``tests.support.oracle_stud.POKERKIT``."""

from __future__ import annotations

from pokerkit import Automation, BettingStructure, Deck, Opening, StandardHighHand, State, Street


class FiveCardStud:
    """pokerkit's parts put together as five-card stud, made as its stud classes are."""

    @staticmethod
    def create_state(automations: tuple[Automation, ...], ante_trimming: bool, ante: int,
                     bring_in: int, small_bet: int, big_bet: int, stacks: tuple[int, ...],
                     players: int) -> State:
        streets = (Street(False, (False, True), 0, False, Opening.LOW_CARD, small_bet, 4),
                   Street(True, (True,), 0, False, Opening.HIGH_HAND, small_bet, 4),
                   Street(True, (True,), 0, False, Opening.HIGH_HAND, big_bet, 4),
                   Street(True, (True,), 0, False, Opening.HIGH_HAND, big_bet, 4))
        return State(automations, Deck.STANDARD, (StandardHighHand,), streets,
                     BettingStructure.FIXED_LIMIT, ante_trimming, ante, (), bring_in, stacks,
                     players)
