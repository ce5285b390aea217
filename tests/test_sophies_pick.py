"""Sophie's Pick and Double Sophie on the engine: every rule point with a stacked deck."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import pytest

from engine.cards import FULL_DECK, Card, format_cards, parse_cards
from engine.games import GAMES, new_hand
from engine.games.base import SettingsError
from engine.games.sophies_pick import DOUBLE, GAME, STREETS, SophieSettings, live_pairs
from engine.hands import best_high
from engine.history import load_hand, text_history
from engine.state import Action, ActionKind, EventKind, HandState, IllegalAction
from engine.table import Structure
from tests.support.sophies_pick import (
    lock,
    passive,
    sacrifice,
    stacked,
)

SOPHIE = "sophies-pick"
DOUBLE_ID = "double-sophie"


# --- helpers -------------------------------------------------------------------


def check_down(state: HandState) -> None:
    """Finish the hand: check or call every bet, take the first lock and pick offered."""
    while not state.is_over:
        passive(state)
        if not state.is_over:
            seat = state.to_act[0]
            state.apply(state.legal_actions(seat)[0])


def play(game: str, hands: Sequence[str], boards: Sequence[str], *,
         locks: Mapping[int, str], first: Mapping[int, str], final: Mapping[int, str],
         burns: bool = True, settings: Mapping[str, object] | None = None) -> HandState:
    """A whole hand checked and called down, with each seat's lock and picks."""
    state = new_hand(game, players=len(hands), seed=1, deck=stacked(hands, boards, burns=burns),
                     settings=settings)
    for seat, pairs in locks.items():
        lock(state, seat, pairs)
    passive(state)
    for seat, pair in first.items():
        sacrifice(state, seat, pair)
    passive(state)
    for seat, pair in final.items():
        sacrifice(state, seat, pair)
    passive(state)
    return state


def texts(state: HandState) -> list[str]:
    return [e.sentence for e in state.events]


HANDS3 = ["As Ad Kh Qh 7c 2d", "Ks Kd 9h 8h 4c 3d", "Qs Qd Jc Tc 6h 5s"]
BOARD3 = ["Ah Kc 2h 3h 9c"]
LOCKS3 = {0: "As Ad | Kh Qh | 7c 2d", 1: "Ks Kd | 9h 8h | 4c 3d", 2: "Qs Qd | Jc Tc | 6h 5s"}


def locked3() -> HandState:
    state = new_hand(SOPHIE, players=3, seed=1, deck=stacked(HANDS3, BOARD3))
    for seat, pairs in LOCKS3.items():
        lock(state, seat, pairs)
    return state


# --- the games, settings and player counts -------------------------------------


def test_registered_with_announcements() -> None:
    assert GAMES[SOPHIE] is GAME and GAMES[DOUBLE_ID] is DOUBLE
    assert (GAME.boards, DOUBLE.boards) == (1, 2)
    names = [info.name for info in SophieSettings.schema()]
    assert names == ["chips", "small_blind", "big_blind", "structure"]
    defaults = SophieSettings()
    assert (defaults.chips, defaults.small_blind, defaults.big_blind, defaults.structure) == \
        (200, 1, 2, Structure.POT_LIMIT)
    for info in SophieSettings.schema():
        assert info.label and info.help
        for option in info.options:
            assert option.label and option.effect


def test_settings_are_validated() -> None:
    with pytest.raises(SettingsError, match="Small blind: 5 is more than the big blind"):
        SophieSettings(small_blind=5, big_blind=2)
    with pytest.raises(SettingsError, match="not one of"):
        new_hand(SOPHIE, players=3, seed=1, settings={"structure": "fixed-limit"})
    state = new_hand(DOUBLE_ID, players=3, seed=1, settings={"structure": "no-limit"})
    assert state.settings.structure is Structure.NO_LIMIT


@pytest.mark.parametrize("game", [SOPHIE, DOUBLE_ID])
@pytest.mark.parametrize("players", [1, 8])
def test_player_count_refused_with_reason(game: str, players: int) -> None:
    with pytest.raises(ValueError, match=f"2 to 7 players, not {players}") as refused:
        new_hand(game, players=players, seed=1)
    assert ("more than the 52" if players == 8 else "at least two") in str(refused.value)


# --- blinds and the order of action ---------------------------------------------


