"""A computer player for Sophie's Pick and Double Sophie.

It locks the pairing whose pairs are strongest as hold'em starting hands
(pocket pairs, big cards, suited connectors kept together: :func:`lock_score`),
sacrifices the pair with the least chance of winning from here
(:func:`sacrifice_chances`), and bets pot limit by its chance of winning
against the pairs the betting suggests, as ``bench._baseline_bots.policy`` reads it: a
pot-sized bet with a strong hand, half the pot with a good one or a measured
bluff, a call when pot odds pay for it, never a fold when checking is free.

It reads the hand only through ``state.view(seat)`` and draws every random
number from the ``rng`` it is given, so a seeded hand replays identically.

>>> import random
>>> from engine.games import new_hand
>>> state = new_hand("double-sophie", players=3, seed=4)
>>> bot = SophieBot(trials=8)
>>> rng = random.Random(1)
>>> while not state.is_over:
...     seat = state.to_act[0]
...     _ = state.apply(bot.choose(state, seat, rng))
>>> sum(state.payoffs)
0
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from bench._baseline_bots.policy import (
    Measured,
    betting_choice,
    betting_words,
    price_of,
    suggested_strength,
)
from bench._baseline_bots.reasons import board_words
from engine.cards import FULL_DECK, Card
from engine.games.hand_types import HIGH_HAND
from engine.state import Action, ActionKind, HandState, HandView, SeatView

__all__ = ["SACRIFICE_TRIALS", "SophieBot", "lock_score", "pair_equities", "sacrifice_chances",
           "starting_strength"]

_HIGH_POINTS = MappingProxyType({14: 10.0, 13: 8.0, 12: 7.0, 11: 6.0})
_GAP_PENALTY = (0.0, 1.0, 2.0, 4.0)


def starting_strength(pair: Sequence[Card]) -> float:
    """How good two cards are as a hold'em starting hand (Bill Chen's points).

    Pocket pairs count double (at least 5), suited cards gain 2, gaps between
    the ranks cost points, and close cards below a queen gain one.

    >>> from engine.cards import parse_cards
    >>> [starting_strength(parse_cards(t)) for t in ("As Ad", "9h 8h", "Kc 2d")]
    [20.0, 7.5, 3.0]
    """
    a, b = pair
    high, low = max(a.rank, b.rank), min(a.rank, b.rank)
    points = _HIGH_POINTS.get(int(high), int(high) / 2)
    if high == low:
        return max(5.0, points * 2)
    if a.suit == b.suit:
        points += 2
    gap = int(high) - int(low) - 1
    points -= _GAP_PENALTY[gap] if gap < len(_GAP_PENALTY) else 5.0
    if gap <= 1 and high < 12:
        points += 1
    return points


def lock_score(cards: Sequence[Card]) -> float:
    """A pairing's worth (six cards in pair order): the best pair counts most, the
    others as the fallbacks the two picks may need."""
    strengths = sorted((starting_strength(cards[i:i + 2]) for i in range(0, len(cards), 2)),
                       reverse=True)
    return sum(s * w for s, w in zip(strengths, (1.0, 0.5, 0.25), strict=False))


def _pairs(cards: Sequence[Card | None]) -> list[tuple[Card, Card]]:
    return [(a, b) for a, b in zip(cards[::2], cards[1::2], strict=True)
            if a is not None and b is not None]


def pair_equities(view: HandView, seat: int, boards: int, rng: random.Random, *,
                  trials: int, reads: Mapping[int, int] | None = None
                  ) -> dict[tuple[Card, Card], float]:
    """Each live pair's chance of winning (averaged over the boards), by simulation.

    The boards are completed from the cards this seat cannot see, and each
    rival still in holds as many pairs as it has live, keeping whichever does
    best on each board: a cautious guess, since a rival must really choose
    before the last cards come. A rival's card the view shows (a host showing
    every hand) is that card; the others are dealt at random. ``reads`` gives a
    rival the table's actions mark as strong that many more random pairs: the
    hands its bets and raises suggest.
    """
    me = view.seats[seat]
    mine = [c.card for c in me.cards if not c.dead]
    live = _pairs(mine)
    board_cards = [list(b) for b in view.boards] or [[] for _ in range(boards)]
    seen = {c.card for s in view.seats for c in s.cards if c.card is not None}
    seen.update(c for b in board_cards for c in b)
    unseen = [c for c in FULL_DECK if c not in seen]
    rivals = [_rival_pairs(s) for s in view.seats if s.seat != seat and not s.folded]
    spare = len(unseen) - sum(5 - len(b) for b in board_cards) - sum(
        card is None for pairs in rivals for pair in pairs for card in pair)
    for pairs, rival in zip(rivals, [s.seat for s in view.seats
                                     if s.seat != seat and not s.folded], strict=True):
        more = min((reads or {}).get(rival, 0), max(0, spare) // 2)
        pairs.extend([(None, None)] * more)
        spare -= 2 * more
    shares = dict.fromkeys(live, 0.0)
    if not rivals:
        return dict.fromkeys(live, 1.0)
    high_of = HIGH_HAND.high_of  # both games' hand types: the high hand of any five
    for _ in range(trials):
        rng.shuffle(unseen)
        pool = iter(unseen)
        finished = [b + [next(pool) for _ in range(5 - len(b))] for b in board_cards]
        hands = [[(_or_dealt(a, pool), _or_dealt(b, pool)) for a, b in pairs] for pairs in rivals]
        for board in finished:
            # Scores of one kind of hand: greater is better, equal ties.
            best_rivals = [max(high_of((*p, *board)).score for p in hand) for hand in hands]
            top = max(best_rivals)
            tied = best_rivals.count(top)
            for pair in live:
                score = high_of((*pair, *board)).score
                if score > top:
                    shares[pair] += 1.0
                elif score == top:
                    shares[pair] += 1.0 / (tied + 1)
    return {p: s / (trials * len(board_cards)) for p, s in shares.items()}


def _rival_pairs(rival: SeatView) -> list[tuple[Card | None, Card | None]]:
    """A rival's live pairs as the view shows them (``None`` for a card it hides); one
    unknown pair for a rival with no cards yet."""
    live = [c.card for c in rival.cards if not c.dead]
    pairs = list(zip(live[::2], live[1::2], strict=False))
    return pairs or [(None, None)]


def _or_dealt(card: Card | None, pool: Iterator[Card]) -> Card:
    return card if card is not None else next(pool)


SACRIFICE_TRIALS = 80
"""Deals behind each sacrifice's chances: enough to tell a weak pair, in a few
milliseconds."""


def sacrifice_chances(view: HandView, seat: int) -> dict[tuple[Card, Card], float]:
    """Each live pair's chance of winning from here (:func:`pair_equities`), the measure a
    sacrifice is made by: the same figures for the same cards seen, since the deals are
    seeded by those cards, so the player, the advice and the lessons agree."""
    boards = max(1, len(view.boards))  # a sacrifice comes after the flop: every board is out
    seen = sorted(c.card.code for s in view.seats for c in s.cards if c.card is not None)
    seen += [c.code for b in view.boards for c in b]
    rng = random.Random(",".join(map(str, seen)))
    return pair_equities(view, seat, boards, rng, trials=SACRIFICE_TRIALS)


@dataclass(frozen=True)
class SophieBot:
    """A sensible pot-limit player for both games. ``looseness`` shifts its
    thresholds (positive plays more hands); ``trials`` sets how many deals
    each estimate simulates."""

    name: str = "Sophie player"
    looseness: float = 0.0
    trials: int = 40

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide now")
        kinds = {a.kind: a for a in legal}
        if ActionKind.MUCK in kinds:
            return kinds[ActionKind.MUCK]
        if ActionKind.LOCK_PAIRS in kinds:
            scores = [lock_score(a.cards) for a in legal]
            top = max(scores)
            return rng.choice([a for a, s in zip(legal, scores, strict=True) if s == top])
        boards = int(getattr(state.game, "boards", 1))
        view = state.view(seat)
        if ActionKind.SACRIFICE in kinds:
            chances = sacrifice_chances(view, seat)
            worst = min(chances.values())
            return next(a for a in legal if chances.get((a.cards[0], a.cards[1]), worst) == worst)
        reads = {s.seat: suggested_strength(view, s.seat) for s in view.seats
                 if s.seat != seat and not s.folded}
        equities = pair_equities(view, seat, boards, rng, trials=self.trials, reads=reads)
        if not any(k.is_betting for k in kinds):
            return rng.choice(legal)
        return self._bet(state, seat, view, legal, max(equities.values()), rng)

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        """Why, from the board, the pot and the betting only: the pairs stay secret."""
        kind = action.kind
        if kind is ActionKind.LOCK_PAIRS:
            return ("it locks the pairing worth most as starting hands: the best pair counts "
                    "most, the other two as the fallbacks a sacrifice may leave")
        if kind is ActionKind.SACRIFICE:
            return ("it gives up the pair with the least chance of winning from here, against "
                    "each rival's best pair")
        return betting_words(state, seat, action, shows=board_words(state)) or None

    def _bet(self, state: HandState, seat: int, view: HandView, legal: list[Action],
             strength: float, rng: random.Random) -> Action:
        players = sum(1 for s in view.seats if not s.folded)
        call = next((a for a in legal if a.kind is ActionKind.CALL), None)
        to_call = (call.amount or 0) if call is not None else 0
        measured = Measured(share=min(1.0, strength + self.looseness), hands=players,
                            to_call=to_call, price=price_of(view, seat, to_call),
                            risky=to_call * 4 > view.seats[seat].stack)
        return betting_choice(state, seat, legal, measured, rng)
