"""Pick a Partner's step kinds: the roll (everyone turns a card up at once), choosing
partners from the highest first up card down, and the team's betting round; and what a
game with partners values, shows and pays (:class:`PartnerRules`, the hooks a game using
``choose-partner`` takes on).

A game with partners announces ``folded_partner`` (a ``folded-cards`` choice: dead or
live) and ``partners_see`` (a switch); the loader checks it does.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from engine.cards import Card, format_cards
from engine.games.base import Game, ShownPot, best_of
from engine.games.openers import able_to_bet, best_showing
from engine.games.phases import Phase
from engine.games.pick_a_partner_steps import (
    PartnerBetting,
    PartnerFacts,
    PartnerPublic,
    PickPartners,
    Roll,
    UpCardTies,
    facts,
    first_up,
    partners,
    public,
    team_of,
)
from engine.games.steps import Cards, Context, Param, Step, StepKind, announced
from engine.hands import HandValue
from engine.state import Award, BettingRound, HandState, seat_name
from engine.table import split_evenly

__all__ = ["KINDS", "SETTING_TYPES", "FoldedCards", "PartnerRules"]


class FoldedCards(StrEnum):
    """Whether a folded partner's cards still count for the team hand."""

    DEAD = "dead"
    LIVE = "live"


def _dead(state: HandState) -> bool:
    """Whether a folded partner's cards are dead under these announcements."""
    return bool(announced(state.settings, "folded_partner") is FoldedCards.DEAD)


class PartnerRules(Game):
    """What a game with partners does beyond its steps: the team hand (both first up
    cards plus the best three of the partners' other eight), partners' sight, team
    pots, and the notes and public facts about partners."""

    __slots__ = ()

    def opener(self, state: HandState, phase: BettingRound) -> tuple[int, str]:
        """The best showing hand bets first; equal showings go by the highest card's suit."""
        return best_showing(state, able_to_bet(state), by_suit=True)

    # --- hands ---------------------------------------------------------------

    def hand_value(self, state: HandState, seat: int) -> HandValue:
        """The seat's team hand: both first up cards plus the best three of the other eight.

        When the partner has folded and folded cards are dead, the seat plays
        its own five cards. Values are kept in the hand's facts once partners are
        set: no card changes hands after that, only who has folded.
        """
        partner = partners(state).get(seat)
        alone = partner is None or (state.table.folded[partner]
                                    and _dead(state))
        cache = facts(state)._team_values
        known = cache.get((seat, alone))
        if known is not None:
            return known
        types = self.hand_types(state.settings)
        if alone or partner is None:
            value = types.high_of(h.card for h in state.cards[seat])
        else:
            ups = first_up(state)
            team = sorted((seat, partner))
            others = [h.card for s in team for h in state.cards[s] if h.card != ups[s]]
            value = types.high_using([ups[s] for s in team], others)
        if partner is not None:
            cache[(seat, alone)] = value
        return value

    def describe_hand(self, state: HandState, seat: int, *,
                      hide: Collection[Card] = ()) -> str:
        """The team hand in words at the showdown, saying which cards made it and why
        (a partner's cards still face down to the table, in ``hide``, are only counted:
        the hand's name and the cards shown, never a made hand with a gap in it)."""
        value = self.hand_value(state, seat)
        partner = partners(state)[seat]
        made = _made(value, hide)
        if not state.table.folded[partner]:
            return (f"the team with {seat_name(partner)} makes {made} (both first up cards "
                    "plus the best three of the partners' other eight)")
        if _dead(state):
            return (f"{value.describe().lower()}, with their own five cards alone "
                    f"({seat_name(partner)} folded, and a folded partner's cards are dead)")
        theirs = format_cards(h.card for h in state.cards[partner])
        return (f"with folded partner {seat_name(partner)}'s {theirs}, still live, the team "
                f"makes {made}")

    def can_see(self, state: HandState, viewer: int, owner: int) -> bool:
        """Partners see each other's hidden cards only when the house allows it."""
        sees = bool(announced(state.settings, "partners_see"))
        return sees and partners(state).get(viewer) == owner

    def shown(self, state: HandState, seat: int) -> bool:
        """A shown hand; with live folded cards, a folded partner's cards show with the team."""
        if super().shown(state, seat):
            return True
        partner = partners(state).get(seat)
        return (partner is not None and state.table.folded[seat]
                and not _dead(state)
                and super().shown(state, partner))

    def new_facts(self) -> PartnerFacts:
        return PartnerFacts()

    def public_facts(self, state: HandState, viewer: int | None) -> PartnerPublic:
        """First up cards, partners and tie-break cards: all face up to the table."""
        return public(facts(state))

    def notes(self, state: HandState, seat: int, viewer: int | None) -> list[str]:
        lines = []
        partner = partners(state).get(seat)
        if partner is not None:
            lines.append(f"Partner: {seat_name(partner)}")
        up = first_up(state).get(seat)
        if up is not None:
            lines.append(f"First up card: {up}")
        if partner is not None and state.table.folded[partner] and not state.table.folded[seat]:
            dead = _dead(state)
            lines.append("Partner folded: " + ("plays alone with own five cards" if dead
                                               else "partner's cards still count"))
        extra = [c for s, c in facts(state).tiebreak if s == seat]
        if extra:
            lines.append(f"Tie-break card{'s' if len(extra) > 1 else ''}: "
                         f"{' '.join(map(str, extra))} (in no one's hand)")
        return lines

    # --- settling ------------------------------------------------------------

    def award_pot(self, state: HandState, pot: ShownPot) -> list[Award]:
        """The pot to the best team hand among the players in it.

        Tied teams split the pot first (odd chips to the team nearest the
        dealer's left); each team's share goes to its partners in that pot.
        """
        values = {s: self.hand_value(state, s) for s in pot.contenders}
        _, winners = best_of(values)
        return [_team_award(state, pot.name, pot.amount, pot.eligible, winners, values)]

    def uncontested_rule(self, state: HandState) -> str:
        """Only one team is left: its players still in share every pot they are in."""
        if len(state.in_hand()) == 1:
            return "everyone else folded"
        return "every other team has folded: the partners still in share it"