def test_blinds_deal_and_preflop_order() -> None:
    state = new_hand(SOPHIE, players=4, seed=3)
    assert state.table.bets == [1, 2, 0, 0]
    assert all(len(state.cards[s]) == 6 for s in range(4))
    assert state.street == STREETS[0] and state.to_act == (0, 1, 2, 3)
    for seat in range(4):
        state.apply(state.legal_actions(seat)[0])
    assert state.to_act == (2,)
    assert "Seat 3 acts first: the player after the big blind acts first before the flop" \
        in texts(state)


def test_heads_up_dealer_posts_small_blind_and_acts_first_preflop_only() -> None:
    state = new_hand(SOPHIE, players=2, seed=3)
    assert state.table.bets == [2, 1]
    for seat in (0, 1):
        state.apply(state.legal_actions(seat)[0])
    assert state.to_act == (1,)
    assert "dealer posts the small blind and acts first before the flop" in texts(state)[-1]
    passive(state)
    for seat in (0, 1):
        state.apply(state.legal_actions(seat)[0])
    assert state.street == STREETS[1] and state.to_act == (0,)


def test_later_rounds_open_from_the_dealers_left() -> None:
    state = locked3()
    state.apply(Action(2, ActionKind.CALL))
    state.apply(Action(0, ActionKind.FOLD))
    state.apply(Action(1, ActionKind.CHECK))
    assert state.to_act == (1, 2)
    sacrifice(state, 1, "4c 3d")
    sacrifice(state, 2, "6h 5s")
    assert state.to_act == (1,)
    assert texts(state)[-1] == ("Seat 2 acts first: from the flop on, the first player still in "
                                "from the dealer's left acts first; players who are out or all "
                                "in are passed over")


# --- pot limit -------------------------------------------------------------------


def test_pot_limit_amounts() -> None:
    state = locked3()
    assert state.legal_actions(2) == [Action(2, ActionKind.FOLD), Action(2, ActionKind.CALL, 2),
                                      Action(2, ActionKind.RAISE, 4),
                                      Action(2, ActionKind.RAISE, 7)]
    with pytest.raises(IllegalAction, match="raise to any amount from 4 to 7"):
        state.apply(Action(2, ActionKind.RAISE, 8))
    state.apply(Action(2, ActionKind.RAISE, 7))
    # the small blind calls 6 and may raise by the pot after the call: 1 + 2 + 7 + 6 = 16
    bet = state.bet_range(0)
    assert (bet.kind, bet.minimum, bet.maximum) == ("raise", 12, 23)
    state.apply(Action(0, ActionKind.CALL))
    state.apply(Action(1, ActionKind.CALL))
    for seat, pair in ((0, "7c 2d"), (1, "4c 3d"), (2, "6h 5s")):
        sacrifice(state, seat, pair)
    bet = state.bet_range(0)
    assert (bet.kind, bet.minimum, bet.maximum) == ("bet", 2, 21)


def test_heads_up_pot_limit_and_no_limit() -> None:
    state = new_hand(SOPHIE, players=2, seed=5)
    for seat in (0, 1):
        state.apply(state.legal_actions(seat)[0])
    bet = state.bet_range(1)
    assert (bet.minimum, bet.maximum) == (4, 6)
    state = new_hand(SOPHIE, players=2, seed=5, settings={"structure": "no-limit"})
    for seat in (0, 1):
        state.apply(state.legal_actions(seat)[0])
    assert (state.bet_range(1).minimum, state.bet_range(1).maximum) == (4, 200)


# --- locking pairs ---------------------------------------------------------------


def _partitions(cards: Sequence[Card]) -> set[frozenset[frozenset[Card]]]:
    """Every pairing of six cards, found independently: all orders, read two by two."""
    return {frozenset(frozenset(order[i:i + 2]) for i in (0, 2, 4))
            for order in itertools.permutations(cards)}


