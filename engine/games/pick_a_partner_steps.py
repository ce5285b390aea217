"""Pick a Partner's own steps: rolls, partner picking and team-aware betting.

The facts these steps keep in :class:`PartnerFacts` (``state.facts``, rebuilt
by replay, never saved), all public: the view carries them as
:class:`PartnerPublic`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from engine.actions import Dealt, Revealed
from engine.cards import Card, format_cards
from engine.games.phases import Betting, Decision
from engine.hands import HandValue
from engine.state import Action, ActionKind, EventKind, Facts, HandState, PublicFacts, seat_name


class UpCardTies(StrEnum):
    """How equal first up cards decide who picks a partner first."""

    SUIT = "suit"
    SEAT = "seat"
    DEAL = "deal"


SUIT_ORDER = "spades, hearts, diamonds, clubs"


@dataclass
class PartnerFacts(Facts):
    """What a hand of Pick a Partner has settled so far.

    - ``first_up``: each seat's first up card (it must play in the team hand);
    - ``partners``: seat -> partner's seat, both ways, once picked;
    - ``tiebreak``: ``(seat, card)`` for each card dealt from the stock to break
      equal first up cards. These cards are set aside face up in the discards:
      they are part of no one's hand and never play.
    """

    first_up: dict[int, Card] = field(default_factory=dict)
    partners: dict[int, int] = field(default_factory=dict)
    tiebreak: list[tuple[int, Card]] = field(default_factory=list)
    _team_values: dict[tuple[int, bool], HandValue] = field(default_factory=dict, repr=False)
    """A cache of team hand values (no card changes hands once partners are set)."""


@dataclass(frozen=True, slots=True)
class PartnerPublic(PublicFacts):
    """The first up cards, partners and tie-break cards, as every seat sees them:
    ``first_up`` and ``partners`` as (seat, card) and (seat, partner) pairs in seat
    order (``dict()`` them to look a seat up), ``tiebreak`` in the order dealt."""

    first_up: tuple[tuple[int, Card], ...] = ()
    partners: tuple[tuple[int, int], ...] = ()
    tiebreak: tuple[tuple[int, Card], ...] = ()

    def marked_cards(self) -> frozenset[Card]:
        """The first up cards: every team hand must use its two seats' ones."""
        return frozenset(card for _, card in self.first_up)


def facts(state: HandState) -> PartnerFacts:
    """The hand's :class:`PartnerFacts`."""
    found = state.facts
    if not isinstance(found, PartnerFacts):
        raise TypeError(f"{state.game.name} keeps no Pick a Partner facts")
    return found


def public(facts: PartnerFacts) -> PartnerPublic:
    """The facts as a view carries them (read-only copies)."""
    return PartnerPublic(first_up=tuple(sorted(facts.first_up.items())),
                         partners=tuple(sorted(facts.partners.items())),
                         tiebreak=tuple(facts.tiebreak))


def first_up(state: HandState) -> dict[int, Card]:
    """Each seat's first up card (empty before the first roll)."""
    return facts(state).first_up


def partners(state: HandState) -> dict[int, int]:
    """Seat -> partner's seat, for every seat already paired."""
    return facts(state).partners


def team_of(state: HandState, seat: int) -> tuple[int, ...]:
    """The seat's team as a sorted pair (just the seat before partners are set)."""
    partner = partners(state).get(seat)
    return (seat,) if partner is None else tuple(sorted((seat, partner)))


def teams_in(state: HandState) -> set[tuple[int, ...]]:
    """The teams with at least one player still in the hand."""
    return {team_of(state, s) for s in state.in_hand()}


def one_team_left(state: HandState) -> bool:
    """Whether partners are set and everyone still in belongs to one team."""
    return len(partners(state)) == state.players and len(teams_in(state)) == 1


def pair_names(team: Sequence[int]) -> str:
    return " and ".join(seat_name(s) for s in team)


