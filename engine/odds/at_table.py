"""Odds for the hand in front of you, in any registered game, settled as the engine settles.

A :class:`Spot` is a hand as one viewer knows it: the game, the players, the
decisions so far (:class:`Step`, with cards named by their place in the seat's
hand, so a decision replays on any deal), the cards each seat holds now with
``None`` for a card the viewer cannot see, the boards, and dead cards. Every
unseen card is dealt at random from the cards nobody typed; the engine replays
the decisions on that deal, everyone still in goes to the showdown without
betting more, a choice still to come is made as the game's computer player
makes it, and the engine's own settlement says who takes which part of the pot.
So the answer is right for any game the registry holds, without an odds model
of its own.

When no choice is left to make and there are few enough deals to play them all
within about a second (:data:`DEALS_PER_SECOND`, a count, so the same spot gets
the same kind of answer on any machine, however busy), every deal is counted
(exact); otherwise deals are sampled for about a second and each figure carries
its 95% interval.

Seventh street, your wheel against three kings with one down card unseen: nine
of the 39 cards give the kings a full house or four of a kind.

>>> import numpy as np
>>> from engine.cards import parse_cards as p
>>> spot = Spot.build("seven-card-stud", players=2, street="7th street",
...                   seats=[p("Ah Ad 2c 3d 4h 5s 9c"), [*p("Kc Kd Ks 7c 8d 9h"), None]])
>>> answer = solve_spot(spot, rng=np.random.default_rng(1))
>>> answer.exact, answer.deals, f"{answer['share/1'].value:.4f}", 9 / 39
(True, 39, '0.2308', 0.23076923076923078)
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from engine.actions import Passed
from engine.bots import Bot, EquityBot, bot_for
from engine.cards import Card, deck_words
from engine.deals import earns_cards, regular_deck
from engine.games import get_game, make_settings, new_hand
from engine.games.base import Game, Settings
from engine.games.opening_hand import staying_in
from engine.odds.at_table_fast import (
    FAST_EVALUATIONS,
    Showdown,
    count,
    sample_showdown,
    showdown_of,
)
from engine.odds.inputs import OddsInputError
from engine.odds.tally import Answer, Estimate, Tally
from engine.state import Action, ActionKind, HandState, HandView, IllegalAction, seat_name

__all__ = ["BETTING", "PASSED_CARDS", "TYPED_ORDER", "Orders", "Prepared", "Spot", "Step",
           "apply_choice", "choose_given", "default_option", "follows", "follows_typing",
           "normal", "passive", "points",
           "prepare", "replay_to_end", "reveals_only", "solve_spot", "spot_from_hand", "step_of",
           "typed_default"]

BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                     ActionKind.RAISE, ActionKind.COMPLETE, ActionKind.BRING_IN,
                     ActionKind.SHOW, ActionKind.MUCK})
"""Betting and showing: the decisions that move chips, not cards or choices."""
_PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)
SECONDS = 1.0
"""About how long an answer may take: exact within it, otherwise sampled for it."""
DEALS_PER_SECOND = 100
"""Deals the engine plays in a second in its slowest games (wild cards, declarations: about
ten milliseconds a deal; plain stud takes two): an exact count of at most this many for each
second allowed fits in it. A count rather than a timing, so that whether a spot is counted
exactly never hangs on the machine's speed or load."""
TARGET = 0.01
"""Sampling stops early once every figure is within one percentage point."""


@dataclass(frozen=True, slots=True)
class Step:
    """One decision, with its cards given as places (0-based) in the seat's hand at the
    time, so that it can be made again on any deal."""

    seat: int
    kind: ActionKind
    amount: int | None = None
    places: tuple[int, ...] = ()
    choice: int | str | None = None

    def action(self, state: HandState) -> Action:
        """The engine's action for this step on ``state``'s cards."""
        held = state.cards[self.seat]
        if any(not 0 <= i < len(held) for i in self.places):
            raise IllegalAction(f"{seat_name(self.seat)} holds no card at that place")
        cards = tuple(held[i].card for i in self.places)
        return Action(self.seat, self.kind, amount=self.amount, cards=cards, choice=self.choice)

    def text(self) -> str:
        """A compact form for links: ``seat.kind.amount.places.choice``."""
        places = "-".join(map(str, self.places))
        amount = "" if self.amount is None else str(self.amount)
        choice = "" if self.choice is None else str(self.choice)
        return f"{self.seat}.{self.kind.value}.{amount}.{places}.{choice}"

    @staticmethod
    def parse(text: str) -> Step:
        """Read :meth:`text` back; ``ValueError`` for anything else."""
        parts = text.split(".")
        if len(parts) != 5:
            raise ValueError(f"{text!r} is not a decision")
        seat, kind, amount, places, choice = parts
        chosen: int | str | None = None
        if choice:
            chosen = int(choice) if choice.isdigit() else choice
        return Step(int(seat), ActionKind(kind), int(amount) if amount else None,
                    tuple(int(i) for i in places.split("-")) if places else (), chosen)


def step_of(state: HandState, action: Action) -> Step:
    """The step for ``action`` on ``state`` (before it is applied)."""
    places: list[int] = []
    held = [h.card for h in state.cards[action.seat]]
    for card in action.cards:
        places.append(held.index(card))
    return Step(action.seat, action.kind, action.amount, tuple(places), action.choice)


