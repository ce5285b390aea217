"""The betting table on its own: forced bets, structures, raises, all-ins and pots.

Rule points are checked on hand-made situations, then pot-limit and
no-limit betting with blinds is checked against pokerkit's hold'em (Omaha
for pot limit: the betting is the same) over random hands.
"""

from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import Automation, NoLimitTexasHoldem, PotLimitOmahaHoldem

from engine.games.phases import blind_seats
from engine.table import IllegalAction, Pot, Structure, Table, describe_options, split_evenly
from tests.support.scale import scaled

FIXED = Structure.FIXED_LIMIT


def fixed_table(stacks: list[int], *, ante: int = 0, first: int = 0, size: int = 10,
                **round_args: int) -> Table:
    table = Table(stacks, structure=FIXED)
    for seat in range(len(stacks)):
        table.post_ante(seat, ante)
    table.start_round(first=first, bet_size=size, **round_args)
    return table


def test_antes_are_dead_and_blinds_are_live() -> None:
    table = Table([50, 50, 50], structure=Structure.NO_LIMIT)
    table.post_ante(0, 1)
    table.post_blind(1, 1)
    table.post_blind(2, 2)
    table.start_round(first=0, bet_size=2)
    assert table.bets == [0, 1, 2]
    assert table.options(0).call == 2
    assert table.pot_total == 4


def test_fixed_limit_cap_is_a_bet_and_three_raises() -> None:
    table = fixed_table([500] * 3)
    table.act(0, "bet", 10)
    table.act(1, "raise", 20)
    table.act(2, "raise", 30)
    table.act(0, "raise", 40)
    options = table.options(1)
    assert options.bet is None and options.call == 20
    with pytest.raises(IllegalAction, match="fold or call 20"):
        table.act(1, "raise", 50)


def test_no_cap_heads_up_but_a_cap_reached_three_handed_stays() -> None:
    heads_up = fixed_table([500] * 2)
    for seat, to in [(0, 10), (1, 20), (0, 30), (1, 40), (0, 50), (1, 60)]:
        heads_up.act(seat, "bet" if to == 10 else "raise", to)
    assert heads_up.options(0).bet is not None
    capped = fixed_table([500] * 3)
    for seat, kind, to in [(0, "bet", 10), (1, "raise", 20), (2, "raise", 30),
                           (0, "raise", 40)]:
        capped.act(seat, kind, to)
    capped.act(1, "fold")
    assert capped.options(2).bet is None


def test_bring_in_then_completion_then_raises_by_the_small_bet() -> None:
    table = fixed_table([100] * 3, ante=2, first=2, bring_in=5)
    options = table.options(2)
    assert (options.bring_in, options.can_fold, options.call) == (5, False, None)
    assert options.bet is not None and options.bet.kind == "complete"
    table.act(2, "bring-in")
    assert describe_options(table.options(0)) == "fold, call 5 or complete to 10"
    table.act(0, "complete", 10)
    assert table.options(1).bet.amounts == (20,)


def test_open_pair_big_bet_then_raises_follow_it() -> None:
    table = fixed_table([200] * 3, big_option=20)
    assert table.options(0).bet.amounts == (10, 20)
    table.act(0, "bet", 10)
    assert table.options(1).bet.amounts == (20, 30)
    table.act(1, "raise", 30)
    assert table.options(2).bet.amounts == (50,)


def test_pot_limit_largest_raise_is_the_pot_after_calling() -> None:
    table = Table([100] * 3, structure=Structure.POT_LIMIT)
    table.post_blind(0, 1)
    table.post_blind(1, 2)
    table.start_round(first=2, bet_size=2)
    bet = table.options(2).bet
    assert (bet.kind, bet.minimum, bet.maximum) == ("raise", 4, 7)
    table.act(2, "raise", 7)
    assert table.options(0).bet.maximum == 7 + (1 + 2 + 7 + 6)


def test_no_limit_minimum_raise_is_the_last_raise() -> None:
    table = Table([100] * 3, structure=Structure.NO_LIMIT)
    table.post_blind(0, 1)
    table.post_blind(1, 2)
    table.start_round(first=2, bet_size=2)
    table.act(2, "raise", 8)
    bet = table.options(0).bet
    assert (bet.minimum, bet.maximum) == (14, 100)


def test_short_all_in_does_not_reopen_but_two_that_make_a_raise_do() -> None:
    table = fixed_table([100, 15, 100])
    table.act(0, "bet", 10)
    table.act(1, "raise", 15)
    table.act(2, "call")
    options = table.options(0)
    assert options.call == 5 and options.bet is None
    no_limit = Table([100, 16, 22, 100], structure=Structure.NO_LIMIT)
    no_limit.start_round(first=0, bet_size=10)
    no_limit.act(0, "bet", 10)
    no_limit.act(1, "raise", 16)
    no_limit.act(2, "raise", 22)
    no_limit.act(3, "call")
    assert no_limit.options(0).bet is not None


def test_uncalled_bet_returns_and_side_pots_with_two_all_ins() -> None:
    table = fixed_table([300, 25, 60, 300], ante=5, size=20)
    table.act(0, "bet", 20)
    table.act(1, "call")
    table.act(2, "raise", 40)
    table.act(3, "call")
    table.act(0, "raise", 60)
    table.act(2, "call")
    table.act(3, "raise", 80)
    table.act(0, "call")
    assert table.round_over
    assert table.end_round() is None
    assert table.pots() == [Pot(100, (0, 1, 2, 3)), Pot(105, (0, 2, 3)), Pot(50, (0, 3))]
    table.start_round(first=0, bet_size=20)
    table.act(0, "bet", 20)
    table.act(3, "fold")
    assert table.round_over and table.end_round() == (0, 20)
    assert table.pots() == [Pot(100, (0, 1, 2)), Pot(105, (0, 2)), Pot(50, (0,))]
    assert sum(p.amount for p in table.pots()) + sum(table.stacks) == 685


