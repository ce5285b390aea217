"""Every registered game's hands, by the engine alone: random legal play to the end with
chips and cards conserved, every offer accepted and every refusal changing nothing,
replay, undo and the JSON history rebuilding the same hand; every view hiding what its
seat may not see; every computer player that may sit at the game (its own and the general
one) making only legal moves and deciding from its seat's view alone, and the game's player
beating random play."""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
from collections import Counter
from dataclasses import dataclass, field

import pytest

from engine.actions import Burned, Dealt, Decided, Drew, Mucked, Passed, Shown
from engine.bots import Bot, EquityBot, RandomBot, equity, play_out
from engine.cards import Card
from engine.games import get_game, new_hand
from engine.history import load_hand, replay
from engine.phh import load_phh, to_phh
from engine.state import Action, ActionKind, EventKind, HandState
from tests.conformance.view_only import ViewOnly
from tests.support.bots import quick_bot
from tests.support.hands import play, random_hand
from tests.support.scale import scaled

HANDS = scaled(40)
"""Random hands per game; the engine's own property tests play many more of its games."""


def test_random_legal_play_keeps_every_property(game_id: str) -> None:
    totals: Counter[str] = Counter()
    for seed in range(HANDS):
        totals += play(get_game(game_id), seed)
    assert totals["hands"] == HANDS
    assert totals["showdowns"] > 0, "no random hand reached a showdown"


BOT_HANDS = scaled(3, least=2)
"""Hands per computer player and game with a computer player in every seat, each decision
made twice (the engine refuses an illegal move in every hand the game's player plays
against random players too)."""


def computer_players(game_id: str) -> list[Bot]:
    """Every computer player that may sit at the game: its own if it declares one, and the
    general one, which plays any game; with the smallest simulations (what is checked here,
    legal moves and decisions from the view alone, does not depend on their size)."""
    own = quick_bot(game_id, trials=3)
    return [own] if isinstance(own, EquityBot) else [own, EquityBot(trials=3)]


def offered(state: HandState, seat: int, action: Action) -> bool:
    """Whether ``action`` is on offer: one of the legal actions, or an amount inside
    ``bet_range``."""
    bet = state.bet_range(seat)
    return action in state.legal_actions(seat) or (
        bet is not None and action.kind.value == bet.kind and action.amount is not None
        and bet.allows(action.amount))


@dataclass
class BotHand:
    """A hand the computer players played in every seat: what each decided from the hand
    but not from its view alone (``differed``), and a choice that was not on offer
    (``illegal``, where the hand stopped)."""

    bot: str
    state: HandState
    differed: list[str] = field(default_factory=list)
    illegal: Action | None = None


@pytest.fixture(scope="module")
def bot_hands(game_id: str) -> list[BotHand]:
    """Random deals of the game played by each of its computer players in every seat; each
    decision is made twice with the same random numbers, on the hand and on a stand-in
    offering only the seat's view (``ViewOnly``)."""
    game = get_game(game_id)
    played = []
    for bot in computer_players(game_id):
        for seed in range(BOT_HANDS):
            hand = BotHand(type(bot).__name__, random_hand(game, seed))
            state, rng = hand.state, random.Random(seed)
            while not state.is_over:
                seat = state.to_act[0]
                draw = rng.getrandbits(32)
                action = bot.choose(state, seat, random.Random(draw))
                try:
                    seen_only = bot.choose(ViewOnly(state, seat),  # type: ignore[arg-type]
                                           seat, random.Random(draw))
                except AssertionError as beyond:
                    hand.differed.append(f"seat {seat}: {beyond}")
                else:
                    if seen_only != action:
                        hand.differed.append(f"seat {seat} chose {seen_only} from its view, "
                                             f"{action} from the hand")
                if not offered(state, seat, action):
                    hand.illegal = action
                    break
                state.apply(action)
            played.append(hand)
    return played


def test_the_computer_players_finish_hands_with_legal_moves(bot_hands: list[BotHand]) -> None:
    for hand in bot_hands:
        assert hand.illegal is None, f"{hand.bot} chose {hand.illegal}, not on offer"
        assert hand.state.is_over and sum(hand.state.payoffs) == 0, hand.bot


def test_the_computer_players_decide_from_their_views_alone(bot_hands: list[BotHand]) -> None:
    assert EquityBot.__name__ in {hand.bot for hand in bot_hands}, "the general one plays too"
    for hand in bot_hands:
        assert not hand.differed, (hand.bot, hand.differed)


def test_the_general_player_judges_its_hand_at_the_largest_table(game_id: str) -> None:
    """At the game's largest table, where the stock may run short, the general player's
    estimate at each betting decision of a hand played to the showdown is a share of the
    pot: its simulated deals fit the stock, every hand valued by the game's declaration."""
    game = get_game(game_id)
    players = game.player_counts(game.settings_type())[-1]
    state = new_hand(game_id, players=players, seed=1)
    rng = random.Random(1)
    judged = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if any(a.kind.is_betting for a in legal):
            assert 0 <= equity(state, state.view(seat), seat, rng, trials=2) <= 1
            judged += 1
        staying = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
        state.apply(staying[0] if staying else rng.choice(legal))
    assert judged and state.shown, "the hand reached the showdown"


BEAT_HANDS = scaled(90, least=60)
"""The most hands the game's player plays against random players, with twelve simulations a
decision: with six, short-deck hold'em's and five-card Omaha's players were still behind
after 150 hands; with twelve every one of the 28 games is ahead within 90."""
FIRST_LOOK, CONVINCED = 30, 3.0
"""After this many hands, winnings this many standard errors above nothing are enough."""


def convincing(nets: list[int]) -> bool:
    """Whether the winnings so far leave no reasonable doubt: at least ``FIRST_LOOK`` hands,
    their mean ``CONVINCED`` standard errors above nothing."""
    if len(nets) < FIRST_LOOK:
        return False
    error = statistics.stdev(nets) / math.sqrt(len(nets))
    return statistics.fmean(nets) > CONVINCED * error


def test_the_computer_player_beats_random_play(game_id: str) -> None:
    """The game's player (its own, or the general one judging its share of the pot) wins
    chips from players choosing at random, over hands in every seat: deals in a fixed
    order, until its winnings are convincing or ``BEAT_HANDS`` have been played; then it
    must be ahead."""
    game = get_game(game_id)
    nets: list[int] = []
    for seed in range(BEAT_HANDS):
        state = random_hand(game, seed)
        me = seed % state.players
        bots: dict[int, Bot] = {s: RandomBot() for s in range(state.players)}
        bots[me] = quick_bot(game_id, trials=12)
        play_out(state, bots, random.Random(seed))
        nets.append(state.payoffs[me])
        if convincing(nets):
            break
    assert sum(nets) > 0, (len(nets), sum(nets))


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
        elif isinstance(op, Passed):
            hands[op.seat] = [c for c in hands[op.seat] if c not in op.cards]
            hands[op.to].extend(op.cards)
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
