"""Why a decision was made, by the measure of :mod:`engine.odds.advice`, in a phrase.

``measured_reason(view, action)`` takes the deciding seat's view before the
decision and says what the decision's measure makes of the choice taken ("it
shows 6♠ 6♦ 4♥, which the table reads as low 21% of the time, and keeps 2♣ 3♦
hidden"). The computer players choose by the same measures, so this is their
reason with its figures.

Such a reason is built from the seat's own view: it may name the seat's hidden
cards and a secret choice (which pairs, which way declared), so it is for a
viewer who may see them, as :func:`may_read` decides; everyone else reads the
computer player's public reason (``Bot.explain``). A reader who sees more than
the seat did (a host showing every hand) reads the measure taken with those
cards too (:func:`as_read_by`): a reason uses every card its reader can see, and
none they cannot.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace

import numpy as np

from engine.bots.draw import discard_keeping, kept
from engine.bots.pick_a_partner import in_team_hand
from engine.bots.psycho import draw_choice, low_value
from engine.bots.sophies_pick import lock_score, sacrifice_chances
from engine.cards import Card, format_cards, is_joker
from engine.games.pick_a_partner_steps import PartnerPublic
from engine.hands import LowRanking, describe_showing
from engine.odds.advice import (
    QUICK,
    declare_shares,
    expose_reads,
    first_card_worths,
    partner_worths,
    stud_equity,
)
from engine.odds.announced import types_with_low
from engine.odds.inputs import OddsInputError
from engine.odds.psycho import psycho_question
from engine.odds.run import solve
from engine.odds.stud import StudHand, answers_for, stud_question
from engine.state import Action, ActionKind, HandView, SeenCard, seat_name

__all__ = ["MEASURED", "as_read_by", "may_read", "measured_reason"]

MEASURED = frozenset({ActionKind.TURN_UP, ActionKind.PICK_PARTNER, ActionKind.LOCK_PAIRS,
                      ActionKind.SACRIFICE, ActionKind.DISCARD, ActionKind.EXPOSE,
                      ActionKind.DECLARE, ActionKind.COMPLETE, ActionKind.BET})
"""The key decisions a measured reason speaks of."""

_DISGUISE = 0.05
"""A three read this much less well than the best disguise is said to be so."""


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def _mine(view: HandView) -> list[Card]:
    assert view.viewer is not None
    return [c.card for c in view.seats[view.viewer].cards if c.card is not None and not c.dead]


def as_read_by(view: HandView, whole: HandView, seen: Collection[Card]) -> HandView:
    """The deciding seat's ``view`` with every other card its reader sees filled in:
    ``whole`` is the host's view at the same moment (every card), ``seen`` the cards the
    reader sees (then or later: a hand shown down at the end was held all along)."""
    known = set(seen)

    def filled(mine: SeenCard, every: SeenCard) -> SeenCard:
        if mine.card is None and every.card is not None and every.card in known:
            return replace(mine, card=every.card)
        return mine

    seats = tuple(replace(seat, cards=tuple(
        filled(m, e) for m, e in zip(seat.cards, full.cards, strict=True)))
        for seat, full in zip(view.seats, whole.seats, strict=True))
    return replace(view, seats=seats)


def _in_view(view: HandView) -> str:
    """The other seats' down cards this view shows, as a clause ("; Seat 2's 8♠ 8♣ in
    view"), or ``""`` when it shows none (the seat's own view)."""
    named = [f"{s.name}'s {format_cards(down)}" for s in view.seats
             if s.seat != view.viewer and not s.folded
             and (down := [c.card for c in s.cards if c.card is not None and not c.up
                           and not c.dead])]
    return f" ({', '.join(named)} in view)" if named else ""


def _known_down(view: HandView) -> list[tuple[Card, ...]]:
    """Each rival still in, in seat order: its down cards this view shows."""
    return [tuple(c.card for c in s.cards if c.card is not None and not c.up and not c.dead)
            for s in view.seats if s.seat != view.viewer and not s.folded]


def measured_reason(view: HandView, action: Action, *,
                    low_ranking: LowRanking | str = LowRanking.ACE_TO_FIVE) -> str | None:
    """What the measure of ``view``'s decision says of ``action``, or ``None`` where no
    measure speaks (a decision it does not measure)."""
    if view.viewer is None or action.kind not in MEASURED or action.seat != view.viewer:
        return None
    ranking = LowRanking(low_ranking)
    kind = action.kind
    try:
        if kind is ActionKind.EXPOSE:
            return _expose(view, action, ranking)
        if kind is ActionKind.DECLARE:
            return _declare(view, action, ranking)
        if kind is ActionKind.DISCARD:
            return _draw(view, ranking)
        if kind is ActionKind.PICK_PARTNER:
            return _pick(view, action)
        if kind is ActionKind.TURN_UP and isinstance(view.facts, PartnerPublic):
            return _turn_up(view, action)
        if kind is ActionKind.LOCK_PAIRS:
            return _lock(view, action)
        if kind is ActionKind.SACRIFICE:
            return _sacrifice(view, action)
        if answers_for(view.game_id):
            return _stud(view, action)
    except OddsInputError:
        return None
    return None


