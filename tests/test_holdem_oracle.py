"""Texas hold'em against pokerkit: the same cards, the same actions, the same chips.

For random hands (2 to 10 players, random blinds and stacks, so that short all-ins and
side pots happen), pokerkit's no-limit, pot-limit and fixed-limit hold'em are dealt
exactly the cards our engine dealt and given exactly the actions our engine accepted,
amounts anywhere in the allowed range. At every decision both must name the same seat,
offer the same actions with the same smallest and largest amounts, hold the same pot and
the same stacks; at the end the stacks must agree.

Two rules differ by design and are allowed for exactly, each counted:

- heads-up there is no cap on fixed-limit raises (pokerkit caps every round at a bet
  and three raises): our extra raise is set aside and never chosen;
- odd chips of a split go one each to the winners nearest the dealer's left (pokerkit
  gives them all to the first): the stacks are compared after moving those chips
  pokerkit's way;
- pokerkit splits the pots after merging those whose players still in are the same
  once the losers have mucked, so it may count fewer odd chips than our split pot by
  pot: then only those odd chips may differ (``odd_chips_apart``), and it is counted.

Blinds are drawn with the small one below the big one: with equal blinds heads-up,
pokerkit has the big blind act first before the flop, where the dealer does in ours.

Omaha's oracle (``tests/test_omaha_oracle.py``) plays its games through the same
helpers.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from pokerkit import Automation, FixedLimitTexasHoldem, NoLimitTexasHoldem
from pokerkit import State as PokerkitState
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from engine.games import new_hand
from engine.games.phases import BoardDeal, Deal
from engine.state import Action, ActionKind, HandState
from engine.table import Structure
from tests.budget import FAST, blocks, scaled
from tests.pokerkit_kept import remember_hands

HANDS = scaled(1000)
"""Hands for each of pokerkit's three hold'em classes (no, pot and fixed limit)."""
BLOCKS = 2
"""The hands of each class in this many tests, shared among the workers of ``pytest -n``."""
AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
               Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
               Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit hold'em, which pokerkit builds from its parts but does not name."""

    create_state = NoLimitTexasHoldem.__dict__["create_state"]


Factory = Callable[[dict[str, Any], list[int]], PokerkitState]


def holdem_state(settings: dict[str, Any], stacks: list[int]) -> PokerkitState:
    """pokerkit's hold'em for these announcements, each hand it values worked out once."""
    small, big = settings["small_blind"], settings["big_blind"]
    structure = Structure(settings["structure"])
    if structure is Structure.FIXED_LIMIT:
        return remember_hands(FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, True, 0, (small, big), big, 2 * big, tuple(stacks), len(stacks)))
    kind = NoLimitTexasHoldem if structure is Structure.NO_LIMIT else PotLimitTexasHoldem
    return remember_hands(kind.create_state(AUTOMATIONS, True, 0, (small, big), big,
                                            tuple(stacks), len(stacks)))


def random_table(rng: random.Random, structures: tuple[Structure, ...],
                 max_players: int = 10) -> tuple[int, dict[str, Any], list[int]]:
    players = rng.randint(2, max_players)
    big = rng.choice([2, 2, 4, 10])
    settings: dict[str, Any] = {"small_blind": rng.randint(1, big - 1), "big_blind": big,
                                   "structure": rng.choice(structures).value}
    if rng.random() < 0.4:
        stacks = [200] * players
    else:
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                  for _ in range(players)]
    return players, settings, stacks


def deal_pokerkit(pk: PokerkitState, ours: HandState) -> None:
    """Give pokerkit the cards our engine dealt: hole cards by seat, burns by street."""
    streets = [p.street for p in ours.phases if isinstance(p, Deal | BoardDeal)]
    while pk.can_burn_card() or pk.can_deal_hole() or pk.can_deal_board():
        if pk.can_burn_card():
            assert pk.street_index is not None
            burned = ours.burns.get(streets[pk.street_index])
            pk.burn_card(burned.ascii if burned else "??")
        elif pk.can_deal_board():
            pk.deal_board(ours.boards[0][len(pk.board_cards)].ascii)
        else:
            seat = pk.hole_dealee_index
            assert seat is not None
            pk.deal_hole(ours.cards[seat][len(pk.hole_cards[seat])].card.ascii)


