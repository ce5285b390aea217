"""A computer player for Pick a Partner.

How it plays, and why:

- **First roll.** The first up card must play in the team hand, so it
  shows the card that best fits its other four (pairs first, then suits,
  then connected ranks), with height as a bonus since the highest card
  picks a partner first (:func:`first_card_worth`).
- **Picking a partner.** It picks the player whose first up card fits its
  own hand: the same rank, the same suit (more so when it holds more of
  that suit), a connected rank for a straight, and height
  (:func:`pick_worth`).
- **Later rolls.** Turning a card up never changes what the team makes
  (every card plays at the showdown), only what the others can read; so it
  turns up the card that matters least to the team hand it can see, and
  keeps the cards that make its team's hand hidden as long as it can.
- **Betting.** It estimates its team's chance of holding the best team hand
  by simulation (the cards it cannot see dealt at random, team hands scored
  in one batch by ``engine.fast``), then bets, calls or folds by that
  strength against the price (``engine.bots.policy``), remembering that a
  partner still in takes half of what the team wins. A rival team that bet or
  raised this round is read as holding the stronger of more random hands, as the
  general player reads a bet (``engine.bots.policy.suggested_strength``): tables bet
  their strong hands. The team plays together: it never raises nor folds to its own
  partner's bet.

It sees hidden cards only through ``state.view(seat)``; who is partnered with
whom, the first up cards and tie-break cards are public facts of the hand.
Every random number comes from the ``rng`` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from engine.bots.policy import (
    Measured,
    betting_choice,
    betting_words,
    price_of,
    suggested_strength,
)
from engine.bots.reasons import showing_words
from engine.cards import FULL_DECK, Card
from engine.fast import combinations, rank_high, read_only
from engine.games.hand_types import HIGH_HAND
from engine.games.pick_a_partner import FoldedCards
from engine.games.pick_a_partner_steps import PartnerPublic, first_up, partners, teams_in
from engine.state import Action, ActionKind, HandState, HandView

__all__ = ["PartnerBot", "first_card_worth", "in_team_hand", "partner_fit", "pick_reason",
           "pick_worth", "spare_order", "team_strength"]

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)
_PICK_THREE = read_only(combinations(8, 3))


@dataclass(frozen=True)
class PartnerBot:
    """A sensible Pick a Partner player; ``looseness`` shifts its betting thresholds."""

    name: str = "Pick a Partner player"
    looseness: float = 0.0
    trials: int = 48

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to decide now")
        kind = legal[0].kind
        if any(a.kind is ActionKind.MUCK for a in legal):
            return next(a for a in legal if a.kind is ActionKind.MUCK)
        view = state.view(seat)
        if kind is ActionKind.TURN_UP:
            if seat not in dict(_public(view).first_up):
                return _best_first_card(view, seat, legal, rng)
            return spare_order(view, seat, legal)[0]
        if kind is ActionKind.PICK_PARTNER:
            return _best_partner(state, view, seat, legal, rng)
        if kind.is_betting:
            return self._bet(state, view, seat, legal, rng)
        return rng.choice(legal)

    def explain(self, state: HandState, seat: int, action: Action) -> str | None:
        """Why, from the first up cards, the picks, the up cards and the betting only."""
        kind = action.kind
        if kind is ActionKind.TURN_UP:
            if seat not in first_up(state):
                return ("the first up card plays in the team hand, so it shows the card that "
                        "fits its others best")
            return "it turns up the card its team can spare most, keeping the rest hidden"
        if kind is ActionKind.PICK_PARTNER and isinstance(action.choice, int):
            return pick_reason(state, seat, action.choice)
        partner = partners(state).get(seat)
        if partner is not None and kind in (ActionKind.CALL, ActionKind.CHECK) and \
                state.table.round_aggressor == partner:
            return ("the team plays together: it never raises nor folds to its own partner's "
                    "bet, which the others already face")
        team = sorted({seat, partner} if partner is not None else {seat})
        shows = " and ".join(w for w in (showing_words(state, s) for s in team) if w)
        halved = partner is not None and not state.table.folded[partner]
        return betting_words(state, seat, action, shows=shows, teams=len(teams_in(state)),
                             halved=halved) or None

    def _bet(self, state: HandState, view: HandView, seat: int, legal: Sequence[Action],
             rng: random.Random) -> Action:
        reads = {s.seat: suggested_strength(view, s.seat) for s in view.seats if not s.folded}
        strength, teams = team_strength(state, view, seat, rng, trials=self.trials, reads=reads)
        partner = dict(_public(view).partners)[seat]
        # A partner still in takes half of what the team wins: a call must pay for itself
        # from this seat's half.
        half = 0.5 if not view.seats[partner].folded else 1.0
        call = next((a for a in legal if a.kind is ActionKind.CALL), None)
        to_call = (call.amount or 0) if call is not None else 0
        measured = Measured(share=min(1.0, strength + self.looseness), hands=teams,
                            to_call=to_call,
                            price=min(1.0, price_of(view, seat, to_call) / half))
        # Its own partner's bet: the team plays together, never raising nor folding to it.
        team_bet = view.round_aggressor == partner
        return betting_choice(state, seat, legal, measured, rng, no_raise=team_bet,
                              no_fold=team_bet, sized=False)


def partner_fit(card: Card, others: Sequence[Card]) -> float:
    """How well ``card`` combines with ``others``: pairs, then suits, then straights.

    Each other card adds 6 for the same rank, 1.5 for the same suit, and
    1.25 down to 0.5 for a rank one to four steps away (aces count high or
    low). The bot shows and picks by it, and the odds engine's Pick a
    Partner model copies those picks, so both read this one score.

    >>> from engine.cards import parse_cards
    >>> partner_fit(*parse_cards("Kh"), parse_cards("Qh Kd 2c"))
    8.75
    """
    score = 0.0
    for other in others:
        gap = min(abs(_rank(card, ace_low) - _rank(other, ace_low)) for ace_low in (False, True))
        if gap == 0:
            score += 6
        elif gap <= 4:
            score += 1.5 - 0.25 * gap
        if card.suit == other.suit:
            score += 1.5
    return score


def pick_reason(state: HandState, seat: int, partner: int) -> str:
    """Why a partner was picked, from the two first up cards (both face up to all).

    >>> from engine.games import new_hand
    >>> state = new_hand("pick-a-partner", players=4, seed=3)
    >>> for s in range(4):
    ...     _ = state.apply(state.legal_actions(s)[0])
    >>> pick_reason(state, 1, 3)
    'the 6♠ is close to its 9♣ for a straight'
    """
    ups = first_up(state)
    mine, theirs = ups[seat], ups[partner]
    gap = min(abs(_rank(mine, low) - _rank(theirs, low)) for low in (False, True))
    if gap == 0:
        return f"the {theirs} pairs its {mine}"
    if mine.suit == theirs.suit:
        return f"the {theirs} matches its suit ({mine})"
    if gap <= 4:
        return f"the {theirs} is close to its {mine} for a straight"
    others = [ups[s] for s in ups if s != seat and s not in partners(state)]
    if all(theirs.rank >= c.rank for c in others):
        return f"the {theirs} is the highest first up card left"
    return f"the {theirs} fits best with the rest of its hand"


def _public(view: HandView) -> PartnerPublic:
    """The first up cards, partners and tie-break cards the view carries."""
    facts = view.facts
    if not isinstance(facts, PartnerPublic):
        raise TypeError(f"a Pick a Partner player cannot play {view.game_name}")
    return facts


def _rank(card: Card, ace_low: bool) -> int:
    return 1 if ace_low and card.rank == 14 else int(card.rank)


def first_card_worth(card: Card, rest: Sequence[Card]) -> float:
    """A card's worth as the first up card: how it fits the seat's other cards, with a
    quarter of its rank for height (the highest first up card picks first).

    >>> from engine.cards import parse_cards
    >>> first_card_worth(*parse_cards("Kh"), parse_cards("Qh Kd 2c 7s"))
    12.0
    """
    return partner_fit(card, rest) + int(card.rank) / 4


def pick_worth(theirs: Card, mine: Card, hidden: Sequence[Card]) -> float:
    """A partner's worth, by their first up card: twice its fit with the picker's own first
    up card (both play in the team hand), its fit with the picker's other cards, and a
    third of its rank.

    >>> from engine.cards import parse_cards
    >>> pick_worth(*parse_cards("Kh Qh"), parse_cards("Kd 2c 7s 9s"))
    16.333333333333332
    """
    return 2 * partner_fit(theirs, [mine]) + partner_fit(theirs, hidden) + int(theirs.rank) / 3


def _best_first_card(view: HandView, seat: int, legal: Sequence[Action],
                     rng: random.Random) -> Action:
    mine = [c.card for c in view.seats[seat].cards if c.card is not None]

    def score(action: Action) -> tuple[float, float]:
        (card,) = action.cards
        return first_card_worth(card, [c for c in mine if c != card]), rng.random()

    return max(legal, key=score)


def _best_partner(state: HandState, view: HandView, seat: int, legal: Sequence[Action],
                  rng: random.Random) -> Action:
    ups = dict(_public(view).first_up)
    mine = ups[seat]
    hidden = [c.card for c in view.seats[seat].cards if c.card is not None and c.card != mine]

    def score(action: Action) -> tuple[float, float]:
        assert isinstance(action.choice, int)
        return pick_worth(ups[action.choice], mine, hidden), rng.random()

    return max(legal, key=score)


def _known_team(view: HandView, seat: int) -> tuple[list[Card], list[Card]]:
    """The team's two first up cards and the other cards of the team this seat can see."""
    facts = _public(view)
    partner, ups = dict(facts.partners)[seat], dict(facts.first_up)
    team = sorted((seat, partner))
    others = [c.card for s in team for c in view.seats[s].cards
              if c.card is not None and c.card != ups[s]]
    return [ups[s] for s in team], others


