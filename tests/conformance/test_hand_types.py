"""What a game declares as data: its hand types (high, low, high-low split with a
qualifier), which showing hand opens and which up card brings in, its blinds and
boards. Two variants of the suite's five-card stud change only those declarations, and
a hold'em is phases alone; the engine's default hooks deal, open, bring in, size the
bets, show and settle by them."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from engine.bots import EquityBot, equity
from engine.cards import parse_cards
from engine.games.base import Game, Option, Settings, chips_setting, setting
from engine.games.hand_types import HandTypes
from engine.games.phases import Betting, Blinds, BoardDeal, Deal, Phase, Showdown
from engine.hands import LowRanking, Showing, UpCard, best_high
from engine.state import ActionKind, EventKind, HandState
from engine.table import Structure
from tests.conformance.five_card_stud import FiveCardStud, FiveStudSettings, add_to_games
from tests.support.hand_types import (
    _openers,
)


class FiveCardRazz(FiveCardStud):
    """Five-card stud played for the ace-to-five low: the highest up card brings in and
    the lowest showing hand acts first."""

    __slots__ = ()
    id = "five-card-razz"
    name = "Five-card razz"
    wins = HandTypes(high=False, low=LowRanking.ACE_TO_FIVE)
    opens = Showing.LOW
    brings_in = UpCard.HIGHEST


class FiveCardStudEight(FiveCardStud):
    """Five-card stud high-low split, the low qualifying with eight or better."""

    __slots__ = ()
    id = "five-card-stud-eight"
    name = "Five-card stud eight or better"
    wins = HandTypes(low=LowRanking.ACE_TO_FIVE, qualifier=8)


def _deal(game: FiveCardStud, deck: str, players: int) -> HandState:
    return HandState(game, players=players, seed=1, settings=FiveStudSettings(),
                     deck=parse_cards(deck, distinct=True))


# Dealt one card at a time from the dealer's left: the down cards, then the up cards, then
# on each later street a burn and one up card each.
RAZZ_DECK = ("2c 3c 4c  Ks Kc 5d  "      # 2nd street: K♠ outranks K♣, so Seat 1 brings in
             "9s Qd 2d 3d  "             # 3rd: Seat 3's 5-3 shows lowest
             "9c 7h 8h 5h  "             # 4th: Seat 3 pairs its five; Seat 2's K-8-2 is lowest
             "10c Jh 4h 6h")             # 5th: Seat 2 holds K-8-4-3-2, the best low


def test_a_low_game_brings_in_the_highest_card_and_opens_with_the_lowest_showing() -> None:
    state = _deal(FiveCardRazz(), RAZZ_DECK, 3)
    assert state.to_act == (0,) and ActionKind.BRING_IN in {
        a.kind for a in state.legal_actions(0)}
    opened = _openers(state)
    assert opened == [("2nd street", 0), ("3rd street", 2), ("4th street", 1),
                      ("5th street", 1)]
    told = [e.text for e in state.view(None).events if e.kind is not EventKind.STREET]
    assert any("highest up card, K♠" in e.rule for e in state.view(None).events), told


def test_a_low_game_gives_the_pot_to_the_best_low() -> None:
    state = _deal(FiveCardRazz(), RAZZ_DECK, 3)
    _openers(state)
    assert state.settlement is not None
    (award,) = state.settlement.awards
    assert award.winners == (1,) and award.rule == "best hand: king-eight low"
    assert state.payoffs[1] > 0


SPLIT_DECK = "Ac Kc  2d Kd  9s 3h Ks  9c 4s Qh  10c {last} Qs"


def test_a_qualifying_low_takes_half_the_pot_and_the_high_hand_the_other_half() -> None:
    state = _deal(FiveCardStudEight(), SPLIT_DECK.format(last="7c"), 2)
    opened = _openers(state)
    assert opened[0] == ("2nd street", 0), "the lowest up card, 2♦, brings in"
    assert opened[1] == ("3rd street", 1), "the best showing hand, kings, opens"
    assert state.settlement is not None
    high, low = state.settlement.awards
    assert (high.part, high.winners, low.part, low.winners) == (
        "the high half", (1,), "the low half", (0,))
    assert high.amount + low.amount == sum(state.table.contributed)
    assert high.amount >= low.amount
    assert "seven-four" in low.rule.lower()


def test_without_a_qualifying_low_the_high_hand_takes_the_whole_pot() -> None:
    state = _deal(FiveCardStudEight(), SPLIT_DECK.format(last="9h"), 2)
    _openers(state)
    assert state.settlement is not None
    (award,) = state.settlement.awards
    assert award.winners == (1,) and "no low qualifies" in award.rule
    shown = [e.text for e in state.view(None).events if e.kind is EventKind.SHOWDOWN]
    assert any("for high, no low" in line for line in shown), shown


@dataclass(frozen=True)
class HoldemSettings(Settings):
    chips: int = chips_setting()
    small_blind: int = setting(1, label="Small blind", help="Posted left of the dealer.",
                               minimum=1, maximum=1000)
    big_blind: int = setting(2, label="Big blind", help="Posted next.", minimum=1,
                             maximum=1000)
    structure: Structure = setting(Structure.NO_LIMIT, label="Betting", help="The limit.",
                                   options=(Option(Structure.NO_LIMIT, "No limit", "Any."),))


class Holdem(Game):
    """Texas hold'em as phases alone: blinds, two down, a board of five; no hook of its own
    (who acts first and the bet size come from the blinds, the hand from hole and board)."""

    __slots__ = ()
    id = "test-holdem"
    name = "Hold'em"
    min_players = 2
    max_players = 10
    settings_type = HoldemSettings

    def phases(self, state: HandState) -> list[Phase]:
        s = state.settings
        assert isinstance(s, HoldemSettings)
        return [Blinds(s.small_blind, s.big_blind), Deal("Preflop", "dd", burn=False),
                Betting(), BoardDeal("Flop", 3, boards=1, burn=True), Betting(),
                BoardDeal("Turn", 1, boards=1, burn=True), Betting(),
                BoardDeal("River", 1, boards=1, burn=True), Betting(), Showdown()]


def test_a_game_with_blinds_and_a_board_is_played_in_holdem_order_from_its_phases() -> None:
    four = HandState(Holdem(), players=4, seed=3, settings=HoldemSettings())
    assert four.to_act == (2,), "the player after the big blind acts first"
    raise_to = four.bet_range(2)
    assert raise_to is not None and raise_to.minimum == 4, "a raise to 4"
    heads_up = HandState(Holdem(), players=2, seed=3, settings=HoldemSettings())
    assert heads_up.to_act == (1,), "heads-up, the dealer posts the small blind, acts first"
    opened = _openers(four)
    assert [street for street, _ in opened] == ["Preflop", "Flop", "Turn", "River"]
    assert [seat for _, seat in opened[1:]] == [0, 0, 0], "from the flop, the dealer's left"
    assert len(four.boards[0]) == 5 and four.settlement is not None
    best = max(best_high([*four.live_cards(s), *four.boards[0]]) for s in four.in_hand())
    for award in four.settlement.awards:
        assert award.rule == f"best hand: {best.describe().lower()}"


def test_the_general_player_plays_a_board_game_from_its_declaration(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Holdem()
    add_to_games(monkeypatch, game)
    for seed in range(4):
        state = HandState(game, players=3, seed=seed, settings=HoldemSettings())
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            assert equity(state, state.view(seat), seat, rng, trials=8) >= 0
            state.apply(EquityBot(trials=8).choose(state, seat, rng))
        assert sum(state.payoffs) == 0
