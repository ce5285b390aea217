"""Sophie's Pick and Double Sophie: six hole cards, three locked pairs, two sacrifices.

The hand, as the house plays it (2 to 7 players, blinds 1 / 2, pot limit):

1. the two seats left of the dealer post the blinds (heads-up the dealer
   posts the small blind); everyone gets six cards face down;
2. every player splits the six cards into three pairs and locks them, all at
   once and in secret (any of the 15 ways; once locked they never change);
3. preflop betting, opened by the seat after the big blind;
4. the flop; the *first Sophie pick*: every player still in sacrifices one
   pair at once, in secret, face down; then the flop betting, opened by the
   first seat still in from the dealer's left;
5. the turn; the *final Sophie pick* the same way; the turn betting;
6. the river, its betting, and the showdown: the best five cards from the
   surviving pair and the board, using two, one or no hole cards.

Double Sophie deals two boards; the surviving pair plays on each, and every
pot (main and side) is split in halves, one per board, board one's half
taking an odd chip. One card is burned before each board's flop, turn and
river, except when seven play Double Sophie: 42 hole cards and ten board
cards use the whole deck, so nothing is burned (:meth:`SophiesPick.burn_rule`
says so in words for the page).

A stacked deck is dealt in this order: six cards one at a time round the
table from the dealer's left; then for the flop, the turn and the river, each
board in turn takes its burn card (when burning) and its cards.

After the lock a seat's cards are held two by two in pair order, so a page
can draw the pairs; a sacrificed pair's cards are marked dead and stay face
down for everyone but their owner, even at the showdown.

>>> from engine.games import new_hand
>>> state = new_hand("sophies-pick", players=3, seed=1)
>>> state.street, state.to_act, len(state.legal_actions(0))
('Preflop', (0, 1, 2), 15)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TypeVar

from engine.cards import Card, format_cards
from engine.games.base import (
    Game,
    Option,
    Settings,
    SettingsError,
    ShownPot,
    best_of,
    chips_setting,
    make_award,
    setting,
)
from engine.games.phases import (
    Betting,
    Blinds,
    BoardDeal,
    Deal,
    Decision,
    Phase,
    Showdown,
    canonical,
)
from engine.games.stakes import blinds_words, limit_words, start_words
from engine.hands import HandValue, best_high
from engine.hole_board import best_high_exactly
from engine.state import (
    Action,
    ActionKind,
    Award,
    EventKind,
    Facts,
    HandState,
    Held,
    IllegalAction,
    seat_name,
)
from engine.table import Structure

__all__ = ["DOUBLE", "GAME", "DoubleSophie", "SophieSettings", "SophiesPick", "STREETS",
           "pairings", "pair_text"]

STREETS = ("Preflop", "Flop", "Turn", "River")
"""The street names, as the narration and the guided hand use them."""

Pair = tuple[Card, Card]
T = TypeVar("T")


@dataclass(frozen=True)
class SophieSettings(Settings):
    """The announcements for Sophie's Pick and Double Sophie (the house defaults)."""

    chips: int = chips_setting()
    small_blind: int = setting(1, label="Small blind", minimum=1, maximum=100_000,
                               help="Posted before the deal by the player left of the dealer "
                                    "(heads-up, by the dealer).")
    big_blind: int = setting(2, label="Big blind", minimum=1, maximum=100_000,
                             help="Posted before the deal by the next player; also the "
                                  "smallest bet in every round.")
    structure: Structure = setting(
        Structure.POT_LIMIT, label="Betting limit",
        help="How large a bet or raise may be.",
        options=(Option(Structure.POT_LIMIT, "Pot limit",
                        "A bet or raise may make the bet as large as the pot after calling."),
                 Option(Structure.NO_LIMIT, "No limit",
                        "A bet or raise may be anything up to all of a player's chips.")))

    def check(self) -> None:
        if self.small_blind > self.big_blind:
            raise SettingsError(f"Small blind: {self.small_blind} is more than the big blind "
                                f"({self.big_blind})")


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


