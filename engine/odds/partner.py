"""Pick a Partner: who should I pick?

The question: the table's first up cards (one per seat), whose turn it is to
pick (``me``), optionally my own four hidden cards, and the partnerships
already made. For every player I could pick, the chance that my team holds
the best team hand at the showdown (a tie shares the pot), and the spread of
my team hand's category.

The model, stated on the page:

- everyone's hidden cards are unseen cards dealt at random (a computer
  player chooses its first up card to fit its hand; that is not modelled);
- after my pick, the others pick as the computer players do
  (``engine.bots.pick_a_partner``): the highest first up card among the
  players still without a partner picks (equal ranks: the suit decides,
  the house default), preferring the up card that best fits their own first
  up card and hidden cards, ties at random; the last two pair up;
- nobody folds: every team's hand is both first up cards plus the best three
  of the partners' other eight cards (56 ways, scored in one batch).

>>> import numpy as np
>>> from engine.cards import parse_cards as p
>>> from engine.odds.run import Budget, solve
>>> question = partner_question(p("Ah 7c 9s Kd"), me=0)
>>> question.candidates
(1, 2, 3)
>>> answer = solve(question, rng=np.random.default_rng(2), budget=Budget(max_deals=2000))
>>> round(sum(answer[f"equity/{c}"].value for c in question.candidates), 6) < 3
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from engine.bots.pick_a_partner import partner_fit
from engine.cards import FULL_DECK, Card
from engine.fast import category_of, combinations, rank_high, read_only
from engine.hands import Category
from engine.odds.deals import Codes, Unknowns, codes, unseen
from engine.odds.inputs import OddsInputError, check_count, check_distinct
from engine.odds.run import Work
from engine.odds.showdown import shares
from engine.odds.tally import Tally

__all__ = ["PartnerQuestion", "TABLE_SIZES", "next_chooser", "partner_question", "pick_step",
           "team_scores"]

TABLE_SIZES = (4, 6, 8, 10)
_PICK_THREE = read_only(combinations(8, 3).astype(np.int64))
_TEAM_HANDS = read_only(np.concatenate([np.zeros((len(_PICK_THREE), 1), dtype=np.int64),
                                        np.ones((len(_PICK_THREE), 1), dtype=np.int64),
                                        _PICK_THREE + 2], axis=1))
"""The 56 team hands as positions in (first up, first up, eight others)."""
_CATEGORIES = tuple(Category)


@cache
def _fit_table() -> npt.NDArray[np.int64]:
    """Twelve times the computer players' fit of card ``a`` with card ``b`` (integers:
    fits are quarters and the height bonus thirds)."""
    table = np.zeros((52, 52), dtype=np.int64)
    for a in FULL_DECK:
        for b in FULL_DECK:
            table[a.code, b.code] = round(12 * partner_fit(a, [b]))
    return read_only(table)


def next_chooser(ups: Sequence[Card], unpaired: Sequence[int]) -> int:
    """The seat that picks next: the highest first up card; equal ranks, the higher suit."""
    return max(unpaired, key=lambda s: (ups[s].rank, ups[s].suit))


def team_scores(required: Codes, others: Codes) -> npt.NDArray[np.int32]:
    """Team hands: ``(..., 2)`` first up cards and ``(..., 8)`` other cards in,
    the high score of both first up cards plus the best three others out."""
    cards = np.concatenate([required, others], axis=-1).astype(np.uint8)
    scores: npt.NDArray[np.int32] = rank_high(cards[..., _TEAM_HANDS]).max(axis=-1)
    return scores


def pick_step(ups: Codes, partner: Codes, hidden: Codes, rng: np.random.Generator) -> bool:
    """Make the next pick at each of ``T`` tables, as the computer players pick.

    ``ups``: first up card codes by seat; ``partner``: ``(T, seats)``, each
    seat's partner or -1 (updated in place); ``hidden``: ``(T, seats, 4)``.
    The highest unpaired first up card picks the player whose up card scores
    best: twice its fit with the chooser's up card, plus its fit with the
    chooser's hidden cards, plus a third of its rank (ties at random); the last
    two pair up. Returns whether a pick was made (every table has the same
    number of players left).
    """
    rows = np.arange(len(partner))
    free = partner < 0
    left = int(free[0].sum())
    if left == 0:
        return False
    if left == 2:
        pair = np.nonzero(free)[1].reshape(-1, 2)
        partner[rows, pair[:, 0]], partner[rows, pair[:, 1]] = pair[:, 1], pair[:, 0]
        return True
    fit = _fit_table()
    chooser = np.where(free, ups, -1).argmax(axis=1)
    score = (2 * fit[ups[None, :], ups[chooser][:, None]]
             + fit[ups[None, :, None], hidden[rows, chooser][:, None, :]].sum(axis=2)
             + 4 * (ups >> 2)[None, :] + 8)  # twelve times rank / 3
    open_ = free.copy()
    open_[rows, chooser] = False
    keys = np.where(open_, score * 4096 + rng.integers(0, 4096, score.shape), -1)
    choice = keys.argmax(axis=1)
    partner[rows, chooser], partner[rows, choice] = choice, chooser
    return True


@dataclass(frozen=True)
class PartnerQuestion:
    """First up card codes by seat, the seat choosing, its hidden cards if known,
    and the partnerships already made."""

    ups: tuple[int, ...]
    me: int
    hidden: tuple[int, ...] = ()
    paired: tuple[tuple[int, int], ...] = ()

    @property
    def seats(self) -> int:
        return len(self.ups)

    @property
    def candidates(self) -> tuple[int, ...]:
        taken = {s for pair in self.paired for s in pair}
        return tuple(s for s in range(self.seats) if s != self.me and s not in taken)

    @property
    def measures(self) -> tuple[str, ...]:
        names = [f"{what}/{c}" for what in ("equity", "win") for c in self.candidates]
        names += [f"category{int(k)}/{c}" for c in self.candidates for k in _CATEGORIES]
        return tuple(names)

    def unknowns(self) -> Unknowns:
        known = [*self.ups, *self.hidden]
        sizes = tuple(0 if s == self.me and self.hidden else 4 for s in range(self.seats))
        return Unknowns(unseen(Card.from_code(c) for c in known), sizes)

    def deals(self) -> int | None:
        return None

    def cost(self) -> int:
        return len(self.candidates) * (self.seats // 2) * len(_PICK_THREE)

    def _hidden(self, places: list[Codes], rows: int) -> Codes:
        if not self.hidden:
            return np.stack(places, axis=1)
        mine = np.broadcast_to(np.array(self.hidden, dtype=np.int64), (rows, 4))
        return np.stack([mine if s == self.me else places[s] for s in range(self.seats)],
                        axis=1)

    def _pick_rest(self, partner: Codes, hidden: Codes, rng: np.random.Generator) -> None:
        """Complete ``partner`` (``(T, seats)``, -1 unpaired) by the computer players' rule."""
        while pick_step(np.array(self.ups, dtype=np.int64), partner, hidden, rng):
            pass

    def tally(self, work: Work) -> Tally:
        assert work.seed is not None
        rng = np.random.default_rng(work.seed)
        rows = work.size
        hidden = self._hidden(self.unknowns().sample(rows, rng), rows)
        ups = np.array(self.ups, dtype=np.int64)
        half = self.seats // 2
        equity, win, categories = [], [], []
        for candidate in self.candidates:
            partner = np.full((rows, self.seats), -1, dtype=np.int64)
            for a, b in (*self.paired, (self.me, candidate)):
                partner[:, a], partner[:, b] = b, a
            self._pick_rest(partner, hidden, rng)
            low = np.argsort(partner < np.arange(self.seats), axis=1, kind="stable")[:, :half]
            high = np.take_along_axis(partner, low, axis=1)
            required = np.stack([ups[low], ups[high]], axis=-1)
            others = np.concatenate([np.take_along_axis(hidden, low[..., None], axis=1),
                                     np.take_along_axis(hidden, high[..., None], axis=1)],
                                    axis=-1)
            scores = team_scores(required, others)
            mine = np.argmax(low == min(self.me, candidate), axis=1)
            share, alone, _ = shares(scores)
            equity.append(share[np.arange(rows), mine])
            win.append(alone[np.arange(rows), mine])
            category = category_of(scores[np.arange(rows), mine])
            categories += [(category == int(k)).astype(np.float64) for k in _CATEGORIES]
        return Tally.of(self.measures, np.stack(equity + win + categories, axis=1))


