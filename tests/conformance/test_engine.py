"""Every registered game's hands, by the engine alone: random legal play to the end with
chips and cards conserved, every offer accepted and every refusal changing nothing,
replay, undo and the JSON history rebuilding the same hand; every view hiding what its
seat may not see; every computer player deciding from its seat's view alone."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from engine.actions import Burned, Dealt, Decided, Drew, Mucked, Shown
from engine.bots import Bot, RandomBot, play_out
from engine.cards import Card
from engine.games import get_game
from engine.history import load_hand, replay
from engine.phh import load_phh, to_phh
from engine.state import EventKind, HandState
from tests.budget import scaled
from tests.leaks import ever_up, named_cards
from tests.test_bots import checked_play, quick_bot
from tests.test_bots_view_only import ViewOnly
from tests.test_engine_properties import play, random_hand

HANDS = scaled(40)
"""Random hands per game; the engine's own property tests play many more of its games."""


def test_random_legal_play_keeps_every_property(game_id: str) -> None:
    totals: Counter[str] = Counter()
    for seed in range(HANDS):
        totals += play(get_game(game_id), seed)
    assert totals["hands"] == HANDS
    assert totals["showdowns"] > 0, "no random hand reached a showdown"


def check_views_hide(state: HandState, held: list[set[Card]], told: list[int]) -> None:
    """No seat's view shows a card face down to it, and no line of narration names one
    when the seat first reads it, but for cards it once held (``held``, kept up to date
    here: a card it drew away may have reached another seat). ``told`` counts the lines
    each seat has read so far."""
    public = ever_up(state)
    for viewer in range(state.players):
        held[viewer].update(h.card for h in state.cards[viewer])
        hidden = set(state.hidden_from(viewer)) - public - held[viewer]
        view = state.view(viewer)
        shown = {c.card for s in view.seats for c in s.cards if c.card is not None}
        assert not shown & hidden, (viewer, shown & hidden)
        for event in view.events[told[viewer]:]:
            assert not named_cards(event.text, hidden), (viewer, event.text)
        told[viewer] = len(view.events)
    host = state.view(None)
    assert all(c.card is not None for s in host.seats for c in s.cards), "the host sees all"


def test_every_view_hides_what_its_seat_may_not_see(game_id: str) -> None:
    for seed in range(scaled(10, least=3)):
        state = random_hand(get_game(game_id), seed)
        rng = random.Random(seed)
        held: list[set[Card]] = [set() for _ in range(state.players)]
        told = [0] * state.players
        while not state.is_over:
            check_views_hide(state, held, told)
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)))
        check_views_hide(state, held, told)


def test_the_computer_player_finishes_hands_with_legal_moves(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(scaled(10, least=2)):
        state = random_hand(game, seed)
        checked_play(state, {s: quick_bot(game_id) for s in range(state.players)},
                     random.Random(seed))
        assert state.is_over and sum(state.payoffs) == 0


def test_the_computer_player_decides_from_its_view_alone(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(scaled(6, least=2)):
        state = random_hand(game, seed)
        bot = quick_bot(game_id)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            draw = rng.getrandbits(32)
            action = bot.choose(state, seat, random.Random(draw))
            seen_only = bot.choose(ViewOnly(state, seat), seat,  # type: ignore[arg-type]
                                   random.Random(draw))
            assert seen_only == action, f"seat {seat} decided differently"
            state.apply(action)


def test_the_computer_player_beats_random_play(game_id: str) -> None:
    """The game's player (its own, or the general one judging its share of the pot) wins
    chips from players choosing at random, over a few hands in every seat."""
    game = get_game(game_id)
    net = 0
    for seed in range(scaled(150, least=60)):
        state = random_hand(game, seed)
        me = seed % state.players
        bots: dict[int, Bot] = {s: RandomBot() for s in range(state.players)}
        bots[me] = quick_bot(game_id, trials=12)
        play_out(state, bots, random.Random(seed))
        net += state.payoffs[me]
    assert net > 0, net


def check_record(state: HandState) -> None:
    """The typed record accounts for the hand: replaying its card movements rebuilds every
    hand still in and every board, its decisions are the hand's actions, its shows and
    mucks the showdown's, its burns the burned cards; each deal's narration names the
    cards it dealt."""
    record = state.record
    assert [op.action for op in record if isinstance(op, Decided)] == state.actions
    hands: list[list[Card]] = [[] for _ in range(state.players)]
    boards: dict[int, list[Card]] = {}
    for op in record:
        if isinstance(op, Dealt) and op.aside:
            continue
        if isinstance(op, Dealt) and op.seat is not None:
            hands[op.seat].extend(op.cards)
        elif isinstance(op, Dealt):
            assert op.board is not None
            boards.setdefault(op.board, []).extend(op.cards)
        elif isinstance(op, Drew):
            hands[op.seat] = [c for c in hands[op.seat] if c not in op.discarded]
            hands[op.seat].extend(op.drawn)
    for seat in state.in_hand():
        assert sorted(hands[seat]) == sorted(h.card for h in state.cards[seat]), seat
        up = {c for op in record if isinstance(op, Dealt) and op.seat == seat and not op.aside
              for c, face_up in zip(op.cards, op.up, strict=True) if face_up}
        assert up <= {h.card for h in state.cards[seat] if h.up}, seat
    assert [boards[i] for i in sorted(boards)] == [list(b) for b in state.boards]
    assert {op.card for op in record if isinstance(op, Burned)} == \
        set(state.burns.values()) | set(state.deck.burned)
    assert [op.seat for op in record if isinstance(op, Shown)] == state.shown
    assert [op.seat for op in record if isinstance(op, Mucked)] == state.mucked
    private = [e.private or e.text for e in state.events if e.kind is EventKind.DEAL]
    for op in record:
        if isinstance(op, Dealt) and op.seat is not None and not op.aside:
            dealt = f"[{' '.join(str(c) for c in op.cards)}]"
            assert any(line.startswith(f"Seat {op.seat + 1}: ") and line.endswith(dealt)
                       for line in private), (op, private)


def test_the_typed_record_accounts_for_every_card_and_decision(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(scaled(20, least=4)):
        state = random_hand(game, seed)
        rng = random.Random(seed)
        while not state.is_over:
            check_record(state)
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)))
        check_record(state)
        again = replay(game_id, players=state.players, seed=state.seed,
                       settings=state.settings, actions=state.actions, deck=state.stacked,
                       stacks=state.stacks_given)
        assert again.record == state.record
        assert load_hand(state.to_json()).record == state.record
        assert "record" not in {f.name for f in dataclasses.fields(state.view(None))}


def test_the_hand_history_round_trips_through_phh(game_id: str) -> None:
    """The host's PHH file of a hand, finished or not, loads back to the same hand."""
    game = get_game(game_id)
    for seed in range(scaled(10, least=3)):
        state = random_hand(game, seed)
        rng = random.Random(seed)
        stop = rng.randint(0, 30)
        while not state.is_over and len(state.actions) < stop:
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)))
        assert load_phh(to_phh(state)).to_json() == state.to_json()
