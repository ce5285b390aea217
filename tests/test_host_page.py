"""The host page through AppTest: stepping forward and back through every decision,
typed deals (good ones, and ones with a repeated card or too many cards), hiding and
showing hole cards, and the presenter view; and the combined views hide exactly what
no other player may see.
"""

from __future__ import annotations

import html

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.games import GAMES, new_hand
from engine.odds.at_table import solve_spot
from engine.state import ActionKind
from tests.support.pages import (
    HOST,
    _typed_deal,
    click,
    host_state,
    open_page,
    page_text,
    played_on_the_page_as,
    players_for,
    take_decision,
)
from tests.support.scale import scaled
from tests.support.share import random_hand
from ui.components.table import host_view, public_view
from ui.odds.hand import LINKED
from ui.sessions.host import HostSession

STUD = {"game": "seven-card-stud", "players": "4", "seed": "31"}


def test_stepping_forward_and_back_through_every_decision() -> None:
    at = open_page(HOST, STUD)
    assert at.button(key="host_back").disabled and at.button(key="host_start").disabled
    for _ in range(6):
        click(at, "next")
    line = list(host_state(at).actions)
    assert len(line) == 6
    heading = next(h.value for h in at.subheader if h.value.startswith("Step 6:"))
    assert line[-1].describe() in heading
    click(at, "back")
    click(at, "back")
    state = host_state(at)
    assert state.actions == line[:4]
    fresh = new_hand("seven-card-stud", players=4, seed=31)
    for action in line[:4]:
        fresh.apply(action)
    assert state.view(None) == fresh.view(None)
    assert at.session_state["host_table"].line == tuple(line)
    assert "Step 4 · 2 more decisions kept ahead" in page_text(at)  # the hand goes on
    click(at, "next")
    assert host_state(at).actions == line[:5]
    click(at, "start")
    assert host_state(at).actions == []
    assert at.session_state["host_table"].line == tuple(line)
    click(at, "end")
    end = host_state(at)
    assert end.is_over and end.actions[:6] == line
    assert "The showdown" in page_text(at) or not end.settlement.showdown
    assert at.button(key="host_next").disabled


def _hosted_on_the_page(game_id: str) -> HostSession:
    """Next three times, Back once and End through the page's buttons; the page's hand."""
    at = open_page(HOST, {"game": game_id, "players": str(players_for(game_id)), "seed": "5"})
    for _ in range(3):
        click(at, "next")
    click(at, "back")
    assert len(host_state(at).actions) == 2
    assert len(at.session_state["host_table"].line) == 3
    click(at, "end")
    assert at.button(key="host_next").disabled
    hand = at.session_state["host_table"]
    assert isinstance(hand, HostSession)
    return hand


def _hosted_at_the_controller(game_id: str) -> HostSession:
    """The same at the host's controller: the page's buttons call nothing else."""
    hand = HostSession(new_hand(game_id, players=players_for(game_id), seed=5))
    for _ in range(3):
        hand.forward()
    hand.back()
    assert len(hand.state.actions) == 2 and len(hand.line) == 3
    hand.to_end()
    return hand


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_is_hosted_from_the_deal_to_the_settlement(game_id: str) -> None:
    """Next, Back and End: through the page's buttons for the first game of each page
    shape, at the host's controller for the others (the conformance suite ends a hosted
    hand of every game on the page)."""
    on_the_page = played_on_the_page_as(game_id) == game_id
    hand = (_hosted_on_the_page if on_the_page else _hosted_at_the_controller)(game_id)
    state = hand.state
    assert state.is_over and state.settlement is not None
    assert sum(state.payoffs) == 0
    assert hand.at_end and hand.notice is None


def test_a_different_decision_starts_a_new_line_from_that_step() -> None:
    at = open_page(HOST, STUD)
    for _ in range(4):
        click(at, "next")
    line = list(host_state(at).actions)
    click(at, "back")
    click(at, "back")
    step = len(host_state(at).actions)
    old = line[step]
    take_decision(at, f"host_act_{step}_{len(line)}")
    state = host_state(at)
    assert len(state.actions) == step + 1
    assert at.session_state["host_table"].line == tuple(state.actions)
    assert state.actions[:step] == line[:step]
    assert state.actions[step] != old or len(at.session_state["host_table"].line) == step + 1


