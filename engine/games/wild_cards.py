"""Wild cards and the spade in the hole, as a declared game plays them.

A game declaring ``[rules.wild]`` values every hand, at the showdown and in the
computer players' and the calculator's estimates, with the wild-card evaluators of
``engine.wild``: its fixed wild ranks, the rank set by the deal (the up card dealt after
the last face-up queen, in Follow the Queen; when that queen is the last up card, only
the fixed ranks are wild, the common home rule) and each player's own lowest hole card.
The rank set by the deal is read from the hand's record, so a replayed hand sets it
again, and each new one is told as it is set.

A game declaring ``spade`` under ``[rules.wins]`` splits each pot into a high half and a
half for the highest (or the announced lowest) spade in the hole among the hands still
in at the showdown (``engine.spades``); the high half takes the odd chip, and with no
spade in the hole among them the high hand takes the whole pot.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator, Sequence
from types import MappingProxyType
from typing import ClassVar

from engine.actions import Dealt, EventKind
from engine.cards import Card, Rank, format_cards, is_joker
from engine.games.base import Game, Settings, ShownPot, best_of, make_award
from engine.games.declaration import Declaration
from engine.games.openers import ace_low
from engine.games.phases import Deal, Phase
from engine.games.steps import Step
from engine.games.wild_declaration import WildDecl
from engine.hands import HandValue, Showing
from engine.spades import SpadeHolder, high_spade_in_the_hole, low_spade_in_the_hole
from engine.state import Award, HandState, HandView
from engine.wild import (
    Joker,
    WildCards,
    best_wild_high,
    best_wild_low,
    lowest_rank,
    showing_stand_ins,
)

__all__ = ["SpadeInTheHole", "WildHands", "check_extras", "extra_hooks", "follower",
           "held_five", "up_cards_dealt", "wild_cards"]


def up_cards_dealt(state: HandState) -> list[Card]:
    """Every card dealt face up to a seat, in the order the dealer turned them: round by
    round within a street, from the dealer's left."""
    out: list[Card] = []
    run: list[Dealt] = []
    for op in [*state.record, None]:
        if isinstance(op, Dealt) and op.seat is not None and (
                not run or run[0].street == op.street):
            run.append(op)
            continue
        out.extend(_in_rounds(run))
        run = [op] if isinstance(op, Dealt) and op.seat is not None else []
    return out


def _in_rounds(run: Sequence[Dealt]) -> Iterator[Card]:
    for index in range(max((len(op.cards) for op in run), default=0)):
        for op in run:
            if index < len(op.cards) and op.up[index]:
                yield op.cards[index]


def follower(up_cards: Sequence[Card], rank: Rank) -> Card | None:
    """The up card dealt right after the last face-up card of ``rank``; ``None`` when none
    has shown or it is the last up card (then only the fixed ranks are wild).

    >>> from engine.cards import parse_cards
    >>> follower(parse_cards("5c Qh 7d Ks Qc 3h 9d"), Rank.QUEEN)
    card('3♥')
    >>> follower(parse_cards("5c Qh 7d Qc"), Rank.QUEEN) is None
    True
    """
    last = max((i for i, c in enumerate(up_cards) if c.rank is rank), default=None)
    if last is None or last + 1 == len(up_cards):
        return None
    return up_cards[last + 1]


def _natural(decl: WildDecl, settings: Settings) -> bool:
    if decl.natural_setting is not None:
        return bool(getattr(settings, decl.natural_setting))
    return decl.natural_first


def joker_of(decl: WildDecl, settings: Settings) -> Joker:
    """How the joker plays under these announcements: as declared, or by its switch (on:
    fully wild; off: the bug)."""
    if decl.joker_setting is not None:
        return Joker.WILD if getattr(settings, decl.joker_setting) else Joker.BUG
    return decl.joker or Joker.BUG


def wild_cards(decl: WildDecl, settings: Settings, *, dealt: Rank | None = None,
               hole: Sequence[Card] = ()) -> WildCards:
    """The cards wild in one hand: the fixed ranks, the rank set by the deal, the joker
    as it plays, and the hand's own lowest hole card when the game plays it."""
    wild = WildCards(ranks=frozenset(decl.ranks), joker=joker_of(decl, settings),
                     natural_first=_natural(decl, settings), cards=frozenset(decl.cards))
    hole = [c for c in hole if not is_joker(c)]
    lowest = lowest_rank(hole) if decl.lowest_hole and hole else None
    return wild.with_ranks(dealt, lowest)


