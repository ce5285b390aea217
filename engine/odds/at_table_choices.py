"""The choices (not bets) of a hand, one after another, for a page to offer as options.

A spot's choices (:class:`engine.odds.at_table.Step`) name cards by their place
in the seat's hand. To offer them, the hand is walked on the spot's deck: at
each choice, every option the rules allow, in words that name a card only if it
was typed (a card nobody typed reads "an unseen card"), and which option the
spot takes. Choices before the spot's street are made (the first option unless
one is given); choices after it are left to the computer players unless given.

>>> from engine.cards import parse_cards as p
>>> from engine.odds.at_table import Spot
>>> spot = Spot.build("psycho", players=2, street="Declarations",
...                   seats=[p("Ah 2c 3d 4s 6h 9c Kd")])
>>> [(c.seat, c.kind.value, c.before) for c in choice_points(spot)][-2:]
[(0, 'declare', False), (1, 'declare', False)]
>>> choice_points(spot)[-1].labels
('high', 'low', 'both')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine.cards import Card
from engine.games import new_hand
from engine.games.base import Settings
from engine.odds.at_table import (
    BETTING,
    Orders,
    Spot,
    Step,
    apply_choice,
    choose_given,
    default_option,
    follows_typing,
    normal,
    passive,
    prepare,
    step_of,
    typed_default,
)
from engine.state import Action, ActionKind, HandState, IllegalAction, seat_name

__all__ = ["ChoicePoint", "choice_points", "dealt_on", "describe_pattern", "holdings",
           "street_now"]

_VERBS: Mapping[ActionKind, str] = MappingProxyType({
    ActionKind.TURN_UP: "turns up", ActionKind.PICK_PARTNER: "picks",
    ActionKind.LOCK_PAIRS: "locks", ActionKind.SACRIFICE: "sacrifices",
    ActionKind.DISCARD: "draws", ActionKind.EXPOSE: "exposes", ActionKind.DECLARE: "declares",
    ActionKind.THROW_AWAY: "throws away", ActionKind.PASS: "passes",
    ActionKind.PAY: "pays or folds",
})


@dataclass(frozen=True, slots=True)
class ChoicePoint:
    """One choice of the hand: whose, what kind, on which street, whether it is made before
    the spot, every option (as steps and in words) and the one the spot takes."""

    seat: int
    kind: ActionKind
    street: str
    before: bool
    options: tuple[Step, ...]
    labels: tuple[str, ...]
    taken: int | None
    """The option the spot's choices take, or ``None`` where the computer player chooses."""
    computer: bool = True
    """Whether the computer player makes this choice when none is set (a choice still to
    come whose cards were not typed); else the cards typed say it."""
    as_typed: bool = False
    """A choice made before the spot that names every card the seat holds (a lock): the
    order the seat's cards are typed in is that choice, so a page need not ask for it."""

    @property
    def title(self) -> str:
        """"Seat 2 locks (Flop)": what is chosen, by whom."""
        return f"{seat_name(self.seat)} {_VERBS.get(self.kind, self.kind.value)} ({self.street})"


def _card(card: Card, typed: set[Card]) -> str:
    return str(card) if card in typed else "?"


def _label(state: HandState, step: Step, typed: set[Card]) -> str:
    held = state.cards[step.seat]
    cards = [held[i].card for i in step.places]
    if step.kind is ActionKind.LOCK_PAIRS:
        return " | ".join(f"{_card(cards[i], typed)} {_card(cards[i + 1], typed)}"
                          for i in range(0, len(cards), 2))
    if step.kind is ActionKind.PICK_PARTNER and isinstance(step.choice, int):
        return seat_name(step.choice)
    if step.kind is ActionKind.DISCARD:
        if not cards:
            return "stands pat"
        return f"exchanges {' '.join(_card(c, typed) for c in cards)}"
    if cards:
        return " ".join(_card(c, typed) for c in cards)
    return step.kind.value if step.choice is None else str(step.choice)