def test_the_fifteen_pairings_are_listed_and_each_is_accepted() -> None:
    hole = parse_cards(HANDS3[0])
    oracle = _partitions(hole)
    assert len(oracle) == 15
    fresh = new_hand(SOPHIE, players=3, seed=1, deck=stacked(HANDS3, BOARD3))
    listed = fresh.legal_actions(0)
    assert {frozenset(frozenset(a.cards[i:i + 2]) for i in (0, 2, 4)) for a in listed} == oracle
    assert len(listed) == 15
    for pairing in oracle:
        state = new_hand(SOPHIE, players=3, seed=1, deck=stacked(HANDS3, BOARD3))
        # any order of the pairs and of the cards within them is the same choice
        written = [c for pair in reversed(list(pairing)) for c in sorted(pair)]
        state.apply(Action(0, ActionKind.LOCK_PAIRS, cards=tuple(written)))
        assert state.to_act == (1, 2)
        lock(state, 1, LOCKS3[1])
        lock(state, 2, LOCKS3[2])
        locked = {frozenset(p) for p in state.facts.pairs[0]}
        assert locked == set(pairing)
        order = [h.card for h in state.cards[0]]
        assert {frozenset(order[i:i + 2]) for i in (0, 2, 4)} == locked


@pytest.mark.parametrize(("cards", "message"), [
    ("As Ad Kh Qh 7c 7c", "7♣ is in two pairs"),
    ("As Ad Kh Qh 7c 3s", "3♠ is not one of your cards"),
    ("As Ad Kh Qh 7c", "5 given"),
    ("As Ad Kh Qh 7c 2d Ks Kd", "8 given"),
])
def test_a_sixteenth_pairing_is_refused(cards: str, message: str) -> None:
    state = new_hand(SOPHIE, players=3, seed=1, deck=stacked(HANDS3, BOARD3))
    before = (list(state.events), state.to_act)
    with pytest.raises(IllegalAction, match=message) as refused:
        state.apply(Action(0, ActionKind.LOCK_PAIRS, cards=tuple(parse_cards(cards))))
    assert "your cards are A♠ A♦ K♥ Q♥ 7♣ 2♦" in str(refused.value)
    assert (state.events, state.to_act) == before
    with pytest.raises(IllegalAction, match="must lock three pairs first"):
        state.apply(Action(0, ActionKind.CHECK))


def test_locking_is_simultaneous_and_secret() -> None:
    state = new_hand(SOPHIE, players=3, seed=1, deck=stacked(HANDS3, BOARD3))
    lock(state, 0, LOCKS3[0])
    with pytest.raises(IllegalAction, match="Seat 1 cannot act now"):
        lock(state, 0, LOCKS3[0])
    other = [e.text for e in state.view(1).events]
    mine = [e.text for e in state.view(0).events]
    assert other[-1] == "Seat 1 has chosen"
    assert mine[-1] == "Seat 1 locks pairs A♠ A♦ K♥ Q♥ 7♣ 2♦"
    assert not state.facts.pairs
    lock(state, 1, LOCKS3[1])
    lock(state, 2, LOCKS3[2])
    reveals = [e.text for e in state.view(1).events if e.kind is EventKind.REVEAL]
    assert reveals == ["Seat 1 locks three pairs", "Seat 2 locks K♠ K♦ · 9♥ 8♥ · 4♣ 3♦",
                       "Seat 3 locks three pairs"]
    reveals = [e.text for e in state.view(0).events if e.kind is EventKind.REVEAL]
    assert reveals[0] == "Seat 1 locks A♠ A♦ · K♥ Q♥ · 7♣ 2♦"
    assert state.view(1).seats[0].notes == ("Three pairs locked",)
    assert state.view(0).seats[0].notes == ("Pair 1: A♠ A♦", "Pair 2: K♥ Q♥", "Pair 3: 7♣ 2♦")


# --- the two picks -----------------------------------------------------------------


def test_first_pick_after_the_flop_and_before_its_betting() -> None:
    state = locked3()
    passive(state)
    assert state.street == STREETS[1] and len(state.boards[0]) == 3
    assert state.to_act == (0, 1, 2)
    assert {a.kind for a in state.legal_actions(0)} == {ActionKind.SACRIFICE}
    assert [a.cards for a in state.legal_actions(0)] == [tuple(parse_cards(p)) for p in
                                                         ("As Ad", "Kh Qh", "7c 2d")]
    assert state.table.to_act is None
    sacrifice(state, 0, "2d 7c")  # any order of the pair's two cards
    assert not any(h.dead for h in state.cards[0])  # secret until everyone has chosen
    sacrifice(state, 1, "4c 3d")
    sacrifice(state, 2, "6h 5s")
    assert [h.dead for h in state.cards[0]] == [False] * 4 + [True] * 2
    assert texts(state)[-4] == ("Seat 1 sacrifices a pair, face down: the first Sophie pick: "
                                "everyone still in sacrifices one pair at once, in secret, and "
                                "the dead pair stays face down")
    assert state.to_act == (0,)


