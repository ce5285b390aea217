"""What players do and what the table hears: actions and events, shared by every layer above.

An :class:`Action` is one decision by one seat; an :class:`Event` one line of
narration with the rule behind it; an :class:`Operation` one entry of the hand's
typed record (cards dealt, burned, drawn, revealed, shown; a reshuffled stock;
declarations, mucks and decisions). All are plain frozen values: the hand state
(``engine/state.py``) makes and keeps them, the JSON record
(``engine/record.py``) writes and reads actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card, format_cards

__all__ = ["Action", "ActionKind", "Burned", "Dealt", "Decided", "Declared", "Drew", "Event",
           "EventKind", "Mucked", "Operation", "Passed", "Reshuffled", "Revealed", "Shown",
           "seat_name"]


def seat_name(seat: int) -> str:
    """``seat_name(0) == "Seat 1"``: seats are counted from 1 on screen."""
    return f"Seat {seat + 1}"


class ActionKind(StrEnum):
    """Every kind of decision a player makes, in any of the games."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    COMPLETE = "complete"
    BRING_IN = "bring-in"
    SHOW = "show"
    MUCK = "muck"
    TURN_UP = "turn-up"
    PICK_PARTNER = "pick-partner"
    LOCK_PAIRS = "lock-pairs"
    SACRIFICE = "sacrifice"
    DISCARD = "discard"
    EXPOSE = "expose"
    DECLARE = "declare"
    THROW_AWAY = "throw-away"
    PASS = "pass"
    PAY = "pay"
    """Chips a rule asks of a seat to stay in (Baseball's face-up three); no bet."""

    @property
    def is_betting(self) -> bool:
        return self in _BETTING_KINDS


_BETTING_KINDS = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                            ActionKind.RAISE, ActionKind.COMPLETE, ActionKind.BRING_IN})


@dataclass(frozen=True, slots=True)
class Action:
    """One decision by one seat.

    - ``amount``: for bet, raise and complete, the seat's total bet for the
      round after the action ("raise to 20"); for a call, the chips it adds
      (``None`` is accepted too); for a bring-in, its size.
    - ``cards``: the card turned up, the six cards of ``lock_pairs`` in pair
      order (a1 a2 b1 b2 c1 c2), the sacrificed pair, the discards (none to
      stand pat), the three exposed cards, the cards thrown away with nothing drawn
      (``throw_away``), the cards passed to the left (``pass``).
    - ``choice``: the partner's seat for ``pick_partner``; ``"high"``,
      ``"low"`` or ``"both"`` for ``declare``.
    - ``amount`` of a ``pay``: the chips paid into the pot to stay in.
    """

    seat: int
    kind: ActionKind
    amount: int | None = None
    cards: tuple[Card, ...] = ()
    choice: str | int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ActionKind(self.kind))
        object.__setattr__(self, "cards", tuple(self.cards))

    def describe(self) -> str:
        """``"Seat 2 raises to 20"``: for buttons and logs; it names the action's cards,
        so show it to others only once those cards are revealed."""
        who = seat_name(self.seat)
        kind = self.kind
        if kind is ActionKind.CALL:
            return f"{who} calls" + (f" {self.amount}" if self.amount else "")
        if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE):
            verb = {"bet": "bets", "raise": "raises to", "complete": "completes to"}[kind.value]
            return f"{who} {verb} {self.amount}"
        if kind is ActionKind.BRING_IN:
            return f"{who} brings in for {self.amount}"
        if kind is ActionKind.PICK_PARTNER and isinstance(self.choice, int):
            return f"{who} picks {seat_name(self.choice)}"
        if kind is ActionKind.DECLARE:
            return f"{who} declares {self.choice}"
        if kind is ActionKind.PAY:
            return f"{who} pays {self.amount}"
        words = {"fold": "folds", "check": "checks", "show": "shows", "muck": "mucks",
                 "turn-up": "turns up", "lock-pairs": "locks pairs", "sacrifice": "sacrifices",
                 "discard": "discards", "expose": "exposes", "pick-partner": "picks a partner",
                 "throw-away": "throws away", "pass": "passes"}
        tail = f" {format_cards(self.cards)}" if self.cards else ""
        if kind is ActionKind.DISCARD and not self.cards:
            return f"{who} stands pat"
        return f"{who} {words[kind.value]}{tail}"


