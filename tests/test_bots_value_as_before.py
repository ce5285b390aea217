"""The computer players that value hands through the games' hand types choose exactly as
they did when they called the evaluators directly: what each keeps in a draw over a few
hundred seeded hands, and every action of a few seeded hands, as digests of the cards and
actions (a change of one card or one chip changes the digest)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence

import pytest

from engine.bots import Bot, EquityBot, PartnerBot, PsychoBot, SophieBot
from engine.bots.draw import kept
from engine.bots.psycho import keep_for_draw
from engine.cards import FULL_DECK, JOKER, Card, Rank
from engine.games import GAMES, new_hand
from engine.games.hand_types import HIGH_HAND, HandTypes
from engine.hands import LowRanking
from engine.wild import Joker, WildCards


def digest(lines: Iterable[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def dealt(seed: int, count: int, size: int = 5,
          deck: Sequence[Card] = FULL_DECK) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(list(deck), size) for _ in range(count)]


def show(cards: Iterable[Card]) -> str:
    return " ".join(c.ascii for c in cards)


DRAWS = {
    "high": (HandTypes(), None, 5, FULL_DECK, "9ced92c5182b5f55"),
    "deuce-to-seven": (HandTypes(high=False, low=LowRanking.DEUCE_TO_SEVEN), None, 5,
                       FULL_DECK, "11f097c453486d9b"),
    "ace-to-five": (HandTypes(high=False, low=LowRanking.ACE_TO_FIVE), None, 5, FULL_DECK,
                    "74181311db68c99d"),
    "badugi": (HandTypes(high=False, low=LowRanking.BADUGI), None, 4, FULL_DECK,
               "ea796be5756d6cdb"),
    "deuces wild": (HandTypes(), WildCards(ranks=frozenset({Rank.TWO})), 5, FULL_DECK,
                    "36a08994ff6dc074"),
    "the bug": (HandTypes(), WildCards(joker=Joker.BUG), 5, (*FULL_DECK, JOKER),
                "07490222af0bdd0f"),
}


@pytest.mark.parametrize("name", DRAWS)
def test_the_draw_keeps_what_it_kept(name: str) -> None:
    types, wild, size, deck, expected = DRAWS[name]
    assert digest(show(kept(types, hand, wild)) for hand in dealt(1, 300, size, deck)) \
        == expected


@pytest.mark.parametrize(("ranking", "expected"), [
    (LowRanking.ACE_TO_FIVE, "cf8587af962eb947"),
    (LowRanking.DEUCE_TO_SEVEN, "0ab8b63f32e10d47"),
])
def test_the_psycho_draw_keeps_what_it_kept(ranking: LowRanking, expected: str) -> None:
    plans = (keep_for_draw(hand, ranking) for hand in dealt(2, 300))
    assert digest(f"{show(cards)} {plan}" for cards, plan in plans) == expected


def _played(game_id: str, players: int, bot: Bot, settings: dict[str, str]) -> list[str]:
    """Every action of two seeded hands the bot plays at every seat."""
    actions = []
    for seed in range(2):
        state = new_hand(game_id, players=players, seed=seed, settings=settings)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(bot.choose(state, seat, rng))
        actions += [str(a) for a in state.actions]
    return actions


PLAYED = [
    ("psycho", 3, PsychoBot(trials=4), {}, "0e08f4ddc5daeb2a"),
    ("psycho", 3, PsychoBot(trials=4), {"low_ranking": "deuce-to-seven"}, "0163959aba2a644a"),
    ("psycho", 3, PsychoBot(trials=4), {"declarations": "in-turn"}, "0e08f4ddc5daeb2a"),
    ("sophies-pick", 3, SophieBot(trials=4), {}, "94d36b76231da2c9"),
    ("double-sophie", 3, SophieBot(trials=4), {}, "b83ddb068e0f29ba"),
    ("pick-a-partner", 4, PartnerBot(trials=4), {}, "363ae6c8fcd16f45"),
    ("five-card-draw-bug", 3, EquityBot(trials=4), {}, "41c249fb994beec3"),
    ("anaconda", 3, EquityBot(trials=4), {}, "348072e20803fbf6"),
    ("anaconda", 3, EquityBot(trials=4), {"passes": "three-two-one"}, "f313a31d077ef43c"),
    ("crazy-pineapple", 3, EquityBot(trials=4), {}, "1c565b6547c0d7fc"),
]


@pytest.mark.parametrize(("game_id", "players", "bot", "settings", "expected"), PLAYED,
                         ids=[f"{g}{'-' + '-'.join(s.values()) if s else ''}"
                              for g, _, _, s, _ in PLAYED])
def test_the_players_play_as_they_played(game_id: str, players: int, bot: Bot,
                                         settings: dict[str, str], expected: str) -> None:
    assert digest(_played(game_id, players, bot, settings)) == expected


@pytest.mark.parametrize("game_id", ["sophies-pick", "double-sophie", "pick-a-partner"])
def test_the_high_only_games_declare_the_high_hand(game_id: str) -> None:
    """Their players value hands from what a seat sees (no settings), as the high hand of
    any five cards: the hand types these games declare."""
    game = GAMES[game_id]
    assert game.hand_types(game.settings_type()) == HIGH_HAND
