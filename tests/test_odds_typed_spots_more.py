"""The calculator answers exactly the spot typed in the games the first file of these checks
leaves out: Psycho's draws, exposes and declarations, Pick a Partner's partners, the draw
games' draws and the wild games' wild cards. Each answer is checked against a brute force
written here (pokerkit's hands, or the wild-card brute force of ``tests.support.wild``), every
remaining card tried as the unseen card or the replacement. The spots are small: one card
unseen, one card drawn, or a stock cut down by dead cards to the cards the hand needs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

import numpy as np
import pytest
from pokerkit import (
    BadugiHand,
    Hand,
    RegularLowHand,
    StandardHighHand,
    StandardLowHand,
)

from engine.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from engine.odds.at_table import Spot, Step, prepare, replay_to_end, solve_spot
from engine.odds.at_table_choices import choice_points
from engine.state import ActionKind
from tests.support.wild import brute_high

p = parse_cards


def _text(cards: Sequence[Card]) -> str:
    return "".join(c.ascii for c in cards)


def share(mine: object, theirs: object) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0  # type: ignore[operator]


def rest(*known: Sequence[Card | None]) -> list[Card]:
    used = {c for cards in known for c in cards if c is not None}
    return [c for c in FULL_DECK if c not in used]


def chosen(game_id: str, *, players: int, seats: Sequence[Sequence[Card | None]], street: str,
           wanted: Sequence[tuple[int, ActionKind, str, int]], dead: Sequence[Card] = ()) -> Spot:
    """The spot with the choices set as the page sets them: every choice of the hand in
    order, each wanted one (seat, kind, label, nth choice of that kind) as worded, the others
    as the spot takes them, read again until a later choice's options agree with the
    earlier ones."""
    choices: list[Step] = []
    for _ in range(6):
        spot = Spot.build(game_id, players=players, seats=seats, street=street, dead=dead,
                          choices=choices)
        again: list[Step] = []
        seen: dict[tuple[int, ActionKind], int] = {}
        for point in choice_points(spot):
            nth = seen.get((point.seat, point.kind), 0)
            seen[(point.seat, point.kind)] = nth + 1
            label = next((w[2] for w in wanted if w[:2] == (point.seat, point.kind)
                          and w[3] == nth), None)
            if label is not None:
                again.append(point.options[point.labels.index(label)])
            elif point.taken is not None:
                again.append(point.options[point.taken])
        if again == choices:
            return spot
        choices = again
    raise AssertionError("the choices never settled")


def answer(spot: Spot) -> dict[str, float]:
    solved = solve_spot(spot, rng=np.random.default_rng(0), seconds=60)
    assert solved.exact, solved.describe()
    return {name: solved[name].value for name in solved}


def mean(pool: Sequence[Card], shares: Callable[[Card], float]) -> float:
    return sum(shares(card) for card in pool) / len(pool)


# --- Psycho: the draws, exposes and declarations made ----------------------------------

PSYCHO = (p("Ah 2d 3c 9s Kh 4d 8c"), [*p("Qc Qd 7h 6c 5h 3h"), None])


def _psycho_seat0(last: Card) -> float:
    """Seat 1 goes both ways, seat 2 low (ace-to-five, no qualifier). Nobody else wants the
    high half, so seat 1 scoops with the better low, takes the high half and half the low
    on a tied low, and loses everything, both halves to seat 2, with the worse low."""
    mine, theirs = PSYCHO[0], [*PSYCHO[1][:6], last]
    low = share(RegularLowHand.from_game(_text(mine)), RegularLowHand.from_game(_text(theirs)))
    return {1.0: 1.0, 0.5: 0.75, 0.0: 0.0}[low]


def test_psycho_answers_the_declarations_chosen() -> None:
    spot = chosen("psycho", players=2, seats=PSYCHO, street="Seventh card",
                  wanted=[(0, ActionKind.DECLARE, "both", 0),
                          (1, ActionKind.DECLARE, "low", 0)])
    truth = mean(rest(*PSYCHO), _psycho_seat0)
    assert 0 < truth < 1
    assert answer(spot)["share/0"] == pytest.approx(truth, abs=1e-12)


def test_psycho_high_and_low_declarers_each_take_their_half() -> None:
    spot = chosen("psycho", players=2, seats=PSYCHO, street="Seventh card",
                  wanted=[(0, ActionKind.DECLARE, "high", 0),
                          (1, ActionKind.DECLARE, "high", 0)])

    def seat0(last: Card) -> float:
        return share(StandardHighHand.from_game(_text(PSYCHO[0])),
                     StandardHighHand.from_game(_text([*PSYCHO[1][:6], last])))

    assert answer(spot)["share/0"] == pytest.approx(mean(rest(*PSYCHO), seat0), abs=1e-12)


# Before the draw, the stock cut down by dead cards to the seven the hand still needs (the
# replacement, two burns and both seats' sixth and seventh cards), so every deal is counted.
DRAWING = (p("Ah 2d 3c 9s Kh"), p("Qc Qd 7h 6c 5h"))
STOCK = p("4s 5d 8h Jc Td 6s 2h")


def _psycho_draw_truth(thrown: Sequence[Card]) -> float:
    """Seat 1 goes both ways after throwing ``thrown``, seat 2 stands pat and goes low: every
    way the stock can give seat 1 its replacements and two more cards, and seat 2 its two."""
    kept = [c for c in DRAWING[0] if c not in thrown]
    lows: dict[frozenset[Card], Hand] = {}

    def low(cards: Sequence[Card]) -> Hand:
        key = frozenset(cards)
        if key not in lows:
            lows[key] = RegularLowHand.from_game(_text(cards))
        return lows[key]

    shares = []
    for mine in combinations(STOCK, len(thrown) + 2):
        left = [c for c in STOCK if c not in mine]
        for theirs in combinations(left, 2):
            won = share(low([*kept, *mine]), low([*DRAWING[1], *theirs]))
            shares.append({1.0: 1.0, 0.5: 0.75, 0.0: 0.0}[won])
    return sum(shares) / len(shares)


def test_psycho_answers_the_draw_and_the_exposes_chosen() -> None:
    """Throwing the king is not throwing the nine, nor standing pat (the first option): the
    answer is the one for the cards thrown. The exposes chosen are the cards turned up."""
    dead = rest(*DRAWING, STOCK)
    spot = chosen("psycho", players=2, seats=DRAWING, street="Draw", dead=dead,
                  wanted=[(0, ActionKind.DISCARD, "exchanges K♥", 0),
                          (1, ActionKind.DISCARD, "stands pat", 0),
                          (0, ActionKind.EXPOSE, "2♦ 3♣ 9♠", 0),
                          (1, ActionKind.EXPOSE, "Q♣ 7♥ 5♥", 0),
                          (0, ActionKind.DECLARE, "both", 0),
                          (1, ActionKind.DECLARE, "low", 0)])
    truth = _psycho_draw_truth(p("Kh"))
    assert truth not in (_psycho_draw_truth(p("9s")), _psycho_draw_truth([]))
    assert answer(spot)["share/0"] == pytest.approx(truth, abs=1e-12)
    state, _ = replay_to_end(prepare(spot))
    up = [{h.card for h in state.cards[seat][:5] if h.up} for seat in (0, 1)]
    assert up == [set(p("2d 3c 9s")), set(p("Qc 7h 5h"))]


# --- Pick a Partner: the partner picked ----------------------------------------------------

PARTNER = (p("Ah Ad Ac 8d 2s"), p("Kc Kd 9h 3s 4c"), p("Qh Jh Th 5c 6c"),
           [*p("Js Ts 9s 8s"), None])


def _team(first: Sequence[Card], others: Sequence[Card]) -> Hand:
    """The team's hand: both first up cards and the best three of the other eight."""
    return max(StandardHighHand(_text([*first, *three])) for three in combinations(others, 3))


