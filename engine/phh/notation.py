"""The hand as PHH lines: every card dealt and every decision, in order, read from the
hand's typed record (``HandState.record``), and each written in PHH's notation (the home
games' own steps too).

Used both ways: the writer turns a hand into lines, and the reader checks a file's deal
lines against the ones the site's replay deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine.actions import Dealt, Decided, Drew, Operation, Shown
from engine.cards import Card
from engine.games.phases import Decision
from engine.phh.variants import by_street
from engine.state import Action, ActionKind, HandState

HOME_VERBS = MappingProxyType({"tu": ActionKind.TURN_UP, "pp": ActionKind.PICK_PARTNER,
                               "lp": ActionKind.LOCK_PAIRS, "sc": ActionKind.SACRIFICE,
                               "ex": ActionKind.EXPOSE, "dc": ActionKind.DECLARE,
                               "ta": ActionKind.THROW_AWAY, "pa": ActionKind.PASS,
                               "py": ActionKind.PAY})
"""The home games' own steps, by their verb in ``_actions``."""
VERB_OF = MappingProxyType({kind: verb for verb, kind in HOME_VERBS.items()})
SECRET = frozenset({ActionKind.TURN_UP, ActionKind.LOCK_PAIRS, ActionKind.SACRIFICE,
                    ActionKind.EXPOSE, ActionKind.DECLARE, ActionKind.DISCARD,
                    ActionKind.THROW_AWAY, ActionKind.PASS})
"""Choices made in secret when several seats decide at once (revealed together)."""
NEVER_SHOWN = frozenset({ActionKind.DISCARD, ActionKind.LOCK_PAIRS, ActionKind.THROW_AWAY,
                        ActionKind.PASS})
"""Another seat's discards, the pairs it locked and the cards it threw away or passed stay
``??`` in a seat's file, even if the cards are seen later: which cards it threw, paired or
gave was its own secret."""
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


def deal_entries(state: HandState, ops: Sequence[Operation]) -> list[Entry]:
    """The deal lines of the record's operations ``ops`` (those one decision caused): the
    cards dealt to each seat (a draw's too), then each board's.

    A game PHH deals street by street (:func:`engine.phh.variants.by_street`) has each
    street's cards on lines of their own, seats first, so that an all-in's run-out reads
    as PHH deals it; the site's own games have one line per seat and per board."""
    streets = by_street(state.game.id)
    order: dict[str, int] = {}
    seats: dict[tuple[int, int], list[tuple[Card, bool]]] = {}
    boards: dict[tuple[int, int], list[Card]] = {}
    for op in ops:
        if isinstance(op, Dealt) and not op.aside:
            street = order.setdefault(op.street, len(order)) if streets else 0
            if op.seat is not None:
                seats.setdefault((street, op.seat), []).extend(zip(op.cards, op.up,
                                                                   strict=True))
            else:
                assert op.board is not None
                key = (len(boards), op.board) if streets else (op.board, 0)
                boards.setdefault(key, []).extend(op.cards)
        elif isinstance(op, Drew) and op.drawn:
            key = (order.setdefault(op.street, len(order)) if streets else 0, op.seat)
            seats.setdefault(key, []).extend((card, False) for card in op.drawn)
    entries = [Entry(cards=tuple(c for c, _ in cards), up=tuple(up for _, up in cards),
                     seat=seat) for (_, seat), cards in sorted(seats.items())]
    entries.extend(Entry(cards=tuple(cards), board=key[1] if streets else key[0])
                   for key, cards in sorted(boards.items()))
    return entries


class RecordDeals:
    """Reads the deals of the hand's record since it last looked, as deal entries."""

    def __init__(self) -> None:
        self.seen = 0

    def new(self, state: HandState) -> list[Entry]:
        ops = state.record[self.seen:]
        self.seen = len(state.record)
        return deal_entries(state, ops)


def _unrevealed(state: HandState) -> int:
    """How many of the last decisions are secret choices not yet revealed: those of a
    simultaneous decision still waiting for some seats."""
    phase = state.phase
    if isinstance(phase, Decision) and phase.simultaneous and phase.to_act(state):
        return len(phase.chosen)
    return 0


def timeline(state: HandState) -> list[Entry]:
    """Every card dealt and every decision, in order, read from the hand's typed record:
    after each decision the cards it caused to be dealt, then the hands shown."""
    record = state.record
    starts = [n for n, op in enumerate(record) if isinstance(op, Decided)]
    secret_from = len(starts) - _unrevealed(state)
    entries: list[Entry] = []
    bounds = [0, *starts, len(record)]
    for number, (start, stop) in enumerate(zip(bounds, bounds[1:], strict=False)):
        ops = record[start:stop]
        if number:
            first = ops[0]
            assert isinstance(first, Decided)
            action = first.action
            if action.kind is not ActionKind.SHOW:
                entries.append(Entry(action=action, cards=action.cards,
                                     secret=number > secret_from and action.kind in SECRET))
            ops = ops[1:]
        entries.extend(deal_entries(state, ops))
        entries.extend(Entry(cards=tuple(h.card for h in state.cards[op.seat]), seat=op.seat,
                             show=True) for op in ops if isinstance(op, Shown))
    return entries


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
    if kind is ActionKind.PAY:
        return f"{who} {verb} {action.amount}"
    return f"{who} {verb} {cards}"


def is_standard(line: str) -> bool:
    """Whether a line is standard PHH (a deal, a bet, a draw, a show) rather than a home
    game's own step."""
    words = line.split("#")[0].split()
    return bool(words) and (words[0] == "d" or (len(words) > 1 and words[1] in
                                               ("f", "cc", "cbr", "pb", "sm", "sd")))



def discards_then_draws(lines: Sequence[str]) -> list[int]:
    """The order of ``lines`` (their indices) in PHH's order of a draw: every player of the
    round discards (``p1 sd``), then each is dealt the new cards (``d dh p1 ...``), as
    pokerkit plays a draw; the site deals a player's new cards as soon as they discard."""
    ordered: list[int] = []
    discards: list[int] = []
    draws: list[int] = []
    drawing: set[str] = set()   # the players of the round so far
    for index, line in enumerate(lines):
        words = line.split("#")[0].split()
        if words[1:2] == ["sd"] and words[0] in drawing:  # a new round: nobody bet between
            ordered.extend(discards + draws)
            discards, draws, drawing = [], [], set()
        if words[1:2] == ["sd"]:
            discards.append(index)
            drawing.add(words[0])
        elif discards and words[:2] == ["d", "dh"]:
            draws.append(index)
        else:
            ordered.extend(discards + draws + [index])
            discards, draws, drawing = [], [], set()
    return ordered + discards + draws
