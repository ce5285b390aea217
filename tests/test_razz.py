"""Razz and seven-card stud eight or better as dealt: who brings in and who opens, what
wins, the announcements, and hand values against pokerkit's low hands on random cards."""

from __future__ import annotations

import random

import pytest
from pokerkit import EightOrBetterLowHand, RegularLowHand

from engine.cards import FULL_DECK, Card
from engine.games import GAMES, new_hand
from engine.games.hand_types import low_qualifies
from engine.hands import best_low
from engine.state import ActionKind, EventKind
from tests.support.hand_types import _openers
from tests.support.scale import scaled

HANDS = scaled(1000)

# Dealt one card at a time from the dealer's left: two rounds of down cards, then the up
# cards, then on each later street a burn and one card each (the last one down).
RAZZ_DECK = ("Qh Qd Qc  Jh Jd Jc  "          # the down cards
             "Kc Ks 2d  "                    # up: K♠ outranks K♣, so Seat 2 brings in
             "9s 3c 4d 5h  9c 7h 8h 6h  "    # 4th and 5th street
             "9d 10c 10d 10h  8d Ac As Ah  " # 6th and 7th street (7th down)
             "2c 2h 3d 3h")


def test_razz_brings_in_the_highest_up_card_and_opens_with_the_lowest_showing() -> None:
    state = new_hand("razz", players=3, seed=1, deck=RAZZ_DECK)
    assert state.to_act == (1,)
    assert {a.kind for a in state.legal_actions(1)} >= {ActionKind.BRING_IN,
                                                         ActionKind.COMPLETE}
    rules = [e.rule for e in state.view(None).events if e.rule]
    assert any("highest up card, K♠" in rule and "spades" in rule for rule in rules), rules
    opened = _openers(state)
    assert opened[0] == ("3rd street", 1)
    assert opened[1][0] == "4th street" and opened[1][1] == 2, "2-5 shows lowest"
    assert state.settlement is not None and state.settlement.showdown
    (award,) = state.settlement.awards
    assert award.part == "" and "low" in award.rule


def test_an_ace_is_the_lowest_up_card_in_razz_and_never_brings_in() -> None:
    deck = "2c 3c 4c  2d 3d 4d  Ad Qs Kh"
    state = new_hand("razz", players=3, seed=2, deck=deck)
    assert state.to_act == (2,), "the king brings in, not the ace"


def test_razz_announces_stud_stakes_without_the_open_pair() -> None:
    razz, stud = GAMES["razz"], GAMES["seven-card-stud"]
    names = {info.name for info in razz.settings_type.schema()}
    assert "open_pair" not in names
    assert names < {info.name for info in stud.settings_type.schema()}
    for name in ("ante", "bring_in", "small_bet", "big_bet"):
        assert getattr(razz.settings_type(), name) == getattr(stud.settings_type(), name)
    words = " ".join(razz.stakes(razz.settings_type()))
    assert "highest up card brings in" in words and "pair" not in words


def test_stud_eight_keeps_seven_card_studs_announcements_and_opens() -> None:
    eight, stud = GAMES["seven-card-stud-eight"], GAMES["seven-card-stud"]
    assert eight.settings_type is stud.settings_type
    assert eight.wins.describe() == "high-low split, eight or better for low"
    assert not eight.wins.declare
    state = new_hand("seven-card-stud-eight", players=3, seed=1, deck="Qh Qd Qc  Jh Jd Jc  "
                     "Kc 2s 2d")
    assert state.to_act == (2,), "the lowest up card, 2♦, brings in"


@pytest.mark.parametrize("seed", range(6))
def test_stud_eight_splits_or_gives_the_high_hand_everything(seed: int) -> None:
    """Played passively to the showdown: a low half only for a qualifying low, the high
    half at least as big, every chip paid."""
    state = new_hand("seven-card-stud-eight", players=4, seed=seed)
    _openers(state)
    settlement = state.settlement
    assert settlement is not None and settlement.showdown
    lows = [s for s in state.in_hand() if low_qualifies(GAMES[state.game.id].low_value(
        state, s), 8)]
    parts = [a.part for a in settlement.awards]
    if lows:
        assert parts == ["the high half", "the low half"]
        high, low = settlement.awards
        assert high.amount - low.amount in (0, 1)
        best = max(GAMES[state.game.id].low_value(state, s) for s in lows)
        assert {s for s in lows if GAMES[state.game.id].low_value(state, s) == best} == \
            set(low.winners)
    else:
        assert parts == [""] and "no low qualifies" in settlement.awards[0].rule
    assert sum(a.amount for a in settlement.awards) == sum(state.table.contributed)
    shown = [e.text for e in state.view(None).events if e.kind is EventKind.SHOWDOWN]
    assert all(" for high, " in line for line in shown if "shows" in line), shown


