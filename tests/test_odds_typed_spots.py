"""The calculator answers exactly the spot typed: the cards, the pairs locked, the sacrifices
made or still to come, the exposes, draws and partners chosen. Each answer is checked against a
brute force of the same spot written here from pokerkit's hands, every deal of the unseen
cards counted: Sophie's Pick and Double Sophie first, then every game with a board or a
seventh card to come."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

import numpy as np
import pytest
from pokerkit import (
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    StandardHighHand,
)

from engine import fast
from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import new_hand
from engine.odds.at_table import Spot, Step, solve_spot, spot_from_hand
from engine.odds.at_table_choices import ChoicePoint, choice_points
from engine.state import ActionKind

p = parse_cards


def _text(cards: Sequence[Card]) -> str:
    return "".join(c.ascii for c in cards)


def high(hole: Sequence[Card], board: Sequence[Card] = ()) -> Hand:
    return StandardHighHand.from_game(_text(hole), _text(board))


def share(mine: Hand, theirs: Hand) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def rest(*known: Sequence[Card]) -> list[Card]:
    used = {c for cards in known for c in cards}
    return [c for c in FULL_DECK if c not in used]


def pick(points: Sequence[ChoicePoint], *, seat: int, kind: ActionKind, label: str,
         nth: int = 0) -> Step:
    """The option worded ``label`` at the seat's ``nth`` choice of this kind."""
    mine = [q for q in points if q.seat == seat and q.kind is kind][nth]
    return mine.options[mine.labels.index(label)]


def answer(spot: Spot) -> dict[str, float]:
    solved = solve_spot(spot, rng=np.random.default_rng(0), seconds=60)
    assert solved.exact, solved.describe()
    return {name: solved[name].value for name in solved}


# --- Sophie's Pick and Double Sophie ------------------------------------------------------


@pytest.mark.parametrize("street", ["Turn", "River"])
def test_a_hand_drawing_dead_after_the_turn_is_zero(street: str) -> None:
    """A♠ K♦ against 8♠ 8♣ on K♠ 8♦ 3♣ 2♥: every one of the 44 rivers loses (a king pairs the
    board and fills the eights). The two cards typed are the pair each seat keeps."""
    spot = Spot.build("sophies-pick", players=2, street=street,
                      seats=[p("As Kd"), p("8s 8c")], boards=[p("Ks 8d 3c 2h")])
    solved = solve_spot(spot, rng=np.random.default_rng(1), seconds=5)
    assert solved.exact and solved.deals == 44
    assert solved["share/0"].value == 0.0 and solved["share/1"].value == 1.0


SEATS = (p("Ah Ad 7c 7d 2s 3s"), p("Kc Kd 9h 9s 4c 5c"))
BOARD = p("Qh Jd 6s 2h")


def _sophie_brute(kept: Sequence[Sequence[Card]], boards: Sequence[Sequence[Card]]) -> float:
    """Seat 1's share of the pot: each board takes an equal part, every river counted."""
    pool = rest(*SEATS, *boards)
    total = 0.0
    for river in pool:
        for board in boards:
            total += share(high(kept[0], [*board, river]),
                           high(kept[1], [*board, river])) / len(boards)
    return total / len(pool)


@pytest.mark.parametrize("first, final, kept", [
    ("2♠ 3♠", "7♣ 7♦", "A♥ A♦"),     # the typed order: the pair typed last goes first
    ("A♥ A♦", "2♠ 3♠", "7♣ 7♦"),     # the aces sacrificed on the flop
    ("7♣ 7♦", "A♥ A♦", "2♠ 3♠"),
])
def test_sophies_pick_sacrifices_made_are_honoured(first: str, final: str, kept: str) -> None:
    base = Spot.build("sophies-pick", players=2, seats=SEATS, boards=[BOARD], street="Turn")
    points = choice_points(base)
    chosen = [pick(points, seat=0, kind=ActionKind.SACRIFICE, label=first)]
    points = choice_points(Spot.build("sophies-pick", players=2, seats=SEATS, boards=[BOARD],
                                      street="Turn", choices=chosen))
    chosen.append(pick(points, seat=0, kind=ActionKind.SACRIFICE, label=final, nth=1))
    spot = Spot.build("sophies-pick", players=2, seats=SEATS, boards=[BOARD], street="Turn",
                      choices=chosen)
    truth = _sophie_brute([p(kept.replace("♥", "h").replace("♦", "d").replace("♣", "c")
                             .replace("♠", "s")), SEATS[1][:2]], [BOARD])
    assert answer(spot)["share/0"] == pytest.approx(truth, abs=1e-12)


