"""Typed deals: the stacked deck found for cards typed per seat gives each seat exactly them.

The oracle is the hand itself: after every decision of a randomly played
hand, each seat must hold its typed cards in the order typed (seven-card
stud keeps cards in deal order), however many seats have folded.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.cards import FULL_DECK, Card, parse_cards
from engine.deals import DealError, deal_plan, deck_from_seats
from engine.games import GAMES, new_hand
from engine.history import replay
from engine.state import Action, ActionKind, HandState
from tests.support.scale import scaled


def _typed(rng: random.Random, players: int, per_seat: int,
           boards: tuple[int, ...] = (), deck: tuple[Card, ...] = FULL_DECK
           ) -> tuple[list[list[Card]], list[list[Card]]]:
    cards = list(deck)
    rng.shuffle(cards)
    seats = [[cards.pop() for _ in range(rng.randint(0, per_seat))] for _ in range(players)]
    board_cards = [[cards.pop() for _ in range(rng.randint(0, n))] for n in boards]
    return seats, board_cards


def _stud_holds(state_cards: list[list[Card]], typed: list[list[Card]]) -> None:
    for seat, (got, wanted) in enumerate(zip(state_cards, typed, strict=False)):
        shared = min(len(got), len(wanted))
        assert got[:shared] == wanted[:shared], f"seat {seat}: dealt {got}, typed {wanted}"


@settings(max_examples=scaled(10), deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8))
def test_stud_typed_cards_survive_every_fold(seed: int, players: int) -> None:
    rng = random.Random(seed)
    plan = deal_plan("seven-card-stud", players=players)
    typed, _ = _typed(rng, players, plan.seat_cards)
    deck = deck_from_seats("seven-card-stud", players=players, seat_cards=typed, seed=seed)
    state = new_hand("seven-card-stud", players=players, seed=seed, deck=deck)
    _stud_holds([[h.card for h in cards] for cards in state.cards], typed)
    actions = []
    bot = RandomBot()
    while not state.is_over:
        actions.append(bot.choose(state, state.to_act[0], rng))
        deck = deck_from_seats("seven-card-stud", players=players, seat_cards=typed, seed=seed,
                               actions=actions, start=deck)
        state = replay("seven-card-stud", players=players, seed=seed, deck=deck, actions=actions)
        _stud_holds([[h.card for h in cards] for cards in state.cards], typed)
    assert deck_from_seats("seven-card-stud", players=players, seat_cards=typed, seed=seed,
                           actions=actions) == deck, "a start deck changed the answer"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_deals_the_typed_cards_and_boards(game_id: str) -> None:
    game = GAMES[game_id]
    players = 4 if game.min_players <= 4 <= game.max_players else game.min_players
    plan = deal_plan(game_id, players=players)
    rng = random.Random(game_id)
    for _ in range(scaled(1, least=1)):
        typed, boards = _typed(rng, players, plan.seat_cards, plan.boards, game.cards)
        deck = deck_from_seats(game_id, players=players, seat_cards=typed, boards=boards, seed=3)
        assert sorted(deck) == sorted(game.cards)
        state = new_hand(game_id, players=players, seed=3, deck=deck)
        for seat, wanted in enumerate(typed):
            dealt = [h.card for h in state.cards[seat]]
            shared = min(len(dealt), len(wanted))
            assert dealt[:shared] == wanted[:shared], (seat, dealt, wanted)
        actions = []
        bot = RandomBot()
        while not state.is_over:
            actions.append(bot.choose(state, state.to_act[0], rng))
            deck = deck_from_seats(game_id, players=players, seat_cards=typed, boards=boards,
                                   seed=3, actions=actions, start=deck)
            state = replay(game_id, players=players, seed=3, deck=deck, actions=actions)
        for index, wanted in enumerate(boards):
            if index < len(state.boards):
                assert state.boards[index][:len(wanted)] == wanted[:len(state.boards[index])]


def test_plan_describes_each_game() -> None:
    assert deal_plan("seven-card-stud", players=4).describe() == \
        "7 cards each: down, down, up, up, up, up, down"
    assert deal_plan("seven-card-stud", players=8).boards == (1,)
    if "double-sophie" in GAMES:
        assert deal_plan("double-sophie", players=3).boards == (5, 5)


@pytest.mark.parametrize(("seats", "boards", "message"), [
    (["Kh Qh", "2c Kh"], [], "K♥ is typed for Seat 1 and for Seat 2"),
    (["Kh Qh Kh"], [], "K♥ is typed twice for Seat 1"),
    (["Kh 2c 3c 4c 5c 6c 7c 8c"], [], "Seat 1: 8 cards typed, but each player is dealt at "
                                      "most 7"),
    (["Kh", "", "", "", "2c"], [], "cards are typed for 5 seats, but there are only 4"),
    (["Kh"], ["2c"], "1 card typed for the board, but this game deals it no cards"),
])
def test_bad_typed_deals_are_refused_with_reasons(seats: list[str], boards: list[str],
                                                   message: str) -> None:
    with pytest.raises(DealError, match=message):
        deck_from_seats("seven-card-stud", players=4, seat_cards=[parse_cards(s) for s in seats],
                        boards=[parse_cards(b) for b in boards])


# --- Psycho: the cards each seat receives when it draws ----------------------------------


def _discard(seat: int, cards: str) -> Action:
    return Action(seat, ActionKind.DISCARD, cards=tuple(parse_cards(cards)))


def _draws_played(*, players: int, seat_cards: list[str], seat_draws: list[str],
                  draws: list[Action], seed: int,
                  settings: dict[str, str] | None = None) -> list[HandState]:
    """The hand after the deal and after each draw, its deck found decision by decision."""
    seats = [parse_cards(s) for s in seat_cards]
    typed_draws = [parse_cards(s) for s in seat_draws]
    deck = deck_from_seats("psycho", players=players, seat_cards=seats, seat_draws=typed_draws,
                           seed=seed, settings=settings)
    states = [new_hand("psycho", players=players, seed=seed, settings=settings, deck=deck)]
    for step in range(1, len(draws) + 1):
        deck = deck_from_seats("psycho", players=players, seat_cards=seats,
                               seat_draws=typed_draws, seed=seed, settings=settings,
                               actions=draws[:step], start=deck)
        states.append(replay("psycho", players=players, seed=seed, settings=settings,
                             deck=deck, actions=draws[:step]))
    return states


def _received(before: HandState, after: HandState, action: Action) -> list[Card]:
    """The cards a seat's draw brought, in the order dealt (after what it kept)."""
    kept = {h.card for h in before.cards[action.seat]} - set(action.cards)
    return [h.card for h in after.cards[action.seat] if h.card not in kept]


