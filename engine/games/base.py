"""What a game is: settings with their announcements, phases, and hooks.

A game module defines a :class:`~engine.settings.Settings` dataclass (every dealer's
announcement with its default and its options in plain words, in ``engine.settings``)
and a :class:`Game` subclass whose :meth:`Game.phases` lists the hand's steps,
built from the phases here (in ``engine/games/phases.py``):

- :class:`~engine.games.phases.Ante`, :class:`~engine.games.phases.Blinds`:
  forced chips;
- :class:`~engine.games.phases.Deal`: cards up, down or to the board(s),
  starting a street;
- :class:`~engine.games.phases.Betting`: one betting round (who opens and at
  what size come from the hooks below);
- :class:`~engine.games.phases.Decision`: a game's own choice (turn a card
  up, pick a partner, lock pairs, sacrifice, draw, expose, declare), made in
  turn or by everyone at once in secret;
- :class:`~engine.games.phases.Showdown`: hands shown in order, beaten
  hands may be mucked, then :meth:`Game.settle`.

What wins the pot (high, low or high-low split, a qualifier, declarations), which
showing hand acts first and which up card brings in are declared as data
(``Game.wins``, ``Game.opens``, ``Game.brings_in``); the hooks on :class:`Game`
read them, so a game overrides only what is its own (team hands, two boards...).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.actions import Declared
from engine.cards import FULL_DECK, Card
from engine.games.declared_pots import Declaration, split_pot
from engine.games.hand_types import HandTypes, best_low_hand, low_qualifies
from engine.games.openers import able_to_bet, ace_low, best_showing, bring_in, hold_em_order
from engine.games.phases import Betting, Blinds, Phase
from engine.games.stakes import general_stakes
from engine.hands import HandValue, Showing, UpCard, describe_showing
from engine.settings import Option, SettingInfo, Settings, SettingsError, chips_setting, setting
from engine.state import (
    Award,
    BettingRound,
    EventKind,
    Facts,
    HandState,
    HandView,
    Held,
    PublicFacts,
    Settlement,
    seat_name,
)
from engine.table import Structure, split_evenly
from engine.wild import WildCards

__all__ = ["Game", "Option", "SettingInfo", "Settings", "SettingsError", "ShownPot", "best_of",
           "chips_setting", "finish", "make_award", "pot_name", "setting"]



class Game:
    """A game: its identity, its phases, and hooks with high-hand defaults.

    Subclasses set the class attributes and implement :meth:`phases`;
    ``engine.games.GAMES`` maps ``id`` to one instance of each. That instance is
    shared by every visitor, so games hold no state: each subclass declares empty
    ``__slots__`` too, and nothing can be set on it.
    """

    __slots__ = ()

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    settings_type: ClassVar[type[Settings]]
    wins: ClassVar[HandTypes] = HandTypes()
    """What wins the pot: the high hand unless declared otherwise."""
    opens: ClassVar[Showing] = Showing.HIGH
    """Which showing hand acts first when cards are up: the best high one, or the lowest."""
    brings_in: ClassVar[UpCard] = UpCard.LOWEST
    """Which first up card brings in, in a betting round with a bring-in."""
    cards: ClassVar[tuple[Card, ...]] = FULL_DECK
    """Every card of the deck the game deals (the 52, or the short deck's 36)."""
    boards: ClassVar[int] = 1
    """How many boards the board steps deal to (Double Sophie's two)."""

    def hand_types(self, settings: Settings) -> HandTypes:
        """What wins the pot under these announcements (default: ``wins``)."""
        return self.wins

    def player_counts(self, settings: Settings) -> tuple[int, ...]:
        """Every number of players the game deals for under these announcements."""
        counts = []
        for players in range(self.min_players, self.max_players + 1):
            try:
                self.check_players(players, settings)
            except ValueError:
                continue
            counts.append(players)
        return tuple(counts)

    # --- the table -----------------------------------------------------------

    def check_players(self, players: int, settings: Settings) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.name} is for {self.min_players} to {self.max_players} "
                             f"players, not {players}")

    def chips(self, settings: Settings) -> int:
        return int(getattr(settings, "chips", 200))

    def structure(self, settings: Settings) -> Structure:
        return Structure(getattr(settings, "structure", Structure.FIXED_LIMIT))

    def cap(self, settings: Settings) -> int | None:
        """Bets and raises allowed per fixed-limit round (a bet and three raises)."""
        return 4

    def stakes(self, settings: Settings) -> list[str]:
        """The chips, forced bets and bet sizes of these announcements, as sentences for
        the rules (default: from the usual announcements, ``engine.games.stakes``)."""
        return general_stakes(self, settings)

    def phases(self, state: HandState) -> list[Phase]:
        """The hand's steps, in order, as fresh phase objects."""
        raise NotImplementedError(f"{type(self).__name__} must list its phases")

    # --- betting hooks -------------------------------------------------------

    def opener(self, state: HandState, phase: BettingRound) -> tuple[int, str]:
        """Who acts first in a betting round, and the rule in words
        (``engine.games.openers`` has the ways the games decide it).

        Default: with a bring-in, the first up card ``brings_in`` names; in a hand with
        blinds, hold'em's order (after the big blind in the first round); else among the
        seats able to bet, the showing hand ``opens`` names if cards are up (equal
        showings by seat order), else the first from the dealer's left.
        """
        if phase.bring_in:
            return bring_in(state, state.in_hand(), self.brings_in)
        if any(isinstance(p, Blinds) for p in state.phases):
            first = next(p for p in state.phases if isinstance(p, Betting))
            return hold_em_order(state, first_round=phase is first)
        live = able_to_bet(state)
        if any(state.up_cards(s) for s in live):
            return best_showing(state, live, by_suit=False, order=self.opens)
        return live[0], "first player still in from the dealer's left"

    def bet_size(self, state: HandState, phase: BettingRound) -> tuple[int, int | None]:
        """The round's bet size, and a bigger first bet allowed instead (if any): the small
        or the big bet by the round's stake, or the big blind in a game that has blinds
        and no bet sizes of its own."""
        s = state.settings
        if not hasattr(s, "small_bet") and hasattr(s, "big_blind"):
            return int(s.big_blind), None
        sizes = getattr(s, "small_bet", 10), getattr(s, "big_bet", 20)
        return sizes[1 if phase.stake == "big" else 0], None

    # --- hands and showdown --------------------------------------------------

    def evaluate(self, settings: Settings, hole: Sequence[Card], board: Sequence[Card], *,
                 view: HandView | None = None
                 ) -> tuple[HandValue | None, HandValue | None]:
        """The best (high, low) hands of a seat's cards and a board under the hand types
        in force, ``None`` for a half the game does not play; computer players and odds
        value hands with it (default: the best five of all the cards). ``view`` is a
        seat's view of the hand being played, for what its deal has set so far that every
        seat sees (the wild rank Follow the Queen's up cards name)."""
        types = self.hand_types(settings)
        cards = [*hole, *board]
        return (types.high_of(cards) if types.high else None,
                best_low_hand(cards, types.low) if types.low is not None else None)

    def hand_value(self, state: HandState, seat: int) -> HandValue:
        """The seat's best high hand at showdown (default: best five of its cards and board)."""
        board = state.boards[0] if state.boards else []
        return self.hand_types(state.settings).high_of([*state.live_cards(seat), *board])

    def low_value(self, state: HandState, seat: int) -> HandValue:
        """The seat's best low hand at showdown, in the low ranking the hand types name
        (ace-to-five if they name none)."""
        board = state.boards[0] if state.boards else []
        low = self.hand_types(state.settings).low
        return best_low_hand([*state.live_cards(seat), *board], low or "ace-to-five")

    def showing_cards(self, state: HandState, seat: int) -> tuple[Card, ...]:
        """The seat's up cards as they count for who acts first (default: as dealt; in a
        game with wild cards each stands for the best it can show)."""
        return tuple(state.up_cards(seat))

    def describe_showing(self, state: HandState, seat: int) -> str:
        up = self.showing_cards(state, seat)
        return describe_showing(up[-4:], self.opens, ace_low=ace_low(state)) if up else ""

    def can_see(self, state: HandState, viewer: int, owner: int) -> bool:
        """Whether a seat may see another seat's hidden cards (partners, say)."""
        return False

    def shown(self, state: HandState, seat: int) -> bool:
        """Whether the seat's hand has been shown to everyone at the showdown."""
        return seat in state.shown

    def shows_card(self, state: HandState, seat: int, held: Held) -> bool:
        """Whether a card of a shown hand is seen by all (default: every card; a
        game may keep dead cards face down, as Sophie's Pick does its sacrificed pairs)."""
        return True

    def describe_hand(self, state: HandState, seat: int, *,
                      hide: Collection[Card] = ()) -> str:
        """The hand in words when it is shown (default: ``hand_value``'s description).

        A description that names cards writes each card in ``hide`` (cards
        still face down to the table, such as a partner's) as ``??``.
        """
        types = self.hand_types(state.settings)
        if not types.split:
            value = self.hand_value(state, seat) if types.high else self.low_value(state, seat)
            return value.describe()
        high, low = self.hand_value(state, seat).describe(), self.low_value(state, seat)
        if not low_qualifies(low, types.qualifier):
            return f"{high} for high, no low"
        words = low.describe().removesuffix(" (low)")
        return f"{high} for high, {words[0].lower()}{words[1:]} for low"

    def new_facts(self) -> Facts:
        """A fresh record of this game's own facts for a new hand (none by default)."""
        return Facts()

    def public_facts(self, state: HandState, viewer: int | None) -> PublicFacts:
        """What of the game's facts every seat may know, for ``state.view`` (none by
        default). Computer players decide from these and the rest of the view."""
        return PublicFacts()

    def seat_wild(self, state: HandState, seat: int) -> WildCards | None:
        """The cards wild in this seat's hand now: none here (a game with wild cards
        says which)."""
        return None

    def table_wild(self, state: HandState) -> WildCards | None:
        """The cards wild in every hand now (the fixed ranks and the rank the deal has
        set), without any hand's own; none here."""
        return None

    @property
    def own_lowest_wild(self) -> bool:
        """Whether each hand's own lowest hole card is wild too (Kings and little ones)."""
        return False

    def notes(self, state: HandState, seat: int, viewer: int | None) -> list[str]:
        """Short game-specific lines under a seat ("Partner: Seat 4", "Declared high")."""
        return []

    def is_beaten(self, state: HandState, seat: int, shown: Sequence[int]) -> bool:
        """Whether ``seat`` can win nothing against the hands already shown, in any half
        the hand types play (never with declarations: every declared hand is shown, and a
        failed both-way hand changes what the others win)."""
        types = self.hand_types(state.settings)
        if types.declare:
            return False
        for pot in state.table.pots():
            if seat not in pot.eligible:
                continue
            rivals = [s for s in shown if s in pot.eligible]
            if types.high:
                mine = self.hand_value(state, seat)
                if not rivals or mine >= max(self.hand_value(state, s) for s in rivals):
                    return False
            if types.low is not None:
                low = self._lows(state, [seat, *rivals], types)
                if seat in low and (len(low) == 1 or low[seat] >= max(
                        v for s, v in low.items() if s != seat)):
                    return False
        return True

    def _lows(self, state: HandState, seats: Sequence[int],
              types: HandTypes) -> dict[int, HandValue]:
        """The low hands of ``seats`` that may win the low half (qualifying ones)."""
        values = {s: self.low_value(state, s) for s in seats}
        return {s: v for s, v in values.items() if low_qualifies(v, types.qualifier)}

    def settle(self, state: HandState) -> Settlement:
        """The showdown's settlement, the same for every game: each pot from the main pot
        up is shared by :meth:`award_pot`, then the awards are paid and told."""
        pots = state.table.pots()
        mucked = set(state.mucked)
        awards: list[Award] = []
        for index, pot in enumerate(pots):
            awards.extend(self.award_pot(state, ShownPot(
                name=pot_name(index, len(pots)), amount=pot.amount, eligible=pot.eligible,
                contenders=tuple(s for s in pot.eligible if s not in mucked),
                alone=len(pots) == 1)))
        return finish(state, awards, showdown=True)

    def award_pot(self, state: HandState, pot: ShownPot) -> list[Award]:
        """Who takes one pot at the showdown, as one award or several parts, by the hand
        types (default: the best high hand, or the best low, ties splitting; in a
        high-low split the high half takes the odd chip, and the whole pot when no low
        qualifies). Declarations are the game's own to settle."""
        types = self.hand_types(state.settings)
        if types.declare:
            return self._award_declared(state, pot)
        high = {s: self.hand_value(state, s) for s in pot.contenders} if types.high else {}
        low = self._lows(state, pot.contenders, types) if types.low is not None else {}
        if not types.split or not low:
            values = high or low
            if not values:  # a low-only game where no low qualifies: the pot is shared
                return [make_award(pot.name, pot.amount, pot.eligible, pot.contenders,
                                   rule="no hand qualifies for low")]
            best, winners = best_of(values)
            rule = f"best hand: {best.describe().lower()}"
            if types.split:
                rule += "; no low qualifies, so the high hand takes it all"
            return [make_award(pot.name, pot.amount, pot.eligible, winners, hands=values,
                               rule=rule)]
        low_half = pot.amount // 2
        awards = []
        for part, values, amount in (("high half", high, pot.amount - low_half),
                                     ("low half", low, low_half)):
            best, winners = best_of(values)
            awards.append(make_award(f"the {part} of {pot.name}", amount, pot.eligible,
                                     winners, hands=values,
                                     rule=f"best {part.split()[0]} hand: "
                                          f"{best.describe().lower()}",
                                     part_of=(f"the {part}", pot.name, pot.amount)))
        return awards

    def _award_declared(self, state: HandState, pot: ShownPot) -> list[Award]:
        """The pot shared by the declarations the record holds (``Declared``), by
        ``declared_pots.split_pot`` (no qualifier); a failed both-way declarer is told why
        it gets nothing. Every declared hand is shown, so every eligible seat contends."""
        declared = {op.seat: Declaration(op.way) for op in state.record
                    if isinstance(op, Declared)}
        high = {s: self.hand_value(state, s) for s in pot.eligible}
        low = {s: self.low_value(state, s) for s in pot.eligible}
        split = split_pot(amount=pot.amount, eligible=pot.eligible, declared=declared,
                          high=high, low=low)
        for seat, why in split.failed:
            where = "" if pot.alone else f" ({pot.name})"
            state.emit(EventKind.NOTE, why + where, seat=seat)
        awards = []
        for share in split.shares:
            values = high if share.way is not Declaration.LOW else low
            contenders = [s for s in pot.eligible if share.way is None or (
                s not in dict(split.failed) and declared[s] in (share.way, Declaration.BOTH))]
            whole = share.part == "whole"
            label = pot.name if whole else f"the {share.part} of {pot.name}"
            awards.append(make_award(label, share.amount, pot.eligible, share.winners,
                                     hands={s: values[s] for s in contenders},
                                     rule=share.rule,
                                     part_of=None if whole else (f"the {share.part}", pot.name,
                                                                 pot.amount)))
        return awards

    def settle_uncontested(self, state: HandState) -> Settlement:
        """Nobody is left to contest the pots: the seats still in each pot share it
        without showing (by default the last seat in takes them all)."""
        pots = state.table.pots()
        rule = self.uncontested_rule(state)
        awards = [make_award(pot_name(i, len(pots)), pot.amount, pot.eligible, pot.eligible,
                             rule=rule) for i, pot in enumerate(pots)]
        return finish(state, awards, showdown=False)

    def uncontested_rule(self, state: HandState) -> str:
        """Why the pots are taken without a showdown, in words."""
        return "everyone else folded"


