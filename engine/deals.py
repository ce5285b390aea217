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

from engine.cards import FULL_DECK, Card
from engine.games import get_game, make_settings, new_hand
from engine.games.base import Settings
from engine.state import Action, ActionKind, HandState, IllegalAction, seat_name

__all__ = ["DealError", "DealPlan", "deal_plan", "deck_from_seats"]

_PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)
_MAX_ROUNDS = 40

Destination = tuple[str, int]
"""("seat", n) or ("board", n): where a card of the deck ends up."""


class DealError(ValueError):
    """Typed cards that cannot be dealt; the message says why, in plain words."""


@dataclass(frozen=True, slots=True)
class DealPlan:
    """What the game deals when nobody folds or draws.

    ``seat_pattern`` is one letter per card dealt to each seat, in order,
    ``d`` face down and ``u`` face up; ``boards`` the number of cards on
    each board.
    """

    seat_pattern: str
    boards: tuple[int, ...]

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


def _passive(state: HandState, seat: int) -> Action:
    """A choice that keeps everyone in: check, call, bring in, show, else the first option."""
    legal = state.legal_actions(seat)
    for kind in _PASSIVE:
        for action in legal:
            if action.kind is kind:
                return action
    return legal[0]


def _trace(game_id: str, *, players: int, settings: Settings, seed: int,
           deck: Sequence[Card], actions: Sequence[Action],
           wanted: Mapping[Destination, int] | None = None) -> _Trace:
    """Play the hand on ``deck``: the actions, then passively until every destination
    in ``wanted`` has had that many cards (or, without ``wanted``, to the end)."""
    state = new_hand(game_id, players=players, seed=seed, settings=settings, deck=deck)
    where: dict[Card, Destination] = {}
    up: dict[Card, bool] = {}
    got: dict[Destination, int] = {}
    seen = [-1]

    def note() -> None:
        if state.deck.remaining == seen[0]:
            return
        seen[0] = state.deck.remaining
        for seat in range(players):
            for held in state.cards[seat]:
                if held.card not in where:
                    where[held.card] = ("seat", seat)
                    up[held.card] = held.up
                    got[("seat", seat)] = got.get(("seat", seat), 0) + 1
        for index, board in enumerate(state.boards):
            for card in board:
                if card not in where:
                    where[card] = ("board", index)
                    got[("board", index)] = got.get(("board", index), 0) + 1

    def done() -> bool:
        return wanted is not None and all(got.get(d, 0) >= n for d, n in wanted.items())

    note()
    for action in actions:
        try:
            state.apply(action)
        except IllegalAction:
            return _Trace(where, up, complete=False)
        note()
    while not state.is_over and not done():
        state.apply(_passive(state, state.to_act[0]))
        note()
    return _Trace(where, up, complete=True)


def _shuffled(seed: int) -> list[Card]:
    order = list(FULL_DECK)
    random.Random(seed).shuffle(order)
    return order


def deal_plan(game_id: str, *, players: int,
              settings: Settings | Mapping[str, Any] | None = None) -> DealPlan:
    """How many cards (and which face up) each seat and board gets when nobody folds.

    >>> deal_plan("seven-card-stud", players=4).seat_pattern
    'dduuuud'
    """
    return _plan(game_id, players, make_settings(get_game(game_id), settings))


@lru_cache(maxsize=256)
def _plan(game_id: str, players: int, settings: Settings) -> DealPlan:
    deck = _shuffled(0)
    trace = _trace(game_id, players=players, settings=settings, seed=0, deck=deck, actions=())
    pattern = "".join("u" if trace.up[c] else "d" for c in deck
                      if trace.where.get(c) == ("seat", 0))
    boards: dict[int, int] = {}
    for card in deck:
        kind, index = trace.where.get(card, ("", 0))
        if kind == "board":
            boards[index] = boards.get(index, 0) + 1
    return DealPlan(seat_pattern=pattern,
                    boards=tuple(boards.get(i, 0) for i in range(len(boards))))


def _count(number: int) -> str:
    return f"{number} card" + ("" if number == 1 else "s")


