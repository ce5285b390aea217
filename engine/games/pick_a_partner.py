"""Pick a Partner: roll-your-own stud in partnerships, for 4, 6, 8 or 10 players.

The hand: antes; five cards down to everyone, and no more are ever dealt;
the first roll (everyone turns one card up at once, in secret); partners
picked from the highest first up card down, the last two pairing up; a
betting round; then three more rolls, each followed by a betting round
(small bet for the first two rounds, big bet for the last two). Each player
bets and folds on their own. A team's hand is both first up cards plus the
best three of the partners' other eight cards; the best team wins, and its
partners still in share the pot (tied teams split it first).

Decisions beyond the rule sheet and the announcements:

- once everyone still in belongs to one team, the hand ends at once and
  that team's partners still in share the pot without a showdown: there is
  nobody left to play against;
- a player whose partner has folded and who folds too takes the team out:
  neither may win anything;
- equal showings for who bets first go by the suit of the highest up card,
  as in stud; equal first up cards among three or more players are settled
  by the announced method, one pick at a time (see ``PickPartners``).

>>> from engine.games import new_hand
>>> state = new_hand("pick-a-partner", players=4, seed=3)
>>> state.street, state.to_act
('First roll', (0, 1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card, format_cards
from engine.games.base import (
    Game,
    Option,
    Settings,
    ShownPot,
    best_of,
    check_bet_sizes,
    chips_setting,
    on_off,
    setting,
)
from engine.games.openers import able_to_bet, best_showing
from engine.games.phases import Ante, Betting, Deal, Phase, Showdown
from engine.games.pick_a_partner_steps import (
    SUIT_ORDER,
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
from engine.games.stakes import limit_words, start_words
from engine.hands import HandValue, best_high, best_high_using
from engine.state import Award, HandState, seat_name
from engine.table import Structure, split_evenly


class FoldedCards(StrEnum):
    """Whether a folded partner's cards still count for the team hand."""

    DEAD = "dead"
    LIVE = "live"


@dataclass(frozen=True)
class PartnerSettings(Settings):
    """The dealer's announcements for Pick a Partner (house defaults)."""

    chips: int = chips_setting()
    ante: int = setting(2, label="Ante", minimum=0, maximum=100_000,
                        help="Paid by everyone before the deal.")
    small_bet: int = setting(5, label="Small bet", minimum=1, maximum=100_000,
                             help="The bet size in the first two betting rounds (in pot and "
                                  "no limit, the smallest bet then).")
    big_bet: int = setting(10, label="Big bet", minimum=1, maximum=100_000,
                           help="The bet size in the last two betting rounds (in pot and no "
                                "limit, the smallest bet then).")
    structure: Structure = setting(
        Structure.FIXED_LIMIT, label="Betting",
        help="How much a player may bet or raise.",
        options=(Option(Structure.FIXED_LIMIT, "Fixed limit",
                        "Every bet and raise is the small bet in the first two rounds and the "
                        "big bet in the last two; a bet and three raises at most per round."),
                 Option(Structure.POT_LIMIT, "Pot limit",
                        "A bet or raise may be anything from the round's bet size up to the "
                        "size of the pot."),
                 Option(Structure.NO_LIMIT, "No limit",
                        "A bet or raise may be anything from the round's bet size up to all "
                        "of a player's chips.")))
    up_card_ties: UpCardTies = setting(
        UpCardTies.SUIT, label="Equal first up cards",
        help="Who picks a partner first when the highest first up cards have the same rank.",
        options=(Option(UpCardTies.SUIT, "Suit order",
                        f"The higher suit picks first ({SUIT_ORDER})."),
                 Option(UpCardTies.SEAT, "Seat order",
                        "The tied player nearest the dealer's left picks first."),
                 Option(UpCardTies.DEAL, "Deal a card to each",
                        "Each tied player is dealt a card face up from the stock and the "
                        "highest picks first; equal again, another card each. These cards "
                        "are set aside and play in no one's hand.")))
    partners_see: bool = setting(
        False, label="Partners see each other's cards",
        help="Whether partners may show each other their hidden cards.",
        options=on_off(on="Once partners are set, each may look at the other's hidden cards.",
                       off="Partners may not show each other their hidden cards; each sees "
                           "only their own."))
    folded_partner: FoldedCards = setting(
        FoldedCards.DEAD, label="A folded partner's cards",
        help="Whether a partner's cards still count for the team after that partner folds.",
        options=(Option(FoldedCards.DEAD, "Dead",
                        "The partner still in plays only their own five cards."),
                 Option(FoldedCards.LIVE, "Live",
                        "The team hand is built as usual, from both partners' cards.")))

    def check(self) -> None:
        check_bet_sizes(self.small_bet, self.big_bet)


