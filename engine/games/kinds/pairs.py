"""Sophie's Pick's step kinds: locking six cards into three pairs, and the Sophie picks
(sacrificing a pair, face down); and what a game with locked pairs values, shows and
pays (:class:`PairRules`: the best five of the surviving pair and each board, each board
worth its share of every pot, sacrificed pairs face down even at the showdown).

After the lock a seat's cards are held two by two in pair order, so a page can draw the
pairs; a sacrificed pair's cards are marked dead and stay face down for everyone but
their owner, even at the showdown.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from engine.cards import Card, format_cards
from engine.games.base import Game, Settings, ShownPot, best_of, make_award
from engine.games.phases import Decision, Phase, canonical
from engine.games.steps import Cards, Context, Param, Step, StepKind
from engine.hands import HandValue, best_high
from engine.hole_board import best_high_exactly
from engine.state import (
    Action,
    ActionKind,
    Award,
    EventKind,
    Facts,
    HandState,
    HandView,
    Held,
    IllegalAction,
    seat_name,
)

__all__ = ["KINDS", "PairRules", "SophieFacts", "board_shares", "facts", "live_pairs",
           "locked_pairs", "pair_text", "pairings"]

Pair = tuple[Card, Card]
T = TypeVar("T")


def pairings(cards: Sequence[T]) -> list[tuple[tuple[T, T], ...]]:
    """Every way to split an even number of items into pairs (15 for six cards).

    The first item is paired with each other one in turn, and the rest is
    split the same way, so each pairing appears once.

    >>> from engine.cards import parse_cards
    >>> len(pairings(parse_cards("As Ks Qd Qc 7h 2c")))
    15
    """
    if not cards:
        return [()]
    first, rest = cards[0], list(cards[1:])
    result: list[tuple[tuple[T, T], ...]] = []
    for index, partner in enumerate(rest):
        others = rest[:index] + rest[index + 1:]
        result.extend(((first, partner), *more) for more in pairings(others))
    return result


_SIX_WAYS = tuple(tuple(i for pair in way for i in pair) for way in pairings(range(6)))
"""The 15 ways to pair six cards, as positions (0 1 2 3 4 5, 0 1 2 4 3 5, ...)."""


def pair_text(pairs: Sequence[Sequence[Card]]) -> str:
    """``"A♠ K♠ · Q♦ Q♣ · 7♥ 2♣"``: pairs set apart for reading."""
    return " · ".join(format_cards(p) for p in pairs)


@dataclass
class SophieFacts(Facts):
    """What a hand of Sophie's Pick has settled so far, all of it secret to the seat:
    ``pairs``, each seat's three locked pairs in pair order; ``dead``, the pairs each
    has sacrificed."""

    pairs: dict[int, tuple[Pair, ...]] = field(default_factory=dict)
    dead: dict[int, tuple[Pair, ...]] = field(default_factory=dict)
    _values: dict[tuple[Card, ...], HandValue] = field(default_factory=dict, repr=False)
    """A cache of hand values by cards."""


def facts(state: HandState) -> SophieFacts:
    """The hand's :class:`SophieFacts`."""
    found = state.facts
    if not isinstance(found, SophieFacts):
        raise TypeError(f"{state.game.name} keeps no Sophie's Pick facts")
    return found


def locked_pairs(state: HandState, seat: int) -> list[Pair]:
    """The seat's three locked pairs, in pair order (empty before the lock)."""
    return list(facts(state).pairs.get(seat, ()))


def live_pairs(state: HandState, seat: int) -> list[Pair]:
    """The seat's locked pairs not yet sacrificed."""
    dead = facts(state).dead.get(seat, ())
    return [p for p in locked_pairs(state, seat) if p not in dead]


