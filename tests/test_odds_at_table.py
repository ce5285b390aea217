"""The calculator for the hand in front of you, checked by brute force with pokerkit's hands,
by pokerkit's own equity calculator, on every registered game, and on bad input."""

from __future__ import annotations

import math
import random
from functools import cache
from urllib.parse import parse_qsl, urlsplit

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import Deck, Hand, StandardHighHand

from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import GAMES, new_hand
from engine.odds.at_table import (
    Spot,
    Step,
    follows,
    points,
    prepare,
    solve_spot,
    spot_from_hand,
)
from engine.odds.inputs import OddsInputError
from engine.odds.tally import Answer
from engine.state import ActionKind, HandState
from tests.support.pokerkit_sampled import seeded_equities
from tests.support.scale import scaled
from ui.odds.hand import results_frame
from ui.odds.hand_link import read_hand_link, spot_link

p = parse_cards
rng = np.random.default_rng


def _pk(cards: list[Card]) -> Hand:
    return StandardHighHand.from_game("".join(c.ascii for c in cards), "")


SIXTH_MINE, SIXTH_THEIRS = p("Ah Ad 2c 3d 4h 5s"), p("Kc Kd Ks 7c 8d 9h")
SIXTH_STREET = Spot.build("seven-card-stud", players=2, seats=[SIXTH_MINE, SIXTH_THEIRS],
                          street="6th street")


@cache
def _sixth_street_exact() -> Answer:
    """Every deal of the sixth-street spot counted, once for the tests that need it."""
    return solve_spot(SIXTH_STREET, rng=rng(0), seconds=60)


def test_stud_sixth_street_exact_equals_brute_force_with_pokerkit_hands() -> None:
    mine, theirs = SIXTH_MINE, SIXTH_THEIRS
    answer = _sixth_street_exact()
    assert answer.exact and answer.deals == 40 * 39
    pool = [c for c in FULL_DECK if c not in {*mine, *theirs}]
    total = 0.0
    for a in pool:
        for b in pool:
            if a == b:
                continue
            one, two = _pk([*mine, a]), _pk([*theirs, b])
            total += 1.0 if one > two else 0.5 if one == two else 0.0
    assert answer["share/0"].value == pytest.approx(total / (40 * 39), abs=1e-12)
    assert answer["share/0"].value + answer["share/1"].value == pytest.approx(1.0)


def test_stud_with_unseen_down_cards_agrees_with_pokerkit_calculate_equities() -> None:
    up = p("Ks 7c 8d")
    mine = p("Ah Ad 2c 3d 4h")
    spot = Spot.build("seven-card-stud", players=2, street="5th street",
                      seats=[mine, [None, None, *up]])
    answer = solve_spot(spot, rng=rng(3), seconds=2)
    assert not answer.exact
    theirs = pokerkit_stud([mine, up])
    estimate = answer["share/0"]
    # both sample: three standard errors of each apart at most
    theirs_error = math.sqrt(max(theirs * (1 - theirs), 1e-4) / POKERKIT_SAMPLES)
    assert abs(estimate.value - theirs) <= 3 * (estimate.half_width / 1.96 + theirs_error)


def pokerkit_stud(hands: list[list[Card]]) -> float:
    from pokerkit import Card as PkCard
    ranges = [[frozenset(PkCard.parse("".join(c.ascii for c in h)))] for h in hands]
    return float(seeded_equities(ranges, (), 7, 0, Deck.STANDARD, (StandardHighHand,),
                                 sample_count=POKERKIT_SAMPLES)[0])


POKERKIT_SAMPLES = 3000


