"""The odds widgets against their targets, hold'em equity against pokerkit, and the
calculator for the hand in front of you (3, below) beside pokerkit on stud spots.

1. Each widget's standard question (what the Odds page asks before anything is
   typed, ``engine.odds.spots.standard_questions``) must be answered exactly, or
   with every 95% interval within ±1 percentage point, in at most one second.
   Tables built once per process (the evaluator's, the exact seven-card
   percentiles) are built first and timed on their own; each question is then
   answered three times and the median time reported.
2. Sophie's Pick after the final pick is hold'em: surviving pairs on a four-card
   board. Our answer must agree with pokerkit's ``calculate_equities`` within
   pokerkit's sampling intervals (95% for all figures together) and be at least
   20 times faster, timed side
   by side in this run: ours exact (every river), and ours sampled with as many
   deals as pokerkit samples, against pokerkit's sampled run. pokerkit draws from
   Python's shared generator and deals from a set, so its figures vary from run to
   run: about one run in twenty may show a disagreement by chance alone.
3. The hand in front of you (``engine.odds.at_table``): each spot's method, deals,
   interval and time (the target: an answer in about a second), and pokerkit's
   sampled equity for the stud spots, which the interval should hold.
4. The new games' questions (hold'em, Omaha high and eight-or-better, razz, seven-card
   stud eight-or-better), asked of the hand calculator as the Odds page asks it, beside
   pokerkit's ``calculate_equities`` on the same cards: our time and share of the pot
   against its time and equity, with both 95% intervals, and our deals a second over its
   samples a second.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence

import numpy as np
from pokerkit import Card as PokerkitCard
from pokerkit import (
    Deck,
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    StandardHighHand,
    calculate_equities,
    parse_range,
)

from engine.cards import Card, parse_cards
from engine.hands import LowRanking
from engine.odds.exact import high_distribution, low_distribution
from engine.odds.holdem import holdem_question
from engine.odds.run import Budget, solve
from engine.odds.spots import SEED, standard_questions
from engine.odds.tally import Answer

TIME_TARGET = 1.0
WIDTH_TARGET = 0.01
SPEED_TARGET = 20.0
POKERKIT_SAMPLES = 600
"""pokerkit's samples per spot: it evaluates hands in pure Python, about a millisecond each."""
RUNS = 3

SPOTS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("flush draw vs set, heads-up", ("Ah Kh", "Qc Qd"), "Qh 7h 2c 3s"),
    ("three surviving pairs", ("Jc Tc", "9s 9d", "Ad 5s"), "9c 8c 2h Ks"),
    ("four-way, straight and flush draws", ("6h 5h", "Kd Kc", "Qs Js", "Ac 2d"),
     "Th 9h 4c 8s"),
)


def warm_up() -> None:
    """Build the per-process tables once and say how long they took."""
    started = time.perf_counter()
    solve(standard_questions()["stud"], rng=np.random.default_rng(0))
    evaluator = time.perf_counter() - started
    started = time.perf_counter()
    high_distribution()
    for ranking in LowRanking:
        low_distribution(ranking)
    print(f"One-time tables: evaluator {evaluator:.2f} s, seven-card percentiles "
          f"{time.perf_counter() - started:.2f} s (built once per process)\n")


def widgets() -> bool:
    """Time every standard question; True when all meet the targets."""
    print(f"{'question':<24}{'method':<9}{'deals':>9}{'±95% (pts)':>12}{'time (s)':>10}  target")
    ok = True
    for name, question in standard_questions().items():
        times, answer = [], None
        for _ in range(RUNS):
            started = time.perf_counter()
            answer = solve(question, rng=np.random.default_rng(SEED))
            times.append(time.perf_counter() - started)
        assert answer is not None
        seconds = statistics.median(times)
        width = answer.widest()
        met = seconds <= TIME_TARGET and (answer.exact or width <= WIDTH_TARGET)
        ok &= met
        print(f"{name:<24}{answer.method.value:<9}{answer.deals:>9,}{100 * width:>12.2f}"
              f"{seconds:>10.3f}  {'met' if met else 'MISSED'}")
    return ok