def _two(cards: list[Card]) -> str:
    """Two hidden cards in words: "the pair of sixes", or the cards."""
    if len(cards) == 2 and cards[0].rank == cards[1].rank:
        return "the " + describe_showing(cards).lower()
    return format_cards(cards)


def _three(cards: tuple[Card, ...], plan: str, ranking: LowRanking) -> str:
    """Three up cards in words, as the table sees them."""
    ranks = len({c.rank for c in cards})
    if ranks < len(cards):
        words = describe_showing(list(cards)).lower()
        return words if ranks == 1 else "a " + words
    if max(low_value(c, ranking) for c in cards) <= 8:
        return "a low draw" if plan == "low" else "low cards"
    return "high cards" if min(int(c.rank) for c in cards) >= 9 else "high and low cards"


def _expose(view: HandView, action: Action, ranking: LowRanking) -> str | None:
    mine = tuple(_mine(view))
    if len(set(mine)) != 5:
        return None
    plan, reads = expose_reads(mine, ranking)
    chosen = next(((t, r) for t, r in reads if set(t) == set(action.cards)), None)
    if chosen is None:
        return None
    three, read = chosen
    hidden = [c for c in sorted(mine, reverse=True) if c not in three]
    best, best_read = reads[0]
    said = (f"its five cards are a {plan} hand: it shows {format_cards(three)} "
            f"({_three(three, plan, ranking)}), which the table reads as low {_percent(read)} "
            f"of the time, and keeps {_two(hidden)} hidden")
    if abs(read - best_read) > _DISGUISE:
        said += (f" (by that measure {format_cards(best)} would hide it best, read low "
                 f"{_percent(best_read)})")
    return said


def _declare_shares(view: HandView, ranking: LowRanking) -> dict[str, float]:
    """The advice's shares, or, with rivals' down cards in view, the same measure with
    those cards dealt as they are."""
    hidden = _known_down(view)
    if not any(hidden):
        return declare_shares(view, ranking)
    rivals = [s.up_cards for s in view.seats if s.seat != view.viewer and not s.folded]
    dead = [c for s in view.seats if s.folded for c in s.up_cards]
    question = psycho_question(_mine(view), rivals, community=view.boards[0] if view.boards
                               else (), dead=dead, ranking=ranking, hidden=hidden)
    answer = solve(question, rng=np.random.default_rng(len(_mine(view))), budget=QUICK)
    return {way: answer[f"share/{way}"].value for way in ("high", "low", "both")}


def _declare(view: HandView, action: Action, ranking: LowRanking) -> str:
    shares = _declare_shares(view, ranking)
    way = str(action.choice)
    others = ", ".join(f"{w} {_percent(v)}" for w, v in shares.items() if w != way)
    return (f"it declares {way}: from its cards and those showing{_in_view(view)}, "
            f"declaring {way} brings back {_percent(shares.get(way, 0.0))} of the pot on "
            f"average ({others})")


def _draw(view: HandView, ranking: LowRanking) -> str | None:
    """The draw by the game's hand types (the general planner, ``engine.bots.draw``), or by
    Psycho's plan of a high or a low hand in a game of declarations."""
    mine = tuple(_mine(view))
    if any(map(is_joker, mine)):
        return None  # the plans read natural cards: a hand holding the joker is not measured
    types = types_with_low(view.game_id, ranking)
    if not types.declare:
        keep = kept(types, mine, view.wild)
        thrown = discard_keeping(view.legal, keep).cards
        held = [c for c in mine if c not in thrown]
        if not thrown:
            return f"its cards {format_cards(mine)} are what can win {types.describe()}"
        return (f"it keeps {format_cards(held) if held else 'nothing'}, the cards that can "
                f"win {types.describe()}, and exchanges {_count(len(thrown))}")
    if len(mine) < 5:
        return None  # the plan reads five cards; a four-card draw is not measured
    draw, plan = draw_choice(view.legal, mine, ranking)
    held = [c for c in mine if c not in draw.cards]
    count = len(draw.cards)
    if not count:
        return f"its five cards {format_cards(mine)} already make the {plan} hand it plans"
    return (f"it keeps {format_cards(held) if held else 'nothing'} for a {plan} hand and "
            f"exchanges {_count(count)}")