def test_sophies_pick_river_is_holdem_and_matches_brute_force() -> None:
    """After both sacrifices each seat plays one pair with the board: hold'em."""
    mine, theirs = p("Ah Ad 7c 7d 2s 3s"), p("Kc Kd 9h 9s 4c 5c")
    board = p("Qh Jd 6s 2h")
    choices = [Step(0, ActionKind.LOCK_PAIRS, places=(0, 1, 2, 3, 4, 5)),
               Step(1, ActionKind.LOCK_PAIRS, places=(0, 1, 2, 3, 4, 5)),
               Step(0, ActionKind.SACRIFICE, places=(4, 5)),
               Step(1, ActionKind.SACRIFICE, places=(4, 5)),
               Step(0, ActionKind.SACRIFICE, places=(2, 3)),
               Step(1, ActionKind.SACRIFICE, places=(2, 3))]
    spot = Spot.build("sophies-pick", players=2, seats=[mine, theirs], boards=[board],
                      street="River", choices=choices)
    prepared = prepare(spot)
    assert not prepared.open_choices
    answer = solve_spot(prepared, rng=rng(0), seconds=30)
    assert answer.exact
    pool = [c for c in FULL_DECK if c not in {*mine, *theirs, *board}]
    total = 0.0
    for river in pool:
        one = _pk([*mine[:2], *board, river])
        two = _pk([*theirs[:2], *board, river])
        total += 1.0 if one > two else 0.5 if one == two else 0.0
    assert answer.deals == len(pool) == 36
    assert answer["share/0"].value == pytest.approx(total / len(pool), abs=1e-12)


def test_psycho_declarations_split_the_pot_into_named_halves() -> None:
    low, high = p("Ah 2c 3d 4s 6h 9c Kd"), p("Kc Ks Kh 7c 7d Qh Jd")
    declare = [Step(0, ActionKind.DECLARE, choice="low"),
               Step(1, ActionKind.DECLARE, choice="high")]
    spot = Spot.build("psycho", players=2, seats=[low, high], street="Declarations",
                      choices=declare)
    answer = solve_spot(spot, rng=rng(0))
    assert answer.exact and answer.deals == 1
    assert answer["the low half/0"].value == 1.0 and answer["the high half/1"].value == 1.0
    assert answer["share/0"].value == pytest.approx(0.5, abs=0.05)
    assert answer["scoop/0"].value == 0.0


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_and_street_shares_the_whole_pot(game_id: str) -> None:
    players = max(2, GAMES[game_id].min_players)
    for street in points(game_id, players):
        spot = Spot.build(game_id, players=players, seats=[], street=street)
        answer = solve_spot(spot, rng=rng(1), seconds=0.01, min_deals=2)
        total = sum(answer[f"share/{s}"].value for s in range(players))
        assert total == pytest.approx(1.0), (game_id, street)


@pytest.mark.parametrize(("seats", "boards", "dead", "words"), [
    ([p("Ah Kh"), p("Ah")], [], [], "A♥ is both in Seat 1 and in Seat 2"),
    ([p("Ah Kh 2c 3c 4c 5c 6c 7c")], [], [], "Seat 1: 8 cards typed"),
    ([p("Ah")], [], p("Ah"), "A♥ is both in Seat 1 and in the dead cards"),
    ([[], [], p("2c")], [], [], "typed for 3 seats, but there are only 2 players"),
])
def test_bad_input_gets_a_sentence(seats: list[list[Card]], boards: list[list[Card]],
                                   dead: list[Card], words: str) -> None:
    spot = Spot.build("seven-card-stud", players=2, seats=seats, boards=boards, dead=dead,
                      street="3rd street")
    with pytest.raises(OddsInputError, match=words):
        prepare(spot)


def test_dead_cards_leaving_the_stock_too_small_are_refused() -> None:
    """Dead cards are out of play: on the flop, eight unseen cards still make the board and
    its three burns; with seven, a dead card would be dealt to the board (it was, and the
    answer counted it)."""
    seats = [p("Ah Kh"), p("Qs Qd")]
    others = [c for c in FULL_DECK if c not in {*seats[0], *seats[1]}]
    fits = Spot.build("texas-holdem", players=2, seats=seats, street="Flop", dead=others[8:])
    assert solve_spot(fits, rng=rng(0)).exact
    short = Spot.build("texas-holdem", players=2, seats=seats, street="Flop", dead=others[7:])
    with pytest.raises(OddsInputError, match="Too many dead cards: the 7 cards left unseen"):
        prepare(short)


