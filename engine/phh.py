"""Hand histories in the poker world's standard format, PHH (``.phh``), written and read.

PHH (the Poker Hand History format, read by pokerkit) is TOML: the variant,
the stakes, the starting stacks and one line per card dealt or decision
taken. This module writes every hand of the site as PHH and reads back
seven-card stud from any writer that follows the standard, and the site's
own files of every game.

Seats: the site's seats ``0..n-1`` (clockwise from the dealer's left, the
dealer last) are PHH's players ``p1..pn``, in the same order: pokerkit's
seven-card stud has no button, and its player 1 is the site's Seat 1.

**Seven-card stud** is written as standard ``variant = "F7S"``: ``antes``
(one per player), ``bring_in``, ``small_bet``, ``big_bet``,
``starting_stacks``, and ``actions``: ``d dh p1 AhKd7c`` (cards dealt to a
player, down and up alike, as PHH has it), ``d db 9s`` (the community card
dealt when the stock runs short), ``p3 pb`` (bring-in), ``p1 cbr 10``
(complete, bet or raise *to* 10), ``p2 cc`` (check or call), ``p2 f``
(fold), ``p1 sm AhKd7c2s9h4d5c`` (shows) and ``p1 sm`` (mucks).
``ante_trimming_status = true``: a seat all in for less than the ante
shares only in what it put in, as on this site. pokerkit's own reader loads
such a file and replays it to the same stacks, provided the hand used only
what the two engines share. Where the site's announcements differ from
pokerkit's conventions, the file says so in its user fields (below):

- ``open_pair`` (on by default): an open pair on fourth street lets anyone
  bet the big bet; pokerkit has no such rule, so a hand where it was used
  cannot be replayed by pokerkit;
- heads-up the site has no cap on raises; pokerkit caps every round at a
  bet and three raises;
- ``showing_ties`` (suit by default): pokerkit breaks equal showings by
  seat order, the site's ``seat`` setting;
- ``short_stock`` (community card by default): pokerkit shuffles the muck
  back first, the site's ``reshuffle`` setting;
- odd chips of a split pot go one each to the winners nearest the dealer's
  left; pokerkit gives them all to the first.

A stud file from another writer is read with pokerkit's conventions
(open pair off, equal showings by seat, the muck reshuffled; a community
card if the file deals one), the cards it deals stacked into the site's
deck, and its decisions replayed by the site's rules. A card is burned
only when the stock has one to spare for the street. When the stock cannot
give every player a card, the writer's deal from its own reshuffle of the
muck cannot be followed from one deck: the file is refused on the line
that deals a card a second time (or that the site's reshuffle deals
otherwise, or where the site's burn would take a card the file deals),
saying so; a card dealt twice before the stock can have run short is
refused as the plain duplicate it is.

A muck (``p2 sm``) is kept wherever the site's rules let that hand be
mucked (a hand beaten by those shown). pokerkit also lets a player concede
by mucking a hand that would win, or at an all-in before the last cards;
the site has no concession (it shows a hand that can still win, and deals
every hand still in to the end), so such a file is refused on the muck
line when it would pay the mucked hand. A file that ends before cards the
site deals (the next street, or an all-in's run-out) is refused too: the
site never makes up a card the file does not name.

**The home games** (Pick a Partner, Sophie's Pick, Double Sophie, Psycho)
have no PHH variant, so they are written with ``variant =
"dealers-choice:<game id>"`` (``dealers-choice:pick-a-partner`` ...): a
string pokerkit's reader (``HandHistory.loads``) accepts as a file, though
pokerkit cannot play it. ``actions`` holds only what standard PHH can say
(cards dealt, bets, draws as ``p1 sd 7c2d``, shows); the full sequence,
with the games' own steps, is the user field ``_actions``:

- ``p1 tu Kd`` turns a card up; ``p1 pp p4`` picks Seat 4 as partner;
- ``p1 lp AhAdKsKc2s2c`` locks three pairs; ``p1 sc 2s2c`` sacrifices a pair;
- ``p1 sd 7c2d`` discards (``p1 sd`` stands pat); ``p1 ex AhKd7c`` exposes;
- ``p1 dc high`` declares (``high``, ``low`` or ``both``);
- ``d db 9s8d2c # board 2``: the second board's cards.

User fields (PHH's ``_``-prefixed fields, which other readers ignore):
``_format``/``_version`` (``"dealers-choice-phh"``, 1), ``_game`` (the
site's game id), ``_settings`` (every announcement, as the site's JSON
writes them), ``_house_rules`` (the announcements in words), ``_seed`` and,
for a typed or stacked deck, ``_deck`` (the shuffle, only in the host's
file: a stacked deck's reshuffle of the discards uses the seed),
``_actions`` (home games) and ``_view``.

**Hidden cards.** :func:`to_phh` with a ``viewer`` seat writes that seat's
view: every card hidden from it is ``??`` (so ``????`` for two), a secret
choice not yet revealed is ``??``, and neither seed nor deck is written;
the file says ``_view = "Seat 3"``. The host's file (``viewer=None``) has
every card and reloads exactly.

**Unknown cards.** A seven-card stud file may write a down card ``??``
(a card its writer never saw, as pokerkit writes one): a seat's file from
this site, or a player's own hand history from elsewhere. A showdown line
naming the cards (``p3 sm AhKd7c2s9h4d5c``, in the order dealt) tells
them. :func:`read_phh` replays the rest with spare cards standing in, the
weakest they can be, and says whose view the hand opens as
(:class:`PhhHand`): the seat the file deals every card to, or a watcher's,
so that no page shows a stand-in. It refuses a file whose up card is
unknown (the up cards say who brings in and who bets first) and one whose
unknown cards the site's rules would show at the showdown (a stand-in
would decide the pot). A home game's seat file cannot be replayed: the
game replays only from its shuffle.

:func:`read_phh` and :func:`load_phh` (a hand with every card known) raise
``ValueError`` for anything they cannot follow, with a message naming the
line and the reason.

>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=2, seed=3)
>>> text = to_phh(state)
>>> text.splitlines()[0]
'variant = "F7S"'
>>> load_phh(text).to_json() == state.to_json()
True
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from engine.cards import FULL_DECK, Card, CardParseError, format_cards, parse_cards
from engine.games import get_game, make_settings, new_hand
from engine.games.base import Settings, SettingsError
from engine.hands import best_high
from engine.history import MAX_SEED, MAX_STACK
from engine.state import Action, ActionKind, EventKind, HandState, Held, IllegalAction, seat_name

__all__ = ["FORMAT", "STUD", "VARIANT_PREFIX", "PhhHand", "is_phh", "load_phh", "read_phh",
           "to_phh"]

FORMAT = "dealers-choice-phh"
VERSION = 1
STUD = "seven-card-stud"
STUD_VARIANT = "F7S"
VARIANT_PREFIX = "dealers-choice:"
MAX_LINES = 5000
"""The most action lines a file may hold (a long hand has about a hundred)."""

_HOME_VERBS = MappingProxyType({"tu": ActionKind.TURN_UP, "pp": ActionKind.PICK_PARTNER,
                                "lp": ActionKind.LOCK_PAIRS, "sc": ActionKind.SACRIFICE,
                                "ex": ActionKind.EXPOSE, "dc": ActionKind.DECLARE})
_VERB_OF = MappingProxyType({kind: verb for verb, kind in _HOME_VERBS.items()})
_SECRET = frozenset({ActionKind.TURN_UP, ActionKind.LOCK_PAIRS, ActionKind.SACRIFICE,
                     ActionKind.EXPOSE, ActionKind.DECLARE, ActionKind.DISCARD})
_NEVER_SHOWN = frozenset({ActionKind.DISCARD, ActionKind.LOCK_PAIRS})
"""Another seat's discards and the pairs it locked stay ``??`` in a seat's file, even if the
cards are seen later: which cards it threw or paired was its own secret."""
_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
_SHOWDOWN = frozenset({ActionKind.SHOW, ActionKind.MUCK})
_CARD_OF: MappingProxyType[str, Card | None] = MappingProxyType(
    {"??": None} | {c.ascii: c for c in FULL_DECK})
"""Each card as a file writes it (``Ah``), and ``??`` for one nobody saw: the quick way to
read the usual spelling (anything else goes through the card parser, for its message)."""
_STUD_FOREIGN = MappingProxyType({"open_pair": False, "showing_ties": "seat",
                                  "short_stock": "reshuffle"})
"""pokerkit's conventions, for a stud file this site did not write."""


