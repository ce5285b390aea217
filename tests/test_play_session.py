"""A session at the Play table: chips carry from hand to hand, the button moves one seat left,
the hands list grows with each hand's downloads, the statistics add up, and a visitor out of
chips is told and offered a rebuy or a new session."""

from __future__ import annotations

import html
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.actions import Action, ActionKind
from engine.cards import parse_cards
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.state import HandState
from tests.support.pages_app import app
from ui.sessions.play import PlaySession

PLAY = str(Path(__file__).resolve().parents[1] / "screens" / "play.py")
KEEP_GOING = ("Check", "Call", "Bring in", "Show my hand", "Stand pat", "Both ways", "High")


def open_play(params: dict[str, str]) -> AppTest:
    at = app(PLAY, timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception[0].value
    return at


def table(at: AppTest) -> PlaySession:
    session = at.session_state["play_table"]
    assert isinstance(session, PlaySession)
    return session


def fold_or_check(at: AppTest) -> None:
    """Play the visitor's decisions to the end of the hand: fold when it costs, else check."""
    for _ in range(60):
        session = table(at)
        if session.state.is_over:
            return
        prefix = f"play_act_{len(session.state.actions)}"
        buttons = [b for b in at.button if b.key and b.key.startswith(prefix) and not b.disabled]
        chosen = next((b for word in ("Check", "Fold", *KEEP_GOING) for b in buttons
                       if b.label.startswith(word)), buttons[0])
        chosen.click().run()
        assert not at.exception, at.exception[0].value
    raise AssertionError("the hand never ends")


def page_text(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [h.value for h in at.subheader] + [str(e.label) for e in at.expander]
    parts += [w.value for w in at.warning] + [b.label for b in at.button]
    return html.unescape("\n".join(parts))


def test_deal_again_carries_the_chips_and_moves_the_button() -> None:
    at = open_play({"game": "texas-holdem", "players": "4", "seed": "11", "seat": "1"})
    bought = 4 * 200
    for hand in range(1, 4):
        fold_or_check(at)
        session = table(at)
        ended = list(session.state.table.stacks)
        you_before = session.seat
        assert len(session.series.played) == hand
        assert sum(ended) == bought, "chips are neither made nor lost"
        at.button(key="play_again").click().run()
        assert not at.exception, at.exception[0].value
        after = table(at)
        bought += 200 * len(after.series.topped_up)
        # Every chair keeps its chips (a computer player out of them buys back in); each
        # sits one seat nearer the dealer's left.
        assert after.seat == (you_before - 1) % 4
        assert list(after.state.stacks_given or ()) == [ended[(seat + 1) % 4] or 200
                                                        for seat in range(4)]
        assert f"Hand {hand} · Texas hold'em" in page_text(at)
    assert len(table(at).series.played) == 3


def test_new_session_puts_the_chips_back() -> None:
    at = open_play({"game": "texas-holdem", "players": "3", "seed": "4", "seat": "1"})
    fold_or_check(at)
    at.button(key="play_again").click().run()
    fold_or_check(at)
    at.button(key="play_new_session").click().run()
    session = table(at)
    assert session.series.played == [] and session.seat == 0
    assert session.series.stacks == [200, 200, 200]
    assert "No hand finished yet." in page_text(at)


def stacked_holdem(*, seat_cards: str, stacks: list[int] | None = None) -> HandState:
    cards = [parse_cards(text) for text in seat_cards.split("|")]
    deck = deck_from_seats("texas-holdem", players=3, seat_cards=cards,
                           boards=[parse_cards("Qc 8d 9h Js 3s")], seed=1)
    return new_hand("texas-holdem", players=3, seed=1, deck=deck, stacks=stacks)


def test_statistics_of_a_stacked_hand_won_all_in() -> None:
    """Seat 1 holds aces and goes all in; the computer players call or fold: whatever they
    do, the aces win the pot and the figures say so."""
    session = PlaySession(stacked_holdem(seat_cards="As Ah|4c 5d|8c 6d"), seat=0)
    assert not session.state.is_over
    legal = session.state.view(0).legal
    sized = next(a for a in legal if a.kind in (ActionKind.RAISE, ActionKind.BET))
    bets = session.state.bet_range(0)
    assert bets is not None
    session.choose(Action(0, sized.kind, amount=bets.maximum))
    while not session.state.is_over:
        session.choose(next(a for a in session.state.view(0).legal
                            if a.kind in (ActionKind.CHECK, ActionKind.CALL)))
    stats = session.series.statistics()
    net = session.state.table.stacks[0] - 200
    assert net > 0
    pot = sum(award.amount for award in session.state.settlement.awards)
    assert (stats.played, stats.won, stats.net, stats.biggest_pot) == (1, 1, net, pot)
    assert stats.vpip_percent == 100


def test_a_visitor_out_of_chips_is_offered_a_rebuy_or_a_new_session() -> None:
    """Seat 1 has one chip against a blind it cannot cover: it loses it and is out."""
    state = stacked_holdem(seat_cards="7c 2d|As Ah|Ks Kh", stacks=[1, 200, 200])
    at = open_play({"game": "texas-holdem", "players": "3", "seed": "4", "seat": "1"})
    at.session_state["play_table"] = PlaySession(state, seat=0)
    at.run()
    fold_or_check(at)
    session = table(at)
    assert session.series.you_are_out
    text = page_text(at)
    assert "You are out of chips." in text
    assert not [b for b in at.button if b.key == "play_again"]
    stats = session.series.statistics()
    assert (stats.played, stats.won, stats.net, stats.vpip_percent) == (1, 0, -1, 0)
    at.button(key="play_rebuy").click().run()
    assert not at.exception, at.exception[0].value
    after = table(at)
    assert after.series.stacks[after.series.you] == 200 and not after.state.is_over
    assert after.state.stacks_given is not None
    assert after.state.stacks_given[after.seat] == 200


def test_a_fold_is_not_headed_the_showdown() -> None:
    at = open_play({"game": "texas-holdem", "players": "3", "seed": "4", "seat": "1"})
    prefix = f"play_act_{len(table(at).state.actions)}"
    fold = next(b for b in at.button if b.key and b.key.startswith(prefix) and b.label == "Fold")
    fold.click().run()
    headings = [h.value for h in at.subheader]
    if not table(at).state.settlement.showdown:  # type: ignore[union-attr]
        assert "The showdown" not in headings
        assert "The result: everyone else folded" in headings


def test_the_table_round_its_felt_and_a_one_tap_bet_size() -> None:
    at = open_play({"game": "texas-holdem", "players": "4", "seed": "11", "seat": "1"})
    assert 'aria-label="The table"' in page_text(at)
    state = table(at).state
    step = len(state.actions)
    bets = state.bet_range(table(at).seat)
    assert bets is not None and not bets.amounts
    sizes = [b for b in at.button if b.key and b.key.startswith(f"play_act_{step}_size_")]
    assert [b.label.split(" · ")[1] for b in sizes][0] == "minimum"
    assert sizes[-1].label.endswith("all in")
    sizes[0].click().run()
    made = table(at).state.actions[step]
    assert made.amount == bets.minimum
