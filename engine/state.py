"""The shared hand state machine: actions, events, views and one hand's state.

Every game runs on :class:`HandState`. A game module (see
``engine/games/base.py``) gives the state a list of *phases* (antes, deals,
betting rounds, its own decisions, the showdown) and a few hooks; the state
walks through the phases, stopping whenever a decision is awaited.

How a page drives a hand::

    state = new_hand("seven-card-stud", players=4, seed=7)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0])
    state.payoffs          # net chips per seat
    state.view(2)          # what seat 2 may see; view(None) is the host's view

Seats are numbered 0..n-1 clockwise from the dealer's left and shown as
"Seat 1".."Seat n"; the dealer sits in the last seat.

- ``to_act`` is a tuple: one seat in a betting round, several in a
  simultaneous step (everyone turning a card up at once), whose choices are
  kept secret and revealed together when the last one is in.
- ``legal_actions(seat)`` lists concrete :class:`Action` values, each
  accepted as it is by ``apply``; for bets and raises it holds the smallest
  and the largest amount and ``bet_range(seat)`` tells the full range.
- ``apply(action)`` returns the :class:`Event` values it caused; an illegal
  action raises :class:`IllegalAction` naming what is allowed and changes
  nothing.
- ``events`` narrate the hand, each naming the rule behind it. An event may
  carry hidden cards in ``private``, shown only to its seat (and the host)
  through ``view``: pages render views, never raw events or seat cards.
- ``undo()`` steps back one decision by replaying the others: a hand is
  fully determined by its game, settings, seed (or stacked deck), stacks
  and actions (see ``engine/history.py``).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol, TypeVar

from engine.actions import Action, ActionKind, Decided, Event, EventKind, Operation, seat_name
from engine.cards import Card, Deck
from engine.hands import HandValue
from engine.record import to_json
from engine.settings import Settings
from engine.table import BetRange, IllegalAction, Pot, Structure, Table
from engine.wild import WildCards

if TYPE_CHECKING:
    from engine.games.hand_types import HandTypes

Op = TypeVar("Op", bound=Operation)

__all__ = ["Action", "ActionKind", "Award", "BettingRound", "Event", "EventKind", "Facts",
           "GameRules", "HandPhase", "HandState", "HandView", "Held", "IllegalAction",
           "PublicFacts", "SeatView", "SeenCard", "Settlement", "seat_name"]


@dataclass
class Facts:
    """A game's own facts about one hand (partners, locked pairs, declarations), kept
    by its phases and rebuilt by replay, never saved. Each game with facts of its own
    subclasses this (``Game.new_facts``); caches are private fields."""


@dataclass(frozen=True, slots=True)
class PublicFacts:
    """The part of a game's facts every seat may know (first up cards, partners, draw
    counts, declarations made), carried by each :class:`HandView`
    (``Game.public_facts``). Each game with public facts subclasses this."""

    def marked_cards(self) -> frozenset[Card]:
        """Cards the table marks for everyone, since they stand for something public
        (Pick a Partner's first up cards, which every team hand must use): none here.

        >>> PublicFacts().marked_cards()
        frozenset()
        """
        return frozenset()


@dataclass(slots=True)
class Held:
    """A card in front of a seat: face up or down, and whether it is dead."""

    card: Card
    up: bool
    dead: bool = False


@dataclass(frozen=True, slots=True)
class SeenCard:
    """A card as a viewer sees it: ``card`` is ``None`` for a card back."""

    card: Card | None
    up: bool
    dead: bool = False


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as a viewer sees it."""

    seat: int
    name: str
    stack: int
    bet: int
    in_pot: int
    folded: bool
    all_in: bool
    cards: tuple[SeenCard, ...]
    showing: str
    notes: tuple[str, ...] = ()

    @property
    def up_cards(self) -> tuple[Card, ...]:
        return tuple(c.card for c in self.cards if c.up and c.card is not None)


@dataclass(frozen=True, slots=True)
class Award:
    """One pot (or half of one) at the settlement.

    ``hands`` gives, for each seat that showed, its five cards and their
    description; ``shares`` the chips each winner took; ``odd_chips`` how
    many chips could not be split evenly (they went as DESIGN says).

    When the award is part of a pot (a high half, one board's half), ``part``
    names the part ("the high half") and ``pot``/``pot_amount`` the whole pot
    it came from, so :attr:`title` can say both amounts.
    """

    name: str
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]
    hands: tuple[tuple[int, tuple[Card, ...], str], ...] = ()
    odd_chips: int = 0
    rule: str = ""
    part: str = ""
    pot: str = ""
    pot_amount: int = 0

    @property
    def title(self) -> str:
        """What was won, in words: "the pot of 128", or for a part of a pot
        "the high half (64 of the pot of 128)"."""
        if not self.part:
            return f"{self.name} of {self.amount}"
        return f"{self.part} ({self.amount} of {self.pot} of {self.pot_amount})"