def _team_award(state: HandState, name: str, amount: int, eligible: Sequence[int],
                winners: Sequence[int], values: dict[int, HandValue]) -> Award:
    """Split ``amount`` between the winning teams, then within each team."""
    teams: dict[tuple[int, ...], list[int]] = {}
    for seat in winners:
        teams.setdefault(team_of(state, seat), []).append(seat)
    by_first = {members[0]: members for members in teams.values()}
    team_shares = split_evenly(amount, list(by_first))
    shares: dict[int, int] = {}
    odd = amount % len(by_first)
    for first, members in by_first.items():
        shares.update(split_evenly(team_shares[first], members))
        odd += team_shares[first] % len(members)
    hand = values[winners[0]].describe().lower()
    if len(teams) > 1:
        rule = (f"tied teams, {hand}: the teams split it first, then each team's share goes "
                "to its partners still in")
    else:
        ((team, members),) = teams.items()
        rule = f"best team hand, {hand}"
        if len(members) == 2:
            rule += ": the partners share it"
        elif len(team) == 2:
            missing = next(s for s in team if s not in members)
            why = "folded" if state.table.folded[missing] else "is not in this pot"
            rule += f"; {seat_name(missing)} {why}, so {seat_name(members[0])} takes it all"
    return Award(name=name, amount=amount, eligible=tuple(eligible),
                 winners=tuple(sorted(winners)), shares=tuple(sorted(shares.items())),
                 hands=tuple((s, v.cards, v.describe()) for s, v in sorted(values.items())),
                 odd_chips=odd, rule=rule)


def _roll(step: Step, context: Context) -> Phase:
    return Roll(step["street"], first=bool(step["first"]))


def _choose(step: Step, context: Context) -> Phase:
    ties = step["ties"]
    if ties not in {t.value for t in UpCardTies}:
        ties = announced(context.settings, ties)
    return PickPartners(step["street"], ties=UpCardTies(ties))


def _partner_bet(step: Step, context: Context) -> Phase:
    return PartnerBetting(stake=step["stake"], dead=context.holds(step["dead"]))


def _one_card(params: Mapping[str, Any]) -> Cards:
    return Cards(needs_held=1)


_STREET = Param("text", required=True, help="the street's name, as the narration says it")

KINDS = (
    StepKind("roll", "everyone still in turns one of their own down cards up, at once",
             MappingProxyType({"street": _STREET, "first": Param("condition", False)}),
             _roll, _one_card),
    StepKind("choose-partner", "partners chosen from the highest first up card down; the "
             "last two pair up", MappingProxyType({
                 "street": _STREET,
                 "ties": Param("setting_or", "suit", choices=tuple(t.value for t in UpCardTies))}),
             _choose, _one_card, hooks=PartnerRules,
             reads=(("folded_partner", "folded-cards"), ("partners_see", "switch"))),
    StepKind("partner-bet", "a betting round where partners fold alone and the hand ends "
             "when one team is left", MappingProxyType({
                 "stake": Param("choice", "small", choices=("small", "big")),
                 "dead": Param("condition", True)}),
             _partner_bet),
)

SETTING_TYPES: tuple[tuple[str, type[StrEnum]], ...] = (
    ("up-card-ties", UpCardTies), ("folded-cards", FoldedCards))


def _made(value: HandValue, hide: Collection[Card]) -> str:
    """A team hand as the reader may see it: its five cards and its name when all are
    shown, else its name, the cards shown and how many are still face down.

    >>> from engine.cards import parse_cards
    >>> from engine.games.hand_types import HIGH_HAND
    >>> value = HIGH_HAND.high_of(parse_cards("10d 10c 8s 9h Ac"))
    >>> _made(value, ())
    '10♦ 10♣ A♣ 9♥ 8♠, pair of tens'
    >>> _made(value, parse_cards("9h"))
    'a pair of tens, with 10♦ 10♣ A♣ 8♠ shown and one card still face down'
    """
    name = value.describe().lower()
    shown = [c for c in value.cards if c not in hide]
    if len(shown) == len(value.cards):
        return f"{format_cards(value.cards)}, {name}"
    missing = len(value.cards) - len(shown)
    count = f"{_COUNTED[missing]} card{'s' if missing > 1 else ''} still face down"
    if not shown:
        return f"{_a(name)}, {count}"
    return f"{_a(name)}, with {format_cards(shown)} shown and {count}"


_COUNTED = MappingProxyType({1: "one", 2: "two", 3: "three", 4: "four", 5: "five"})


def _a(name: str) -> str:
    """A hand's name with its article: "a pair of tens", "an ace-high straight", "two pair"."""
    if name.startswith(("pair", "full house", "royal")):
        return f"a {name}"
    if "-high" in name:
        return f"{'an' if name[:1] in 'ae' else 'a'} {name}"
    return name
