"""A computer player for Psycho.

- The draw: it plans for high or for low from its five cards. It keeps made
  hands (a straight or better, or five different low cards), pairs and trips
  for high (with an ace kicker), four to a flush or straight, or its
  different low cards for low (ace-to-five counts the ace low, deuce-to-seven
  does not), and draws to the plan within the draw limit.
- The expose: it disguises the plan, every time: going high it shows one
  card of each of its lowest ranks, going low a pair or the cards worth
  least for low. That is the three a hand of its plan hides best behind, by
  how often the table would read them as low (the measure of
  ``engine.odds.expose``, which judges this choice in the advice and the
  lessons): within five points of the best in about nine hands of ten, and
  never past the lessons' margin of fifteen points in 600 random hands.
- Betting: by its share of the pot going its best way (:func:`declared_shares`),
  against the hands the table's bets suggest, each rival going the way its hand
  points: with a strong high against a rival who will go low it expects half the
  pot at least, not half its chance of the best high. The policy
  (``engine.bots.policy``) bets or raises strong hands, calls when pot odds pay,
  and folds weak ones facing a bet (checking is always free).
- The declaration: the way whose expected share is largest; both only when that
  pays, winning or tying both halves. Declaring in turn, it counts the players
  who have already declared where they declared.

It reads the hand only through ``state.view(seat)`` (and the announced
settings), and draws every random number from the ``rng`` it is given.

>>> import random
>>> from engine.games import new_hand
>>> state = new_hand("psycho", players=3, seed=4)
>>> bot = PsychoBot(trials=8)
>>> rng = random.Random(1)
>>> while not state.is_over:
...     seat = state.to_act[0]
...     _ = state.apply(bot.choose(state, seat, rng))
>>> sum(state.payoffs)
0
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from engine.bots.policy import Measured, betting_choice, betting_words, price_of, suggested_strength
from engine.bots.reasons import showing_words
from engine.cards import FULL_DECK, Card, Rank
from engine.fast import Scores, rank_high, rank_high_low
from engine.games.hand_types import HIGH_HAND
from engine.games.psycho import PsychoPublic
from engine.hands import Category, LowRanking
from engine.lowball import rank_deuce_to_seven
from engine.state import Action, ActionKind, HandState, HandView

__all__ = ["PsychoBot", "draw_choice", "expose_cards", "keep_for_draw", "low_value",
           "win_chances"]


def low_value(card: Card, ranking: LowRanking) -> int:
    """The card's worth for low (smaller is better): ace-to-five counts the ace as one."""
    if card.rank is Rank.ACE and ranking is LowRanking.ACE_TO_FIVE:
        return 1
    return int(card.rank)


def _low_cards(cards: Sequence[Card], ranking: LowRanking, *, top: int) -> list[Card]:
    """One card of each rank worth at most ``top`` for low, lowest first."""
    chosen: dict[int, Card] = {}
    for c in sorted(cards, key=lambda c: low_value(c, ranking)):
        value = low_value(c, ranking)
        if value <= top and value not in chosen:
            chosen[value] = c
    return list(chosen.values())


def _runs(cards: Sequence[Card]) -> list[Card]:
    """Four cards within a five-rank window (a straight draw), or none."""
    by_rank = {int(c.rank): c for c in cards}
    if Rank.ACE in by_rank:
        by_rank.setdefault(1, by_rank[Rank.ACE])
    for low in range(10, 0, -1):
        window = [by_rank[r] for r in range(low, low + 5) if r in by_rank]
        if len(window) >= 4:
            return window[:4]
    return []