def _folded(game_id: str, folds: int) -> HandState:
    """A three-handed hand played until ``folds`` seats have folded (each seat bets when it
    may, so that the next one may fold)."""
    state = new_hand(game_id, players=3, seed=2)
    while sum(state.table.folded) < folds:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        wanted = [a for kind in (ActionKind.FOLD, ActionKind.BET) for a in legal
                  if a.kind is kind]
        state.apply((wanted or legal)[0])
    return state


@pytest.mark.parametrize("game_id", ["texas-holdem", "psycho"])
def test_a_folded_seat_reads_nothing_exactly_in_a_sampled_answer(game_id: str) -> None:
    """A folded seat takes no part of the pot on any deal: the table shows 0.0%, not
    "0.0% ± 3.0" (the batch evaluator's sample and the engine's alike). With everyone else
    folded, the last seat's pot is settled whatever the cards: exact, from one deal."""
    state = _folded(game_id, 1)
    out = state.table.folded.index(True)
    answer = solve_spot(spot_from_hand(state, state.view(out)), rng=rng(0), seconds=0.0,
                        min_deals=20, sample=True)
    assert not answer.exact
    frame = results_frame(answer, 3, out)
    assert list(frame.iloc[out])[1:] == ["0.0%"] * (len(frame.columns) - 1)
    assert any("±" in str(v) for v in frame.iloc[out - 1])
    state = _folded(game_id, 2)
    last = state.table.folded.index(False)
    answer = solve_spot(spot_from_hand(state, state.view(last)), rng=rng(0))
    assert answer.exact and answer.describe().startswith("Exact: everyone else has folded")
    frame = results_frame(answer, 3, last)
    assert list(frame.iloc[last])[1:3] == ["100.0%", "100.0%"]
    assert not any("±" in str(v) for v in frame.to_numpy().ravel())


def test_unknown_street_and_player_count_are_refused() -> None:
    with pytest.raises(OddsInputError, match="no street called"):
        Spot.build("seven-card-stud", players=2, seats=[], street="Flop")
    with pytest.raises(OddsInputError):
        prepare(Spot.build("pick-a-partner", players=5, seats=[]))


def test_step_text_round_trips() -> None:
    for step in (Step(0, ActionKind.LOCK_PAIRS, places=(1, 0, 2, 3, 5, 4)),
                 Step(3, ActionKind.CALL, amount=5), Step(1, ActionKind.DECLARE, choice="both"),
                 Step(2, ActionKind.PICK_PARTNER, choice=3)):
        assert Step.parse(step.text()) == step
    with pytest.raises(ValueError):
        Step.parse("1.nonsense...")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seat_spot_holds_only_what_that_seat_sees(game_id: str) -> None:
    players = max(2, GAMES[game_id].min_players)
    chooser = random.Random(5)
    for seed in range(3):
        state = new_hand(game_id, players=players, seed=seed)
        for _ in range(chooser.randrange(4, 30)):
            if state.is_over:
                break
            seat = state.to_act[0]
            legal = [a for a in state.legal_actions(seat) if a.kind is not ActionKind.FOLD]
            state.apply(chooser.choice(legal))
        if state.is_over:
            continue
        viewer = state.to_act[0]
        if not follows(state):   # cards passed between seats: refused, with the reason
            with pytest.raises(ValueError, match="passed from one player to another"):
                spot_from_hand(state, state.view(viewer))
            continue
        spot = spot_from_hand(state, state.view(viewer))
        hidden = state.hidden_from(viewer)
        typed = {c for cards in (*spot.seats, *spot.boards) for c in cards if c is not None}
        assert not typed & hidden
        for step, action in zip(spot.steps, state.actions, strict=False):
            if step.seat != viewer and any(c in hidden for c in action.cards):
                # The stand-in names places, and no card: nothing a link could leak.
                assert step.kind is action.kind and len(step.places) == len(action.cards)
        answer = solve_spot(spot, rng=rng(0), seconds=0.01, min_deals=2)
        total = sum(answer[f"share/{s}"].value for s in range(players))
        assert total == pytest.approx(1.0)