def _holdem_equity(mine: Sequence[Card], theirs: Sequence[Card],
                   dead: Sequence[Card]) -> float:
    """Every board of five counted with the batch evaluator: the first hand's share."""
    pool = np.array([c.code for c in rest(mine, theirs, dead)])
    boards = pool[fast.combinations(len(pool), 5)]
    one = fast.rank_high(np.hstack([np.tile([c.code for c in mine], (len(boards), 1)), boards]))
    two = fast.rank_high(np.hstack([np.tile([c.code for c in theirs], (len(boards), 1)),
                                    boards]))
    return float(np.mean((one > two) + 0.5 * (one == two)))


def test_a_lock_still_to_come_is_the_one_chosen() -> None:
    """On the deal, before the lock: pairing the aces with the sevens is honoured, the
    sacrifices offered are those pairs, and the pair kept plays the board."""
    base = Spot.build("sophies-pick", players=2, seats=SEATS, street="Preflop")
    lock = [q for q in choice_points(base) if q.seat == 0 and q.kind is ActionKind.LOCK_PAIRS][0]
    assert not lock.before and not lock.computer  # typed cards: locked as typed unless set
    wanted = {frozenset(p("Ah 7c")), frozenset(p("Ad 7d")), frozenset(p("2s 3s"))}
    index = next(i for i, o in enumerate(lock.options)
                 if {frozenset(SEATS[0][j] for j in o.places[k:k + 2])
                     for k in (0, 2, 4)} == wanted)
    chosen = [lock.options[index]]
    points = choice_points(Spot.build("sophies-pick", players=2, seats=SEATS,
                                      street="Preflop", choices=chosen))
    first = [q for q in points if q.seat == 0 and q.kind is ActionKind.SACRIFICE][0]
    assert {frozenset(lbl.split()) for lbl in first.labels} == \
        {frozenset(str(c) for c in pair) for pair in wanted}
    chosen.append(pick(points, seat=0, kind=ActionKind.SACRIFICE, label="A♦ 7♦"))
    points = choice_points(Spot.build("sophies-pick", players=2, seats=SEATS,
                                      street="Preflop", choices=chosen))
    chosen.append(pick(points, seat=0, kind=ActionKind.SACRIFICE, label="2♠ 3♠", nth=1))
    spot = Spot.build("sophies-pick", players=2, seats=SEATS, street="Preflop",
                      choices=chosen)
    solved = solve_spot(spot, rng=np.random.default_rng(2), seconds=3)
    truth = _holdem_equity(p("Ah 7c"), p("Kc Kd"), [*p("Ad 7d 2s 3s"), *SEATS[1][2:]])
    estimate = solved["share/0"]
    assert estimate.low - 0.01 <= truth <= estimate.high + 0.01, (truth, estimate)


def test_double_sophie_honours_the_pairs_kept_on_both_boards() -> None:
    boards = [p("Qh Jd 6s 2h 10c"), p("Kh 8d 5s 4d")]
    base = Spot.build("double-sophie", players=2, seats=SEATS, boards=boards, street="River")
    points = choice_points(base)
    chosen = [pick(points, seat=1, kind=ActionKind.SACRIFICE, label="K♣ K♦")]
    points = choice_points(Spot.build("double-sophie", players=2, seats=SEATS, boards=boards,
                                      street="River", choices=chosen))
    chosen.append(pick(points, seat=1, kind=ActionKind.SACRIFICE, label="4♣ 5♣", nth=1))
    spot = Spot.build("double-sophie", players=2, seats=SEATS, boards=boards, street="River",
                      choices=chosen)
    pool = rest(*SEATS, *boards)
    total = share(high(SEATS[0][:2], boards[0]), high(p("9h 9s"), boards[0])) / 2
    total += sum(share(high(SEATS[0][:2], [*boards[1], river]),
                       high(p("9h 9s"), [*boards[1], river])) for river in pool) / len(pool) / 2
    assert answer(spot)["share/0"] == pytest.approx(total, abs=1e-12)


# --- every game with a card or two to come ------------------------------------------------


def _two_seat_brute(pool: list[Card], deal: Callable[[list[Card]], tuple[float, ...]],
                    unseen: int) -> tuple[float, ...]:
    totals = [0.0, 0.0]
    count = 0
    for cards in combinations(pool, unseen):
        for order in ([*cards],) if unseen == 1 else ([cards[0], cards[1]], [cards[1], cards[0]]):
            shares = deal(order)
            totals = [t + s for t, s in zip(totals, shares, strict=True)]
            count += 1
    return tuple(t / count for t in totals)


def _hi_lo(highs: tuple[Hand, Hand], lows: tuple[Hand | None, Hand | None]) -> tuple[float, ...]:
    """Each seat's share of a pot split high and low, the high half taking it all without a
    qualifying low."""
    up = share(highs[0], highs[1])
    if lows[0] is None and lows[1] is None:
        return up, 1 - up
    if lows[1] is None:
        down = 1.0
    elif lows[0] is None:
        down = 0.0
    else:
        down = share(lows[0], lows[1])
    return (up + down) / 2, (2 - up - down) / 2