class Roll(Decision):
    """Every player still in turns up one of their own down cards, all at once.

    ``first`` marks the first roll, whose card is remembered: it must play
    in the team hand, and it decides who picks a partner first. Any game may roll
    (Anaconda's cards are rolled one at a time); only a first roll keeps partners' facts.
    """

    kind = ActionKind.TURN_UP
    simultaneous = True

    def __init__(self, street: str, *, first: bool) -> None:
        super().__init__(street)
        self.first = first
        self.reveals_only = not first

    def options(self, state: HandState, seat: int) -> list[Action]:
        return [Action(seat, ActionKind.TURN_UP, cards=(h.card,))
                for h in state.cards[seat] if not h.up]

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        if self.first:
            rule = "everyone turns one card up at the same time; this first up card will be " \
                   "part of the team hand"
        else:
            rule = "each player still in turns up one more of their own cards, all at once"
        remembered = facts(state).first_up if self.first else {}
        for seat, action in choices.items():
            (card,) = action.cards
            for held in state.cards[seat]:
                if held.card == card:
                    held.up = True
            if self.first:
                remembered[seat] = card
            op = state.log(Revealed(state.street, seat, (card,)))
            state.emit(EventKind.REVEAL, f"{seat_name(op.seat)} turns up {op.cards[0]}", rule=rule,
                       seat=seat)


class PickPartners(Decision):
    """Partners are chosen from the highest first up card down.

    The unpaired player with the highest first up card picks any other
    unpaired player; the last two pair up. Equal ranks are settled by
    ``ties``: the suit of the up cards, seat order from the dealer's left,
    or a card dealt from the stock to each tied player (highest picks first;
    players whose tie-break cards are equal too are each dealt another when
    one of them is next to pick; if the stock is too short for that, the
    suit of the up cards decides).
    """

    kind = ActionKind.PICK_PARTNER
    simultaneous = False

    def __init__(self, street: str, *, ties: UpCardTies) -> None:
        super().__init__(street)
        self.ties = ties
        self.chooser: int | None = None
        self.extra: dict[int, list[Card]] = {}

    def enter(self, state: HandState) -> None:
        known = facts(state)
        known.partners.clear()
        known.tiebreak.clear()
        self._next(state)

    def next_seat(self, state: HandState) -> int | None:
        return self.chooser

    def options(self, state: HandState, seat: int) -> list[Action]:
        return [Action(seat, ActionKind.PICK_PARTNER, choice=s) for s in _unpaired(state)
                if s != seat]

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        ((seat, action),) = choices.items()
        partner = action.choice
        assert isinstance(partner, int)
        _pair(state, seat, partner)
        state.emit(EventKind.ACTION,
                   f"{seat_name(seat)} picks {seat_name(partner)} "
                   f"({first_up(state)[partner]}) as a partner",
                   rule="the chooser may pick any player still without a partner", seat=seat)
        self._next(state)

    def _next(self, state: HandState) -> None:
        self.chooser = None
        unpaired = _unpaired(state)
        if len(unpaired) == 2:
            a, b = unpaired
            _pair(state, a, b)
            state.emit(EventKind.NOTE, f"{pair_names(unpaired)} are partners",
                       rule="the last two players without a partner pair up")
            self._summary(state)
            return
        chooser, why = self._highest(state, unpaired)
        self.chooser = chooser
        state.emit(EventKind.NOTE, f"{seat_name(chooser)} chooses a partner", rule=why,
                   seat=chooser)

    def _summary(self, state: HandState) -> None:
        ups = first_up(state)
        teams = sorted({team_of(state, s) for s in range(state.players)})
        words = "; ".join(f"{pair_names(t)} ({format_cards(ups[s] for s in t)})" for t in teams)
        state.emit(EventKind.NOTE, f"Teams: {words}",
                   rule="each team plays one hand built on its two first up cards")

    def _highest(self, state: HandState, unpaired: list[int]) -> tuple[int, str]:
        ups = first_up(state)
        top_rank = max(ups[s].rank for s in unpaired)
        top = [s for s in unpaired if ups[s].rank == top_rank]
        if len(top) == 1:
            (seat,) = top
            return seat, (f"{seat_name(seat)} shows {ups[seat]}, the highest first up card "
                          "among the players still without a partner")
        equal = " and ".join(f"{seat_name(s)}'s {ups[s]}" for s in top)
        if self.ties is UpCardTies.SEAT:
            seat = min(top)
            return seat, (f"{equal} are the highest first up cards and equal; seat order "
                          f"decides, and {seat_name(seat)} sits nearest the dealer's left")
        if self.ties is UpCardTies.DEAL:
            return self._deal_off(state, top, equal)
        seat = max(top, key=lambda s: ups[s].suit)
        return seat, (f"{equal} are the highest first up cards and equal; the suit decides "
                      f"({SUIT_ORDER}), so {ups[seat]} is highest")

    def _deal_off(self, state: HandState, top: list[int], equal: str) -> tuple[int, str]:
        """Deal tie-break cards until one tied player is highest (or the stock is short)."""
        group = self._leaders(top)
        while len(group) > 1:
            deck = state.deck
            if deck.remaining < len(group):
                ups = first_up(state)
                seat = max(group, key=lambda s: ups[s].suit)
                state.emit(EventKind.NOTE,
                           f"The stock holds {deck.remaining} card"
                           f"{'' if deck.remaining == 1 else 's'}, too few to deal each of "
                           f"{pair_names(group)} a tie-break card",
                           rule=f"when the stock is too short, the suit of the up cards "
                                f"decides ({SUIT_ORDER})")
                return seat, (f"{equal} are the highest first up cards and equal; with too "
                              f"few cards to deal, the suit decides: {ups[seat]} is highest")
            dealt = []
            for seat in group:
                card = deck.deal_one()
                deck.discard([card])
                self.extra.setdefault(seat, []).append(card)
                facts(state).tiebreak.append((seat, card))
                state.record.append(Dealt(state.street, (card,), seat=seat, up=(True,),
                                          aside=True))
                dealt.append(f"{seat_name(seat)} {card}")
            again = " again" if any(len(self.extra[s]) > 1 for s in group) else ""
            state.emit(EventKind.DEAL, f"Tie-break cards: {', '.join(dealt)}",
                       rule=f"equal first up cards: each tied player is dealt a card from the "
                            f"stock{again}, face up, and the highest picks first; these cards "
                            "are set aside and are part of no one's hand")
            group = self._leaders(group)
        (seat,) = group
        card = self.extra[seat][-1]
        return seat, (f"{equal} are the highest first up cards and equal; {seat_name(seat)}'s "
                      f"tie-break card, {card}, is the highest")

    def _leaders(self, seats: list[int]) -> list[int]:
        """The seats whose tie-break cards so far rank highest (all, before any are dealt)."""
        def key(seat: int) -> tuple[int, ...]:
            return tuple(int(c.rank) for c in self.extra.get(seat, ()))

        best = max(key(s) for s in seats)
        return [s for s in seats if key(s) == best]


