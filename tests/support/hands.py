"""Random hands of any game with random announcements and stacks, and the properties
every hand keeps (chips, cards, offers, refusals changing nothing)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.games import new_hand
from engine.games.base import Game, Settings, SettingsError
from engine.history import load_hand, replay
from engine.state import Action, ActionKind, HandState, IllegalAction


def random_settings(game: Game, rng: random.Random) -> Settings:
    """Settings drawn from the schema: any option, or a whole number near the default."""
    for _ in range(200):
        values = {}
        for info in game.settings_type.schema():
            if info.options:
                values[info.name] = rng.choice(info.options).value
            elif rng.random() < 0.5:
                low = info.minimum if info.minimum is not None else 0
                high = info.maximum if info.maximum is not None else 10 * info.default
                candidates = [v for v in (low, info.default // 2, info.default,
                                          info.default * 2, rng.randint(low, max(low, 40)))
                              if low <= v <= high]
                values[info.name] = rng.choice(candidates)
        try:
            return game.settings_type(**values)
        except SettingsError:
            continue
    return game.settings_type()


def random_hand(game: Game, seed: int) -> HandState:
    rng = random.Random(seed)
    settings = random_settings(game, rng)
    while True:
        players = rng.randint(game.min_players, game.max_players)
        try:
            game.check_players(players, settings)
            break
        except ValueError:
            continue
    stacks = None
    if rng.random() < 0.3:
        stacks = [rng.choice([rng.randint(1, 20), rng.randint(20, 400)]) for _ in range(players)]
    return new_hand(game.id, players=players, seed=seed, settings=settings, stacks=stacks)


def check_chips(state: HandState) -> None:
    table = state.table
    total = sum(table.starting)
    if state.is_over:
        assert sum(table.stacks) == total
        assert sum(state.payoffs) == 0
        assert state.settlement is not None
        paid = sum(award.amount for award in state.settlement.awards)
        assert paid == sum(table.contributed)
        assert all(sum(c for _, c in a.shares) == a.amount for a in state.settlement.awards)
    else:
        assert sum(table.stacks) + table.pot_total == total
    assert all(stack >= 0 for stack in table.stacks)


def check_cards(state: HandState) -> None:
    """Every card is in exactly one place: a hand, a board, the stock or the muck."""
    held = [h.card for cards in state.cards for h in cards]
    boards = [c for board in state.boards for c in board]
    assert len(set(held + boards)) == len(held + boards), "a card is in two hands"
    deck = state.deck
    pile = deck.peek(deck.remaining) + list(deck.discards) + list(deck.burned)
    assert len(set(pile)) == len(pile), "a card is twice in the stock and muck"
    live = [h.card for s, cards in enumerate(state.cards) if not state.table.folded[s]
            for h in cards]
    assert set(pile).isdisjoint(live + boards), "a card in play is also in the stock or muck"
    assert set(pile) | set(held) | set(boards) == set(state.game.cards), "a card went missing"


def check_offers(state: HandState, seat: int) -> list[Action]:
    legal = state.legal_actions(seat)
    assert legal, "a seat to act has nothing to do"
    phase = state.phase
    assert phase is not None
    for action in legal:
        assert phase.accept(state, action) == action
    bet = state.bet_range(seat)
    if bet is not None:
        offered = {a.amount for a in legal if a.kind.value == bet.kind}
        assert {bet.minimum, bet.maximum} <= offered
    return legal


def check_refusal_changes_nothing(state: HandState) -> None:
    before = state.view(None)
    seat = state.to_act[0]
    wrong = [Action((seat + 1) % state.players, ActionKind.CHECK) if len(state.to_act) == 1
             else Action(seat, ActionKind.CHECK, amount=-1),
             Action(seat, ActionKind.RAISE, amount=10**9),
             Action(seat, ActionKind.DECLARE, choice="sideways")]
    for action in wrong:
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.view(None) == before


def play(game: Game, seed: int) -> Counter[str]:
    rng = random.Random(seed * 7 + 1)
    state = random_hand(game, seed)
    undo_at = rng.randint(0, 25)
    seen: Counter[str] = Counter()
    while not state.is_over:
        check_chips(state)
        seat = rng.choice(state.to_act)
        legal = check_offers(state, seat)
        if len(state.actions) == undo_at:
            check_refusal_changes_nothing(state)
        action = rng.choice(legal)
        bet = state.bet_range(seat)
        if bet is not None and not bet.amounts and action.kind.value == bet.kind:
            action = Action(seat, action.kind, amount=rng.randint(bet.minimum, bet.maximum))
        state.apply(action)
        seen[action.kind.value] += 1
        if len(state.actions) == undo_at + 1:
            after = state.view(None)
            state.undo()
            state.apply(action)
            assert state.view(None) == after
    check_chips(state)
    check_cards(state)
    again = replay(game.id, players=state.players, seed=state.seed, settings=state.settings,
                   actions=state.actions, deck=state.stacked, stacks=state.stacks_given)
    assert again.view(None) == state.view(None)
    loaded = load_hand(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert loaded.view(None) == state.view(None)
    assert loaded.payoffs == state.payoffs
    seen["hands"] += 1
    seen["showdowns"] += bool(state.settlement and state.settlement.showdown)
    seen["side pots"] += len(state.table.pots()) > 1
    return seen