def test_final_pick_after_the_turn_and_before_its_betting() -> None:
    state = locked3()
    passive(state)
    for seat, pair in ((0, "7c 2d"), (1, "4c 3d"), (2, "6h 5s")):
        sacrifice(state, seat, pair)
    passive(state)
    assert state.street == STREETS[2] and len(state.boards[0]) == 4
    assert state.to_act == (0, 1, 2)
    assert len(state.legal_actions(0)) == 2
    for seat, pair in ((0, "Kh Qh"), (1, "Ks Kd"), (2, "Jc Tc")):
        sacrifice(state, seat, pair)
    assert "the final Sophie pick" in texts(state)[-2]
    assert [live_pairs(state, s) for s in range(3)] == [
        [tuple(parse_cards("As Ad"))], [tuple(parse_cards("9h 8h"))],
        [tuple(parse_cards("Qs Qd"))]]
    assert state.view(0).seats[0].notes == ("Pair 1: A♠ A♦", "Pair 2: K♥ Q♥ (sacrificed)",
                                            "Pair 3: 7♣ 2♦ (sacrificed)")
    assert state.view(1).seats[0].notes == ("2 pairs sacrificed, face down",)


@pytest.mark.parametrize("pair", ["As Kh", "Ad 2d", "Qh 7c"])
def test_a_rearranged_pair_is_refused(pair: str) -> None:
    state = locked3()
    passive(state)
    with pytest.raises(IllegalAction, match="once locked, pairs cannot be rearranged"):
        sacrifice(state, 0, pair)
    with pytest.raises(IllegalAction, match="pairs are locked and cannot be rearranged"):
        lock(state, 0, "As Kh | Ad Qh | 7c 2d")
    with pytest.raises(IllegalAction, match="one whole pair of two cards"):
        sacrifice(state, 0, "As Ad Kh")
    with pytest.raises(IllegalAction, match="K♠ is not one of your cards"):
        sacrifice(state, 0, "As Ks")


def test_a_dead_pair_never_comes_back() -> None:
    state = locked3()
    passive(state)
    for seat, pair in ((0, "7c 2d"), (1, "4c 3d"), (2, "6h 5s")):
        sacrifice(state, seat, pair)
    passive(state)
    assert state.street == STREETS[2]
    for revived in ("7c 2d", "7c As", "2d Kh"):
        with pytest.raises(IllegalAction, match="a dead pair never comes back"):
            sacrifice(state, 0, revived)
    assert [a.cards for a in state.legal_actions(0)] == [tuple(parse_cards(p)) for p in
                                                         ("As Ad", "Kh Qh")]


def test_dead_cards_never_play_at_the_showdown() -> None:
    # Seat 1's dead pair of nines would make four of a kind with the board's two nines.
    hands = ["As Kd Qc Js 4d 3s", "9h 9d 8c 7c 5d 2c"]
    state = play(SOPHIE, hands, ["9s 9c Th 6h 2s"],
                 locks={0: "As Kd | Qc Js | 4d 3s", 1: "9h 9d | 8c 7c | 5d 2c"},
                 first={0: "4d 3s", 1: "9h 9d"}, final={0: "Qc Js", 1: "5d 2c"})
    assert state.is_over
    value = GAME.hand_value(state, 1)
    assert value == best_high(parse_cards("8c 7c 9s 9c Th 6h 2s"))
    assert value.describe() == "Ten-high straight"
    assert not set(parse_cards("9h 9d")) & set(value.cards)


