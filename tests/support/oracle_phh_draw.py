"""Hand histories between the site and pokerkit for the draw games and short-deck hold'em
under PHH's codes (``F2L3D``, ``N2L1D``, ``FB``, ``NS``), both ways (rows of
``tests.support.oracle``):

- the site's hands, written as PHH, are loaded by pokerkit's own reader and replayed to
  the same stacks (pokerkit plays a draw as PHH writes it: every player discards, then
  each is dealt), and read back on the site to the same actions and payoffs;
- hands pokerkit deals and plays at random (short stacks, so all-ins and side pots
  happen), written by pokerkit's own writer, replay on the site to pokerkit's stacks; a
  draw pokerkit deals from its stock rebuilt from the discards (its own order, which a
  file of one deck cannot follow) is refused saying so, and counted as "refused".

The odd chips of a split go to pokerkit's first winner (allowed for, as in the
step-by-step rows); heads-up the site has no cap on fixed-limit raises, so its hands
never raise past pokerkit's cap.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    HandHistory,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitShortDeckHoldem,
)
from pokerkit import State as PokerkitState

from engine.games import GAMES, new_hand
from engine.phh import load_phh, to_phh
from engine.state import ActionKind, HandState
from tests.support import oracle_draw, oracle_short_deck
from tests.support.oracle_phh import count_hand

KINDS = {"F2L3D": FixedLimitDeuceToSevenLowballTripleDraw, "FB": FixedLimitBadugi,
         "N2L1D": NoLimitDeuceToSevenLowballSingleDraw, "NS": NoLimitShortDeckHoldem}
"""pokerkit's game of each code."""
GAME_OF = {"F2L3D": "deuce-to-seven-triple-draw", "FB": "badugi",
           "N2L1D": "deuce-to-seven-single-draw", "NS": "short-deck-holdem"}
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION,
               Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
               Automation.HOLE_DEALING, Automation.BOARD_DEALING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
               Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)


def _table(code: str, rng: random.Random) -> tuple[int, dict[str, Any], list[int]]:
    """Players, the announcements the code plays and stacks, short ones often."""
    if code == "NS":
        return oracle_short_deck.random_table(rng)
    players, settings, stacks = oracle_draw.random_table(GAMES[GAME_OF[code]], rng)
    if "structure" in settings:
        settings["structure"] = "no-limit"
    return players, settings, stacks


def site_hand(code: str, seed: int) -> HandState:
    """A hand the site deals, played at random with the choices pokerkit also has."""
    rng = random.Random(seed)
    players, settings, stacks = _table(code, rng)
    state = new_hand(GAME_OF[code], players=players, seed=seed, settings=settings,
                     stacks=stacks)
    while not state.is_over:
        seat = state.to_act[0]
        _, shared = oracle_draw.our_options(state, seat, Counter())
        weights = [4 if a.kind in (ActionKind.CALL, ActionKind.CHECK, ActionKind.SHOW)
                   else 1 for a in shared]
        state.apply(rng.choices(shared, weights)[0])
    return state


def site_hands_in_pokerkit(code: str, seeds: range) -> Counter[str]:
    """The site's hands of these seeds, written as PHH under ``code``, replay in pokerkit's
    reader to the same stacks and read back on the site to the same actions and payoffs."""
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            state = site_hand(code, seed)
            text = to_phh(state)
            assert text.startswith(f'variant = "{code}"'), seed
            *_, final = HandHistory.loads(text)
            assert not final.status, seed
            assert list(final.stacks) == oracle_draw.expected_stacks(state, seen), seed
            back = load_phh(text)
            assert (back.actions, back.payoffs) == (state.actions, state.payoffs), seed
            seen["hands"] += 1
            seen["draws"] += sum(a.kind is ActionKind.DISCARD for a in state.actions)
            count_hand(state, seen)
    return seen


def pokerkit_hand(code: str, seed: int) -> tuple[str, PokerkitState]:
    """A hand of the code pokerkit deals and plays at random, and its file by pokerkit's
    writer."""
    rng = random.Random(seed)
    random.seed(seed)
    players, settings, stacks = _table(code, rng)
    big = settings["big_blind"]
    blinds: Any = (settings["small_blind"], big)
    if code == "NS":
        if settings["button_blind"]:
            blinds = {0 if players == 2 else players - 1: big}
        game = KINDS[code](AUTOMATIONS, True, settings["ante"], blinds, big)
    elif code == "N2L1D":
        game = KINDS[code](AUTOMATIONS, True, 0, blinds, big)
    else:
        game = KINDS[code](AUTOMATIONS, True, 0, blinds, big, 2 * big)
    pk = game(tuple(stacks), players)
    while pk.status:
        if pk.can_stand_pat_or_discard():
            held = pk.hole_cards[pk.stand_patter_or_discarder_index]
            pk.stand_pat_or_discard(rng.sample(held, rng.randint(0, min(3, len(held)))))
            continue
        options = []
        if pk.can_fold():
            options.append(pk.fold)
        if pk.can_check_or_call():
            options += [pk.check_or_call] * 4
        if pk.can_complete_bet_or_raise_to():
            options.append(pk.complete_bet_or_raise_to)
        rng.choice(options)()
    return HandHistory.from_game_state(game, pk).dumps(), pk


def pokerkit_hands_on_the_site(code: str, seeds: range) -> Counter[str]:
    """pokerkit's hands of these seeds open on the site at pokerkit's stacks, or, drawn from
    pokerkit's rebuilt stock, are refused saying so."""
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            text, pk = pokerkit_hand(code, seed)
            seen["hands"] += 1
            try:
                state = load_phh(text)
            except ValueError as error:
                assert "stock ran short" in str(error), (seed, error)
                seen["refused"] += 1
                continue
            assert state.game.id == GAME_OF[code] and state.is_over, seed
            assert oracle_draw.expected_stacks(state, seen) == list(pk.stacks), (seed, text)
            seen["draws"] += sum(a.kind is ActionKind.DISCARD for a in state.actions)
            count_hand(state, seen)
    return seen
