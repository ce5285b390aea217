"""One measure for each key decision, worked out from the deciding seat's own view.

``advise(view, low_ranking=...)`` reads the decision the view's seat faces and
returns an :class:`Advice`: the measure's name, each option with its figure
(best first), and a sentence. It reads nothing but the view, so it can never
name a card the seat may not see; Play shows it where the decision is made, and
the lessons can quote it.

- which card to turn up first, which partner (Pick a Partner): how well a card
  fits the cards the seat can see (``partner_fit``, the score the computer
  players pick by);
- which pairs to lock (Sophie's Pick): the pairing's worth (``lock_score``);
  which pair to sacrifice: each pair's chance of winning from here;
- what to draw (Psycho): the cards to keep and the plan they serve;
- which three to expose (Psycho): how often a hand showing those three is
  stronger for low, that is how the table will read it (see :mod:`engine.odds.expose`);
- how to declare (Psycho): each declaration's share of the pot;
- when to bet, complete or call in seven-card stud: the chance to win against
  the hands showing, beside the share of the pot the price asks for.

>>> from engine.games import new_hand
>>> state = new_hand("psycho", players=3, seed=2)
>>> for seat in range(3):
...     _ = state.apply(state.legal_actions(seat)[0])
>>> advice = advise(state.view(0))
>>> advice.measure
'Read as low by the table'
>>> len(advice.options)
10
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from engine.bots.pick_a_partner import partner_fit
from engine.bots.psycho import keep_for_draw
from engine.bots.sophies_pick import lock_score, pair_equities
from engine.cards import Card, format_cards
from engine.hands import LowRanking
from engine.odds.expose import looks_low
from engine.odds.inputs import OddsInputError
from engine.odds.psycho import DECLARATIONS, psycho_question
from engine.odds.run import Budget, solve
from engine.odds.stud import StudHand, stud_question
from engine.state import Action, ActionKind, HandView, seat_name

__all__ = ["Advice", "advise", "expose_advice"]

QUICK = Budget(target=0.04, min_deals=500, max_deals=2_000)
"""Measures drawn while a player decides: within about four points, in a blink."""


@dataclass(frozen=True, slots=True)
class Advice:
    """A decision's measure: its name, each option with its figure (best first), and what
    it says in a sentence."""

    measure: str
    options: tuple[tuple[str, str], ...]
    sentence: str

    def lines(self, *, most: int = 3) -> list[str]:
        """The sentence, then the first few options, for the decision panel."""
        shown = "; ".join(f"{label}: {figure}" for label, figure in self.options[:most])
        return [self.sentence, f"{self.measure}: {shown}."]


def _mine(view: HandView) -> list[Card]:
    assert view.viewer is not None
    return [c.card for c in view.seats[view.viewer].cards if c.card is not None and not c.dead]


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def advise(view: HandView, *,
           low_ranking: LowRanking | str = LowRanking.ACE_TO_FIVE) -> Advice | None:
    """The measure of the decision ``view``'s seat faces, or ``None`` (no decision, or
    none this module measures)."""
    if view.viewer is None or not view.legal:
        return None
    kinds = {a.kind for a in view.legal}
    ranking = LowRanking(low_ranking)
    try:
        if ActionKind.EXPOSE in kinds:
            return expose_advice(tuple(_mine(view)), ranking)
        if ActionKind.DECLARE in kinds:
            return _declare(view, ranking)
        if ActionKind.DISCARD in kinds:
            return _draw(tuple(_mine(view)), ranking)
        if ActionKind.PICK_PARTNER in kinds:
            return _partner(view)
        if ActionKind.TURN_UP in kinds and view.game_id == "pick-a-partner":
            return _turn_up(view)
        if ActionKind.LOCK_PAIRS in kinds:
            return _lock(view.legal)
        if ActionKind.SACRIFICE in kinds:
            return _sacrifice(view)
        if kinds & {ActionKind.COMPLETE, ActionKind.BET, ActionKind.CALL} and \
                view.game_id == "seven-card-stud":
            return _stud(view)
    except OddsInputError:
        return None
    return None


def expose_advice(mine: tuple[Card, ...], ranking: LowRanking) -> Advice | None:
    """The expose's measure for five cards (``None`` unless five different cards)."""
    if len(set(mine)) != 5:
        return None
    return _expose(tuple(sorted(mine)), ranking)


