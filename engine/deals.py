"""Deals typed in seat by seat: the stacked deck that gives each seat its cards.

``new_hand(deck=...)`` deals a stacked deck in the engine's own order: one
card at a time to each seat still in, from the dealer's left, burns,
tie-break cards and draws included. A host at a card table thinks per seat
instead ("Seat 1 has K♥ Q♥ and then 7♣ up"), so :func:`deck_from_seats` finds
the deck order that gives each seat (and each board) exactly the cards typed
for it, in the order typed, whatever the game.

The order depends on the decisions made: a seat that folds is dealt no more
cards, so the next street's cards come off the deck in a different order.
The deck is therefore found for a given list of actions, by tracing where
every position of the deck goes when the hand is played (the decisions
given, then a passive continuation in which nobody folds), giving each
position the typed card its destination expects, and repeating until the
order no longer changes. Cards nobody typed come from the seed's shuffle.
It is found decision by decision, keeping the cards already dealt before
each one in place, so adding a decision never changes a card on the table.

In a game with a draw (Psycho), a host may also type the cards each seat
receives when it exchanges: they wait at the bottom of the deck until the
seat's own draw is decided, and then the first as many as it exchanges are
the next cards off the top (see :func:`deck_from_seats` for fewer, more,
and a stock too small to hold them).

>>> from engine.cards import format_cards, parse_cards as p
>>> deck = deck_from_seats("seven-card-stud", players=2, seat_cards=[p("Ah Ad As"), p("2c 3c 4c")])
>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=2, seed=0, deck=deck)
>>> [format_cards(h.card for h in state.cards[s]) for s in range(2)]
['A♥ A♦ A♠', '2♣ 3♣ 4♣']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.cards import Card, require_in_deck
from engine.games import get_game, make_settings, new_hand
from engine.games.base import Settings
from engine.games.opening_hand import staying_in
from engine.games.phases import Showdown
from engine.state import Action, ActionKind, HandState, IllegalAction, seat_name

__all__ = ["DealError", "DealPlan", "card_count", "deal_plan", "deck_from_seats"]

_PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)
_MAX_ROUNDS = 40

Destination = tuple[str, int]
"""Where a card of the deck ends up: ("seat", n) dealt to seat n, ("board", n) on board
n, or ("draw", n) given to seat n in exchange for its own discards."""


class DealError(ValueError):
    """Typed cards that cannot be dealt; the message says why, in plain words."""


@dataclass(frozen=True, slots=True)
class DealPlan:
    """What the game deals when nobody folds or draws, and how much a seat may draw.

    ``seat_pattern`` is one letter per card dealt to each seat, in order,
    ``d`` face down and ``u`` face up; ``boards`` the number of cards on
    each board; ``draws`` the most cards a seat may receive for its own
    discards (0 when the game has no draw), and ``draw_stock`` the cards left
    in the stock when the draw begins.
    """

    seat_pattern: str
    boards: tuple[int, ...]
    draws: int = 0
    draw_stock: int = 0
    kept: int = 0
    """The cards each seat holds at the end, when fewer than it was dealt (Crazy
    Pineapple's three hole cards, one thrown away): 0 when it keeps them all."""

    @property
    def held(self) -> int:
        """The cards each seat holds at the showdown."""
        return self.kept or len(self.seat_pattern)

    @property
    def seat_cards(self) -> int:
        return len(self.seat_pattern)

    def describe(self) -> str:
        """``"7 cards each: down, down, up, up, up, up, down"``."""
        words = ", ".join("up" if c == "u" else "down" for c in self.seat_pattern)
        return f"{self.seat_cards} cards each: {words}"


@dataclass(slots=True)
class _Trace:
    """Where each card went in one played-through hand, and how it was dealt."""

    where: dict[Card, Destination]
    up: dict[Card, bool]
    complete: bool
    drawn: dict[int, int]
    """Cards each seat received for its own discards, fresh from the stock or not."""
    dealt: int
    """How many cards from the top of the deck have left the stock by the end of the
    given actions (shuffled-back discards follow the rest, so they are a run)."""
    held: int = 0
    """The cards seat 0 holds when the trace stops."""


def _passive(state: HandState, seat: int) -> Action:
    """A choice that keeps everyone in: check, call, bring in, show, else the first option
    (where a round awaits openers, the first holding them opens)."""
    legal = state.legal_actions(seat)
    opening = staying_in(state, legal)
    if opening is not None:
        return opening
    for kind in _PASSIVE:
        for action in legal:
            if action.kind is kind:
                return action
    return legal[0]


def _dealt_in_full(state: HandState) -> bool:
    """Whether no card is left to come: the hand is at its showdown (a game's last step,
    where hands are shown and the pot settled) or over. Plans stop there: showing and
    settling cost a replay more than its deal."""
    return state.is_over or isinstance(state.phase, Showdown)


def _trace(game_id: str, *, players: int, settings: Settings, seed: int,
           deck: Sequence[Card], actions: Sequence[Action],
           wanted: Mapping[Destination, int] | None = None) -> _Trace:
    """Play the hand on ``deck``: the actions, then passively until every destination
    in ``wanted`` has had that many cards (or, without ``wanted``, to the end).

    A card goes to its first destination. The cards a seat holds after its own
    discard and did not keep, up to as many as it discarded, are its draw (its
    own discards too, when the stock runs out and they are shuffled back); any
    more (a street dealt straight after the last draw) are dealt to it.
    """
    state = new_hand(game_id, players=players, seed=seed, settings=settings, deck=deck)
    where: dict[Card, Destination] = {}
    up: dict[Card, bool] = {}
    got: dict[Destination, int] = {}
    drawn: dict[int, int] = {}
    seen = [-1]

    def note(draw: Action | None = None, kept: frozenset[Card] = frozenset()) -> None:
        if state.deck.remaining == seen[0] and draw is None:
            return
        seen[0] = state.deck.remaining
        for seat in range(players):
            arrivals = 0
            for held in state.cards[seat]:
                place: Destination = ("seat", seat)
                if draw is not None and seat == draw.seat and held.card not in kept:
                    arrivals += 1
                    if arrivals <= len(draw.cards):
                        place = ("draw", seat)
                        drawn[seat] = drawn.get(seat, 0) + 1
                if held.card not in where:
                    where[held.card] = place
                    up[held.card] = held.up
                    got[place] = got.get(place, 0) + 1
        for index, board in enumerate(state.boards):
            for card in board:
                if card not in where:
                    where[card] = ("board", index)
                    got[("board", index)] = got.get(("board", index), 0) + 1

    def done() -> bool:
        return wanted is not None and all(got.get(d, 0) >= n for d, n in wanted.items())

    def play(action: Action) -> None:
        exchange = action.kind is ActionKind.DISCARD and bool(action.cards)
        kept = frozenset(h.card for h in state.cards[action.seat]
                         if h.card not in action.cards) if exchange else frozenset()
        state.apply(action)
        note(action if exchange else None, kept)

    note()
    for action in actions:
        try:
            play(action)
        except IllegalAction:
            return _Trace(where, up, complete=False, drawn=drawn, dealt=0)
    position = {card: index for index, card in enumerate(deck)}
    out = [*where, *state.deck.discards, *state.deck.burned]
    dealt = 1 + max((position[c] for c in out), default=-1)
    while not _dealt_in_full(state) and not done():
        play(_passive(state, state.to_act[0]))
    return _Trace(where, up, complete=True, drawn=drawn, dealt=dealt,
                  held=len(state.cards[0]))


def _shuffled(seed: int, game_id: str) -> list[Card]:
    order = list(get_game(game_id).cards)
    random.Random(seed).shuffle(order)
    return order


def deal_plan(game_id: str, *, players: int,
              settings: Settings | Mapping[str, Any] | None = None) -> DealPlan:
    """How many cards (and which face up) each seat and board gets when nobody folds,
    and how many a seat may draw.

    >>> deal_plan("seven-card-stud", players=4).seat_pattern
    'dduuuud'
    >>> deal_plan("psycho", players=4, settings={"draw_limit": "three"}).draws
    3
    """
    return _plan(game_id, players, make_settings(get_game(game_id), settings))


@lru_cache(maxsize=256)
def _plan(game_id: str, players: int, settings: Settings) -> DealPlan:
    deck = list(regular_deck(game_id, players=players, settings=settings))
    trace = _trace(game_id, players=players, settings=settings, seed=0, deck=deck, actions=())
    pattern = "".join("u" if trace.up[c] else "d" for c in deck
                      if trace.where.get(c) == ("seat", 0))
    boards: dict[int, int] = {}
    for card in deck:
        kind, index = trace.where.get(card, ("", 0))
        if kind == "board":
            boards[index] = boards.get(index, 0) + 1
    draws, stock = _draw_plan(game_id, players, settings)
    return DealPlan(seat_pattern=pattern,
                    boards=tuple(boards.get(i, 0) for i in range(len(boards))),
                    draws=draws, draw_stock=stock,
                    kept=trace.held if trace.held < len(pattern) else 0)


def _high_first(game_id: str) -> tuple[Card, ...]:
    """The game's deck aces first: seat 0 is dealt the ace of spades, so a rule that lets a
    player keep an ace and exchange more shows its most."""
    return tuple(reversed(get_game(game_id).cards))


_EARNED_TRIES = 8
"""Shuffles tried for :func:`regular_deck` in a game where a card dealt face up earns
more."""


@lru_cache(maxsize=256)
def regular_deck(game_id: str, *, players: int, settings: Settings) -> tuple[Card, ...]:
    """A deck on which the game deals its regular hand when nobody folds: the shuffle of
    seed 0, or, where a card dealt face up earns more (Baseball's four), the first of a
    few shuffles on which the fewest cards are dealt (no community card first)."""
    if not earns_cards(game_id):
        return tuple(_shuffled(0, game_id))
    traces = []
    for seed in range(_EARNED_TRIES):
        deck = _shuffled(seed, game_id)
        trace = _trace(game_id, players=players, settings=settings, seed=0, deck=deck,
                       actions=())
        board = sum(place[0] == "board" for place in trace.where.values())
        traces.append((board, len(trace.where), seed, deck))
    return tuple(min(traces)[3])


def earns_cards(game_id: str) -> bool:
    """Whether some step deals cards only to whoever earns them."""
    return any(step.kind.cards(step.params).earned
               for step in getattr(get_game(game_id), "steps", ()))


def _draw_plan(game_id: str, players: int, settings: Settings) -> tuple[int, int]:
    """The cards seat 0 receives for its discards when it always exchanges as many as
    it may (everyone else passive), and the stock left when the first seat may
    exchange: ``(0, 0)`` in a game without a draw."""
    state = new_hand(game_id, players=players, seed=0, settings=settings,
                      deck=_high_first(game_id))
    stock = None
    while not _dealt_in_full(state):
        seat = state.to_act[0]
        exchanges = [a for a in state.legal_actions(seat) if a.kind is ActionKind.DISCARD]
        if exchanges and stock is None:
            stock = state.deck.remaining
        state.apply(max(exchanges, key=lambda a: len(a.cards)) if seat == 0 and exchanges
                    else _passive(state, seat))
    trace = _trace(game_id, players=players, settings=settings, seed=0, deck=_high_first(game_id),
                   actions=state.actions, wanted={})
    return trace.drawn.get(0, 0), stock or 0


def card_count(number: int) -> str:
    """``"1 card"``, ``"3 cards"``: counts in the messages about typed cards."""
    return f"{number} card" + ("" if number == 1 else "s")


def _check(plan: DealPlan, *, seat_cards: Sequence[Sequence[Card]],
           boards: Sequence[Sequence[Card]], seat_draws: Sequence[Sequence[Card]],
           players: int) -> None:
    for what, given in (("cards are", seat_cards), ("draws are", seat_draws)):
        if len(given) > players:
            raise DealError(f"{what} typed for {len(given)} seats, but there are only "
                            f"{players} players")
    for seat, cards in enumerate(seat_cards):
        if len(cards) > plan.seat_cards:
            raise DealError(f"{seat_name(seat)}: {card_count(len(cards))} typed, but each player "
                            f"is dealt at most {plan.seat_cards} ({plan.describe()})")
    for index, cards in enumerate(boards):
        allowed = plan.boards[index] if index < len(plan.boards) else 0
        if len(cards) > allowed:
            name = "the board" if len(boards) == 1 else f"board {index + 1}"
            raise DealError(f"{card_count(len(cards))} typed for {name}, but this game deals it "
                            f"{'no cards' if allowed == 0 else f'at most {allowed}'}")
    for seat, cards in enumerate(seat_draws):
        if cards and not plan.draws:
            raise DealError(f"{seat_name(seat)}'s draw: {card_count(len(cards))} typed, but this "
                            "game has no draw")
        if len(cards) > plan.draws:
            raise DealError(f"{seat_name(seat)}'s draw: {card_count(len(cards))} typed, but the "
                            f"draw limit lets a player exchange at most {card_count(plan.draws)}")
    owner: dict[Card, str] = {}
    places = [(seat_name(s), cards) for s, cards in enumerate(seat_cards)]
    places += [("the board" if len(boards) == 1 else f"board {i + 1}", cards)
               for i, cards in enumerate(boards)]
    places += [(f"{seat_name(s)}'s draw", cards) for s, cards in enumerate(seat_draws)]
    for place, cards in places:
        for card in cards:
            if card in owner:
                where = f"twice for {place}" if owner[card] == place else \
                    f"for {owner[card]} and for {place}"
                raise DealError(f"{card} is typed {where}: each card exists only once")
            owner[card] = place


def deck_from_seats(game_id: str, *, players: int, seat_cards: Sequence[Sequence[Card]],
                    boards: Sequence[Sequence[Card]] = (),
                    seat_draws: Sequence[Sequence[Card]] = (),
                    settings: Settings | Mapping[str, Any] | None = None, seed: int = 0,
                    actions: Sequence[Action] = (),
                    start: Sequence[Card] | None = None) -> tuple[Card, ...]:
    """The game's whole deck (52 cards, or its short deck) that deals each seat and board
    the cards typed for it.

    ``seat_cards[s]`` are seat ``s``'s cards in the order the seat is dealt
    them (see :func:`deal_plan`); fewer may be given, and the rest come from
    the seed's shuffle, as do boards left empty. ``actions`` are the
    decisions made so far: the deck is right for them, and for any
    continuation in which nobody else folds; the cards dealt before the last
    action are those of the deck for the actions before it. Raises
    :class:`DealError` for repeated cards, too many cards for a seat, board
    or draw, or actions that cannot be played on this deal. ``start`` (the
    deck found for all the actions but the last, or for a longer line that
    begins with them) only saves work: the answer is the same without it.

    ``seat_draws[s]`` are the cards seat ``s`` receives, in order, when it
    exchanges in a game with a draw (at most ``deal_plan(...).draws``).
    Until its draw is among ``actions`` they wait at the bottom of the deck,
    dealt nowhere else; then the first as many as it exchanged are the next
    cards off the top. If it exchanges fewer, the rest stay at the bottom
    (dealt only if the stock ever reaches them); if it exchanges more, the
    shuffle deals the others. Waiting draw cards come before typed cards of
    later streets: when the stock cannot hold both, the later streets' typed
    cards furthest ahead are dealt early instead (in the deal, or as the
    shuffle's cards in a draw). The conflict left is a stock too small for
    the draw cards still waiting, because the deal left few cards (ten
    players leave two, ``deal_plan(...).draw_stock``) or earlier seats drew
    many: the waiting cards that do not fit are dealt before their draw, the
    last seat's last card first, so the seats that draw first keep theirs,
    and a draw the stock cannot cover takes the shuffled discards.

    Seat 1 exchanges three cards, two of them typed for its draw:

    >>> from engine.cards import format_cards, parse_cards as p
    >>> from engine.history import replay
    >>> from engine.state import Action, ActionKind
    >>> draw = Action(0, ActionKind.DISCARD, cards=tuple(p("4s 3d 2c")))
    >>> deck = deck_from_seats("psycho", players=3, seat_cards=[p("Ah Kh 2c 3d 4s")],
    ...                        seat_draws=[p("Qh Jh")], seed=5, actions=[draw])
    >>> state = replay("psycho", players=3, seed=5, deck=deck, actions=[draw])
    >>> format_cards(h.card for h in state.cards[0])
    'A♥ K♥ Q♥ J♥ 10♣'
    """
    game = get_game(game_id)
    rules = make_settings(game, settings)
    require_in_deck([c for group in (*seat_cards, *boards, *seat_draws) for c in group],
                    game.cards)
    plan = _plan(game_id, players, rules)
    _check(plan, seat_cards=seat_cards, boards=boards, seat_draws=seat_draws, players=players)
    wanted: dict[Destination, tuple[Card, ...]] = {("seat", s): tuple(c)
                                                   for s, c in enumerate(seat_cards)}
    wanted.update({("board", b): tuple(c) for b, c in enumerate(boards)})
    wanted.update({("draw", s): tuple(c) for s, c in enumerate(seat_draws)})
    search = _Search(game_id, players=players, settings=rules, seed=seed, wanted=wanted)
    earlier = tuple(actions[:-1])
    if start is not None and actions and len(start) == len(game.cards) \
            and set(start) == set(game.cards):
        trace = search.trace(tuple(start), earlier, stop_at_actions=True)
        if trace.complete:
            return search.deck(actions, pinned=tuple(start[:trace.dealt]),
                               guess=tuple(start))[0]
    deck, dealt = search.deck((), pinned=())
    for step in range(1, len(actions) + 1):
        deck, dealt = search.deck(actions[:step], pinned=deck[:dealt], guess=deck)
    return deck


@dataclass(frozen=True, slots=True)
class _Search:
    """The typed cards of one deal, and the deck search for a list of decisions."""

    game_id: str
    players: int
    settings: Settings
    seed: int
    wanted: Mapping[Destination, tuple[Card, ...]]

    def trace(self, deck: Sequence[Card], actions: Sequence[Action], *,
              stop_at_actions: bool = False) -> _Trace:
        counts = {} if stop_at_actions else {d: len(cards) for d, cards in self.wanted.items()
                                            if cards and d[0] != "draw"}
        return _trace(self.game_id, players=self.players, settings=self.settings,
                      seed=self.seed, deck=deck, actions=actions, wanted=counts)

    def deck(self, actions: Sequence[Action], *, pinned: tuple[Card, ...],
             guess: tuple[Card, ...] | None = None) -> tuple[tuple[Card, ...], int]:
        """The deck for ``actions`` that begins with ``pinned``, the cards already dealt
        before the last of them, and how many of its cards the actions deal: the
        search rearranges only the rest, from ``guess`` if given (a nearby answer
        saves rounds)."""
        fixed = set(pinned)
        typed = {c for cards in self.wanted.values() for c in cards}
        filler = [c for c in _shuffled(self.seed, self.game_id)
                  if c not in typed and c not in fixed]
        deck = guess or pinned + tuple(filler) + tuple(c for cards in self.wanted.values()
                                                       for c in cards if c not in fixed)
        decided = {a.seat for a in actions if a.kind is ActionKind.DISCARD}
        for _ in range(_MAX_ROUNDS):
            trace = self.trace(deck, actions)
            slots = self._slots(deck, trace, pinned=pinned)
            placed = {c for c in slots if c is not None}
            left = [(d, c) for d, cards in self.wanted.items() for c in cards if c not in placed]
            waiting = [c for (kind, seat), c in left if kind == "draw" and seat not in decided]
            given_up = [c for d, c in left if c not in waiting]
            given_up += self._make_room(slots, trace.dealt, pinned=len(pinned), room=len(waiting))
            rest = iter(filler + given_up + waiting[::-1])
            fresh = tuple(c if c is not None else next(rest) for c in slots)
            if fresh == deck:
                if not trace.complete:
                    raise DealError("the decisions so far cannot be played on this deal")
                return deck, trace.dealt
            deck = fresh
        raise DealError("these cards could not be arranged into a deck for this game")

    def _slots(self, deck: Sequence[Card], trace: _Trace, *,
               pinned: Sequence[Card]) -> list[Card | None]:
        """Each position's typed card (its destination's next one), the pinned cards
        kept, and ``None`` where the shuffle deals."""
        fixed = set(pinned)
        given: dict[Destination, int] = {}
        slots: list[Card | None] = []
        for index, card in enumerate(deck):
            place = trace.where.get(card)
            count = given.get(place, 0) if place is not None else 0
            queue = self.wanted.get(place, ()) if place is not None else ()
            if index < len(pinned):
                if place is not None:
                    given[place] = count + 1
                slots.append(card)
            elif place is not None and count < len(queue) and queue[count] not in fixed:
                slots.append(queue[count])
                given[place] = count + 1
            else:
                slots.append(None)
        return slots

    def _make_room(self, slots: list[Card | None], dealt: int, *, pinned: int,
                   room: int) -> list[Card]:
        """Free stock positions for ``room`` cards waiting for a draw, taking back the
        typed cards placed furthest ahead; return those cards (they are dealt early)."""
        free = sum(1 for c in slots[dealt:] if c is None)
        ahead = [i for i in range(max(dealt, pinned), len(slots)) if slots[i] is not None]
        taken = []
        for index in reversed(ahead[max(len(ahead) - room + free, 0):] if room > free else []):
            card = slots[index]
            assert card is not None
            taken.append(card)
            slots[index] = None
        return taken
