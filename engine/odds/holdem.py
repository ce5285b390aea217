"""Hold'em equity: what Sophie's Pick becomes once the final pick leaves one pair each.

Each hand is two known hole cards, or none (a hand dealt at random from the
unseen cards); the board has 0, 3, 4 or 5 cards and is completed at random.
The answer is exact when the deals fit the time budget (a known pair against
known pairs after the turn always does), sampled otherwise.

>>> import numpy as np
>>> from engine.cards import parse_cards as p
>>> from engine.odds.run import solve
>>> spot = holdem_question([p("Ah Kh"), p("Qc Qd")], board=p("Qh 7h 2c 3s"))
>>> answer = solve(spot, rng=np.random.default_rng(0))
>>> answer.exact, answer.deals, f"{answer['equity/0'].value:.4f}"
(True, 44, '0.1591')
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.odds.inputs import OddsInputError, check_count, check_distinct
from engine.odds.showdown import ShowdownQuestion

__all__ = ["holdem_question"]


def holdem_question(hands: Sequence[Sequence[Card]], *, board: Sequence[Card] = (),
                    dead: Sequence[Card] = ()) -> ShowdownQuestion:
    """The showdown of two-card hands (an empty hand is a random one) on ``board``."""
    if not 2 <= len(hands) <= 10:
        raise OddsInputError(f"Hold'em equity compares 2 to 10 hands; {len(hands)} given")
    for i, hand in enumerate(hands):
        check_count(f"hand {i + 1}", hand, (0, 2), "a hand is two hole cards, or none for a "
                    "random hand")
    check_count("the board", board, (0, 3, 4, 5), "a board has no cards before the flop, "
                "then 3, 4 or 5")
    check_distinct([*((f"hand {i + 1}", tuple(h)) for i, h in enumerate(hands)),
                    ("the board", tuple(board)), ("the dead cards", tuple(dead))])
    need = [2 - len(h) for h in hands]
    unseen = 52 - sum(len(h) for h in hands) - len(board) - len(dead)
    if sum(need) + 5 - len(board) > unseen:
        raise OddsInputError(f"Too many cards are out: {sum(need) + 5 - len(board)} more are "
                             f"needed but only {unseen} are unseen")
    return ShowdownQuestion.build(hands=hands, need=need, board=board,
                                  board_need=5 - len(board), dead=dead)