def _everywhere(state: HandState) -> set[Card]:
    return {h.card for cards in state.cards for h in cards} | {
        c for board in state.boards for c in board}


def test_two_seats_receive_exactly_the_cards_typed_for_their_draws() -> None:
    draws = [_discard(0, "2c 3d"), _discard(1, "Ts"), _discard(2, "4h 5h 6h"),
             _discard(3, "")]
    states = _draws_played(players=4, seat_cards=["Ah Kh Qc 2c 3d", "9s 9h 9d Ts 8c",
                                                  "4h 5h 6h 7c 8d"],
                           seat_draws=["Qh Jh", "9c"], draws=draws, seed=17)
    dealt, final = states[0], states[-1]
    assert [h.card for h in dealt.cards[0]] == parse_cards("Ah Kh Qc 2c 3d")
    assert _received(states[0], states[1], draws[0]) == parse_cards("Qh Jh")
    assert _received(states[1], states[2], draws[1]) == parse_cards("9c")
    typed = set(parse_cards("Qh Jh 9c"))
    third = _received(states[2], states[3], draws[2])
    assert len(third) == 3 and not typed & set(third), "an untyped draw took a typed card"
    for before, after in zip(states, states[1:], strict=False):
        earlier = replay("psycho", players=4, seed=17, deck=after.stacked,
                         actions=after.actions[:-1])
        assert earlier.view(None) == before.view(None), "a card already dealt changed"
    assert [h.card for h in final.cards[2]][:2] == parse_cards("7c 8d")
    assert [h.card for h in final.cards[1]][:4] == parse_cards("9s 9h 9d 8c")


def test_typed_draw_cards_are_dealt_nowhere_else_while_they_wait() -> None:
    rng = random.Random(8)
    seats = ["Ah Kh Qc 2c 3d"]
    states = _draws_played(players=5, seat_cards=seats, seat_draws=["", "", "", "Qh Jh 9c"],
                           draws=[], seed=8)
    state = states[0]
    bot = RandomBot()
    while state.to_act and state.street == "Draw" and state.to_act[0] != 3:
        state.apply(bot.choose(state, state.to_act[0], rng))
    assert not set(parse_cards("Qh Jh 9c")) & _everywhere(state)
    passive = new_hand("psycho", players=5, seed=8, deck=state.stacked)
    while not passive.is_over:
        seat = passive.to_act[0]
        legal = passive.legal_actions(seat)
        passive.apply(next((a for a in legal if a.kind is ActionKind.CHECK), legal[0]))
        assert not set(parse_cards("Qh Jh 9c")) & _everywhere(passive), \
            "a card waiting for Seat 4's draw was dealt as a stud card"


