"""The play page through AppTest: a whole hand of every game, dealt and played with the
page's own controls against computer players, up to the showdown; the hot seat; hidden
cards never on the page.
"""

from __future__ import annotations

import html

from engine.bots import bot_for
from engine.cards import format_cards, parse_cards
from engine.deals import deck_from_seats
from engine.games import new_hand
from tests.support.pages import (
    PLAY,
    deal_with_controls,
    lock_pairs,
    open_page,
    page_text,
    play_state,
    play_to_the_end,
    take_decision,
)


def test_other_seats_hole_cards_never_reach_the_page() -> None:
    at = open_page(PLAY, {"game": "seven-card-stud", "players": "5", "seed": "21", "seat": "1"})
    for _ in range(2):
        state = play_state(at)
        if state.is_over:
            break
        text = page_text(at)
        for seat in range(1, state.players):
            for held in state.cards[seat]:
                if not held.up:
                    assert held.card.name not in text and str(held.card) not in text, \
                        f"{held.card} of seat {seat + 1} is on the page"
        for held in state.cards[0]:
            assert held.card.name in text
        take_decision(at, f"play_act_{len(state.actions)}")


def test_hot_seat_hides_each_hand_until_its_owner_shows_it() -> None:
    at = open_page(PLAY)
    deal_with_controls(at, "seven-card-stud", players=3, seed=5, hot=True)
    for _ in range(3):
        state = play_state(at)
        seat = state.to_act[0]
        hidden = [h.card for h in state.cards[seat] if not h.up]
        text = page_text(at)
        assert f"Pass the screen to Seat {seat + 1}" in text
        assert not any(c.name in text for c in hidden)
        assert not [b for b in at.button if b.key and b.key.startswith("play_act_")]
        at.toggle(key=f"play_reveal_{len(state.actions)}").set_value(True).run()
        text = page_text(at)
        assert all(c.name in text for c in hidden)
        take_decision(at, f"play_act_{len(state.actions)}")
        assert not at.exception
        after = play_state(at)
        if not after.is_over:
            assert not at.toggle(key=f"play_reveal_{len(after.actions)}").value


def test_picking_a_partner_through_the_buttons() -> None:
    deck = deck_from_seats("pick-a-partner", players=4, seat_cards=[parse_cards("As Ah Ad Ac Ks")],
                           seed=2)
    at = open_page(PLAY, {"game": "pick-a-partner", "players": "4", "seed": "2", "seat": "1",
                          "deck": "".join(c.ascii for c in deck)})
    assert take_decision(at, f"play_act_{len(play_state(at).actions)}") == "Turn up A♠"
    state = play_state(at)
    picks = [b for b in at.button if b.key and b.key.startswith(f"play_act_{len(state.actions)}")]
    assert [b.label.split(" (")[0] for b in picks] == ["Pick Seat 2", "Pick Seat 3", "Pick Seat 4"]
    picks[1].click().run()
    assert play_state(at).facts.partners[0] == 2
    play_to_the_end(at)
    assert "Partner: Seat 3" in page_text(at)


def test_a_pot_limit_raise_of_any_amount_on_the_slider_or_a_usual_size_in_one_tap() -> None:
    at = open_page(PLAY, {"game": "sophies-pick", "players": "3", "seed": "6", "seat": "1"})
    take_decision(at, f"play_act_{len(play_state(at).actions)}")
    state = play_state(at)
    step = len(state.actions)
    bets = state.bet_range(0)
    assert bets is not None and bets.minimum < bets.maximum
    wanted = (bets.minimum + bets.maximum) // 2
    assert not [box for box in at.number_input if box.key == f"play_act_{step}_amount"], \
        "a slider, not a box stepped one round trip at a time"
    sizes = [b.label for b in at.button if b.key and b.key.startswith(f"play_act_{step}_size_")]
    assert len(sizes) >= 2 and sizes[0].startswith("Raise to"), "one-tap sizes"
    assert len([w for w in at.slider if w.key.startswith(f"play_act_{step}")]) == 1, \
        "one control for any amount"
    at.slider(key=f"play_act_{step}_slider").set_value(wanted)
    at.button(key=f"play_act_{step}_sized").click().run()
    made = play_state(at).actions[step]
    assert (made.seat, made.kind.value, made.amount) == (0, bets.kind, wanted)


