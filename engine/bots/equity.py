"""The general computer player: equity by simulation from what its seat can see.

It plays any registered game from the declaration alone: how many cards each seat
and the board get (``engine.deals.deal_plan``), how a hand is valued and what wins
the pot (``Game.evaluate`` and ``Game.hand_types``: high, low or split, a low's
qualifier). A game with choices of its own (partners, pairs, draws) may declare its
own player in ``engine.bots.BOTS``; this one draws by the declared hand types
(``engine.bots.draw``) and picks among other such choices at random.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import islice

from engine.bots.choices import CHOICE_KINDS, choice, choice_words
from engine.bots.draw import draw_choice
from engine.bots.draw import kept as kept_in_draw
from engine.bots.keep_batch import batch_shares, batch_types, deal_keeps
from engine.bots.pay import pay_choice, pay_words
from engine.bots.policy import (
    Measured,
    betting_choice,
    betting_words,
    draw_words,
    price_of,
    suggested_strength,
)
from engine.cards import Card
from engine.deals import deal_plan
from engine.games.hand_types import HandTypes, low_qualifies
from engine.hands import HandValue
from engine.state import Action, ActionKind, HandState, HandView
from engine.table import Structure
from engine.wild import WildCards

__all__ = ["EVALUATIONS", "EquityBot", "equity", "keep_shares"]


Values = tuple[HandValue | None, HandValue | None]


def _share(me: int, values: dict[int, HandValue]) -> float:
    """``me``'s share of a half won by the best of ``values`` (ties share it)."""
    if me not in values:
        return 0.0
    best = max(values.values())
    if values[me] != best:
        return 0.0
    return 1 / sum(1 for v in values.values() if v == best)


def _pot_share(qualifier: int | None, me: int, values: dict[int, Values]) -> float:
    """``me``'s share of the pot when hands of these (high, low) values meet."""
    highs = {seat: high for seat, (high, _) in values.items() if high is not None}
    lows = {seat: low for seat, (_, low) in values.items()
            if low is not None and low_qualifies(low, qualifier)}
    if not lows:
        return _share(me, highs) if highs else 1 / len(values)
    if not highs:
        return _share(me, lows)
    return (_share(me, highs) + _share(me, lows)) / 2


EVALUATIONS = 480
"""The most hands one estimate values (each a best five of up to seven, or Omaha's 60):
a decision stays within tens of milliseconds whatever the table, so a game night never
waits on it. Fewer deals are simulated when the table or the reads need more hands."""
RISKY_TRIALS = 120
"""The deals behind a call that risks much of the stack, whatever the player's usual
count (still within :data:`EVALUATIONS`): a rough estimate there loses whole stacks."""
MIN_TRIALS = 16
"""The fewest deals an estimate simulates, however many hands each needs (unless asked
for fewer)."""


