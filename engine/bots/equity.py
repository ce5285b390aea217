"""The general computer player: equity by simulation from what its seat can see.

It plays any registered game from the declaration alone: how many cards each seat
and the board get (``engine.deals.deal_plan``), how a hand is valued and what wins
the pot (``Game.evaluate`` and ``Game.hand_types``: high, low or split, a low's
qualifier). A game with choices of its own (partners, pairs, draws) may declare its
own player in ``engine.bots.BOTS``; this one picks among such choices at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.reasons import betting_reason
from engine.cards import FULL_DECK, Card
from engine.deals import deal_plan
from engine.games.base import Game, Settings
from engine.games.hand_types import HandTypes, low_qualifies
from engine.hands import HandValue
from engine.state import Action, ActionKind, HandState, HandView
from engine.table import Structure

__all__ = ["EquityBot", "equity"]


def _share(me: int, values: dict[int, HandValue]) -> float:
    """``me``'s share of a half won by the best of ``values`` (ties share it)."""
    if me not in values:
        return 0.0
    best = max(values.values())
    if values[me] != best:
        return 0.0
    return 1 / sum(1 for v in values.values() if v == best)


def _pot_share(game: Game, settings: Settings, types: HandTypes, me: int,
               hands: dict[int, list[Card]], board: Sequence[Card]) -> float:
    """``me``'s share of the pot when ``hands`` meet on ``board`` at the showdown."""
    highs: dict[int, HandValue] = {}
    lows: dict[int, HandValue] = {}
    for seat, cards in hands.items():
        high, low = game.evaluate(settings, cards, board)
        if high is not None:
            highs[seat] = high
        if low is not None and low_qualifies(low, types.qualifier):
            lows[seat] = low
    if not lows:
        return _share(me, highs) if highs else 1 / len(hands)
    if not highs:
        return _share(me, lows)
    return (_share(me, highs) + _share(me, lows)) / 2


def equity(state: HandState, view: HandView, seat: int, rng: random.Random, *,
           trials: int = 60) -> float:
    """This seat's expected share of the pot at the end, by simulation.

    Unknown cards (the others' hidden cards, cards still to come to the seats and the
    board) are drawn at random from the cards this seat cannot see. Only the view and
    the public rules (the game, its announcements, the number of players) are read.
    """
    game, settings = state.game, state.settings
    types = game.hand_types(settings)
    # The deal at the smallest table: a full hand for every seat, and only the boards the
    # game deals (a stud community card is the stock running short, judged below).
    plan = deal_plan(game.id, players=game.player_counts(settings)[0], settings=settings)
    me = view.seats[seat]
    mine = [c.card for c in me.cards if c.card is not None and not c.dead]
    board = [c for b in view.boards[:1] for c in b]
    rivals = [s for s in view.seats if s.seat != seat and not s.folded]
    if not rivals:
        return 1.0
    seen = set(mine) | set(board)
    for other in view.seats:
        seen.update(c.card for c in other.cards if c.card is not None)
    unseen = [c for c in FULL_DECK if c not in seen]
    known = {r.seat: [c.card for c in r.cards if c.card is not None and not c.dead]
             for r in rivals}
    board_total = plan.boards[0] if plan.boards else 0
    total = len(plan.seat_pattern) - (0 if board_total else len(board))
    to_board = max(0, board_total - len(board))

    def need(shared: int) -> int:
        """The unseen cards a deal takes with ``shared`` community cards."""
        return shared + to_board + sum(max(0, total - shared - len(cards))
                                       for cards in (mine, *known.values()))

    shared = 0      # the stock runs short: as few community cards as make it last
    while not board_total and shared < total and need(shared) > len(unseen):
        shared += 1
    total -= shared
    won = 0.0
    for _ in range(trials):
        rng.shuffle(unseen)
        pool = iter(unseen)
        common = board + [next(pool) for _ in range(shared + to_board)]
        hands = {seat: mine + [next(pool) for _ in range(max(0, total - len(mine)))]}
        for rival in rivals:
            theirs = known[rival.seat]
            hands[rival.seat] = theirs + [next(pool) for _ in range(max(0, total - len(theirs)))]
        won += _pot_share(game, settings, types, seat, hands, common)
    return won / trials


