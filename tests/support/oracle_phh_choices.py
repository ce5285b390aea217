"""Random seven-card stud hands dealt, played and written by pokerkit (a row of
``tests.support.oracle``), with the players' own choices at the showdown (show, or muck:
beaten, conceding, or at an all-in before the run-out), each loaded on the site: every
file is either accepted and ends with pokerkit's stacks, or refused on one of its own
action lines with a reason that is true of the hand, checked here from pokerkit's own
record of it (not from the site's rules):

- a muck at an all-in before the last cards: the file has that muck before a deal;
- a conceded hand the site would pay: that player mucked, and its cards are at least as
  good as every hand pokerkit showed in a pot it shared;
- a deal from the writer's reshuffle: pokerkit's stock ran out (burns and cards dealt
  passed 52).
"""

from __future__ import annotations

import random
import re
import tomllib
import warnings
from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

from pokerkit import (
    Automation,
    BetCollection,
    Card,
    CardBurning,
    FixedLimitSevenCardStud,
    HandHistory,
    HoleCardsShowingOrMucking,
    HoleDealing,
    StandardHighHand,
)
from pokerkit import State as PokerkitState

from engine.phh import load_phh
from tests.support.oracle_stud import expected_pokerkit_stacks

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.HOLE_DEALING,
               Automation.BOARD_DEALING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
               Automation.CHIPS_PULLING)


class Hand(NamedTuple):
    text: str
    pk: PokerkitState
    starting: list[int]


def pokerkit_hand(seed: int) -> Hand | None:
    """A random hand; None when pokerkit cannot finish it (its chips pushing fails on some
    concessions that leave a lone player to be dealt to)."""
    rng = random.Random(seed)
    players = rng.randint(2, 8)
    small = rng.choice([2, 4, 10, 10])
    ante, bring_in = rng.randint(0, small // 2), rng.randint(1, small - 1)
    if rng.random() < 0.4:
        stacks = [200] * players
    else:
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                  for _ in range(players)]
    real_burns = rng.random() < 0.3  # else burn only what the stock can spare, as the site
    muck_share = rng.choice([0, 0.2, 0.5])
    game = FixedLimitSevenCardStud(AUTOMATIONS, True, ante, bring_in, small, 2 * small)
    random.seed(seed)
    pk = game(stacks, players)
    try:
        while pk.status:
            if pk.can_burn_card():
                spare = len(pk.deck_cards) > sum(pk.statuses)
                pk.burn_card() if real_burns or spare else pk.burn_card("??")
            elif pk.can_show_or_muck_hole_cards():
                me = pk.showdown_index
                assert me is not None
                put = [a - b for a, b in zip(stacks, pk.stacks, strict=True)]
                # Never muck the last hand of a pot: pokerkit cannot award a pot then.
                others = any(pk.statuses[i] and put[i] >= put[me] for i in range(players)
                             if i != me)
                pk.show_or_muck_hole_cards(not (others and rng.random() < muck_share))
            else:
                options: list[Callable[[], object]] = []
                if pk.can_post_bring_in():
                    options += [pk.post_bring_in] * 3
                if pk.can_fold():
                    options.append(pk.fold)
                if pk.can_check_or_call():
                    options += [pk.check_or_call] * 4
                if pk.can_complete_bet_or_raise_to():
                    options.append(pk.complete_bet_or_raise_to)
                rng.choice(options)()
    except AssertionError:
        return None
    text = HandHistory.from_game_state(game, pk, ante_trimming_status=True).dumps()
    return Hand(text, pk, stacks)


def reshuffled(pk: PokerkitState) -> bool:
    """Whether pokerkit's stock ran out, so that it dealt from its shuffled muck."""
    taken = sum(len(op.cards) for op in pk.operations if isinstance(op, HoleDealing)) + \
        sum(1 for op in pk.operations if isinstance(op, CardBurning) and not
            op.card.unknown_status)
    return taken > 52


def mucks(pk: PokerkitState) -> list[tuple[int, int]]:
    """(operation index, player) of each muck."""
    return [(n, op.player_index) for n, op in enumerate(pk.operations)
            if isinstance(op, HoleCardsShowingOrMucking) and not op.hole_cards]


def mucked_before_a_deal(pk: PokerkitState, player: int) -> bool:
    ops = pk.operations
    return any(p == player and any(isinstance(op, HoleDealing) for op in ops[n:])
               for n, p in mucks(pk))


def could_win_a_pot(pk: PokerkitState, player: int) -> bool:
    """Whether ``player``'s cards are at least as good as every hand pokerkit showed among
    the players in one of the pots it is in (the pots by what each put in)."""
    cards: dict[int, list[Card]] = {}
    put = Counter[int]()
    last_show: dict[int, tuple[Card, ...]] = {}
    for op in pk.operations:
        if isinstance(op, HoleDealing):
            cards.setdefault(op.player_index, []).extend(op.cards)
        elif isinstance(op, BetCollection):
            put.update(dict(enumerate(op.bets)))
        elif isinstance(op, HoleCardsShowingOrMucking):
            last_show[op.player_index] = op.hole_cards
    shown = {p for p, held in last_show.items() if held}
    hand = StandardHighHand.from_game(cards[player], ())
    for level in sorted({put[p] for p in last_show if 0 < put[p] <= put[player]}):
        rivals = [StandardHighHand.from_game(cards[p], ()) for p in shown
                  if p != player and put[p] >= level]
        if all(hand >= rival for rival in rivals):
            return True
    return False


def check_refusal(hand: Hand, message: str, seen: Counter[str]) -> None:
    quoted = re.match(r"line \d+ \((.*?)\): ", message)
    assert quoted and quoted[1] in tomllib.loads(hand.text)["actions"], message
    pk = hand.pk
    muck = re.match(r"line \d+ \(p(\d) sm\): Seat \1 mucks ", message)
    if "mucks before the last cards are dealt" in message:
        assert muck and mucked_before_a_deal(pk, int(muck[1]) - 1), message
        seen["conceded at an all-in"] += 1
    elif "mucks here, conceding the pot" in message:
        assert muck, message
        player = int(muck[1]) - 1
        assert any(p == player for _, p in mucks(pk)) and could_win_a_pot(pk, player), message
        seen["conceded at the showdown"] += 1
    elif "stock ran short" in message:
        assert reshuffled(pk), message
        seen["reshuffled"] += 1
    else:
        raise AssertionError(f"not a reason this check knows: {message}")


def pokerkit_files_on_the_site(seeds: range) -> Counter[str]:
    """pokerkit's hands of these seeds, the players choosing at the showdown, each either
    accepted at pokerkit's stacks or refused for a true reason (counted by reason)."""
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            seen["hands"] += 1
            hand = pokerkit_hand(seed)
            if hand is None:
                seen["pokerkit cannot finish"] += 1
                continue
            try:
                state = load_phh(hand.text)
            except ValueError as error:
                check_refusal(hand, str(error), seen)
                continue
            assert state.is_over, (seed, hand.text)
            assert expected_pokerkit_stacks(state) == list(hand.pk.stacks), (seed, hand.text)
            seen["accepted"] += 1
            seen["muck kept"] += bool(state.mucked)
            seen["all in"] += 0 in state.table.stacks
            seen["shown"] += len(state.shown) > 1
            seen["showdowns"] += state.settlement is not None and state.settlement.showdown
            seen["side pots"] += len(state.table.pots()) > 1
    return seen
