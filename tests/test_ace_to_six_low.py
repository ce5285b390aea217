"""Ace-to-six low (London lowball) as a game's declared low: the ace always low, straights
and flushes against the hand, so 6-4-3-2-A is the best low and A-2-3-4-5 a straight.

Checked against pokerkit, whose standard lookup without wrapping straights, read with the
ace as the lowest rank, is ace-to-six: every five-card rank class (and its flush), the best
of seven cards, a razz-like game declared here with ``low = "ace-to-six"`` played to its
showdown, and the odds calculator's answer on seventh street against a brute force.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import ClassVar

import numpy as np
import pytest
from pokerkit import Lookup, StandardHand
from pokerkit.lookups import Standard2Lookup
from pokerkit.utilities import RankOrder

from engine.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from engine.games import GAMES, new_hand
from engine.games.house import HouseGame, adopt
from engine.hands import HandKind, LowRanking, UpCard, best_low, bring_in_order
from engine.lowball import rank_ace_to_six
from engine.odds.at_table import Spot, solve_spot
from engine.state import ActionKind
from ui.house.templates import template

p = parse_cards


@dataclass
class _AceToSixLookup(Standard2Lookup):
    """pokerkit's hands ranked as for high without wrapping straights, the ace lowest."""

    rank_order = RankOrder.REGULAR


class AceToSixHand(StandardHand):
    """pokerkit's ace-to-six low hand: its greater hand is the better low."""

    lookup: ClassVar[Lookup] = _AceToSixLookup()
    low = True


def _text(cards: list[Card] | tuple[Card, ...]) -> str:
    return "".join(c.ascii for c in cards)


def _oracle(cards: list[Card] | tuple[Card, ...]) -> AceToSixHand:
    return AceToSixHand.from_game(_text(cards))


def _agree(hands: list[tuple[Card, ...]]) -> None:
    """Ours (scalar and batch) and pokerkit order the hands the same way, ties and all."""
    ours = [best_low(h, LowRanking.ACE_TO_SIX).score for h in hands]
    by_rows: dict[int, list[int]] = {}
    for i, h in enumerate(hands):
        by_rows.setdefault(len(h), []).append(i)
    for rows in by_rows.values():
        batch = rank_ace_to_six(np.array([[c.code for c in hands[i]] for i in rows]))
        assert [int(s) for s in batch] == [ours[i] for i in rows]
    theirs = [_oracle(h) for h in hands]
    order = sorted(range(len(hands)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:], strict=False):
        if ours[a] == ours[b]:
            assert theirs[a] == theirs[b], (hands[a], hands[b])
        else:
            assert theirs[a] < theirs[b], (hands[a], hands[b])


def test_every_five_card_class_ranks_as_pokerkit_ranks_it() -> None:
    """Each multiset of five ranks in mixed suits, and each five different ranks in one suit:
    7,462 classes, every one ordered against its neighbours."""
    suits = tuple(Suit)
    hands = []
    for ranks in combinations_with_replacement(tuple(Rank)[-13:], 5):
        if max(Counter(ranks).values()) > 4:
            continue
        copies: Counter[Rank] = Counter()
        cards = []
        for rank in ranks:  # the n-th card of a rank in the n-th suit
            cards.append(Card(rank, suits[copies[rank]]))
            copies[rank] += 1
        if len(set(ranks)) == 5:
            hands.append(tuple(cards))  # all in the first suit: the flush
            cards[-1] = Card(ranks[-1], suits[1])
        hands.append(tuple(cards))
    assert len(hands) == 7462
    _agree(hands)


def test_the_best_of_seven_is_the_best_of_its_five_card_hands() -> None:
    rng = random.Random(6)
    hands = [tuple(rng.sample(FULL_DECK, 7)) for _ in range(300)]
    for hand in hands[:60]:
        brute = max(best_low(five, "ace-to-six").score for five in combinations(hand, 5))
        assert best_low(hand, "ace-to-six").score == brute
    _agree(hands)


