"""Random hands of Sophie's Pick and Double Sophie: random settings, stacks and legal
actions, checked against an independent settlement and for what each seat may see.

Every hand checks: chips conserved, every card dealt once (hole cards, boards,
burns and the stock make the deck), the pots paid out exactly, payoffs equal to
a settlement computed here from scratch, dead pairs hidden from the other seats,
and the JSON history loading back into the same state; every fourth hand also
undoes and redoes a random decision (a replay costs as much as the hand).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.cards import FULL_DECK, Card
from engine.games import new_hand
from engine.hands import HandValue, best_high
from engine.history import load_hand, replay, text_history
from engine.state import Action, ActionKind, HandState
from engine.table import Structure
from tests.support.scale import scaled

HANDS_PER_GAME = scaled(120)
"""Random hands of each game: their settlement is checked against one worked out here,
which the conformance suite's forty hands of every game do not do."""
UNDO_EVERY = 4
PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW)


def random_table(rng: random.Random) -> tuple[int, dict[str, Any], list[int] | None]:
    players = rng.randint(2, 7)
    small = rng.randint(1, 3)
    settings: dict[str, Any] = {
        "small_blind": small, "big_blind": rng.randint(small, 6),
        "structure": rng.choice([Structure.POT_LIMIT, Structure.NO_LIMIT]).value,
        "chips": rng.choice([200, rng.randint(1, 40), rng.randint(100, 500)]),
    }
    stacks = [rng.randint(1, 120) for _ in range(players)] if rng.random() < 0.3 else None
    return players, settings, stacks