def test_refused_action_changes_nothing() -> None:
    table = fixed_table([100, 100])
    before = (list(table.stacks), list(table.bets), table.to_act)
    for kind, amount in [("raise", 10), ("bet", 15), ("call", None), ("fold", None)]:
        with pytest.raises(IllegalAction):
            table.act(0, kind, amount)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        table.act(1, "check")
    assert (table.stacks, table.bets, table.to_act) == tuple(before)


def test_odd_chips_go_from_the_dealers_left() -> None:
    assert split_evenly(10, [3, 1]) == {1: 5, 3: 5}
    assert split_evenly(11, [5, 2]) == {2: 6, 5: 5}


@settings(max_examples=scaled(200), deadline=None)
@given(st.lists(st.integers(0, 60), min_size=2, max_size=8), st.data())
def test_pots_share_exactly_what_went_in(put_in: list[int], data: st.DataObject) -> None:
    table = Table([100] * len(put_in), structure=Structure.NO_LIMIT)
    for seat, amount in enumerate(put_in):
        table.post_ante(seat, amount)
    folded = data.draw(st.lists(st.booleans(), min_size=len(put_in), max_size=len(put_in)))
    for seat, gone in enumerate(folded):
        if gone and len(table.in_hand()) > 1:
            table.fold(seat)
    pots = table.pots()
    assert sum(p.amount for p in pots) == sum(put_in)
    live = table.in_hand()
    for pot in pots:
        assert pot.eligible and set(pot.eligible) <= set(live)
    levels = [min(table.contributed[s] for s in pot.eligible) for pot in pots]
    assert levels == sorted(levels)


# --- pot limit and no limit against pokerkit ----------------------------------

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
               Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
               Automation.HOLE_DEALING, Automation.BOARD_DEALING, Automation.CHIPS_PUSHING,
               Automation.CHIPS_PULLING)
"""Everything but the showdown: pots are compared before any hand is shown."""


def pokerkit_options(pk: object) -> set[tuple[str, int | None]]:
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


def our_options(table: Table, seat: int) -> set[tuple[str, int | None]]:
    options = table.options(seat)
    ours: set[tuple[str, int | None]] = set()
    if options.can_fold:
        ours.add(("fold", None))
    if options.call is not None:
        ours.add(("check", None) if options.call == 0 else ("call", options.call))
    if options.bet is not None:
        ours.update({("up", options.bet.minimum), ("up", options.bet.maximum)})
    return ours


def play_holdem(seed: int) -> int:
    rng = random.Random(seed)
    structure = rng.choice([Structure.POT_LIMIT, Structure.NO_LIMIT])
    players = rng.randint(2, 7)
    stacks = [rng.choice([rng.randint(1, 12), rng.randint(10, 80), 200]) for _ in range(players)]
    game = PotLimitOmahaHoldem if structure is Structure.POT_LIMIT else NoLimitTexasHoldem
    pk = game.create_state(AUTOMATIONS, True, 0, (1, 2), 2, tuple(stacks), players)
    table = Table(stacks, structure=structure)
    small, big = blind_seats(players)
    table.post_blind(small, 1)
    table.post_blind(big, 2)
    assert list(pk.bets) == table.bets or not any(pk.bets)
    decisions = 0
    for street in range(4):
        if pk.actor_index is None or len(table.in_hand()) < 2:
            break
        if street:
            assert [(p.amount, p.player_indices) for p in pk.pots] == \
                [(p.amount, p.eligible) for p in table.pots()]
        first = pk.actor_index
        table.start_round(first=first, bet_size=2)
        assert table.to_act == first
        while not table.round_over:
            seat = table.to_act
            assert pk.actor_index == seat
            assert our_options(table, seat) == pokerkit_options(pk), (seed, street)
            assert pk.total_pot_amount == table.pot_total
            options = table.options(seat)
            choices = ["call" if options.call else "check"] * 3
            choices += ["fold"] if options.can_fold else []
            choices += ["up"] * 2 if options.bet else []
            choice = rng.choice(choices)
            if choice == "up":
                bet = options.bet
                amount = rng.choice([bet.minimum, bet.maximum,
                                     rng.randint(bet.minimum, bet.maximum)])
                table.act(seat, bet.kind, amount)
                pk.complete_bet_or_raise_to(amount)
            elif choice == "fold":
                table.act(seat, "fold")
                pk.fold()
            else:
                table.act(seat, choice)
                pk.check_or_call()
            decisions += 1
        table.end_round()
    table.end_round()
    if len(table.in_hand()) == 1:
        (winner,) = table.in_hand()
        expected = list(table.stacks)
        expected[winner] += table.pot_total
        assert list(pk.stacks) == expected, seed
    else:
        assert [(p.amount, p.player_indices) for p in pk.pots] == \
            [(p.amount, p.eligible) for p in table.pots()], seed
    return decisions


def test_pot_limit_and_no_limit_agree_with_pokerkit() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seeds = scaled(400)
        decisions = sum(play_holdem(seed) for seed in range(seeds))
    assert decisions > 5 * seeds