class LockPairs(Decision):
    """Everyone splits six cards into three pairs and locks them, at once, in secret."""

    kind = ActionKind.LOCK_PAIRS
    simultaneous = True

    def __init__(self) -> None:
        super().__init__()
        self.offered: dict[int, list[Action]] = {}

    def options(self, state: HandState, seat: int) -> list[Action]:
        if seat not in self.offered:
            # from the cards sorted high to low, each pairing comes out in canonical order
            hole = sorted((h.card for h in state.cards[seat]), reverse=True)
            self.offered[seat] = [Action(seat, ActionKind.LOCK_PAIRS,
                                         cards=tuple(hole[i] for i in ways))
                                  for ways in _SIX_WAYS]
        return list(self.offered[seat])

    def accept(self, state: HandState, action: Action) -> Action:
        if action.kind is not ActionKind.LOCK_PAIRS:
            raise IllegalAction(f"{seat_name(action.seat)} must lock three pairs first: give "
                                "all six cards, two by two (a1 a2 b1 b2 c1 c2)")
        hole = [h.card for h in state.cards[action.seat]]
        mine = f"your cards are {format_cards(hole)}"
        if len(action.cards) != len(hole):
            raise IllegalAction(f"lock all six cards as three pairs, two by two: "
                                f"{len(action.cards)} given; {mine}")
        for card in action.cards:
            if card not in hole:
                raise IllegalAction(f"{card} is not one of your cards; {mine}")
            if action.cards.count(card) > 1:
                raise IllegalAction(f"{card} is in two pairs: each card goes in exactly one "
                                    f"pair; {mine}")
        return Action(action.seat, ActionKind.LOCK_PAIRS, cards=canonical(action).cards)

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        pairs = facts(state).pairs
        for seat, action in choices.items():
            cards = action.cards
            locked = [(cards[i], cards[i + 1]) for i in range(0, len(cards), 2)]
            pairs[seat] = tuple(locked)
            by_card = {h.card: h for h in state.cards[seat]}
            state.cards[seat] = [by_card[c] for c in cards]
            state.emit(EventKind.REVEAL, f"{seat_name(seat)} locks three pairs",
                       rule="every player locks three pairs before the first bet; locked pairs "
                            "never change",
                       seat=seat, private=f"{seat_name(seat)} locks {pair_text(locked)}")


class Sacrifice(Decision):
    """Every player still in sacrifices one live pair, at once, in secret, face down."""

    kind = ActionKind.SACRIFICE
    simultaneous = True

    def __init__(self, which: str) -> None:
        super().__init__()
        self.which = which

    @property
    def rule(self) -> str:
        return (f"the {self.which} Sophie pick: everyone still in sacrifices one pair at once, "
                "in secret, and the dead pair stays face down")

    def options(self, state: HandState, seat: int) -> list[Action]:
        return [Action(seat, ActionKind.SACRIFICE, cards=pair)
                for pair in live_pairs(state, seat)]

    def accept(self, state: HandState, action: Action) -> Action:
        seat = action.seat
        live = live_pairs(state, seat)
        allowed = f"sacrifice one of your live pairs: {pair_text(live)}"
        if action.kind is ActionKind.LOCK_PAIRS:
            raise IllegalAction(f"pairs are locked and cannot be rearranged; {allowed}")
        if action.kind is not ActionKind.SACRIFICE:
            raise IllegalAction(f"{seat_name(seat)} must make the {self.which} Sophie pick now; "
                                f"{allowed}")
        cards = set(action.cards)
        if len(action.cards) != 2 or len(cards) != 2:
            raise IllegalAction(f"a sacrifice is one whole pair of two cards; {allowed}")
        dead = [p for p in locked_pairs(state, seat) if p not in live]
        if any(cards & set(p) for p in dead):
            raise IllegalAction(f"{format_cards(action.cards)} includes a sacrificed pair's card: "
                                f"a dead pair never comes back; {allowed}")
        held = {h.card for h in state.cards[seat]}
        if not cards <= held:
            stranger = next(c for c in action.cards if c not in held)
            raise IllegalAction(f"{stranger} is not one of your cards; {allowed}")
        pair = next((p for p in live if cards == set(p)), None)
        if pair is None:
            raise IllegalAction(f"{format_cards(action.cards)} is not one of your locked pairs: "
                                f"once locked, pairs cannot be rearranged; {allowed}")
        return Action(seat, ActionKind.SACRIFICE, cards=pair)

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        dead = facts(state).dead
        for seat, action in choices.items():
            pair = next(p for p in live_pairs(state, seat) if set(p) == set(action.cards))
            dead[seat] = (*dead.get(seat, ()), pair)
            for held in state.cards[seat]:
                if held.card in pair:
                    held.dead = True
            kept = live_pairs(state, seat)
            keeps = "keeps" if len(kept) == 1 else "still holds"
            state.emit(EventKind.REVEAL, f"{seat_name(seat)} sacrifices a pair, face down",
                       rule=self.rule, seat=seat,
                       private=f"{seat_name(seat)} sacrifices {format_cards(pair)} and {keeps} "
                               f"{pair_text(kept)}")


def _boards(state: HandState) -> int:
    """The boards the hand deals (one before any is dealt)."""
    return max(len(state.boards), 1)