def passive(state: HandState, seat: int, legal: Sequence[Action] | None = None) -> Action:
    """Check, call, bring in or show (else the first option): everyone stays in; where a
    round awaits openers, the first holding them opens (checking round would pass the hand
    out). ``legal`` saves asking the state again."""
    legal = legal if legal is not None else state.legal_actions(seat)
    opening = staying_in(state, legal)
    if opening is not None:
        return opening
    for kind in _PASSIVE:
        for action in legal:
            if action.kind is kind:
                return action
    return legal[0]


TYPED_ORDER = frozenset({ActionKind.LOCK_PAIRS, ActionKind.SACRIFICE})
"""Choices the order of a seat's typed cards says: its pairs as typed, the pair typed last
sacrificed first, so the pair typed first is the one it keeps to the end."""


def _pairs(places: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Places two by two, each pair in order and the pairs by their first place."""
    return tuple(sorted(tuple(sorted(places[i:i + 2])) for i in range(0, len(places), 2)))


def normal(step: Step) -> Step:
    """``step`` with its places in one order for the same choice, the order the cards lie in
    the hand (a lock's pairs too, so that a locked hand is held in the same order on every
    deal)."""
    if step.kind is not ActionKind.LOCK_PAIRS:
        return replace(step, places=tuple(sorted(step.places)))
    return replace(step, places=tuple(i for pair in _pairs(step.places) for i in pair))


def default_option(kind: ActionKind, options: Sequence[Step]) -> int:
    """The option taken when none is given: the cards typed first (the pairs as typed,
    the first cards turned up or exposed, standing pat), but the pair typed last for a
    sacrifice (type the pairs best first). It hangs on places alone, never on which cards
    were dealt, so every deal makes the same choice."""
    if kind is ActionKind.SACRIFICE:
        return max(range(len(options)), key=lambda i: sorted(options[i].places))
    if kind is ActionKind.LOCK_PAIRS:
        return min(range(len(options)), key=lambda i: _pairs(options[i].places))
    return min(range(len(options)), key=lambda i: (len(options[i].places),
                                                   sorted(options[i].places)))


def typed_default(state: HandState, seat: int, legal: Sequence[Action]) -> Action:
    """The option :func:`default_option` names among ``legal``."""
    options = [normal(step_of(state, a)) for a in legal]
    return options[default_option(legal[0].kind, options)].action(state)


Orders = dict[int, tuple[Card, ...]]
"""Per seat, the order a lock named its cards in (see :func:`apply_choice`)."""


def apply_choice(state: HandState, action: Action, orders: Orders) -> None:
    """Apply ``action``. A choice naming every card the seat holds (a lock) leaves them held
    in the order it named them, not sorted by what was dealt (kept in ``orders``, since a
    choice made at once takes effect only when the last seat has chosen), so a later choice's
    places name the same cards on every deal."""
    held = state.cards[action.seat]
    if len(action.cards) == len(held) > 1 and {h.card for h in held} == set(action.cards):
        orders[action.seat] = action.cards
    state.apply(action)
    for seat, order in orders.items():
        by_card = {h.card: h for h in state.cards[seat]}
        if set(by_card) == set(order):
            state.cards[seat] = [by_card[c] for c in order]


def _canonical(state: HandState, step: Step) -> Step:
    """A legal choice of the same kind and number of cards: for a secret choice whose cards
    the viewer cannot see (any such choice is as good as any other on unseen cards)."""
    for action in state.legal_actions(step.seat):
        if action.kind is step.kind and len(action.cards) == len(step.places):
            return step_of(state, action)
    return step


Cards = tuple[Card | None, ...]


@dataclass(frozen=True)
class Spot:
    """A hand as one viewer knows it (see the module docstring)."""

    game_id: str
    players: int
    settings: tuple[tuple[str, Any], ...]
    steps: tuple[Step, ...]
    seats: tuple[Cards, ...]
    boards: tuple[Cards, ...] = ()
    dead: tuple[Card, ...] = ()
    street: str | None = None
    choices: tuple[Step, ...] = ()
    stacks: tuple[int, ...] = ()
    """Each seat's chips at the deal, when not the game's setting (a night's table)."""

    @staticmethod
    def build(game_id: str, *, players: int, seats: Sequence[Sequence[Card | None]],
              boards: Sequence[Sequence[Card | None]] = (), dead: Sequence[Card] = (),
              settings: Mapping[str, Any] | None = None, steps: Sequence[Step] = (),
              street: str | None = None, choices: Sequence[Step] = ()) -> Spot:
        """A spot: the ``steps`` made so far, then (with ``street``) everyone checking or
        calling up to that street's first decision; ``choices`` are the choices (not
        bets) made on the way or still to come, each used at its seat's next decision of
        its kind, in order."""
        chosen = tuple(sorted((settings or {}).items()))
        if street is not None and street not in points(game_id, players, chosen):
            raise OddsInputError(f"{get_game(game_id).name} has no street called {street!r}")
        return Spot(game_id, players, chosen, tuple(steps),
                    tuple(tuple(s) for s in seats), tuple(tuple(b) for b in boards),
                    tuple(dead), street, tuple(choices))

    def rules(self) -> Settings:
        return make_settings(get_game(self.game_id), dict(self.settings))


@lru_cache(maxsize=64)
def points(game_id: str, players: int,
           settings: tuple[tuple[str, Any], ...] = ()) -> tuple[str, ...]:
    """The streets a spot can stand at, in order (the showdown left out)."""
    state = new_hand(game_id, players=players, seed=0, settings=dict(settings))
    streets: list[str] = []
    while not state.is_over:
        if state.street not in streets and state.street.lower() != "showdown":
            streets.append(state.street)
        state.apply(passive(state, state.to_act[0]))
    return tuple(streets)


def _name(seat: int) -> str:
    return seat_name(seat)


def _check_cards(spot: Spot, deck: Sequence[Card]) -> None:
    seen: dict[Card, str] = {}
    in_deck = set(deck)
    groups = [(_name(s), cards) for s, cards in enumerate(spot.seats)]
    groups += [("the board" if len(spot.boards) == 1 else f"board {b + 1}", cards)
               for b, cards in enumerate(spot.boards)]
    groups += [("the dead cards", spot.dead)]
    for where, cards in groups:
        for card in cards:
            if card is None:
                continue
            if card not in in_deck:
                raise OddsInputError(f"{card} in {where} is not in this game's deck of "
                                     f"{len(deck)} cards{deck_words(deck)}")
            if card in seen:
                both = f"twice in {where}" if seen[card] == where else \
                    f"both in {seen[card]} and in {where}"
                raise OddsInputError(f"{card} is {both}: each card exists only once")
            seen[card] = where


@dataclass(frozen=True)
class Prepared:
    """A spot made ready to deal: the template deck, where the known cards sit in it, and
    the deck positions each seat and board will be dealt."""

    spot: Spot
    settings: Settings
    known: Mapping[int, Card]
    """Deck position -> the typed card that must be there."""
    free: tuple[int, ...]
    """Every other position, dealt from the pool."""
    pool: tuple[Card, ...]
    groups: tuple[tuple[int, ...], ...]
    """Free positions that end in one seat's hand or on one board, per place: an exact
    count deals each group a set of cards."""
    open_choices: bool
    """Whether a choice (not a bet) is still to come: then only sampling is fair."""
    folded: frozenset[int]
    deck: tuple[Card, ...] = ()
    """The deck with the typed cards in place and the others in any order."""
    showdown: Showdown | None = None
    """The spot's plain showdown, for the batch evaluator (``at_table_fast``), if it has
    one."""
    earns: bool = False
    """Whether a card dealt may earn its seat another (Baseball's face-up four): then an
    untyped card can move every later one along, and each deal puts the typed cards where
    its own deal sends them (:func:`_typed_in_place`), which only a sample counts fairly."""

    def deals(self) -> int:
        """How many different deals of the pool to the groups there are."""
        left, total = len(self.pool), 1
        for group in self.groups:
            total *= math.comb(left, len(group))
            left -= len(group)
        return total


Queue = list[Step]


def choose_given(state: HandState, seat: int, queue: Queue,
                 legal: Sequence[Action] | None = None) -> Action | None:
    """The next choice given for this seat and decision, taken off the queue; ``None`` when
    none is given, or when the one given is not among the choices the cards allow here (a
    choice set for other cards, since changed), which then goes as if never set."""
    legal = legal if legal is not None else state.legal_actions(seat)
    kinds = {a.kind for a in legal}
    for index, step in enumerate(queue):
        if step.seat == seat and step.kind in kinds:
            del queue[index]
            try:
                action = step.action(state)
            except IllegalAction:
                return None
            allowed = {normal(step_of(state, a)) for a in legal}
            return action if normal(step_of(state, action)) in allowed else None
    return None


def _replay(spot: Spot, settings: Settings,
            deck: Sequence[Card]) -> tuple[HandState, Queue, Orders]:
    """The hand on ``deck`` up to the spot: its steps, then on to its street."""
    state, queue, orders, error = _lenient(spot, settings, deck)
    if error is not None:
        raise error
    return state, queue, orders


def _lenient(spot: Spot, settings: Settings,
             deck: Sequence[Card]) -> tuple[HandState, Queue, Orders, IllegalAction | None]:
    """As :func:`_replay`, but stopping at a step that cannot be made, with the reason."""
    state = new_hand(spot.game_id, players=spot.players, seed=0, settings=settings, deck=deck,
                     stacks=spot.stacks or None)
    if spot.dead:
        state.deck.set_aside(set(spot.dead))
    queue = list(spot.choices)
    orders: Orders = {}
    try:
        for step in spot.steps:
            if state.is_over:
                raise IllegalAction("the hand is already over")
            apply_choice(state, step.action(state), orders)
        if spot.street is not None:
            while not state.is_over and state.street != spot.street:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                if all(a.kind in BETTING for a in legal):
                    state.apply(passive(state, seat, legal))
                else:
                    given = choose_given(state, seat, queue, legal)
                    apply_choice(state, given or typed_default(state, seat, legal), orders)
            if state.is_over:
                raise IllegalAction(f"the hand ended before {spot.street}")
    except IllegalAction as error:
        return state, queue, orders, error
    return state, queue, orders, None


def _places(spot: Spot, state: HandState, deck: Sequence[Card], *,
            final: bool) -> dict[int, Card]:
    """Deck position -> typed card, for every typed card already dealt in ``state`` (all of
    them when ``final``: too many typed is then an error)."""
    position = {card: i for i, card in enumerate(deck)}
    known: dict[int, Card] = {}
    for seat, cards in enumerate(spot.seats):
        held = state.cards[seat]
        if final and len(cards) > len(held):
            raise OddsInputError(f"{_name(seat)}: {len(cards)} cards typed, but at this point "
                                 f"the seat holds {len(held)}")
        for place, card in enumerate(cards[:len(held)]):
            if card is not None:
                known[position[held[place].card]] = card
    for index, cards in enumerate(spot.boards):
        board = state.boards[index] if index < len(state.boards) else []
        if final and len(cards) > len(board):
            name = "the board" if len(spot.boards) <= 1 else f"board {index + 1}"
            raise OddsInputError(f"{len(cards)} cards typed for {name}, but at this point it "
                                 f"has {len(board)}")
        for place, card in enumerate(cards[:len(board)]):
            if card is not None:
                known[position[board[place]]] = card
    return known


def follows_typing(spot: Spot, seat: int, kind: ActionKind) -> bool:
    """Whether a choice still to come is made as the seat's cards were typed (a seat whose
    cards you typed keeps its pairs as typed) rather than by the computer player. A table's
    hand (no street named: its decisions say where it stands) was not typed, so its choices
    to come are the computer player's, as a real decision ahead."""
    return kind in TYPED_ORDER and spot.street is not None and seat < len(spot.seats) and \
        any(c is not None for c in spot.seats[seat])


def _finish(state: HandState, rng: random.Random, queue: Queue, *, spot: Spot,
            orders: Orders) -> None:
    """Everyone still in goes to the showdown; a choice is the one given, else as typed
    (:func:`follows_typing`), else the first one when it only turns cards up
    (:func:`reveals_only`: no share hangs on which), else the computer player's."""
    bots: dict[int, Any] = {}
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if all(a.kind in BETTING for a in legal):
            state.apply(passive(state, seat, legal))
            continue
        given = choose_given(state, seat, queue, legal)
        if given is None and follows_typing(spot, seat, legal[0].kind):
            given = typed_default(state, seat, legal)
        if given is None and reveals_only(state):
            given = legal[0]
        if given is None:
            if seat not in bots:
                bots[seat] = _model_of(bot_for(state.game.id))
            given = bots[seat].choose(state, seat, rng)
        apply_choice(state, given, orders)


def _model_of(bot: Bot) -> Bot:
    """The computer player as a deal's model of a seat: the general player draws the trial
    deals that measure its keeps in one batch (``EquityBot.numpy_deals``), its choices as
    good and many times sooner; any other as it plays."""
    return replace(bot, numpy_deals=True) if isinstance(bot, EquityBot) else bot


def reveals_only(state: HandState) -> bool:
    """Whether the choice ``state`` waits on only turns cards face up (Anaconda's rolls)
    in a game whose showdown reads only the cards held (no wild card, no hole card that
    counts, pots shared the usual way): the calculator bets no more, so any way it is
    made gives the same shares, and a count stays exact (or goes to the batch evaluator)."""
    game = state.game
    if not getattr(state.phase, "reveals_only", False) or not isinstance(game, Game):
        return False
    kind = type(game)
    return kind.award_pot is Game.award_pot and kind.seat_wild is Game.seat_wild \
        and kind.table_wild is Game.table_wild


def prepare(spot: Spot) -> Prepared:
    """Check the spot and lay out its deck; ``OddsInputError`` says what is wrong."""
    try:
        return _prepare(spot)
    except (RuntimeError, ValueError) as error:  # the stock ran out: dead cards made it short
        if not spot.dead or isinstance(error, OddsInputError):
            raise
        typed = {c for cards in (*spot.seats, *spot.boards) for c in cards if c is not None}
        unseen = len(get_game(spot.game_id).cards) - len(typed | set(spot.dead))
        raise OddsInputError(f"Too many dead cards: the {unseen} cards left unseen are fewer "
                             "than the hand still deals (burned cards included)") from None


def _prepare(spot: Spot) -> Prepared:
    try:
        game = get_game(spot.game_id)
        settings = spot.rules()
        game.check_players(spot.players, settings)
    except ValueError as error:
        raise OddsInputError(str(error)) from None
    if len(spot.seats) > spot.players:
        raise OddsInputError(f"Cards are typed for {len(spot.seats)} seats, but there are only "
                             f"{spot.players} players")
    _check_cards(spot, game.cards)
    typed = {c for cards in (*spot.seats, *spot.boards) for c in cards if c is not None}
    typed |= set(spot.dead)
    # Untyped cards stand in from a deck on which nobody earns an extra card (Baseball's
    # four), so an untyped hand has the game's regular shape.
    base = regular_deck(spot.game_id, players=spot.players, settings=settings) \
        if earns_cards(spot.game_id) else game.cards
    order = [c for c in base if c not in typed] + [c for c in base if c in typed]
    # Who acts when may hang on the up cards, so the typed cards are put in place street by
    # street: each pass plays as far as the cards placed so far allow. Too many cards typed
    # is told only once they are all in place: a card placed may earn its seat another
    # (Baseball's face-up four).
    known: dict[int, Card] = {}
    deck = order
    for _ in range(16):
        state, _, _, stopped = _lenient(spot, settings, deck)
        found = _places(spot, state, deck, final=False)
        if found == known:
            _places(spot, state, deck, final=stopped is None)
            if stopped is not None:
                raise OddsInputError(f"The decisions so far cannot be made: {stopped}")
            break
        known = found
        rest = [i for i in range(len(order)) if i not in known]
        deck = _layout(known, rest, [c for c in order if c not in set(known.values())])
    # Dead cards lie at the bottom of the deck, below anything a hand can reach.
    spare = [i for i in reversed(range(len(order))) if i not in known]
    if len(spot.dead) > len(spare):
        raise OddsInputError("Too many dead cards: the deck has no room left for them")
    for card, place in zip(spot.dead, spare, strict=False):
        known[place] = card
    free = tuple(i for i in range(len(order)) if i not in known)
    pool = tuple(c for c in base if c not in set(known.values()))
    template = _layout(known, free, pool)
    folded = frozenset(s for s in range(spot.players) if state.table.folded[s])
    probe, queue, orders = _replay(spot, settings, template)
    open_choices = False
    while not probe.is_over:
        seat = probe.to_act[0]
        legal = probe.legal_actions(seat)
        if all(a.kind in BETTING for a in legal):
            probe.apply(passive(probe, seat, legal))
            continue
        try:
            given = choose_given(probe, seat, queue, legal)
            if given is None and follows_typing(spot, seat, legal[0].kind):
                given = typed_default(probe, seat, legal)
            open_choices |= given is None and not reveals_only(probe)
            apply_choice(probe, given or legal[0], orders)
        except IllegalAction as error:
            raise OddsInputError(f"The choices set cannot be made: {error}") from None
    _check_dead_untouched(spot, probe, len(pool))
    ends: dict[tuple[str, int], list[int]] = {}
    where = {card: i for i, card in enumerate(template)}
    for seat in range(spot.players):
        # A dead card (a sacrificed pair) plays no part at the showdown: an exact count need
        # not deal it every way, only leave it out of the cards the others may be dealt.
        for held_card in probe.cards[seat]:
            if not held_card.dead:
                ends.setdefault(("seat", seat), []).append(where[held_card.card])
    for index, board in enumerate(probe.boards):
        for card in board:
            ends.setdefault(("board", index), []).append(where[card])
    free_set = set(free)
    groups = tuple(tuple(sorted(p for p in places if p in free_set))
                   for places in ends.values())
    fast = showdown_of(probe, open_choices=open_choices, where=where,
                       known={p: c.code for p, c in known.items()},
                       pool=[c.code for c in pool])
    return Prepared(spot, settings, known, free, pool, tuple(g for g in groups if g),
                    open_choices, folded, tuple(template), fast, earns_cards(spot.game_id))


def _check_dead_untouched(spot: Spot, state: HandState, unseen: int) -> None:
    """Dead cards are out of play, yet they lie in the deck's bottom: a stock left too small
    for the cards still to come would deal them, and answer for a hand that cannot be."""
    dealt = {h.card for held in state.cards for h in held}
    dealt |= {c for board in state.boards for c in board}
    dealt |= {*state.deck.burned, *state.deck.discards}
    if dealt & set(spot.dead):
        raise OddsInputError(f"Too many dead cards: the {unseen} cards left unseen are fewer "
                             "than the hand still deals (burned cards included)")


def _layout(known: Mapping[int, Card], free: Sequence[int],
            cards: Sequence[Card]) -> list[Card]:
    deck: list[Card | None] = [None] * (len(known) + len(free))
    for place, card in known.items():
        deck[place] = card
    for place, card in zip(free, cards, strict=True):
        deck[place] = card
    return [c for c in deck if c is not None]


Outcome = dict[str, float]


def outcome(state: HandState) -> Outcome:
    """Per seat: its share of everything awarded, whether it took it all (a scoop), whether
    it shared an award (a tie), and its share of each named part ("the high half").

    A share counts each part of a pot as an even part of it and each tied award as shared
    evenly: the odd chips of the small pots the spot is played for (everyone checking or
    calling) would otherwise read as an edge, 37.5% for one of three hands that tie."""
    settlement = state.settlement
    assert settlement is not None
    awards = [a for a in settlement.awards if a.amount]
    parts_of = Counter((a.pot, a.pot_amount) for a in awards if a.part and a.pot_amount)
    amounts = [a.pot_amount / parts_of[(a.pot, a.pot_amount)] if a.part and a.pot_amount
               else float(a.amount) for a in awards]
    total = sum(amounts) or 1.0
    won = [0.0] * state.players
    parts: dict[str, list[float]] = {}
    part_total: dict[str, float] = {}
    tied: set[int] = set()
    for award, amount in zip(awards, amounts, strict=True):
        if len(award.winners) > 1:
            tied.update(award.winners)
        each = amount / len(award.winners)
        for seat in award.winners:
            won[seat] += each
        if award.part:
            part_total[award.part] = part_total.get(award.part, 0.0) + amount
            row = parts.setdefault(award.part, [0.0] * state.players)
            for seat in award.winners:
                row[seat] += each
    values: Outcome = {}
    for seat in range(state.players):
        values[f"share/{seat}"] = won[seat] / total
        values[f"scoop/{seat}"] = float(abs(won[seat] - total) < 1e-9)
        values[f"tie/{seat}"] = float(seat in tied)
        for part, row in parts.items():
            values[f"{part}/{seat}"] = row[seat] / part_total[part]
    return values


def _deal(prepared: Prepared, cards: Sequence[Card], seed: int) -> Outcome | None:
    try:
        state, queue, orders = hand_at_spot(prepared, cards)
        _finish(state, random.Random(seed), queue, spot=prepared.spot, orders=orders)
    except (IllegalAction, RuntimeError):  # a step refused, or the stock short on this deal
        return None
    return outcome(state)


def hand_at_spot(prepared: Prepared, cards: Sequence[Card]) -> tuple[HandState, Queue, Orders]:
    """The hand up to the spot when the pool's ``cards`` fill the untyped places in this
    order; ``IllegalAction`` if the spot's steps cannot be made on this deal."""
    deck = _layout(prepared.known, prepared.free, cards)
    if prepared.earns:
        deck = _typed_in_place(prepared, cards, deck)
    return _replay(prepared.spot, prepared.settings, deck)


def _typed_in_place(prepared: Prepared, cards: Sequence[Card], deck: list[Card]
                    ) -> list[Card]:
    """``deck`` with each typed card moved to where this deal sends it: an untyped card
    that earns its seat another (Baseball's face-up four) deals every later card one
    place along, so the typed cards are put in place again, as :func:`prepare` does,
    until the hand up to the spot deals each to its own seat."""
    spot = prepared.spot
    dead = {place: card for place, card in prepared.known.items() if card in spot.dead}
    typed = {place: card for place, card in prepared.known.items() if place not in dead}
    for _ in range(16):
        state, _, _, _ = _lenient(spot, prepared.settings, deck)
        found = _places(spot, state, deck, final=False)
        if found == typed:
            return deck
        typed = found
        known = {**typed, **dead}
        deck = _layout(known, [i for i in range(len(deck)) if i not in known], cards)
    raise IllegalAction("the typed cards cannot all be dealt where they were typed")


def replay_to_end(prepared: Prepared) -> tuple[HandState, dict[Card, int]]:
    """The hand on the spot's template deck played to its end, and each card's deck place."""
    deck = list(prepared.deck)
    state, queue, orders = _replay(prepared.spot, prepared.settings, deck)
    _finish(state, random.Random(0), queue, spot=prepared.spot, orders=orders)
    return state, {card: i for i, card in enumerate(deck)}


def _exact_deals(prepared: Prepared) -> Iterator[list[Card]]:
    """Every deal of the pool to the groups, each once (the rest of the pool in order)."""
    pool = list(prepared.pool)
    group_of = {p: g for g, places in enumerate(prepared.groups) for p in places}
    others = [p for p in prepared.free if p not in group_of]

    def deal(g: int, left: list[Card], chosen: list[tuple[Card, ...]]) -> Iterator[list[Card]]:
        if g == len(prepared.groups):
            by_place: dict[int, Card] = {}
            for places, cards in zip(prepared.groups, chosen, strict=True):
                by_place.update(zip(places, cards, strict=True))
            by_place.update(zip(others, left, strict=False))
            yield [by_place[p] for p in prepared.free]
            return
        for cards in combinations(left, len(prepared.groups[g])):
            taken = set(cards)
            yield from deal(g + 1, [c for c in left if c not in taken], [*chosen, cards])

    yield from deal(0, pool, [])


def _tally(rows: list[Outcome], names: list[str]) -> Tally:
    for row in rows:
        for name in row:
            if name not in names:
                names.append(name)
    matrix = np.array([[row.get(n, 0.0) for n in names] for row in rows]) if rows else \
        np.zeros((0, len(names)))
    return Tally.of(names, matrix)


def _widen(tally: Tally, names: Sequence[str]) -> Tally:
    if tally.names == tuple(names):
        return tally
    index = {n: i for i, n in enumerate(tally.names)}
    sums = np.array([tally.sums[index[n]] if n in index else 0.0 for n in names])
    squares = np.array([tally.squares[index[n]] if n in index else 0.0 for n in names])
    return Tally(tuple(names), tally.count, sums, squares)


@dataclass
class _Counter:
    names: list[str] = field(default_factory=list)
    tally: Tally | None = None
    refused: int = 0

    def add(self, rows: list[Outcome | None]) -> None:
        kept = [r for r in rows if r is not None]
        self.refused += len(rows) - len(kept)
        if not kept:
            return
        chunk = _tally(kept, self.names)
        total = _widen(self.tally, self.names) if self.tally is not None else \
            Tally.empty(self.names)
        self.tally = total + _widen(chunk, self.names)


Progress = Callable[[float, str], None]


def solve_spot(spot: Spot | Prepared, *, rng: np.random.Generator, seconds: float = SECONDS,
               target: float = TARGET, progress: Progress | None = None,
               sample: bool = False, min_deals: int = 200) -> Answer:
    """Each seat's share of the pot (``share/<seat>``), scoops, ties and each named part,
    exact when every deal fits in ``seconds`` (:data:`DEALS_PER_SECOND`; and no choice is
    left), else sampled."""
    prepared = spot if isinstance(spot, Prepared) else prepare(spot)
    if len(prepared.folded) == prepared.spot.players - 1:
        return _uncontested(prepared)
    fast = prepared.showdown
    if fast is not None:
        evaluations = fast.deals() * fast.evaluations()
        if not sample and evaluations <= FAST_EVALUATIONS:
            return count(fast)
        why = "you asked for a sample" if sample else \
            (f"its {fast.deals():,} deals need {evaluations / 1e6:,.0f} million hand "
             "evaluations, more than fit in about a second")
        out = prepared.folded | (set(range(fast.players)) - set(fast.contenders))
        return _out_for_certain(replace(sample_showdown(fast, rng=rng, seconds=seconds,
                                                        target=target), why=why), out)
    started = time.perf_counter()
    counter = _Counter()
    total = prepared.deals()
    allowed = max(seconds, SECONDS)
    within = int(DEALS_PER_SECOND * allowed)
    if not sample and not prepared.open_choices and not prepared.earns and total <= within:
        batch: list[Outcome | None] = []
        for done, cards in enumerate(_exact_deals(prepared), start=1):
            batch.append(_deal(prepared, cards, 0))
            if len(batch) == 200:
                counter.add(batch)
                batch = []
                if progress is not None:
                    progress(done / total, f"Counted {done:,} of {total:,} deals")
        counter.add(batch)
        return _answer(counter, exact=True, started=started)
    pool = list(prepared.pool)
    while True:
        rows: list[Outcome | None] = []
        for _ in range(_batch(counter, started, seconds, min_deals)):
            # Plain ints index a list far faster than numpy's do.
            order = [pool[i] for i in rng.permutation(len(pool)).tolist()]
            rows.append(_deal(prepared, order, int(rng.integers(2**31))))
        counter.add(rows)
        spent = time.perf_counter() - started
        if counter.tally is None:
            if counter.refused >= 500:
                break
            continue
        widest = max(e.half_width for e in counter.tally.estimates(exact=False).values())
        if counter.tally.count >= min_deals and (spent >= seconds or widest <= target):
            break
        if progress is not None:
            progress(min(0.99, spent / seconds), f"Sampled {counter.tally.count:,} deals")
    if sample:
        why = "you asked for a sample"
    elif prepared.earns:
        why = ("a card dealt face up may earn its seat another, which moves every later "
               "card along: only a sample deals each hand its typed cards fairly")
    elif prepared.open_choices:
        why = ("a choice still to come is made on each deal as the computer player makes "
               "it at the table (by the same measure, over trial deals of its own), which "
               "only a sample treats fairly")
    else:
        time_allowed = "a second" if allowed == SECONDS else f"{allowed:g} seconds"
        why = (f"its {total:,} deals, each played through the game's own rules, are more "
               f"than the {within:,} that fit in about {time_allowed}")
    return _out_for_certain(replace(_answer(counter, exact=False, started=started), why=why),
                            prepared.folded)


def _uncontested(prepared: Prepared) -> Answer:
    """Everyone else has folded: the last seat takes the pot whatever the cards, so one deal
    gives every figure exactly."""
    started = time.perf_counter()
    counter = _Counter()
    counter.add([_deal(prepared, prepared.pool, 0)])
    return replace(_answer(counter, exact=True, started=started),
                   why="everyone else has folded, so the pot is settled whatever the cards")


def _out_for_certain(answer: Answer, out: Collection[int]) -> Answer:
    """A seat out of the hand (folded) takes no part of any pot on any deal: its figures are
    certain, so they carry no sampling interval (a sample of zeros alone would give one)."""
    if answer.exact or not out:
        return answer
    estimates = {name: Estimate(e.value, e.value, e.value)
                 if int(name.rsplit("/", 1)[1]) in out else e
                 for name, e in answer.estimates.items()}
    return replace(answer, estimates=estimates)


def _batch(counter: _Counter, started: float, seconds: float, min_deals: int) -> int:
    """How many deals to sample before looking at the clock again: up to 50, but no more
    than reach ``min_deals`` or fill the time left at the pace so far, so a game whose deals
    are slow (Omaha high-low settles each hand many ways) does not overrun its second by a
    whole batch. The deals drawn are the same; only where sampling stops moves."""
    done = counter.tally.count if counter.tally is not None else 0
    if done == 0:
        return min(50, min_deals)
    if done < min_deals:
        return min(50, min_deals - done)
    spent = time.perf_counter() - started
    pace = spent / (done + counter.refused)
    return max(1, min(50, math.ceil((seconds - spent) / pace)))


def _answer(counter: _Counter, *, exact: bool, started: float) -> Answer:
    if counter.tally is None or counter.tally.count == 0:
        raise OddsInputError("No deal of the unseen cards can be played from here: check "
                             "the cards and the decisions typed")
    return counter.tally.answer(exact=exact, seconds=time.perf_counter() - started)


PASSED_CARDS = ("the calculator deals each seat its own cards, and cannot follow cards "
                "passed from one player to another")
"""Why a hand after a pass (Anaconda) is not opened in the calculator."""


def follows(state: HandState) -> bool:
    """Whether the calculator can deal this hand again: no card has passed between seats."""
    return not any(isinstance(op, Passed) for op in state.record)


@dataclass(frozen=True, slots=True)
class HandSteps:
    """A hand's decisions as steps, each read on the hand as it stood before it, whoever
    looks: ``stand_ins`` holds, for a decision naming cards, a legal choice of the same
    kind and size (what a viewer who cannot see those cards is given), None for the
    others; ``waiting`` the kinds of choice a hand stopped at a choice made at once
    waits on (empty otherwise)."""

    steps: tuple[Step, ...]
    stand_ins: tuple[Step | None, ...]
    waiting: frozenset[ActionKind]


@dataclass(slots=True)
class _Replay:
    """One hand replayed up to some decision, with the steps read on the way; owned by
    whoever holds it (the cache, or the one call extending it)."""

    hand: HandState
    given: list[Action] = field(default_factory=list)
    """The decisions replayed, as they were given (the hand keeps them as it accepted them)."""
    steps: list[Step] = field(default_factory=list)
    stand_ins: list[Step | None] = field(default_factory=list)

    def extend(self, actions: Sequence[Action]) -> None:
        for action in actions:
            self.given.append(action)
            step = step_of(self.hand, action)
            self.stand_ins.append(_canonical(self.hand, step) if action.cards else None)
            self.steps.append(step)
            self.hand.apply(action)

    def read(self) -> HandSteps:
        hand = self.hand
        waiting: frozenset[ActionKind] = frozenset()
        if not hand.is_over and getattr(hand.phase, "simultaneous", False):
            waiting = frozenset(a.kind for s in hand.to_act for a in hand.legal_actions(s))
        return HandSteps(tuple(self.steps), tuple(self.stand_ins), waiting)


class HandReplays:
    """The latest replay of each of the last few hands asked about (at most ``most``): a
    hand asked about again after more decisions is replayed from where it was left, not
    from the deal, so a link made at every decision costs the new decisions alone. Shared
    by the server's threads: a replay is taken out under the lock while it is extended,
    and one asked for at once by another thread is replayed afresh."""

    __slots__ = ("_kept", "_lock", "_most")

    def __init__(self, most: int = 32) -> None:
        self._kept: dict[tuple[Any, ...], _Replay] = {}
        self._lock = threading.Lock()
        self._most = most

    def steps(self, state: HandState) -> HandSteps:
        """``state``'s decisions as steps (see :class:`HandSteps`)."""
        key = (state.game.id, state.players, state.seed, repr(state.settings),
               state.stacked, state.stacks_given)
        with self._lock:
            replay = self._kept.pop(key, None)
        done = 0 if replay is None else len(replay.given)
        if replay is None or replay.hand.game is not state.game or \
                state.actions[:done] != replay.given:
            replay, done = _Replay(new_hand(state.game.id, players=state.players,
                                            seed=state.seed, settings=state.settings,
                                            deck=state.stacked, stacks=state.stacks_given)), 0
        replay.extend(state.actions[done:])
        steps = replay.read()
        with self._lock:
            self._kept[key] = replay
            while len(self._kept) > self._most:
                del self._kept[next(iter(self._kept))]
        return steps


_REPLAYS = HandReplays()


def spot_from_hand(state: HandState, view: HandView) -> Spot:
    """The spot as ``view`` shows the hand (a seat's own view, the public table, a host's
    view with some hands revealed), holding only what that view shows: a secret choice on
    cards it does not show becomes a stand-in of the same kind and size, and a choice made
    at once that is not yet revealed is left to come (but the viewer's own). ``ValueError``
    for a hand the calculator cannot follow (:func:`follows`)."""
    if not follows(state):
        raise ValueError(f"This hand cannot be opened in the calculator: {PASSED_CARDS}.")
    viewer = view.viewer
    settings = tuple(sorted(state.settings.changes().items()))
    seen = {c.card for s in view.seats for c in s.cards if c.card is not None}
    seen |= {c for b in view.boards for c in b}
    read = _REPLAYS.steps(state)
    steps: list[Step] = []
    for action, step, stand_in in zip(state.actions, read.steps, read.stand_ins, strict=True):
        if stand_in is not None and any(c not in seen for c in action.cards):
            step = stand_in
        steps.append(step)
    # A secret choice made at once is revealed only when everyone has chosen: until then
    # the others' choices are left to come.
    if read.waiting:
        tail = len(steps)
        while tail > 0 and steps[tail - 1].kind in read.waiting:
            tail -= 1
        steps = steps[:tail] + [s for s in steps[tail:] if s.seat == viewer]
    seats = tuple(tuple(c.card for c in s.cards) for s in view.seats)
    return Spot(state.game.id, state.players, settings, tuple(steps), seats,
                tuple(tuple(b) for b in view.boards), stacks=state.stacks_given or ())