def _unpaired(state: HandState) -> list[int]:
    paired = partners(state)
    return [s for s in range(state.players) if s not in paired]


def _pair(state: HandState, a: int, b: int) -> None:
    paired = facts(state).partners
    paired[a], paired[b] = b, a


class PartnerBetting(Betting):
    """A betting round where folding is individual but the hand ends once only
    one team is left: nobody remains to play against, so its partners still in
    share the pot without a showdown.

    With ``dead`` (the default announcement) a folded player's cards are dead
    and their partner plays on with their own five cards; otherwise they stay
    live for the team hand.
    """

    def __init__(self, *, stake: str, dead: bool) -> None:
        super().__init__(stake=stake)
        self.dead = dead

    def apply(self, state: HandState, action: Action) -> None:
        super().apply(state, action)
        if action.kind is not ActionKind.FOLD:
            return
        seat = action.seat
        if self.dead:
            for held in state.cards[seat]:
                held.dead = True
        partner = partners(state)[seat]
        name, other = seat_name(seat), seat_name(partner)
        if state.table.folded[partner]:
            state.emit(EventKind.NOTE, f"{pair_names(sorted((seat, partner)))} have both "
                       "folded: their team is out", rule="a team whose partners have both "
                       "folded can win nothing")
        elif self.dead:
            state.emit(EventKind.NOTE, f"{other} plays on alone with their own five cards",
                       rule="a folded partner's cards are dead")
        else:
            state.emit(EventKind.NOTE, f"{other} plays on alone; {name}'s cards still count "
                       "for the team hand", rule="a folded partner's cards stay live")
        if one_team_left(state):
            self.leave(state)
            state.settlement = state.game.settle_uncontested(state)