@pytest.mark.parametrize(("drawn", "typed", "expect"), [
    ("2c", "Qh Jh 9c", "Qh"),
    ("2c 3d 4s", "Qh", "Qh"),
    ("", "Qh Jh", ""),
])
def test_a_seat_drawing_fewer_or_more_than_typed(drawn: str, typed: str, expect: str) -> None:
    action = _discard(0, drawn)
    states = _draws_played(players=4, seat_cards=["Ah Kh 2c 3d 4s"], seat_draws=[typed],
                           draws=[action], seed=23)
    got = _received(states[0], states[1], action)
    assert len(got) == len(action.cards)
    assert got[:len(parse_cards(expect))] == parse_cards(expect)
    assert not set(got[len(parse_cards(expect)):]) & set(parse_cards(typed)), \
        "a draw beyond the typed cards dealt a typed card out of order"
    state = states[1]
    while not state.is_over:
        legal = state.legal_actions(state.to_act[0])
        state.apply(next((a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)),
                         legal[0]))
    left_over = set(parse_cards(typed)[len(action.cards):])
    assert not left_over & _everywhere(state), "cards typed but not drawn were dealt"


@pytest.mark.parametrize(("seats", "draws", "settings", "message"), [
    (["7c Kh"], ["", "7c"], None, "7♣ is typed for Seat 1 and for Seat 2's draw: each card "
                                  "exists only once"),
    ([], ["Qh", "Jh Qh"], None, "Q♥ is typed for Seat 1's draw and for Seat 2's draw"),
    ([], ["Qh Qh"], None, "Q♥ is typed twice for Seat 1's draw"),
    ([], ["Qh Jh Th 9h"], {"draw_limit": "three"},
     "Seat 1's draw: 4 cards typed, but the draw limit lets a player exchange at most 3 cards"),
    ([], ["Qh Jh Th 9h 8h"], {"draw_limit": "four-with-ace"},
     "Seat 1's draw: 5 cards typed, but the draw limit lets a player exchange at most 4 cards"),
    ([], ["Qh Jh Th 9h 8h 7h"], None,
     "Seat 1's draw: 6 cards typed, but the draw limit lets a player exchange at most 5 cards"),
    ([], ["", "", "", "", "Qh"], None, "draws are typed for 5 seats, but there are only 4"),
])
def test_bad_typed_draws_are_refused_with_reasons(seats: list[str], draws: list[str],
                                                  settings: dict[str, str] | None,
                                                  message: str) -> None:
    with pytest.raises(DealError, match=message):
        deck_from_seats("psycho", players=4, seat_cards=[parse_cards(s) for s in seats],
                        seat_draws=[parse_cards(d) for d in draws], settings=settings)


def test_a_game_without_a_draw_refuses_typed_draws() -> None:
    assert deal_plan("seven-card-stud", players=4).draws == 0
    with pytest.raises(DealError, match="Seat 2's draw: 1 card typed, but this game has no "
                                        "draw"):
        deck_from_seats("seven-card-stud", players=4, seat_cards=[], seat_draws=[[], [CARD]])


CARD = parse_cards("Qh")[0]


def test_the_plan_knows_the_draw_limit_and_the_stock() -> None:
    assert [deal_plan("psycho", players=4, settings={"draw_limit": limit}).draws
            for limit in ("none", "three", "four-with-ace")] == [5, 3, 4]
    assert [deal_plan("psycho", players=n).draw_stock for n in (2, 7, 10)] == [42, 17, 2]


def test_a_stock_too_small_for_the_typed_draws_keeps_the_first_drawers_cards() -> None:
    """Ten players leave two cards in the stock: Seat 1's first two typed cards wait
    there; its third and Seat 2's card are dealt in the deal, the last typed first."""
    draws = [_discard(0, ""), _discard(1, "")]
    seat_one = [c for c in FULL_DECK if c not in set(parse_cards("Qh Jh 9c 8d"))][:5]
    states = _draws_played(players=10, seat_cards=[" ".join(c.ascii for c in seat_one)],
                           seat_draws=["Qh Jh 9c", "8d"], draws=draws, seed=4)
    dealt = states[0]
    holders = {card: seat for seat in range(10) for card in (h.card for h in
                                                             dealt.cards[seat])}
    assert holders[parse_cards("8d")[0]] == 8 and holders[parse_cards("9c")[0]] == 9
    assert set(dealt.deck.peek(2)) == set(parse_cards("Qh Jh")), "the stock holds them"
    draws = [_discard(0, " ".join(c.ascii for c in seat_one[2:]))]
    states = _draws_played(players=10, seat_cards=[" ".join(c.ascii for c in seat_one)],
                           seat_draws=["Qh Jh 9c", "8d"], draws=draws, seed=4)
    got = _received(states[0], states[1], draws[0])
    assert got[:2] == parse_cards("Qh Jh") and got[2] in seat_one[2:], \
        "the stock's two typed cards, then one of Seat 1's own discards shuffled back"
    assert states[1].view(None).seats[9] == states[0].view(None).seats[9]