@dataclass(frozen=True, slots=True)
class Settlement:
    """How the chips moved at the end: every pot, and the net per seat."""

    awards: tuple[Award, ...]
    returned: tuple[tuple[int, int], ...]
    payoffs: tuple[int, ...]
    showdown: bool
    passed_out: bool = False
    """Nobody held openers, so every ante went back (``engine.games.opening_hand``)."""

    def without(self, hidden: Collection[Card]) -> Settlement:
        """The settlement as a viewer may read it: a hand made partly of cards that stay
        face down to them (a mucked partner's, in a team hand) is given without those
        cards."""
        if not any(c in hidden for award in self.awards for _, cards, _ in award.hands
                   for c in cards):
            return self
        awards = []
        for award in self.awards:
            hands = []
            for seat, cards, words in award.hands:
                kept = tuple(c for c in cards if c not in hidden)
                down = len(cards) - len(kept)
                if down:
                    words += f", with {down} card{'s' if down > 1 else ''} still face down"
                hands.append((seat, kept, words))
            awards.append(replace(award, hands=tuple(hands)))
        return replace(self, awards=tuple(awards))


@dataclass(frozen=True, slots=True)
class HandView:
    """A frozen snapshot of the hand for rendering, as ``viewer`` may see it.

    ``viewer`` is a seat, or ``None`` for the host, who sees every card.
    ``legal`` and ``bet_range`` are filled only for a viewer who must act.
    """

    game_id: str
    game_name: str
    viewer: int | None
    street: str
    seats: tuple[SeatView, ...]
    boards: tuple[tuple[Card, ...], ...]
    pots: tuple[Pot, ...]
    pot_total: int
    to_act: tuple[int, ...]
    legal: tuple[Action, ...]
    bet_range: BetRange | None
    events: tuple[Event, ...]
    is_over: bool
    settlement: Settlement | None
    dealer: int
    round_aggressor: int | None = None
    """The last seat to bet, raise or complete in the current betting round."""
    aggression: tuple[tuple[int, int], ...] = ()
    """(seat, times) for each seat that bet, raised or completed in the current betting
    round."""
    facts: PublicFacts = PublicFacts()
    """The game's public facts (a subclass of :class:`PublicFacts` for a game with its own)."""
    wild: WildCards | None = None
    """The cards wild in the viewer's hand now, as the showdown would value it (the fixed
    ranks, the rank the deal has set, the viewer's own lowest hole card); ``None`` for the
    host and in a game without wild cards."""
    table_wild: WildCards | None = None
    """The cards wild in every hand now, which every seat may know (the fixed ranks and the
    rank the deal has set, none of a hand's own); ``None`` in a game without wild cards."""


class HandPhase(Protocol):
    """One step of a hand as the state walks it: what a phase answers
    (``engine.games.phases.Phase`` is the base of every one)."""

    @property
    def street(self) -> str:
        """The street the step starts, or "" for none."""
        ...

    @property
    def settles(self) -> bool:
        """Whether the step settles the hand itself (the showdown)."""
        ...

    def enter(self, state: HandState) -> None: ...

    def to_act(self, state: HandState) -> tuple[int, ...]: ...

    def legal_actions(self, state: HandState, seat: int) -> list[Action]: ...

    def bet_range(self, state: HandState, seat: int) -> BetRange | None: ...

    def accept(self, state: HandState, action: Action) -> Action: ...

    def apply(self, state: HandState, action: Action) -> None: ...

    def awaits_openers(self, state: HandState) -> bool: ...

    def leave(self, state: HandState) -> None: ...

    def posts(self) -> tuple[tuple[str, int], ...]:
        """The forced bets the step posts before any decision, by name and amount."""
        ...