# --- writing ----------------------------------------------------------------


@dataclass
class _Entry:
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


def _holdings(state: HandState) -> tuple[list[list[tuple[Card, bool]]], list[list[Card]]]:
    """Every seat's cards (card, face up) in deal order, and the boards, as the host sees
    them: read from the hand's own lists (``state.cards``, ``state.boards``), as that is much
    quicker than a view."""
    return ([[(h.card, h.up) for h in seat] for seat in state.cards],
            [list(board) for board in state.boards])


class _Deals:
    """Notices the cards dealt since it last looked, as deal entries.

    In seven-card stud (``by_street``) the cards of several streets dealt at
    once (everyone all in) are written street by street, as PHH deals them.
    """

    def __init__(self, players: int, *, by_street: bool = False) -> None:
        self.held: list[set[Card]] = [set() for _ in range(players)]
        self.last: list[list[Held]] = [[] for _ in range(players)]
        """Each seat's cards when last looked at: kept alive, so their ids stay theirs."""
        self.ids: list[tuple[int, ...]] = [() for _ in range(players)]
        self.boards: list[int] = []
        self.by_street = by_street

    def new(self, state: HandState) -> list[_Entry]:
        dealt: dict[tuple[int, int], list[tuple[Card, bool]]] = {}
        for number, seat in enumerate(state.cards):
            ids = tuple(map(id, seat))
            if ids == self.ids[number]:
                continue  # the same cards (phases replace a card, never change one)
            held = self.held[number]
            for index, card in enumerate(seat):
                if card.card not in held:
                    street = max(0, index - 2) if self.by_street else 0
                    dealt.setdefault((street, number), []).append((card.card, card.up))
            self.held[number] = {h.card for h in seat}
            self.last[number], self.ids[number] = list(seat), ids
        boards = state.boards
        entries = [_Entry(cards=tuple(c for c, _ in cards), up=tuple(up for _, up in cards),
                          seat=seat) for (_, seat), cards in sorted(dealt.items())]
        for index, board in enumerate(boards):
            if index == len(self.boards):
                self.boards.append(0)
            if len(board) > self.boards[index]:
                entries.append(_Entry(cards=tuple(board[self.boards[index]:]), board=index))
                self.boards[index] = len(board)
        return entries


def _timeline(state: HandState) -> list[_Entry]:
    """Every card dealt and every decision, in order, by replaying the hand."""
    fresh = new_hand(state.game.id, players=state.players, seed=state.seed,
                     settings=state.settings, deck=state.stacked,
                     stacks=list(state.table.starting))
    tracker = _Deals(state.players, by_street=state.game.id == STUD)
    entries = tracker.new(fresh) + _shows(fresh, 0)
    pending: list[_Entry] = []
    remaining: set[int] = set()
    for action in state.actions:
        entry = _Entry(action=action, cards=action.cards)
        waiting = fresh.to_act
        if action.kind in _SECRET and (pending or len(waiting) > 1):
            if not pending:
                remaining = set(waiting)
            pending.append(entry)
            remaining.discard(action.seat)
            entry.secret = True
        if action.kind is not ActionKind.SHOW:
            entries.append(entry)
        mark = len(fresh.events)
        fresh.apply(action)
        if pending and not (remaining and set(fresh.to_act) == remaining):
            for revealed in pending:
                revealed.secret = False
            pending = []
        entries.extend(tracker.new(fresh))
        entries.extend(_shows(fresh, mark))
    return entries


def _shows(state: HandState, mark: int) -> list[_Entry]:
    """The hands shown since event ``mark``: the showdown's own lines, "Seat 3 shows ...",
    whether the rules showed the hand or its player chose to."""
    shows = []
    for event in state.events[mark:]:
        if event.kind is EventKind.SHOWDOWN and event.seat is not None and \
                event.text.startswith(f"{seat_name(event.seat)} shows "):
            held = _holdings(state)[0][event.seat]
            shows.append(_Entry(cards=tuple(c for c, _ in held), seat=event.seat, show=True))
    return shows


def _cards_text(cards: Sequence[Card], shown: Sequence[bool]) -> str:
    return "".join(c.ascii if ok else "??" for c, ok in zip(cards, shown, strict=True))


