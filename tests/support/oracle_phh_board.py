"""Hand histories between the site and pokerkit for hold'em and Omaha under the standard
codes, both ways (rows of ``tests.support.oracle``).

- The site's hands of every announcement PHH has a code for (``NT``, ``FT``, ``PO``,
  ``FO/8``), played at random, are written as PHH, replayed by pokerkit's own reader
  (``HandHistory``) to the same stacks, and read back on the site both as its own file
  and as another writer's (without the site's fields) to the same decisions and payoffs.
- Hands pokerkit deals and plays at random with its own ``NoLimitTexasHoldem``,
  ``FixedLimitTexasHoldem``, ``PotLimitOmahaHoldem`` and
  ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter``, written by pokerkit's writer
  (``HandHistory.from_game_state``), open on the site at pokerkit's stacks; and the same
  file as the first player's own history (the others' unshown hole cards ``??``) opens
  as that player's view at the same stacks, unless the site's rules would show a hand it
  does not know (refused, and counted).

Differences of convention, each counted (``tests.support.oracle_board`` says more): odd
chips of a split go one each to the winners nearest the dealer's left (pokerkit gives them
all to the first, and counts them on pots it merges); heads-up the site has no cap on
fixed-limit raises, so a raise past pokerkit's cap is never chosen here.

pokerkit 0.7.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` bets pot limit (it
takes the pot-limit mixin): its hands are played here by that class made fixed limit and
written under pokerkit's own class; and a share of them is played by the class as
shipped, whose pot-sized bets the site's fixed limit refuses on the line of the bet,
saying what fixed limit allows: those are counted.
"""

from __future__ import annotations

import random
import re
import tomllib
import warnings
from collections import Counter
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitTexasHoldem,
    HandHistory,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
)
from pokerkit import State as PokerkitState

from engine.games import new_hand
from engine.phh import load_phh, read_phh, to_phh, variant_code
from engine.state import HandState
from tests.support.oracle_board import (
    FixedLimitOmahaEight,
    convention_apart,
    expected_pokerkit_stacks,
    our_options,
    pick,
)
from tests.support.pokerkit_kept import remember_hands

KINDS = {"NT": NoLimitTexasHoldem, "FT": FixedLimitTexasHoldem, "PO": PotLimitOmahaHoldem,
         "FO/8": FixedLimitOmahaHoldemHighLowSplitEightOrBetter}


DEALING = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
           Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
           Automation.HOLE_DEALING, Automation.BOARD_DEALING,
           Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
           Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
           Automation.RUNOUT_COUNT_SELECTION)


def remembering(state: PokerkitState) -> PokerkitState:
    """pokerkit's state valuing hands through remembered types of its own (pokerkit asks
    for the same hands many times over at a showdown)."""
    return remember_hands(state)


def table(rng: random.Random) -> tuple[int, int, int, list[int]]:
    """Players, small and big blind (the small below the big), and stacks, short ones
    often, so that all-ins and side pots happen."""
    players = rng.randint(2, 10)
    big = rng.choice([2, 2, 4, 10])
    small = rng.randint(1, big - 1)
    stacks = [200] * players if rng.random() < 0.4 else [
        rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
        for _ in range(players)]
    return players, small, big, stacks


def pokerkit_hand(code: str, seed: int, *, shipped: bool) -> tuple[str, PokerkitState]:
    """A hand pokerkit deals and plays at random, written by pokerkit's own writer."""
    rng = random.Random(seed)
    players, small, big, stacks = table(rng)
    kind = KINDS[code]
    fixed: tuple[Any, ...] = (big, 2 * big) if code in ("FT", "FO/8") else (big,)
    game = kind(DEALING, True, 0, (small, big), *fixed)
    playing = game if shipped or code != "FO/8" else \
        FixedLimitOmahaEight(DEALING, True, 0, (small, big), *fixed)
    random.seed(seed)  # pokerkit shuffles its deck with the module's generator
    pk = remembering(playing(stacks, players))
    while pk.status:
        options = []
        if pk.can_fold():
            options.append("fold")
        if pk.can_check_or_call():
            options += ["call"] * 4
        if pk.can_complete_bet_or_raise_to():
            options.append("raise")
        chosen = rng.choice(options)
        if chosen == "fold":
            pk.fold()
        elif chosen == "call":
            pk.check_or_call()
        else:
            low = pk.min_completion_betting_or_raising_to_amount
            high = pk.max_completion_betting_or_raising_to_amount
            assert low is not None and high is not None
            pk.complete_bet_or_raise_to(low if rng.random() < 0.5 else rng.randint(low, high))
    return HandHistory.from_game_state(game, pk).dumps(), pk


def count_hand(state: HandState, seen: Counter[str]) -> None:
    """What the oracle's rows count of every hand played to the end."""
    seen["showdowns"] += state.settlement is not None and state.settlement.showdown
    seen["side pots"] += len(state.table.pots()) > 1
    seen["all in"] += 0 in state.table.stacks


SHIPPED_SHARE = 4
"""One ``FO/8`` hand in this many is played by pokerkit's class as shipped (pot limit)."""
ANNOUNCED = {"NT": ("texas-holdem", {"structure": "no-limit"}),
             "FT": ("texas-holdem", {"structure": "fixed-limit"}),
             "PO": ("omaha", {"pot": "high"}),
             "FO/8": ("omaha", {"pot": "eight-or-better"})}
