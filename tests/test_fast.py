"""The batch evaluator: exact agreement with the scalar one, golden counts, its cache."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pokerkit
import pytest

from engine import fast
from engine.cards import FULL_DECK, parse_cards
from engine.fast import category_of, combinations, rank_high, rank_high_low, rank_low
from engine.hands import Category, best_high, best_low
from tests.support.scale import scaled

ROOT = Path(__file__).resolve().parents[1]


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    """``count`` rows of ``size`` distinct card codes."""
    rng = np.random.default_rng(seed)
    rows = [np.argpartition(rng.random((min(50_000, count - start), 52)), size, axis=1)[:, :size]
            for start in range(0, count, 50_000)]
    return np.concatenate(rows)


def codes(text: str) -> list[int]:
    return [c.code for c in parse_cards(text)]


def scalar_scores(hands: np.ndarray) -> tuple[list[int], list[int]]:
    rows = [[FULL_DECK[c] for c in row] for row in hands.tolist()]
    return [best_high(r).score for r in rows], [best_low(r).score for r in rows]


# --- Agreement with the scalar evaluator -------------------------------------

def test_agrees_with_scalar_on_20k_seven_card_hands() -> None:
    """20,000 hands hold every category thirty times or more (four of a kind is one hand
    in 600), the straight flush aside: its edges are tested one by one below, and the
    exact counts over every seven-card hand are ``bench/enumerate7.py``'s."""
    hands = random_hands(scaled(20_000), 7, seed=7)
    high, low = scalar_scores(hands)
    np.testing.assert_array_equal(rank_high(hands), high)
    np.testing.assert_array_equal(rank_low(hands), low)


@pytest.mark.parametrize("size", [5, 6])
def test_agrees_with_scalar_on_five_and_six_card_hands(size: int) -> None:
    hands = random_hands(20_000, size, seed=size)
    high, low = scalar_scores(hands)
    np.testing.assert_array_equal(rank_high(hands), high)
    np.testing.assert_array_equal(rank_low(hands), low)


@pytest.mark.parametrize("text", [
    "Ah Kh Qh Jh 10h 9h 8h",  # royal flush, not the king-high straight flush
    "5s 4s 3s 2s As Ks Kd",  # steel wheel: a five-high straight flush
    "6c 5d 4h 3s 2c Ad Ah",  # six-high straight beats the wheel also present
    "Jh 9h 7h 4h 2h 8c 10d",  # the flush beats the jack-high straight in the same cards
    "9c 9d 5h 5s 3c 3d Kh",  # three pairs: the best two and the best kicker
    "8c 8d 8h 4s 4c 4d 2h",  # two trips: a full house, eights full of fours
    "Ac Kd 9h 7s 5c 4d 3h",  # high card down to the fifth kicker
    "2c 3d 4h 6s 6d 7h 5c",  # Psycho's example: seven-high straight, six-four low
])
def test_edge_hands_match_scalar(text: str) -> None:
    cards = parse_cards(text)
    hand = np.array([c.code for c in cards])
    assert int(rank_high(hand)) == best_high(cards).score
    assert int(rank_low(hand)) == best_low(cards).score


def test_equal_hands_in_other_suits_tie() -> None:
    hands = np.array([codes("Ah Kd 9h 7s 5c 4d 3h"), codes("As Kc 9d 7h 5s 4c 3s")])
    high, low = rank_high(hands), rank_low(hands)
    assert high[0] == high[1] and low[0] == low[1]


# --- Agreement with an independent library ------------------------------------

def test_orders_hands_like_pokerkit() -> None:
    hands = random_hands(1_500, 7, seed=11)
    cards = [[next(iter(pokerkit.Card.parse(FULL_DECK[c].ascii))) for c in row]
             for row in hands.tolist()]
    high_theirs = [pokerkit.StandardHighHand.from_game(row) for row in cards]
    low_theirs = [pokerkit.RegularLowHand.from_game(row) for row in cards]
    high, low = rank_high_low(hands)
    for ours, theirs in ((high, high_theirs), (low, low_theirs)):
        for i in range(len(hands) - 1):
            a, b = theirs[i], theirs[i + 1]
            assert np.sign(int(ours[i]) - int(ours[i + 1])) == (a > b) - (a < b), hands[i:i + 2]


# --- Exact properties -----------------------------------------------------------