def _count(cards: int) -> str:
    return f"{cards} card{'s' if cards > 1 else ''}"


def _pick(view: HandView, action: Action) -> str | None:
    options = partner_worths(view)
    chosen = next((o for o in options if o[1] == action.choice), None)
    if chosen is None:
        return None
    worth, seat, card = chosen
    rest = ", ".join(f"{c} {w:.1f}" for w, s, c in options if s != seat) or "no other"
    return (f"{seat_name(seat)}'s {card} fits its cards best: {worth:.1f} by the fit measure "
            f"(the match with its own first up card counts double), against {rest}")


def _turn_up(view: HandView, action: Action) -> str | None:
    assert view.viewer is not None
    card = action.cards[0]
    if view.viewer not in {s for s, _ in getattr(view.facts, "first_up", ())}:
        worths = first_card_worths(view)
        worth = next(w for w, c in worths if c == card)
        rest = ", ".join(f"{c} {w:.2f}" for w, c in worths if c != card)
        return (f"it turns up {card} first: {worth:.2f} by its fit with its other cards and "
                f"its height, against {rest}")
    used = in_team_hand(view, view.viewer)
    if card in used:
        return f"it turns up {card}, the lowest it holds, though it plays in its team's hand"
    return f"it turns up {card}, which plays no part in the best team hand it can see"


def _lock(view: HandView, action: Action) -> str:
    cards = action.cards
    worths = sorted((lock_score(a.cards) for a in view.legal
                     if a.kind is ActionKind.LOCK_PAIRS), reverse=True)
    pairs = " | ".join(format_cards(cards[i:i + 2]) for i in range(0, len(cards), 2))
    worth = lock_score(cards)
    place = "the most" if worth >= worths[0] else f"against {worths[0]:.1f} for the best"
    return (f"it locks {pairs}: worth {worth:.1f} as starting hands, {place} of the "
            f"{len(worths)} pairings (the best pair counts fully, the second half, the third "
            "a quarter)")


def _sacrifice(view: HandView, action: Action) -> str | None:
    assert view.viewer is not None
    chances = sacrifice_chances(view, view.viewer)
    pair = (action.cards[0], action.cards[1])
    if pair not in chances:
        return None
    rest = ", ".join(f"{format_cards(p)} {_percent(v)}" for p, v in chances.items() if p != pair)
    return (f"it gives up {format_cards(pair)}: {_percent(chances[pair])} to win from "
            f"here{_in_view(view)}, against {rest} for its other pairs")


def _stud_equity(view: HandView) -> float | None:
    """The advice's share of the pot, or, with rivals' down cards in view, the same
    measure with those cards dealt as they are."""
    hidden = _known_down(view)
    if not any(hidden):
        return stud_equity(view)
    assert view.viewer is not None
    me = view.seats[view.viewer]
    down = tuple(c.card for c in me.cards if c.card is not None and not c.up)
    rivals = [s for s in view.seats if s.seat != view.viewer and not s.folded]
    hands = [StudHand(me.up_cards, down, "You"),
             *(StudHand(s.up_cards, h, s.name) for s, h in zip(rivals, hidden, strict=True))]
    if len(hands) < 2 or any(not h.up for h in hands):
        return None
    dead = tuple(c for s in view.seats if s.folded for c in s.up_cards)
    question = stud_question(hands, dead=dead, folded=sum(1 for s in view.seats if s.folded))
    return solve(question, rng=np.random.default_rng(3), budget=QUICK)["equity/0"].value


def _stud(view: HandView, action: Action) -> str | None:
    equity = _stud_equity(view)
    if equity is None:
        return None
    rivals = sum(1 for s in view.seats if s.seat != view.viewer and not s.folded)
    fair = 1 / (rivals + 1)
    verb = "completes" if action.kind is ActionKind.COMPLETE else "bets"
    against = f"against the hands showing{_in_view(view)}"
    return (f"it {verb}: {against} it wins {_percent(equity)} of the pot on "
            f"average, more than the {_percent(fair)} an equal share would be"
            if equity > fair else
            f"it {verb}: {against} it wins {_percent(equity)} of the pot on "
            f"average, under an equal share of {_percent(fair)}, so the bet is a bluff")


_CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def may_read(viewer: HandView, seat: int, reason: str) -> bool:
    """Whether ``viewer`` may read ``seat``'s measured reason: it sees every card the seat
    holds, and every card the reason names (a discard or a dead pair it never sees keeps
    the reason from it)."""
    if any(c.card is None for c in viewer.seats[seat].cards):
        return False
    seen = {str(c.card) for s in viewer.seats for c in s.cards if c.card is not None}
    seen |= {str(c) for b in viewer.boards for c in b}
    return all(name in seen for name in _CARD.findall(reason))