SITE_FIELDS = re.compile(r"(?ms)^_actions = \[.*?^\]\n|^_(seed|deck|settings|game|format|"
                         r"version) = .*?\n|^_house_rules = \[.*?^\]\n")


class QuickHistory(HandHistory):
    """pokerkit's reader, with Omaha hands valued through the memo."""

    def create_state(self) -> PokerkitState:
        return remembering(super().create_state())


def site_hand(code: str, seed: int, seen: Counter[str]) -> HandState:
    rng = random.Random(seed)
    players, small, big, stacks = table(rng)
    game_id, announced = ANNOUNCED[code]
    if game_id == "omaha" and seed % 2:  # the usual betting for the pot, or named as such
        announced = {**announced, "betting": "pot-limit" if code == "PO" else "fixed-limit"}
    state = new_hand(game_id, players=players, seed=seed, stacks=stacks,
                     settings={**announced, "small_blind": small, "big_blind": big})
    while not state.is_over:
        seat = state.to_act[0]
        if state.street == "Showdown":
            state.apply(rng.choice(state.legal_actions(seat)))
            continue
        _, shared = our_options(state, seat, seen)
        state.apply(pick(state, seat, shared, rng))
    return state


def same_as_pokerkit(state: HandState, theirs: list[int], seen: Counter[str]) -> bool:
    """Whether pokerkit's stacks are the site's, once the odd chips are moved its way."""
    expected = expected_pokerkit_stacks(state, seen)
    if expected == theirs:
        return True
    reason = convention_apart(state, expected, theirs)
    if reason is None:
        return False
    seen[reason] += 1
    return True


def site_hands_in_pokerkit(code: str, seeds: range) -> Counter[str]:
    """The site's hands of the code's announcement, written as PHH, replay in pokerkit's
    reader to the same stacks, and read back on the site, as its own file and as another
    writer's, to the same decisions and payoffs."""
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            state = site_hand(code, seed, seen)
            text = to_phh(state)
            assert variant_code(state.game.id, state.settings) == code
            assert tomllib.loads(text)["variant"] == code
            *_, final = QuickHistory.loads(text)
            assert not final.status, seed
            assert same_as_pokerkit(state, list(final.stacks), seen), (seed, text)
            for file in (text, SITE_FIELDS.sub("", text)):
                back = load_phh(file)
                assert (back.actions, back.payoffs) == (state.actions, state.payoffs), seed
                assert back.boards == state.boards, seed
            assert "_seed" not in SITE_FIELDS.sub("", text)
            seen["hands"] += 1
            count_hand(state, seen)
    return seen


def pokerkit_hands_on_the_site(code: str, seeds: range) -> Counter[str]:
    """pokerkit's hands of the code open on the site at pokerkit's stacks, and as the
    first player's own history; a share of ``FO/8`` played by pokerkit's class as shipped,
    whose pot-sized bets the site's fixed limit refuses saying so (counted as
    "refused")."""
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            seen["hands"] += 1
            shipped = code == "FO/8" and seed % SHIPPED_SHARE == 0
            text, pk = pokerkit_hand(code, seed, shipped=shipped)
            try:
                state = load_phh(text)
            except ValueError as error:
                assert shipped and re.search(r"line \d+ \(p\d+ cbr \d+\).*(allowed: .*(raise|"
                                             r"bet) to \d+|do not allow)", str(error)), \
                    (seed, error)
                seen["refused"] += 1
                continue
            assert state.is_over and variant_code(state.game.id, state.settings) == code
            assert same_as_pokerkit(state, list(pk.stacks), seen), (seed, text)
            seen["read"] += 1
            seen[check_first_players_history(text, state, list(pk.stacks), seen)] += 1
            count_hand(state, seen)
    return seen


def first_players_history(text: str) -> str:
    """The file as the first player's own software would keep it: every other player's
    hole cards written ``??`` (a show line then tells them)."""
    def hide(match: re.Match[str]) -> str:
        return f"'d dh {match[1]} {'??' * (len(match[2]) // 2)}'"

    return re.sub(r"'d dh (p(?:[2-9]|10)) ((?:[2-9TJQKA][cdhs])+)'", hide, text)


def check_first_players_history(text: str, full: HandState, stacks: list[int],
                                seen: Counter[str]) -> str:
    """The first player's history opens as its view, the same as the full file's to that
    player, at pokerkit's stacks; or with every card told by the shows, as the full file;
    or it is refused because the site's rules would show a hand it does not know."""
    mine_text = first_players_history(text)
    assert "??" in mine_text or full.players == 1
    try:
        mine = read_phh(mine_text)
    except ValueError as error:
        assert "not all known" in str(error), error
        return "own history: refused, the rules would show a hand it does not know"
    if mine.complete:
        assert mine.state.to_json() == full.to_json()
        return "own history: every card told by the shows"
    assert mine.seat == 0, mine_text
    assert same_as_pokerkit(mine.state, stacks, seen)
    assert mine.state.view(0) == full.view(0)
    return "own history: opens as the first player's view"
