"""Computer players: always legal, seedable, blind to hidden cards, and sensible."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from engine.bots import BOTS, Bot, EquityBot, RandomBot, bot_for, equity, play_out
from engine.cards import FULL_DECK, parse_cards
from engine.games import GAMES, new_hand
from engine.games.declaration import STRATEGIES
from engine.hands import best_high
from engine.state import Action, ActionKind, HandState, HandView

GAME = "seven-card-stud"


def checked_play(state: HandState, bots: Mapping[int, Bot], rng: random.Random) -> list[Action]:
    """Like ``play_out``, checking that every choice was on offer (an amount
    inside ``bet_range`` counts as offered)."""
    chosen = []
    while not state.is_over:
        seat = state.to_act[0]
        action = bots[seat].choose(state, seat, rng)
        bet = state.bet_range(seat)
        assert action in state.legal_actions(seat) or (
            bet is not None and action.kind.value == bet.kind and bet.allows(action.amount))
        state.apply(action)
        chosen.append(action)
    return chosen


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_general_bot_only_makes_legal_moves_in_stud(players: int) -> None:
    for seed in range(8):
        state = new_hand(GAME, players=players, seed=seed,
                         stacks=[random.Random(seed).randint(5, 250) for _ in range(players)])
        checked_play(state, {s: EquityBot(trials=15) for s in range(players)}, random.Random(seed))
        assert sum(state.payoffs) == 0


def test_each_game_gets_the_player_its_declaration_names() -> None:
    """A player by the strategy a declaration names, never by a game's id: the general one
    unless a game names its own (as the house games do)."""
    assert tuple(BOTS) == STRATEGIES
    assert isinstance(bot_for("seven-card-stud"), EquityBot)
    for game_id, game in GAMES.items():
        assert type(bot_for(game_id)) is type(BOTS[game.declaration.strategy]()), game_id
    assert {type(bot_for(g)).__name__ for g in ("pick-a-partner", "sophies-pick",
                                                "double-sophie", "psycho")} == \
        {"PartnerBot", "SophieBot", "PsychoBot"}


def test_same_seed_same_decisions() -> None:
    def run() -> list[Action]:
        state = new_hand(GAME, players=4, seed=12)
        return checked_play(state, {s: EquityBot(trials=20) for s in range(4)}, random.Random(5))

    assert run() == run()


def test_bot_does_not_peek_at_hidden_cards() -> None:
    """Two deals that differ only in another seat's down cards get the same choice."""
    decks = ["2c 3d Ah 4c 5d Kh 9s 9h 7c", "Ac Ad Ah As Kd Kh 9s 9h 7c"]
    choices = []
    for deck in decks:
        state = new_hand(GAME, players=3, seed=1, deck=parse_cards(deck))
        seat = state.to_act[0]
        choices.append(EquityBot(trials=40).choose(state, seat, random.Random(9)))
    assert choices[0] == choices[1]


def test_strong_hands_raise_and_weak_hands_fold() -> None:
    rolled_up = new_hand(GAME, players=3, seed=2,
                         deck=parse_cards("Ah 7d 3d Ad 8s 4h As Kc 2c"))
    rolled_up.apply(Action(2, ActionKind.BRING_IN, 5))
    assert rolled_up.to_act == (0,)
    kinds = [EquityBot().choose(rolled_up, 0, random.Random(i)).kind for i in range(5)]
    assert kinds.count(ActionKind.COMPLETE) >= 4
    weak = new_hand(GAME, players=3, seed=2, deck=parse_cards("Ah 2d 9c Ad 7h 8c As 3s 2c"))
    weak.apply(Action(2, ActionKind.COMPLETE, 10))
    weak.apply(Action(0, ActionKind.RAISE, 20))
    kinds = [EquityBot().choose(weak, 1, random.Random(i)).kind for i in range(5)]
    assert kinds.count(ActionKind.FOLD) >= 4