def choice_points(spot: Spot) -> tuple[ChoicePoint, ...]:
    """Every choice from the deal to the end of the hand (see the module docstring)."""
    prepared = prepare(spot)
    typed = {c for cards in (*spot.seats, *spot.boards) for c in cards if c is not None}
    state = new_hand(spot.game_id, players=spot.players, seed=0, settings=prepared.settings,
                     deck=prepared.deck, stacks=spot.stacks or None)
    orders: Orders = {}
    for step in spot.steps:
        apply_choice(state, step.action(state), orders)
    queue = list(spot.choices)
    before = spot.street is not None
    points: list[ChoicePoint] = []
    while not state.is_over:
        if before and state.street == spot.street:
            before = False
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if all(a.kind in BETTING for a in legal):
            state.apply(passive(state, seat, legal))
            continue
        options = tuple(normal(step_of(state, a)) for a in legal)
        taken = _given(state, seat, queue, legal, options)
        if taken is None and (before or follows_typing(spot, seat, legal[0].kind)):
            taken = default_option(legal[0].kind, options)
        points.append(_point(state, options, typed=typed, taken=taken, before=before,
                             computer=not before and not follows_typing(spot, seat,
                                                                        legal[0].kind)))
        pick = options[taken] if taken is not None else \
            options[default_option(legal[0].kind, options)]
        apply_choice(state, pick.action(state), orders)
    return tuple(points)


def _given(state: HandState, seat: int, queue: list[Step], legal: list[Action],
           options: tuple[Step, ...]) -> int | None:
    """The option the spot's choices give for this decision, if it is one of them (a choice
    set for other cards, since changed, is not, and is left out)."""
    try:
        given = choose_given(state, seat, queue, legal)
    except IllegalAction:
        return None
    if given is None:
        return None
    mine = normal(step_of(state, given))
    return options.index(mine) if mine in options else None


def _point(state: HandState, options: tuple[Step, ...], *, typed: set[Card], taken: int | None,
           before: bool, computer: bool) -> ChoicePoint:
    """The choice with one option per wording: options that differ only in cards nobody
    typed ("? ?" or "? ?") are the same to the viewer, since unseen cards are dealt at
    random; the one taken stands for its wording."""
    labels = [_label(state, o, typed) for o in options]
    keep: dict[str, int] = {}
    for index, label in enumerate(labels):
        if label not in keep or index == taken:
            keep[label] = index
    kept = list(keep.values())
    first = options[0]
    whole = len(first.places) == len(state.cards[first.seat]) > 1
    return ChoicePoint(first.seat, first.kind, state.street, before,
                       tuple(options[i] for i in kept), tuple(labels[i] for i in kept),
                       None if taken is None else kept.index(taken), computer,
                       as_typed=before and whole)


def holdings(spot: Spot) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """At the spot's street: each seat's cards as ``"d"``/``"u"`` (down or up) in the
    order the seat holds them, and how many cards each board has."""
    prepared = prepare(spot)
    state = _played(spot, prepared.settings, prepared.deck)
    seats = tuple("".join("u" if h.up else "d" for h in state.cards[s])
                  for s in range(spot.players))
    return seats, tuple(len(b) for b in state.boards)


def dealt_on(spot: Spot, deck: Sequence[Card]
             ) -> tuple[tuple[tuple[tuple[Card, bool], ...], ...], tuple[tuple[Card, ...], ...]]:
    """At the spot's street, with ``deck`` dealt: each seat's cards with whether each is
    face up, and the boards. What a card earns (Baseball's face-up four) comes with it."""
    state = _played(spot, spot.rules(), deck)
    return (tuple(tuple((h.card, h.up) for h in state.cards[s]) for s in range(spot.players)),
            tuple(tuple(b) for b in state.boards))


def _played(spot: Spot, settings: Settings, deck: Sequence[Card]) -> HandState:
    state = new_hand(spot.game_id, players=spot.players, seed=0, settings=settings,
                     deck=deck, stacks=spot.stacks or None)
    orders: Orders = {}
    for step in spot.steps:
        apply_choice(state, step.action(state), orders)
    queue = list(spot.choices)
    while not state.is_over and spot.street is not None and state.street != spot.street:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if all(a.kind in BETTING for a in legal):
            state.apply(passive(state, seat, legal))
            continue
        given = choose_given(state, seat, queue, legal)
        apply_choice(state, given or typed_default(state, seat, legal), orders)
    return state


def street_now(spot: Spot) -> str:
    """The street the spot stands on (a table's hand carries its decisions, not a name)."""
    prepared = prepare(spot)
    state = new_hand(spot.game_id, players=spot.players, seed=0, settings=prepared.settings,
                     deck=prepared.deck, stacks=spot.stacks or None)
    orders: Orders = {}
    for step in spot.steps:
        apply_choice(state, step.action(state), orders)
    return spot.street or state.street


def describe_pattern(pattern: str) -> str:
    """``"dduu"`` -> ``"4 cards: down, down, up, up"``."""
    words = ", ".join("up" if c == "u" else "down" for c in pattern)
    return f"{len(pattern)} card{'s' if len(pattern) != 1 else ''}: {words}"

