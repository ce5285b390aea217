"""Psycho property tests: random hands with random legal actions and random settings.

For every hand: chips are conserved, every card is in exactly one place,
the settlement pays out exactly what went into the pots and matches an
independent reading of the declaration rules, and the hand survives replay,
its JSON history and undo then redo unchanged.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.cards import FULL_DECK, Card
from engine.games import new_hand
from engine.hands import HandValue, best_high, best_low
from engine.history import load_hand, replay, text_history
from engine.state import Action, ActionKind, EventKind, HandState
from tests.support.scale import FAST, scaled

HANDS = scaled(120)
"""Random hands, enough for the shuffles and shared cards counted below; the conformance
suite plays forty more by the generic rules."""
GAME = "psycho"
PASSIVE = (ActionKind.CHECK, ActionKind.CALL)
AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)


def random_table(rng: random.Random) -> tuple[int, dict[str, Any], list[int] | None]:
    players = rng.choice([2, 3, 4, 5, 6, 7, 8, 8, 9, 10, 10])
    small = rng.randint(1, 10)
    settings = {"ante": rng.randint(0, 4), "small_bet": small,
                "big_bet": rng.choice([small, 2 * small]),
                "draw_limit": rng.choice(["none", "three", "four-with-ace"]),
                "low_ranking": rng.choice(["ace-to-five", "deuce-to-seven"]),
                "declarations": rng.choice(["at-once", "in-turn"])}
    stacks = None
    if rng.random() < 0.5:
        stacks = [rng.choice([rng.randint(1, 12), rng.randint(10, 60), 200])
                  for _ in range(players)]
    return players, settings, stacks


def random_action(state: HandState, rng: random.Random) -> Action:
    seat = rng.choice(state.to_act)
    legal = state.legal_actions(seat)
    assert legal, f"{seat} is awaited but has no legal action"
    if not legal[0].kind.is_betting:
        return rng.choice(legal)
    kinds = {a.kind: a for a in legal}
    roll = rng.random()
    aggressive = [a for a in legal if a.kind in AGGRESSIVE]
    if roll < 0.2 and aggressive:
        return rng.choice(aggressive)
    if roll < 0.27 and ActionKind.FOLD in kinds:
        return kinds[ActionKind.FOLD]
    return next((kinds[k] for k in PASSIVE if k in kinds), rng.choice(legal))


def oracle_payouts(state: HandState) -> Counter[int]:
    """What DESIGN.md's settlement gives each seat, read independently."""
    board = state.boards[0] if state.boards else []
    declared: dict[int, str] = {s: str(w) for s, w in state.facts.declared.items()}
    ranking = state.settings.low_ranking  # type: ignore[attr-defined]
    cards = {s: state.live_cards(s) + board for s in state.in_hand()}
    value: dict[str, dict[int, HandValue]] = {
        "high": {s: best_high(c) for s, c in cards.items()},
        "low": {s: best_low(c, ranking) for s, c in cards.items()}}
    paid: Counter[int] = Counter()

    def pay(amount: int, winners: Sequence[int]) -> None:
        for i, seat in enumerate(sorted(winners)):
            paid[seat] += amount // len(winners) + (i < amount % len(winners))

    def goes(seat: int, way: str) -> bool:
        return declared[seat] in (way, "both")

    for pot in state.table.pots():
        seats = pot.eligible
        fine = [s for s in seats if declared[s] != "both" or all(
            value[way][s] >= value[way][t] for way in ("high", "low") for t in seats
            if goes(t, way))]
        best: dict[str, list[int]] = {}
        for way in ("high", "low"):
            group = [s for s in fine if goes(s, way)]
            if group:
                top = max(value[way][s] for s in group)
                best[way] = [s for s in group if value[way][s] == top]
        if len(best) == 2:
            pay(pot.amount - pot.amount // 2, best["high"])
            pay(pot.amount // 2, best["low"])
        elif best:
            pay(pot.amount, next(iter(best.values())))
        else:
            pay(pot.amount, seats)
    return paid


def check_cards(state: HandState) -> None:
    held = [c for s in state.in_hand() for c in state.live_cards(s)]
    held += [c for board in state.boards for c in board]
    assert len(held) == len(set(held)), "a card is in two places"
    rest: list[Card] = state.deck.peek(state.deck.remaining) + list(state.deck.discards)
    assert sorted(held + rest) == sorted(FULL_DECK)


def check_settlement(state: HandState) -> None:
    settlement = state.settlement
    assert settlement is not None
    assert sum(state.payoffs) == 0
    assert sum(state.table.stacks) == sum(state.table.starting)
    pots = state.table.pots()
    assert sum(a.amount for a in settlement.awards) == sum(p.amount for p in pots) == \
        sum(state.table.contributed)
    for award in settlement.awards:
        assert sum(chips for _, chips in award.shares) == award.amount
        assert set(award.winners) <= set(award.eligible)
    got: Counter[int] = Counter()
    for award in settlement.awards:
        for seat, chips in award.shares:
            got[seat] += chips
    if settlement.showdown:
        assert set(state.facts.declared) == set(state.in_hand())
        assert +got == +oracle_payouts(state)
    else:
        assert len(state.in_hand()) == 1 and not state.facts.declared
        assert set(got) == set(state.in_hand())


def play(seed: int) -> tuple[HandState, dict[str, Any]]:
    rng = random.Random(seed)
    players, settings, stacks = random_table(rng)
    state = new_hand(GAME, players=players, seed=seed, settings=settings, stacks=stacks)
    while not state.is_over:
        state.apply(random_action(state, rng))
    return state, {"players": players, "settings": settings, "stacks": stacks}


def test_random_hands() -> None:
    streets: Counter[str] = Counter()
    showdowns = shuffles = communities = 0
    for seed in range(HANDS):
        state, table = play(seed)
        check_cards(state)
        check_settlement(state)
        reloaded = load_hand(state.to_json())
        assert reloaded.view(None) == state.view(None)
        assert reloaded.to_json() == state.to_json()
        last = reloaded.actions[-1]
        reloaded.undo()
        assert not reloaded.is_over
        reloaded.apply(last)
        assert reloaded.view(None) == state.view(None)
        if seed % 10 == 0:
            cut = random.Random(seed).randrange(len(state.actions))
            again = replay(GAME, seed=seed, actions=state.actions[:cut + 1], **table)
            assert again.undo().view(None) == replay(
                GAME, seed=seed, actions=state.actions[:cut], **table).view(None)
            assert text_history(state, 0).count("\n") == text_history(state).count("\n")
        showdowns += state.settlement.showdown
        texts = [e.text for e in state.events]
        shuffles += any(t.startswith(("The stock runs out", "The stock is still short"))
                        for t in texts)
        communities += bool(state.boards)
        streets.update(e.text for e in state.events if e.kind is EventKind.STREET)
    # The random hands reach every part of the game often enough to mean something (the
    # quick loop plays too few to say).
    assert showdowns > HANDS // 4
    assert FAST or (shuffles > 10 and communities > 5)
    assert streets["Declarations"] == streets["Showdown"] > 0