def _partner_truth(partner: int) -> float:
    """Seat 1's share with ``partner`` (a seat index) picked, the other two seats the other
    team: every card the spades' hidden card can be."""
    others = [s for s in (1, 2, 3) if s != partner]

    def seat0(last: Card) -> float:
        hands = [*PARTNER[:3], [*PARTNER[3][:4], last]]
        ours = _team([hands[0][0], hands[partner][0]], [*hands[0][1:], *hands[partner][1:]])
        theirs = _team([hands[s][0] for s in others], [c for s in others for c in hands[s][1:]])
        return share(ours, theirs) / 2  # the winning team's two partners share the pot

    return mean(rest(*PARTNER), seat0)


@pytest.mark.parametrize("partner", [2, 3])
def test_pick_a_partner_answers_the_partner_picked(partner: int) -> None:
    """The ace picks the queen (Seat 3) or the spades (Seat 4), not the default first seat:
    three aces against the kings and the spades, whose hidden card is the one unseen (a queen
    makes their straight), or the aces with the spades against kings and queens."""
    street = "Fourth roll"
    wanted = [(0, ActionKind.PICK_PARTNER, f"Seat {partner + 1}", 0)]
    wanted += [(seat, ActionKind.TURN_UP, label, 3)
               for seat, label in enumerate(["8♦", "3♠", "5♣", "8♠"])]
    spot = chosen("pick-a-partner", players=4, seats=PARTNER, street=street, wanted=wanted)
    truth = _partner_truth(partner)
    assert 0 < truth < 0.5 and truth != _partner_truth(1)
    found = answer(spot)
    assert found["share/0"] == pytest.approx(truth, abs=1e-12)
    assert found[f"share/{partner}"] == pytest.approx(truth, abs=1e-12)


