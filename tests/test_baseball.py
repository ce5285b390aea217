"""Baseball's own rules, on stacked decks: the extra card a face-up four earns, the payment
or fold a face-up three asks (refused choices change nothing), the computer player's
choice by its hand, the deck check at the most players, and wild values by brute force."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from content import load_game
from engine.bots.equity import EquityBot
from engine.bots.pay import pay_choice
from engine.cards import FULL_DECK, Rank, parse_cards
from engine.games import GAMES, load_games, new_hand
from engine.games.declaration import DeclarationError
from engine.history import load_hand
from engine.phh import load_phh, to_phh
from engine.state import Action, ActionKind, HandState, IllegalAction
from tests.support.hostile import site_page
from tests.support.wild import brute_high
from ui.components.actions import label
from ui.learn.example_deal import first_street
from ui.sessions.share import decode_actions, encode_actions

ROOT = Path(__file__).resolve().parents[1]


def stacked(first: str) -> list:
    """A deck whose top cards are ``first`` (in deal order), the rest in the usual order."""
    top = parse_cards(first)
    return [*top, *(c for c in FULL_DECK if c not in top)]


def hand(first: str, players: int = 2, **settings: object) -> HandState:
    return new_hand("baseball", players=players, seed=0, deck=stacked(first),
                    settings=settings or None)


def test_a_four_dealt_face_up_earns_its_owner_a_card_face_down_at_once() -> None:
    # Third street, two players: down, down, down, down, then seat 1 up 4♠, seat 2 up K♦.
    state = hand("Ah Kh Qh Jh 4s Kd 8c")
    assert len(state.cards[0]) == 4 and len(state.cards[1]) == 3
    extra = state.cards[0][3]
    assert extra.card == parse_cards("8c")[0] and not extra.up
    line = next(e for e in state.events if "extra card" in e.rule)
    assert line.text == "Seat 1: ?? ?? 4♠ [??]" and "8♣" in line.private
    assert "4♠" in line.rule
    # Every card in one place: hands, stock and muck hold the 52 once each.
    held = [h.card for seat in state.cards for h in seat]
    assert len(held) + state.deck.remaining == 52 and len(set(held)) == len(held)


def test_a_four_dealt_face_down_earns_nothing() -> None:
    state = hand("4h Kh Qh Jh 9s Kd 8c")
    assert [len(c) for c in state.cards] == [3, 3]


def test_a_three_dealt_face_up_asks_its_owner_to_match_the_pot_or_fold() -> None:
    state = hand("Ah Kh Qh Jh 8s 3d")
    assert state.to_act == (1,)
    pot = state.table.pot_total
    assert state.legal_actions(1) == [Action(1, ActionKind.PAY, amount=pot),
                                      Action(1, ActionKind.FOLD)]
    state.apply(Action(1, ActionKind.PAY))      # the amount may be left out
    assert state.table.pot_total == 2 * pot
    assert state.events[-2].text == f"Seat 2 pays {pot} for the 3♦"
    assert state.table.pots()[0].eligible == (0, 1)   # dead money: no side pot for it


def test_folding_for_a_three_ends_a_two_handed_pot() -> None:
    state = hand("Ah Kh Qh Jh 8s 3d")
    state.apply(Action(1, ActionKind.FOLD))
    assert state.is_over and state.payoffs[0] > 0
    assert any(e.text == "Seat 2 folds rather than pay for the 3♦" for e in state.events)


def test_a_fixed_payment_is_an_announcement() -> None:
    state = hand("Ah Kh Qh Jh 8s 3d", three_price="fixed", three_payment=7)
    assert state.legal_actions(1)[0] == Action(1, ActionKind.PAY, amount=7)
    assert any("costs its owner 7" in line for line in state.game.stakes(state.settings))


@pytest.mark.parametrize("wrong", [
    Action(1, ActionKind.PAY, amount=1), Action(1, ActionKind.BET, amount=10),
    Action(1, ActionKind.CALL), Action(0, ActionKind.PAY, amount=4), "pay"])
def test_a_wrong_choice_is_refused_clearly_and_changes_nothing(wrong: object) -> None:
    state = hand("Ah Kh Qh Jh 8s 3d")
    before = state.to_json(), len(state.events), state.table.pot_total
    with pytest.raises(IllegalAction) as refused:
        state.apply(wrong)  # type: ignore[arg-type]
    message = str(refused.value)
    assert "Seat" in message or "Action" in message
    if isinstance(wrong, Action) and wrong.seat == 1:
        assert "pay 4 or fold" in message
    assert (state.to_json(), len(state.events), state.table.pot_total) == before


def test_the_computer_player_pays_with_wild_cards_and_folds_rags() -> None:
    assert pay_choice(0.5, [Action(0, ActionKind.PAY, amount=8), Action(0, ActionKind.FOLD)],
                      pot=8).kind is ActionKind.PAY
    # Two nines down and the three up: three wild cards heads-up, worth the pot.
    strong = hand("9h Kh 9s Jh 3d 8c")
    assert EquityBot().choose(strong, 0, random.Random(1)).kind is ActionKind.PAY
    # Seven players, 2 and 7 down with the three up: far from half the pot.
    weak = hand("2c Kh Qh Jh Th 8h 6d 7d Ks Qs Js Ts 8s 6s 3d", players=7)
    assert EquityBot().choose(weak, 0, random.Random(1)).kind is ActionKind.FOLD


def test_the_deck_check_says_the_most_players_it_allows(tmp_path: Path) -> None:
    text = (ROOT / "content/games/baseball.toml").read_text(encoding="utf-8")
    (tmp_path / "baseball.toml").write_text(text.replace("players = { min = 2, max = 7 }",
                                                         "players = { min = 2, max = 9 }"))
    with pytest.raises(DeclarationError) as refused:
        load_games(tmp_path)
    assert str(refused.value).endswith(
        "this deal needs 9 cards at 9 players, but the 52-card deck has 0 left by then; "
        "the deck allows at most 8 players")


def test_showdown_values_are_every_replacement_of_threes_and_nines_tried() -> None:
    checked = wild_hands = longer = 0
    for seed in range(6):
        state = new_hand("baseball", players=4, seed=seed)
        while not state.is_over:
            legal = state.legal_actions(state.to_act[0])
            state.apply(next((a for k in (ActionKind.PAY, ActionKind.CHECK, ActionKind.CALL,
                                          ActionKind.BRING_IN, ActionKind.SHOW)
                              for a in legal if a.kind is k), legal[0]))
        for seat in state.in_hand():
            cards = state.live_cards(seat)
            score = state.game.hand_value(state, seat).score
            assert score == brute_high(cards, frozenset({3, 9})), (seed, cards)
            checked += 1
            wild_hands += any(c.rank in (Rank.THREE, Rank.NINE) for c in cards)
            longer += len(cards) > 7
    assert checked >= 12 and wild_hands >= 6 and longer >= 1, (checked, wild_hands, longer)


def test_the_worked_examples_say_what_the_engine_deals() -> None:
    words = load_game("baseball")
    settings = GAMES["baseball"].settings_type()
    examples = [e for e in words.examples.values() if set(e.cards) == {"up"}]
    assert len(examples) == 2
    for example in examples:
        lines = [line for line, _ in first_street("baseball", parse_cards(example.cards["up"]),
                                                  settings)]
        assert set(example.expect.values()) <= set(lines), (example.key, lines)
    fixed = GAMES["baseball"].settings_type(three_price="fixed", three_payment=9)
    lines = [line for line, _ in first_street("baseball", parse_cards("9h Kd 3c"), fixed)]
    assert "Seat 3 shows 3♣: pay 9 or fold" in lines


def test_the_learning_page_deals_the_worked_examples() -> None:
    at = site_page("declared_game", address="baseball")
    assert not at.exception, at.exception
    markdown = " ".join(m.value for m in at.markdown)
    assert "A four dealt face up" in markdown and "Seat 3 shows 3♣: pay 6 or fold" in markdown
    assert "earns its owner an extra card face down, at once: Seat 1 shows 4♠" in markdown
    at.text_input(key="declared_baseball_ex_three_up").input("3h 3d").run()
    assert "Seat 1 shows 3♥: pay 4 or fold" in " ".join(m.value for m in at.markdown)
    at.text_input(key="declared_baseball_ex_three_up").input("3h 3h").run()
    assert at.error and not at.exception


def test_a_payment_travels_in_links_phh_and_the_action_bar() -> None:
    state = hand("Ah Kh Qh Jh 8s 3d")
    pay = state.legal_actions(1)[0]
    assert label(pay) == "Pay 4 to stay in"
    assert decode_actions(encode_actions([pay])) == (pay,)
    state.apply(pay)
    text = to_phh(state)
    assert "p2 py 4" in text
    assert load_phh(text).to_json() == state.to_json()
    assert load_hand(state.to_json()).to_json() == state.to_json()
