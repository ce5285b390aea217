"""Seven-card stud high-low declare: the declared split checked against its words, the
worked example, a brute force of the rule, and the computer player's declarations."""

from __future__ import annotations

import random
from itertools import combinations

import content
from engine.bots.choices import choice
from engine.bots.equity import equity
from engine.cards import FULL_DECK, Card, parse_cards
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.hands import best_high, best_low
from engine.state import Action, ActionKind, HandState

GAME = "seven-card-stud-declare"
PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)


def played(hands: list[str], ways: list[str]) -> HandState:
    """Every seat checks and calls to the end with these seven cards (in deal order) and
    declares as told."""
    seats = [parse_cards(h) for h in hands]
    deck = deck_from_seats(GAME, players=len(seats), seat_cards=seats)
    state = new_hand(GAME, players=len(seats), seed=0, deck=deck)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if legal[0].kind is ActionKind.DECLARE:
            state.apply(Action(seat, ActionKind.DECLARE, choice=ways[seat]))
            continue
        state.apply(next(a for a in legal if a.kind in PASSIVE))
    return state


EXAMPLE = content.load_game(GAME).examples["both_ways"]


def test_both_ways_scoops_when_it_wins_both_halves() -> None:
    cards = EXAMPLE.cards
    state = played([cards["seat1"], cards["seat2"], cards["seat3"]], ["both", "high", "low"])
    assert state.payoffs[0] > 0 and state.payoffs[1] < 0 and state.payoffs[2] < 0
    assert state.payoffs[0] == -(state.payoffs[1] + state.payoffs[2])
    high = state.game.hand_value(state, 0).describe()
    low = state.game.low_value(state, 0).describe()
    assert high == EXAMPLE.expect["seat1_high"]
    assert low.startswith(EXAMPLE.expect["seat1_low"])


def test_both_ways_wins_nothing_when_beaten_one_way() -> None:
    """Seat 2's full house beats the straight: seat 1 loses both halves, and the low half
    goes to seat 3's worse low."""
    full = "K♠ K♥ K♦ 9♣ 9♠ Q♦ J♣"
    state = played([EXAMPLE.cards["seat1"], full, EXAMPLE.cards["seat3"]],
                   ["both", "high", "low"])
    assert state.payoffs[0] < 0 and state.payoffs[1] > 0 and state.payoffs[2] > 0
    lines = [e.text for e in state.events if e.kind.value == "pot"]
    assert any("Seat 3" in line and "low" in line for line in lines), lines


def _brute(hands: list[list[Card]], ways: list[str]) -> tuple[set[int], set[int]]:
    """Who takes the high and the low half, by every five of every hand and the rule's
    words: both ways must win or tie both, else drops out of both."""
    def top(seat: int, low: bool) -> tuple[int, ...]:
        values = [best_low(five) if low else best_high(five)
                  for five in combinations(hands[seat], 5)]
        return max(values).score if not low else max(v.score for v in values)

    def winners(seats: list[int], low: bool) -> set[int]:
        if not seats:
            return set()
        best = max(top(s, low) for s in seats)
        return {s for s in seats if top(s, low) == best}

    seats = range(len(hands))
    high = winners([s for s in seats if ways[s] in ("high", "both")], low=False)
    low = winners([s for s in seats if ways[s] in ("low", "both")], low=True)
    failed = {s for s in seats if ways[s] == "both" and not (s in high and s in low)}
    if failed:
        high = winners([s for s in seats if ways[s] in ("high", "both") and s not in failed],
                       low=False)
        low = winners([s for s in seats if ways[s] in ("low", "both") and s not in failed],
                      low=True)
    return high, low


def test_the_declared_split_agrees_with_a_brute_force() -> None:
    """Random deals and declarations: the seats paid are the brute force's winners of
    each half; a half nobody may win goes to the other half's winners."""
    rng = random.Random(7)
    for _ in range(20):
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hands = [deck[i * 7:(i + 1) * 7] for i in range(3)]
        ways = [rng.choice(("high", "low", "both")) for _ in hands]
        state = played([" ".join(c.ascii for c in h) for h in hands], ways)
        high, low = _brute(hands, ways)
        assert state.settlement is not None
        paid = {seat for award in state.settlement.awards for seat, share in award.shares
                if share > 0}
        assert paid == ((high | low) or {0, 1, 2}), (ways, paid, high, low)


def test_the_computer_player_declares_the_way_its_hand_wins() -> None:
    """A full house declares high; a wheel with nothing paired declares low or both."""
    state = played(["K♠ K♥ 9♦ K♦ 9♣ 2♠ 3♦", "5♠ 4♥ 3♣ 2♣ A♦ 7♠ 8♥", "Q♠ J♥ 10♦ 6♣ 6♠ 9♥ 4♦"],
                   ["high", "high", "high"])
    back = new_hand(GAME, players=3, seed=0, deck=state.stacked)
    for action in state.actions:
        if action.kind is ActionKind.DECLARE:
            break
        back.apply(action)
    rng = random.Random(1)
    ways = {seat: choice(back, seat, back.legal_actions(seat), rng, measure=equity).choice
            for seat in back.to_act}
    assert ways[0] == "high"
    assert ways[1] in ("low", "both")