def _pokerkit(cards: list[Card]) -> str:
    return "".join(c.ascii for c in cards)


def test_razz_hand_values_agree_with_pokerkits_regular_low_hand() -> None:
    """Razz ranks the best ace-to-five low of seven cards as pokerkit's razz does."""
    rng = random.Random(35)
    for _ in range(HANDS):
        deck = rng.sample(FULL_DECK, 14)
        a, b = deck[:7], deck[7:]
        ours = (best_low(a) > best_low(b)) - (best_low(a) < best_low(b))
        pa = RegularLowHand.from_game(_pokerkit(a))
        pb = RegularLowHand.from_game(_pokerkit(b))
        theirs = (pa > pb) - (pa < pb)
        assert ours == theirs, (a, b)


def test_eight_or_better_lows_agree_with_pokerkits_eight_or_better_low_hand() -> None:
    """The same hands qualify, and qualifying lows rank the same."""
    rng = random.Random(8)
    qualified = 0
    for _ in range(HANDS):
        deck = rng.sample(FULL_DECK, 14)
        hands = [deck[:7], deck[7:]]
        values = []
        for cards in hands:
            try:
                theirs = EightOrBetterLowHand.from_game(_pokerkit(cards))
            except ValueError:
                theirs = None
            ours = best_low(cards)
            assert low_qualifies(ours, 8) == (theirs is not None), cards
            values.append((ours, theirs))
        if all(theirs is not None for _, theirs in values):
            qualified += 1
            (a, pa), (b, pb) = values
            assert (a > b) - (a < b) == (pa > pb) - (pa < pb), hands
    assert qualified > HANDS // 50


def test_stud_eight_worked_examples_state_what_the_engine_deals() -> None:
    """Stud eight or better brings in and opens as seven-card stud, whose examples' engine
    deals its page's examples."""
    from content import load_game
    from engine.cards import card, parse_cards
    from ui.learn.example_stud import bring_in, fourth_street

    settings = GAMES["seven-card-stud-eight"].settings_type()
    examples = load_game("seven-card-stud-eight").examples
    result = bring_in(parse_cards(examples["bring_in"].cards["up"]), settings)
    assert str(result.seat + 1) == examples["bring_in"].expect["seat"]
    assert result.card == card(examples["bring_in"].expect["card"])
    fourth = examples["fourth_street"]
    rows = [parse_cards(fourth.cards[k]) for k in sorted(fourth.cards)]
    result4 = fourth_street(rows, settings)
    assert str(result4.first + 1) == fourth.expect["first"]
    assert result4.showings[result4.first] == fourth.expect["showing"]
    assert (result4.big_bet is not None) == (fourth.expect["open_pair"] == "yes")


def test_razz_worked_example_states_what_the_engine_deals() -> None:
    from content import load_game
    from engine.cards import card, parse_cards
    from ui.learn.example_stud import bring_in

    example = load_game("razz").examples["bring_in"]
    result = bring_in(parse_cards(example.cards["up"]), GAMES["razz"].settings_type(),
                      game_id="razz")
    assert str(result.seat + 1) == example.expect["seat"]
    assert result.card == card(example.expect["card"])
    assert result.rule.startswith("highest up card, K♠")


def test_stud_eight_split_example_splits_only_with_a_qualifying_low() -> None:
    from content import load_game
    from engine.cards import parse_cards
    from ui.learn.example_stud_eight import split_pot

    settings = GAMES["seven-card-stud-eight"].settings_type()
    example = load_game("seven-card-stud-eight").examples["split"]
    hands = [parse_cards(example.cards["seat1"]), parse_cards(example.cards["seat2"])]
    result = split_pot(hands, settings)
    high, low = result.awards
    assert result.halves
    assert high.startswith(f"Seat {example.expect['high']} wins the high half")
    assert low.startswith(f"Seat {example.expect['low']} wins the low half")
    nine = parse_cards("9d")[0]
    result = split_pot([[nine if c == parse_cards("7d")[0] else c for c in hands[0]],
                        hands[1]], settings)
    assert not result.halves and "no low qualifies" in result.awards[0]
    assert result.awards[0].startswith("Seat 2 wins the pot")