FIVE_CARD_COUNTS = {
    Category.ROYAL_FLUSH: 4, Category.STRAIGHT_FLUSH: 36, Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744, Category.FLUSH: 5_108, Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912, Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240, Category.HIGH_CARD: 1_302_540,
}
"""Published counts of all 2,598,960 five-card hands by category."""


def test_golden_counts_of_all_five_card_hands() -> None:
    hands = combinations(52, 5)
    assert len(hands) == 2_598_960
    counts = np.bincount(category_of(rank_high(hands)), minlength=10)
    assert {c: int(counts[c]) for c in Category} == FIVE_CARD_COUNTS


def test_five_card_lows_match_their_own_structure() -> None:
    # Among five distinct ranks (ace low) the best ace-to-five low is A-2-3-4-5,
    # and there are 4**5 ways to deal it.
    scores = rank_low(combinations(52, 5))
    assert int((scores == scores.max()).sum()) == 4 ** 5
    assert scores.max() == 0x7FFFFF - 0x54321


def best_of_five(hands: np.ndarray, rank: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """The best score over every five-card subset of each row, evaluated five at a time."""
    subsets = combinations(hands.shape[1], 5)
    return rank(hands[:, subsets]).max(axis=1)


@pytest.mark.parametrize("size", [6, 7])
def test_best_of_n_is_the_best_five_card_subset_over_a_sub_deck(size: int) -> None:
    # Every hand from a sub-deck (376,740 six-card and 346,104 seven-card
    # hands): wheels, steel wheels, royal flushes, quads, three pairs all occur.
    if size == 6:  # tens to aces, and deuces to fives in clubs and diamonds
        deck = np.array([c.code for c in FULL_DECK if c.rank >= 10 or c.rank <= 5 and c.suit < 2],
                        dtype=np.uint8)
    else:  # aces to sixes
        deck = np.array([c.code for c in FULL_DECK if c.rank <= 6 or c.rank == 14],
                        dtype=np.uint8)
    hands = deck[combinations(len(deck), size)]
    np.testing.assert_array_equal(rank_high(hands), best_of_five(hands, rank_high))
    np.testing.assert_array_equal(rank_low(hands), best_of_five(hands, rank_low))


def test_card_order_does_not_matter() -> None:
    hands = random_hands(20_000, 7, seed=3)
    shuffled = np.random.default_rng(4).permuted(hands, axis=1)
    np.testing.assert_array_equal(rank_high(hands), rank_high(shuffled))
    np.testing.assert_array_equal(rank_low(hands), rank_low(shuffled))


def test_every_integer_dtype_scores_alike() -> None:
    hands = random_hands(fast._PARALLEL_MIN + 5_000, 7, seed=9)
    high, low = rank_high_low(hands)
    for dtype in (np.uint8, np.int8, np.int16, np.uint32, np.dtype(">i8")):
        typed = hands.astype(dtype)
        np.testing.assert_array_equal(rank_high(typed), high)
        np.testing.assert_array_equal(rank_low(typed), low)


def test_large_batches_split_between_threads_agree_with_small_ones() -> None:
    hands = random_hands(fast._PARALLEL_MIN * 3 + 123, 7, seed=5)
    pieces = range(0, len(hands), 1_000)
    high, low = rank_high_low(hands)
    np.testing.assert_array_equal(high, np.concatenate([rank_high(hands[i:i + 1_000])
                                                        for i in pieces]))
    np.testing.assert_array_equal(low, np.concatenate([rank_low(hands[i:i + 1_000])
                                                       for i in pieces]))


# --- Input handling -------------------------------------------------------------

def test_shapes_and_dtypes() -> None:
    hand = codes("Ah Kh Qh Jh 10h 2c 3d")
    assert rank_high(hand).shape == ()
    assert int(category_of(rank_high(hand))) == Category.ROYAL_FLUSH
    stacked = np.array([[hand, hand], [hand, hand]], dtype=np.int8)
    assert rank_high(stacked).shape == (2, 2)
    assert rank_high(np.empty((0, 7), dtype=np.int64)).shape == (0,)
    for dtype in (np.uint8, np.int16, np.uint32, np.int64):
        assert rank_low(np.array(hand, dtype=dtype)).dtype == np.int32


@pytest.mark.parametrize("bad", [[0, 1, 2, 3, 52], [0, 1, 2, 3, -1], [0, 1, 2, 3], list(range(8))])
def test_rejects_bad_codes_and_sizes(bad: list[int]) -> None:
    with pytest.raises(ValueError):
        rank_high(bad)
    with pytest.raises(ValueError):
        rank_low(bad)


def test_rejects_non_integer_codes() -> None:
    with pytest.raises(TypeError):
        rank_high(np.zeros((1, 7)))


def test_category_of_names_every_category() -> None:
    hands = [("Ah Kh Qh Jh 10h", Category.ROYAL_FLUSH), ("5s 4s 3s 2s As", Category.STRAIGHT_FLUSH),
             ("9c 9d 9h 9s 2c", Category.FOUR_OF_A_KIND), ("9c 9d 9h 2s 2c", Category.FULL_HOUSE),
             ("Kh 9h 7h 4h 2h", Category.FLUSH), ("6c 5d 4h 3s 2c", Category.STRAIGHT),
             ("9c 9d 9h 3s 2c", Category.THREE_OF_A_KIND), ("9c 9d 3h 3s 2c", Category.TWO_PAIR),
             ("9c 9d 4h 3s 2c", Category.ONE_PAIR), ("Kc 9d 4h 3s 2c", Category.HIGH_CARD)]
    found = category_of(rank_high([codes(text) for text, _ in hands]))
    assert found.tolist() == [category for _, category in hands]


# --- The table cache ------------------------------------------------------------

@pytest.fixture(scope="module")
def built() -> fast.Tables:
    return fast.build_tables()


def same_tables(a: fast.Tables, b: fast.Tables) -> bool:
    return np.array_equal(a.flush, b.flush) and all(
        np.array_equal(getattr(a.ranks[n], f), getattr(b.ranks[n], f))
        for n in fast.HAND_SIZES for f in ("sums", "high", "low"))


def test_tables_are_cached_and_reloaded(tmp_path: Path, built: fast.Tables,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = fast.cache_path(tmp_path / "cache")
    assert not path.exists()
    calls = []
    monkeypatch.setattr(fast, "build_tables", lambda: calls.append(1) or built)
    first = fast.load_tables(tmp_path / "cache")
    assert path.exists() and len(calls) == 1
    second = fast.load_tables(tmp_path / "cache")
    assert len(calls) == 1 and same_tables(first, second) and same_tables(second, built)
    assert list(path.parent.iterdir()) == [path]  # no temporary file left behind


@pytest.mark.parametrize("damage", ["garbage", "truncated", "wrong shape"])
def test_a_damaged_cache_file_is_rebuilt(tmp_path: Path, built: fast.Tables, damage: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = fast.cache_path(tmp_path)
    fast._save(built, path)
    if damage == "garbage":
        path.write_bytes(b"not a table")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:5_000])
    else:
        with np.load(path) as data:
            arrays = {k: data[k] for k in data.files}
        arrays["high7"] = arrays["high7"][:-1]
        with path.open("wb") as f:
            np.savez(f, **arrays)
    calls = []
    monkeypatch.setattr(fast, "build_tables", lambda: calls.append(1) or built)
    assert same_tables(fast.load_tables(tmp_path), built) and calls == [1]
    assert same_tables(fast._load(path), built)  # the rebuilt file is whole again


def test_a_stale_cache_file_is_replaced(tmp_path: Path, built: fast.Tables,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "fast-tables-0123456789abcdef.npz"
    fast._save(built, stale)
    monkeypatch.setattr(fast, "build_tables", lambda: built)
    fast.load_tables(tmp_path)
    assert not stale.exists() and fast.cache_path(tmp_path).exists()


def test_built_tables_match_the_cached_ones(built: fast.Tables) -> None:
    assert same_tables(fast.load_tables(), built)


def test_import_and_first_evaluation_are_quick() -> None:
    fast.load_tables()  # the first build happens here, not in the timed process
    # CPU time, not the clock: another program busy on the machine does not count.
    script = (
        "import time, numpy\n"
        "start = time.process_time()\n"
        "import engine.fast\n"
        "engine.fast.rank_high([0, 5, 10, 15, 20, 25, 30])\n"
        "print(time.process_time() - start)\n"
    )
    timings = [float(subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=os.environ,
                                    capture_output=True, text=True, check=True).stdout)
               for _ in range(3)]
    assert min(timings) < 0.3, timings