def keep_for_draw(cards: Sequence[Card], ranking: LowRanking) -> tuple[list[Card], str]:
    """The cards to keep from five, and the plan ("high" or "low").

    >>> from engine.cards import parse_cards
    >>> keep_for_draw(parse_cards("2c 3d 4h Ks Kd"), LowRanking.ACE_TO_FIVE)[1]
    'high'
    >>> kept, plan = keep_for_draw(parse_cards("2c 3d 4h Js 9d"), LowRanking.ACE_TO_FIVE)
    >>> plan, [str(c) for c in kept]
    ('low', ['2♣', '3♦', '4♥'])
    """
    hand = list(cards)
    counts = Counter(c.rank for c in hand)
    made = HIGH_HAND.high_of(hand)
    lows = _low_cards(hand, ranking, top=8)
    if made.category >= Category.STRAIGHT:
        return hand, "high"
    if len(lows) == 5:
        return hand, "low"
    grouped = [c for c in hand if counts[c.rank] >= 2]
    big_pair = any(n >= 2 and r >= Rank.TEN for r, n in counts.items())
    strong = made.category >= Category.TWO_PAIR or big_pair
    if strong:
        return grouped + _ace_kicker(hand, grouped), "high"
    very_low = _low_cards(hand, ranking, top=7)
    if len(lows) >= 4 or len(very_low) >= 3:
        return (lows if len(lows) >= 4 else very_low), "low"
    suits = Counter(c.suit for c in hand)
    suit, most = suits.most_common(1)[0]
    if most >= 4:
        return [c for c in hand if c.suit == suit], "high"
    if _runs(hand):
        return _runs(hand), "high"
    if grouped:
        return grouped + _ace_kicker(hand, grouped), "high"
    if len(lows) >= 3:
        return lows, "low"
    return sorted(hand, key=lambda c: c.rank, reverse=True)[:2], "high"


def _ace_kicker(hand: Sequence[Card], kept: Sequence[Card]) -> list[Card]:
    return [c for c in hand if c.rank is Rank.ACE and c not in kept][:1]


def expose_cards(cards: Sequence[Card], plan: str, ranking: LowRanking, *,
                 disguise: bool) -> list[Card]:
    """The three cards to turn up: the plan's strength, or a disguise.

    >>> from engine.cards import parse_cards
    >>> hand = parse_cards("2c 3d 4h 6s 6d")
    >>> [str(c) for c in expose_cards(hand, "low", LowRanking.ACE_TO_FIVE, disguise=False)]
    ['2♣', '3♦', '4♥']
    >>> [str(c) for c in expose_cards(hand, "low", LowRanking.ACE_TO_FIVE, disguise=True)]
    ['6♠', '6♦', '4♥']
    """
    counts = Counter(c.rank for c in cards)
    by_low = sorted(cards, key=lambda c: low_value(c, ranking))
    if disguise and plan == "high":
        # Look low: one card of each of the lowest ranks (a pair shown reads high).
        distinct = [c for i, c in enumerate(by_low) if c.rank not in {d.rank for d in by_low[:i]}]
        return (distinct + [c for c in by_low if c not in distinct])[:3]
    if disguise:
        # Look high: a pair first, then the cards worth least for low.
        return sorted(cards, key=lambda c: (counts[c.rank], low_value(c, ranking)),
                      reverse=True)[:3]

    def for_high(c: Card) -> tuple[int, int]:
        return counts[c.rank], int(c.rank)

    def for_low(c: Card) -> tuple[int, int]:
        return -counts[c.rank], -low_value(c, ranking)

    return sorted(cards, key=for_high if plan == "high" else for_low, reverse=True)[:3]


def draw_choice(legal: Sequence[Action], mine: Sequence[Card],
                ranking: LowRanking) -> tuple[Action, str]:
    """The draw from ``legal`` (discard actions) for five cards, and the plan: the cards
    :func:`keep_for_draw` throws away, the least useful kept back when the draw limit
    allows fewer."""
    kept, plan = keep_for_draw(mine, ranking)
    discards = [c for c in mine if c not in kept]
    # Worst cards for the plan last, so trimming the draw keeps the most useful.
    if plan == "low":
        discards.sort(key=lambda c: low_value(c, ranking))
    else:
        discards.sort(key=lambda c: c.rank, reverse=True)
    offered = {frozenset(a.cards): a for a in legal if a.kind is ActionKind.DISCARD}
    while frozenset(discards) not in offered:
        discards.pop(0)
    return offered[frozenset(discards)], plan