def test_sampled_interval_holds_the_exact_answer() -> None:
    exact = _sixth_street_exact()["share/0"].value
    inside = 0
    for seed in range(8):
        # sampling stops at its target, never at a clock a busy machine could run out of
        sampled = solve_spot(SIXTH_STREET, rng=rng(seed), sample=True, seconds=60)["share/0"]
        inside += sampled.low <= exact <= sampled.high
    assert inside >= 6



_TEXTS = st.sampled_from(["", "?", "Ah", "Ah Kd ? ?", "Zz", "Ah Ah", "2c 3c 4c 5c 6c 7c 8c 9c",
                          "0.call..", "0.lock-pairs..0-1-2-3-4-5.", "1.pick-partner...3",
                          "0.discard..0-9.", "9.fold..", "0.declare...both", "x.y.z.w.v",
                          "3rd street", "Flop", "Declarations", "{}", '{"ante": -4}',
                          '{"nonsense": 1}', "[1]"])


@settings(max_examples=scaled(30), deadline=None)
@given(game=st.sampled_from([*GAMES, "no-such-game"]), players=st.sampled_from(
    ["2", "3", "4", "11", "x"]), keys=st.lists(st.sampled_from(
        ["steps", "street", "choices", "settings", "seat1", "seat2", "board1", "dead",
         "you", "bogus"]), max_size=5, unique=True), values=st.lists(_TEXTS, min_size=5,
                                                                     max_size=5))
def test_any_link_is_read_or_refused_with_a_sentence(game: str, players: str, keys: list[str],
                                                     values: list[str]) -> None:
    params = {"widget": "hand", "game": game, "players": players}
    params.update(zip(keys, values, strict=False))
    spot = read_hand_link(params)
    if isinstance(spot, str):
        assert spot
        return
    try:
        solve_spot(spot, rng=rng(0), seconds=0.01, min_deals=2)
    except OddsInputError as error:
        assert str(error)


def test_a_table_with_its_own_stacks_replays_its_all_in() -> None:
    """A night's table deals with the chips each seat has left: an all-in for 12 chips
    replays only with those stacks."""
    state = new_hand("seven-card-stud", players=2, seed=3, stacks=[12, 200])
    while not state.is_over and state.street != "4th street":
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        biggest = max(legal, key=lambda a: a.amount or 0)
        state.apply(biggest)
    viewer = state.to_act[0] if state.to_act else 0
    spot = spot_from_hand(state, state.view(viewer))
    assert spot.stacks == (12, 200)
    link = read_hand_link(dict(parse_qsl(urlsplit(spot_link(spot)).query)))
    assert not isinstance(link, str) and link.stacks == (12, 200)
    answer = solve_spot(link, rng=rng(0), seconds=0.01, min_deals=2)
    assert sum(answer[f"share/{s}"].value for s in range(2)) == pytest.approx(1.0)


def _seats(*hands: str) -> list[list[Card | None]]:
    return [[None if t == "?" else p(t)[0] for t in hand.split()] for hand in hands]


@pytest.mark.parametrize(("game_id", "street", "seats", "board", "shares"), [
    ("texas-holdem", "River", ("Ah 3c", "Ad 4c", "As 5c", "Kh Kd"), "2c 2d 2h 2s 7c",
     [1 / 3, 1 / 3, 1 / 3, 0]),       # three hands tie: an 8-chip pot splits 3, 3, 2
    ("chicago", "7th street", ("5h 9h 4d 6d Th 8d 7c", "3d Ts 3s Jh Qs 9c 9s",
                               "7s 5s 6h Td 7d Kh Kd"), "",
     [1 / 2, 1 / 2, 0]),              # the high half and the spade half of 21 chips
    ("big-o", "River", ("Ah 2c Kd Qd 9s", "Kh Ks 8c 7c 3d"), "3h 4s 8d Jc Js",
     [1 / 2, 1 / 2]),                 # high to one, low to the other
])
def test_a_split_pot_is_shared_evenly_whatever_the_odd_chips(
        game_id: str, street: str, seats: tuple[str, ...], board: str,
        shares: list[float]) -> None:
    """The spot is played for a few chips, everyone checking or calling: its odd chips are
    not an edge, and tied hands and a pot's halves read as even shares."""
    spot = Spot.build(game_id, players=len(seats), street=street, seats=_seats(*seats),
                      boards=[list(p(board))] if board else [])
    answer = solve_spot(spot, rng=rng(1))
    assert answer.exact
    assert [answer[f"share/{s}"].value for s in range(len(seats))] == pytest.approx(shares)