def test_a_typed_deal_gives_each_seat_its_cards_even_after_a_fold() -> None:
    at = open_page(HOST, STUD)
    _typed_deal(at, ["Ah Ad As Kc Qc Jc 10c", "2c 3d 4h 5s 6c 7d 8h", "9s 9h Kd Qd Jd 10d 2s"])
    state = host_state(at)
    assert [str(h.card) for h in state.cards[0]] == ["A♥", "A♦", "A♠"]
    assert "Dealt the cards typed in" in page_text(at)
    while not host_state(at).is_over:
        state = host_state(at)
        seat = state.to_act[0]
        prefix = f"host_act_{len(state.actions)}_{len(at.session_state['host_table'].line)}"
        offered = {b.label.split(" ")[0]: b for b in at.button
                   if b.key and b.key.startswith(prefix)}
        if seat == 1 and "Fold" in offered:
            offered["Fold"].click().run()
        elif seat == 0 and ({"Complete", "Bet"} & set(offered)):
            offered[min({"Complete", "Bet"} & set(offered))].click().run()
        else:
            take_decision(at, prefix)
        assert not at.exception
    final = host_state(at)
    assert [str(h.card) for h in final.cards[0]] == ["A♥", "A♦", "A♠", "K♣", "Q♣", "J♣", "10♣"]
    assert [str(h.card) for h in final.cards[2]] == ["9♠", "9♥", "K♦", "Q♦", "J♦", "10♦", "2♠"]
    assert final.table.folded[1]


def test_a_typed_deal_with_a_repeated_card_is_refused() -> None:
    at = open_page(HOST, STUD)
    before = host_state(at)
    _typed_deal(at, ["Ah Kd", "Qs Kd", ""])
    assert at.error and "K♦ is typed for Seat 1 and for Seat 2" in at.error[0].value
    assert host_state(at) is before


def test_a_typed_deal_with_too_many_cards_or_a_bad_card_is_refused() -> None:
    at = open_page(HOST, STUD)
    before = host_state(at)
    _typed_deal(at, ["Ah Kd 2c 3c 4c 5c 6c 7c", "", ""])
    assert "Seat 1: 8 cards typed, but each player is dealt at most 7" in at.error[0].value
    _typed_deal(at, ["Ah Kx", "", ""])
    assert "Seat 1: 'Kx' is not a card" in at.error[0].value
    assert host_state(at) is before


PSYCHO = {"game": "psycho", "players": "3", "seed": "9"}


def test_a_typed_psycho_draw_deals_the_seat_its_typed_cards() -> None:
    at = open_page(HOST, PSYCHO)
    _typed_deal(at, ["Ah Kh 2c 3d 4s", "", ""], game="psycho", draws=["Qh Jh", "9c"])
    assert at.text_input(key="host_typed_draw_0").label == "Seat 1 draws"
    assert "Dealt the cards typed in, with the draws typed for Seat 1 and Seat 2" in \
        page_text(at)
    assert "stacked deck, typed in with draws" in page_text(at)
    state = host_state(at)
    assert [str(h.card) for h in state.cards[0]] == ["A♥", "K♥", "2♣", "3♦", "4♠"]
    assert not {"Q♥", "J♥", "9♣"} & {str(h.card) for cards in state.cards for h in cards}
    assert any(e.label == "Decide for Seat 1 yourself (instead of Next)" for e in at.expander)
    at.pills(key="host_act_0_0_cards").set_value(["2c", "3d"]).run()
    at.button(key="host_act_0_0_confirm").click().run()
    assert not at.exception, at.exception[0].value
    state = host_state(at)
    assert [str(h.card) for h in state.cards[0]] == ["A♥", "K♥", "4♠", "Q♥", "J♥"]
    assert "Queen of hearts" in page_text(at) and "Jack of hearts" in page_text(at)
    assert "Seat 1 draws 2: the 2 cards typed for its draw." in [i.value for i in at.info]
    at.button(key="host_act_1_1_confirm").click().run()
    assert "Seat 2 stands pat: the 1 card typed for its draw is not dealt to it." in \
        [i.value for i in at.info] and not at.error
    click(at, "next")
    assert "9♣" not in {str(h.card) for cards in host_state(at).cards for h in cards}