def _unknown(view: HandView) -> list[Card]:
    seen = {c for b in view.boards for c in b}
    for seat in view.seats:
        seen.update(c.card for c in seat.cards if c.card is not None)
    return [c for c in FULL_DECK if c not in seen]


def _public(view: HandView) -> PsychoPublic:
    """The draw counts and declarations the view carries."""
    facts = view.facts
    if not isinstance(facts, PsychoPublic):
        raise TypeError(f"a Psycho player cannot play {view.game_name}")
    return facts


def _declarations(view: HandView) -> dict[int, str]:
    """The ways declared so far in the open, by seat."""
    return {seat: way.value for seat, way in _public(view).declared}


def _scores(hands: npt.NDArray[np.int64], ranking: LowRanking) -> tuple[Scores, Scores]:
    """High and low scores (greater is better) of each row of card codes, in one batch."""
    if ranking is LowRanking.ACE_TO_FIVE:
        return rank_high_low(hands)
    return rank_high(hands), rank_deuce_to_seven(hands)


def _dealt(view: HandView, seat: int, ranking: LowRanking, rng: random.Random, *,
           trials: int, hands_each: Sequence[int]) -> tuple[npt.NDArray[np.int64], ...]:
    """High and low scores, one row per hand and one column per trial: this seat's hand
    first, then ``hands_each[i]`` hands for the ``i``-th rival still in, each completed
    at random from the cards this seat cannot see (reusing unseen cards when too few
    remain)."""
    me = view.seats[seat]
    board = [c.code for b in view.boards[:1] for c in b]
    mine = [c.card.code for c in me.cards if c.card is not None]
    rivals = [s for s in view.seats if s.seat != seat and not s.folded]
    gen = np.random.default_rng(rng.getrandbits(64))
    pool = np.array([c.code for c in _unknown(view)], dtype=np.int64)
    total = max(7 - len(board), len(mine))
    deck = gen.permuted(np.tile(pool, (trials, 1)), axis=1)
    used = 0
    hands = []
    known = [mine] + [k for r, n in zip(rivals, hands_each, strict=True)
                      for k in [[c.card.code for c in r.cards if c.card is not None]] * n]
    for cards in known:
        need = max(0, total - len(cards))
        if used + need > len(pool):
            deck, used = gen.permuted(np.tile(pool, (trials, 1)), axis=1), 0
        fixed = np.tile(np.array(cards + board, dtype=np.int64), (trials, 1))
        hands.append(np.concatenate([fixed, deck[:, used:used + need]], axis=1))
        used += need
    high, low = _scores(np.concatenate(hands), ranking)
    return (high.reshape(len(hands), trials).astype(np.int64),
            low.reshape(len(hands), trials).astype(np.int64))


def win_chances(view: HandView, seat: int, ranking: LowRanking, rng: random.Random, *,
                trials: int) -> tuple[float, float]:
    """This seat's chances of the best high and the best low hand at the end.

    The cards it cannot see are dealt at random, ``trials`` times (each rival
    from what is left, reusing unseen cards when too few remain); a tie
    counts as a share. A rival who has declared one way is left out of the
    other way's contest.
    """
    rivals = [s for s in view.seats if s.seat != seat and not s.folded]
    if not rivals:
        return 1.0, 1.0
    high, low = _dealt(view, seat, ranking, rng, trials=trials, hands_each=[1] * len(rivals))
    declared = _declarations(view)
    chances = []
    for way, table in (("high", high), ("low", low)):
        for row, rival in enumerate(rivals, start=1):
            if declared.get(rival.seat) not in (None, way, "both"):
                table[row] = -1
        best = table.max(axis=0)
        winning = table[0] == best
        sharing = (table == best).sum(axis=0)
        chances.append(float(np.where(winning, 1 / sharing, 0.0).mean()))
    return chances[0], chances[1]


WAYS = ("high", "low", "both")


REFERENCE_HANDS = 512
"""Random seven-card hands a hand's standing is read against."""