def test_every_deal_gives_a_baseball_seat_its_typed_cards_whatever_fours_come_up() -> None:
    """An untyped four dealt face up earns its seat another card and moves every later card
    along: each deal still gives each seat the cards typed for it (one deal in five gave
    seat 1 another hand before), and the answer is sampled, never a wrong exact count."""
    from engine.odds.at_table import hand_at_spot

    typed = _seats("Ah Ad Kc Ks Kh", "? ? 4c")
    prepared = prepare(Spot.build("baseball", players=3, street="5th street", seats=typed))
    generator = rng(3)
    for _ in range(scaled(150)):
        cards = [prepared.pool[i] for i in generator.permutation(len(prepared.pool))]
        state = hand_at_spot(prepared, cards)[0]
        for seat, cards_typed in enumerate(typed):
            held = [h.card for h in state.cards[seat][:len(cards_typed)]]
            assert all(t is None or t == c for t, c in zip(cards_typed, held, strict=True))
    spot = Spot.build("baseball", players=2, street="7th street",
                      seats=_seats("Ah Ad 5s 6s 7h Jc Ks", "Kh Kd 5c 6d 8h ? Qs"))
    answer = solve_spot(spot, rng=rng(1))
    assert not answer.exact and "earn its seat another" in answer.why


@pytest.mark.parametrize(("game_id", "players"), [
    ("seven-card-stud", 7), ("razz", 7), ("chicago", 7), ("five-card-stud", 10)])
def test_a_dead_card_at_a_full_stud_table_is_out_of_the_stock(game_id: str,
                                                              players: int) -> None:
    """A dead card is out of the deck, not at its bottom: the burns a full table leaves
    room for are left out, as a dealer would, instead of dealing the dead card (the
    answer was a refusal: "too many dead cards")."""
    seats = _seats("Ah Ad" if game_id == "five-card-stud" else "Ah Ad Ac")
    spot = Spot.build(game_id, players=players, seats=seats, dead=p("2c"),
                      street=None if game_id == "five-card-stud" else "3rd street")
    answer = solve_spot(spot, rng=rng(1), seconds=0.1)
    assert 0 < answer["share/0"].value < 1


def test_dead_cards_that_leave_the_stock_short_are_refused_with_a_reason() -> None:
    spot = Spot.build("seven-card-stud", players=8, street="3rd street",
                      seats=_seats("Ah Ad Ac"), dead=p("2c"))
    with pytest.raises(OddsInputError, match="Too many dead cards: the 48 cards left unseen"):
        solve_spot(spot, rng=rng(1))


def test_the_making_table_waits_for_every_up_card_that_sets_follow_the_queens_wild() -> None:
    """The card after a queen dealt face up is wild, and a queen still to come changes it:
    a stand-in card must not set the wild rank (deuces were wild on every deal)."""
    from engine.odds.making import making

    early = Spot.build("follow-the-queen", players=2, street="3rd street",
                       seats=_seats("Ah Ad Kc", "? ? Qh"))
    with pytest.raises(OddsInputError, match="The wild rank follows the up cards"):
        making(early, rng=rng(0))
    typed = Spot.build("follow-the-queen", players=2, street="7th street",
                       seats=_seats("Ah Ad Kc 5h Qs 9d 2c", "3c 4d 7h 8c Jd Ts 6d"))
    assert making(typed, rng=rng(0))["high/FOUR_OF_A_KIND"].value >= 0


def test_an_odds_link_naming_the_game_alone_prices_a_table_of_its_usual_size() -> None:
    spot = read_hand_link({"widget": "hand", "game": "baseball"})
    assert isinstance(spot, Spot) and spot.game_id == "baseball" and spot.players == 4
