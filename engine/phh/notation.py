"""The hand as PHH lines: every card dealt and every decision, in order, by replaying
the hand, and each written in PHH's notation (the home games' own steps too).

Used both ways: the writer turns a hand into lines, and the reader checks a
file's deal lines against the ones the site's replay deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine.cards import Card
from engine.games import new_hand
from engine.games.phases import Deal
from engine.phh.variants import STANDARD
from engine.state import Action, ActionKind, HandState

HOME_VERBS = MappingProxyType({"tu": ActionKind.TURN_UP, "pp": ActionKind.PICK_PARTNER,
                               "lp": ActionKind.LOCK_PAIRS, "sc": ActionKind.SACRIFICE,
                               "ex": ActionKind.EXPOSE, "dc": ActionKind.DECLARE})
"""The home games' own steps, by their verb in ``_actions``."""
VERB_OF = MappingProxyType({kind: verb for verb, kind in HOME_VERBS.items()})
SECRET = frozenset({ActionKind.TURN_UP, ActionKind.LOCK_PAIRS, ActionKind.SACRIFICE,
                    ActionKind.EXPOSE, ActionKind.DECLARE, ActionKind.DISCARD})
"""Choices made in secret when several seats decide at once (revealed together)."""
NEVER_SHOWN = frozenset({ActionKind.DISCARD, ActionKind.LOCK_PAIRS})
"""Another seat's discards and the pairs it locked stay ``??`` in a seat's file, even if the
cards are seen later: which cards it threw or paired was its own secret."""
AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
SHOWDOWN = frozenset({ActionKind.SHOW, ActionKind.MUCK})


@dataclass
class Entry:
    """One line of the hand: a deal (``seat`` or ``board`` set) or a decision."""

    cards: tuple[Card, ...] = ()
    up: tuple[bool, ...] = ()
    seat: int | None = None
    board: int | None = None
    action: Action | None = None
    secret: bool = False
    """A secret choice not yet revealed when the file was written."""
    show: bool = False
    """A hand shown at the showdown (by the rules or by choice), with its cards."""


def holdings(state: HandState) -> tuple[list[list[tuple[Card, bool]]], list[list[Card]]]:
    """Every seat's cards (card, face up) in deal order, and the boards, as the host sees
    them: read from the hand's own lists (``state.cards``, ``state.boards``), as that is much
    quicker than a view."""
    return ([[(h.card, h.up) for h in seat] for seat in state.cards],
            [list(board) for board in state.boards])


def street_sizes(state: HandState) -> tuple[int, ...]:
    """How many cards each street deals a seat, for a game PHH writes street by street (one
    with a standard variant code: seven-card stud's 3, 1, 1, 1, 1); empty for the others."""
    if state.game.id not in STANDARD:
        return ()
    return tuple(len(phase.pattern) for phase in state.phases
                 if isinstance(phase, Deal) and phase.pattern)


class Deals:
    """Notices the cards dealt since it last looked, as deal entries.

    With ``streets`` (see :func:`street_sizes`) the cards of several streets
    dealt at once (everyone all in) are written street by street, as PHH
    deals them.
    """

    def __init__(self, players: int, streets: Sequence[int] = ()) -> None:
        self.held: list[set[Card]] = [set() for _ in range(players)]
        """Each seat's cards when last looked at: a card not among them is new."""
        self.boards: list[int] = []
        self.street_of = [n for n, size in enumerate(streets) for _ in range(size)]
        """The street of each card a seat is dealt, by its place in the seat's hand."""

    def new(self, state: HandState) -> list[Entry]:
        dealt: dict[tuple[int, int], list[tuple[Card, bool]]] = {}
        for number, seat in enumerate(state.cards):
            held = self.held[number]
            for index, card in enumerate(seat):
                if card.card not in held:
                    street = self.street_of[min(index, len(self.street_of) - 1)] \
                        if self.street_of else 0
                    dealt.setdefault((street, number), []).append((card.card, card.up))
            self.held[number] = {h.card for h in seat}
        boards = state.boards
        entries = [Entry(cards=tuple(c for c, _ in cards), up=tuple(up for _, up in cards),
                         seat=seat) for (_, seat), cards in sorted(dealt.items())]
        for index, board in enumerate(boards):
            if index == len(self.boards):
                self.boards.append(0)
            if len(board) > self.boards[index]:
                entries.append(Entry(cards=tuple(board[self.boards[index]:]), board=index))
                self.boards[index] = len(board)
        return entries