@functools.cache
def _reference(ranking: LowRanking) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The sorted high and low scores of :data:`REFERENCE_HANDS` random seven-card hands
    (a fixed sample, so a standing is the same every time)."""
    gen = np.random.default_rng(7)
    codes = np.array([c.code for c in FULL_DECK], dtype=np.int64)
    hands = np.array([gen.choice(codes, 7, replace=False) for _ in range(REFERENCE_HANDS)])
    high, low = _scores(hands, ranking)
    sorted_high, sorted_low = np.sort(high.astype(np.int64)), np.sort(low.astype(np.int64))
    sorted_high.setflags(write=False)  # shared by every caller: nobody may change it
    sorted_low.setflags(write=False)
    return sorted_high, sorted_low


def _standing(scores: npt.NDArray[np.int64], reference: npt.NDArray[np.int64]
              ) -> npt.NDArray[np.float64]:
    """Each score's standing among random hands' ``reference`` scores, from 0 (below
    them all) to 1 (above them all)."""
    return np.searchsorted(reference, scores, side="right") / reference.size


def _half(contest: npt.NDArray[np.bool_], scores: npt.NDArray[np.int64]
          ) -> npt.NDArray[np.float64]:
    """This seat's (row 0) part of one half, by trial, among the rows in ``contest``."""
    entered = np.where(contest, scores, -1)
    best = entered.max(axis=0)
    top = contest & (entered == best)
    return np.where(top[0], 1 / np.maximum(1, top.sum(axis=0)), 0.0)


def declared_shares(view: HandView, seat: int, ranking: LowRanking, rng: random.Random, *,
                    trials: int, reads: Mapping[int, int] | None = None) -> dict[str, float]:
    """This seat's expected share of the pot declaring each way: ``high``, ``low`` and
    ``both``, by simulation, settled as the declarations settle a pot.

    A rival who has declared goes its way; any other goes the way its hand stands better
    among random hands (a player declares its stronger side). ``reads`` gives
    a rival the table's bets mark as strong that many more random hands, keeping the one
    that stands best: the hands its bets suggest. A half nobody goes for joins the other;
    going both takes nothing unless it wins or ties both halves.
    """
    rivals = [s for s in view.seats if s.seat != seat and not s.folded]
    if not rivals:
        return dict.fromkeys(WAYS, 1.0)
    each = [1 + (reads or {}).get(r.seat, 0) for r in rivals]
    high, low = _dealt(view, seat, ranking, rng, trials=trials, hands_each=each)
    high_reference, low_reference = _reference(ranking)
    stand_high, stand_low = _standing(high[1:], high_reference), _standing(low[1:], low_reference)
    declared = _declarations(view)
    rows, goes_low, start = [0], [np.zeros(trials, dtype=bool)], 1
    for rival, n in zip(rivals, each, strict=True):
        strength = np.maximum(stand_high[start - 1:start - 1 + n],
                              stand_low[start - 1:start - 1 + n])
        kept = start + strength.argmax(axis=0)
        rows.append(kept)
        low_side = stand_low[kept - 1, np.arange(trials)] > stand_high[kept - 1, np.arange(trials)]
        way = declared.get(rival.seat)
        goes_low.append(low_side if way is None else np.full(trials, way == "low"))
        start += n
    pick = np.array([np.broadcast_to(r, (trials,)) for r in rows])
    columns = np.arange(trials)
    high, low = high[pick, columns], low[pick, columns]
    rivals_low = np.array(goes_low)
    rivals_low[0] = False
    shares = {}
    for way in WAYS:
        in_high, in_low = ~rivals_low, rivals_low.copy()
        in_high[0], in_low[0] = way != "low", way != "high"
        for row, rival in enumerate(rivals, start=1):
            if declared.get(rival.seat) == "both":
                in_high[row] = in_low[row] = True
        either = in_high.any(axis=0) & in_low.any(axis=0)
        won_high, won_low = _half(in_high, high), _half(in_low, low)
        share = np.where(either, (won_high + won_low) / 2, won_high + won_low)
        if way == "both":
            share = np.where((won_high > 0) & (won_low > 0), share, 0.0)
        shares[way] = float(share.mean())
    return shares