@lru_cache(maxsize=256)
def _expose(mine: tuple[Card, ...], ranking: LowRanking) -> Advice | None:
    if len(mine) != 5:
        return None
    threes = [tuple(sorted(t, reverse=True)) for t in combinations(mine, 3)]
    seed = sum(c.code << (6 * i) for i, c in enumerate(sorted(mine)))
    reads = looks_low(threes, ranking, np.random.default_rng(seed))
    _, plan = keep_for_draw(list(mine), ranking)
    # Planning low, the best three look least low; planning high, most low.
    order = sorted(range(len(threes)), key=lambda i: reads[i] if plan == "low" else -reads[i])
    best, worst = order[0], order[-1]
    sentence = (f"Your five cards are a {plan} hand. Showing {format_cards(threes[best])} "
                f"reads low {_percent(reads[best])} of the time, the best disguise; "
                f"{format_cards(threes[worst])} would read low {_percent(reads[worst])}.")
    return Advice("Read as low by the table",
                  tuple((format_cards(threes[i]), _percent(reads[i])) for i in order), sentence)


def _declare(view: HandView, ranking: LowRanking) -> Advice | None:
    mine = _mine(view)
    rivals = [s.up_cards for s in view.seats if s.seat != view.viewer and not s.folded]
    dead = [c for s in view.seats if s.folded for c in s.up_cards]
    board = list(view.boards[0]) if view.boards else []
    return _declare_cached(tuple(mine), tuple(map(tuple, rivals)), tuple(board), tuple(dead),
                           ranking)


@lru_cache(maxsize=256)
def _declare_cached(mine: tuple[Card, ...], rivals: tuple[tuple[Card, ...], ...],
                    board: tuple[Card, ...], dead: tuple[Card, ...],
                    ranking: LowRanking) -> Advice:
    question = psycho_question(mine, rivals, community=board, dead=dead, ranking=ranking)
    answer = solve(question, rng=np.random.default_rng(len(mine)), budget=QUICK)
    shares = {way: answer[f"share/{way}"] for way in DECLARATIONS}
    order = sorted(DECLARATIONS, key=lambda w: -shares[w].value)
    best = order[0]
    sentence = (f"Declaring {best} brings back {shares[best].percent(0)} of the pot on "
                "average, each opponent declaring the way its hand is stronger.")
    return Advice("Share of the pot", tuple((f"declare {w}", shares[w].percent(0))
                                            for w in order), sentence)


@lru_cache(maxsize=256)
def _draw(mine: tuple[Card, ...], ranking: LowRanking) -> Advice:
    kept, plan = keep_for_draw(list(mine), ranking)
    thrown = [c for c in mine if c not in kept]
    what = f"exchange {format_cards(thrown)}" if thrown else "stand pat"
    sentence = (f"Keep {format_cards(kept)} and {what}: the cards serve a {plan} hand "
                f"({ranking.value} low).")
    return Advice("Plan", ((f"keep {format_cards(kept)}", plan),), sentence)


def _partner(view: HandView) -> Advice:
    mine = _mine(view)
    options = []
    for action in view.legal:
        if action.kind is not ActionKind.PICK_PARTNER or not isinstance(action.choice, int):
            continue
        seat = view.seats[action.choice]
        first = seat.up_cards[0] if seat.up_cards else None
        if first is not None:
            options.append((partner_fit(first, mine), seat_name(action.choice), first))
    options.sort(key=lambda o: -o[0])
    best = options[0]
    sentence = (f"{best[1]}'s first up card, {best[2]}, fits your cards best (pairs count "
                "most, then suits, then cards close for a straight).")
    return Advice("Fit with your cards", tuple((f"{name} ({card})", f"{score:g}")
                                               for score, name, card in options), sentence)