def timeline(state: HandState) -> list[Entry]:
    """Every card dealt and every decision, in order, by replaying the hand."""
    fresh = new_hand(state.game.id, players=state.players, seed=state.seed,
                     settings=state.settings, deck=state.stacked,
                     stacks=list(state.table.starting))
    tracker = Deals(state.players, street_sizes(state))
    entries = tracker.new(fresh) + shows_since(fresh, 0)
    pending: list[Entry] = []
    remaining: set[int] = set()
    for action in state.actions:
        entry = Entry(action=action, cards=action.cards)
        waiting = fresh.to_act
        if action.kind in SECRET and (pending or len(waiting) > 1):
            if not pending:
                remaining = set(waiting)
            pending.append(entry)
            remaining.discard(action.seat)
            entry.secret = True
        if action.kind is not ActionKind.SHOW:
            entries.append(entry)
        mark = len(fresh.shown)
        fresh.apply(action)
        if pending and not (remaining and set(fresh.to_act) == remaining):
            for revealed in pending:
                revealed.secret = False
            pending = []
        entries.extend(tracker.new(fresh))
        entries.extend(shows_since(fresh, mark))
    return entries


def shows_since(state: HandState, mark: int) -> list[Entry]:
    """The hands shown at the showdown after the first ``mark`` (``state.shown``), whether
    the rules showed the hand or its player chose to, each with every card of its seat."""
    return [Entry(cards=tuple(h.card for h in state.cards[seat]), seat=seat, show=True)
            for seat in state.shown[mark:]]


def cards_text(cards: Sequence[Card], shown: Sequence[bool]) -> str:
    return "".join(c.ascii if ok else "??" for c, ok in zip(cards, shown, strict=True))


def deal_line(entry: Entry, cards: str, *, several_boards: bool) -> str:
    if entry.board is not None:
        return f"d db {cards}" + (f" # board {entry.board + 1}" if several_boards else "")
    assert entry.seat is not None
    return f"d dh p{entry.seat + 1} {cards}"


def action_line(action: Action, cards: str, *, hide_choice: bool) -> str:
    who = f"p{action.seat + 1}"
    kind = action.kind
    if kind is ActionKind.FOLD:
        return f"{who} f"
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return f"{who} cc"
    if kind is ActionKind.BRING_IN:
        return f"{who} pb"
    if kind in AGGRESSIVE:
        return f"{who} cbr {action.amount}"
    if kind is ActionKind.SHOW:
        return f"{who} sm {cards}".rstrip()
    if kind is ActionKind.MUCK:
        return f"{who} sm"
    if kind is ActionKind.DISCARD:
        return f"{who} sd {cards}".rstrip()
    verb = VERB_OF[kind]
    if kind is ActionKind.PICK_PARTNER:
        assert isinstance(action.choice, int)
        return f"{who} {verb} p{action.choice + 1}"
    if kind is ActionKind.DECLARE:
        return f"{who} {verb} {'??' if hide_choice else action.choice}"
    return f"{who} {verb} {cards}"


def is_standard(line: str) -> bool:
    """Whether a line is standard PHH (a deal, a bet, a draw, a show) rather than a home
    game's own step."""
    words = line.split("#")[0].split()
    return bool(words) and (words[0] == "d" or (len(words) > 1 and words[1] in
                                               ("f", "cc", "cbr", "pb", "sm", "sd")))