@pytest.mark.parametrize("cards, words", [
    ("Ac 2d 3h 4s 6c 5d Kh", "Six-four low"),
    ("7c 5d 4h 3s Ac", "Seven-five low"),
    ("Ac 2d 3h 4s 5c", "Five-high straight (low)"),
    ("6c 4c 3c 2c Ac", "Six-high flush (low)"),
    ("Kc Qd Jh Ts Ac", "King-queen low"),
])
def test_ace_to_six_hands_are_named_like_deuce_to_seven_ones(cards: str, words: str) -> None:
    value = best_low(p(cards), "ace-to-six")
    assert value.describe() == words
    assert value.kind is HandKind.ACE_TO_SIX


# --- a game declared with an ace-to-six low -------------------------------------------------


@pytest.fixture(scope="module")
def london() -> HouseGame:
    """Razz's rules written out whole with ``low = "ace-to-six"``: London lowball stud."""
    text = template(GAMES["razz"])
    assert text.count('low = "ace-to-five"') == 1
    return adopt(text.replace('low = "ace-to-five"', 'low = "ace-to-six"'))


def test_the_declared_low_is_ace_to_six(london: HouseGame) -> None:
    types = london.game.hand_types(london.game.settings_type())
    assert types.low is LowRanking.ACE_TO_SIX and not types.high
    assert types.describe() == "ace-to-six low"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_hands_played_to_the_showdown_go_to_pokerkits_best_low(london: HouseGame,
                                                                seed: int) -> None:
    state = new_hand(london.id, players=4, seed=seed)
    first_up = {s: state.up_cards(s)[0] for s in range(4)}
    bringer = state.to_act[0]
    assert first_up[bringer] == min(first_up.values(),
                                    key=lambda c: bring_in_order(c, UpCard.HIGHEST))
    while not state.is_over:
        legal = state.legal_actions(state.to_act[0])
        state.apply(next(a for a in legal if a.kind in (ActionKind.BRING_IN, ActionKind.CHECK,
                                                         ActionKind.CALL, ActionKind.SHOW)))
    lows = {s: _oracle(state.live_cards(s)) for s in range(4)}
    best = max(lows.values())
    winners = {s for s, low in lows.items() if low == best}
    assert {s for s in range(4) if state.payoffs[s] > 0} == winners
    for s in range(4):
        assert best_low(state.live_cards(s), "ace-to-six") == london.game.low_value(state, s)


def test_the_odds_on_seventh_street_equal_a_brute_force(london: HouseGame) -> None:
    """A-2-3-4-5 is a straight here, not the best low: the first seat's best is 9-4-3-2-A,
    which the second seat's 7-6-3-2 beats when its last card is an ace, four, five or eight
    (13 of the 39 cards unseen)."""
    mine, theirs = p("Ah 2d 3c 4s 5h 9d Kc"), p("2c 3s 6d 7c Jh Qd")
    spot = Spot.build(london.id, players=2, seats=[mine, [*theirs, None]],
                      street="7th street")
    solved = solve_spot(spot, rng=np.random.default_rng(0), seconds=60)
    assert solved.exact, solved.describe()
    pool = [c for c in FULL_DECK if c not in {*mine, *theirs}]
    ours = _oracle(mine)
    truth = sum(1.0 if ours > other else 0.5 if ours == other else 0.0
                for other in (_oracle([*theirs, c]) for c in pool)) / len(pool)
    assert truth == pytest.approx(26 / 39)
    assert solved["share/0"].value == pytest.approx(truth, abs=1e-12)


def test_equal_showings_go_by_the_suit_of_the_highest_card_the_ace_low(
        london: HouseGame) -> None:
    """A♠ 5♣ against A♥ 5♦ on fourth street: the highest card is the five (the ace counts
    one), and the five of diamonds is the higher suit, so the second seat acts first."""
    state = new_hand(london.id, players=2, seed=1, deck="Kc Kd Qc Qd 5c 5d 2h As Ah")
    while state.street == "3rd street":
        legal = state.legal_actions(state.to_act[0])
        state.apply(next(a for a in legal if a.kind in (ActionKind.BRING_IN, ActionKind.CALL)))
    assert [state.up_cards(s) for s in range(2)] == [p("5c As"), p("5d Ah")]
    assert state.to_act == (1,)
