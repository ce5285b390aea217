"""Single wild cards (the one-eyed jacks, J♥ and J♠; the suicide king, K♥): a card wild by
itself while the rest of its rank plays as dealt. Valued as every replacement tried, the
same in numpy batches, declared in a game's ``[rules.wild]`` (``cards = [...]``), and
refused with a reason when written wrong."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from engine.cards import FULL_DECK, Card, Rank, card, parse_cards
from engine.fast_wild import JOKER, rank_wild_high, rank_wild_low
from engine.games import GAMES, new_hand
from engine.games.house import BLANK, HouseError, adopt, read_house
from engine.hands import HandKind
from engine.state import EventKind
from engine.wild import (
    LOW_KINDS,
    Joker,
    WildCards,
    best_wild_high,
    best_wild_low,
    showing_stand_ins,
)
from tests.support import wild as independent
from tests.support.scale import scaled
from tests.support.wild_games import passive_action, to_showdown
from ui.house.templates import template

ONE_EYED = frozenset(parse_cards("Jh Js"))
SUICIDE_KING = frozenset({card("Kh")})
RULES = {
    "the one-eyed jacks": WildCards(cards=ONE_EYED),
    "the suicide king and the bug": WildCards(cards=SUICIDE_KING, joker=Joker.BUG),
    "deuces and the one-eyed jacks, natural first": WildCards(
        ranks=frozenset({Rank.TWO}), cards=ONE_EYED, natural_first=True),
}


def _hand_holding(rng: random.Random, wild: frozenset[Card], size: int) -> list[Card]:
    """``size`` cards holding at least one of the ``wild`` cards (random ones seldom do)."""
    some = rng.sample(sorted(wild), rng.randint(1, len(wild)))
    rest = rng.sample([c for c in FULL_DECK if c not in some], size - len(some))
    return [*some, *rest]


@pytest.mark.parametrize("name", sorted(RULES))
def test_single_wild_cards_agree_with_every_replacement_tried(name: str) -> None:
    wild = RULES[name]
    rng = random.Random(name)
    ranks = frozenset(int(r) for r in wild.ranks)
    joker = independent.BUG if wild.joker is Joker.BUG else independent.FULL
    for _ in range(scaled(150)):
        jokers = rng.choice((0, 0, 1))
        cards = _hand_holding(rng, wild.cards, rng.choice((5, 6, 7)) - jokers)
        high = best_wild_high(cards, wild, jokers=jokers)
        truth = independent.brute_high(cards, ranks, jokers=jokers, joker=joker,
                                       wild_cards=wild.cards)
        if wild.natural_first:
            assert high.score // 2 == truth, (cards, jokers)
        else:
            assert high.score == truth, (cards, jokers)
        kind = rng.choice(LOW_KINDS)
        low = best_wild_low(cards, wild, jokers=jokers, ranking=kind)
        assert low.score == independent.brute_low(cards, ranks, jokers=jokers, kind=kind,
                                                  wild_cards=wild.cards), (cards, kind)


def test_the_rest_of_the_rank_plays_as_dealt() -> None:
    one_eyed = WildCards(cards=ONE_EYED)
    # J♥ stands for the fifth ace; J♦ is a jack.
    assert best_wild_high(parse_cards("Ah Ad Ac As Jh"), one_eyed).describe() == \
        "Five of a kind, aces"
    assert best_wild_high(parse_cards("Ah Ad Ac As Jd"), one_eyed).describe() == \
        "Four of a kind, aces"
    # K♥ alone is wild: beside two kings it is a third, beside two nines a third nine.
    suicide = WildCards(cards=SUICIDE_KING)
    assert best_wild_high(parse_cards("Kh Kd Kc 7s 2d"), suicide).describe() == \
        "Three of a kind, kings"
    assert best_wild_high(parse_cards("Kh 9d 9c 7s 2d"), suicide).describe() == \
        "Three of a kind, nines"


@pytest.mark.parametrize("name", sorted(RULES))
def test_batches_score_single_wild_cards_as_one_hand_at_a_time(name: str) -> None:
    wild = RULES[name]
    rng = random.Random(f"batch {name}")
    for size in (5, 6, 7):
        rows = []
        for _ in range(scaled(150)):
            jokers = rng.choice((0, 0, 1))
            held = _hand_holding(rng, wild.cards, size - jokers) if rng.random() < 0.7 else \
                rng.sample(FULL_DECK, size - jokers)
            rows.append([c.code for c in held] + [JOKER] * jokers)
        codes = np.array(rows)
        for row, score in zip(rows, rank_wild_high(codes, wild).tolist(), strict=True):
            cards = [Card.from_code(c) for c in row if c != JOKER]
            assert score == best_wild_high(cards, wild, jokers=row.count(JOKER)).score, cards
        kind = rng.choice(LOW_KINDS)
        for row, score in zip(rows, rank_wild_low(codes, wild, ranking=kind).tolist(),
                              strict=True):
            cards = [Card.from_code(c) for c in row if c != JOKER]
            assert score == best_wild_low(cards, wild, jokers=row.count(JOKER),
                                          ranking=kind).score, (cards, kind)


def test_a_rank_per_row_beside_single_wild_cards() -> None:
    wild = WildCards(cards=ONE_EYED)
    rng = random.Random(5)
    rows = [[c.code for c in _hand_holding(rng, ONE_EYED, 7)] for _ in range(scaled(200))]
    masks = [1 << rng.randint(2, 14) for _ in rows]
    scores = rank_wild_high(np.array(rows), wild, row_ranks=np.array(masks)).tolist()
    for row, mask, score in zip(rows, masks, scores, strict=True):
        rule = wild.with_ranks(Rank(mask.bit_length() - 1))
        assert score == best_wild_high([Card.from_code(c) for c in row], rule).score


def test_a_one_eyed_jack_showing_counts_in_the_showing_hand() -> None:
    stood = showing_stand_ins(parse_cards("Js Kd 7c"), WildCards(cards=ONE_EYED))
    assert [c.rank for c in stood] == [Rank.KING, Rank.KING, Rank.SEVEN]
    as_dealt = showing_stand_ins(parse_cards("Jd Kd 7c"), WildCards(cards=ONE_EYED))
    assert as_dealt == tuple(parse_cards("Jd Kd 7c"))


ONE_EYED_DRAW = BLANK.replace('name = "My house game"', 'name = "One-eyed jacks"') + (
    '\n[rules.wild]\ncards = ["Jh", "Js"]\n')


def test_a_house_game_plays_the_one_eyed_jacks_wild() -> None:
    game = adopt(ONE_EYED_DRAW)
    checked = wild_hands = 0
    for seed in range(40):
        state = new_hand(game.id, players=5, seed=seed)
        while not state.is_over:
            state.apply(passive_action(state, state.to_act[0]))
        for seat in state.in_hand():
            cards = state.live_cards(seat)
            truth = independent.brute_high(cards, frozenset(), wild_cards=ONE_EYED)
            assert state.game.hand_value(state, seat).score == truth, (seed, cards)
            checked += 1
            wild_hands += any(c in ONE_EYED for c in cards)
    assert checked == 200 and wild_hands >= 20
    notes = state.game.notes(state, 0, None)
    assert "Wild: J♥ and J♠" in notes, notes


@pytest.mark.parametrize(("wild", "reason"), [
    ('cards = ["Jx"]', "'Jx' is not a card"),
    ('cards = "Jh"', "expected a list of cards"),
    ('cards = ["Jk"]', "the joker is declared by joker"),
    ('cards = [7]', "expected a list of cards"),
])
def test_a_wrong_wild_card_is_refused_with_its_reason(wild: str, reason: str) -> None:
    with pytest.raises(HouseError) as refused:
        read_house(BLANK + f"\n[rules.wild]\n{wild}\n")
    assert "rules.wild.cards" in str(refused.value) and reason in str(refused.value)


def test_the_short_deck_refuses_a_wild_card_it_does_not_hold(tmp_path: Path) -> None:
    short = BLANK.replace('structure = "fixed-limit"', 'structure = "fixed-limit"\ndeck = "short"')
    with pytest.raises(HouseError) as refused:
        read_house(short + '\n[rules.wild]\ncards = ["2h"]\n')
    assert "the short deck has no card below a six" in str(refused.value)


def test_a_low_hand_plays_a_one_eyed_jack_as_its_missing_card() -> None:
    low = best_wild_low(parse_cards("Js 7d 4c 3s 2c"), WildCards(cards=ONE_EYED),
                        ranking=HandKind.DEUCE_TO_SEVEN)
    assert low.describe() == "Seven-five low"


def test_follow_the_queen_names_the_single_wild_cards_beside_its_queens() -> None:
    """With a queen the last up card, the note says what stays wild: the queens and the
    one-eyed jacks (the deck: two players, stud's order, no one-eyed jack in it)."""
    text = template(GAMES["follow-the-queen"]).replace(
        'wild = { ranks = ["Q"], follow = "Q" }',
        'wild = { ranks = ["Q"], follow = "Q", cards = ["Jh", "Js"] }')
    house = adopt(text)
    state = to_showdown(house.id, players=2,
                        deck="Ah 7c Ad 7h Qh 7d  2c Kc 2s  2d 9c 3s  2h 4d Qs  3c 4c 8c")
    notes = [e.text for e in state.view(None).events if e.kind is EventKind.NOTE]
    assert "The Q♠ is the last card dealt face up: for now only queens, J♥ and J♠ are " \
           "wild" in notes, notes
