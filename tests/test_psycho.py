"""Psycho on the engine: every rule point with a stacked deck."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import GAMES, new_hand
from engine.games.base import SettingsError
from engine.games.psycho import STREETS, DeclarationOrder, DrawLimit, PsychoSettings
from engine.hands import LowRanking, best_high, best_low
from engine.history import load_hand, text_history
from engine.state import Action, ActionKind, EventKind, HandState, IllegalAction
from tests.support.psycho import (
    declare,
    draw,
    expose,
    passive,
    stacked,
)

GAME = "psycho"


# --- helpers -------------------------------------------------------------------


def bet(state: HandState, kind: str, amount: int | None = None) -> None:
    state.apply(Action(state.to_act[0], ActionKind(kind), amount=amount))


def texts(state: HandState) -> list[str]:
    return [e.sentence for e in state.events]


def play_to_declarations(state: HandState, exposes: Sequence[str],
                         discards: Sequence[str] | None = None) -> None:
    """Draw (stand pat unless told), expose, and check every street through."""
    for seat in range(state.players):
        draw(state, discards[seat] if discards else "")
    for seat, cards in enumerate(exposes):
        expose(state, seat, cards)
    passive(state)
    assert state.street == STREETS[5]


def showdown(hands: Sequence[str], exposes: Sequence[str], sixth: str, seventh: str,
             ways: Sequence[str], *, settings: dict[str, object] | None = None,
             stacks: Sequence[int] | None = None) -> HandState:
    """A hand checked down: everyone stands pat, exposes, and declares ``ways``."""
    state = new_hand(GAME, players=len(hands), seed=1, settings=settings, stacks=stacks,
                     deck=stacked(hands, sixth=sixth, seventh=seventh))
    play_to_declarations(state, exposes)
    for seat, way in enumerate(ways):
        declare(state, seat, way)
    assert state.is_over
    return state


def shares(state: HandState) -> list[tuple[str, int, dict[int, int]]]:
    assert state.settlement is not None
    return [(a.name, a.amount, dict(a.shares)) for a in state.settlement.awards]


# --- the table and the settings -------------------------------------------------


def test_registered_with_schema_and_defaults() -> None:
    game = GAMES[GAME]
    assert (game.min_players, game.max_players) == (2, 10)
    names = [info.name for info in game.settings_type.schema()]
    assert names == ["chips", "ante", "small_bet", "big_bet", "draw_limit", "low_ranking",
                     "declarations"]
    s = PsychoSettings()
    assert (s.chips, s.ante, s.small_bet, s.big_bet) == (200, 2, 5, 10)
    assert s.draw_limit is DrawLimit.NONE
    assert s.low_ranking is LowRanking.ACE_TO_FIVE
    assert s.declarations is DeclarationOrder.AT_ONCE
    for info in game.settings_type.schema():
        assert info.label and info.help
        for option in info.options:
            assert option.label and option.effect


def test_settings_are_validated() -> None:
    with pytest.raises(SettingsError, match="Small bet: 20 is more than the big bet"):
        PsychoSettings(small_bet=20)
    with pytest.raises(SettingsError, match="Draw limit: 'two' is not one of"):
        PsychoSettings.from_dict({"draw_limit": "two"})
    assert PsychoSettings.from_dict({"declarations": "in-turn"}).declarations is \
        DeclarationOrder.IN_TURN


@pytest.mark.parametrize("players", [1, 11])
def test_player_count_refused(players: int) -> None:
    with pytest.raises(ValueError, match="Psycho is for 2 to 10 players, not"):
        new_hand(GAME, players=players, seed=1)


def test_ante_and_five_down_then_the_draw_from_the_dealers_left() -> None:
    state = new_hand(GAME, players=10, seed=3)
    assert state.table.contributed == [2] * 10
    assert all(len(cards) == 5 and not any(h.up for h in cards) for cards in state.cards)
    assert state.street == STREETS[1]
    assert not any(e.kind is EventKind.ACTION for e in state.events)  # no betting first
    order = []
    while state.street == STREETS[1]:
        order.append(state.to_act)
        draw(state)
    assert order == [(s,) for s in range(10)]
    assert texts(state).count("Seat 1 stands pat: the draw, in turn from the dealer's left: "
                              "any number of cards") == 1


# --- the worked example ---------------------------------------------------------


def test_worked_example_declares_both_and_scoops() -> None:
    hands = ["2c 3d 4h 6s Ks", "Kh Kd Qc Qd 9s", "As 2d 3h 8s Jc"]
    deck = stacked(hands, draws="6d 7s", sixth="7h 8c 9d", seventh="5c Jd Tc")
    state = new_hand(GAME, players=3, seed=11, deck=deck)
    draw(state, "Ks")
    draw(state)
    draw(state, "Jc")
    assert sorted(state.live_cards(0)) == sorted(parse_cards("2c 3d 4h 6s 6d"))
    expose(state, 0, "2c 3d 6s")
    expose(state, 1, "Kh Kd 9s")
    expose(state, 2, "As 2d 3h")
    assert "Seat 2 acts first: best exposed hand, pair of kings" in texts(state)
    bet(state, "bet", 5)
    bet(state, "call")
    bet(state, "call")
    assert state.street == STREETS[3]
    assert [str(c) for c in state.up_cards(0)] == ["2♣", "3♦", "6♠", "7♥"]
    assert state.to_act == (1,)
    bet(state, "bet", 10)
    bet(state, "call")
    bet(state, "raise", 20)
    bet(state, "call")
    bet(state, "call")
    assert state.street == STREETS[4]
    assert state.cards[0][-1].card == parse_cards("5c")[0] and not state.cards[0][-1].up
    bet(state, "check")
    bet(state, "check")
    bet(state, "bet", 10)
    bet(state, "call")
    bet(state, "call")
    assert state.street == STREETS[5] and set(state.to_act) == {0, 1, 2}
    declare(state, 0, "both")
    declare(state, 1, "high")
    declare(state, 2, "low")
    lines = texts(state)
    assert "Seat 1 shows first: the last to bet or raise in the last round shows first " \
           "(if nobody bet, the first to act)" in lines
    assert any(line.startswith("Seat 1 shows 4♥ 6♦ 2♣ 3♦ 6♠ 7♥ 5♣: seven-high straight for "
                               "high, six-five low for low (declared both)") for line in lines)
    cards = state.live_cards(0)
    assert best_high(cards).describe() == "Seven-high straight"
    assert best_low(cards).describe() == "Six-five low"
    assert shares(state) == [("the high half of the pot", 56, {0: 56}),
                             ("the low half of the pot", 55, {0: 55})]
    assert state.payoffs == (74, -37, -37)
    assert "Seat 1 wins the high half (56 of the pot of 111): best high hand among the high " \
           "declarers: seven-high straight" in lines
    assert "Seat 1 wins the low half (55 of the pot of 111): best low hand among the low " \
           "declarers: six-five low" in lines


# --- the draw -------------------------------------------------------------------


def test_draw_is_private_and_replaces_the_discards() -> None:
    deck = stacked(["2c 3d 4h 6s Ks", "Kh Kd Qc Qd 9s"], draws="6d 7s 8s")
    state = new_hand(GAME, players=2, seed=2, deck=deck)
    events = draw(state, "Ks 4h")
    assert events[-1].text == "Seat 1 discards two cards and draws 2"
    assert events[-1].private == "Seat 1 discards K♠ 4♥ and draws 6♦ 7♠"
    assert sorted(state.live_cards(0)) == sorted(parse_cards("2c 3d 6s 6d 7s"))
    seen_by_other = [e.text for e in state.view(1).events]
    assert "Seat 1 discards two cards and draws 2" in seen_by_other
    assert not any("K♠" in t for t in seen_by_other)
    assert all(c.card is None for c in state.view(1).seats[0].cards)
    assert "Drew 2" in state.view(1).seats[0].notes
    with pytest.raises(IllegalAction, match="may discard only cards from their hand"):
        draw(state, "2c")
    draw(state, "9s")
    assert state.cards[1][-1].card == parse_cards("8s")[0]


@pytest.mark.parametrize(("limit", "count"), [(DrawLimit.NONE, 32), (DrawLimit.THREE, 26),
                                              (DrawLimit.FOUR_WITH_ACE, 28)])
def test_draw_limits_offer_exactly_the_allowed_draws(limit: DrawLimit, count: int) -> None:
    deck = stacked(["As Ah 4h 6s Ks", "Kh Kd Qc Qd 9s"])
    state = new_hand(GAME, players=2, seed=2, deck=deck, settings={"draw_limit": limit})
    legal = state.legal_actions(0)
    assert len(legal) == count == len({a.cards for a in legal})
    if limit is DrawLimit.FOUR_WITH_ACE:
        fours = [a for a in legal if len(a.cards) == 4]
        assert all(len([c for c in state.live_cards(0) if c not in a.cards]) == 1
                   and "A" in str([c for c in state.live_cards(0) if c not in a.cards][0])
                   for a in fours)


def test_draw_limit_three_refuses_four() -> None:
    state = new_hand(GAME, players=2, seed=2, settings={"draw_limit": "three"},
                     deck=stacked(["As Ah 4h 6s Ks", "Kh Kd Qc Qd 9s"]))
    with pytest.raises(IllegalAction, match="may not exchange four cards: the draw allows at "
                                            "most three cards"):
        draw(state, "Ah 4h 6s Ks")
    draw(state, "4h 6s Ks")
    assert len(state.live_cards(0)) == 5


def test_draw_four_with_an_ace_shown() -> None:
    deck = stacked(["As 3h 4h 6s Ks", "Kh Kd Qc Qd 9s"], draws="2c 5d 7d 8d")
    state = new_hand(GAME, players=2, seed=2, deck=deck,
                     settings={"draw_limit": "four-with-ace"})
    with pytest.raises(IllegalAction, match="at most three cards, or four with an ace shown"):
        draw(state, "As 3h 4h 6s")
    with pytest.raises(IllegalAction, match="may not exchange five cards"):
        draw(state, "As 3h 4h 6s Ks")
    events = draw(state, "3h 4h 6s Ks")
    assert events[0].sentence == "Seat 1 shows A♠ to draw four: a player keeping an ace may " \
                                 "draw four by showing it"
    assert events[0].kind is EventKind.REVEAL
    assert "Showed A♠ to draw four" in state.view(1).seats[0].notes
    assert sorted(state.live_cards(0)) == sorted(parse_cards("As 2c 5d 7d 8d"))


def test_stock_runs_out_during_the_draw_and_the_discards_are_shuffled_in() -> None:
    state = new_hand(GAME, players=8, seed=21)
    assert state.deck.remaining == 12
    discarded: dict[int, set[Card]] = {}
    received: dict[int, set[Card]] = {}
    for seat in range(8):
        before = set(state.live_cards(seat))
        discarded[seat] = before
        draw(state, " ".join(c.ascii for c in before))
        received[seat] = set(state.live_cards(seat))
    lines = texts(state)
    notes = [line for line in lines if line.startswith("The stock runs out")]
    assert notes[0] == "The stock runs out: the 10 cards discarded so far are shuffled into a " \
                       "new stock: when the stock runs out, the discards are shuffled and used"
    assert len(notes) >= 2
    for seat in range(8):
        assert not received[seat] & discarded[seat], "nobody gets their own discards back"
    _check_cards(state)


def test_with_ten_players_the_drawing_players_own_discards_are_the_last_resort() -> None:
    state = new_hand(GAME, players=10, seed=5)
    assert state.deck.remaining == 2
    mine = state.live_cards(0)
    events = draw(state, " ".join(c.ascii for c in mine))
    assert events[0].sentence.startswith("The stock is still short: Seat 1's own 5 discards "
                                         "are shuffled in: when the stock runs out, the "
                                         "discards are shuffled and used; with no other cards")
    assert len(set(state.live_cards(0)) & set(mine)) == 3
    for _ in range(9):
        seat = state.to_act[0]
        draw(state, " ".join(c.ascii for c in state.live_cards(seat)))
    _check_cards(state)
    assert state.street == STREETS[2]


def _check_cards(state: HandState) -> None:
    """Every card is exactly once in a hand still in, on the board, in the stock or
    in the discards."""
    held = [c for s in state.in_hand() for c in state.live_cards(s)]
    held += [c for board in state.boards for c in board]
    everything = held + state.deck.peek(state.deck.remaining) + list(state.deck.discards)
    assert sorted(everything) == sorted(FULL_DECK)


# --- the expose and the betting order -------------------------------------------


def test_expose_is_simultaneous_secret_and_revealed_together() -> None:
    state = new_hand(GAME, players=3, seed=4,
                     deck=stacked(["2c 3d 4h 6s Ks", "Kh Kd Qc Qd 9s", "As 2d 3h 8s Jc"]))
    for _ in range(3):
        draw(state)
    assert state.street == STREETS[2] and state.to_act == (0, 1, 2)
    assert len(state.legal_actions(1)) == 10
    with pytest.raises(IllegalAction, match="must expose exactly three of their five cards"):
        expose(state, 1, "Kh Kd")
    with pytest.raises(IllegalAction, match="must expose exactly three"):
        expose(state, 1, "Kh Kd 2c")
    expose(state, 1, "Kh Kd 9s")
    assert state.to_act == (0, 2)
    assert not state.up_cards(1)
    assert all(c.card is None for c in state.view(0).seats[1].cards)
    assert state.view(0).events[-1].text == "Seat 2 has chosen"
    assert state.view(1).events[-1].text == "Seat 2 exposes K♥ K♦ 9♠"
    expose(state, 2, "As 2d 3h")
    expose(state, 0, "2c 3d 6s")
    assert [str(c) for c in state.up_cards(1)] == ["K♥", "K♦", "9♠"]
    reveals = [e.sentence for e in state.events if e.kind is EventKind.REVEAL]
    assert reveals[0] == "Seat 1 exposes 2♣ 3♦ 6♠: everyone turns up three of their five " \
                         "cards at once"
    assert state.view(0).seats[1].showing == "Pair of kings"


def test_equal_exposed_hands_go_by_the_suit_of_the_highest_card() -> None:
    state = new_hand(GAME, players=3, seed=4,
                     deck=stacked(["Kc 9d 4h 6s 2s", "Ks 9c 4d 6h 2h", "Qh Jd 3c 5c 7c"]))
    play_to = [(0, "Kc 9d 4h"), (1, "Ks 9c 4d"), (2, "Qh Jd 3c")]
    for _ in range(3):
        draw(state)
    for seat, cards in play_to:
        expose(state, seat, cards)
    assert state.to_act == (1,)
    assert "Seat 2 acts first: best exposed hand, king-nine-four high; equal showings go by " \
           "the suit of the highest card, K♠" in texts(state)


def test_small_bet_after_the_expose_big_bet_after_the_sixth_and_seventh() -> None:
    state = new_hand(GAME, players=2, seed=9)
    draw(state)
    draw(state)
    for seat in (0, 1):
        expose(state, seat, " ".join(c.ascii for c in state.live_cards(seat)[:3]))
    assert [a.amount for a in state.legal_actions(state.to_act[0])] == [None, 5]
    bet(state, "check")
    bet(state, "check")
    assert state.street == STREETS[3]
    assert [a.amount for a in state.legal_actions(state.to_act[0])] == [None, 10]
    bet(state, "check")
    bet(state, "check")
    assert state.street == STREETS[4]
    assert [a.amount for a in state.legal_actions(state.to_act[0])] == [None, 10]


def test_a_lone_player_takes_the_pot_without_declaring() -> None:
    state = new_hand(GAME, players=3, seed=6)
    for _ in range(3):
        draw(state)
    for seat in range(3):
        expose(state, seat, " ".join(c.ascii for c in state.live_cards(seat)[:3]))
    bet(state, "bet", 5)
    bet(state, "fold")
    bet(state, "fold")
    assert state.is_over and not state.settlement.showdown
    assert not any("declares" in t for t in texts(state))
    assert sum(state.payoffs) == 0 and max(state.payoffs) == 4


# --- the stock at the sixth and seventh cards -----------------------------------


def test_stock_short_at_the_sixth_card_reshuffles_then_a_community_seventh() -> None:
    state = new_hand(GAME, players=8, seed=8)
    draw(state, " ".join(c.ascii for c in state.live_cards(0)))
    draw(state, " ".join(c.ascii for c in state.live_cards(1)))
    for _ in range(6):
        draw(state)
    assert state.deck.remaining == 2 and len(state.deck.discards) == 10
    for seat in range(8):
        expose(state, seat, " ".join(c.ascii for c in state.live_cards(seat)[:3]))
    passive(state)
    assert state.street == STREETS[5]
    lines = texts(state)
    sixth = lines.index("Sixth card")
    assert lines[sixth + 1].startswith("The 10 mucked and burned cards are shuffled into the "
                                       "stock")
    assert all(len(state.up_cards(s)) == 4 for s in range(8))
    assert len(state.boards[0]) == 1
    assert any(line.startswith(f"Community card: {state.boards[0][0]}: the stock cannot give "
                               "each of the 8 players a card") for line in lines[sixth:])
    _check_cards(state)
    for seat in range(8):
        declare(state, seat, "high")
    best = max(best_high(state.live_cards(s) + state.boards[0]) for s in range(8))
    (award,) = state.settlement.awards
    for seat in award.winners:
        assert best_high(state.live_cards(seat) + state.boards[0]) == best


def test_nine_players_standing_pat_get_two_community_cards() -> None:
    state = new_hand(GAME, players=9, seed=10)
    for _ in range(9):
        draw(state)
    for seat in range(9):
        expose(state, seat, " ".join(c.ascii for c in state.live_cards(seat)[:3]))
    passive(state)
    assert len(state.boards[0]) == 2
    assert all(len(state.live_cards(s)) == 5 for s in range(9))
    _check_cards(state)
    for seat in range(9):
        declare(state, seat, "low")
    lows = {s: best_low(state.live_cards(s) + state.boards[0]) for s in range(9)}
    (award,) = state.settlement.awards
    assert set(award.winners) == {s for s in lows if lows[s] == max(lows.values())}
    assert sum("with the community cards" in t for t in texts(state)) == 9


# --- declarations and settlement ------------------------------------------------

# Hands for the settlement tests (everyone stands pat and checks down); the cards
# of the sixth and seventh streets are given per test.
STRAIGHT_LOW = "2c 3d 4h 6s 6d"        # + 7h 5c: seven-high straight, six-five low
KINGS = "Kh Kd Qc Qd 9s"               # + 8c Jd: two pair, kings and queens
NINE_LOW = "As 2d 3h 8s Jc"            # + 9d Tc: nine-eight low, ace high


def test_failed_both_way_declarer_with_other_declarers_both_ways() -> None:
    # Seat 1 has the best high but Seat 3 the best low: Seat 1 declared both and gets
    # nothing; its hand is ignored, so the high half goes to Seat 2's kings.
    hands = ["Ac Kc Qh Jh Th", KINGS, "As 2d 3h 4s 5c"]
    state = showdown(hands, ["Ac Kc Qh", "Kh Kd 9s", "As 2d 3h"], "2h 8c 9d", "3c Jd Tc",
                     ["both", "high", "low"])
    lines = texts(state)
    assert "Seat 1 declared both, but Seat 3's low hand is better: a both-way declarer must " \
           "win or tie both halves, so Seat 1 gets nothing and that hand is ignored" in lines
    assert shares(state) == [("the high half of the pot", 3, {1: 3}),
                             ("the low half of the pot", 3, {2: 3})]


def test_failed_both_way_declarer_without_other_declarers_for_that_half() -> None:
    # Seat 1 declares both and loses low to Seat 2, the only other declarer: nobody is
    # eligible for the high half, which goes to the low half's winner.
    state = showdown(["Ac Kc Qh Jh Th", "As 2d 3h 4s 5c"], ["Ac Kc Qh", "As 2d 3h"],
                     "2h 9d", "3c Tc", ["both", "low"])
    assert shares(state) == [("the pot", 4, {1: 4})]
    assert state.settlement.awards[0].rule.startswith(
        "nobody is eligible for the high half, so it goes to the low half's winner")


def test_two_both_way_declarers_who_each_lose_one_way_split_equally() -> None:
    state = showdown(["Ac Kc Qh Jh Th", "As 2d 3h 4s 5c"], ["Ac Kc Qh", "As 2d 3h"],
                     "2h 9d", "3c Tc", ["both", "both"], settings={"ante": 3})
    assert len([t for t in texts(state) if "declared both, but" in t]) == 2
    assert shares(state) == [("the pot", 6, {0: 3, 1: 3})]
    assert state.settlement.awards[0].rule == "nobody is eligible for either half, so the " \
                                              "players still in split the pot equally"


def test_nobody_eligible_with_three_both_way_declarers_odd_chip() -> None:
    # Seat 1 best high, Seat 2 best low, Seat 3 beaten both ways: all fail.
    state = showdown(["Ac Kc Qh Jh Th", "As 2d 3h 4s 5c", "9c 9d 8h 8s Js"],
                     ["Ac Kc Qh", "As 2d 3h", "9c 9d 8h"], "2h 9h Kd", "3c Tc Qs",
                     ["both", "both", "both"], settings={"ante": 5})
    assert shares(state) == [("the pot", 15, {0: 5, 1: 5, 2: 5})]
    state = showdown(["Ac Kc Qh Jh Th", "As 2d 3h 4s 5c", "9c 9d 8h 8s Js"],
                     ["Ac Kc Qh", "As 2d 3h", "9c 9d 8h"], "2h 9h Kd", "3c Tc Qs",
                     ["both", "both", "both"], settings={"ante": 5}, stacks=[200, 200, 4])
    assert shares(state) == [("the main pot", 12, {0: 4, 1: 4, 2: 4}),
                             ("side pot 1", 2, {0: 1, 1: 1})]


def test_two_both_way_declarers_tie_high_and_the_better_low_scoops() -> None:
    # Both make the same seven-high straight; Seat 1's low is better, so Seat 2 fails
    # and is ignored: Seat 1 wins or ties both halves and takes both.
    hands = ["2c 3d 4h 6s Ks", "3c 4d 5h 6h Qs", KINGS]
    state = showdown(hands, ["2c 3d 4h", "3c 4d 5h", "Kh Kd 9s"], "7h 7d 8c", "5c 9h Jd",
                     ["both", "both", "high"])
    assert best_high(state.live_cards(0)) == best_high(state.live_cards(1))
    assert shares(state) == [("the high half of the pot", 3, {0: 3}),
                             ("the low half of the pot", 3, {0: 3})]
    assert "Seat 2 declared both, but Seat 1's low hand is better" in " ".join(texts(state))


def test_two_both_way_declarers_tying_both_halves_share_each_half() -> None:
    # The same ranks in other suits: both succeed and split each half; the high half
    # takes the odd chip, and each half's odd chip goes to the first from the dealer's left.
    hands = ["2c 3d 4h 6s Ks", "2d 3c 4s 6h Qs", "Kh Kd Qc Qd 9s"]
    state = showdown(hands, ["2c 3d 4h", "2d 3c 4s", "Kh Kd 9s"], "7h 7s 8c", "5c 5d Jd",
                     ["both", "both", "high"], settings={"ante": 3})
    assert shares(state) == [("the high half of the pot", 5, {0: 3, 1: 2}),
                             ("the low half of the pot", 4, {0: 2, 1: 2})]
    assert state.payoffs == (2, 1, -3)


def test_everyone_declaring_one_way_gives_that_way_the_whole_pot() -> None:
    hands = [STRAIGHT_LOW, KINGS, NINE_LOW]
    exposes = ["2c 3d 6s", "Kh Kd 9s", "As 2d 3h"]
    high = showdown(hands, exposes, "7h 8c 9d", "5c Jd Tc", ["high"] * 3)
    assert shares(high) == [("the pot", 6, {0: 6})]
    assert high.settlement.awards[0].rule == "everyone declared high, so the best high hand " \
                                             "takes the whole pot: seven-high straight"
    low = showdown(hands, exposes, "7h 8c 9d", "5c Jd Tc", ["low"] * 3)
    assert shares(low) == [("the pot", 6, {0: 6})]
    one_each = showdown(hands, exposes, "7h 8c 9d", "5c Jd Tc", ["low", "high", "low"])
    assert shares(one_each) == [("the high half of the pot", 3, {1: 3}),
                                ("the low half of the pot", 3, {0: 3})]


def test_side_pots_are_settled_each_with_their_own_eligible_seats() -> None:
    # Seat 3 (all in for the ante) has the best low. Main pot: Seat 1's both fails on
    # low, so the high half goes to Seat 2 and the low half to Seat 3. The side pot,
    # without Seat 3, has Seat 1 winning both ways.
    hands = ["2c 3d 4h 6s Ks", KINGS, "As 2d 3h 4s 5h"]
    deck = stacked(hands, sixth="7h 8c 9d", seventh="5c Jd Tc")
    state = new_hand(GAME, players=3, seed=1, deck=deck, stacks=[200, 200, 2])
    for _ in range(3):
        draw(state)
    for seat, cards in enumerate(["2c 3d 6s", "Kh Kd 9s", "As 2d 3h"]):
        expose(state, seat, cards)
    bet(state, "bet", 5)
    bet(state, "call")
    passive(state)
    for seat, way in enumerate(["both", "high", "low"]):
        declare(state, seat, way)
    assert shares(state) == [("the high half of the main pot", 3, {1: 3}),
                             ("the low half of the main pot", 3, {2: 3}),
                             ("the high half of side pot 1", 5, {0: 5}),
                             ("the low half of side pot 1", 5, {0: 5})]
    assert any(t.endswith("(the main pot)") and t.startswith("Seat 1 declared both")
               for t in texts(state))
    assert sum(state.payoffs) == 0


def test_deuce_to_seven_low_setting_changes_the_low_winner() -> None:
    # A-2-3-4-5 is the best ace-to-five low but a five-high straight in deuce-to-seven,
    # where Seat 2's 8-7-5-4-2 wins the low.
    hands = ["As 2d 3h 4s 5h", "8c 7d 5s 4d 2c"]
    exposes = ["As 2d 3h", "8c 7d 5s"]
    default = showdown(hands, exposes, "Kc Kh", "Qs Qh", ["low", "low"])
    assert shares(default) == [("the pot", 4, {0: 4})]
    deuce = showdown(hands, exposes, "Kc Kh", "Qs Qh", ["low", "low"],
                     settings={"low_ranking": "deuce-to-seven"})
    assert shares(deuce) == [("the pot", 4, {1: 4})]
    assert "eight-seven low for low" in " ".join(texts(deuce))
    ours = best_low(deuce.live_cards(1), LowRanking.DEUCE_TO_SEVEN)
    assert ours > best_low(deuce.live_cards(0), LowRanking.DEUCE_TO_SEVEN)


def test_declarations_at_once_are_secret_until_all_are_in() -> None:
    state = new_hand(GAME, players=3, seed=1,
                     deck=stacked([STRAIGHT_LOW, KINGS, NINE_LOW], sixth="7h 8c 9d",
                                   seventh="5c Jd Tc"))
    play_to_declarations(state, ["2c 3d 6s", "Kh Kd 9s", "As 2d 3h"])
    assert state.to_act == (0, 1, 2)
    assert [a.choice for a in state.legal_actions(2)] == ["high", "low", "both"]
    with pytest.raises(IllegalAction, match="must declare now: high, low or both"):
        state.apply(Action(2, ActionKind.DECLARE, choice="middle"))
    declare(state, 2, "low")
    assert state.view(0).events[-1].text == "Seat 3 has chosen"
    assert not any("Declared" in n for n in state.view(0).seats[2].notes)
    assert state.view(2).events[-1].text == "Seat 3 declares low"
    declare(state, 0, "both")
    declare(state, 1, "high")
    reveals = [e.sentence for e in state.events if e.kind is EventKind.REVEAL][-3:]
    assert reveals[0] == "Seat 1 declares both: declarations are made in secret and revealed " \
                         "together"


def test_declarations_in_turn_start_with_the_first_to_act_in_the_last_round() -> None:
    state = new_hand(GAME, players=3, seed=1, settings={"declarations": "in-turn"},
                     deck=stacked([STRAIGHT_LOW, KINGS, NINE_LOW], sixth="7h 8c 9d",
                                  seventh="5c Jd Tc"))
    play_to_declarations(state, ["2c 3d 6s", "Kh Kd 9s", "As 2d 3h"])
    assert state.to_act == (1,)  # Seat 2's kings acted first on the last round
    declare(state, 1, "high")
    assert state.to_act == (2,)
    view = state.view(2)
    assert view.events[-1].sentence == "Seat 2 declares high: declarations in turn, from the " \
                                       "first to act in the last betting round"
    assert "Declared high" in view.seats[1].notes
    declare(state, 2, "low")
    assert state.to_act == (0,)
    declare(state, 0, "both")
    assert shares(state)[0][2] == {0: 3}


def test_in_turn_declarations_skip_a_folded_first_actor() -> None:
    state = new_hand(GAME, players=3, seed=1, settings={"declarations": "in-turn"},
                     deck=stacked([STRAIGHT_LOW, KINGS, NINE_LOW], sixth="7h 8c 9d",
                                  seventh="5c Jd Tc"))
    for _ in range(3):
        draw(state)
    for seat, cards in enumerate(["2c 3d 6s", "Kh Kd 9s", "As 2d 3h"]):
        expose(state, seat, cards)
    for _ in range(6):
        bet(state, "check")
    assert state.street == STREETS[4] and state.to_act == (1,)
    bet(state, "check")
    bet(state, "bet", 10)
    bet(state, "call")
    bet(state, "fold")
    assert state.to_act == (2,)
    declare(state, 2, "low")
    declare(state, 0, "high")
    assert shares(state) == [("the high half of the pot", 13, {0: 13}),
                             ("the low half of the pot", 13, {2: 13})]


# --- histories ------------------------------------------------------------------


def test_json_history_undo_and_text_history() -> None:
    state = showdown([STRAIGHT_LOW, KINGS, NINE_LOW], ["2c 3d 6s", "Kh Kd 9s", "As 2d 3h"],
                     "7h 8c 9d", "5c Jd Tc", ["both", "high", "low"],
                     settings={"draw_limit": "three", "declarations": "at-once"})
    reloaded = load_hand(state.to_json())
    assert reloaded.view(None) == state.view(None)
    assert reloaded.settings == state.settings
    last = state.actions[-1]
    state.undo()
    assert not state.is_over and state.to_act == (2,)
    state.apply(last)
    assert state.view(None) == reloaded.view(None)
    history = text_history(state)
    assert "*** Draw ***" in history and "*** Declarations ***" in history
    assert "Settings: draw_limit = three" in history
    hidden = text_history(state, 1)
    assert "Seat 1 has chosen" in hidden and "Seat 2 declares high" in hidden