def _lines(state: HandState, viewer: int | None) -> list[str]:
    """The hand's lines in PHH notation, home-game steps included, as ``viewer`` may see."""
    visible: list[set[Card]] = []
    if viewer is not None:
        final = state.view(viewer)
        visible = [{c.card for c in seat.cards if c.card is not None} for seat in final.seats]
    lines = []
    several_boards = len(_holdings(state)[1]) > 1
    for entry in _timeline(state):
        owner = entry.seat if entry.action is None else entry.action.seat
        if viewer is None or owner is None or owner == viewer:
            shown = [True] * len(entry.cards)
        elif entry.show:
            shown = [c in visible[owner] for c in entry.cards]
        elif entry.action is None:
            shown = list(entry.up)
        elif entry.secret or entry.action.kind in _NEVER_SHOWN:
            shown = [False] * len(entry.cards)
        else:
            shown = [c in visible[owner] for c in entry.cards]
        cards = _cards_text(entry.cards, shown)
        if entry.show:
            lines.append(f"p{owner + 1 if owner is not None else 0} sm {cards}".rstrip())
            continue
        if entry.action is None:
            lines.append(_deal_line(entry, cards, several_boards=several_boards))
            continue
        lines.append(_action_line(entry.action, cards,
                                  hide_choice=entry.secret and viewer not in (None, owner)))
    return lines


def _deal_line(entry: _Entry, cards: str, *, several_boards: bool) -> str:
    if entry.board is not None:
        return f"d db {cards}" + (f" # board {entry.board + 1}" if several_boards else "")
    assert entry.seat is not None
    return f"d dh p{entry.seat + 1} {cards}"


def _action_line(action: Action, cards: str, *, hide_choice: bool) -> str:
    who = f"p{action.seat + 1}"
    kind = action.kind
    if kind is ActionKind.FOLD:
        return f"{who} f"
    if kind in (ActionKind.CHECK, ActionKind.CALL):
        return f"{who} cc"
    if kind is ActionKind.BRING_IN:
        return f"{who} pb"
    if kind in _AGGRESSIVE:
        return f"{who} cbr {action.amount}"
    if kind is ActionKind.SHOW:
        return f"{who} sm {cards}".rstrip()
    if kind is ActionKind.MUCK:
        return f"{who} sm"
    if kind is ActionKind.DISCARD:
        return f"{who} sd {cards}".rstrip()
    verb = _VERB_OF[kind]
    if kind is ActionKind.PICK_PARTNER:
        assert isinstance(action.choice, int)
        return f"{who} {verb} p{action.choice + 1}"
    if kind is ActionKind.DECLARE:
        return f"{who} {verb} {'??' if hide_choice else action.choice}"
    return f"{who} {verb} {cards}"


def _is_standard(line: str) -> bool:
    """Whether a line is standard PHH (a deal, a bet, a draw, a show) rather than a home
    game's own step."""
    words = line.split("#")[0].split()
    return bool(words) and (words[0] == "d" or (len(words) > 1 and words[1] in
                                               ("f", "cc", "cbr", "pb", "sm", "sd")))


def _value(value: Any) -> str:
    """A TOML value: strings quoted as JSON quotes them (TOML's basic strings agree)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} in a hand history")


def _array(name: str, items: Sequence[str]) -> str:
    if not items:
        return f"{name} = []"
    return f"{name} = [\n" + "".join(f"  {_value(item)},\n" for item in items) + "]"


def _house_rules(settings: Settings) -> list[str]:
    rules = []
    for info in settings.schema():
        value = getattr(settings, info.name)
        chosen = next((o for o in info.options if o.value == value), None)
        if chosen is not None:
            rules.append(f"{info.label}: {chosen.effect}")
        else:
            rules.append(f"{info.label}: {value}")
    return rules


def _all_settings(settings: Settings) -> dict[str, Any]:
    plain = {}
    for info in settings.schema():
        value = getattr(settings, info.name)
        plain[info.name] = value.value if isinstance(value, Enum) else value
    return plain


def _blinds(state: HandState) -> list[int] | None:
    settings = state.settings
    small, big = getattr(settings, "small_blind", None), getattr(settings, "big_blind", None)
    if not isinstance(small, int) or not isinstance(big, int):
        return None
    blinds = [0] * state.players
    small_seat, big_seat = (state.players - 1, 0) if state.players == 2 else (0, 1)
    blinds[small_seat], blinds[big_seat] = small, big
    return blinds


def to_phh(state: HandState, viewer: int | None = None) -> str:
    """The hand as a PHH file: the host's (every card) or ``viewer``'s view (hidden cards
    ``??``, no seed); see the module docstring."""
    settings = state.settings
    stud = state.game.id == STUD
    players = state.players
    ante = getattr(settings, "ante", 0)
    lines = _lines(state, viewer)
    out = [f"variant = {_value(STUD_VARIANT if stud else VARIANT_PREFIX + state.game.id)}"]
    if stud:
        out.append("ante_trimming_status = true")
    out.append(f"antes = {_value([ante if isinstance(ante, int) else 0] * players)}")
    blinds = _blinds(state)
    if blinds is not None:
        out.append(f"blinds_or_straddles = {_value(blinds)}")
    for name in ("bring_in", "small_bet", "big_bet"):
        value = getattr(settings, name, None)
        if isinstance(value, int) and (stud or name != "bring_in"):
            out.append(f"{name} = {value}")
    out.append(f"starting_stacks = {_value(list(state.table.starting))}")
    out.append(_array("actions", lines if stud else [x for x in lines if _is_standard(x)]))
    out.append(f"players = {_value([seat_name(s) for s in range(players)])}")
    if state.is_over:
        finishing = [start + net for start, net in zip(state.table.starting, state.payoffs,
                                                       strict=True)]
        out.append(f"finishing_stacks = {_value(finishing)}")
    out.append(f"_format = {_value(FORMAT)}")
    out.append(f"_version = {VERSION}")
    out.append(f"_game = {_value(state.game.id)}")
    out.append(f"_settings = {_value(_all_settings(settings))}")
    out.append(_array("_house_rules", _house_rules(settings)))
    if viewer is None:
        if state.stacked is not None:
            out.append(f"_deck = {_value(format_cards(state.stacked, ascii=True))}")
        out.append(f"_seed = {state.seed}")  # a stacked deck's reshuffles use it too
    else:
        out.append(f"_view = {_value(seat_name(viewer))}")
    if not stud:
        out.append(_array("_actions", lines))
    return "\n".join(out) + "\n"


# --- reading ----------------------------------------------------------------


class _Where:
    """Finds the line of a field, or of one item of an array field, in the file's text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def key(self, name: str) -> int | None:
        pattern = re.compile(rf"^\s*['\"]?{re.escape(name)}['\"]?\s*=")
        return next((n for n, line in enumerate(self.lines, 1) if pattern.match(line)), None)

    def items(self, name: str, items: Sequence[str]) -> list[int | None]:
        """The line of each item of array ``name``, found in order from the field's line."""
        start = self.key(name)
        found: list[int | None] = []
        if start is None:
            return [None] * len(items)
        line, column = start - 1, 0
        for item in items:
            where = None
            for quoted in (json.dumps(item, ensure_ascii=False), f"'{item}'"):
                at = self._find(quoted, line, column)
                if at is not None:
                    where = at
                    break
            if where is None:
                found.append(None)
                continue
            line, column = where
            column += 1
            found.append(line + 1)
        return found

    def _find(self, needle: str, line: int, column: int) -> tuple[int, int] | None:
        for n in range(line, len(self.lines)):
            at = self.lines[n].find(needle, column if n == line else 0)
            if at >= 0:
                return n, at
        return None