def random_action(state: HandState, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions(seat)
    assert legal, f"{seat} is to act with nothing to do"
    bet = state.bet_range(seat)
    if bet is not None and rng.random() < 0.2:
        amount = rng.randint(bet.minimum, bet.maximum)
        return Action(seat, ActionKind(bet.kind), amount=amount)
    passive = [a for a in legal if a.kind in PASSIVE]
    if passive and rng.random() < 0.6:
        return rng.choice(passive)
    return rng.choice(legal)


def play_random(game: str, seed: int) -> tuple[HandState, dict[str, Any], list[int] | None]:
    rng = random.Random(seed)
    players, settings, stacks = random_table(rng)
    state = new_hand(game, players=players, seed=seed, settings=settings, stacks=stacks)
    while not state.is_over:
        waiting = state.to_act
        seat = rng.choice(waiting)
        state.apply(random_action(state, seat, rng))
    return state, settings, stacks


def expected_payoffs(state: HandState) -> tuple[int, ...]:
    """The settlement worked out from scratch: pots from what each seat put in, each
    halved per board (the first board taking the odd chip), every share to the best
    surviving pair plus that board, ties split with odd chips from the dealer's left."""
    n = state.players
    put_in = list(state.table.contributed)
    live = [s for s in range(n) if not state.table.folded[s]]
    won = [0] * n
    if len(live) == 1:
        won[live[0]] = sum(put_in)
        return tuple(won[s] - put_in[s] for s in range(n))
    values: dict[int, list[HandValue]] = {}
    for seat in live:
        pair = [h.card for h in state.cards[seat] if not h.dead]
        assert len(pair) == 2, "only the surviving pair reaches the showdown"
        values[seat] = [best_high(pair + board) for board in state.boards]
    pots: list[tuple[int, list[int]]] = []
    previous = 0
    for level in sorted({put_in[s] for s in live}):
        amount = sum(min(c, level) - min(c, previous) for c in put_in)
        pots.append((amount, [s for s in live if put_in[s] >= level]))
        previous = level
    extra = sum(max(0, c - previous) for c in put_in)
    pots[-1] = (pots[-1][0] + extra, pots[-1][1])
    boards = len(state.boards)
    for amount, eligible in pots:
        for board in range(boards):
            share = amount // boards + (1 if board < amount % boards else 0)
            best = max(values[s][board] for s in eligible)
            winners = sorted(s for s in eligible if values[s][board] == best)
            each, odd = divmod(share, len(winners))
            for i, seat in enumerate(winners):
                won[seat] += each + (1 if i < odd else 0)
    return tuple(won[s] - put_in[s] for s in range(n))


def check_cards(state: HandState) -> None:
    game = state.game
    boards = int(getattr(game, "boards", 1))
    hole = [h.card for s in range(state.players) for h in state.cards[s]]
    assert all(len(state.cards[s]) == 6 for s in range(state.players))
    dealt = len(state.boards[0]) if state.boards else 0
    assert len(state.boards) in (0, boards)
    assert all(len(b) == dealt for b in state.boards)
    streets = {0: 0, 3: 1, 4: 2, 5: 3}[dealt]
    burns_expected = streets * boards if game.burns(state.players) else 0  # type: ignore[attr-defined]
    assert len(state.deck.burned) == burns_expected
    every: list[Card] = [*hole, *(c for b in state.boards for c in b), *state.deck.burned,
                         *state.deck.peek(state.deck.remaining)]
    assert sorted(every) == sorted(FULL_DECK)
    for seat in range(state.players):
        dead = [h.card for h in state.cards[seat] if h.dead]
        pairs = state.facts.pairs.get(seat, ())
        assert len(dead) in (0, 2, 4)
        for i in range(0, len(state.cards[seat]), 2):
            two = state.cards[seat][i:i + 2]
            assert two[0].dead == two[1].dead
            assert (two[0].card, two[1].card) in pairs


def check_privacy(state: HandState, viewer: int) -> None:
    view = state.view(viewer)
    shown = set(state.shown)
    hidden: set[str] = set()
    for seat in range(state.players):
        if seat == viewer:
            assert [c.card for c in view.seats[seat].cards] == [h.card for h in state.cards[seat]]
            continue
        for held, seen in zip(state.cards[seat], view.seats[seat].cards, strict=True):
            visible = seat in shown and not held.dead
            assert seen.card == (held.card if visible else None)
            assert seen.dead == held.dead
            if not visible:
                hidden.add(str(held.card))
    text = "\n".join(e.text for e in view.events)
    for mark in ":;,[]":
        text = text.replace(mark, " ")
    words = set(text.split())
    assert not hidden & words, f"seat {viewer} sees {hidden & words}"


def check_json(state: HandState) -> None:
    reloaded = load_hand(state.to_json())
    assert reloaded.view(None) == state.view(None)
    assert json.loads(reloaded.to_json()) == json.loads(state.to_json())


def check_undo(state: HandState, settings: dict[str, Any], stacks: list[int] | None,
               rng: random.Random) -> None:
    """Replay up to a random decision, undo it, redo it and play on to the same end."""
    assert text_history(load_hand(state.to_json()), 0) == text_history(state, 0)
    actions = state.actions
    cut = rng.randint(1, len(actions))
    partial = replay(state.game.id, players=state.players, seed=state.seed, settings=settings,
                     stacks=stacks, actions=actions[:cut])
    before = partial.view(None)
    partial.undo()
    assert len(partial.actions) == cut - 1
    for action in actions[cut - 1:]:
        partial.apply(action)
        if len(partial.actions) == cut:
            assert partial.view(None) == before
    assert partial.view(None) == state.view(None)


@pytest.mark.parametrize("game", ["sophies-pick", "double-sophie"])
def test_random_hands_keep_every_property(game: str) -> None:
    showdowns = 0
    for seed in range(HANDS_PER_GAME):
        state, settings, stacks = play_random(game, seed)
        rng = random.Random(seed + 1)
        table = state.table
        settlement = state.settlement
        assert settlement is not None
        assert sum(table.stacks) == sum(table.starting)
        assert sum(state.payoffs) == 0
        assert sum(a.amount for a in settlement.awards) == sum(table.contributed)
        assert state.payoffs == expected_payoffs(state), f"seed {seed}"
        assert all(a.amount > 0 for a in settlement.awards)
        check_cards(state)
        check_privacy(state, rng.randrange(state.players))
        check_json(state)
        if seed % UNDO_EVERY == 0:
            check_undo(state, settings, stacks, rng)
        showdowns += settlement.showdown
    assert showdowns > HANDS_PER_GAME // 5, "too few hands reached the showdown to test it"