def _turn_up(view: HandView) -> Advice:
    mine = _mine(view)
    scored = sorted(((partner_fit(a.cards[0], [c for c in mine if c != a.cards[0]]),
                      a.cards[0]) for a in view.legal if a.kind is ActionKind.TURN_UP),
                    key=lambda o: -o[0])
    best = scored[0]
    sentence = (f"Turning up {best[1]} shows a partner the card that fits the rest of your "
                "hand best.")
    return Advice("Fit with your other cards",
                  tuple((str(card), f"{score:g}") for score, card in scored), sentence)


def _lock(legal: tuple[Action, ...]) -> Advice:
    scored = sorted(((lock_score(a.cards), a.cards) for a in legal
                     if a.kind is ActionKind.LOCK_PAIRS), key=lambda o: -o[0])
    best = scored[0][1]
    words = " | ".join(format_cards(best[i:i + 2]) for i in range(0, 6, 2))
    sentence = (f"Lock {words}: the best pair counts most, the other two as the fallbacks "
                "a sacrifice may leave you.")
    return Advice("Worth of the pairing",
                  tuple((" | ".join(format_cards(c[i:i + 2]) for i in range(0, 6, 2)),
                         f"{score:.1f}") for score, c in scored), sentence)


def _sacrifice(view: HandView) -> Advice:
    assert view.viewer is not None
    boards = max(1, len(view.boards))
    chances = pair_equities(view, view.viewer, boards, random.Random(7), trials=80)
    order = sorted(chances, key=lambda p: chances[p])
    worst = order[0]
    sentence = (f"Sacrifice {format_cards(worst)}: it has the least chance of winning from "
                f"here ({_percent(chances[worst])}), against each rival's best pair.")
    return Advice("Chance to win with the pair",
                  tuple((format_cards(p), _percent(chances[p])) for p in reversed(order)),
                  sentence)


def _stud(view: HandView) -> Advice | None:
    assert view.viewer is not None
    me = view.seats[view.viewer]
    down = tuple(c.card for c in me.cards if c.card is not None and not c.up)
    hands = [StudHand(me.up_cards, down, "You")]
    hands += [StudHand(s.up_cards, (), s.name) for s in view.seats
              if s.seat != view.viewer and not s.folded]
    if len(hands) < 2 or any(not h.up for h in hands):
        return None
    dead = tuple(c for s in view.seats if s.folded for c in s.up_cards)
    folded = sum(1 for s in view.seats if s.folded)
    equity = _stud_equity(tuple(hands), dead, folded)
    price = max((a.amount or 0) for a in view.legal if a.kind is ActionKind.CALL) \
        if any(a.kind is ActionKind.CALL for a in view.legal) else 0
    needs = price / (view.pot_total + price) if price else 0.0
    if price:
        verdict = "worth a call" if equity >= needs else "not worth the price alone"
        sentence = (f"Against the hands showing you win {_percent(equity)} of the pot on "
                    f"average; calling {price} into {view.pot_total} needs "
                    f"{_percent(needs)}: {verdict}.")
    else:
        kinds = {a.kind for a in view.legal}
        ahead = equity > 1 / len(hands)
        if ahead:
            lead = "ahead of the field: a bet charges the others to catch up"
        elif ActionKind.CHECK in kinds:
            lead = "behind the field: checking sees the next card for free"
        else:
            lead = "behind the field: bringing in for the least costs least"
        sentence = f"Against the hands showing you win {_percent(equity)} of the pot: {lead}."
    rows = [("you", _percent(equity))]
    if price:
        rows.append(("the price asks for", _percent(needs)))
    return Advice("Share of the pot", tuple(rows), sentence)


@lru_cache(maxsize=256)
def _stud_equity(hands: tuple[StudHand, ...], dead: tuple[Card, ...], folded: int) -> float:
    question = stud_question(list(hands), dead=dead, folded=folded)
    return solve(question, rng=np.random.default_rng(3), budget=QUICK)["equity/0"].value