# --- the draw games: the cards exchanged ---------------------------------------------------

DRAW_CASES = [
    # game, street, which draw, seats, seat 1 exchanges, pokerkit's value (greater wins)
    ("five-card-draw", "Deal", 0, (p("Ah Ad 7c 8d 2s"), p("Kc Kd 9h 9s 4c")), "2♠",
     lambda cards: StandardHighHand(_text(cards))),
    ("deuce-to-seven-triple-draw", "Third draw", 2, (p("2h 3d 4c 7s Kd"), p("2c 4s 5d 6h 8c")),
     "K♦", lambda cards: StandardLowHand(_text(cards))),
    ("badugi", "Third draw", 2, (p("Ah 2d 3c Kc"), p("2s 4h 6d 9c")), "K♣",
     lambda cards: BadugiHand.from_game(_text(cards))),
]


@pytest.mark.parametrize("game_id, street, nth, seats, exchanged, value", DRAW_CASES,
                         ids=[c[0] for c in DRAW_CASES])
def test_a_draw_answers_the_cards_exchanged(game_id: str, street: str, nth: int,
                                            seats: tuple[list[Card], list[Card]],
                                            exchanged: str,
                                            value: Callable[[list[Card]], Hand]) -> None:
    """Seat 1 exchanges one card at the spot's draw (the earlier draws stood pat, as the
    cards typed are held now), seat 2 stands pat: every card left in the stock is tried as
    the replacement (the card thrown away cannot come back)."""
    spot = chosen(game_id, players=2, seats=seats, street=street,
                  wanted=[(0, ActionKind.DISCARD, f"exchanges {exchanged}", nth),
                          (1, ActionKind.DISCARD, "stands pat", nth)])
    thrown = next(c for c in seats[0] if str(c) == exchanged)

    def seat0(new: Card) -> float:
        kept = [c for c in seats[0] if c != thrown]
        return share(value([*kept, new]), value(seats[1]))

    truth = mean(rest(*seats), seat0)
    assert 0 < truth < 1
    assert answer(spot)["share/0"] == pytest.approx(truth, abs=1e-12)


# --- the wild games: wild cards set by the rank, the deal, or the hand ---------------------