@dataclass(frozen=True, slots=True)
class ShownPot:
    """One pot at the showdown, as :meth:`Game.award_pot` shares it."""

    name: str
    """"the pot", or "the main pot" and "side pot 1"... when there are several."""
    amount: int
    eligible: tuple[int, ...]
    contenders: tuple[int, ...]
    """The eligible seats that did not muck."""
    alone: bool
    """Whether it is the hand's only pot."""


def best_of(values: Mapping[int, HandValue]) -> tuple[HandValue, tuple[int, ...]]:
    """The best of the seats' hands, and every seat holding it, in seat order."""
    best = max(values.values())
    return best, tuple(s for s in sorted(values) if values[s] == best)


def pot_name(index: int, count: int) -> str:
    if count == 1:
        return "the pot"
    return "the main pot" if index == 0 else f"side pot {index}"


def make_award(name: str, amount: int, eligible: Sequence[int], winners: Sequence[int], *,
               hands: Mapping[int, HandValue] | None = None, rule: str = "",
               part_of: tuple[str, str, int] | None = None) -> Award:
    """An award splitting ``amount`` among ``winners``, odd chips from the dealer's left.

    ``part_of`` is ``(part, pot name, pot amount)`` when the award is only part
    of a pot, such as ``("the high half", "the pot", 128)``.
    """
    shares = split_evenly(amount, winners)
    part, pot, pot_amount = part_of or ("", "", 0)
    return Award(name=name, amount=amount, eligible=tuple(eligible),
                 winners=tuple(sorted(winners)), shares=tuple(sorted(shares.items())),
                 hands=tuple((s, v.cards, v.describe()) for s, v in sorted((hands or {}).items())),
                 odd_chips=amount % len(winners), rule=rule, part=part, pot=pot,
                 pot_amount=pot_amount)


def finish(state: HandState, awards: Sequence[Award], *, showdown: bool) -> Settlement:
    """Pay the awards into the stacks, narrate them, and build the settlement."""
    table = state.table
    for award in awards:
        for seat, chips in award.shares:
            table.stacks[seat] += chips
        who = " and ".join(seat_name(s) for s in award.winners)
        verb = "wins" if len(award.winners) == 1 else "split"
        odd = f" ({award.odd_chips} odd chip{'s' if award.odd_chips > 1 else ''} to the " \
              "first from the dealer's left)" if award.odd_chips else ""
        state.emit(EventKind.POT, f"{who} {verb} {award.title}{odd}",
                   rule=award.rule)
    payoffs = tuple(table.stacks[s] - table.starting[s] for s in table.seats)
    returned = tuple(state.returned)
    return Settlement(awards=tuple(awards), returned=returned, payoffs=payoffs,
                      showdown=showdown)
