"""Psycho: how to declare. High, low and scoop chances, and the pot share of each declaration.

From your cards and the opponents' up cards, the unseen cards are dealt at
random (each opponent's two hidden cards and the cards still to come) and
every hand ends with seven cards. The measures:

- ``high`` / ``low``: your share of the best high (low) hand among everyone
  still in (a tie shares);
- ``scoop``: the chance your hand is the best both ways, alone;
- ``share/high``, ``share/low``, ``share/both``: your expected share of the
  pot if you declare that way, against opponents who each declare their
  stronger way: high if their high hand beats a larger share of all seven-card
  hands than their low hand does (``engine.odds.exact``), low otherwise. The
  pot is settled as the house rules say (``engine.games.declared_pots``): a
  both-way declarer must win or tie both halves or gets nothing, and a half
  nobody declared for goes to the other half's winners.

With many players the stock runs short: the sixth card is a community card
when fewer than one card per player is left after the draw (9 or 10
players), and the seventh too from 8 players (counting everyone as still in;
the discards are reshuffled first, which the counts allow for).

>>> import numpy as np
>>> from engine.cards import parse_cards as p
>>> from engine.odds.run import solve
>>> question = psycho_question(p("Ah 2c 3d 4s 6h"), [p("Kc Kd 9s"), p("Qh Jh 10h")])
>>> answer = solve(question, rng=np.random.default_rng(3))
>>> answer["share/low"].value > answer["share/high"].value
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.cards import Card
from engine.fast import rank_high, rank_high_low
from engine.hands import LowRanking
from engine.lowball import rank_deuce_to_seven
from engine.odds.deals import Codes, Unknowns, codes, stack, unseen
from engine.odds.exact import high_distribution, low_distribution
from engine.odds.inputs import OddsInputError, check_distinct
from engine.odds.run import Work
from engine.odds.showdown import shares
from engine.odds.tally import Tally

__all__ = ["DECLARATIONS", "SCORED_LOWS", "PsychoQuestion", "against", "community_streets",
           "declared_shares", "psycho_question", "scores", "stronger_way"]

DECLARATIONS = ("high", "low", "both")
SCORED_LOWS = (LowRanking.ACE_TO_FIVE, LowRanking.DEUCE_TO_SEVEN)
"""The five-card lows the vectorised evaluators score (badugi, a four-card hand, is not one)."""


def community_streets(players: int) -> tuple[bool, bool]:
    """Whether the sixth and the seventh card are community cards at a table of ``players``.

    After the draw every player holds five cards; a street is dealt one card
    each only if the cards not in anyone's hand cover every player.

    >>> [community_streets(n) for n in (7, 8, 9)]
    [(False, False), (False, True), (True, True)]
    """
    left = 52 - 5 * players
    sixth = left < players
    left -= 1 if sixth else players
    return sixth, left < players


def scores(hands: Codes, ranking: LowRanking) -> tuple[npt.NDArray[np.int64], ...]:
    """High and low scores (greater is better) of ``(..., 5..7)`` card codes."""
    if ranking not in SCORED_LOWS:
        raise ValueError(f"no vectorised {ranking.value} low: the odds score only "
                         "ace-to-five and deuce-to-seven lows")
    if ranking is LowRanking.ACE_TO_FIVE:
        high, low = rank_high_low(hands.astype(np.uint8))
    else:
        high, low = rank_high(hands.astype(np.uint8)), rank_deuce_to_seven(hands)
    return high.astype(np.int64), low.astype(np.int64)


def stronger_way(high: npt.NDArray[np.int64], low: npt.NDArray[np.int64],
                 ranking: LowRanking) -> npt.NDArray[np.bool_]:
    """True where a seven-card hand is stronger for high than for low (by percentile)."""
    return (high_distribution().percentile(high)
            >= low_distribution(ranking).percentile(low))


def against(mine: npt.NDArray[np.int64], rivals: npt.NDArray[np.int64]) -> tuple[
        npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
    """For each of our ``(deals, options)`` scores against ``(deals, rivals)`` scores
    (-1 for a rival out of the contest): (ours is best or tied, hands sharing the best)."""
    best = rivals.max(axis=1, initial=-1)[:, None]
    ties = 1 + (rivals[:, None, :] == mine[:, :, None]).sum(axis=2)
    return mine >= best, ties


def declared_shares(high: npt.NDArray[np.int64], low: npt.NDArray[np.int64],
                    rival_high: npt.NDArray[np.int64], rival_low: npt.NDArray[np.int64],
                    goes_high: npt.NDArray[np.bool_]) -> dict[str, npt.NDArray[np.float64]]:
    """Our pot share for each declaration, the rivals declaring as ``goes_high`` says.

    ``high``, ``low``: our ``(deals, options)`` scores (one column per hand we
    might hold); ``rival_high``, ``rival_low``, ``goes_high``: ``(deals,
    rivals)``, True for a rival declaring high (the rest declare low). Halves
    are worth exactly half (odd chips are ignored).
    """
    top_high, ties_high = against(high, np.where(goes_high, rival_high, -1))
    top_low, ties_low = against(low, np.where(goes_high, -1, rival_low))
    # A half nobody else declared for goes to the other half's winners: the whole pot.
    high_worth = np.where((~goes_high).any(axis=1), 0.5, 1.0)[:, None]
    low_worth = np.where(goes_high.any(axis=1), 0.5, 1.0)[:, None]
    return {"high": np.where(top_high, high_worth / ties_high, 0.0),
            "low": np.where(top_low, low_worth / ties_low, 0.0),
            "both": np.where(top_high & top_low, 0.5 / ties_high + 0.5 / ties_low, 0.0)}


@dataclass(frozen=True)
class PsychoQuestion:
    """Known cards (codes) and how many unseen cards each place still gets."""

    mine: tuple[int, ...]
    rivals: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]
    my_need: int
    rival_need: tuple[int, ...]
    board_need: int
    dead: tuple[int, ...]
    ranking: LowRanking

    @property
    def measures(self) -> tuple[str, ...]:
        return ("high", "low", "scoop", *(f"share/{way}" for way in DECLARATIONS))

    def unknowns(self) -> Unknowns:
        known = [*self.mine, *(c for r in self.rivals for c in r), *self.board, *self.dead]
        return Unknowns(unseen(Card.from_code(c) for c in known),
                        (self.board_need, self.my_need, *self.rival_need))

    def deals(self) -> int | None:
        return self.unknowns().count()

    def cost(self) -> int:
        return 2 * (1 + len(self.rivals))

    def tally(self, work: Work) -> Tally:
        places = self.unknowns().deal(work.start, work.stop, work.seed)
        rows = work.size
        board = stack([self.board, places[0]], rows)
        hands = np.stack([stack([self.mine, places[1], board], rows)]
                         + [stack([known, places[2 + i], board], rows)
                            for i, known in enumerate(self.rivals)], axis=1)
        high, low = scores(hands, self.ranking)
        high_share, high_alone, _ = shares(high)
        low_share, low_alone, _ = shares(low)
        goes_high = stronger_way(high[:, 1:], low[:, 1:], self.ranking)
        declared = declared_shares(high[:, :1], low[:, :1], high[:, 1:], low[:, 1:], goes_high)
        columns = [high_share[:, 0], low_share[:, 0], high_alone[:, 0] * low_alone[:, 0],
                   *(declared[way][:, 0] for way in DECLARATIONS)]
        return Tally.of(self.measures, np.stack(columns, axis=1))


def psycho_question(mine: Sequence[Card], rivals: Sequence[Sequence[Card]], *,
                    community: Sequence[Card] = (), dead: Sequence[Card] = (),
                    ranking: LowRanking = LowRanking.ACE_TO_FIVE,
                    hidden: Sequence[Sequence[Card]] = ()) -> PsychoQuestion:
    """After the expose: your cards (5 to 7) and each opponent's up cards (3 or 4), with
    ``hidden``, for each opponent in turn, whichever of its down cards the asker sees (a
    host showing every hand)."""
    players = 1 + len(rivals)
    if not 2 <= players <= 10:
        raise OddsInputError(f"Psycho is for 2 to 10 players: give 1 to 9 opponents, not "
                             f"{len(rivals)}")
    sixth_shared, seventh_shared = community_streets(players)
    own = 7 - sixth_shared - seventh_shared
    shared = sixth_shared + seventh_shared
    ups = {len(r) for r in rivals}
    most_up = 3 if sixth_shared else 4
    if len(ups) > 1 or not ups <= set(range(3, most_up + 1)):
        raise OddsInputError("Every opponent shows the same up cards: the three exposed, then "
                             "the sixth card" + (" too" if not sixth_shared else
                                                 " (here a community card)"))
    if not 5 <= len(mine) <= own:
        raise OddsInputError(f"Your cards: {len(mine)} given; after the draw you hold five, "
                             f"and at most {own} of your own by the end")
    if len(community) > shared:
        raise OddsInputError(f"{len(community)} community cards given; with {players} players "
                             f"there {'is' if shared == 1 else 'are'} {shared}")
    if ups == {4} and len(mine) < 6:
        raise OddsInputError("The opponents show their sixth card: you have yours too, so give "
                             "six or seven cards")
    known_down = [tuple(h) for h in hidden] + [()] * (len(rivals) - len(hidden))
    if len(known_down) > len(rivals) or any(
            len(r) + len(h) > own for r, h in zip(rivals, known_down, strict=True)):
        raise OddsInputError(f"Each opponent holds at most {own} cards by the end")
    rivals = [(*r, *h) for r, h in zip(rivals, known_down, strict=True)]
    check_distinct([("your cards", tuple(mine)),
                    *((f"opponent {i + 1}'s cards", tuple(r)) for i, r in enumerate(rivals)),
                    ("the community cards", tuple(community)), ("the dead cards", tuple(dead))])
    rival_need = tuple(own - len(r) for r in rivals)
    known = len(mine) + sum(len(r) for r in rivals) + len(community) + len(dead)
    need = own - len(mine) + sum(rival_need) + shared - len(community)
    if need > 52 - known:
        raise OddsInputError(f"Too many cards are out: {need} more are needed but only "
                             f"{52 - known} are unseen")
    return PsychoQuestion(tuple(codes(mine)), tuple(tuple(codes(r)) for r in rivals),
                          tuple(codes(community)), own - len(mine), rival_need,
                          shared - len(community), tuple(codes(dead)), LowRanking(ranking))