def _pokerkit(hands: Sequence[str], board: str) -> tuple[list[float], float]:
    ranges = [parse_range(hand.replace(" ", "")) for hand in hands]
    started = time.perf_counter()
    equities = calculate_equities(ranges, PokerkitCard.parse(board.replace(" ", "")), 2, 5,
                                  Deck.STANDARD, (StandardHighHand,),
                                  sample_count=POKERKIT_SAMPLES)
    return list(equities), time.perf_counter() - started


def _ours(hands: Sequence[Sequence[Card]], board: Sequence[Card], *,
          sample: bool) -> tuple[Answer, float]:
    question = holdem_question(hands, board=board)
    budget = Budget(min_deals=POKERKIT_SAMPLES, max_deals=POKERKIT_SAMPLES)
    best = math.inf
    answer = None
    for _ in range(RUNS):
        started = time.perf_counter()
        answer = solve(question, rng=np.random.default_rng(SEED), budget=budget, sample=sample)
        best = min(best, time.perf_counter() - started)
    assert answer is not None
    return answer, best


def holdem_against_pokerkit() -> bool:
    """Every spot: agreement within pokerkit's interval, and the speed ratios.

    The intervals hold together with 95% confidence (Bonferroni over every figure
    compared), so one unlucky sample among many does not count as disagreement.
    """
    figures = sum(len(texts) for _, texts, _ in SPOTS)
    z = statistics.NormalDist().inv_cdf(1 - 0.025 / figures)
    print(f"\nHold'em after the final pick: pokerkit {POKERKIT_SAMPLES} samples per spot; "
          f"pokerkit's intervals are simultaneous 95% intervals over {figures} figures "
          f"(z = {z:.2f})")
    ok = True
    for name, texts, board_text in SPOTS:
        hands = [parse_cards(t) for t in texts]
        board = parse_cards(board_text)
        exact, exact_time = _ours(hands, board, sample=False)
        sampled, sampled_time = _ours(hands, board, sample=True)
        theirs, their_time = _pokerkit(texts, board_text)
        ours = [exact[f"equity/{i}"].value for i in range(len(hands))]
        # pokerkit's 95% interval around each figure, from the exact spread of a deal's share
        allowed = [z * math.sqrt(max(p * (1 - p), 1e-4) / POKERKIT_SAMPLES) for p in ours]
        agree = all(abs(o - t) <= a for o, t, a in zip(ours, theirs, allowed, strict=True))
        faster_exact = their_time / exact_time
        faster_sampled = their_time / sampled_time
        met = agree and min(faster_exact, faster_sampled) >= SPEED_TARGET
        ok &= met
        print(f"  {name}: board {board_text}")
        for text, o, t, a in zip(texts, ours, theirs, allowed, strict=True):
            print(f"    {text:<7} ours {100 * o:6.2f}% (exact, {exact.deals} rivers)   "
                  f"pokerkit {100 * t:6.2f}% ± {100 * a:.2f}")
        print(f"    time: ours exact {1000 * exact_time:.1f} ms, ours sampled "
              f"{POKERKIT_SAMPLES} deals {1000 * sampled_time:.1f} ms, pokerkit "
              f"{1000 * their_time:.0f} ms -> {faster_exact:.0f}x / {faster_sampled:.0f}x "
              f"faster; {'agrees' if agree else 'DISAGREES'}; {'met' if met else 'MISSED'}")
    return ok