def _at(line: int | None, text: str | None = None) -> str:
    where = f"line {line}" if line is not None else "the file"
    return f"{where} ({text})" if text is not None else where


@dataclass
class _Step:
    line: int | None
    text: str
    words: list[str]


@dataclass
class _Reader:
    text: str
    data: dict[str, Any]
    where: _Where
    steps: list[_Step] = field(default_factory=list)

    def fail(self, name: str, why: str) -> ValueError:
        line = self.where.key(name)
        value = self.data.get(name)
        shown = f"{name} = {_short(value)}" if name in self.data else None
        return ValueError(f"{_at(line, shown)}: {why}")

    def whole(self, name: str, *, least: int = 0, most: int = MAX_STACK,
              default: int | None = None) -> int:
        if name not in self.data:
            if default is not None:
                return default
            raise self.fail(name, f"the file has no {name}, which this site needs")
        value = self.data[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(name, f"{name} must be a whole number of chips")
        if not least <= value <= most:
            raise self.fail(name, f"{name} must be from {least} to {most:,}")
        return value

    def numbers(self, name: str, count: int | None = None, *, least: int = 0) -> list[int]:
        value = self.data.get(name)
        if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise self.fail(name, f"{name} must be a list of whole numbers")
        if count is not None and len(value) != count:
            raise self.fail(name, f"{name} must give one number for each of the {count} "
                                  "players")
        if any(not least <= v <= MAX_STACK for v in value):
            raise self.fail(name, f"each of {name} must be from {least} to {MAX_STACK:,}")
        return value

    def read_steps(self, name: str) -> list[_Step]:
        items = self.data.get(name)
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise self.fail(name, f"{name} must be a list of text lines such as 'p1 cc'")
        if len(items) > MAX_LINES:
            raise self.fail(name, f"{name} has {len(items):,} lines; a hand has at most "
                                  f"{MAX_LINES:,}")
        lines = self.where.items(name, items)
        steps = []
        for number, (item, line) in enumerate(zip(items, lines, strict=True), 1):
            words = item.split("#")[0].split()
            steps.append(_Step(line if line is not None else None,
                               item if line is not None else f"{name} item {number}: {item}",
                               words))
        return steps


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def is_phh(text: str) -> bool:
    """Whether ``text`` looks like a PHH file rather than JSON (it is TOML with a variant)."""
    stripped = text.lstrip()
    return not stripped.startswith(("{", "[")) and re.search(r"(?m)^\s*variant\s*=", text) \
        is not None


@dataclass(frozen=True)
class PhhHand:
    """A hand read from PHH and whose view it opens as.

    A file that tells every card opens as the host's (``complete``). One that
    writes some seven-card stud cards ``??`` (cards its writer never saw)
    replays with spare cards standing in for them, so it opens only as a view
    that never shows them: ``seat``'s, a seat whose every card the file deals
    known (its writer's: the one such seat that did not show at the
    showdown, else the first), or a watcher's when ``seat`` is None.
    """

    state: HandState
    complete: bool = True
    seat: int | None = None


def load_phh(text: str) -> HandState:
    """The hand in a PHH file that tells every card, replayed by the site's rules;
    ``ValueError`` names the line and the reason for anything this site cannot follow."""
    hand = read_phh(text)
    if not hand.complete:
        raise ValueError("the file writes some cards ?? (unknown): it opens only as "
                         + (f"{seat_name(hand.seat)}'s view" if hand.seat is not None else
                            "a watcher's view") + ", never with every card")
    return hand.state


def read_phh(text: str) -> PhhHand:
    """The hand in a PHH file, replayed by the site's rules, with the view it may open as;
    ``ValueError`` names the line and the reason for anything this site cannot follow."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"the file is not PHH (its TOML is broken: {error})") from None
    except RecursionError:
        raise ValueError("the file is nested too deeply to be a hand history") from None
    try:
        return _load(_Reader(text, data, _Where(text)))
    except (RuntimeError, ArithmeticError, LookupError, TypeError, AttributeError) as error:
        # Not expected: the checks above should catch every file the engine cannot follow.
        raise ValueError(f"the file cannot be replayed here ({error})") from None


def _load(reader: _Reader) -> PhhHand:
    data = reader.data
    variant = data.get("variant")
    if variant is None:
        raise ValueError("the file gives no variant, so it is not a PHH hand history")
    if variant == STUD_VARIANT:
        return _load_stud(reader)
    if "_view" in data:
        raise reader.fail("_view", f"this file is {_short(data['_view'])}'s view of the hand: "
                                   "the cards hidden from that seat are written ??, and this "
                                   "game replays only from its shuffle, so it cannot be "
                                   "replayed; the host's file can")
    if isinstance(variant, str) and variant.startswith(VARIANT_PREFIX):
        return PhhHand(_load_home(reader, variant[len(VARIANT_PREFIX):]))
    raise reader.fail("variant", f"this site plays seven-card stud ({STUD_VARIANT!r}) and its "
                                 f"own games ({VARIANT_PREFIX}...), not this variant")


def _players(reader: _Reader, game_id: str) -> list[int]:
    game = get_game(game_id)
    stacks = reader.numbers("starting_stacks", least=1)
    if not game.min_players <= len(stacks) <= game.max_players:
        raise reader.fail("starting_stacks", f"{game.name} on this site seats "
                                             f"{game.min_players} to {game.max_players} "
                                             f"players, not {len(stacks)}")
    return stacks


def _deck_and_seed(reader: _Reader) -> tuple[int, list[Card] | None] | None:
    if "_deck" in reader.data:
        deck = reader.data["_deck"]
        if not isinstance(deck, str):
            raise reader.fail("_deck", "the deck must be written as text, such as 'Kh Th'")
        try:
            cards = parse_cards(deck, distinct=True)
        except CardParseError as error:
            raise reader.fail("_deck", f"the deck has a bad card: {error}") from None
        if len(cards) != 52:
            raise reader.fail("_deck", f"the deck holds {len(cards)} cards, not 52")
        return reader.whole("_seed", most=MAX_SEED, default=0), cards
    if "_seed" in reader.data:
        return reader.whole("_seed", most=MAX_SEED), None
    return None


_FIELD_OF_LABEL = MappingProxyType({"Ante": "antes", "Bring-in": "bring_in",
                                    "Small bet": "small_bet", "Big bet": "big_bet",
                                    "Chips": "starting_stacks"})


def _settings(reader: _Reader, game_id: str, values: dict[str, Any]) -> Settings:
    try:
        return make_settings(get_game(game_id), values)
    except SettingsError as error:
        label = str(error).split(":")[0]
        name = _FIELD_OF_LABEL.get(label, "_settings")
        if name not in reader.data:
            name = "_settings" if "_settings" in reader.data else "variant"
        raise reader.fail(name, f"the site cannot use these stakes or announcements: "
                                f"{error}") from None


def _own_settings(reader: _Reader) -> dict[str, Any]:
    own = reader.data.get("_settings", {})
    if not isinstance(own, dict):
        raise reader.fail("_settings", "_settings must be names with values")
    return dict(own)


def _load_stud(reader: _Reader) -> PhhHand:
    data = reader.data
    stacks = _players(reader, STUD)
    players = len(stacks)
    if isinstance(data.get("antes"), int) and not isinstance(data.get("antes"), bool):
        data["antes"] = [data["antes"]] * players
    if isinstance(data.get("antes"), list) and len(data["antes"]) < players:
        data["antes"] = data["antes"] + [0] * (players - len(data["antes"]))
    antes = reader.numbers("antes", players)
    if len(set(antes)) > 1:
        raise reader.fail("antes", "every player antes the same on this site")
    blinds = data.get("blinds_or_straddles")
    if blinds not in (None, [0] * players) and blinds != [] and blinds != 0:
        raise reader.fail("blinds_or_straddles", "seven-card stud on this site has no blinds")
    shuffle = _deck_and_seed(reader)
    viewer = _view_seat(reader, players)
    foreign = shuffle is None and viewer is None
    values = dict(_STUD_FOREIGN) if foreign else _own_settings(reader)
    values.update(ante=antes[0], bring_in=reader.whole("bring_in", least=1),
                  small_bet=reader.whole("small_bet", least=1),
                  big_bet=reader.whole("big_bet", least=1))
    steps = reader.read_steps("actions")
    cards = _dealt(reader, steps, players)
    _check_no_early_concession(steps, players)
    if foreign and cards.board:
        values["short_stock"] = "community"
    if data.get("ante_trimming_status") is not True and antes[0] and \
            any(s <= antes[0] for s in stacks):
        raise reader.fail("starting_stacks", "a player is all in on the ante, and this site "
                                             "shares the antes as ante trimming does "
                                             "(ante_trimming_status = true), not as this file "
                                             "says")
    stacks_given: list[int] | None = stacks
    if len(set(stacks)) == 1 and "chips" not in values:
        values["chips"] = stacks[0]
        stacks_given = None
    elif len(set(stacks)) == 1 and values.get("chips") == stacks[0]:
        stacks_given = None
    settings = _settings(reader, STUD, values)
    unknown: set[int] = set()
    if shuffle is not None:
        seed, deck = shuffle
    else:
        seed, deck = 0, _stud_deck(cards, players, steps, unknown)
    state = new_hand(STUD, players=players, seed=seed, settings=settings, deck=deck,
                     stacks=stacks_given)
    _replay(reader, state, steps, check_deals=True, finish=foreign)
    _check_mucks_kept(state, steps, players)
    _check_nothing_made_up(state, cards, steps)
    if not unknown:
        return PhhHand(state)
    _check_unknown_not_shown(state, steps, unknown)
    if viewer is None and cards.dealt_known:
        kept = cards.dealt_known - cards.shown
        viewer = min(kept) if len(kept) == 1 else min(cards.dealt_known)
    elif viewer is not None and viewer not in cards.dealt_known:
        raise reader.fail("_view", f"the file is {seat_name(viewer)}'s view, but it writes "
                                   "some of that seat's own cards ??")
    return PhhHand(state, complete=False, seat=viewer)


def _check_no_early_concession(steps: list[_Step], players: int) -> None:
    """Refuse a muck before the last cards are dealt: at an all-in pokerkit asks each
    player to show or muck before the run-out, and a muck concedes the pots to the others;
    the site deals every hand still in to the end and shows it, with no way to concede."""
    last_deal = max((n for n, step in enumerate(steps) if step.words[:1] == ["d"]), default=-1)
    for step in steps[:last_deal]:
        if len(step.words) == 2 and step.words[1] == "sm":
            seat = _player(step, step.words[0], players)
            raise ValueError(f"{_at(step.line, step.text)}: {seat_name(seat)} mucks at the "
                             "all-in, before the last cards are dealt, and so concedes the pot "
                             "to the others; on this site every hand still in at an all-in is "
                             "dealt to the end and shown, with no way to concede, so the site "
                             "cannot pay the pot as this file does")


def _check_mucks_kept(state: HandState, steps: list[_Step], players: int) -> None:
    """Refuse a file whose muck the site overrides to pay that hand: the file's last
    showdown line for a seat mucks it (conceding), but the site's rules show a hand that
    can still win, and this one wins a pot there."""
    last: dict[int, _Step] = {}
    for step in steps:
        if len(step.words) in (2, 3) and step.words[1] == "sm":
            last[_player(step, step.words[0], players)] = step
    settlement = state.settlement
    winners = set() if settlement is None else {
        seat for award in settlement.awards for seat in award.winners}
    for seat, step in last.items():
        if len(step.words) == 2 and seat in state.shown and seat in winners:
            raise ValueError(f"{_at(step.line, step.text)}: {seat_name(seat)} mucks here, "
                             "conceding the pot, but on this site a hand that can still win "
                             "is shown, and this one wins: the site has no way to concede at "
                             "the showdown, so it cannot pay the pot as this file does")


def _check_nothing_made_up(state: HandState, dealt: _Dealt, steps: list[_Step]) -> None:
    """Refuse a file that ends before cards the site deals: the site deals a street as
    soon as the betting before it ends (at an all-in, every street to the end), and would
    have to make those cards up."""
    where = _at(steps[-1].line, steps[-1].text) if steps else "the file"
    for seat, held in enumerate(state.cards):
        if len(held) > len(dealt.seats[seat]):
            raise ValueError(f"{where}: the file ends here, but the site then deals "
                             f"{seat_name(seat)} its card {len(dealt.seats[seat]) + 1}, which "
                             "the file never names: the site deals a street as soon as the "
                             "betting before it ends (at an all-in, every street to the end), "
                             "and it does not make up cards a hand history leaves out")
    if state.boards and len(state.boards[0]) > len(dealt.board):
        raise ValueError(f"{where}: the file ends here, but the site then deals a community "
                         "card, which the file never names, and it does not make up cards a "
                         "hand history leaves out")


def _view_seat(reader: _Reader, players: int) -> int | None:
    """The seat whose view a file of this site's is (``_view = "Seat 3"``), if it is one."""
    if "_view" not in reader.data:
        return None
    view = reader.data["_view"]
    names = [seat_name(s) for s in range(players)]
    if view not in names:
        raise reader.fail("_view", f"_view names the seat whose view the file is, one of "
                                   f"{names[0]} to {names[-1]}")
    return names.index(view)


def _check_unknown_not_shown(state: HandState, steps: list[_Step], unknown: set[int]) -> None:
    """Refuse a hand whose showdown, by the site's rules, shows cards the file does not know:
    the cards standing in for them would decide the pot."""
    for seat in state.shown:
        if seat in unknown:
            line = next((x for x in reversed(steps) if x.words[:2] == [f"p{seat + 1}", "sm"]),
                        steps[-1] if steps else None)
            where = _at(line.line, line.text) if line is not None else "the file"
            raise ValueError(f"{where}: {seat_name(seat)}'s cards are not all known (??), but "
                             "the site's rules show them at the showdown here, so the file "
                             "cannot tell who wins")


def _load_home(reader: _Reader, game_id: str) -> HandState:
    data = reader.data
    try:
        game = get_game(game_id)
    except ValueError as error:
        raise reader.fail("variant", str(error)) from None
    if data.get("_game", game_id) != game_id:
        raise reader.fail("_game", f"the variant says {game_id}, but _game says otherwise")
    stacks = _players(reader, game.id)
    shuffle = _deck_and_seed(reader)
    if shuffle is None:
        raise reader.fail("variant", f"{game.name} is this site's own game: its file replays "
                                     "only with the shuffle it was dealt from (_seed or "
                                     "_deck), which this file does not have")
    settings = _settings(reader, game.id, _own_settings(reader))
    seed, deck = shuffle
    stacks_given = None if set(stacks) == {game.chips(settings)} else stacks
    try:
        state = new_hand(game.id, players=len(stacks), seed=seed, settings=settings,
                         deck=deck, stacks=stacks_given)
    except ValueError as error:
        raise reader.fail("starting_stacks", str(error)) from None
    steps = reader.read_steps("_actions")
    standard = reader.read_steps("actions")
    expected = [s for s in steps if s.words and _is_standard(" ".join(s.words))]
    for index, step in enumerate(standard):
        if index >= len(expected) or step.words != expected[index].words:
            raise ValueError(f"{_at(step.line, step.text)}: actions and _actions disagree "
                             "here (actions must be _actions without the game's own steps)")
    if len(standard) < len(expected):
        raise reader.fail("actions", "actions stops before _actions does")
    _replay(reader, state, steps, check_deals=False, finish=False)
    return state


@dataclass
class _Dealt:
    """The cards a stud file deals: each player's in order (``None`` for one written ``??``),
    the community card, and the players whose deal lines name every card."""

    seats: list[list[tuple[Card | None, _Step]]]
    board: list[tuple[Card, _Step]]
    dealt_known: set[int] = field(default_factory=set)
    shown: set[int] = field(default_factory=set)
    """The players whose showdown line names their cards."""


def _cards(step: _Step, text: str) -> list[Card]:
    cards = _maybe_cards(step, text)
    if any(c is None for c in cards):
        raise ValueError(f"{_at(step.line, step.text)}: a card is unknown (??); the site can "
                         "replay this only with every card known")
    return [c for c in cards if c is not None]


def _maybe_cards(step: _Step, text: str) -> list[Card | None]:
    """Cards written two characters each, ``??`` for one nobody saw."""
    if len(text) % 2:
        raise ValueError(f"{_at(step.line, step.text)}: cards are written two characters each, "
                         "such as AhKd")
    chunks = [text[i:i + 2] for i in range(0, len(text), 2)]
    if all(c in _CARD_OF for c in chunks):
        return [_CARD_OF[c] for c in chunks]
    try:
        known = iter(parse_cards(" ".join(c for c in chunks if c != "??")))
    except CardParseError as error:
        raise ValueError(f"{_at(step.line, step.text)}: {error}") from None
    return [None if c == "??" else next(known) for c in chunks]


def _player(step: _Step, word: str, players: int) -> int:
    if not re.fullmatch(r"p[1-9][0-9]?", word) or not 1 <= int(word[1:]) <= players:
        raise ValueError(f"{_at(step.line, step.text)}: {word!r} is not one of the players "
                         f"p1 to p{players}")
    return int(word[1:]) - 1


def _dealt(reader: _Reader, steps: list[_Step], players: int) -> _Dealt:
    dealt = _Dealt([[] for _ in range(players)], [])
    seen: set[Card] = set()
    hidden: set[int] = set()
    taken = 0
    """The cards the file dealt before the line (``??`` ones too)."""
    for step in steps:
        words = step.words
        if words[:1] != ["d"]:
            continue
        if len(words) == 4 and words[1] == "dh":
            seat = _player(step, words[2], players)
            cards: list[Card | None] = _maybe_cards(step, words[3])
            if None in cards:
                hidden.add(seat)
            dealt.seats[seat].extend((card, step) for card in cards)
        elif len(words) == 3 and words[1] == "db":
            board = _cards(step, words[2])
            dealt.board.extend((card, step) for card in board)
            cards = list(board)
        else:
            raise ValueError(f"{_at(step.line, step.text)}: a deal is 'd dh p1 AhKd' or "
                             "'d db 9s'")
        street = max(len(held) for held in dealt.seats) - 3
        out = taken + min(4, max(0, street)) + len(cards)
        for card in cards:
            if card is not None:
                _once(step, card, seen, out)
        taken += len(cards)
    for seat in range(players):
        if len(dealt.seats[seat]) > 7:
            raise ValueError(f"{_at(dealt.seats[seat][7][1].line, dealt.seats[seat][7][1].text)}"
                             ": a seven-card stud player gets at most seven cards")
    _shown_cards(steps, dealt, players, seen)
    for seat, held in enumerate(dealt.seats):
        for index, (card, step) in enumerate(held[2:6], 2):
            if card is None:
                raise ValueError(f"{_at(step.line, step.text)}: {seat_name(seat)}'s up card "
                                 f"(its card {index + 1}) is unknown (??); the site needs every "
                                 "up card, as they say who brings in and who bets first")
    dealt.dealt_known = set(range(players)) - hidden
    return dealt


def _once(step: _Step, card: Card, seen: set[Card], out: int) -> None:
    """Note ``card`` as dealt, refusing it a second time: as dealt from the writer's
    reshuffled muck only when at most ``out`` cards (those dealt up to this line and a burn
    before each street from fourth) can have run the stock short."""
    if card not in seen:
        seen.add(card)
        return
    where = _at(step.line, step.text)
    if out <= len(FULL_DECK):
        raise ValueError(f"{where}: {card.ascii} is dealt a second time, and a deck holds "
                         f"each card once: at most {out} cards have left the stock by this "
                         "line, so it never ran short and nothing was shuffled back in")
    raise ValueError(f"{where}: {card.ascii} is dealt a second time: the stock ran short and "
                     "the mucked cards were shuffled back in, in an order of the writer's own "
                     "shuffle; the site replays a deal from one deck, each card once")


def _shown_cards(steps: list[_Step], dealt: _Dealt, players: int, seen: set[Card]) -> None:
    """Fill in the unknown (``??``) cards the file's showdown lines (``p3 sm AhKd...``, every
    card in the order dealt) tell, checking the known ones agree."""
    out = sum(len(held) for held in dealt.seats) + len(dealt.board) + 4
    for step in steps:
        words = step.words
        if len(words) != 3 or words[1] != "sm":
            continue
        seat = _player(step, words[0], players)
        dealt.shown.add(seat)
        held = dealt.seats[seat]
        shown = _maybe_cards(step, words[2])
        if len(shown) > len(held):
            raise ValueError(f"{_at(step.line, step.text)}: {seat_name(seat)} shows "
                             f"{len(shown)} cards but the file dealt it {len(held)}")
        named = {c for c, _ in held if c is not None}
        if all(c is not None for c, _ in held) and set(shown) - {None} <= named:
            continue  # every card known: a show in another order says nothing new
        for index, card in enumerate(shown):
            was = held[index][0]
            if card is None:
                continue
            if was is None:
                _once(step, card, seen, out)
                held[index] = (card, held[index][1])
            elif card != was:
                raise ValueError(f"{_at(step.line, step.text)}: {seat_name(seat)} shows "
                                 f"{card.ascii} as its card {index + 1}, which the file dealt "
                                 f"as {was.ascii}")


def _stud_deck(dealt: _Dealt, players: int, steps: list[_Step],
               unknown: set[int]) -> list[Card]:
    """A stacked deck that deals a stud file's cards in the site's order: burns from the
    cards the file never names, and so are the stand-ins for cards it writes ``??`` (whose
    seats are added to ``unknown``)."""
    used = {c for seat in dealt.seats for c, _ in seat if c is not None} | \
        {c for c, _ in dealt.board}
    spare = [c for c in FULL_DECK if c not in used]
    random.Random(0).shuffle(spare)
    seats = [_stand_ins([c for c, _ in held], spare) for held in dealt.seats]
    unknown.update(s for s, held in enumerate(dealt.seats) if any(c is None for c, _ in held))
    deck: list[Card] = []
    for round_ in range(3):
        deck.extend(seats[s][round_] for s in range(players) if len(seats[s]) > round_)
    folded = _folds_by_street(steps, players)
    live = [s for s in range(players) if len(seats[s]) >= 3 and s not in folded.get(0, set())]
    for street in range(1, 5):
        index = street + 2
        getting = [s for s in range(players) if len(seats[s]) > index]
        community = street == 4 and bool(dealt.board)
        need = len(live)
        if not getting and not community:
            break
        if 52 - len(deck) > need:
            if not spare:
                step = dealt.seats[getting[0]][index][1] if getting else dealt.board[0][1]
                raise ValueError(
                    f"{_at(step.line, step.text)}: the file deals every card of the deck, and "
                    "the site burns a card before this street from the same deck: the "
                    "writer's stock ran short and it dealt its burned cards again after "
                    "shuffling them back in, in an order of its own shuffle (or it burned "
                    "none); the site replays a deal from one deck, each card once")
            deck.append(spare.pop())
        if community:
            deck.append(dealt.board[0][0])
        deck.extend(seats[s][index] for s in getting)
        live = [s for s in getting if s not in folded.get(street, set())]
    return deck + spare


def _stand_ins(held: list[Card | None], spare: list[Card]) -> list[Card]:
    """``held`` with each unknown card replaced by a spare one (taken from ``spare``), the
    weakest each can be: a hand whose cards its writer never saw was mucked or folded, and
    stand-ins that made it stronger could have the site's rules show it."""
    known = [c for c in held if c is not None]
    cards = []
    for card in held:
        if card is None:
            card = min(spare, key=lambda c: _strength(known, c))
            spare.remove(card)
            known.append(card)
        cards.append(card)
    return cards


def _strength(hand: list[Card], card: Card) -> tuple[int, int, int, int]:
    """How much ``card`` adds to ``hand`` (smaller is weaker): the best five it makes, then
    the pairs and suits it matches, then its rank."""
    cards = [*hand, card]
    score = best_high(cards).score if len(cards) >= 5 else 0
    return (score, sum(c.rank == card.rank for c in hand), sum(c.suit == card.suit for c in hand),
            card.rank)


def _folds_by_street(steps: list[_Step], players: int) -> dict[int, set[int]]:
    """The players who fold on each street (0 is third street), by the deals before."""
    counts = [0] * players
    folds: dict[int, set[int]] = {}
    for step in steps:
        words = step.words
        if words[:2] == ["d", "dh"] and len(words) == 4:
            seat = _player(step, words[2], players)
            counts[seat] += len(words[3]) // 2
        elif len(words) == 2 and words[1] == "f":
            street = max(0, max(counts) - 3)
            folds.setdefault(street, set()).add(_player(step, words[0], players))
    return folds


def _replay(reader: _Reader, state: HandState, steps: list[_Step], *, check_deals: bool,
            finish: bool) -> None:
    """Apply each decision line by the site's rules; with ``check_deals`` the deal lines are
    checked against the cards the site dealt; with ``finish`` a showdown the file leaves
    unplayed is played as pokerkit's automation plays it."""
    players = state.players
    counts = [0] * players
    board = 0
    shows: dict[int, _Step] = {}
    tracker = _Deals(players, by_street=state.game.id == STUD)
    dealt = [_deal_line(e, _cards_text(e.cards, [True] * len(e.cards)), several_boards=False)
             for e in tracker.new(state)]
    for step in steps:
        words = step.words
        if not words:
            continue
        if words[0] == "d":
            if check_deals:
                if words[1:2] == ["db"] and len(words) == 3:
                    board = _check_board(state, step, board)
                elif words[1:2] == ["dh"] and len(words) == 4:
                    seat = _player(step, words[2], players)
                    counts[seat] = _check_hole(state, step, seat, counts[seat])
                else:
                    raise ValueError(f"{_at(step.line, step.text)}: a deal is 'd dh p1 AhKd' "
                                     "or 'd db 9s'")
            else:
                expected = dealt.pop(0) if dealt else "no more cards"
                if words != expected.split("#")[0].split():
                    raise ValueError(f"{_at(step.line, step.text)}: the site deals "
                                     f"{expected!r} here from this file's shuffle")
            continue
        if not check_deals and dealt:
            raise ValueError(f"{_at(step.line, step.text)}: the file leaves out the deal "
                             f"{dealt[0]!r} before this")
        seat = _player(step, words[0], players)
        if len(words) >= 2 and words[1] == "sm":
            shows[seat] = step
            _showdown(state, shows, finish=False)
            continue
        if shows:
            _showdown(state, shows, finish=False)
        action = _action(state, step, seat, words)
        try:
            state.apply(action)
        except IllegalAction as refused:
            raise ValueError(f"{_at(step.line, step.text)}: the site's rules refuse it: "
                             f"{refused}") from None
        dealt.extend(_deal_line(e, _cards_text(e.cards, [True] * len(e.cards)),
                                several_boards=False) for e in tracker.new(state))
    _showdown(state, shows, finish=finish)


def _check_hole(state: HandState, step: _Step, seat: int, count: int) -> int:
    cards = _maybe_cards(step, step.words[3])
    have = [h.card for h in state.cards[seat]]
    got = have[count:count + len(cards)]
    if len(got) != len(cards) or any(c not in (None, g) for c, g in zip(cards, got,
                                                                         strict=True)):
        if any(e.kind is EventKind.NOTE and "shuffled into the stock" in e.text
               for e in state.events):
            raise ValueError(f"{_at(step.line, step.text)}: the stock ran short here and the "
                             "site shuffled the mucked cards back in, in its own order; a "
                             "file's reshuffled deal cannot be replayed from one deck")
        dealt = format_cards(got, ascii=True) or "no card"
        raise ValueError(f"{_at(step.line, step.text)}: this does not follow the site's deal: "
                         f"after the decisions before it, {seat_name(seat)} is dealt {dealt} "
                         "here")
    return count + len(cards)


def _check_board(state: HandState, step: _Step, count: int) -> int:
    cards = _cards(step, step.words[2])
    boards = _holdings(state)[1]
    have = boards[0] if boards else []
    if have[count:count + len(cards)] != cards:
        raise ValueError(f"{_at(step.line, step.text)}: the site deals no community card here "
                         "(it deals one only when the stock cannot give every player a card)")
    return count + len(cards)


def _showdown(state: HandState, shows: dict[int, _Step], *, finish: bool) -> None:
    """Play the showdown decisions the site asks for, as the file's ``sm`` lines say."""
    if not shows and not finish:
        return  # nothing to play: spare asking the rules what is legal
    while state.to_act and not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if not kinds or not kinds <= _SHOWDOWN:
            return
        step = shows.pop(seat, None)
        if step is None and not finish:
            return
        wants_muck = step is not None and len(step.words) == 2
        if step is None:
            wants_muck = True
        kind = ActionKind.MUCK if wants_muck and ActionKind.MUCK in kinds else ActionKind.SHOW
        choice = next(a for a in legal if a.kind is kind)
        state.apply(choice)


def _action(state: HandState, step: _Step, seat: int, words: list[str]) -> Action:
    where = _at(step.line, step.text)
    if seat not in state.to_act:
        if not state.to_act:
            raise ValueError(f"{where}: the hand is over on this site; nobody acts any more")
        waiting = ", ".join(seat_name(s) for s in state.to_act)
        raise ValueError(f"{where}: on this site it is {waiting}'s turn here, not "
                         f"{seat_name(seat)}'s (p{seat + 1})")
    verb = words[1] if len(words) > 1 else ""
    rest = words[2:]

    def find(*kinds: ActionKind) -> Action:
        """The legal action of the first of ``kinds`` on offer (the rules are asked only for
        a bet, whose kind depends on the bets before it)."""
        legal = state.legal_actions(seat)
        for kind in kinds:
            for action in legal:
                if action.kind is kind:
                    return action
        offered = ", ".join(sorted({a.kind.value for a in legal}))
        raise ValueError(f"{where}: the site's rules do not allow that here (allowed: "
                         f"{offered})")

    if verb == "f" and not rest:
        return find(ActionKind.FOLD)
    if verb == "cc" and not rest:
        return find(ActionKind.CHECK, ActionKind.CALL)
    if verb == "pb" and not rest:
        return find(ActionKind.BRING_IN)
    if verb == "cbr" and len(rest) == 1:
        if not re.fullmatch(r"[0-9]{1,9}", rest[0]):
            raise ValueError(f"{where}: the amount must be a whole number of chips")
        return Action(seat, find(*_AGGRESSIVE).kind, amount=int(rest[0]))
    if verb == "sd" and len(rest) <= 1:
        return Action(seat, ActionKind.DISCARD, cards=tuple(_cards(step, rest[0]) if rest else ()))
    if verb in _HOME_VERBS and len(rest) == 1:
        kind = _HOME_VERBS[verb]
        if kind is ActionKind.PICK_PARTNER:
            return Action(seat, kind, choice=_player(step, rest[0], state.players))
        if kind is ActionKind.DECLARE:
            return Action(seat, kind, choice=rest[0])
        return Action(seat, kind, cards=tuple(_cards(step, rest[0])))
    raise ValueError(f"{where}: this is not an action this site knows (such as 'p1 cc', "
                     "'p2 cbr 20' or 'p3 f')")