def test_cards_waiting_for_a_draw_come_before_later_streets_typed_cards() -> None:
    """Seven players, five with all seven cards typed and two with five draw cards each:
    the stock cannot hold the ten draw cards and the later streets' typed cards. The
    draw cards stay in the stock; the seventh cards furthest ahead (Seats 3 to 5)
    are dealt in the deal instead, to the untyped seats."""
    rng = random.Random(1)
    pool = list(FULL_DECK)
    rng.shuffle(pool)
    seats = [[pool.pop() for _ in range(7)] for _ in range(5)]
    draws = [[pool.pop() for _ in range(5)] for _ in range(2)]
    deck = deck_from_seats("psycho", players=7, seat_cards=seats, seat_draws=draws, seed=2)
    state = new_hand("psycho", players=7, seed=2, deck=deck)
    assert [[h.card for h in state.cards[s]] for s in range(5)] == [c[:5] for c in seats]
    assert not {c for d in draws for c in d} & _everywhere(state)
    untyped = {h.card for s in (5, 6) for h in state.cards[s]}
    assert {seats[s][6] for s in (2, 3, 4)} <= untyped
    actions: list[Action] = []
    for seat in (0, 1):
        before = state
        actions.append(Action(seat, ActionKind.DISCARD,
                              cards=tuple(h.card for h in state.cards[seat])))
        deck = deck_from_seats("psycho", players=7, seat_cards=seats, seat_draws=draws, seed=2,
                               actions=actions, start=deck)
        state = replay("psycho", players=7, seed=2, deck=deck, actions=actions)
        assert _received(before, state, actions[-1]) == draws[seat]


@pytest.mark.parametrize("seed", range(scaled(6)))
def test_typed_draws_reach_their_seats_over_many_hands(seed: int) -> None:
    """Random tables, typed cards and decisions (draw counts included): after every
    decision the deck is found again and the hand replayed on it. Each seat's deal
    and its typed draw cards arrive in order while the stock holds every draw card
    still waiting; at four players or fewer everything fits, sixth and seventh cards
    too; and no card already dealt ever changes. Six seeds give each table size from two
    to seven once, and each draw limit twice."""
    rng = random.Random(seed)
    players = 2 + seed % 6
    settings = {"draw_limit": ("none", "three", "four-with-ace")[seed % 3]}
    plan = deal_plan("psycho", players=players, settings=settings)
    pool = list(FULL_DECK)
    rng.shuffle(pool)
    seats = [[pool.pop() for _ in range(rng.randint(0, plan.seat_cards))]
             for _ in range(players)]
    draws = [[pool.pop() for _ in range(rng.randint(0, plan.draws))] for _ in range(players)]
    deck = deck_from_seats("psycho", players=players, seat_cards=seats, seat_draws=draws,
                           seed=seed, settings=settings)
    state = new_hand("psycho", players=players, seed=seed, settings=settings, deck=deck)
    dealt = [[h.card for h in cards] for cards in state.cards]
    fits = True
    actions: list[Action] = []
    while not state.is_over:
        seat = state.to_act[0]
        action = rng.choice(state.legal_actions(seat))
        if action.kind is ActionKind.DISCARD:
            waiting = sum(len(draws[s]) for s in range(seat, players))
            fits = fits and state.deck.remaining >= waiting
        before = state
        actions.append(action)
        deck = deck_from_seats("psycho", players=players, seat_cards=seats, seat_draws=draws,
                               seed=seed, settings=settings, actions=actions, start=deck)
        state = replay("psycho", players=players, seed=seed, settings=settings, deck=deck,
                       actions=actions)
        earlier = replay("psycho", players=players, seed=seed, settings=settings, deck=deck,
                         actions=actions[:-1])
        assert earlier.view(None) == before.view(None), f"step {len(actions)} changed a card"
        held = {h.card for h in before.cards[seat]}
        if action.kind is ActionKind.DISCARD and action.cards:
            got = _received(before, state, action)
            wanted = draws[seat][:len(action.cards)]
            if fits:
                assert got[:len(wanted)] == wanted, (seat, got, draws[seat])
        else:
            for s in range(players):
                known = held if s == seat else {h.card for h in before.cards[s]}
                dealt[s] += [h.card for h in state.cards[s] if h.card not in known]
    for s in range(players):
        checked = 5 if players > 4 else len(dealt[s])
        shared = min(checked, len(seats[s]), len(dealt[s]))
        assert dealt[s][:shared] == seats[s][:shared], (s, dealt[s], seats[s])
    if seed < 4:
        assert deck_from_seats("psycho", players=players, seat_cards=seats, seat_draws=draws,
                               seed=seed, settings=settings, actions=actions) == deck, \
            "a start deck changed the answer"
