"""How every computer player bets, once it has measured its hand: one policy, stated.

A player measures its *share of the pot*: what it expects to take back at the end,
against the hands the table's actions suggest (a rival who bet or raised in the round
holds the strongest of more random hands, more for a raise than for a bet:
:func:`suggested_strength`). The policy then reads that share the way players do:

- **Checking is free: it never folds then.** It bets a hand whose share is well above an
  even share (:data:`VALUE` times it; heads up in fixed limit, any hand worth an even
  share: :data:`HEADS_UP_FIXED_VALUE`), and now and then a weak hand heads up
  (:data:`BLUFF_RATE`), so that a bet does not give its hand away; never a pure bluff
  into several players, who would call it.
- **Facing a bet: pot odds.** It calls when its share pays for the call (the call's
  part of the pot after calling, less :data:`CALL_SLACK` of it when little is at risk)
  or is at least an even share of a pot that risks little, raises a hand worth a bet
  that also clears the price, and folds the rest. Heads up, a raise over its own bet
  wants :data:`RAISED_MARGIN` more than the price, and no slack. Heads up in fixed limit
  a call wants its price exactly, and a raise over its own bet its price less the slack
  (one more fixed bet into a pot that has grown is rarely worth a fold, and the raise's
  read makes the share look smaller than it is: folding there paid a player who
  re-raises anything), and a raise wants less (:data:`HEADS_UP_FIXED_RAISE`).
- **Four bets a round at most** in fixed limit: it raises no further once the round holds
  a bet and three raises (:data:`ROUND_BETS`), as a table's cap says, and keeps to it heads
  up where the cap is lifted: two strong hands would otherwise raise each other a small
  bet at a time to the felt, a table's worth of decisions for one pot.
- **Sizes**: the fixed bet in fixed limit; in pot or no limit, half the pot for a
  modest or bluffing bet, the whole pot for a strong hand (:data:`FULL_POT` times an
  even share), half as much again where the limit allows with the strongest
  (:data:`NUTS`), never more than the rivals still in can match.

Heads up means one rival: two hands measured and two players in (two teams of Pick a
Partner are two hands but four players).

The public reason (:func:`betting_words`) names the measure and the price, the same
words whatever the hand, so it gives nothing away that the action does not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.state import Action, ActionKind, HandState, HandView
from engine.table import Structure

__all__ = ["BLUFF_RATE", "FULL_POT", "HEADS_UP_FIXED_RAISE", "HEADS_UP_FIXED_VALUE", "NUTS",
           "OVERBET", "RAISED_MARGIN", "VALUE", "Measured",
           "betting_choice", "betting_words", "price_of", "suggested_strength"]

VALUE = 1.3
"""A share this many times an even share is worth a bet, or a raise that clears the
price."""
HEADS_UP_FIXED_VALUE = 1.0
"""Heads up in fixed limit, a share this many times an even share is worth a bet when
checking is free: the bet costs one fixed amount, a rival who checked holds no more than
a random hand, and a rival who calls by pot odds calls with less."""
HEADS_UP_FIXED_RAISE = 1.15
"""Heads up in fixed limit, a share this many times an even share (against the bettor's
read hand) raises a bet that its share also pays for: the raise costs one fixed amount."""
FULL_POT = 1.7
"""A share this many times an even share bets or raises the whole pot (pot or no limit)."""
ROUND_BETS = 4
"""The bets (a bet, or the big blind, and the raises) a fixed-limit round may hold before
a computer player only calls."""
BLUFF_RATE = 0.1
"""How often a weak hand bets when checking is free heads up: one time in ten. Never
against more players, who would call it (two teams of Pick a Partner included: measured
at 4,000 hands, its player did as well or better without those bluffs)."""
READS = 6
"""The most random hands added to a rival's for its bets in a round heads up: a bet reads
as the better of two hands, a raise over another's bet as the best of four, a bet and a
raise as the best of six, and no more: more reads every bet as the nuts, and folds too
much to players who bet at random."""
OVERBET = 1.5
"""The pot fraction of a bet with the strongest hands (:data:`NUTS`) in no limit: a
rival who calls by pot odds pays more for the same hand."""
NUTS = 1.9
"""A share this many times an even share bets :data:`OVERBET` times the pot."""
RISK_MARGIN = 0.04
"""A call of over a quarter of the chips left in pot or no limit wants this much over its
price: the estimate is rough, and the chips count."""

RAISED_MARGIN = 0.15
"""A call of a raise over its own bet heads up wants this much over its price, and no
slack: a raise of a bet is the strongest thing the table says, and the share measured
against random hands, even the best of several, still flatters the caller. Not in fixed
limit, where the raise costs one more fixed bet into a pot already grown."""
CALL_SLACK = 0.25
"""A call that risks little may take this much less than its price (a quarter): the later
streets pay it back when it hits. Not heads up in fixed limit, where the later streets'
bets are as small as this one and a rival alone folds a beaten hand to them, unless the
rival raised over its own bet (2,000 hands against the previous players: seven-card stud
+2.38, razz +1.63, deuce-to-seven triple draw +1.38, stud eight-or-better +3.15, level
with +2.58, +1.64, +1.35 and +3.15 without; against random play, stud +6.36 and
ace-to-five triple draw +6.10 where +5.32 and +5.86)."""

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)


@dataclass(frozen=True)
class Measured:
    """A betting decision as measured: ``share`` of the pot expected, ``hands`` still
    contesting it (teams in Pick a Partner), ``to_call`` and the ``price`` (the share of
    the pot a call pays for), and whether the call risks much of the stack."""

    share: float
    hands: int
    to_call: int
    price: float
    risky: bool = False

    @property
    def even(self) -> float:
        """An even share of the pot among the hands contesting it."""
        return 1 / max(1, self.hands)

    @property
    def ratio(self) -> float:
        return self.share / self.even


def price_of(view: HandView, seat: int, to_call: int) -> float:
    """The share of the pot it can win that a call of ``to_call`` pays for: pot odds.

    The pot counts only what this seat can win after calling (a short stack's call
    matches each other seat's chips up to its own, the rest is a side pot it cannot win).
    """
    mine = view.seats[seat].in_pot + to_call
    winnable = sum(min(s.in_pot, mine) for s in view.seats if s.seat != seat) + mine
    return to_call / winnable if winnable else 0.0


def suggested_strength(view: HandView, seat: int) -> int:
    """The random hands added to ``seat``'s for its bets, raises and completions in this
    betting round, as the view shows them: the table reads a hand by its bets, and so
    does the measure. Heads up, one for a bet, two more for each further bet and for a
    raise over another's bet (at most :data:`READS`): a raise says more than a bet.
    Against several rivals, or once raised since, one: reads that compound over a loose
    table fold nearly every hand to players who bet at random."""
    times = dict(view.aggression).get(seat, 0)
    if not times:
        return 0
    if view.round_aggressor != seat or sum(not s.folded for s in view.seats) > 2:
        return 1   # raised since, or several rivals: reads that compound fold too much
    raised = sum(t for _, t in view.aggression) > times
    return min(READS, 2 * times - 1 + 2 * raised)


def betting_choice(state: HandState, seat: int, legal: Sequence[Action], measured: Measured,
                   rng: random.Random, *, no_raise: bool = False, no_fold: bool = False,
                   sized: bool = True) -> Action:
    """The policy's action among ``legal`` (see the module's docstring). ``no_raise`` and
    ``no_fold`` hold for a partner's bet in Pick a Partner: the team plays together.
    Without ``sized`` a bet is the first amount offered, never one between."""
    kinds = {a.kind: a for a in legal}
    aggressive = [] if no_raise else [a for a in legal if a.kind in _AGGRESSIVE]
    if aggressive and _round_full(state, seat):
        aggressive = []
    ratio = measured.ratio
    heads_up = _heads_up(state, seat, measured)
    heads_up_fixed = heads_up and _fixed_limit(state)
    if ActionKind.BRING_IN in kinds:
        if aggressive and ratio >= VALUE:
            return _sized(state, seat, aggressive, measured, sized=sized)
        return kinds[ActionKind.BRING_IN]
    if ActionKind.CHECK in kinds:
        bluff = heads_up and ratio < 1 and rng.random() < BLUFF_RATE
        worth = HEADS_UP_FIXED_VALUE if heads_up_fixed else VALUE
        if aggressive and (ratio >= worth or bluff):
            return _sized(state, seat, aggressive, measured if not bluff else None, sized=sized)
        return kinds[ActionKind.CHECK]
    raised_over = _raised_over(state.view(seat), seat)
    slack = 0.0 if heads_up_fixed and not raised_over else CALL_SLACK
    needed = (measured.price + RISK_MARGIN if measured.risky
              else measured.price * (1 - slack))
    if heads_up and not heads_up_fixed and raised_over:
        needed = max(needed, measured.price + RAISED_MARGIN)
    raise_worth = HEADS_UP_FIXED_RAISE if heads_up_fixed else VALUE
    if aggressive and ratio >= raise_worth and measured.share > needed:
        return _sized(state, seat, aggressive, measured, sized=sized)
    call = kinds.get(ActionKind.CALL)
    fair_share = ratio >= 1 and not measured.risky  # an even share calls a small bet
    if call is not None and (no_fold or fair_share or measured.share >= needed):
        return call
    return kinds.get(ActionKind.FOLD, call or legal[0])


def _heads_up(state: HandState, seat: int, measured: Measured) -> bool:
    """One rival: two hands measured and two players in. Two teams of two in Pick a
    Partner are two hands but four players, whose bets a whole team calls."""
    return measured.hands == 2 and sum(not s.folded for s in state.view(seat).seats) == 2


def _fixed_limit(state: HandState) -> bool:
    return state.game.structure(state.settings) is Structure.FIXED_LIMIT


def _raised_over(view: HandView, seat: int) -> bool:
    """Whether a rival raised over this seat's bet or raise in this round."""
    return dict(view.aggression).get(seat, 0) > 0 and view.round_aggressor not in (None, seat)


