"""Seven-card stud on the engine: every rule point with a stacked deck."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card, parse_cards
from engine.games import GAMES, new_hand
from engine.games.base import SettingsError
from engine.games.stud import STREETS, ShortStock, ShowingTies, StudSettings
from engine.hands import best_high
from engine.history import load_hand
from engine.state import Action, ActionKind, EventKind, HandState, IllegalAction

GAME = "seven-card-stud"


def stud_deck(hands: list[str], *, fourth: list[str] | None = None,
              later: list[list[str]] | None = None) -> list[Card]:
    """A stacked deck for stud: ``hands`` are each seat's third-street cards
    (down, down, up); ``fourth`` the fourth-street cards, ``later`` the cards
    of each further street, one per seat still in (burns are added here).

    Cards are dealt one at a time round the table, so the list interleaves.
    """
    parsed = [parse_cards(h) for h in hands]
    deck = [parsed[seat][i] for i in range(3) for seat in range(len(parsed))]
    spare = iter(c for c in reversed(_all_cards()) if c not in deck and
                 c not in parse_cards(" ".join((fourth or []) + sum(later or [], []))))
    for street in ([fourth] if fourth else []) + (later or []):
        deck.append(next(spare))
        deck.extend(parse_cards(" ".join(street)))
    return deck


def _all_cards() -> list[Card]:
    from engine.cards import FULL_DECK

    return list(FULL_DECK)


def act(state: HandState, kind: str, amount: int | None = None) -> None:
    seat = state.to_act[0]
    state.apply(Action(seat, ActionKind(kind), amount=amount))


def texts(state: HandState) -> list[str]:
    return [e.sentence for e in state.events]


def test_registered_with_schema() -> None:
    game = GAMES[GAME]
    names = [info.name for info in game.settings_type.schema()]
    assert names == ["chips", "ante", "bring_in", "small_bet", "big_bet", "open_pair",
                     "showing_ties", "short_stock"]
    defaults = StudSettings()
    assert (defaults.ante, defaults.bring_in, defaults.small_bet, defaults.big_bet) == \
        (2, 5, 10, 20)
    for info in game.settings_type.schema():
        assert info.label and info.help
        for option in info.options:
            assert option.label and option.effect


def test_settings_are_validated_with_clear_errors() -> None:
    with pytest.raises(SettingsError, match="Bring-in: 10 must be less than the small bet"):
        StudSettings(bring_in=10)
    with pytest.raises(SettingsError, match="Ante: -1 is below"):
        new_hand(GAME, players=2, seed=1, settings={"ante": -1})
    with pytest.raises(SettingsError, match="unknown setting"):
        new_hand(GAME, players=2, seed=1, settings={"antes": 1})
    with pytest.raises(SettingsError, match="not one of"):
        StudSettings.from_dict({"showing_ties": "dice"})
    assert StudSettings.from_dict({"showing_ties": "seat"}).showing_ties is ShowingTies.SEAT


@pytest.mark.parametrize("players", [1, 9])
def test_player_count(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 8 players"):
        new_hand(GAME, players=players, seed=1)


def test_bring_in_equal_ranks_by_suit_and_completion() -> None:
    deck = stud_deck(["Ah Kh 3d", "Ad Kd 3c", "As Ks 9h"])
    state = new_hand(GAME, players=3, seed=1, deck=deck)
    assert state.to_act == (1,)
    assert "Seat 2 must bring in: lowest up card, 3♣" in texts(state)[-1]
    legal = state.legal_actions(1)
    assert legal == [Action(1, ActionKind.BRING_IN, 5), Action(1, ActionKind.COMPLETE, 10)]
    with pytest.raises(IllegalAction, match="bring in for 5 or complete to 10"):
        state.apply(Action(1, ActionKind.FOLD))
    act(state, "bring-in", 5)
    assert texts(state)[-1].startswith("Seat 2 brings in for 5: lowest up card, 3♣")
    assert [a.kind for a in state.legal_actions(2)] == [ActionKind.FOLD, ActionKind.CALL,
                                                       ActionKind.COMPLETE]
    act(state, "complete", 10)
    assert state.legal_actions(0)[-1] == Action(0, ActionKind.RAISE, 20)


def test_bring_in_may_complete_at_once() -> None:
    state = new_hand(GAME, players=2, seed=4, deck=stud_deck(["Ah Kh 2c", "Ad Kd 9h"]))
    act(state, "complete", 10)
    assert state.table.bets == [10, 0]
    assert [a.kind for a in state.legal_actions(1)] == [ActionKind.FOLD, ActionKind.CALL,
                                                       ActionKind.RAISE]


def test_script_plays_a_hand_using_only_legal_actions() -> None:
    rng = random.Random(99)
    state = new_hand(GAME, players=6, seed=2024)
    steps = 0
    while not state.is_over:
        (seat,) = state.to_act
        options = state.legal_actions(seat)
        assert options
        passive = [a for a in options if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                    ActionKind.BRING_IN, ActionKind.SHOW)]
        state.apply(rng.choice(passive or options) if rng.random() < 0.8
                    else rng.choice(options))
        steps += 1
    assert sum(state.payoffs) == 0
    assert state.settlement is not None
    assert steps > 5
    reloaded = load_hand(state.to_json())
    assert reloaded.view(None) == state.view(None)


def test_fourth_street_best_showing_acts_first_and_open_pair() -> None:
    deck = stud_deck(["2h 3h 5c", "2d 3d 8c", "2s 3s Jd"], fourth=["Kh", "8d", "Qs"])
    state = new_hand(GAME, players=3, seed=5, deck=deck)
    act(state, "bring-in", 5)
    act(state, "call", 5)
    act(state, "call", 5)
    assert state.street == STREETS[1]
    assert state.to_act == (1,)
    assert "best showing hand, pair of eights" in texts(state)[-2]
    assert [a.amount for a in state.legal_actions(1)] == [None, 10, 20]
    assert "Anyone may bet 20 instead of 10" in texts(state)[-1]


def test_open_pair_setting_off() -> None:
    deck = stud_deck(["2h 3h 5c", "2d 3d 8c", "2s 3s Jd"], fourth=["Kh", "8d", "Qs"])
    state = new_hand(GAME, players=3, seed=5, deck=deck, settings={"open_pair": False})
    for kind in ("bring-in", "call", "call"):
        act(state, kind)
    assert [a.amount for a in state.legal_actions(1)] == [None, 10]


def test_event_street_markers() -> None:
    state = new_hand(GAME, players=2, seed=8)
    streets = [e.text for e in state.events if e.kind is EventKind.STREET]
    assert streets == ["Antes", "3rd street"]


def test_community_card_with_eight_players() -> None:
    state = new_hand(GAME, players=8, seed=12)
    while not state.is_over:
        seat = state.to_act[0]
        kinds = {a.kind: a for a in state.legal_actions(seat)}
        state.apply(kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.CALL)
                    or kinds.get(ActionKind.BRING_IN) or kinds[ActionKind.SHOW])
    assert len(state.boards) == 1 and len(state.boards[0]) == 1
    community = state.boards[0][0]
    assert any("Community card" in t for t in texts(state))
    every = [c for s in range(8) for c in state.live_cards(s)] + [community]
    assert len(set(every)) == len(every) == 8 * 6 + 1
    award = state.settlement.awards[0]
    best = max(best_high(state.live_cards(s) + [community]) for s in range(8))
    for seat in award.winners:
        assert best_high(state.live_cards(seat) + [community]) == best


def test_reshuffle_setting_deals_seventh_cards_from_the_muck() -> None:
    state = new_hand(GAME, players=8, seed=12, settings={"short_stock": ShortStock.RESHUFFLE})
    folded = False
    while not state.is_over:
        seat = state.to_act[0]
        kinds = {a.kind: a for a in state.legal_actions(seat)}
        if not folded and ActionKind.FOLD in kinds and state.street == STREETS[0]:
            folded = True
            state.apply(kinds[ActionKind.FOLD])
            continue
        state.apply(kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.CALL)
                    or kinds.get(ActionKind.BRING_IN) or kinds[ActionKind.SHOW])
    assert not state.boards
    assert any("shuffled into the stock" in t for t in texts(state))
    cards = [c for s in range(8) for c in state.live_cards(s)]
    assert len(set(cards)) == len(cards)


def play_passively(state: HandState, *, until: str | None = None) -> None:
    """Check, call or bring in until the hand ends (or ``until`` street starts)."""
    while not state.is_over and state.street != until:
        seat = state.to_act[0]
        kinds = {a.kind: a for a in state.legal_actions(seat)}
        state.apply(kinds.get(ActionKind.CHECK) or kinds.get(ActionKind.CALL)
                    or kinds.get(ActionKind.BRING_IN) or kinds[ActionKind.SHOW])


def test_equal_showings_by_suit_or_by_seat() -> None:
    hands = ["2h 3h Kc", "2d 3d Ks", "2s 3s 4c"]
    fourth = ["9c", "9d", "Jh"]
    by_suit = new_hand(GAME, players=3, seed=2, deck=stud_deck(hands, fourth=fourth))
    play_passively(by_suit, until=STREETS[1])
    assert by_suit.to_act == (1,)
    assert "equal showings go by the suit of the highest card, K♠" in texts(by_suit)[-1]
    by_seat = new_hand(GAME, players=3, seed=2, deck=stud_deck(hands, fourth=fourth),
                       settings={"showing_ties": "seat"})
    play_passively(by_seat, until=STREETS[1])
    assert by_seat.to_act == (0,)
    assert "seat order" in texts(by_seat)[-1]


def test_sixth_street_up_seventh_down() -> None:
    state = new_hand(GAME, players=3, seed=21)
    play_passively(state)
    for seat in range(3):
        assert [h.up for h in state.cards[seat]] == [False, False, True, True, True, True, False]
    streets = [e.text for e in state.events if e.kind is EventKind.STREET]
    assert streets == ["Antes", *STREETS, "Showdown"]


def test_stakes_follow_the_streets() -> None:
    state = new_hand(GAME, players=2, seed=3, settings={"open_pair": False})
    sizes = {}
    while not state.is_over:
        seat = state.to_act[0]
        bet = state.bet_range(seat)
        if bet is not None and bet.kind == "bet":
            sizes[state.street] = bet.minimum
        play_one = {a.kind: a for a in state.legal_actions(seat)}
        state.apply(play_one.get(ActionKind.CHECK) or play_one.get(ActionKind.CALL)
                    or play_one.get(ActionKind.BRING_IN) or play_one[ActionKind.SHOW])
    assert sizes == {STREETS[1]: 10, STREETS[2]: 20, STREETS[3]: 20, STREETS[4]: 20}


def test_heads_up_raising_is_not_capped_but_three_handed_is() -> None:
    deck = stud_deck(["Ah Kh 2c", "Ad Kd 9h", "As Ks 9c"])
    three = new_hand(GAME, players=3, seed=6, deck=deck)
    act(three, "complete", 10)
    act(three, "raise", 20)
    act(three, "raise", 30)
    act(three, "raise", 40)
    assert [a.kind for a in three.legal_actions(three.to_act[0])] == [ActionKind.FOLD,
                                                                      ActionKind.CALL]
    two = new_hand(GAME, players=2, seed=6, deck=stud_deck(["Ah Kh 2c", "Ad Kd 9h"]))
    for to in (10, 20, 30, 40, 50, 60):
        act(two, "complete" if to == 10 else "raise", to)
    assert two.legal_actions(two.to_act[0])[-1] == Action(two.to_act[0], ActionKind.RAISE, 70)


def test_side_pots_with_two_all_ins_paid_to_the_right_hands() -> None:
    deck = stud_deck(["Ah Ad 2c", "Kh Kd 3c", "Qh Qd 4c", "Jh Jd 5c"],
                     later=[["7s", "8s", "9s", "Ts"], ["3h", "4h", "5h", "6h"],
                            ["9d", "Td", "Jc", "8d"], ["Qc", "2s", "7c", "3s"]])
    state = new_hand(GAME, players=4, seed=9, deck=deck, stacks=[30, 60, 200, 200])
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        kinds = {a.kind: a for a in legal}
        choice = next((a for a in legal if a.kind in (ActionKind.COMPLETE, ActionKind.BET,
                                                     ActionKind.RAISE)), None)
        state.apply(choice or kinds.get(ActionKind.CALL) or kinds.get(ActionKind.CHECK)
                    or kinds[ActionKind.SHOW])
    awards = state.settlement.awards
    assert [a.name for a in awards] == ["the main pot", "side pot 1", "side pot 2"]
    assert [a.eligible for a in awards] == [(0, 1, 2, 3), (1, 2, 3), (2, 3)]
    assert [a.winners for a in awards] == [(0,), (1,), (2,)]
    assert [a.amount for a in awards] == [120, 90, sum(state.table.contributed) - 210]
    assert state.payoffs[0] == 120 - 30 and state.payoffs[1] == 90 - 60


def test_showdown_starts_with_the_last_aggressor_and_beaten_hands_may_muck() -> None:
    deck = stud_deck(["2h 3h 4c", "Ah Ad 5c", "Kh Kd 6c"],
                     later=[["7s", "8s", "9s"], ["Jc", "Qc", "3c"], ["9d", "Td", "8d"],
                            ["Kc", "6s", "5s"]])
    state = new_hand(GAME, players=3, seed=4, deck=deck)
    play_passively(state, until=STREETS[4])
    assert state.to_act == (1,)
    act(state, "bet", 20)
    act(state, "call")
    act(state, "call")
    shows = [e for e in state.events if e.street == "Showdown"]
    assert shows[1].sentence == "Seat 2 shows first: the last to bet or raise shows first"
    assert shows[2].text == "Seat 2 shows A♥ A♦ 5♣ 8♠ Q♣ 10♦ 6♠: pair of aces"
    assert state.to_act == (2,)
    assert state.legal_actions(2) == [Action(2, ActionKind.SHOW), Action(2, ActionKind.MUCK)]
    state.apply(Action(2, ActionKind.MUCK))
    assert state.to_act == (0,)
    state.apply(Action(0, ActionKind.SHOW))
    assert state.settlement.awards[0].winners == (1,)
    assert [c.card is None for c in state.view(1).seats[2].cards] == [True, True, False, False,
                                                                      False, False, True]
    assert all(c.card is not None for c in state.view(1).seats[0].cards)


def test_undo_json_and_text_history() -> None:
    state = new_hand(GAME, players=3, seed=77)
    act(state, "bring-in", 5)
    act(state, "complete", 10)
    before = state.view(None)
    act(state, "raise", 20)
    state.undo()
    assert state.view(None) == before
    with pytest.raises(IllegalAction, match="nothing to undo"):
        new_hand(GAME, players=2, seed=1).undo()
    loaded = load_hand(state.to_json())
    assert loaded.view(None) == state.view(None)
    from engine.history import text_history

    host = text_history(state)
    assert "*** 3rd street ***" in host and "??" not in host
    seat0 = text_history(state, 0)
    assert "??" in seat0
    for bad in ("", "{}", '{"format": "dealers-choice-hand", "version": 9}', "[1, 2]"):
        with pytest.raises(ValueError):
            load_hand(bad)
    data = state.to_json().replace('"amount": 10', '"amount": 11')
    with pytest.raises(ValueError, match="cannot be replayed"):
        load_hand(data)


def test_stacked_deck_as_text_and_views() -> None:
    state = new_hand(GAME, players=2, seed=1, deck="Ah Kh Ad Kd 2c 9h")
    host, seat0 = state.view(None), state.view(0)
    assert [c.card for c in host.seats[1].cards] == list(parse_cards("Kh Kd 9h"))
    assert [c.card for c in seat0.seats[1].cards] == [None, None, card_of("9h")]
    assert seat0.legal == tuple(state.legal_actions(0))
    assert state.view(1).legal == ()
    with pytest.raises(ValueError, match="no seat 5"):
        state.view(5)


def card_of(text: str) -> Card:
    return parse_cards(text)[0]


def test_showdown_after_a_checked_last_round_starts_with_the_first_to_act() -> None:
    state = new_hand(GAME, players=3, seed=9)
    play_passively(state)
    shows_first = [e for e in state.events if e.text.endswith("shows first")]
    assert shows_first, "the hand reached a showdown"
    assert shows_first[0].rule == "nobody bet on the last round: the first to act shows first"