def pokerkit_options(pk: PokerkitState) -> set[tuple[str, int | None]]:
    options: set[tuple[str, int | None]] = set()
    if pk.can_fold():
        options.add(("fold", None))
    if pk.can_check_or_call():
        amount = pk.checking_or_calling_amount
        options.add(("check", None) if amount == 0 else ("call", amount))
    if pk.can_complete_bet_or_raise_to():
        options.add(("up", pk.min_completion_betting_or_raising_to_amount))
        options.add(("up", pk.max_completion_betting_or_raising_to_amount))
    return options


def our_options(state: HandState, seat: int,
                seen: Counter[str]) -> tuple[set[tuple[str, int | None]], list[Action]]:
    """Our options in pokerkit's terms, and the actions pokerkit also has (our heads-up
    raise past the fixed-limit cap is counted in ``seen`` and set aside)."""
    shared = []
    fixed = state.game.structure(state.settings) is Structure.FIXED_LIMIT
    for action in state.legal_actions(seat):
        if action.kind in AGGRESSIVE and fixed and len(state.in_hand()) == 2 \
                and state.table.round_raises >= 4:
            seen["heads-up raise past the cap set aside"] += 1
            continue
        shared.append(action)
    amounts = {("up" if a.kind in AGGRESSIVE else a.kind.value,
                a.amount if a.kind not in (ActionKind.FOLD, ActionKind.CHECK) else None)
               for a in shared}
    return amounts, shared


def expected_pokerkit_stacks(state: HandState, seen: Counter[str]) -> list[int]:
    """Our stacks with split odd chips moved to the first winner, as pokerkit pays them."""
    stacks = list(state.table.stacks)
    assert state.settlement is not None
    for award in state.settlement.awards:
        winners = sorted(award.winners)
        for seat in winners[1:award.odd_chips]:
            seen["odd chip moved to the first winner"] += 1
            stacks[seat] -= 1
            stacks[winners[0]] += 1
    return stacks


ODD_CHIPS = "odd chips counted on pokerkit's merged pots"
NO_LOW_SHARED = "pokerkit shares out the low half of a pot no low qualifies for"


def convention_apart(state: HandState, ours: list[int], theirs: list[int]) -> str | None:
    """Which difference of convention explains stacks that differ, if one does.

    Odd chips: pokerkit merges the pots whose remaining players are the same once the
    losers muck, so it may count fewer odd chips than our pot-by-pot split (the high
    half's odd chip of a pot split high and low too). Every seat apart must share a
    split with odd chips, by no more chips than those splits had.

    No low: when some pot of a split game has a qualifying low, pokerkit (0.7.7) splits
    every pot into halves and gives the low half of a pot nobody there has a low for to
    all its players alike; by the rules (and ours) the high hand takes that pot whole.
    Then every seat apart must be in such a pot, by no more than its low half.
    No chip may be made or lost either way."""
    assert state.settlement is not None
    if sum(ours) != sum(theirs):
        return None
    odd = Counter[int]()
    for award in state.settlement.awards:
        for seat in award.winners:
            odd[seat] += (len(award.winners) - 1 if award.odd_chips else 0) + (
                award.pot_amount % 2 if award.part else 0)
    apart = [(seat, abs(a - b)) for seat, (a, b) in enumerate(zip(ours, theirs, strict=True))]
    if all(gap <= odd[seat] for seat, gap in apart):
        return ODD_CHIPS
    some_low = any(award.part == "the low half" for award in state.settlement.awards)
    for award in state.settlement.awards:
        if some_low and "no low qualifies" in award.rule:
            for seat in award.eligible:
                odd[seat] += award.amount // 2 + 1
    if all(gap <= odd[seat] for seat, gap in apart):
        return NO_LOW_SHARED
    return None


def pots_of(pk: PokerkitState) -> list[tuple[int, tuple[int, ...]]]:
    return [(p.amount, tuple(p.player_indices)) for p in pk.pots]


