"""The draw games, declared as data alone, against pokerkit step by step (rows of
``tests.support.oracle``): deuce-to-seven triple draw against
``FixedLimitDeuceToSevenLowballTripleDraw``, badugi against ``FixedLimitBadugi`` and
five-card draw against pokerkit's generic ``State`` (one betting round, a draw, another
round, the best high hand), over random hands: the same seat acts, with the same options
(the smallest and largest amounts), the same pot and stacks; the same seat draws; at the
end the same stacks.

pokerkit is dealt exactly the cards our engine dealt, draws included (a stock our engine
rebuilt from the discards too). Two conventions differ, each allowed for exactly and
counted: heads-up there is no cap on fixed-limit raises in ours (pokerkit caps every
round at a bet and three raises), and the odd chips of a split go one each to the
winners nearest the dealer's left (pokerkit gives them to the first).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Callable
from typing import Any

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    NoLimitDeuceToSevenLowballSingleDraw,
    Opening,
    RegularLowHand,
    StandardHighHand,
    StandardLowHand,
    State,
    Street,
)

from engine.actions import Dealt, Drew, Reshuffled
from engine.games import GAMES
from engine.games.declared import DeclaredGame
from engine.state import Action, ActionKind, HandState
from engine.table import Structure

AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
               Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
               Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)


def triple_draw(settings: dict[str, Any], stacks: list[int]) -> State:
    return FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        AUTOMATIONS, True, 0, (settings["small_blind"], settings["big_blind"]),
        settings["small_bet"], settings["big_bet"], tuple(stacks), len(stacks))


def badugi(settings: dict[str, Any], stacks: list[int]) -> State:
    return FixedLimitBadugi.create_state(
        AUTOMATIONS, True, 0, (settings["small_blind"], settings["big_blind"]),
        settings["small_bet"], settings["big_bet"], tuple(stacks), len(stacks))


def ace_to_five_triple_draw(settings: dict[str, Any], stacks: list[int]) -> State:
    """pokerkit names no such game: its generic State with three draws and the razz low."""
    small, big = settings["small_bet"], settings["big_bet"]
    return State(AUTOMATIONS, Deck.STANDARD, (RegularLowHand,),
                 (Street(False, (False,) * 5, 0, False, Opening.POSITION, small, 4),
                  Street(False, (), 0, True, Opening.POSITION, small, 4),
                  Street(False, (), 0, True, Opening.POSITION, big, 4),
                  Street(False, (), 0, True, Opening.POSITION, big, 4)),
                 BettingStructure.FIXED_LIMIT, True, 0,
                 (settings["small_blind"], settings["big_blind"]), 0, tuple(stacks),
                 len(stacks))


def single_draw(settings: dict[str, Any], stacks: list[int]) -> State:
    """pokerkit's no-limit deuce-to-seven single draw; the other structures announced are
    its generic State with the same low."""
    if settings["structure"] == Structure.NO_LIMIT.value:
        return NoLimitDeuceToSevenLowballSingleDraw.create_state(
            AUTOMATIONS, True, 0, (settings["small_blind"], settings["big_blind"]),
            settings["big_blind"], tuple(stacks), len(stacks))
    return five_card_draw(settings, stacks, StandardLowHand)


def five_card_draw(settings: dict[str, Any], stacks: list[int],
                   hand: type[StandardHighHand | StandardLowHand] = StandardHighHand) -> State:
    structure = Structure(settings["structure"])
    big = settings["big_blind"]
    cap = 4 if structure is Structure.FIXED_LIMIT else None
    kind = {Structure.FIXED_LIMIT: BettingStructure.FIXED_LIMIT,
            Structure.POT_LIMIT: BettingStructure.POT_LIMIT,
            Structure.NO_LIMIT: BettingStructure.NO_LIMIT}[structure]
    return State(AUTOMATIONS, Deck.STANDARD, (hand,),
                 (Street(False, (False,) * 5, 0, False, Opening.POSITION, big, cap),
                  Street(False, (), 0, True, Opening.POSITION, big, cap)),
                 kind, True, 0, (settings["small_blind"], big), 0, tuple(stacks), len(stacks))


def random_table(game: DeclaredGame, rng: random.Random
                 ) -> tuple[int, dict[str, Any], list[int]]:
    """Players, stakes and stacks, short ones often; the stakes the game's declaration
    announces (a structure chosen at random, or fixed-limit bets of one and two big
    blinds)."""
    players = rng.randint(2, 6)
    big = rng.choice([2, 2, 4, 10])
    settings: dict[str, Any] = {"small_blind": rng.randint(1, big - 1), "big_blind": big}
    announced = {info.name for info in game.settings_type.schema()}
    if "structure" in announced:
        settings["structure"] = rng.choice(list(Structure)).value
    if "small_bet" in announced:
        settings |= {"small_bet": big, "big_bet": 2 * big}
    stacks = [200] * players if rng.random() < 0.4 else [
        rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
        for _ in range(players)]
    return players, settings, stacks


def deal(pk: State, ours: HandState, given: list[int]) -> None:
    """Give pokerkit the cards our engine dealt, in order for each seat: the deal, then
    each draw's new cards (``given`` counts what each seat has had so far)."""
    cards: list[list[str]] = [[] for _ in range(ours.players)]
    for op in ours.record:
        if isinstance(op, Dealt) and op.seat is not None:
            cards[op.seat].extend(c.ascii for c in op.cards)
        elif isinstance(op, Drew):
            cards[op.seat].extend(c.ascii for c in op.drawn)
    while pk.can_deal_hole():
        seat = pk.hole_dealee_index
        assert seat is not None
        pk.deal_hole(cards[seat][given[seat]])
        given[seat] += 1