def held_five(held: Sequence[Card], wild: WildCards, played: Sequence[Card]
              ) -> tuple[Card, ...]:
    """The five cards of ``held`` that make ``played`` (a wild value's five, where a wild
    card shows as the card it stands for): each wild card as itself, since the card it
    stands for may be face down elsewhere.

    >>> from engine.cards import parse_cards
    >>> from engine.wild import best_wild_high
    >>> deuces = WildCards(ranks=frozenset({Rank.TWO}))
    >>> held = parse_cards("2c Ah Ad Ac 7s")
    >>> held_five(held, deuces, best_wild_high(held, deuces).cards)
    (card('A♥'), card('A♦'), card('A♣'), card('2♣'), card('7♠'))
    """
    naturals = Counter(c for c in held if not is_joker(c) and not wild.is_wild_card(c))
    spare = [c for c in held if is_joker(c) or wild.is_wild_card(c)]
    out = []
    for card in played:
        if naturals[card] > 0:
            naturals[card] -= 1
            out.append(card)
        elif spare:
            out.append(spare.pop(0))
    return tuple(out)


def _words(ranks: Sequence[Rank], cards: Sequence[Card] = ()) -> str:
    said = [r.plural for r in sorted(set(ranks), reverse=True)] + [str(c) for c in cards]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


class WildHands(Game):
    """The hooks of a game with wild cards: every hand valued with them."""

    __slots__ = ()
    declaration: ClassVar[Declaration]

    @property
    def _wild(self) -> WildDecl:
        wild = self.declaration.wild
        assert wild is not None
        return wild

    def dealt_rank(self, state: HandState) -> Rank | None:
        """The rank the deal has made wild so far (``None``: none, or a queen last)."""
        if self._wild.follow is None:
            return None
        card = follower(up_cards_dealt(state), self._wild.follow)
        return card.rank if card is not None else None

    def table_wild(self, state: HandState) -> WildCards:
        return wild_cards(self._wild, state.settings, dealt=self.dealt_rank(state))

    @property
    def own_lowest_wild(self) -> bool:
        return self._wild.lowest_hole

    def seat_wild(self, state: HandState, seat: int) -> WildCards:
        """The cards wild in this seat's hand right now."""
        hole = [h.card for h in state.cards[seat] if not h.up and not h.dead]
        return wild_cards(self._wild, state.settings, dealt=self.dealt_rank(state), hole=hole)

    def showing_cards(self, state: HandState, seat: int) -> tuple[Card, ...]:
        """The up cards with each wild one standing for the best it can show
        (``engine.wild.showing_stand_ins``): a wild card plays in the showing hand that
        decides who acts first, as at the table. Only the wild cards every seat can see
        count: a player's own lowest hole card is face down."""
        low = self.opens is Showing.LOW
        return showing_stand_ins(state.up_cards(seat), self.table_wild(state), low=low,
                                 ace_one=ace_low(state) is not False)

    def describe_showing(self, state: HandState, seat: int) -> str:
        """The showing in words, naming the wild cards in it: "Pair of kings (3♠ wild)"."""
        words = super().describe_showing(state, seat)
        up = state.up_cards(seat)[-4:]
        stood = self.showing_cards(state, seat)[-4:]
        wild = [card for card, played in zip(up, stood, strict=True) if card != played]
        return f"{words} ({format_cards(wild)} wild)" if wild and words else words

    def hand_value(self, state: HandState, seat: int) -> HandValue:
        board = state.boards[0] if state.boards else []
        return best_wild_high([*state.live_cards(seat), *board], self.seat_wild(state, seat))

    def low_value(self, state: HandState, seat: int) -> HandValue:
        board = state.boards[0] if state.boards else []
        low = self.hand_types(state.settings).low
        return best_wild_low([*state.live_cards(seat), *board], self.seat_wild(state, seat),
                             ranking=low.value if low is not None else "ace-to-five")

    def evaluate(self, settings: Settings, hole: Sequence[Card], board: Sequence[Card], *,
                 view: HandView | None = None
                 ) -> tuple[HandValue | None, HandValue | None]:
        """Hands valued in the computer players' and the calculator's trials: the fixed
        ranks, the rank the deal has set so far as ``view`` shows it (from the up cards
        every seat has seen) and the hand's own lowest card where the game plays it."""
        types = self.hand_types(settings)
        wild = wild_cards(self._wild, settings, hole=hole)
        if view is not None and view.table_wild is not None:
            wild = wild.with_ranks(*view.table_wild.ranks)
        cards = [*hole, *board]
        low = types.low
        return (best_wild_high(cards, wild) if types.high else None,
                best_wild_low(cards, wild, ranking=low.value) if low is not None else None)

    def award_pot(self, state: HandState, pot: ShownPot) -> list[Award]:
        """The awards as the hooks below share them, each hand showing the cards it holds:
        a wild card stands for a card that may be face down in another hand or in the
        stock, so the card it stands for is named only by the hand's words."""
        return [dataclasses.replace(award, hands=tuple(
            (seat, self._held_five(state, seat, cards), words)
            for seat, cards, words in award.hands)) for award in super().award_pot(state, pot)]

    def _held_five(self, state: HandState, seat: int, played: Sequence[Card]
                   ) -> tuple[Card, ...]:
        held = [*state.live_cards(seat), *(state.boards[0] if state.boards else [])]
        return held_five(held, self.seat_wild(state, seat), played)

    def notes(self, state: HandState, seat: int, viewer: int | None) -> list[str]:
        ranks = [*self._wild.ranks]
        dealt = self.dealt_rank(state)
        if dealt is not None:
            ranks.append(dealt)
        cards = self._wild.cards
        words = [_words(ranks, cards)] if ranks or cards else []
        if self.declaration.deck == "joker":
            words.append("the joker" if joker_of(self._wild, state.settings) is Joker.WILD
                         else "the joker as the bug (an ace, or to fill a straight or flush)")
        if self._wild.lowest_hole:
            words.append("each player's lowest hole card")
        return [*super().notes(state, seat, viewer), f"Wild: {' and '.join(words)}"]

    def phases(self, state: HandState) -> list[Phase]:
        built = super().phases(state)
        follow = self._wild.follow
        if follow is None:
            return built
        out: list[Phase] = []
        for phase in built:
            out.append(phase)
            if isinstance(phase, Deal) and "u" in phase.pattern:
                out.append(DealtWild(follow, fixed=self._wild.ranks, cards=self._wild.cards))
        return out