def test_dead_pairs_stay_face_down_for_others_even_at_the_showdown() -> None:
    state = play(SOPHIE, HANDS3, BOARD3, locks=LOCKS3,
                 first={0: "7c 2d", 1: "4c 3d", 2: "6h 5s"},
                 final={0: "Kh Qh", 1: "Ks Kd", 2: "Jc Tc"})
    assert state.is_over and state.settlement.showdown
    dead = parse_cards("Kh Qh 7c 2d")
    for viewer in (1, 2):
        seen = state.view(viewer).seats[0].cards
        assert [c.card for c in seen[:2]] == parse_cards("As Ad")
        assert all(c.card is None and c.dead for c in seen[2:])
        history = text_history(state, viewer)
        assert not any(str(card) in history for card in dead)
        assert all(str(card) not in e.text for e in state.view(viewer).events for card in dead)
    own = state.view(0).seats[0].cards
    assert [c.card for c in own] == parse_cards("As Ad Kh Qh 7c 2d")
    assert [c.dead for c in own] == [False, False, True, True, True, True]
    assert [c.card for c in state.view(None).seats[0].cards] == parse_cards("As Ad Kh Qh 7c 2d")
    assert "Seat 1 sacrifices K♥ Q♥ and keeps A♠ A♦" in text_history(state, 0)


def test_a_folded_player_makes_no_pick_and_all_in_players_do() -> None:
    state = new_hand(SOPHIE, players=3, seed=1, deck=stacked(HANDS3, BOARD3),
                     stacks=[200, 2, 200])
    for seat, pairs in LOCKS3.items():
        lock(state, seat, pairs)
    state.apply(Action(2, ActionKind.FOLD))
    state.apply(Action(0, ActionKind.CALL))
    assert state.street == STREETS[1]
    assert state.to_act == (0, 1)  # seat 2, all in on the big blind, still picks
    assert state.table.all_in(1)


def test_no_picks_once_one_player_is_left() -> None:
    state = locked3()
    state.apply(Action(2, ActionKind.FOLD))
    state.apply(Action(0, ActionKind.FOLD))
    assert state.is_over and not state.settlement.showdown
    assert state.boards == [] and not state.facts.dead
    assert state.payoffs == (-1, 1, 0)


# --- the showdown: two, one or no hole cards ------------------------------------------


HU_LOCKS = {0: "As Ts | 2c 3d | 4h 5h", 1: "Ah Ad | 9h 9d | 8c 7c"}


@pytest.mark.parametrize(("board", "keep", "used", "winners"), [
    ("Ks Qs Js 6d 6c", ("As Ts", "9h 9d"), 2, (0,)),   # both hole cards: a royal flush
    ("Ac Kd Jc 6d 6s", ("As Ts", "9h 9d"), 1, (0,)),   # one: aces up, the ten a kicker only
    ("5s 6s 7s 8s 9s", ("2c 3d", "8c 7c"), 0, (0, 1)),  # none: the board plays, a split
])
def test_showdown_uses_two_one_or_no_hole_cards(board: str, keep: tuple[str, str], used: int,
                                                winners: tuple[int, ...]) -> None:
    hands = ["As Ts 2c 3d 4h 5h", "Ah Ad 9h 9d 8c 7c"]
    pairs = {0: ["As Ts", "2c 3d", "4h 5h"], 1: ["Ah Ad", "9h 9d", "8c 7c"]}
    drop = {s: [p for p in pairs[s] if p != keep[s]] for s in (0, 1)}
    state = play(SOPHIE, hands, [board], locks=HU_LOCKS,
                 first={s: drop[s][0] for s in (0, 1)}, final={s: drop[s][1] for s in (0, 1)})
    (award,) = state.settlement.awards
    assert award.winners == winners and award.amount == 4
    shown = dict((s, cards) for s, cards, _ in award.hands)
    kept = set(parse_cards(keep[0]))
    assert len(kept & set(shown[0])) == used
    board_cards = parse_cards(board)
    for seat in (0, 1):
        oracle = best_high(parse_cards(keep[seat]) + board_cards)
        assert GAME.hand_value(state, seat) == oracle
    if used == 0:
        assert GAME.hand_value(state, 0) == best_high(board_cards)
        assert dict(award.shares) == {0: 2, 1: 2}


# --- Double Sophie: two boards, halves, burns -------------------------------------------


SEVEN = ["As Ad Ah Ac Ks Kd", "Kh Kc Qs Qd Qh Qc", "Js Jd Jh Jc Ts Td",
         "Th Tc 9s 9d 9h 9c", "8s 8d 8h 8c 7s 7d", "7h 7c 6s 6d 6h 6c",
         "5s 5d 5h 5c 4s 4d"]
SEVEN_BOARDS = ["4h 4c 3s 3d 3h", "3c 2s 2d 2h 2c"]