def partner_question(ups: Sequence[Card], *, me: int, hidden: Sequence[Card] = (),
                     paired: Sequence[tuple[int, int]] = ()) -> PartnerQuestion:
    """Check the table and build the question (seats count from 0; the page says "Seat 1")."""
    seats = len(ups)
    if seats not in TABLE_SIZES:
        raise OddsInputError(f"Pick a Partner is played by 4, 6, 8 or 10 players; "
                             f"{seats} first up cards given")
    if not 0 <= me < seats:
        raise OddsInputError(f"Your seat must be one of seats 1 to {seats}")
    check_count("your hidden cards", hidden, (0, 4), "give all four of them, or none")
    check_distinct([*((f"Seat {s + 1}'s first up card", (c,)) for s, c in enumerate(ups)),
                    ("your hidden cards", tuple(hidden))])
    taken: set[int] = set()
    for a, b in paired:
        for seat in (a, b):
            if not 0 <= seat < seats:
                raise OddsInputError(f"Seat {seat + 1} is not at a table of {seats}")
            if seat in taken or a == b:
                raise OddsInputError(f"Seat {seat + 1} is in two partnerships")
            if seat == me:
                raise OddsInputError("You already have a partner in the partnerships given: "
                                     "there is nothing left for you to pick")
            taken.add(seat)
    unpaired = [s for s in range(seats) if s not in taken]
    chooser = next_chooser(ups, unpaired)
    if chooser != me:
        raise OddsInputError(f"Seat {chooser + 1} picks before you: {ups[chooser]} is the highest "
                             "first up card among the players without a partner (equal ranks: "
                             "the higher suit). Add the partnerships already made, or sit in "
                             f"Seat {chooser + 1}")
    return PartnerQuestion(tuple(codes(ups)), me, tuple(codes(hidden)),
                           tuple((min(a, b), max(a, b)) for a, b in paired))