def equity(state: HandState, view: HandView, seat: int, rng: random.Random, *,
           trials: int = 60, reads: Mapping[int, int] | None = None) -> float:
    """This seat's expected share of the pot at the end, by simulation.

    Unknown cards (the others' hidden cards, cards still to come to the seats and the
    board) are drawn at random from the cards this seat cannot see. ``reads`` gives, for
    a rival the table's actions mark as strong, how many more random hands it is dealt
    each time, keeping the one that does best against this seat's: the hands its bets
    and raises suggest. Only the view, the public actions and the public rules (the game,
    its announcements, the number of players) are read. Before a throw-away (Crazy
    Pineapple's three hole cards) every hand is valued with all it holds. Where draws are
    still to come, every hand in the deal draws as the computer player would
    (:func:`engine.bots.draw.kept`), so a hand four cards to a good low is valued by what
    it draws to, not by the pair it holds now; and a rival who drew is read by the count
    it drew, as bets are (:func:`_read_draws`).
    """
    game, settings = state.game, state.settings
    types = game.hand_types(settings)
    extra = dict(reads or {})
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
    unseen = [c for c in game.cards if c not in seen]
    known = {r.seat: [c.card for c in r.cards if c.card is not None and not c.dead]
             for r in rivals}
    board_total = plan.boards[0] if plan.boards else 0
    total = max(plan.held - (0 if board_total else len(board)),
                *(len(s.cards) for s in (me, *rivals)))
    to_board = max(0, board_total - len(board))

    def need(shared: int) -> int:
        """The unseen cards a deal takes with ``shared`` community cards."""
        return shared + to_board + sum(max(0, total - shared - len(cards))
                                       for cards in (mine, *known.values()))

    shared = 0      # the stock runs short: as few community cards as make it last
    while not board_total and shared < total and need(shared) > len(unseen):
        shared += 1
    spare = len(unseen) - need(shared)
    total -= shared
    candidates = {r.seat: 1 + extra.get(r.seat, 0) for r in rivals}
    for r in rivals:  # a second hand for a rival needs cards the stock can spare
        missing = max(0, total - len(known[r.seat]))
        while candidates[r.seat] > 1 and (candidates[r.seat] - 1) * missing > spare:
            candidates[r.seat] -= 1
        spare -= (candidates[r.seat] - 1) * missing
    hands_valued = 1 + sum(candidates.values())
    draws = state.decisions_to_come(ActionKind.DISCARD)
    drew = {r: d for r, d in getattr(view.facts, "drawn", ())
            if r in known and not known[r] and d < total}
    kept_sets = {r: found for r, d in drew.items()
                 if (found := _kept_sets(types, view.wild, unseen, total, total - d, rng))}

    def drawn(hand: list[Card], pool: Iterator[Card]) -> list[Card]:
        """``hand`` after the draws still to come (standing pat once the stock is out)."""
        for _ in range(draws):
            keep = kept_in_draw(types, hand, view.wild)
            new = list(islice(pool, len(hand) - len(keep)))
            if len(keep) + len(new) < len(hand):
                break
            hand = [*keep, *new]
        return hand

    if len(mine) > plan.held:   # cards still to throw away: a wider spread, more deals
        trials = max(trials, MIN_TRIALS) * 2
    deals = min(trials, max(MIN_TRIALS, EVALUATIONS // hands_valued))
    won = 0.0
    for _ in range(deals):
        held, stock = _read_draws(known, kept_sets, unseen, rng) if kept_sets \
            else (known, unseen)
        rng.shuffle(stock)
        pool = iter(stock)
        common = board + [next(pool) for _ in range(shared + to_board)]
        dealt = [mine + [next(pool) for _ in range(max(0, total - len(mine)))]]
        for rival in rivals:
            theirs = held[rival.seat]
            dealt += [theirs + [next(pool) for _ in range(max(0, total - len(theirs)))]
                      for _ in range(candidates[rival.seat])]
        hands = iter(dealt)   # every hand is dealt before anyone draws from what is left
        values: dict[int, Values] = {
            seat: game.evaluate(settings, drawn(next(hands), pool), common, view=view)}
        for rival in rivals:
            options = [game.evaluate(settings, drawn(next(hands), pool), common, view=view)
                       for _ in range(candidates[rival.seat])]
            values[rival.seat] = min(options, key=lambda v: _pot_share(
                types.qualifier, seat, {seat: values[seat], rival.seat: v})) \
                if len(options) > 1 else options[0]
        won += _pot_share(types.qualifier, seat, values)
    return won / deals


KEPT_TRIES = 240
"""The random hands dealt to find what a rival who drew kept (a rival who stood pat kept
a made hand, rare among random ones): a bound on the decision's time."""
KEPT_SETS = 24
"""The kept cards found for a rival that are enough to stand for its hand."""
DRAW_READ = 0.5
"""The share of the deals in which a rival who drew holds cards a player keeps; in the
others, a random hand. A draw says what a player kept only if it draws as this one does:
a person may stand pat on nothing or keep a kicker."""


def _kept_sets(types: HandTypes, wild: WildCards | None, unseen: Sequence[Card], size: int,
               keeps: int, rng: random.Random) -> list[tuple[Card, ...]]:
    """Cards a rival who drew may have kept: ``keeps`` cards that a player drawing as the
    computer player does keeps of a random hand of ``size``. Empty when none is found in
    :data:`KEPT_TRIES` hands (the read is then left out)."""
    found: list[tuple[Card, ...]] = []
    for _ in range(KEPT_TRIES if len(unseen) >= size else 0):
        keep = kept_in_draw(types, rng.sample(unseen, size), wild)
        if len(keep) == keeps:
            found.append(keep)
            if len(found) == KEPT_SETS:
                break
    return found


def _read_draws(known: Mapping[int, list[Card]], kept_sets: Mapping[int, list[tuple[Card, ...]]],
                unseen: Sequence[Card], rng: random.Random
                ) -> tuple[dict[int, list[Card]], list[Card]]:
    """One deal's reading of the draws: each rival who drew holds cards it would have kept
    (one of ``kept_sets``, in :data:`DRAW_READ` of the deals and unless another rival's
    holds one of them), and the stock the rest."""
    held = dict(known)
    taken: set[Card] = set()
    for seat, sets in kept_sets.items():
        keep = rng.choice(sets)
        if rng.random() < DRAW_READ and taken.isdisjoint(keep):
            held[seat] = list(keep)
            taken.update(keep)
    return held, [c for c in unseen if c not in taken]


def keep_shares(state: HandState, view: HandView, seat: int, rng: random.Random, *,
                keeps: Sequence[Sequence[Card]], size: int, trials: int,
                numpy_deals: bool = False) -> list[float]:
    """The seat's share of the pot with each of the hands it may keep (after a throw-away
    or a pass), every hand filled to ``size`` cards: the same ``trials`` deals for every
    choice, so only the cards kept differ, against random hands for the rivals (their up
    cards kept) and the rest of the board. Hands are scored in one batch where the game's
    hand types allow (``engine.bots.keep_batch``: the same shares, sooner);
    ``numpy_deals`` draws the deals in one batch too (``keep_batch.deal_keeps``)."""
    game, settings = state.game, state.settings
    plan = deal_plan(game.id, players=game.player_counts(settings)[0], settings=settings)
    board = [c for b in view.boards[:1] for c in b]
    to_board = max(0, (plan.boards[0] if plan.boards else 0) - len(board))
    rivals = [s for s in view.seats if s.seat != seat and not s.folded]
    if not rivals:
        return [1.0] * len(keeps)
    seen = set(board) | {c.card for s in view.seats for c in s.cards if c.card is not None}
    deals = deal_keeps(rng, unseen=[c for c in game.cards if c not in seen], trials=trials,
                       board=board, to_board=to_board, keeps=keeps, size=size,
                       rivals=[[c.card for c in r.cards if c.card is not None and not c.dead]
                               for r in rivals], numpy_deals=numpy_deals)
    types = batch_types(game, settings)
    batched = batch_shares(types, deals) if types is not None else None
    if batched is not None:
        return batched
    qualifier = game.hand_types(settings).qualifier
    won = [0.0] * len(keeps)
    for common, theirs, kept in deals.hands():
        values: dict[int, Values] = {
            r.seat: game.evaluate(settings, hand, common, view=view)
            for r, hand in zip(rivals, theirs, strict=True)}
        for index, hand in enumerate(kept):
            values[seat] = game.evaluate(settings, hand, common, view=view)
            won[index] += _pot_share(qualifier, seat, values)
    return [w / trials for w in won]


@dataclass(frozen=True)
class EquityBot:
    """A sensible player for any game: it measures its share of the pot against the
    hands the table's actions suggest (:func:`equity` with each rival's bets and raises
    read) and bets by :mod:`engine.bots.policy`: value bets, measured bluffs, pot odds,
    never a fold when checking is free. ``looseness`` adds to its measured share
    (positive plays more hands)."""

    name: str = "Computer player"
    looseness: float = 0.0
    trials: int = 60
    numpy_deals: bool = False
    """Whether it draws the trial deals that measure a keep in one numpy batch
    (:func:`keep_shares`): choices as good, sooner, but not the ones a seeded hand
    replays. The odds calculator's model of a seat, never a player at the table."""

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide now")
        kinds = {a.kind: a for a in legal}
        if ActionKind.MUCK in kinds:   # shows a hand that can win (mucking may be open to all)
            beaten = state.beaten_by_shown(seat)
            return kinds[ActionKind.MUCK if beaten or ActionKind.SHOW not in kinds
                         else ActionKind.SHOW]
        if ActionKind.DISCARD in kinds:    # a draw: keep what the hand types say can win
            return draw_choice(state, seat, legal)
        if set(kinds) <= CHOICE_KINDS:     # throw away, pass, roll, declare
            measure = partial(keep_shares, numpy_deals=True) if self.numpy_deals else \
                keep_shares
            return choice(state, seat, legal, rng, measure=measure)
        if ActionKind.PAY in kinds:        # a price to stay in: its pot odds, as a call
            view = state.view(seat)
            return pay_choice(equity(state, view, seat, rng, trials=self.trials), legal,
                              view.pot_total)
        if not any(k.is_betting for k in kinds):
            return rng.choice(legal)
        view = state.view(seat)
        rivals = [s.seat for s in view.seats if s.seat != seat and not s.folded]
        reads = {r: suggested_strength(view, r) for r in rivals}
        share = equity(state, view, seat, rng, trials=self.trials, reads=reads)
        call = kinds.get(ActionKind.CALL)
        to_call = (call.amount or 0) if call is not None else 0
        fixed = state.game.structure(state.settings) is Structure.FIXED_LIMIT
        risky = not fixed and to_call * 4 > view.seats[seat].stack
        if risky:  # chips that count: a second, larger simulation steadies the estimate
            more = equity(state, view, seat, rng, trials=max(self.trials * 3, RISKY_TRIALS),
                          reads=reads)
            share = (share + 3 * more) / 4
        measured = Measured(share=min(1.0, share + self.looseness), hands=1 + len(rivals),
                            to_call=to_call, price=price_of(view, seat, to_call), risky=risky)
        return betting_choice(state, seat, legal, measured, rng)

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        """The measure and the price, and what its up cards show, in the game's own order."""
        if action.kind in CHOICE_KINDS:
            return choice_words(action)
        legal = state.legal_actions(seat)
        if any(a.kind is ActionKind.PAY for a in legal):
            return pay_words(legal, state.view(seat).pot_total)
        if action.kind is ActionKind.DISCARD:
            return draw_words(len(action.cards),
                              state.game.hand_types(state.settings).describe())
        up = state.up_cards(seat)
        words = state.game.describe_showing(state, seat) if up else ""
        showing = words[:1].lower() + words[1:]   # a wild card named keeps its capital
        return betting_words(state, seat, action, shows=showing) or None