PLAYER_COUNTS = (4, 6, 8, 10)
ROLLS = ("First roll", "Second roll", "Third roll", "Fourth roll")


class PickAPartner(Game):
    """Pick a Partner on the shared engine: its steps plus team hands and team pots."""

    __slots__ = ()

    id = "pick-a-partner"
    name = "Pick a Partner"
    min_players = 4
    max_players = 10
    settings_type = PartnerSettings

    def check_players(self, players: int, settings: Settings) -> None:
        if players not in PLAYER_COUNTS:
            raise ValueError(f"{self.name} is for 4, 6, 8 or 10 players, not {players}: "
                             "everyone needs a partner, and one deck deals five cards to at "
                             "most ten")

    def stakes(self, settings: Settings) -> list[str]:
        assert isinstance(settings, PartnerSettings)
        lines = [f"{start_words(self, settings)} and antes {settings.ante} before the deal."]
        if settings.structure is Structure.FIXED_LIMIT:
            lines.append(f"Bets and raises are {settings.small_bet} in the first two betting "
                         f"rounds and {settings.big_bet} in the last two.")
        else:
            lines.append(limit_words(settings.structure, f"{settings.small_bet} in the first "
                                     f"two rounds and {settings.big_bet} in the last two"))
        return lines

    def phases(self, state: HandState) -> list[Phase]:
        s = _settings(state)
        dead = s.folded_partner is FoldedCards.DEAD
        return [
            Ante(s.ante, rule="the ante, paid by everyone before the deal"),
            Deal("Deal", "ddddd", burn=False),
            Roll(ROLLS[0], first=True),
            PickPartners("Partners", ties=s.up_card_ties),
            PartnerBetting(stake="small", dead=dead),
            Roll(ROLLS[1], first=False),
            PartnerBetting(stake="small", dead=dead),
            Roll(ROLLS[2], first=False),
            PartnerBetting(stake="big", dead=dead),
            Roll(ROLLS[3], first=False),
            PartnerBetting(stake="big", dead=dead),
            Showdown(),
        ]

    def opener(self, state: HandState, phase: Betting) -> tuple[int, str]:
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
                                    and _settings(state).folded_partner is FoldedCards.DEAD)
        cache = facts(state)._team_values
        known = cache.get((seat, alone))
        if known is not None:
            return known
        if alone or partner is None:
            value = best_high(h.card for h in state.cards[seat])
        else:
            ups = first_up(state)
            team = sorted((seat, partner))
            others = [h.card for s in team for h in state.cards[s] if h.card != ups[s]]
            value = best_high_using([ups[s] for s in team], others)
        if partner is not None:
            cache[(seat, alone)] = value
        return value

    def describe_hand(self, state: HandState, seat: int, *,
                      hide: Collection[Card] = ()) -> str:
        """The team hand in words at the showdown, saying which cards made it and why
        (a partner's cards still face down to the table as ``??``)."""
        value = self.hand_value(state, seat)
        partner = partners(state)[seat]
        cards = " ".join("??" if c in hide else str(c) for c in value.cards)
        made = f"{cards}, {value.describe().lower()}"
        if not state.table.folded[partner]:
            return (f"the team with {seat_name(partner)} makes {made} (both first up cards "
                    "plus the best three of the partners' other eight)")
        if _settings(state).folded_partner is FoldedCards.DEAD:
            return (f"{value.describe().lower()}, with their own five cards alone "
                    f"({seat_name(partner)} folded, and a folded partner's cards are dead)")
        theirs = format_cards(h.card for h in state.cards[partner])
        return (f"with folded partner {seat_name(partner)}'s {theirs}, still live, the team "
                f"makes {made}")

    def can_see(self, state: HandState, viewer: int, owner: int) -> bool:
        """Partners see each other's hidden cards only when the house allows it."""
        return _settings(state).partners_see and partners(state).get(viewer) == owner

    def shown(self, state: HandState, seat: int) -> bool:
        """A shown hand; with live folded cards, a folded partner's cards show with the team."""
        if super().shown(state, seat):
            return True
        partner = partners(state).get(seat)
        return (partner is not None and state.table.folded[seat]
                and _settings(state).folded_partner is FoldedCards.LIVE
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
            dead = _settings(state).folded_partner is FoldedCards.DEAD
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


def _settings(state: HandState) -> PartnerSettings:
    settings = state.settings
    assert isinstance(settings, PartnerSettings)
    return settings


GAME = PickAPartner()

__all__ = ["GAME", "FoldedCards", "PartnerSettings", "PickAPartner", "UpCardTies"]
