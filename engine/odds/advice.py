"""One measure for each key decision, worked out from the deciding seat's own view.

``advise(view, low_ranking=...)`` reads the decision the view's seat faces and
returns an :class:`Advice`: the measure's name, each option with its figure
(best first), and a sentence. It reads nothing but the view, so it can never
name a card the seat may not see; Play shows it where the decision is made, and
the lessons can quote it.

- which card to turn up first, which partner (Pick a Partner): how well a card
  fits the cards the seat can see (``first_card_worth`` and ``pick_worth``, the
  scores the computer players pick by); which card to turn up later: whether it
  plays in the team hand the seat can see (``spare_order``);
- which pairs to lock (Sophie's Pick): the pairing's worth (``lock_score``);
  which pair to sacrifice: each pair's chance of winning from here
  (``sacrifice_chances``);
- what to draw: in a game whose players declare (Psycho), the cards to keep and the plan
  they serve (``engine.bots.psycho.draw_choice``); in any other draw game, what its hand
  types keep (``engine.bots.draw.kept``: pairs and better, four to a flush or straight,
  the low cards, a badugi's cards, the joker);
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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from engine.bots.draw import discard_keeping, kept
from engine.bots.pick_a_partner import first_card_worth, in_team_hand, pick_worth, spare_order
from engine.bots.psycho import draw_choice, keep_for_draw
from engine.bots.sophies_pick import lock_score, sacrifice_chances
from engine.cards import Card, format_cards
from engine.games.hand_types import HandTypes
from engine.games.pick_a_partner_steps import PartnerPublic
from engine.hands import LowRanking
from engine.odds.announced import types_with_low
from engine.odds.expose import looks_low
from engine.odds.inputs import OddsInputError
from engine.odds.psycho import DECLARATIONS, psycho_question
from engine.odds.run import Budget, solve
from engine.odds.stud import StudHand, answers_for, stud_question
from engine.state import Action, ActionKind, HandView, SeenCard, seat_name
from engine.wild import WildCards

__all__ = ["Advice", "advise", "declare_shares", "expose_advice", "expose_reads",
           "first_card_worths", "partner_worths", "stud_equity"]

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


def _shown_down(cards: Sequence[SeenCard]) -> tuple[Card, ...]:
    """A rival's down cards the view shows: none from its own seat's view, its hand from a
    reader who sees it (a host showing every hand, ``engine.odds.why.as_read_by``)."""
    return tuple(c.card for c in cards if c.card is not None and not c.up and not c.dead)


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def advise(view: HandView, *,
           low_ranking: LowRanking | str = LowRanking.ACE_TO_FIVE,
           types: HandTypes | None = None) -> Advice | None:
    """The measure of the decision ``view``'s seat faces, or ``None`` (no decision, or
    none this module measures). ``types`` are the hand types the announcements put in
    force (when not given, the game's default announcements' with ``low_ranking`` where
    the game lets the dealer announce its low)."""
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
            types = types or types_with_low(view.game_id, ranking)
            if not types.declare:
                return _general_draw(view.legal, tuple(_mine(view)), types, view.wild)
            return _draw(view.legal, tuple(_mine(view)), ranking)
        if ActionKind.PICK_PARTNER in kinds:
            return _partner(view)
        if ActionKind.TURN_UP in kinds and isinstance(view.facts, PartnerPublic):
            return _turn_up(view) if _first_roll(view) else _later_roll(view)
        if ActionKind.LOCK_PAIRS in kinds:
            return _lock(view.legal)
        if ActionKind.SACRIFICE in kinds:
            return _sacrifice(view)
        if kinds & {ActionKind.COMPLETE, ActionKind.BET, ActionKind.CALL} and \
                answers_for(view.game_id):
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
def expose_reads(mine: tuple[Card, ...], ranking: LowRanking) -> tuple[
        str, tuple[tuple[tuple[Card, ...], float], ...]]:
    """Five cards' plan ("high" or "low") and each three to expose with how often the
    table reads it as low (:func:`engine.odds.expose.looks_low`), best disguise first.

    The reads are seeded by the five cards, so the advice, the computer players' reasons,
    the worked example and the lessons quote the same figures."""
    threes = [tuple(sorted(t, reverse=True)) for t in combinations(sorted(mine), 3)]
    seed = sum(c.code << (6 * i) for i, c in enumerate(sorted(mine)))
    reads = looks_low(threes, ranking, np.random.default_rng(seed))
    _, plan = keep_for_draw(list(mine), ranking)
    # Planning low, the best three look least low; planning high, most low.
    order = sorted(range(len(threes)), key=lambda i: reads[i] if plan == "low" else -reads[i])
    return plan, tuple((threes[i], reads[i]) for i in order)


@lru_cache(maxsize=256)
def _expose(mine: tuple[Card, ...], ranking: LowRanking) -> Advice | None:
    if len(mine) != 5:
        return None
    plan, reads = expose_reads(mine, ranking)
    (best, best_read), (worst, worst_read) = reads[0], reads[-1]
    sentence = (f"Your five cards are a {plan} hand. Showing {format_cards(best)} "
                f"reads low {_percent(best_read)} of the time, the best disguise; "
                f"{format_cards(worst)} would read low {_percent(worst_read)}.")
    return Advice("Read as low by the table",
                  tuple((format_cards(three), _percent(read)) for three, read in reads),
                  sentence)


def declare_shares(view: HandView, ranking: LowRanking) -> dict[str, float]:
    """Each declaration's share of the pot on average, from the seat's cards and the up
    cards of the table (the opponents declaring the way their hand is stronger)."""
    mine = _mine(view)
    rivals = [s.up_cards for s in view.seats if s.seat != view.viewer and not s.folded]
    dead = [c for s in view.seats if s.folded for c in s.up_cards]
    board = list(view.boards[0]) if view.boards else []
    hidden = tuple(_shown_down(s.cards) for s in view.seats
                   if s.seat != view.viewer and not s.folded)
    return dict(_declare_cached(tuple(mine), tuple(map(tuple, rivals)), tuple(board),
                                tuple(dead), ranking, hidden if any(hidden) else ()))


def _declare(view: HandView, ranking: LowRanking) -> Advice | None:
    shares = declare_shares(view, ranking)
    order = sorted(DECLARATIONS, key=lambda w: -shares[w])
    best = order[0]
    sentence = (f"Declaring {best} brings back {_percent(shares[best])} of the pot on "
                "average, each opponent declaring the way its hand is stronger.")
    return Advice("Share of the pot", tuple((f"declare {w}", _percent(shares[w]))
                                            for w in order), sentence)


@lru_cache(maxsize=256)
def _declare_cached(mine: tuple[Card, ...], rivals: tuple[tuple[Card, ...], ...],
                    board: tuple[Card, ...], dead: tuple[Card, ...],
                    ranking: LowRanking, hidden: tuple[tuple[Card, ...], ...]
                    ) -> tuple[tuple[str, float], ...]:
    question = psycho_question(mine, rivals, community=board, dead=dead, ranking=ranking,
                               hidden=hidden)
    answer = solve(question, rng=np.random.default_rng(len(mine)), budget=QUICK)
    return tuple((way, answer[f"share/{way}"].value) for way in DECLARATIONS)


def _draw(legal: tuple[Action, ...], mine: tuple[Card, ...],
          ranking: LowRanking) -> Advice | None:
    if len(mine) < 5:  # the plan reads five-card hands; a four-card draw is not measured
        return None
    draw, plan = draw_choice(legal, mine, ranking)
    thrown = list(draw.cards)
    kept = [c for c in mine if c not in thrown]
    what = f"exchange {format_cards(thrown)}" if thrown else "stand pat"
    sentence = (f"Keep {format_cards(kept)} and {what}: the cards serve a {plan} hand "
                f"({ranking.value} low).")
    return Advice("Plan", ((f"keep {format_cards(kept)}", plan),), sentence)


def _general_draw(legal: tuple[Action, ...], mine: tuple[Card, ...],
                  types: HandTypes, wild: WildCards | None) -> Advice:
    keep = kept(types, mine, wild)
    thrown = list(discard_keeping(legal, keep).cards)
    held = [c for c in mine if c not in thrown]
    what = f"exchange {format_cards(thrown)}" if thrown else "stand pat"
    sentence = (f"Keep {format_cards(held)} and {what}: the cards that can win "
                f"{types.describe()}.")
    return Advice("Plan", ((f"keep {format_cards(held)}", types.describe()),), sentence)


def _first_ups(view: HandView) -> dict[int, Card]:
    return {s: c for s, c in getattr(view.facts, "first_up", ())}


def _first_roll(view: HandView) -> bool:
    assert view.viewer is not None
    return view.viewer not in _first_ups(view)


def partner_worths(view: HandView) -> list[tuple[float, int, Card]]:
    """Each partner the seat may pick, by :func:`pick_worth` of their first up card, best
    first: (worth, seat, first up card)."""
    assert view.viewer is not None
    ups = _first_ups(view)
    mine = ups.get(view.viewer)
    hidden = [c for c in _mine(view) if c != mine]
    options = [(pick_worth(ups[a.choice], mine, hidden), a.choice, ups[a.choice])
               for a in view.legal if a.kind is ActionKind.PICK_PARTNER
               and isinstance(a.choice, int) and a.choice in ups and mine is not None]
    return sorted(options, key=lambda o: -o[0])


def _partner(view: HandView) -> Advice | None:
    options = partner_worths(view)
    if not options:
        return None
    _, seat, card = options[0]
    sentence = (f"{seat_name(seat)}'s first up card, {card}, fits your cards best (a match "
                "with your own first up card counts double; pairs count most, then suits, "
                "then cards close for a straight, and height a little).")
    return Advice("Fit with your cards", tuple((f"{seat_name(s)} ({c})", f"{w:.1f}")
                                               for w, s, c in options), sentence)


def first_card_worths(view: HandView) -> list[tuple[float, Card]]:
    """Each card the seat may turn up first, by :func:`first_card_worth`, best first."""
    mine = _mine(view)
    return sorted(((first_card_worth(a.cards[0], [c for c in mine if c != a.cards[0]]),
                    a.cards[0]) for a in view.legal if a.kind is ActionKind.TURN_UP),
                  key=lambda o: -o[0])


def _turn_up(view: HandView) -> Advice:
    scored = first_card_worths(view)
    best = scored[0]
    sentence = (f"Turning up {best[1]} shows a partner the card that fits the rest of your "
                "hand best (its height counts a little: the highest first up card picks "
                "first).")
    return Advice("Fit with your other cards",
                  tuple((str(card), f"{score:.2f}") for score, card in scored), sentence)


def _later_roll(view: HandView) -> Advice:
    assert view.viewer is not None
    order = spare_order(view, view.viewer, [a for a in view.legal
                                             if a.kind is ActionKind.TURN_UP])
    used = in_team_hand(view, view.viewer)
    spare = order[0].cards[0]
    sentence = (f"Turning up {spare} gives least away: every card plays at the showdown, so "
                "a roll changes only what the others can read, and "
                + ("it plays no part in the best team hand you can see." if spare not in used
                   else "it is the lowest card you have left."))
    return Advice("In the team hand you can see",
                  tuple((str(a.cards[0]), "plays" if a.cards[0] in used else "spare")
                        for a in order), sentence)


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
    chances = sacrifice_chances(view, view.viewer)
    order = sorted(chances, key=lambda p: chances[p])
    worst = order[0]
    sentence = (f"Sacrifice {format_cards(worst)}: it has the least chance of winning from "
                f"here ({_percent(chances[worst])}), against each rival's best pair.")
    return Advice("Chance to win with the pair",
                  tuple((format_cards(p), _percent(chances[p])) for p in reversed(order)),
                  sentence)


def stud_equity(view: HandView) -> float | None:
    """The seat's share of the pot against the hands showing, or ``None`` (nobody left
    to play against, or a hand with nothing showing)."""
    assert view.viewer is not None
    me = view.seats[view.viewer]
    down = tuple(c.card for c in me.cards if c.card is not None and not c.up)
    hands = [StudHand(me.up_cards, down, "You")]
    hands += [StudHand(s.up_cards, _shown_down(s.cards), s.name) for s in view.seats
              if s.seat != view.viewer and not s.folded]
    if len(hands) < 2 or any(not h.up for h in hands):
        return None
    dead = tuple(c for s in view.seats if s.folded for c in s.up_cards)
    folded = sum(1 for s in view.seats if s.folded)
    return _stud_equity(tuple(hands), dead, folded)


def _stud(view: HandView) -> Advice | None:
    hands = 1 + sum(1 for s in view.seats if s.seat != view.viewer and not s.folded)
    equity = stud_equity(view)
    if equity is None:
        return None
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
        ahead = equity > 1 / hands
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