def _round_full(state: HandState, seat: int) -> bool:
    """Whether a fixed-limit round already holds :data:`ROUND_BETS` bets."""
    bet = state.bet_range(seat)
    if bet is None or not bet.amounts:
        return False
    top = max(s.bet for s in state.view(seat).seats)
    step = min(bet.amounts) - top
    return step > 0 and top >= ROUND_BETS * step


def _sized(state: HandState, seat: int, offered: list[Action], measured: Measured | None,
           *, sized: bool) -> Action:
    """A bet or raise: the fixed amount offered, or sized to the pot by the hand's share
    (``None``: a bluff, half the pot), never more than the rivals still in can match."""
    chosen = offered[0]
    bet = state.bet_range(seat)
    if bet is None or bet.amounts or not sized:
        return chosen
    view = state.view(seat)
    me = view.seats[seat]
    to_call = max(s.bet for s in view.seats) - me.bet
    ratio = measured.ratio if measured is not None else 0.0
    fraction = OVERBET if ratio >= NUTS else 1.0 if ratio >= FULL_POT else 0.5
    to = me.bet + to_call + round(fraction * (view.pot_total + to_call))
    covered = max((s.bet + s.stack for s in view.seats
                   if s.seat != seat and not s.folded), default=bet.minimum)
    to = max(bet.minimum, min(to, bet.maximum, max(covered, bet.minimum)))
    return Action(seat, chosen.kind, amount=to)