def pick(state: HandState, seat: int, shared: list[Action], rng: random.Random) -> Action:
    """A random action, passive ones likelier; a bet or raise to any allowed amount."""
    weights = [5 if a.kind in (ActionKind.CALL, ActionKind.CHECK) else 1 for a in shared]
    action = rng.choices(shared, weights)[0]
    bet = state.bet_range(seat)
    if action.kind in AGGRESSIVE and bet is not None and not bet.amounts \
            and rng.random() < 0.5:
        return Action(seat, action.kind, rng.randint(bet.minimum, bet.maximum))
    return action


def play_both(game_id: str, factory: Factory, seed: int, players: int,
              settings: dict[str, Any], stacks: list[int]) -> Counter[str]:
    rng = random.Random(seed)
    ours = new_hand(game_id, players=players, seed=seed, settings=settings, stacks=stacks)
    pk = factory(settings, stacks)
    seen: Counter[str] = Counter()
    while not ours.is_over:
        deal_pokerkit(pk, ours)
        seat = ours.to_act[0]
        if ours.street == "Showdown":
            ours.apply(rng.choice(ours.legal_actions(seat)))
            continue
        where = (game_id, seed, ours.street)
        assert pk.actor_index == seat, where
        assert pk.total_pot_amount == ours.table.pot_total, where
        assert list(pk.stacks) == list(ours.table.stacks), where
        if not any(pk.bets) and not any(ours.table.bets):
            assert pots_of(pk) == [(p.amount, p.eligible) for p in ours.table.pots()], where
        mine, shared = our_options(ours, seat, seen)
        assert mine == pokerkit_options(pk), (*where, mine, pokerkit_options(pk))
        action = pick(ours, seat, shared, rng)
        ours.apply(action)
        seen[action.kind.value] += 1
        if action.kind is ActionKind.FOLD:
            pk.fold()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            pk.check_or_call()
        else:
            pk.complete_bet_or_raise_to(action.amount)
    deal_pokerkit(pk, ours)
    assert not pk.status, (game_id, seed)
    expected = expected_pokerkit_stacks(ours, seen)
    if list(pk.stacks) != expected:
        reason = convention_apart(ours, expected, list(pk.stacks))
        assert reason is not None, (game_id, seed, pk.stacks, ours.payoffs)
        seen[reason] += 1
    seen["hands"] += 1
    seen[f"hands in {ours.game.structure(ours.settings).value}"] += 1
    seen["showdowns"] += ours.settlement is not None and ours.settlement.showdown
    seen["side pots"] += len(ours.table.pots()) > 1
    seen["all in"] += any(ours.table.all_in(s) for s in range(players))
    return seen


def run_hands(seeds: range, structures: tuple[Structure, ...] = tuple(Structure),
              max_players: int = 10) -> Counter[str]:
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            players, settings, stacks = random_table(random.Random(seed), structures,
                                                     max_players)
            totals += play_both("texas-holdem", holdem_state, seed, players, settings,
                                stacks)
    return totals


@pytest.mark.parametrize("seeds", blocks(HANDS, BLOCKS), ids=lambda r: f"{r.start}-{r.stop}")
@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_holdem_agrees_with_pokerkit(structure: Structure, seeds: range) -> None:
    """Each block of each structure reaches side pots, all-ins, raises and showdowns."""
    totals = run_hands(seeds, (structure,))
    assert totals["hands"] == totals[f"hands in {structure.value}"] == len(seeds)
    assert totals["showdowns"] > len(seeds) // 10
    if not FAST:
        assert totals["side pots"] > 5 and totals["all in"] > 25
        assert totals["raise"] > 25 and totals["bet"] > 25


HEADS_UP_PAST_THE_CAP = 80
"""A seed whose fixed-limit heads-up hand raises past the cap (rare in random play)."""


def test_a_heads_up_raise_past_the_cap_is_set_aside() -> None:
    seeds = range(HEADS_UP_PAST_THE_CAP, HEADS_UP_PAST_THE_CAP + 1)
    totals = run_hands(seeds, (Structure.FIXED_LIMIT,), max_players=2)
    assert totals["heads-up raise past the cap set aside"] > 0