def test_double_sophie_with_seven_players_uses_all_52_cards_without_burns() -> None:
    deck = stacked(SEVEN, SEVEN_BOARDS, burns=False)
    assert len(deck) == 52
    state = new_hand(DOUBLE_ID, players=7, seed=1, deck=deck)
    assert not DOUBLE.burns(7) and DOUBLE.burns(6) and GAME.burns(7)
    assert GAME.burn_rule(7) == "One card is burned before the flop, the turn and the river"
    assert DOUBLE.burn_rule(6) == "One card is burned before each board's flop, turn and river"
    assert DOUBLE.burn_rule(7) == ("No cards are burned: 7 players need 42 hole cards and two "
                                   "boards of five, all 52 cards")
    check_down(state)
    assert [format_cards(b, ascii=True) for b in state.boards] == \
        ["4h 4c 3s 3d 3h", "3c 2s 2d 2h 2c"]
    assert state.deck.remaining == 0 and state.deck.burned == []
    assert "No cards are burned: 7 players need 42 hole cards and two boards of five, all 52 " \
           "cards" in texts(state)
    every = [h.card for s in range(7) for h in state.cards[s]] + state.boards[0] + state.boards[1]
    assert sorted(every) == sorted(FULL_DECK)
    halves = [a for a in state.settlement.awards]
    assert [a.amount for a in halves] == [7, 7]


@pytest.mark.parametrize(("game", "players", "burned"), [
    (DOUBLE_ID, 6, 6), (DOUBLE_ID, 3, 6), (SOPHIE, 7, 3), (SOPHIE, 2, 3)])
def test_burns_before_each_board_street(game: str, players: int, burned: int) -> None:
    hands = [" ".join(format_cards(FULL_DECK[6 * s:6 * s + 6], ascii=True).split())
             for s in range(players)]
    boards = [format_cards(FULL_DECK[-5:], ascii=True), format_cards(FULL_DECK[-10:-5],
                                                                     ascii=True)]
    boards = boards[:GAMES[game].boards]
    state = new_hand(game, players=players, seed=2, deck=stacked(hands, boards))
    check_down(state)
    assert [format_cards(b, ascii=True) for b in state.boards] == boards
    assert len(state.deck.burned) == burned
    assert not any(e.text.startswith("No cards are burned") for e in state.events)
    deals = [e for e in state.events if e.kind is EventKind.DEAL and e.text.startswith("Board")]
    assert len(deals) == 3 * len(boards)
    assert all(e.rule == "after one burned card" for e in deals)


def _double_hand(*, blinds: tuple[int, int], board_two_tie: bool) -> HandState:
    hands = ["2c 3d 4h 7h 7s 8s", "Kc Kd 9h 9d 6c 2d", "As Ad Qh Jh Ts 3c"]
    # board 2 ties on the tie hand: four fives and an ace play for both
    boards = ["Ac 8c 8d 4s 3s", "5s 5d 5h 5c Ah" if board_two_tie else "Kh 5c 5d 2s 2h"]
    state = new_hand(DOUBLE_ID, players=3, seed=1, deck=stacked(hands, boards),
                     settings={"small_blind": blinds[0], "big_blind": blinds[1]})
    lock(state, 0, "2c 3d | 4h 7h | 7s 8s")
    lock(state, 1, "Kc Kd | 9h 9d | 6c 2d")
    lock(state, 2, "As Ad | Qh Jh | Ts 3c")
    state.apply(Action(2, ActionKind.CALL))
    state.apply(Action(0, ActionKind.FOLD))
    state.apply(Action(1, ActionKind.CHECK))
    for seat, pair in ((1, "6c 2d"), (2, "Qh Jh")):
        sacrifice(state, seat, pair)
    passive(state)
    for seat, pair in ((1, "9h 9d"), (2, "Ts 3c")):
        sacrifice(state, seat, pair)
    passive(state)
    assert state.is_over
    return state