def _enough(state: HandState, seat: int, *, to_call: int, heads_up: bool) -> str:
    """How far above an even share a bet or raise wants, in words, as the policy reads it."""
    if not heads_up or not _fixed_limit(state) or any(
            a.kind is ActionKind.BRING_IN for a in state.legal_actions(seat)):
        return "well above"
    return "above" if to_call else "at least"


def _percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def draw_words(count: int, wins: str) -> str:
    """A draw's public reason: how many, and what the cards kept are for (never which).

    >>> draw_words(2, "deuce-to-seven low")
    'it draws two: it keeps the cards that can win deuce-to-seven low'
    """
    if not count:
        return f"it stands pat: the cards it holds can win {wins} as they are"
    return f"it draws {_NUMBER_WORDS[count]}: it keeps the cards that can win {wins}"


_NUMBER_WORDS = ("none", "one", "two", "three", "four", "five")


def betting_words(state: HandState, seat: int, action: Action, *, shows: str = "",
                  teams: int | None = None, halved: bool = False) -> str:
    """The policy's public reason for ``action``: the measure and the price, never the
    share itself (it is read from cards the others cannot see). ``shows``: what the
    seat shows, in words, or ``""``. In Pick a Partner ``teams`` are the hands contesting
    the pot, and the seat measures its team's share, ``halved`` when a partner still in
    takes half of what the team wins (a call then needs twice the pot odds)."""
    view = state.view(None)
    me = view.seats[seat]
    to_call = min(max(s.bet for s in view.seats) - me.bet, me.stack)
    pot = view.pot_total
    price = price_of(view, seat, to_call)
    players_in = sum(1 for s in view.seats if not s.folded)
    hands = players_in if teams is None else teams
    heads_up = hands == 2 and players_in == 2  # as the policy reads it (_heads_up)
    whose = "its" if teams is None else "its team's"
    measure = f"{whose} share of the pot against the hands the betting suggests"
    showing = f" ({shows} showing)" if shows else ""
    needs = f"{_percent(price)} of the pot"
    if halved:
        needs = (f"{_percent(min(1.0, 2 * price))} of the pot for a team whose partner "
                 "takes half")
    kind = action.kind
    if kind is ActionKind.FOLD:
        raised = (f", and {_percent(RAISED_MARGIN)} more against a raise over its bet"
                  if heads_up and not _fixed_limit(state) and _raised_over(view, seat)
                  else "")
        return (f"pot odds: {to_call} to call for a pot of {pot + to_call} needs "
                f"{needs}{raised}, more than {measure}{showing}")
    if kind is ActionKind.CHECK:
        return "checking is free, and it never folds a free look: it checks"
    if kind is ActionKind.CALL:
        return (f"pot odds: {to_call} to call for a pot of {pot + to_call} needs "
                f"{needs}, and {measure} pays for it{showing}")
    if kind is ActionKind.BRING_IN:
        return "the up card that must bring in goes in for the least"
    if kind in _AGGRESSIVE:
        verb = {ActionKind.BET: "bets", ActionKind.RAISE: "raises",
                ActionKind.COMPLETE: "completes"}[kind]
        enough = _enough(state, seat, to_call=to_call, heads_up=heads_up)
        bluffs = (f", and bets a weak hand one time in {round(1 / BLUFF_RATE)} heads up"
                  if heads_up else "")
        return (f"it {verb} into a pot of {pot}: it {verb} when {measure} is {enough} an "
                f"even share ({_percent(1 / max(1, hands))}){bluffs}{showing}")
    if kind is ActionKind.MUCK:
        return "the hands already shown beat it, so it throws it away unseen"
    if kind is ActionKind.SHOW:
        return "it shows its hand"
    return ""