class EventKind(StrEnum):
    """What an event is about; ``STREET`` marks the start of a street."""

    STREET = "street"
    DEAL = "deal"
    POST = "post"
    ACTION = "action"
    REVEAL = "reveal"
    SHOWDOWN = "showdown"
    POT = "pot"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Event:
    """One line of narration and the rule that made it happen.

    ``text`` is what the whole table may know; ``private`` (if any) is the
    same line with ``seat``'s hidden cards, shown only through ``view`` to
    that seat and the host. When the hidden cards are another seat's (a
    partner's cards in a team hand), ``owner`` names that seat, and the
    private line goes to whoever may see the owner's cards instead.
    """

    kind: EventKind
    text: str
    rule: str = ""
    seat: int | None = None
    street: str = ""
    private: str = ""
    owner: int | None = None

    @property
    def hides(self) -> int | None:
        """The seat whose hidden cards the private line names."""
        return self.seat if self.owner is None else self.owner

    @property
    def sentence(self) -> str:
        """``"Seat 2 brings in for 5: lowest up card, 3♣"``."""
        return f"{self.text}: {self.rule}" if self.rule else self.text

    def seen_by(self, allowed: bool) -> Event:
        """This event as a viewer sees it: private text if ``allowed``, never leaked."""
        if not self.private:
            return self
        return Event(self.kind, self.private if allowed else self.text, self.rule, self.seat,
                     self.street)


# --- The typed record of a hand ----------------------------------------------------------
# What happened, as values: ``HandState.record`` keeps one per card movement and decision,
# in order, each with the street it happened on. The narration of a deal is written from
# its ``Dealt``; other layers (histories, PHH) read the record instead of the words.


@dataclass(frozen=True, slots=True)
class Dealt:
    """Cards dealt to ``seat`` (``up`` says which lie face up), or to board ``board`` when
    ``seat`` is ``None``, or set aside face up (``aside``: tie-break cards, in no hand)."""

    street: str
    cards: tuple[Card, ...]
    seat: int | None = None
    up: tuple[bool, ...] = ()
    board: int | None = None
    aside: bool = False


@dataclass(frozen=True, slots=True)
class Burned:
    """A card burned face down before a street (or before a board's cards)."""

    street: str
    card: Card


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The stock ran short: ``count`` mucked and burned cards were shuffled into it, so the
    cards dealt after this come in the shuffle's order, not the deck's."""

    street: str
    count: int


@dataclass(frozen=True, slots=True)
class Drew:
    """A draw: ``seat`` discarded ``discarded`` and was dealt ``drawn``, face down (none
    when cards are thrown away with nothing drawn, as in Crazy Pineapple)."""

    street: str
    seat: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed ``cards`` face down to seat ``to`` (Anaconda's pass)."""

    street: str
    seat: int
    to: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Revealed:
    """Cards of ``seat``'s turned face up for everyone before the showdown (a turn-up, an
    expose, an ace shown to draw four)."""

    street: str
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Declared:
    """``seat`` declared ``way`` ("high", "low" or "both"), once everyone may know it."""

    street: str
    seat: int
    way: str


@dataclass(frozen=True, slots=True)
class Shown:
    """``seat`` showed ``cards`` at the showdown."""

    street: str
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Mucked:
    """``seat`` threw its hand away unseen at the showdown."""

    street: str
    seat: int


@dataclass(frozen=True, slots=True)
class Decided:
    """A decision, as the phase accepted it (the same value as in ``HandState.actions``)."""

    street: str
    action: Action


Operation = (Dealt | Burned | Reshuffled | Drew | Passed | Revealed | Declared | Shown | Mucked
             | Decided)
"""One entry of a hand's typed record."""