def test_the_general_bot_beats_random_players_at_stud() -> None:
    net = 0
    for seed in range(40):
        state = new_hand(GAME, players=4, seed=seed)
        bots: dict[int, Bot] = {0: EquityBot(trials=20), 1: RandomBot(), 2: RandomBot(),
                                3: RandomBot()}
        play_out(state, bots, random.Random(seed))
        net += state.payoffs[0]
    assert net > 0


def test_play_out_stops_for_a_human_seat() -> None:
    state = new_hand(GAME, players=3, seed=4)
    play_out(state, {s: EquityBot(trials=10) for s in range(3)}, random.Random(1), stop_at=1)
    assert state.is_over or 1 in state.to_act


def stud_equity(view: HandView, seat: int, rng: random.Random, trials: int) -> float:
    """Seven-card stud's own player's equity as it was before the general player took its
    place: the reference the general one must match in stud, card for card."""
    me = view.seats[seat]
    mine = [c.card for c in me.cards if c.card is not None and not c.dead]
    board = [c for b in view.boards[:1] for c in b]
    rivals = [s for s in view.seats if s.seat != seat and not s.folded]
    if not rivals:
        return 1.0
    seen = set(mine) | set(board)
    for other in view.seats:
        seen.update(c.card for c in other.cards if c.card is not None)
    unseen = [c for c in FULL_DECK if c not in seen]
    known = {r.seat: [c.card for c in r.cards if c.card is not None and not c.dead]
             for r in rivals}
    total = 7 - len(board)
    need = max(0, total - len(mine)) + sum(max(0, total - len(k)) for k in known.values())
    shared = 1 if need > len(unseen) else 0
    total -= shared
    won = 0.0
    for _ in range(trials):
        rng.shuffle(unseen)
        pool = iter(unseen)
        common = board + [next(pool) for _ in range(shared)]
        best = best_high(mine + [next(pool) for _ in range(max(0, total - len(mine)))] + common)
        ties, beaten = 1, False
        for rival in rivals:
            theirs = known[rival.seat]
            value = best_high(theirs + [next(pool) for _ in range(max(0, total - len(theirs)))]
                              + common)
            if value > best:
                beaten = True
                break
            ties += value == best
        won += 0 if beaten else 1 / ties
    return won / trials


@pytest.mark.parametrize("players", [2, 5, 7, 8])
def test_the_general_player_judges_stud_as_studs_own_player_did(players: int) -> None:
    """At every table size, folds included (seven or eight players may need a community
    card only while enough of them stay in), the general player's equity in seven-card
    stud is the one stud's own player computed."""
    for seed in range(6):
        state = new_hand(GAME, players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            assert equity(state, view, seat, random.Random(seed), trials=10) == \
                stud_equity(view, seat, random.Random(seed), trials=10)
            state.apply(rng.choice(state.legal_actions(seat)))


def test_the_general_player_calls_a_no_limit_all_in_only_when_its_share_pays_for_it() -> None:
    """An all-in and two calls before it at an eight-handed no-limit hold'em table: a call costs
    about a quarter of the pot it could win, so it calls only with a share of the pot
    near that (a fair share of an eighth is no reason to risk every chip)."""
    calls = folds = 0
    for seed in range(12):
        state = new_hand("texas-holdem", players=8, seed=seed)
        seat = state.to_act[0]
        bet = state.bet_range(seat)
        assert bet is not None
        state.apply(Action(seat, ActionKind(bet.kind), bet.maximum))
        for _ in range(2):
            state.apply(Action(state.to_act[0], ActionKind.CALL))
        seat = state.to_act[0]
        choice = EquityBot(trials=12).choose(state, seat, random.Random(seed))
        share = equity(state, state.view(seat), seat, random.Random(seed), trials=400)
        if choice.kind is ActionKind.CALL:
            calls += 1
            assert share > 0.2, (seed, share)
        else:
            assert choice.kind is ActionKind.FOLD
            folds += 1
    assert folds >= 8