class DealtWild(Phase):
    """Tells the rank the deal has just made wild, after each street dealing up cards."""

    def __init__(self, follow: Rank, *, fixed: Sequence[Rank],
                 cards: Sequence[Card] = ()) -> None:
        self.follow = follow
        self.fixed = tuple(fixed)
        self.cards = tuple(cards)
        """Single cards wild throughout, named beside the fixed ranks."""

    def enter(self, state: HandState) -> None:
        up = up_cards_dealt(state)
        new = sum(1 for op in state.record if isinstance(op, Dealt) and op.seat is not None
                  and op.street == state.street for u in op.up if u)
        before, now = follower(up[:len(up) - new], self.follow), follower(up, self.follow)
        rule = (f"the rank of the card dealt face up after a face-up {self.follow.word} is "
                f"wild, until a later {self.follow.word} shows")
        follow = f"A {self.follow.word} shows"
        if now is not None and now != before:
            if now.rank in self.fixed:
                text = (f"{follow}: the {now} dealt after it adds no wild rank, so only "
                        f"{_words(self.fixed, self.cards)} are wild")
            else:
                text = f"{follow}: the {now} dealt after it makes {now.rank.plural} wild"
            state.emit(EventKind.NOTE, text, rule=rule)
        elif now is None and new and up[-1].rank is self.follow and up[-1] in up[-new:]:
            fixed = self.fixed or self.cards
            only = _words(self.fixed, self.cards) if fixed else "no cards"
            state.emit(EventKind.NOTE, f"The {up[-1]} is the last card dealt face up: for now "
                       f"only {only} are wild", rule=rule + "; with no card after it, only "
                       f"{only if fixed else 'the fixed ranks'} are wild")


_SPADE_WORDS = MappingProxyType({"high": "highest spade in the hole",
                                 "low": "lowest spade in the hole",
                                 "low-ace": "lowest spade in the hole, the ace lowest"})
"""The spade half's rule in words, by which spade takes it."""