def _price(view: HandView, seat: int, to_call: int) -> float:
    """The share of the pot it can win that a call of ``to_call`` pays for: pot odds.

    The pot counts only what this seat can win after calling (a short stack's call
    matches each other seat's chips up to its own, the rest is a side pot it cannot win).
    """
    mine = view.seats[seat].in_pot + to_call
    winnable = sum(min(s.in_pot, mine) for s in view.seats if s.seat != seat) + mine
    return to_call / winnable if winnable else 0.0


@dataclass(frozen=True)
class EquityBot:
    """A sensible player for any game: bets and raises strong hands, calls only when its
    share of the pot pays for the call (pot odds), folds weak ones, bluffs now and then
    when it is cheap, judging its hand by its share of the pot against random cards.
    ``looseness`` shifts its thresholds (positive plays more hands)."""

    name: str = "Computer player"
    looseness: float = 0.0
    trials: int = 60

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide now")
        kinds = {a.kind: a for a in legal}
        if ActionKind.MUCK in kinds:   # shows a hand that can win (mucking may be open to all)
            beaten = bool(state.shown) and state.game.is_beaten(state, seat, state.shown)
            return kinds[ActionKind.MUCK if beaten or ActionKind.SHOW not in kinds
                         else ActionKind.SHOW]
        if not any(k.is_betting for k in kinds):
            return rng.choice(legal)
        view = state.view(seat)
        live = sum(1 for s in view.seats if not s.folded)
        strength = equity(state, view, seat, rng, trials=self.trials)
        fair = 1 / live
        aggressive = [a for a in legal if a.kind in (ActionKind.BET, ActionKind.RAISE,
                                                     ActionKind.COMPLETE)]
        call = kinds.get(ActionKind.CALL)
        to_call = (call.amount or 0) if call is not None else 0
        price = _price(view, seat, to_call)
        # In pot or no limit a call of over a quarter of its chips is risky: it must pay
        # for itself now (in fixed limit a call is never more than a bet).
        fixed = state.game.structure(state.settings) is Structure.FIXED_LIMIT
        risky = not fixed and to_call * 4 > view.seats[seat].stack
        if risky or (not fixed and strength - fair + self.looseness > 0.15):
            # Chips that count (a big call, or a raise sized to the pot): a second, larger
            # simulation steadies the estimate first.
            more = equity(state, view, seat, rng, trials=self.trials * 3)
            strength = (strength + 3 * more) / 4
        bluff = rng.random() < 0.05
        edge = strength - fair + self.looseness
        value = edge > 0.15 and (fixed or strength > price)
        if aggressive and (value or (bluff and edge > -0.1 and (fixed or not to_call))):
            return self._sized(state, view, seat, aggressive, strength if value else 0.0)
        if ActionKind.BRING_IN in kinds:
            return kinds[ActionKind.BRING_IN]
        if ActionKind.CHECK in kinds:
            return kinds[ActionKind.CHECK]
        # A risky call wants a margin over its price (the estimate is rough); a cheap one
        # may take a little less than its price, or an edge a little under a fair share,
        # the later streets paying it back.
        needed = price + 0.05 if risky else price * 0.9
        if call is not None and (strength + self.looseness * 0.5 >= needed
                                 or (edge > -0.05 and not risky)):
            return call
        return kinds.get(ActionKind.FOLD, legal[0])

    @staticmethod
    def _sized(state: HandState, view: HandView, seat: int, offered: list[Action],
               strength: float) -> Action:
        """A bet or raise: the smallest offered in fixed limit; in pot or no limit one
        sized to the pot, half of it for a fair hand up to all of it for a strong one
        (a bluff bets the least), never more than the rivals still in can match."""
        chosen = offered[0]
        bet = state.bet_range(seat)
        if bet is None or bet.amounts or not strength:
            return chosen
        me = view.seats[seat]
        to_call = max(s.bet for s in view.seats) - me.bet
        fraction = min(1.0, 0.5 + strength)
        to = me.bet + to_call + round(fraction * (view.pot_total + to_call))
        covered = max((s.bet + s.stack for s in view.seats
                       if s.seat != seat and not s.folded), default=bet.minimum)
        to = max(bet.minimum, min(to, bet.maximum, max(covered, bet.minimum)))
        return Action(seat, chosen.kind, amount=to)

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        """The price and the pot, and what its up cards show, in the game's own order."""
        up = state.up_cards(seat)
        showing = state.game.describe_showing(state, seat).lower() if up else ""
        return betting_reason(state, seat, action, strength=showing) or None
