"""Hand histories between the site and pokerkit for stud: pokerkit's hands played at
random, written as PHH, and the site's first player's history."""

from __future__ import annotations

import random
import re
import tomllib
from collections import Counter
from typing import NamedTuple

from pokerkit import Automation, CardBurning, FixedLimitSevenCardStud, HandHistory, HoleDealing
from pokerkit import State as PokerkitState

from engine.state import ActionKind, HandState
from tests.support.pokerkit_kept import remember_hands

AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)


DEALING = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.HOLE_DEALING,
           Automation.BOARD_DEALING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
           Automation.HAND_KILLING,
           Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)


def shared_choices(state: HandState, seat: int) -> list:
    """The seat's legal actions pokerkit also has (no open-pair big bet, no heads-up raise
    past the cap)."""
    choices = []
    for action in state.legal_actions(seat):
        if action.kind in AGGRESSIVE:
            bet = state.bet_range(seat)
            assert bet is not None
            if len(bet.amounts) == 2 and action.amount == bet.amounts[-1]:
                continue
            if len(state.in_hand()) == 2 and state.table.round_raises >= 4:
                continue
        choices.append(action)
    return choices


def burn_as_the_site_does(pk) -> None:
    """Burn a card only when the stock has one to spare for the street, as the site does
    (pokerkit would burn anyway and then deal from its muck); otherwise the burn is
    pokerkit's unknown card, which takes nothing from the stock."""
    live = sum(pk.statuses)
    pk.burn_card() if len(pk.deck_cards) > live else pk.burn_card("??")


class PokerkitHand(NamedTuple):
    """A hand pokerkit dealt, played and wrote."""

    text: str
    stacks: list[int]
    players: int
    reshuffled: bool
    """Whether pokerkit's stock ran out and it dealt from its shuffled muck."""


def pokerkit_hand(seed: int) -> PokerkitHand:
    """A hand pokerkit deals and plays at random, burning as the site does."""
    rng = random.Random(seed)
    players = rng.randint(2, 8)
    small = rng.choice([2, 4, 10, 10])
    ante, bring_in = rng.randint(0, small // 2), rng.randint(1, small - 1)
    if rng.random() < 0.4:
        stacks = [200] * players
    else:
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                  for _ in range(players)]
    game = FixedLimitSevenCardStud(DEALING, True, ante, bring_in, small, 2 * small)
    random.seed(seed)
    pk = remember_hands(game(stacks, players))
    ran_out = play_at_random(pk, rng)
    history = HandHistory.from_game_state(game, pk, ante_trimming_status=True)
    return PokerkitHand(history.dumps(), list(pk.stacks), players, ran_out)


def play_at_random(pk: PokerkitState, rng: random.Random) -> bool:
    """Play a pokerkit stud hand to its end with random actions, calls and bring-ins the
    likeliest, burning as the site does; whether its stock ran out (it then deals from
    its muck)."""
    while pk.status:
        if pk.can_burn_card():
            burn_as_the_site_does(pk)
            continue
        options = []
        if pk.can_post_bring_in():
            options += [pk.post_bring_in] * 3
        if pk.can_fold():
            options.append(pk.fold)
        if pk.can_check_or_call():
            options += [pk.check_or_call] * 4
        if pk.can_complete_bet_or_raise_to():
            options.append(pk.complete_bet_or_raise_to)
        rng.choice(options)()
    taken = sum(len(op.cards) for op in pk.operations if isinstance(op, HoleDealing)) + \
        sum(1 for op in pk.operations if isinstance(op, CardBurning) and not
            op.card.unknown_status)
    return taken > 52


def first_players_history(text: str) -> str:
    """The file as the first player's own software would keep it: every other player's
    down cards written ``??`` as they are dealt (a showdown line then tells them)."""
    data = tomllib.loads(text)
    dealt: Counter[str] = Counter()
    lines = []
    for line in data["actions"]:
        words = line.split()
        if words[:2] == ["d", "dh"]:
            seat, cards = words[2], words[3]
            if seat != "p1":
                cards = "".join("??" if dealt[seat] + i // 2 in (0, 1, 6) else cards[i:i + 2]
                                for i in range(0, len(cards), 2))
            dealt[seat] += len(words[3]) // 2
            line = f"d dh {seat} {cards}"
        lines.append(line)
    return re.sub(r"(?ms)^actions = \[.*?\]$",
                  "actions = [" + ", ".join(repr(x) for x in lines) + "]", text)
