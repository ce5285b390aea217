""""Your hand now" values a wild-card hand as the showdown does: the game's fixed wild
ranks, the rank the deal has set (Follow the Queen) and the hand's own lowest hole card
(Kings and little ones)."""

from __future__ import annotations

import random

import pytest

from engine.cards import Rank, format_cards
from engine.games import new_hand
from engine.games.wild_cards import held_five
from engine.state import HandState
from tests.support.bots import quick_bot
from ui.components.hand_now import hand_words


def _wild_in(state: HandState, seat: int) -> list[str]:
    wild = state.game.seat_wild(state, seat)
    assert wild is not None
    return [format_cards([c]) for c in state.live_cards(seat) if c.rank in wild.ranks]


@pytest.mark.parametrize("game", ["deuces-wild-draw", "kings-and-little-ones"])
def test_a_draw_hand_is_valued_with_its_wild_cards(game: str) -> None:
    seen_wild = 0
    for seed in range(12):
        state = new_hand(game, players=3, seed=seed)
        seat = state.to_act[0]
        value = state.game.hand_value(state, seat)
        held = held_five(state.live_cards(seat), state.game.seat_wild(state, seat), value.cards)
        [line] = hand_words(state.view(seat))
        assert line.startswith(f"Best hand so far: {value.describe()}")
        assert line.endswith(f"({format_cards(held)})")
        wilds = _wild_in(state, seat)
        if wilds:
            seen_wild += 1
            assert ", with " in line and " wild " in line
    assert seen_wild >= 3


def test_deuces_wild_says_five_of_a_kind() -> None:
    for seed in range(400):
        state = new_hand("deuces-wild-draw", players=6, seed=seed)
        for seat in range(6):
            value = state.game.hand_value(state, seat)
            if value.describe().startswith(("Five of a kind", "Four of a kind")):
                [line] = hand_words(state.view(seat))
                assert line.startswith(f"Best hand so far: {value.describe()}, with ")
                assert "deuce" in line
                return
    pytest.fail("no four or five of a kind in 400 deals")


def test_follow_the_queen_counts_the_rank_the_deal_set() -> None:
    for seed in range(300):
        state = new_hand("follow-the-queen", players=5, seed=seed)
        bots = quick_bot(state.game.id)   # deals on to the fifth card, as any player
        while not state.is_over and not any(len(state.cards[s]) >= 5 for s in state.to_act):
            state.apply(bots.choose(state, state.to_act[0], random.Random(len(state.actions))))
        if state.is_over or state.game.dealt_rank(state) in (None, Rank.QUEEN):
            continue
        dealt = state.game.dealt_rank(state)
        for seat in state.to_act:
            if any(c.rank is dealt for c in state.live_cards(seat)):
                value = state.game.hand_value(state, seat)
                [line] = hand_words(state.view(seat))
                assert line.startswith(f"Best hand so far: {value.describe()}, with ")
                assert dealt.word[:4] in line.split("(")[0] or "deuce" in line
                return
    pytest.fail("no seat held the rank the deal set")