HAND_SPOTS: tuple[tuple[str, str, int, str, tuple[str, ...], str], ...] = (
    ("stud, both hands known, 6th", "seven-card-stud", 2, "6th street",
     ("Ah Ad 2c 3d 4h 5s", "Kc Kd Ks 7c 8d 9h"), ""),
    ("stud, down cards unseen, 5th", "seven-card-stud", 2, "5th street",
     ("Ah Ad 2c 3d 4h", "? ? Ks 7c 8d"), ""),
    ("stud, 7th, one card unseen", "seven-card-stud", 2, "7th street",
     ("Ah Ad 2c 3d 4h 5s 9c", "Kc Kd Ks 7c 8d 9h ?"), ""),
    ("Psycho, declarations", "psycho", 2, "Declarations",
     ("Ah 2c 3d 4s 6h 9c Kd", "? ? Kc Ks Kh ? ?"), ""),
    ("Pick a Partner, fourth roll", "pick-a-partner", 4, "Fourth roll",
     ("9d 7s 8s 8c 7h", "5d 6d Ad ? ?", "4d 3c Qc ? ?", "6c 2d Td ? ?"), ""),
)
"""The hand calculator's spots: your cards and what you see of the others'."""


def hand_calculator() -> bool:
    """The calculator for the hand in front of you (the engine deals and settles every
    deal): exact within about a second, else sampled for about a second; the stud spots
    beside pokerkit's calculate_equities on the same cards."""
    from engine.odds.at_table import Spot, solve_spot
    from ui.odds.hand_link import read_seat

    print("\nThe hand in front of you (every deal played and settled by the engine):")
    print(f"{'spot':<32}{'method':<9}{'deals':>8}{'±95% (pts)':>12}{'time (s)':>10}"
          f"{'you':>15}{'pokerkit':>10}{'its time':>10}")
    ok = True
    for name, game, players, street, seats, _ in HAND_SPOTS:
        typed = [read_seat(text) for text in seats]
        assert all(not isinstance(t, str) for t in typed)
        spot = Spot.build(game, players=players, street=street,
                          seats=[t for t in typed if not isinstance(t, str)])
        answer = solve_spot(spot, rng=np.random.default_rng(SEED), seconds=0.8, min_deals=60)
        theirs, their_time = "", ""
        if game == "seven-card-stud":
            started = time.perf_counter()
            known = [" ".join(c.ascii for c in t if c is not None)
                     for t in typed if not isinstance(t, str)]
            ranges = [[frozenset(PokerkitCard.parse(k.replace(" ", "")))] for k in known]
            value = calculate_equities(ranges, (), 7, 0, Deck.STANDARD, (StandardHighHand,),
                                       sample_count=2000)[0]
            theirs, their_time = f"{100 * value:.1f}%", f"{time.perf_counter() - started:.2f}"
        met = answer.seconds <= 1.5 * TIME_TARGET
        ok &= met
        print(f"{name:<32}{answer.method.value:<9}{answer.deals:>8,}"
              f"{100 * answer.widest():>12.2f}{answer.seconds:>10.2f}"
              f"{answer['share/0'].percent():>15}{theirs:>10}{their_time:>10}"
              f"  {'met' if met else 'MISSED'}")
    return ok


NEW_GAME_SAMPLES = 1000
"""pokerkit's samples per new-game spot (Omaha's hands cost it sixty five-card hands each)."""

NEW_GAME_SPOTS: tuple[tuple[str, str, dict[str, str], int, str, tuple[str, ...], str,
                            int, int, tuple[type[Hand], ...] | None], ...] = (
    ("hold'em flop, heads-up", "texas-holdem", {}, 2, "Flop", ("Ah Kh", "Qc Qd"),
     "Qh 7h 2c", 2, 5, (StandardHighHand,)),
    ("Omaha high flop vs one", "omaha", {}, 2, "Flop", ("Ah Kh Qd Jd", "9c 9s 8c 7s"),
     "Tc 9h 2d", 4, 5, (OmahaHoldemHand,)),
    ("Omaha 8 flop vs two random", "omaha", {"pot": "eight-or-better"}, 3, "Flop",
     ("Ah 2h 3c Kd",), "4s 7d Qc", 4, 5, (OmahaHoldemHand, OmahaEightOrBetterLowHand)),
    ("razz 5th street", "razz", {}, 2, "5th street", ("As 2d 3c 4h 9s", "? ? Kc Qd 7s"),
     "", 7, 0, (RegularLowHand,)),
    ("stud 8 5th street", "seven-card-stud-eight", {}, 2, "5th street",
     ("Ah 2c 3d 8s Ks", "? ? 7h 7c 5d"), "", 7, 0,
     (StandardHighHand, EightOrBetterLowHand)),
)
"""Each new game's question: name, game, settings, players, street, the cards you see of
each seat ("?" unseen; seats not typed are dealt at random), the board, and pokerkit's
cards per hand, board cards and hand types (``None``: pokerkit has no equity for it)."""