def _check(plan: DealPlan, seat_cards: Sequence[Sequence[Card]],
           boards: Sequence[Sequence[Card]], players: int) -> None:
    if len(seat_cards) > players:
        raise DealError(f"cards are typed for {len(seat_cards)} seats, but there are only "
                        f"{players} players")
    for seat, cards in enumerate(seat_cards):
        if len(cards) > plan.seat_cards:
            raise DealError(f"{seat_name(seat)}: {_count(len(cards))} typed, but each player is "
                            f"dealt at most {plan.seat_cards} ({plan.describe()})")
    for index, cards in enumerate(boards):
        allowed = plan.boards[index] if index < len(plan.boards) else 0
        if len(cards) > allowed:
            name = "the board" if len(boards) == 1 else f"board {index + 1}"
            raise DealError(f"{_count(len(cards))} typed for {name}, but this game deals it "
                            f"{'no cards' if allowed == 0 else f'at most {allowed}'}")
    owner: dict[Card, str] = {}
    places = [(seat_name(s), cards) for s, cards in enumerate(seat_cards)]
    places += [("the board" if len(boards) == 1 else f"board {i + 1}", cards)
               for i, cards in enumerate(boards)]
    for place, cards in places:
        for card in cards:
            if card in owner:
                where = f"twice for {place}" if owner[card] == place else \
                    f"for {owner[card]} and for {place}"
                raise DealError(f"{card} is typed {where}: each card exists only once")
            owner[card] = place


def deck_from_seats(game_id: str, *, players: int, seat_cards: Sequence[Sequence[Card]],
                    boards: Sequence[Sequence[Card]] = (),
                    settings: Settings | Mapping[str, Any] | None = None, seed: int = 0,
                    actions: Sequence[Action] = (),
                    start: Sequence[Card] | None = None) -> tuple[Card, ...]:
    """The full 52-card deck that deals each seat and board the cards typed for it.

    ``seat_cards[s]`` are seat ``s``'s cards in the order the seat is dealt
    them (see :func:`deal_plan`); fewer may be given, and the rest come from
    the seed's shuffle, as do boards left empty. ``actions`` are the
    decisions made so far: the deck is right for them, and for any
    continuation in which nobody else folds. Raises :class:`DealError` for
    repeated cards, too many cards for a seat or board, or actions that
    cannot be played on this deal. ``start`` (the deck found for fewer
    actions) only saves work: the answer is the same without it.
    """
    rules = make_settings(get_game(game_id), settings)
    plan = _plan(game_id, players, rules)
    _check(plan, seat_cards, boards, players)
    wanted: dict[Destination, list[Card]] = {("seat", s): list(c)
                                             for s, c in enumerate(seat_cards)}
    wanted.update({("board", b): list(c) for b, c in enumerate(boards)})
    counts = {d: len(cards) for d, cards in wanted.items() if cards}
    typed = {c for cards in wanted.values() for c in cards}
    filler = [c for c in _shuffled(seed) if c not in typed]
    deck = tuple(filler + [c for cards in wanted.values() for c in cards])
    if start is not None and len(start) == len(deck) and set(start) == set(deck):
        deck = tuple(start)
    for _ in range(_MAX_ROUNDS):
        trace = _trace(game_id, players=players, settings=rules, seed=seed, deck=deck,
                       actions=actions, wanted=counts)
        given: dict[Destination, int] = {}
        slots: list[Card | None] = []
        for card in deck:
            place = trace.where.get(card)
            queue = wanted.get(place, []) if place is not None else []
            count = given.get(place, 0) if place is not None else 0
            if place is not None and count < len(queue):
                slots.append(queue[count])
                given[place] = count + 1
            else:
                slots.append(None)
        unplaced = [c for d, cards in wanted.items() for c in cards[given.get(d, 0):]]
        rest = iter(filler + unplaced)
        fresh = tuple(c if c is not None else next(rest) for c in slots)
        if fresh == deck:
            if not trace.complete:
                raise DealError("the decisions so far cannot be played on this deal")
            return deck
        deck = fresh
    raise DealError("these cards could not be arranged into a deck for this game")