def spare_order(view: HandView, seat: int, legal: Sequence[Action]) -> list[Action]:
    """A later roll's options, the card the team can spare most first: a card outside the
    best team hand the seat can see, then the lowest (every card plays at the showdown,
    so a roll changes only what the others can read)."""
    used = in_team_hand(view, seat)
    return sorted(legal, key=lambda a: (a.cards[0] in used, int(a.cards[0].rank),
                                        a.cards[0].suit))


def in_team_hand(view: HandView, seat: int) -> set[Card]:
    """The cards of the best team hand the seat can see (none before three others): the
    high hand of both first up cards and three others, as the game's hand types value it."""
    required, others = _known_team(view, seat)
    return set(HIGH_HAND.high_using(required, others).cards) if len(others) >= 3 else set()


def team_strength(state: HandState, view: HandView, seat: int, rng: random.Random, *,
                  trials: int, reads: Mapping[int, int] | None = None) -> tuple[float, int]:
    """(chance this seat's team holds the best team hand, teams still contesting).

    Cards this seat cannot see are dealt at random from the unseen cards; a
    tie counts as a share. A team with both partners folded is out; a lone
    partner whose partner's cards are dead plays their own five cards. A rival
    team holds the strongest of ``1 + reads[s]`` random fills, the most any of its
    seats ``s`` was read for by its bets (:func:`engine.bots.policy.suggested_strength`),
    as far as the unseen cards can spare them.
    """
    facts = _public(view)
    ups, pairs = dict(facts.first_up), dict(facts.partners)
    dead = getattr(state.settings, "folded_partner", None) is FoldedCards.DEAD
    seen = {c.card for s in view.seats for c in s.cards if c.card is not None}
    seen.update(card for _, card in facts.tiebreak)
    unseen = np.array([c.code for c in FULL_DECK if c not in seen], dtype=np.int64)
    teams: list[tuple[list[int], int, int]] = []  # (card slots, -1 unknown), cards, reads
    mine = -1
    for team in sorted({tuple(sorted((s, pairs[s]))) for s in range(len(view.seats))}):
        live = [s for s in team if not view.seats[s].folded]
        if not live:
            continue
        members = live if dead and len(live) == 1 else list(team)
        if seat in team:
            mine = len(teams)
        slots: list[int] = []
        if len(members) == 2:
            slots += [ups[s].code for s in members]
        slots += [c.card.code if c.card is not None else -1 for s in members
                  for c in view.seats[s].cards if len(members) == 1 or c.card != ups[s]]
        read = 0 if seat in team else max((reads or {}).get(s, 0) for s in live)
        teams.append((slots, len(members), read))
    if len(teams) < 2:
        return 1.0, 1
    spare = len(unseen) - sum(slots.count(-1) for slots, _, _ in teams)
    fills = []
    for slots, _, read in teams:  # another fill for a rival needs cards the deck can spare
        missing = slots.count(-1)
        while read and read * missing > spare:
            read -= 1
        spare -= read * missing
        fills.append(1 + read)
    holes = sum(slots.count(-1) * n for (slots, _, _), n in zip(teams, fills, strict=True))
    draws = np.array([rng.sample(range(len(unseen)), holes) for _ in range(trials)],
                     dtype=np.int64).reshape(trials, holes)
    scores = np.empty((trials, len(teams)), dtype=np.int64)
    used = 0
    for index, ((slots, size, _), count) in enumerate(zip(teams, fills, strict=True)):
        unknown = [i for i, code in enumerate(slots) if code < 0]
        best = np.full(trials, -1, dtype=np.int64)
        for _ in range(count):
            cards = np.tile(np.array(slots, dtype=np.int64), (trials, 1))
            cards[:, unknown] = unseen[draws[:, used:used + len(unknown)]]
            used += len(unknown)
            best = np.maximum(best, _team_scores(cards, size))
        scores[:, index] = best
    top = scores.max(axis=1)
    winners = (scores == top[:, None]).sum(axis=1)
    won = np.where(scores[:, mine] == top, 1.0 / winners, 0.0)
    return float(won.mean()), len(teams)


def _team_scores(cards: np.ndarray, size: int) -> np.ndarray:
    """Each row's team hand score: a lone seat's five cards, or a team's two first up
    cards (the first two columns) and the best three of the others."""
    if size == 1:
        return rank_high(cards)
    hands = np.concatenate([np.repeat(cards[:, None, :2], len(_PICK_THREE), axis=1),
                            cards[:, 2:][:, _PICK_THREE]], axis=2)
    best: np.ndarray = rank_high(hands).max(axis=1)
    return best