def new_games() -> bool:
    """Each new game's question: the hand calculator as the Odds page runs it (about a
    second, at least 60 deals) beside pokerkit's sampled equity on the same cards."""
    from engine.odds.at_table import Spot, solve_spot
    from ui.odds.hand_link import read_seat

    print(f"\nThe new games, ours (the Odds page's budget) beside pokerkit "
          f"({NEW_GAME_SAMPLES} samples) on the same spot, seat 1's share of the pot:")
    print(f"{'question':<28}{'method':<9}{'deals':>7}{'ours':>16}{'time (s)':>9}"
          f"{'pokerkit':>16}{'its time':>9}{'deals/s ratio':>14}")
    ok = True
    for (name, game, chosen, players, street, seats, board_text, hole_count, board_count,
         hand_types) in NEW_GAME_SPOTS:
        typed = [read_seat(text) for text in seats]
        known = [t for t in typed if not isinstance(t, str)]
        assert len(known) == len(typed)
        board = parse_cards(board_text) if board_text else []
        spot = Spot.build(game, players=players, street=street, settings=chosen, seats=known,
                          boards=[board] if board else [])
        answer = solve_spot(spot, rng=np.random.default_rng(SEED), seconds=1.0, min_deals=60)
        ours = answer["share/0"]
        theirs, their_time, agree, ratio = "pokerkit has no equity for this", "", True, ""
        if hand_types is not None:
            ranges = [[frozenset(c for c in PokerkitCard.parse(
                "".join(card.ascii for card in seat if card is not None)))]
                for seat in known]
            ranges += [[frozenset()]] * (players - len(known))
            started = time.perf_counter()
            value = calculate_equities(
                ranges, PokerkitCard.parse("".join(c.ascii for c in board)), hole_count,
                board_count, Deck.STANDARD, hand_types, sample_count=NEW_GAME_SAMPLES)[0]
            their_seconds = time.perf_counter() - started
            their_time = f"{their_seconds:.2f}"
            # deals a second, ours over pokerkit's samples a second
            ratio = f"{answer.deals * their_seconds / (answer.seconds * NEW_GAME_SAMPLES):.1f}x"
            width = 1.96 * math.sqrt(max(value * (1 - value), 1e-4) / NEW_GAME_SAMPLES)
            theirs = f"{100 * value:.1f}% ± {100 * width:.1f}"
            agree = abs(ours.value - value) <= ours.half_width + width
        met = answer.seconds <= 1.5 * TIME_TARGET and agree
        ok &= met
        print(f"{name:<28}{answer.method.value:<9}{answer.deals:>7,}{ours.percent():>16}"
              f"{answer.seconds:>9.2f}{theirs:>16}{their_time:>9}{ratio:>14}"
              f"  {'agrees' if agree else 'DISAGREES'}; {'met' if met else 'MISSED'}")
    return ok


def main() -> None:
    warm_up()
    met = widgets()
    met &= holdem_against_pokerkit()
    met &= hand_calculator()
    met &= new_games()
    print(f"\nTargets: {'all met' if met else 'some MISSED (see above)'}")


if __name__ == "__main__":
    main()