class PairRules(Game):
    """What a game with locked pairs does beyond its steps (the hooks a game using
    ``lock-pairs`` takes on)."""

    __slots__ = ()

    def board_value(self, state: HandState, seat: int, board: int) -> HandValue:
        """The best five of the seat's live cards (the surviving pair) and one board."""
        cards = (*state.live_cards(seat), *state.boards[board])
        known = facts(state)._values
        if cards not in known:
            known[cards] = self.hand_types(state.settings).high_of(cards)
        return known[cards]

    def hand_value(self, state: HandState, seat: int) -> HandValue:
        """The hand on the first board (Double Sophie's second is in ``board_value``)."""
        return self.board_value(state, seat, 0)

    def evaluate(self, settings: Settings, hole: Sequence[Card], board: Sequence[Card], *,
                 view: HandView | None = None
                 ) -> tuple[HandValue | None, HandValue | None]:
        """The best five of a board and at most two of the hole cards: the pair that
        survives the sacrifices, or, before they are made, any two the seat could keep
        (the general computer player values six hole cards so)."""
        if len(hole) <= 2:
            return super().evaluate(settings, hole, board, view=view)
        hands = [best_high_exactly(hole, board, used) for used in (1, 2)]
        return max(hands + [best_high(board)]), None

    def describe_hand(self, state: HandState, seat: int, *,
                      hide: Collection[Card] = ()) -> str:
        if _boards(state) == 1:
            return self.hand_value(state, seat).describe()
        return "; ".join(f"board {b + 1}: {self.board_value(state, seat, b).describe().lower()}"
                         for b in range(_boards(state))).capitalize()

    def shows_card(self, state: HandState, seat: int, held: Held) -> bool:
        """Dead pairs stay face down even when the hand is shown."""
        return not held.dead

    def new_facts(self) -> SophieFacts:
        return SophieFacts()

    def notes(self, state: HandState, seat: int, viewer: int | None) -> list[str]:
        pairs = locked_pairs(state, seat)
        if not pairs or state.table.folded[seat]:
            return []
        live = live_pairs(state, seat)
        if viewer is None or viewer == seat:
            return [f"Pair {i + 1}: {format_cards(p)}{'' if p in live else ' (sacrificed)'}"
                    for i, p in enumerate(pairs)]
        gone = len(pairs) - len(live)
        if not gone:
            return ["Three pairs locked"]
        return [f"{gone} pair{'s' if gone > 1 else ''} sacrificed, face down"]

    def is_beaten(self, state: HandState, seat: int, shown: Sequence[int]) -> bool:
        """Beaten only if it can win no board's share of any pot it is in."""
        for pot in state.table.pots():
            if seat not in pot.eligible:
                continue
            rivals = [s for s in shown if s in pot.eligible]
            for board in range(_boards(state)):
                if not rivals or self.board_value(state, seat, board) >= max(
                        self.board_value(state, s, board) for s in rivals):
                    return False
        return True

    def award_pot(self, state: HandState, pot: ShownPot) -> list[Award]:
        """The pot goes to the best hand on the board; with two boards it is halved first,
        board one's half taking an odd chip, and each half is won on its own board. Ties
        split, odd chips to the winner nearest the dealer's left."""
        awards = []
        for board, share in enumerate(board_shares(pot.amount, _boards(state))):
            if not share:
                continue
            values = {s: self.board_value(state, s, board) for s in pot.contenders}
            best, winners = best_of(values)
            part_of = None
            if _boards(state) == 1:
                label, rule = pot.name, f"best hand: {best.describe().lower()}"
            else:
                part = f"board {board + 1}'s half"
                label, part_of = f"{part} of {pot.name}", (part, pot.name, pot.amount)
                rule = f"best hand on board {board + 1}: {best.describe().lower()}"
                if board == 0 and pot.amount % _boards(state):
                    rule += "; board 1's half takes the odd chip"
            awards.append(make_award(label, share, pot.eligible, winners, hands=values,
                                     rule=rule, part_of=part_of))
        return awards


def board_shares(amount: int, boards: int) -> list[int]:
    """A pot split between the boards, the first boards taking the odd chips.

    >>> board_shares(51, 2)
    [26, 25]
    """
    share, odd = divmod(amount, boards)
    return [share + (1 if b < odd else 0) for b in range(boards)]


def _lock(step: Step, context: Context) -> Phase:
    return LockPairs()


def _sacrifice(step: Step, context: Context) -> Phase:
    return Sacrifice(step["which"])


def _six(params: Mapping[str, Any]) -> Cards:
    return Cards(needs_held=6)


def _pair_dies(params: Mapping[str, Any]) -> Cards:
    return Cards(needs_held=2, kills=2)


KINDS = (
    StepKind("lock-pairs", "everyone splits six cards into three pairs and locks them, at "
             "once and in secret", MappingProxyType({}), _lock, _six, hooks=PairRules),
    StepKind("sacrifice", "everyone still in sacrifices one live pair, at once, in secret, "
             "face down", MappingProxyType({"which": Param("text", required=True,
                                                           help="first or final")}),
             _sacrifice, _pair_dies, hooks=PairRules),
)
