"""Hand histories between the site and pokerkit for the stud games, both ways (rows of
``tests.support.oracle``).

- The site's hands, written as PHH, are loaded by pokerkit's own reader and replayed to
  the same stacks, and read back on the site to the same actions and payoffs.
- Hands pokerkit deals and plays at random (short stacks, so all-ins and side pots
  happen), written by pokerkit's own writer, replay on the site to the same stacks; a
  share of them also as the first player's own history, which opens as that player's
  view.

The site's hands use the announcements that match pokerkit (``tests.support.oracle_stud``
says which), and never choose the big bet of an open pair nor a heads-up raise past
pokerkit's cap. pokerkit's hands are dealt as the site deals: a card is burned only when
the stock has one to spare for the street. When the stock truly cannot give every player
a card, pokerkit deals from its reshuffled muck in its own order, which a file of one deck
cannot follow: those hands, and only those, are refused on the line that deals from the
muck, saying so. Odd chips and pokerkit's ways of paying split pots are allowed for, and
counted.
"""

from __future__ import annotations

import random
import re
import tomllib
import warnings
from collections import Counter
from typing import Any, NamedTuple

from pokerkit import Automation, CardBurning, FixedLimitSevenCardStud, HandHistory, HoleDealing
from pokerkit import State as PokerkitState

from engine.games import new_hand
from engine.phh import load_phh, read_phh, to_phh
from engine.state import ActionKind, HandState
from tests.support.oracle_stud import (
    POKERKIT,
    allow_pots_paid_pokerkits_way,
    expected_pokerkit_stacks,
    table_for,
)
from tests.support.pokerkit_kept import RememberingHistory, remember_hands

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


STUD_GAMES: dict[str, Any] = {"seven-card-stud": FixedLimitSevenCardStud, **POKERKIT}
"""pokerkit's class of each stud game."""


class PokerkitHand(NamedTuple):
    """A hand pokerkit dealt, played and wrote."""

    text: str
    stacks: list[int]
    players: int
    reshuffled: bool
    """Whether pokerkit's stock ran out and it dealt from its shuffled muck."""
    pk: PokerkitState
    """pokerkit's hand, played to its end."""


def pokerkit_hand(seed: int, game_id: str = "seven-card-stud") -> PokerkitHand:
    """A hand of the game pokerkit deals and plays at random, burning as the site does."""
    rng = random.Random(seed)
    players = rng.randint(2, 8)
    small = rng.choice([2, 4, 10, 10])
    ante, bring_in = rng.randint(0, small // 2), rng.randint(1, small - 1)
    if rng.random() < 0.4:
        stacks = [200] * players
    else:
        stacks = [rng.choice([rng.randint(1, 30), rng.randint(20, 120), rng.randint(100, 400)])
                  for _ in range(players)]
    game = STUD_GAMES[game_id](DEALING, True, ante, bring_in, small, 2 * small)
    random.seed(seed)
    pk = remember_hands(game(stacks, players))
    ran_out = play_at_random(pk, rng)
    history = HandHistory.from_game_state(game, pk, ante_trimming_status=True)
    return PokerkitHand(history.dumps(), list(pk.stacks), players, ran_out, pk)


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


VIEW_SHARE = 4
"""One pokerkit hand in this many is also read as its first player's own history."""


def site_hand(game_id: str, seed: int) -> HandState:
    """A hand the site deals, played at random with the choices pokerkit also has."""
    rng = random.Random(seed)
    players, settings, stacks = table_for(game_id, rng)
    state = new_hand(game_id, players=players, seed=seed, settings=settings, stacks=stacks)
    while not state.is_over:
        choices = shared_choices(state, state.to_act[0])
        weights = [4 if a.kind in (ActionKind.CALL, ActionKind.CHECK, ActionKind.BRING_IN,
                                   ActionKind.SHOW) else 1 for a in choices]
        state.apply(rng.choices(choices, weights)[0])
    return state


def count_hand(state: HandState, seen: Counter[str]) -> None:
    """What the oracle's rows count of every hand played to the end."""
    seen["showdowns"] += state.settlement is not None and state.settlement.showdown
    seen["side pots"] += len(state.table.pots()) > 1
    seen["all in"] += 0 in state.table.stacks


def site_hands_in_pokerkit(game_id: str, seeds: range) -> Counter[str]:
    """The site's hands of these seeds, written as PHH, replay in pokerkit's reader to the
    same stacks and read back on the site to the same actions and payoffs."""
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            state = site_hand(game_id, seed)
            text = to_phh(state)
            *_, final = RememberingHistory.loads(text)
            assert final is not None and not final.status, seed
            expected = expected_pokerkit_stacks(state)
            allow_pots_paid_pokerkits_way(state, final, expected, seen)
            assert list(final.stacks) == expected, seed
            back = load_phh(text)
            assert (back.actions, back.payoffs) == (state.actions, state.payoffs), seed
            seen["hands"] += 1
            count_hand(state, seen)
    return seen


def pokerkit_hands_on_the_site(game_id: str, seeds: range, *, views: bool = False
                               ) -> Counter[str]:
    """pokerkit's hands of these seeds open on the site at pokerkit's stacks (with
    ``views``, one in :data:`VIEW_SHARE` also as its first player's own history), or,
    dealt from pokerkit's reshuffled muck, are refused saying so (counted as "refused")."""
    seen: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for seed in seeds:
            hand = pokerkit_hand(seed, game_id)
            seen["hands"] += 1
            try:
                state = load_phh(hand.text)
            except ValueError as error:
                assert hand.reshuffled, (seed, error)
                assert re.match(r"line \d+ \(d dh p\d .*stock ran short", str(error)), error
                seen["refused"] += 1
                continue
            assert state.game.id == game_id and state.is_over, seed
            expected = expected_pokerkit_stacks(state)
            allow_pots_paid_pokerkits_way(state, hand.pk, expected, seen)
            assert expected == hand.stacks, (seed, hand.text)
            if views and seed % VIEW_SHARE == 0:
                check_first_players_history(hand, state)
                seen["own history"] += 1
            count_hand(state, seen)
    return seen


def check_first_players_history(hand: PokerkitHand, full: HandState) -> None:
    """The first player's history opens as its view: the same as the full file's to that
    player, and the same stacks (or, when the showdown told every card, as the full file)."""
    text = first_players_history(hand.text)
    mine = read_phh(text)
    if mine.complete:
        assert mine.state.to_json() == full.to_json()
        return
    assert mine.seat == 0, hand.text
    expected = expected_pokerkit_stacks(mine.state)
    allow_pots_paid_pokerkits_way(mine.state, hand.pk, expected, Counter())
    assert expected == hand.stacks
    assert mine.state.view(0) == full.view(0)