class SpadeInTheHole(Game):
    """The hooks of a game paying half of each pot to a spade in the hole."""

    __slots__ = ()
    declaration: ClassVar[Declaration]

    def spade_rule(self, settings: Settings) -> str:
        """``high``, ``low`` or ``low-ace``: which spade in the hole takes the half."""
        wins = self.declaration.wins
        if wins.spade_setting is not None:
            return str(getattr(settings, wins.spade_setting).value)
        return wins.spade or "high"

    def spade_holder(self, state: HandState, seats: Sequence[int]) -> SpadeHolder | None:
        """Who of ``seats`` holds the deciding spade face down."""
        holes = {s: [h.card for h in state.cards[s] if not h.up and not h.dead] for s in seats}
        rule = self.spade_rule(state.settings)
        if rule == "high":
            return high_spade_in_the_hole(holes)
        return low_spade_in_the_hole(holes, ace_low=rule == "low-ace")

    def award_pot(self, state: HandState, pot: ShownPot) -> list[Award]:
        which = self.spade_rule(state.settings)
        holder = self.spade_holder(state, pot.contenders)
        if holder is None:
            awards = super().award_pot(state, pot)
            return [dataclasses.replace(a, rule=f"{a.rule}; no spade in the hole among the "
                                        "hands still in, so the high hand takes the whole pot")
                    for a in awards]
        high = {s: self.hand_value(state, s) for s in pot.contenders}
        best, winners = best_of(high)
        spade_half = pot.amount // 2
        return [
            make_award(f"the high half of {pot.name}", pot.amount - spade_half, pot.eligible,
                       winners, hands=high, rule=f"best high hand: {best.describe().lower()}",
                       part_of=("the high half", pot.name, pot.amount)),
            make_award(f"the spade half of {pot.name}", spade_half, pot.eligible,
                       [holder.seat], rule=f"{_SPADE_WORDS[which]}: {holder.card}",
                       part_of=("the spade half", pot.name, pot.amount))]

    def is_beaten(self, state: HandState, seat: int, shown: Sequence[int]) -> bool:
        if not super().is_beaten(state, seat, shown):
            return False
        for pot in state.table.pots():
            if seat in pot.eligible:
                rivals = [s for s in shown if s in pot.eligible and s != seat]
                holder = self.spade_holder(state, [seat, *rivals])
                if holder is not None and holder.seat == seat:
                    return False
        return True


def extra_hooks(decl: Declaration) -> tuple[type[Game], ...]:
    """The hooks a declaration's wild cards and spade half add to its game."""
    hooks: list[type[Game]] = []
    if decl.wild is not None:
        hooks.append(WildHands)
    if decl.wins.spade is not None or decl.wins.spade_setting is not None:
        hooks.append(SpadeInTheHole)
    return tuple(hooks)


def check_extras(decl: Declaration, steps: Sequence[Step]) -> None:
    """Refuse wild cards or a spade half the game's deal or hand types cannot play."""
    patterns = "".join(str(s.params["cards"]) for s in steps if s.kind.name == "deal")
    types = {item.name: item.type for item in decl.settings}
    wild, wins = decl.wild, decl.wins
    has_joker = wild is not None and (wild.joker is not None or wild.joker_setting is not None)
    if decl.deck == "joker" and not has_joker:
        raise decl.where.error("deck: a joker deck plays its joker; say how under "
                               "[rules.wild] (joker = \"bug\", \"wild\" or a switch)")
    if has_joker and decl.deck != "joker":
        assert wild is not None
        raise wild.at("joker").error("a joker needs the joker deck: deck = \"joker\"")
    if wild is not None and wild.joker_setting is not None and \
            types.get(wild.joker_setting) != "switch":
        raise wild.at("joker").error(f"names {wild.joker_setting!r}, which is no switch this "
                                     "game announces")
    if wild is not None:
        missing = [c for c in wild.cards if decl.deck == "short" and c.rank < Rank.SIX]
        if missing:
            raise wild.at("cards").error(f"{format_cards(missing)}: the short deck has no "
                                         "card below a six")
        absent = [r for r in (*wild.ranks, *filter(None, [wild.follow]))
                  if decl.deck == "short" and r < Rank.SIX]
        if absent:
            raise wild.at("ranks" if absent[0] in wild.ranks else "follow").error(
                f"{', '.join(r.plural for r in absent)}: the short deck has no card below "
                "a six")
        if wins.hole_cards is not None:
            raise wild.at("").error("wild cards in a hand of exactly so many hole cards are "
                                    "not played")
        if wild.follow is not None and "u" not in patterns:
            raise wild.at("follow").error(f"no card is dealt face up, so no "
                                          f"{wild.follow.word} can show")
        if wild.lowest_hole and "d" not in patterns:
            raise wild.at("lowest_hole").error("no card is dealt face down")
        if wild.natural_setting is not None and types.get(wild.natural_setting) != "switch":
            raise wild.at("natural_first").error(
                f"names {wild.natural_setting!r}, which is no switch this game announces")
    if wins.spade is None and wins.spade_setting is None:
        return
    if wins.low is not None or wins.low_setting is not None or wins.declare or not wins.high:
        raise wins.where.error("spade: a spade half goes beside a high half only")
    if "d" not in patterns:
        raise wins.where.error("spade: no card is dealt face down, so none is in the hole")
    if wins.spade_setting is not None and types.get(wins.spade_setting) != "spade-half":
        raise wins.where.error(f"spade names {wins.spade_setting!r}, which is no spade-half "
                               "setting this game announces")