def test_three_pairs_are_locked_by_tapping_their_cards() -> None:
    at = open_page(PLAY, {"game": "sophies-pick", "players": "3", "seed": "6", "seat": "1"})
    step = f"play_act_{len(play_state(at).actions)}"
    assert not at.radio, "the fifteen pairings are no longer a list of radio rows"
    hand = sorted((h.card for h in play_state(at).cards[0]), reverse=True)
    pair1 = at.pills(key=f"{step}_pair1")
    assert len(pair1.options) == 6
    assert at.button(key=f"{step}_lock").disabled
    pair1.set_value([hand[0].ascii, hand[3].ascii, hand[5].ascii]).run()
    assert any("A pair is two cards: 3 are tapped" in c.value for c in at.caption)
    assert at.button(key=f"{step}_lock").disabled
    label = lock_pairs(at, step, first=(0, 5), second=(1, 2))
    locked = [set(p) for p in play_state(at).facts.pairs[0]]
    rest = [c for c in hand if c not in (hand[0], hand[5])]
    assert {frozenset(p) for p in locked} == {
        frozenset((hand[0], hand[5])), frozenset(rest[1:3]), frozenset((rest[0], rest[3]))}
    assert label.startswith("Lock ")


def test_what_just_happened_shows_the_latest_first() -> None:
    at = open_page(PLAY, {"game": "seven-card-stud", "players": "4", "seed": "21", "seat": "1"})
    take_decision(at, f"play_act_{len(play_state(at).actions)}")
    state = play_state(at)
    since = at.session_state["play_table"].mark
    news = [e.text for e in state.view(0).events[since:] if e.kind.value != "street"]
    assert len(set(news)) > 1
    boxes = [html.unescape(m.value) for m in at.markdown if news[0] in html.unescape(m.value)
             and news[-1] in html.unescape(m.value) and "Antes" not in m.value]
    assert boxes and boxes[0].index(news[-1]) < boxes[0].index(news[0])


def test_the_decision_panel_says_the_hand_now() -> None:
    at = open_page(PLAY, {"game": "seven-card-stud", "players": "4", "seed": "21", "seat": "1"})
    own = [h.card for h in play_state(at).cards[0]]
    said = [m.value.replace("\u2060", "") for m in at.markdown if "Your hand now" in m.value]
    assert said and f"Your cards so far: {format_cards(own)}, " in said[0]


def test_the_table_puts_your_seat_at_the_bottom_and_the_decision_after_it() -> None:
    """Every seat round one felt, the others across it from your left, yours along the
    bottom; the decision follows the table (and the page keeps it in view)."""
    at = open_page(PLAY, {"game": "seven-card-stud", "players": "4", "seed": "21", "seat": "1"})
    blocks = [m.value for m in at.markdown]
    felt = next(i for i, b in enumerate(blocks) if 'aria-label="The table"' in b)
    decision = next(i for i, b in enumerate(blocks) if b.startswith("#### Seat 1, your decision"))
    assert felt < decision
    order = [blocks[felt].index(f'<section aria-label="Seat {n}"') for n in (2, 3, 4, 1)]
    assert order == sorted(order)


def test_computer_players_say_why_beside_what_they_did() -> None:
    at = open_page(PLAY, {"game": "pick-a-partner", "players": "4", "seed": "101", "seat": "1"})
    state = play_state(at)
    replayed = new_hand(state.game.id, players=state.players, seed=state.seed)
    bot = bot_for(state.game.id)
    said = []
    for action in state.actions:
        if action.seat != 0:
            reason = bot.explain(replayed, action.seat, action)
            if reason:
                said.append(reason)
        replayed.apply(action)
    assert said, "the computer players gave no reason"
    text = page_text(at)
    assert all(f": {reason}" in text for reason in said)


def test_the_decision_panel_links_to_the_odds_of_the_decision() -> None:
    at = open_page(PLAY, {"game": "seven-card-stud", "players": "4", "seed": "8", "seat": "1"})
    links = [b for b in at.get("link_button")]
    assert any("/odds?" in str(b.proto.url) for b in links)