def test_a_card_typed_twice_across_a_hand_and_a_draw_is_refused() -> None:
    at = open_page(HOST, PSYCHO)
    before = host_state(at)
    _typed_deal(at, ["7c Kh", "", ""], game="psycho", draws=["", "7c"])
    assert at.error and "7♣ is typed for Seat 1 and for Seat 2's draw: each card exists only " \
        "once" in at.error[0].value
    assert host_state(at) is before
    at.radio(key="host_psycho_setting_draw_limit").set_value("three").run()
    _typed_deal(at, ["7c Kh", "", ""], game="psycho", draws=["", "Qh Jh Th 9h"])
    assert "Seat 2's draw: 4 cards typed, but the draw limit lets a player exchange at most " \
        "3 cards" in at.error[0].value
    assert host_state(at) is before


def test_hole_cards_hidden_then_shown_seat_by_seat() -> None:
    at = open_page(HOST, STUD)
    state = host_state(at)
    hole = {s: [h.card for h in state.cards[s] if not h.up] for s in range(4)}
    assert all(c.name in page_text(at) for cards in hole.values() for c in cards)
    at.segmented_control(key="host_hole_cards").set_value("Hidden").run()
    text = page_text(at).split("Decide for")[0]
    assert not any(c.name in text for cards in hole.values() for c in cards)
    at.pills(key="host_reveal").set_value([2]).run()
    text = page_text(at)
    assert all(c.name in text for c in hole[2])
    assert not any(c.name in text for s in (0, 1, 3) for c in hole[s])


def test_the_presenter_view_is_large_and_uncluttered() -> None:
    at = open_page(HOST, STUD)
    at.toggle(key="host_presenter").set_value(True).run()
    assert not at.exception
    html_blocks = [m.value for m in at.markdown]
    assert any("font-size:26px" in block for block in html_blocks)
    assert any('width="108"' in block or 'width="74"' in block for block in html_blocks)
    assert not at.title and not at.file_uploader
    click(at, "next")
    assert any(h.value.startswith("Step 1:") for h in at.header)


@settings(max_examples=scaled(40), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10**6),
       stop=st.integers(0, 60))
def test_hidden_views_show_only_what_every_player_sees(game_id: str, seed: int,
                                                       stop: int) -> None:
    state = random_hand(game_id, seed, stop)
    public = public_view(state)
    views = [state.view(v) for v in range(state.players)]
    for seat in public.seats:
        for index, seen in enumerate(seat.cards):
            others = [v.seats[seat.seat].cards[index].card for v in views if v.viewer != seat.seat]
            if seen.card is not None:
                assert all(card == seen.card for card in others)
            elif not any(state.can_see(v, seat.seat) for v in range(state.players)
                         if v != seat.seat):
                assert all(card is None for card in others)
    assert [e.text for e in public.events] == [e.text for e in state.events]
    one = host_view(state, revealed={1})
    assert one.seats[1] == state.view(None).seats[1]
    assert one.seats[0] == public.seats[0]
    assert host_view(state, revealed=range(state.players)) == state.view(None)


def test_hidden_narration_never_names_a_hidden_card() -> None:
    at = open_page(HOST, {"game": "psycho", "players": "3", "seed": "12"})
    at.segmented_control(key="host_hole_cards").set_value("Hidden").run()
    for _ in range(8):
        click(at, "next")
        state = host_state(at)
        hidden = {h.card for cards in state.cards for h in cards if not h.up}
        hidden |= {c for a in state.actions if a.kind.value == "discard" for c in a.cards}
        shown = "\n".join([m.value for m in at.markdown] + [h.value for h in at.subheader]
                          + [c.value for c in at.caption]
                          + [b.label for b in at.button if not b.key.startswith("host_act_")])
        named = [c for c in hidden if str(c) in html.unescape(shown)]
        assert not named, f"step {len(state.actions)} names hidden cards {named}"
        assert "its five cards are" not in shown, "a hidden seat's measured reason"