def pokerkit_options(pk: State) -> set[tuple[str, int | None]]:
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


def our_options(state: HandState, seat: int, seen: Counter[str]
                ) -> tuple[set[tuple[str, int | None]], list[Action]]:
    shared = []
    fixed = state.game.structure(state.settings) is Structure.FIXED_LIMIT
    for action in state.legal_actions(seat):
        if action.kind in AGGRESSIVE and fixed and len(state.in_hand()) == 2 \
                and state.table.round_raises >= 4:
            seen["heads-up raise past the cap set aside"] += 1
            continue
        shared.append(action)
    return {("up" if a.kind in AGGRESSIVE else a.kind.value,
             a.amount if a.kind not in (ActionKind.FOLD, ActionKind.CHECK) else None)
            for a in shared}, shared


def expected_stacks(state: HandState, seen: Counter[str]) -> list[int]:
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


def check_every_card_dealt_once_in_play(state: HandState) -> None:
    """A card comes round again only after it was thrown away in a draw: never one a
    folded hand held, never one still in a hand."""
    held: set[str] = set()
    thrown: set[str] = set()
    for op in state.record:
        new = [c.ascii for c in op.cards] if isinstance(op, Dealt) else \
            [c.ascii for c in op.drawn] if isinstance(op, Drew) else []
        for card in new:
            assert card not in held or card in thrown, (state.seed, card)
            thrown.discard(card)
            held.add(card)
        if isinstance(op, Drew):
            thrown.update(c.ascii for c in op.discarded)


Pokerkit = Callable[[dict[str, Any], list[int]], State]
"""Makes pokerkit's state for a hand from the announced settings and the stacks."""


def play_both(game: DeclaredGame, pokerkit: Pokerkit, seed: int) -> Counter[str]:
    """A random hand played in both, compared at every step; what it reached, counted."""
    rng = random.Random(seed)
    players, settings, stacks = random_table(game, rng)
    ours = HandState(game, players=players, seed=seed,
                     settings=game.settings_type.from_dict(settings), stacks=stacks)
    pk = pokerkit(settings, stacks)
    seen: Counter[str] = Counter()
    given = [0] * players
    while not ours.is_over:
        deal(pk, ours, given)
        seat = ours.to_act[0]
        where = (game.id, seed, ours.street)
        if ours.street == "Showdown":
            ours.apply(rng.choice(ours.legal_actions(seat)))
            continue
        legal = ours.legal_actions(seat)
        if legal[0].kind is ActionKind.DISCARD:
            assert pk.stand_patter_or_discarder_index == seat, where
            action = rng.choice(legal)
            ours.apply(action)
            pk.stand_pat_or_discard(" ".join(c.ascii for c in action.cards))
            seen["draws"] += 1
            seen["cards drawn"] += len(action.cards)
            continue
        assert pk.actor_index == seat, where
        assert pk.total_pot_amount == ours.table.pot_total, where
        assert list(pk.stacks) == list(ours.table.stacks), where
        mine, shared = our_options(ours, seat, seen)
        assert mine == pokerkit_options(pk), (*where, mine, pokerkit_options(pk))
        weights = [5 if a.kind in (ActionKind.CALL, ActionKind.CHECK) else 1 for a in shared]
        action = rng.choices(shared, weights)[0]
        bet = ours.bet_range(seat)
        if action.kind in AGGRESSIVE and bet is not None and not bet.amounts \
                and rng.random() < 0.5:
            action = Action(seat, action.kind, rng.randint(bet.minimum, bet.maximum))
        ours.apply(action)
        if action.kind is ActionKind.FOLD:
            pk.fold()
        elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
            pk.check_or_call()
        else:
            pk.complete_bet_or_raise_to(action.amount)
    deal(pk, ours, given)
    assert not pk.status, (game.id, seed)
    assert list(pk.stacks) == expected_stacks(ours, seen), (game.id, seed, pk.stacks,
                                                            ours.payoffs)
    check_every_card_dealt_once_in_play(ours)
    seen["hands"] += 1
    seen["showdowns"] += ours.settlement is not None and ours.settlement.showdown
    seen["stock rebuilt"] += any(isinstance(op, Reshuffled) for op in ours.record)
    seen["side pots"] += len(ours.table.pots()) > 1
    seen["all in"] += any(ours.table.all_in(s) for s in range(ours.players))
    return seen


def run_hands(game_id: str, pokerkit: Pokerkit, seeds: range) -> Counter[str]:
    """The hands of these seeds of the shipped draw game, from its data file alone."""
    game = GAMES[game_id]
    assert isinstance(game, DeclaredGame), f"{game_id} is declared as data alone"
    totals: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            totals += play_both(game, pokerkit, seed)
    return totals