class BettingRound(Protocol):
    """What a game's betting hooks read of a betting round
    (``engine.games.phases.Betting``)."""

    @property
    def stake(self) -> str:
        """"small" or "big": which bet size the round plays."""
        ...

    @property
    def bring_in(self) -> int:
        """The bring-in, or 0 in a round without one."""
        ...


class GameRules(Protocol):
    """What a hand asks of its game: the hooks ``engine.games.base.Game`` gives every
    game. The state knows its game by this protocol alone, so the games, which are
    built on the state, sit above it."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...

    @property
    def own_lowest_wild(self) -> bool: ...

    def check_players(self, players: int, settings: Settings) -> None: ...

    def player_counts(self, settings: Settings) -> tuple[int, ...]: ...

    def chips(self, settings: Settings) -> int: ...

    def structure(self, settings: Settings) -> Structure: ...

    def cap(self, settings: Settings) -> int | None: ...

    def hand_types(self, settings: Settings) -> HandTypes: ...

    def new_facts(self) -> Facts: ...

    def phases(self, state: HandState) -> Sequence[HandPhase]: ...

    def opener(self, state: HandState, phase: BettingRound) -> tuple[int, str]: ...

    def bet_size(self, state: HandState, phase: BettingRound) -> tuple[int, int | None]: ...

    def evaluate(self, settings: Settings, hole: Sequence[Card], board: Sequence[Card], *,
                 view: HandView | None = None
                 ) -> tuple[HandValue | None, HandValue | None]: ...

    def hand_value(self, state: HandState, seat: int) -> HandValue: ...

    def low_value(self, state: HandState, seat: int) -> HandValue: ...

    def showing_cards(self, state: HandState, seat: int) -> tuple[Card, ...]: ...

    def describe_showing(self, state: HandState, seat: int) -> str: ...

    def describe_hand(self, state: HandState, seat: int, *,
                      hide: Collection[Card] = ()) -> str: ...

    def can_see(self, state: HandState, viewer: int, owner: int) -> bool: ...

    def shown(self, state: HandState, seat: int) -> bool: ...

    def shows_card(self, state: HandState, seat: int, held: Held) -> bool: ...

    def notes(self, state: HandState, seat: int, viewer: int | None) -> list[str]: ...

    def public_facts(self, state: HandState, viewer: int | None) -> PublicFacts: ...

    def seat_wild(self, state: HandState, seat: int) -> WildCards | None: ...

    def table_wild(self, state: HandState) -> WildCards | None: ...

    def is_beaten(self, state: HandState, seat: int, shown: Sequence[int]) -> bool: ...

    def settle(self, state: HandState) -> Settlement: ...

    def settle_uncontested(self, state: HandState) -> Settlement: ...


class HandState:
    """One hand of one game, from the antes to the settlement.

    Built by ``engine.games.new_hand``; see the module docstring for use.
    """

    def __init__(self, game: GameRules, *, players: int, seed: int, settings: Settings,
                 deck: Sequence[Card] | None = None,
                 stacks: Sequence[int] | None = None) -> None:
        game.check_players(players, settings)
        if stacks is not None and (len(stacks) != players or any(s <= 0 for s in stacks)):
            raise ValueError(f"give {players} stacks, each of at least one chip")
        self.game = game
        self.settings = settings
        self.players = players
        self.seed = seed
        self.stacked = tuple(deck) if deck is not None else None
        self.stacks_given = tuple(stacks) if stacks is not None else None
        self.rng = random.Random(seed)
        self.deck = Deck(rng=self.rng, stacked=self.stacked, cards=game.cards)
        starting = self.stacks_given or (game.chips(settings),) * players
        self.table = Table(starting, structure=game.structure(settings),
                           cap=game.cap(settings))
        self.cards: list[list[Held]] = [[] for _ in range(players)]
        self.boards: list[list[Card]] = []
        self.events: list[Event] = []
        self.record: list[Operation] = []
        """What happened, as typed values (``engine.actions.Operation``), in order: every
        card dealt, burned, drawn, revealed or shown, every declaration, muck and decision.
        The host's own: views never carry it (it names every hidden card)."""
        self.actions: list[Action] = []
        self.facts: Facts = game.new_facts()
        self.burns: dict[str, Card] = {}
        """The card burned before each street, by street name."""
        self.returned: list[tuple[int, int]] = []
        """(seat, chips) for each bet nobody called, returned when its round ended."""
        self.shown: list[int] = []
        """The seats that showed at the showdown, in order."""
        self.mucked: list[int] = []
        """The seats that mucked at the showdown."""
        self.street = ""
        self.show_first: int | None = None
        self.show_first_rule = ""
        self.settlement: Settlement | None = None
        self.phases: list[HandPhase] = list(game.phases(self))
        self._index = 0
        self._entered = False
        self._advance()

    # --- reading -----------------------------------------------------------

    @property
    def phase(self) -> HandPhase | None:
        return self.phases[self._index] if self._index < len(self.phases) else None

    @property
    def is_over(self) -> bool:
        return self.settlement is not None

    def decisions_to_come(self, kind: ActionKind) -> int:
        """How many steps after the one in play ask for a ``kind`` decision (draws still to
        come, say): the game's rules, which every seat knows."""
        return sum(getattr(phase, "kind", None) is kind
                   for phase in self.phases[self._index + 1:])

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_over or self.phase is None:
            return ()
        return self.phase.to_act(self)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not its turn)."""
        if seat not in self.to_act:
            return []
        assert self.phase is not None
        return self.phase.legal_actions(self, seat)

    def beaten_by_shown(self, seat: int) -> bool:
        """Whether ``seat`` can win nothing against the hands already shown at the
        showdown: read from what the seat knows (its own cards and the shown ones), so a
        computer player may ask it to choose between showing and mucking."""
        return bool(self.shown) and self.game.is_beaten(self, seat, self.shown)

    def bet_range(self, seat: int) -> BetRange | None:
        """The full range of bet, raise or completion amounts open to ``seat``."""
        if seat not in self.to_act:
            return None
        assert self.phase is not None
        return self.phase.bet_range(self, seat)

    def in_hand(self) -> list[int]:
        return self.table.in_hand()

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Net chips won (+) or lost (−) by each seat; all zero until the end."""
        if self.settlement is None:
            return (0,) * self.players
        return self.settlement.payoffs

    def live_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` plays with (its own, not dead), without the boards."""
        return [h.card for h in self.cards[seat] if not h.dead]

    def up_cards(self, seat: int) -> list[Card]:
        return [h.card for h in self.cards[seat] if h.up and not h.dead]

    # --- acting ------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply one decision; return the events it caused."""
        if self.is_over:
            raise IllegalAction("the hand is over: no more actions")
        if not isinstance(action, Action):
            raise IllegalAction(f"expected an Action, not {type(action).__name__}")
        waiting = self.to_act
        if action.seat not in waiting:
            names = ", ".join(seat_name(s) for s in waiting)
            raise IllegalAction(f"{seat_name(action.seat)} cannot act now: waiting for {names}")
        phase = self.phase
        assert phase is not None
        accepted = phase.accept(self, action)
        mark = len(self.events)
        self.actions.append(accepted)
        self.record.append(Decided(self.street, accepted))
        phase.apply(self, accepted)
        self._advance()
        return self.events[mark:]

    def undo(self) -> HandState:
        """Step back one decision (the state is rebuilt by replay); return self."""
        if not self.actions:
            raise IllegalAction("nothing to undo: no decision has been made yet")
        earlier = self.actions[:-1]
        fresh = HandState(self.game, players=self.players, seed=self.seed,
                          settings=self.settings, deck=self.stacked, stacks=self.stacks_given)
        for action in earlier:
            fresh.apply(action)
        self.__dict__.update(fresh.__dict__)
        return self

    def to_json(self) -> str:
        """The hand's JSON history (see ``engine/record.py``); ``engine.history.load_hand``
        reads it back into the same state."""
        return to_json(game=self.game.id, players=self.players, seed=self.seed,
                       settings=self.settings.changes(), deck=self.stacked,
                       stacks=self.stacks_given, actions=self.actions)

    # --- used by phases ----------------------------------------------------

    def emit(self, kind: EventKind, text: str, *, rule: str = "", seat: int | None = None,
             private: str = "", owner: int | None = None) -> Event:
        event = Event(kind, text, rule=rule, seat=seat, street=self.street, private=private,
                      owner=owner)
        self.events.append(event)
        return event

    def log(self, op: Op) -> Op:
        """Add ``op`` to the typed record; return it, for the narration written from it."""
        self.record.append(op)
        return op

    def start_street(self, name: str) -> None:
        """Begin the street ``name``, told once: a step dealt on the street already begun
        (Courchevel's first board card, on the deal's "Preflop") starts none."""
        if name == self.street and self.events:
            return
        self.street = name
        self.emit(EventKind.STREET, name)

    def _advance(self) -> None:
        """Run automatic phases until a decision is awaited or the hand ends."""
        while self.settlement is None:
            phase = self.phase
            if phase is None:
                raise RuntimeError("the phases ran out before a settlement")
            if not self._entered:
                self._entered = True
                if phase.street:
                    self.start_street(phase.street)
                phase.enter(self)
            if len(self.table.in_hand()) == 1 and not phase.settles:
                phase.leave(self)
                self.settlement = self.game.settle_uncontested(self)
                return
            if phase.to_act(self):
                return
            phase.leave(self)
            self._index += 1
            self._entered = False

    # --- views -------------------------------------------------------------

    def can_see(self, viewer: int | None, owner: int) -> bool:
        """Whether ``viewer`` may see ``owner``'s hidden cards right now."""
        if viewer is None or viewer == owner:
            return True
        return self.game.can_see(self, viewer, owner)

    def is_public(self, seat: int, held: Held) -> bool:
        """Whether everyone at the table may see this card of ``seat``'s: it is face up,
        or it is part of a hand shown at the showdown."""
        return held.up or (self.game.shown(self, seat)
                           and self.game.shows_card(self, seat, held))

    def hidden_from(self, viewer: int | None) -> frozenset[Card]:
        """The cards at the table that stay face down to ``viewer`` (none for the host)."""
        return frozenset(h.card for s in range(self.players) if not self.can_see(viewer, s)
                         for h in self.cards[s] if not self.is_public(s, h))

    def view(self, viewer: int | None) -> HandView:
        """What ``viewer`` (a seat, or ``None`` for the host) may see now."""
        if viewer is not None and not 0 <= viewer < self.players:
            raise ValueError(f"there is no seat {viewer}: seats are 0 to {self.players - 1}")
        table = self.table
        seats = []
        for s in range(self.players):
            sees = self.can_see(viewer, s)
            cards = tuple(SeenCard(h.card if sees or self.is_public(s, h) else None,
                                   h.up, h.dead)
                          for h in self.cards[s])
            seats.append(SeatView(
                seat=s, name=seat_name(s), stack=table.stacks[s], bet=table.bets[s],
                in_pot=table.contributed[s], folded=table.folded[s], all_in=table.all_in(s),
                cards=cards, showing=self.game.describe_showing(self, s),
                notes=tuple(self.game.notes(self, s, viewer))))
        acting = viewer is not None and viewer in self.to_act
        events = tuple(e.seen_by(e.hides is None or self.can_see(viewer, e.hides))
                       for e in self.events)
        settlement = self.settlement
        if settlement is not None and viewer is not None:
            settlement = settlement.without(self.hidden_from(viewer))
        return HandView(
            game_id=self.game.id, game_name=self.game.name, viewer=viewer, street=self.street,
            seats=tuple(seats), boards=tuple(tuple(b) for b in self.boards),
            pots=tuple(table.pots()), pot_total=table.pot_total, to_act=self.to_act,
            legal=tuple(self.legal_actions(viewer)) if acting and viewer is not None else (),
            bet_range=self.bet_range(viewer) if acting and viewer is not None else None,
            events=events, is_over=self.is_over, settlement=settlement,
            dealer=self.players - 1, round_aggressor=table.round_aggressor,
            aggression=tuple(sorted(table.round_raised.items())),
            facts=self.game.public_facts(self, viewer),
            wild=self.game.seat_wild(self, viewer) if viewer is not None else None,
            table_wild=self.game.table_wild(self))

    def __repr__(self) -> str:
        return (f"<HandState {self.game.id} players={self.players} seed={self.seed} "
                f"street={self.street!r} actions={len(self.actions)}>")