KING = Rank.KING
DEUCE = Rank.TWO


def _lowest(cards: Sequence[Card]) -> Rank:
    """A hand's own lowest rank, kings left out, the ace counting high."""
    return min((c.rank for c in cards if c.rank != KING), key=lambda r: 14 if r == Rank.ACE
               else int(r))


WILD_DRAWS = [
    ("deuces-wild-draw", (p("2h 9d 9s 5c 3h"), p("Kc Kd Ks 8h 8s")), "3♥",
     lambda cards: frozenset({DEUCE})),
    # The card drawn changes which rank is the seat's own wild one: the threes are thrown.
    ("kings-and-little-ones", (p("Kh 9d 9s 5c 3h"), p("Qc Qd Qs 8h 6c")), "3♥",
     lambda cards: frozenset({KING, _lowest(cards)})),
]


@pytest.mark.parametrize("game_id, seats, exchanged, wild", WILD_DRAWS,
                         ids=[c[0] for c in WILD_DRAWS])
def test_a_wild_draw_answers_every_replacement(game_id: str,
                                               seats: tuple[list[Card], list[Card]],
                                               exchanged: str,
                                               wild: Callable[[list[Card]], frozenset]) -> None:
    spot = chosen(game_id, players=2, seats=seats, street="Deal",
                  wanted=[(0, ActionKind.DISCARD, f"exchanges {exchanged}", 0),
                          (1, ActionKind.DISCARD, "stands pat", 0)])

    def seat0(new: Card) -> float:
        mine = [*(c for c in seats[0] if str(c) != exchanged), new]
        return share(brute_high(mine, frozenset(int(r) for r in wild(mine))),
                     brute_high(seats[1], frozenset(int(r) for r in wild(seats[1]))))

    truth = mean(rest(*seats), seat0)
    assert 0 < truth < 1
    assert answer(spot)["share/0"] == pytest.approx(truth, abs=1e-12)


# Stud order, as typed: two down, four up (3rd to 6th street), the seventh down. A queen up on
# seat 1's 4th street, sevens up on seat 2's 4th and 5th: the card after the queen is a seven
# whichever seat is dealt first. Four aces (a queen wild) against four jacks (two sevens).
FOLLOW = (p("Ah Ad 3c Qs 9h Ac 8d"), [*p("Jc Jd 4h 7h 7s 5c"), None])


def test_follow_the_queen_answers_the_rank_the_deal_made_wild() -> None:
    spot = Spot.build("follow-the-queen", players=2, seats=FOLLOW, street="7th street")
    wild = frozenset({int(Rank.QUEEN), int(Rank.SEVEN)})

    def seat0(last: Card) -> float:
        return share(brute_high(FOLLOW[0], wild), brute_high([*FOLLOW[1][:6], last], wild))

    truth = mean(rest(*FOLLOW), seat0)
    assert 0 < truth < 1
    assert answer(spot)["share/0"] == pytest.approx(truth, abs=1e-12)


CHICAGO = (p("9s 2h Ah Ad 7c 8d 3c"), [*p("Kc 4d Kd 9h 6s 6h"), None])


def test_chicago_answers_the_spade_in_the_hole_still_to_come() -> None:
    """Half to the best hand, half to the highest spade dealt face down: 9♠ in seat 1's
    hole against seat 2's seventh card (6♠ is up, so it is no spade in the hole)."""
    spot = Spot.build("chicago", players=2, seats=CHICAGO, street="7th street")

    def seat0(last: Card) -> float:
        theirs = [*CHICAGO[1][:6], last]
        high = share(StandardHighHand.from_game(_text(CHICAGO[0])),
                     StandardHighHand.from_game(_text(theirs)))
        spade = 0.0 if last.suit is Suit.SPADES and last.rank > Rank.NINE else 1.0
        return (high + spade) / 2

    truth = mean(rest(*CHICAGO), seat0)
    assert 0 < truth < 1
    assert answer(spot)["share/0"] == pytest.approx(truth, abs=1e-12)