def test_double_sophie_halves_each_won_on_its_own_board_odd_chip_to_board_one() -> None:
    state = _double_hand(blinds=(1, 2), board_two_tie=False)
    first, second = state.settlement.awards
    assert (first.name, first.amount, first.winners) == ("board 1's half of the pot", 3, (2,))
    assert (second.name, second.amount, second.winners) == ("board 2's half of the pot", 2, (1,))
    assert "board 1's half takes the odd chip" in first.rule
    assert state.payoffs == (-1, 0, 1)
    assert (first.title, second.title) == ("board 1's half (3 of the pot of 5)",
                                           "board 2's half (2 of the pot of 5)")
    assert any(line.startswith("Seat 3 wins board 1's half (3 of the pot of 5)")
               for line in texts(state))
    assert texts(state)[-4:-2] == [
        "Seat 2 shows K♦ K♣: board 1: two pair, kings and eights; board 2: full house, kings "
        "full of fives",
        "Seat 3 shows A♠ A♦: board 1: full house, aces full of eights; board 2: two pair, aces "
        "and fives: a hand that can still win must be shown"]


def test_double_sophie_tie_on_one_board_odd_chip_nearest_the_dealers_left() -> None:
    state = _double_hand(blinds=(1, 3), board_two_tie=True)
    first, second = state.settlement.awards
    assert (first.amount, first.winners) == (4, (2,))
    assert (second.amount, second.winners, second.odd_chips) == (3, (1, 2), 1)
    assert dict(second.shares) == {1: 2, 2: 1}
    assert state.payoffs == (-1, -1, 2)


def test_double_sophie_side_pots_are_halved_too() -> None:
    hands = ["2c 3d 4h 5h 7s 8s", "Kc Kd 9h 9d 6c 2d", "As Ad Qh Jh Ts 3c"]
    boards = ["Ac 8c 8d 4s 3s", "Kh 5c 5d 2s 2h"]
    state = new_hand(DOUBLE_ID, players=3, seed=1, deck=stacked(hands, boards),
                     stacks=[200, 200, 11])
    lock(state, 0, "2c 3d | 4h 5h | 7s 8s")
    lock(state, 1, "Kc Kd | 9h 9d | 6c 2d")
    lock(state, 2, "As Ad | Qh Jh | Ts 3c")
    state.apply(Action(2, ActionKind.RAISE, 7))
    state.apply(Action(0, ActionKind.RAISE, 23))
    state.apply(Action(1, ActionKind.CALL))
    state.apply(Action(2, ActionKind.CALL))  # all in for 11
    for seat, pair in ((0, "7s 8s"), (1, "6c 2d"), (2, "Qh Jh")):
        sacrifice(state, seat, pair)
    passive(state)
    for seat, pair in ((0, "4h 5h"), (1, "9h 9d"), (2, "Ts 3c")):
        sacrifice(state, seat, pair)
    passive(state)
    awards = state.settlement.awards
    assert [(a.name, a.amount, a.winners) for a in awards] == [
        ("board 1's half of the main pot", 17, (2,)), ("board 2's half of the main pot", 16, (1,)),
        ("board 1's half of side pot 1", 12, (1,)), ("board 2's half of side pot 1", 12, (1,))]
    assert [a.title for a in awards] == [
        "board 1's half (17 of the main pot of 33)", "board 2's half (16 of the main pot of 33)",
        "board 1's half (12 of side pot 1 of 24)", "board 2's half (12 of side pot 1 of 24)"]
    assert sum(a.amount for a in awards) == sum(state.table.contributed)
    assert state.payoffs == (-23, 17, 6)


# --- narration, history, replay ---------------------------------------------------------


def test_narration_names_the_rules_and_history_round_trips() -> None:
    state = play(DOUBLE_ID, HANDS3, ["Ah Kc 2h 3h 9c", "Qc Jd 8s 8d 5c"], locks=LOCKS3,
                 first={0: "7c 2d", 1: "4c 3d", 2: "6h 5s"},
                 final={0: "Kh Qh", 1: "Ks Kd", 2: "Jc Tc"})
    lines = texts(state)
    streets = [e.text for e in state.events if e.kind is EventKind.STREET]
    assert streets == ["Blinds", *STREETS, "Showdown"]
    assert any(line.startswith("Board 2: Q♣ J♦ 8♠: after one burned card") for line in lines)
    assert any("every player locks three pairs before the first bet" in line for line in lines)
    reloaded = load_hand(state.to_json())
    assert reloaded.view(None) == state.view(None)
    assert text_history(reloaded, 1) == text_history(state, 1)
    state.undo()
    assert not state.is_over
    state.apply(reloaded.actions[-1])
    assert state.view(None) == reloaded.view(None)