def test_the_why_of_a_computer_player_s_decision_says_its_measure_to_the_host() -> None:
    at = open_page(HOST, {"game": "psycho", "players": "2", "seed": "2"})
    for _ in range(3):  # both seats draw, then the first exposes
        click(at, "next")
    why = [c.value for c in at.caption if c.value.startswith("Why, as a computer player")]
    assert len(why) == 1 and "the table reads as low" in why[0], why
    at.segmented_control(key="host_hole_cards").set_value("Hidden").run()
    why = [c.value for c in at.caption if c.value.startswith("Why, as a computer player")]
    assert why == ["Why, as a computer player sees it: it shows the three cards that hide "
                   "its plan best, by how often the table would read them as low."]


def _progress_texts(at: AppTest) -> str:
    """The host's line of progress: a bar's words once the hand's length is known, else
    the words alone."""
    return " ".join(str(p.proto) for p in at.get("progress")) + page_text(at)


def test_a_fresh_deal_reads_the_deal_not_step_zero_of_zero() -> None:
    at = open_page(HOST, STUD)
    assert "The deal: no decision yet" in _progress_texts(at)
    assert "Step 0" not in _progress_texts(at) + page_text(at)
    assert any(h.value == "The deal" for h in at.subheader)
    click(at, "next")
    assert "Step 1 · Next lets a computer player decide" in _progress_texts(at)
    click(at, "back")
    assert "The deal: no decision yet · 1 more decision kept ahead" in _progress_texts(at)


def test_a_typed_link_opens_the_setup_ready_to_type() -> None:
    at = open_page(HOST, {"typed": "psycho"})
    assert at.toggle(key="host_setup_open").value
    assert at.selectbox(key="host_game").value == "psycho"
    assert at.radio(key="host_source").value == "Cards typed in"
    assert at.text_input(key="host_typed_0") and at.text_input(key="host_typed_draw_0")
    assert "typed" not in at.query_params
    at.text_input(key="host_typed_0").set_value("Ah Kh 2c 3d 4s")
    at.button(key="host_deal").click().run()
    state = host_state(at)
    assert state.game.id == "psycho" and str(state.cards[0][0].card) == "A♥"


def test_a_typed_link_to_no_game_says_so_and_opens_the_usual_page() -> None:
    at = open_page(HOST, {"typed": "<b>poker</b>"})
    assert not at.exception
    assert at.error and "There is no game called" in at.error[0].value
    assert "<b>" not in at.error[0].value
    assert not at.toggle(key="host_setup_open").value
    assert host_state(at).actions == []


def test_hidden_hole_cards_keep_the_hand_help_hidden_too() -> None:
    at = open_page(HOST, STUD)
    assert any("Your hand now" in m.value for m in at.markdown)
    at.segmented_control(key="host_hole_cards").set_value("Hidden").run()
    assert not any("Your hand now" in m.value for m in at.markdown)


def test_the_odds_button_opens_the_calculator_with_only_the_cards_on_show() -> None:
    """Hole cards hidden: the calculator gets the up cards and the decisions, no hole card."""
    at = open_page(HOST, STUD)
    for _ in range(6):
        click(at, "next")
    state = host_state(at)
    at.button_group(key="host_hole_cards").set_value("Hidden").run()
    at.button(key="host_odds").click().run()
    assert not at.exception, at.exception[0].value

    spot = at.session_state[LINKED]
    shown = {c for cards in spot.seats for c in cards if c is not None}
    down = {h.card for seat in state.cards for h in seat if not h.up}
    assert shown and not shown & down
    assert shown == {h.card for seat in state.cards for h in seat if h.up}
    answer = solve_spot(spot, rng=np.random.default_rng(0), seconds=0.1, min_deals=20)
    assert sum(answer[f"share/{s}"].value for s in range(4)) == pytest.approx(1.0)


def test_the_host_sees_the_measure_of_a_shown_seat_s_key_decision() -> None:
    at = open_page(HOST, {"game": "psycho", "players": "2", "seed": "2"})
    for _ in range(2):  # both seats draw; then both expose at once
        click(at, "next")
    state = host_state(at)
    assert {a.kind for a in state.legal_actions(state.to_act[0])} == {ActionKind.EXPOSE}
    measures = [c.value for c in at.caption if "measure:" in c.value]
    assert len(measures) == 2 and all("Read as low by the table" in m for m in measures)
    at.button_group(key="host_hole_cards").set_value("Hidden").run()
    assert not [c.value for c in at.caption if "measure:" in c.value]