class SophiesPick(Game):
    """Sophie's Pick: hold'em order and blinds, six cards in three locked pairs.

    ``boards`` is 1 here and 2 in :class:`DoubleSophie`; everything else is shared.
    """

    __slots__ = ()

    id = "sophies-pick"
    name = "Sophie's Pick"
    min_players = 2
    max_players = 7
    settings_type = SophieSettings
    boards: ClassVar[int] = 1

    # --- the table -----------------------------------------------------------

    def check_players(self, players: int, settings: Settings) -> None:
        if not self.min_players <= players <= self.max_players:
            need = 6 * players + 5 * self.boards
            why = (f": {players} players would need {need} cards without burns, more than the "
                   "52 in the deck" if need > 52 else ": it takes at least two to bet")
            raise ValueError(f"{self.name} is for {self.min_players} to {self.max_players} "
                             f"players, not {players}{why}")

    def burns(self, players: int) -> bool:
        """Whether a card is burned before each board's flop, turn and river."""
        return 6 * players + 8 * self.boards <= 52

    def burn_rule(self, players: int) -> str:
        """The burning rule in words, for the page and the narration.

        >>> DOUBLE.burn_rule(7)
        'No cards are burned: 7 players need 42 hole cards and two boards of five, all 52 cards'
        """
        if self.burns(players):
            return ("One card is burned before the flop, the turn and the river"
                    if self.boards == 1 else
                    "One card is burned before each board's flop, turn and river")
        hole = 6 * players
        return (f"No cards are burned: {players} players need {hole} hole cards and two boards "
                f"of five, all {hole + 5 * self.boards} cards")

    def stakes(self, settings: Settings) -> list[str]:
        assert isinstance(settings, SophieSettings)
        return [f"{start_words(self, settings)}.",
                blinds_words(settings.small_blind, settings.big_blind),
                limit_words(settings.structure, f"{settings.big_blind} in every round")]

    def phases(self, state: HandState) -> list[Phase]:
        s = state.settings
        assert isinstance(s, SophieSettings)
        boards, burn = self.boards, self.burns(state.players)
        return [
            Blinds(s.small_blind, s.big_blind),
            Deal(STREETS[0], "dddddd", burn=False),
            LockPairs(),
            Betting(),
            BoardDeal(STREETS[1], 3, boards=boards, burn=burn,
                      note=self.burn_rule(state.players)),
            Sacrifice("first"),
            Betting(),
            BoardDeal(STREETS[2], 1, boards=boards, burn=burn),
            Sacrifice("final"),
            Betting(),
            BoardDeal(STREETS[3], 1, boards=boards, burn=burn),
            Betting(),
            Showdown(),
        ]

    # --- betting -------------------------------------------------------------

    # --- hands and showdown --------------------------------------------------

    def board_value(self, state: HandState, seat: int, board: int) -> HandValue:
        """The best five of the seat's live cards (the surviving pair) and one board."""
        cards = (*state.live_cards(seat), *state.boards[board])
        known = facts(state)._values
        if cards not in known:
            known[cards] = best_high(cards)
        return known[cards]

    def hand_value(self, state: HandState, seat: int) -> HandValue:
        """The hand on the first board (Double Sophie's second is in ``board_value``)."""
        return self.board_value(state, seat, 0)

    def evaluate(self, settings: Settings, hole: Sequence[Card],
                 board: Sequence[Card]) -> tuple[HandValue | None, HandValue | None]:
        """The best five of a board and at most two of the hole cards: the pair that
        survives the sacrifices, or, before they are made, any two the seat could keep
        (the general computer player values six hole cards so)."""
        if len(hole) <= 2:
            return super().evaluate(settings, hole, board)
        hands = [best_high_exactly(hole, board, used) for used in (1, 2)]
        return max(hands + [best_high(board)]), None

    def describe_hand(self, state: HandState, seat: int, *,
                      hide: Collection[Card] = ()) -> str:
        if self.boards == 1:
            return self.hand_value(state, seat).describe()
        return "; ".join(f"board {b + 1}: {self.board_value(state, seat, b).describe().lower()}"
                         for b in range(self.boards)).capitalize()

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
            for board in range(self.boards):
                if not rivals or self.board_value(state, seat, board) >= max(
                        self.board_value(state, s, board) for s in rivals):
                    return False
        return True

    def award_pot(self, state: HandState, pot: ShownPot) -> list[Award]:
        """The pot goes to the best hand on the board; with two boards it is halved first,
        board one's half taking an odd chip, and each half is won on its own board. Ties
        split, odd chips to the winner nearest the dealer's left."""
        awards = []
        for board, share in enumerate(board_shares(pot.amount, self.boards)):
            if not share:
                continue
            values = {s: self.board_value(state, s, board) for s in pot.contenders}
            best, winners = best_of(values)
            part_of = None
            if self.boards == 1:
                label, rule = pot.name, f"best hand: {best.describe().lower()}"
            else:
                part = f"board {board + 1}'s half"
                label, part_of = f"{part} of {pot.name}", (part, pot.name, pot.amount)
                rule = f"best hand on board {board + 1}: {best.describe().lower()}"
                if board == 0 and pot.amount % self.boards:
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


class DoubleSophie(SophiesPick):
    """Double Sophie: the same six cards and two picks, two boards, each worth half."""

    __slots__ = ()

    id = "double-sophie"
    name = "Double Sophie"
    boards = 2


GAME = SophiesPick()
DOUBLE = DoubleSophie()