def _low8(cards: Sequence[Card]) -> Hand | None:
    try:
        return EightOrBetterLowHand.from_game(_text(cards))
    except ValueError:
        return None


def _omaha_low(hole: Sequence[Card], board: Sequence[Card]) -> Hand | None:
    try:
        return OmahaEightOrBetterLowHand.from_game(_text(hole), _text(board))
    except ValueError:
        return None


HOLDEM = (p("Ah Kh"), p("Qs Qd"))
OMAHA = (p("Ah 2h Kc Qd"), p("Js Ts 9h 8h"))
STUD = (p("Ah Ad 2c 3d 4h 5s"), p("Kc Kd Ks 7c 8d 9h"))
RAZZ = (p("Ah 2d 3c Kd 5h 9s"), p("2c 3s 4d 6c 7h Qd"))


@pytest.mark.parametrize("game_id, seats, board, street, truth", [
    ("texas-holdem", HOLDEM, p("Qh 7h 2c 3s"), "River",
     lambda pool: _two_seat_brute(pool, lambda c: (
         share(high(HOLDEM[0], [*p("Qh 7h 2c 3s"), *c]), high(HOLDEM[1], [*p("Qh 7h 2c 3s"),
                                                                           *c])),) * 2, 1)),
    ("omaha", OMAHA, p("Kh Qh 3c 4s"), "River",
     lambda pool: _two_seat_brute(pool, lambda c: (
         share(OmahaHoldemHand.from_game(_text(OMAHA[0]), _text([*p("Kh Qh 3c 4s"), *c])),
               OmahaHoldemHand.from_game(_text(OMAHA[1]), _text([*p("Kh Qh 3c 4s"), *c]))),)
         * 2, 1)),
])
def test_holdem_and_omaha_rivers_match_the_brute_force(
        game_id: str, seats: tuple[list[Card], ...], board: list[Card], street: str,
        truth: Callable[[list[Card]], tuple[float, ...]]) -> None:
    spot = Spot.build(game_id, players=2, seats=seats, boards=[board], street=street)
    expected = truth(rest(*seats, board))[0]
    assert answer(spot)["share/0"] == pytest.approx(expected, abs=1e-12)


def test_omaha_eight_or_better_splits_as_the_brute_force() -> None:
    board = p("Kh 7h 3c 4s")
    spot = Spot.build("omaha", players=2, seats=OMAHA, boards=[board], street="River",
                      settings={"pot": "eight-or-better"})

    def deal(cards: list[Card]) -> tuple[float, ...]:
        full = [*board, *cards]
        highs = (OmahaHoldemHand.from_game(_text(OMAHA[0]), _text(full)),
                 OmahaHoldemHand.from_game(_text(OMAHA[1]), _text(full)))
        return _hi_lo(highs, (_omaha_low(OMAHA[0], full), _omaha_low(OMAHA[1], full)))

    expected = _two_seat_brute(rest(*OMAHA, board), deal, 1)
    assert answer(spot)["share/0"] == pytest.approx(expected[0], abs=1e-12)


def test_stud_razz_and_stud_eight_seventh_street_match_the_brute_force() -> None:
    for game_id, seats, deal in (
            ("seven-card-stud", STUD, lambda c: (share(high([*STUD[0], c[0]]),
                                                       high([*STUD[1], c[1]])),) * 2),
            ("razz", RAZZ, lambda c: (share(RegularLowHand.from_game(_text([*RAZZ[0], c[0]])),
                                            RegularLowHand.from_game(_text([*RAZZ[1], c[1]]))),)
             * 2),
            ("seven-card-stud-eight", RAZZ, lambda c: _hi_lo(
                (high([*RAZZ[0], c[0]]), high([*RAZZ[1], c[1]])),
                (_low8([*RAZZ[0], c[0]]), _low8([*RAZZ[1], c[1]]))))):
        seventh = p("Jc")[0]
        spot = Spot.build(game_id, players=2, seats=[[*seats[0], seventh], [*seats[1], None]],
                          street="7th street")
        expected = _two_seat_brute(rest(*seats, [seventh]),
                                   lambda c, s=seventh, d=deal: d([s, c[0]]), 1)[0]
        assert answer(spot)["share/0"] == pytest.approx(expected, abs=1e-12), game_id


def test_a_tables_hand_leaves_choices_to_come_to_the_computer_player() -> None:
    """A hand from a table was not typed: the pairs still to give up are a decision ahead,
    made as the computer player makes it, not by the order the view lists them in."""
    state = new_hand("sophies-pick", players=2, seed=4)
    while state.street != "Flop":
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        calls = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
        state.apply(calls[0] if calls else legal[0])
    spot = spot_from_hand(state, state.view(0))
    coming = [q for q in choice_points(spot) if q.kind is ActionKind.SACRIFICE]
    assert coming and all(q.computer and q.taken is None for q in coming)