@dataclass(frozen=True)
class PsychoBot:
    """A sensible Psycho player; ``looseness`` shifts its betting thresholds
    (positive plays more hands) and ``trials`` the size of its simulations: 160 deals,
    where 40 left it level with the previous players (``bench/bots.py``: +0.97 a hand
    over 4,000, +1.31 with 160, +1.33 with 400) for well under a millisecond more."""

    name: str = "Psycho player"
    looseness: float = 0.0
    trials: int = 160

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide now")
        kind = legal[0].kind
        ranking = state.game.hand_types(state.settings).low or LowRanking.ACE_TO_FIVE
        view = state.view(seat)
        mine = [c.card for c in view.seats[seat].cards if c.card is not None]
        if kind is ActionKind.DISCARD:
            return self._draw(legal, mine, ranking)
        if kind is ActionKind.EXPOSE:
            _, plan = keep_for_draw(mine, ranking)
            shown = set(expose_cards(mine, plan, ranking, disguise=True))
            return next(a for a in legal if set(a.cards) == shown)
        if kind is ActionKind.DECLARE:
            shares = declared_shares(view, seat, ranking, rng, trials=2 * self.trials)
            way = max(WAYS, key=shares.__getitem__)
            return next(a for a in legal if a.choice == way)
        if not any(a.kind.is_betting for a in legal):
            return next((a for a in legal if a.kind is ActionKind.SHOW), legal[0])
        return self._bet(state, legal, view, seat, ranking, rng)

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        """Why, from how many cards it draws, the up cards, the declarations already
        made in the open and the betting: never which cards, nor a secret declaration."""
        kind = action.kind
        if kind is ActionKind.DISCARD:
            count = len(action.cards)
            if not count:
                return "its five cards already make the hand it plans"
            if count == 5:
                return "none of its five cards fit a plan, so it draws a fresh hand"
            kept = 5 - count
            return f"it keeps the {kept} card{'s' if kept > 1 else ''} that fit its plan"
        if kind is ActionKind.EXPOSE:
            return ("it shows the three cards that hide its plan best, by how often the table "
                    "would read them as low")
        if kind is ActionKind.DECLARE:
            if getattr(state.phase, "simultaneous", True):
                return "it declares in secret the way its hand looks strongest"
            taken = [w.value for _, w in _public(state.view(seat)).declared]
            way = str(action.choice)
            rivals = sum(1 for w in taken if w in (way, "both"))
            if rivals:
                return f"{rivals} declared that way before it, yet it likes its chances"
            return "nobody has declared that way before it"
        return betting_words(state, seat, action, shows=showing_words(state, seat)) or None

    def _draw(self, legal: list[Action], mine: list[Card], ranking: LowRanking) -> Action:
        return draw_choice(legal, mine, ranking)[0]

    def _bet(self, state: HandState, legal: list[Action], view: HandView, seat: int,
             ranking: LowRanking, rng: random.Random) -> Action:
        rivals = [s.seat for s in view.seats if s.seat != seat and not s.folded]
        reads = {r: suggested_strength(view, r) for r in rivals}
        shares = declared_shares(view, seat, ranking, rng, trials=self.trials, reads=reads)
        live = 1 + len(rivals)
        # The share of the pot it expects going its best way, against the hands the
        # table's bets suggest and the way each rival's hand points.
        share = min(1.0, max(shares.values()) + self.looseness)
        call = next((a for a in legal if a.kind is ActionKind.CALL), None)
        to_call = (call.amount or 0) if call is not None else 0
        measured = Measured(share=share, hands=live, to_call=to_call,
                            price=price_of(view, seat, to_call))
        if _raises_this_round(view, seat) >= 2:
            return betting_choice(state, seat, legal, measured, rng, no_raise=True)
        return betting_choice(state, seat, legal, measured, rng)


def _raises_this_round(view: HandView, seat: int) -> int:
    """How many times this seat has bet or raised on the current street."""
    return dict(view.aggression).get(seat, 0)
