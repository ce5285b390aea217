"""Five-card draw with the bug, declared as data: the 53-card deck deals its joker, the
bug's values match every replacement tried (an ace, or any card that makes a straight or
a flush), the announced fully wild joker matches every card tried, and a joker where the
game has none is refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.cards import FULL_DECK, JOKER, Rank, parse_cards
from engine.deals import deck_from_seats
from engine.games import get_game, load_games, new_hand
from engine.games.declaration import DeclarationError
from engine.hands import Category, best_high
from engine.phh.load import load_phh
from engine.phh.write import to_phh
from engine.wild import Joker, WildCards, best_wild_high

GAME = "five-card-draw-bug"
COMPLETES = {Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH}


def _brute_force(naturals: list, joker: Joker) -> int:
    """The best score of the four cards with the joker replaced by every card not held:
    as the bug, only an ace or a card completing a straight or flush counts."""
    best = -1
    for stand_in in FULL_DECK:
        if stand_in in naturals:
            continue
        value = best_high([*naturals, stand_in])
        if joker is Joker.WILD or stand_in.rank == Rank.ACE or value.category in COMPLETES:
            best = max(best, value.score)
    return best


@pytest.mark.parametrize("joker", list(Joker))
def test_the_joker_is_worth_its_best_replacement(joker: Joker) -> None:
    rng = random.Random(41)
    tried = 0
    while tried < 150:
        naturals = rng.sample(FULL_DECK, 4)
        ranks = [c.rank for c in naturals]
        if max(ranks.count(r) for r in ranks) == 4 or (joker is Joker.BUG and
                                                       ranks.count(Rank.ACE) == 4):
            continue  # five of a kind: no card of the 52 stands in for it
        tried += 1
        value = best_wild_high([*naturals, JOKER], WildCards(joker=joker))
        assert value.score == _brute_force(naturals, joker), (naturals, value.describe())


def test_the_bug_plays_as_the_table_expects() -> None:
    bug = WildCards(joker=Joker.BUG)
    said = {hand: best_wild_high(parse_cards(hand), bug).describe() for hand in (
        "Jk Ah Ad Ac As", "Jk 7c 7d 8s 9d", "Jk Kh Qh Jh 10c", "Jk 2h 5h 9h Kh")}
    assert said == {"Jk Ah Ad Ac As": "Five of a kind, aces",
                    "Jk 7c 7d 8s 9d": "Pair of sevens",
                    "Jk Kh Qh Jh 10c": "Ace-high straight",
                    "Jk 2h 5h 9h Kh": "Ace-high flush"}


def test_the_game_deals_53_cards_and_values_the_bug_at_the_showdown() -> None:
    game = get_game(GAME)
    assert len(game.cards) == 53 and JOKER in game.cards
    seats = [parse_cards("Jk 7c 7d 8s 9d"), parse_cards("Kh Kc 4d 3s 2c")]
    deck = deck_from_seats(GAME, players=2, seat_cards=seats, seed=1)
    state = new_hand(GAME, players=2, seed=1, deck=deck)
    assert [h.card for h in state.cards[0]] == seats[0]
    assert any(note.startswith("Wild: the joker as the bug")
               for note in game.notes(state, 0, 0))
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        stand = [a for a in legal if a.kind.value == "discard" and not a.cards]
        state.apply(stand[0] if stand else next(
            (a for a in legal if a.kind.value in ("check", "call", "show")), legal[0]))
    assert state.settlement is not None
    assert [a.winners for a in state.settlement.awards] == [(1,)]  # kings beat sevens
    text = to_phh(state)
    assert "Jk" in text
    again = load_phh(text)
    assert [h.card for h in again.cards[0]] == seats[0]


def test_the_announced_wild_joker_makes_trips() -> None:
    game = get_game(GAME)
    settings = game.settings_type.from_dict({"joker_wild": True})
    high, _ = game.evaluate(settings, parse_cards("Jk 7c 7d 8s Kd"), [])
    assert high is not None and high.describe() == "Three of a kind, sevens"
    bug, _ = game.evaluate(game.settings_type(), parse_cards("Jk 7c 7d 8s Kd"), [])
    assert bug is not None and bug.describe() == "Pair of sevens"


def test_a_joker_is_refused_where_the_game_deals_none() -> None:
    with pytest.raises(ValueError, match="Jkr is not in this game's deck of 52 cards"):
        new_hand("five-card-draw", players=2, seed=1, deck="Jk")


@pytest.mark.parametrize(("change", "reason"), [
    (("deck = \"joker\"\n", ""), "a joker needs the joker deck"),
    (("joker = \"joker_wild\"", "ranks = [\"2\"]"), "a joker deck plays its joker"),
])
def test_a_joker_declared_by_halves_is_refused(tmp_path: Path, change: tuple[str, str],
                                               reason: str) -> None:
    text = (Path("content/games") / f"{GAME}.toml").read_text(encoding="utf-8")
    (tmp_path / f"{GAME}.toml").write_text(text.replace(*change), encoding="utf-8")
    with pytest.raises(DeclarationError, match=reason):
        load_games(tmp_path)
