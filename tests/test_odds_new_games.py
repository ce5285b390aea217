"""The hand calculator on the new games: an Omaha high-low hand on the flop against two
unseen hands answers within about a second with its interval, and hold'em heads-up with
every hand known agrees with pokerkit's own equity calculator."""

from __future__ import annotations

import time
from dataclasses import replace
from itertools import combinations

import numpy as np
from pokerkit import Card as PokerkitCard
from pokerkit import Deck, StandardHighHand

from engine.cards import parse_cards
from engine.odds.at_table import Spot, prepare, solve_spot
from tests.support.pokerkit_kept import kept

KeptHigh = kept(StandardHighHand)

CPU_BOUND = 1.25
"""Process CPU seconds allowed for an answer sampled for one second of the clock, as the
Odds page asks: on an idle machine that second is nearly all this process's CPU, so the
bound leaves room for the last deal and the tally, not for another batch of deals."""


def test_omaha_high_low_flop_against_two_unseen_hands_is_sampled_within_a_second() -> None:
    """At least 300 deals within the second, so the share is known within five points
    (each deal cost about ten milliseconds when every Omaha hand was valued sixty times
    over: the second then held about sixty deals, within seven and a half points)."""
    spot = Spot.build("omaha", players=3, street="Flop", settings={"pot": "eight-or-better"},
                      seats=[parse_cards("Ah 2h 3c Kd")], boards=[parse_cards("4s 7d Qc")])
    prepared = prepare(spot)  # checking the spot is not the part being timed
    started = time.process_time()
    answer = solve_spot(prepared, rng=np.random.default_rng(7), seconds=1.0, min_deals=300)
    spent = time.process_time() - started
    assert spent <= CPU_BOUND, f"{spent:.2f} s of CPU for {answer.deals} deals"
    assert not answer.exact and answer.method.value == "sampled"
    share = answer["share/0"]
    assert answer.deals >= 300
    assert 0 < share.half_width < 0.05
    assert share.low < share.value < share.high
    assert " ± " in share.percent()  # the interval is shown beside the figure


def test_sampling_stops_at_the_least_deals_once_time_is_up_not_a_whole_batch_later() -> None:
    # A further batch of fifty deals after the least number asked for would overrun the
    # time (by half a second when Omaha high-low deals took ten milliseconds each).
    spot = Spot.build("omaha", players=3, street="Flop", settings={"pot": "eight-or-better"},
                      seats=[parse_cards("Ah 2h 3c Kd")], boards=[parse_cards("4s 7d Qc")])
    played = replace(prepare(spot), showdown=None)  # the engine's own, deal by deal
    answer = solve_spot(played, rng=np.random.default_rng(7), seconds=0.0, min_deals=60)
    assert answer.deals == 60


def _pokerkit_exact_shares(hands: tuple[str, str], board: str) -> list[float]:
    """Each hand's share of the pot over every turn and river, valued by pokerkit: exact,
    where its own sampled answer draws in hash order (a set of cards) and so differs
    from one process to the next."""
    holes = [list(PokerkitCard.parse(h.replace(" ", ""))) for h in hands]
    shown = list(PokerkitCard.parse(board.replace(" ", "")))
    used = {*shown, *(c for hole in holes for c in hole)}
    rest = [c for c in Deck.STANDARD if c not in used]
    shares = [0.0, 0.0]
    runs = list(combinations(rest, 2))
    for run in runs:
        values = [KeptHigh.from_game(list(hole), shown + list(run)) for hole in holes]
        winners = [seat for seat, value in enumerate(values)
                   if not any(other > value for other in values)]
        for seat in winners:
            shares[seat] += 1 / len(winners)
    return [share / len(runs) for share in shares]


def test_holdem_heads_up_known_cards_agrees_with_pokerkit_within_the_interval() -> None:
    hands, board = ("Ah Kh", "Qc Qd"), "Qh 7h 2c"
    spot = Spot.build("texas-holdem", players=2, street="Flop",
                      seats=[parse_cards(h) for h in hands], boards=[parse_cards(board)])
    ours = solve_spot(spot, rng=np.random.default_rng(3), seconds=1.0, sample=True,
                      min_deals=400)
    for seat, value in enumerate(_pokerkit_exact_shares(hands, board)):
        estimate = ours[f"share/{seat}"]
        # within three standard errors (the half-width is 1.96): how many deals a second
        # allows, and so the estimate, changes with the machine's load
        assert abs(estimate.value - value) <= estimate.half_width * 3 / 1.96, \
            (seat, estimate.value, estimate.half_width, value)
