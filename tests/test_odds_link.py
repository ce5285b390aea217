"""Links from a decision at the table into the Odds page: the right widget, the seat's own
cards filled in, nothing the seat cannot see; a tampered link changes nothing."""

from __future__ import annotations

import random
from urllib.parse import parse_qsl, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from engine.bots import bot_for
from engine.cards import Card, parse_cards
from engine.games import new_hand
from engine.state import ActionKind, HandState, HandView
from tests.support.pages_app import app
from tests.support.pages_odds import PAGE, answered, errors
from ui.odds.link import odds_link


def _reach(game: str, players: int, kind: ActionKind, seed: int = 3,
           street: str | None = None) -> tuple[HandState, int]:
    """A hand played by computer players (nobody folding) until a seat must make ``kind``."""
    state = new_hand(game, players=players, seed=seed)
    bot, rng = bot_for(game), random.Random(seed)
    while True:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if any(a.kind is kind for a in legal) and street in (None, state.street):
            return state, seat
        calm = [a for a in legal if a.kind in (ActionKind.CALL, ActionKind.CHECK)]
        state.apply(calm[0] if calm else bot.choose(state, seat, rng))


def _visible(view: HandView) -> set[Card]:
    seen = {c.card for s in view.seats for c in s.cards if c.card is not None}
    return seen | {c for board in view.boards for c in board}


def _hidden_from(state: HandState, seat: int) -> set[Card]:
    everything = {h.card for cards in state.cards for h in cards}
    return everything - _visible(state.view(seat))


def _open(link: str) -> AppTest:
    parts = urlsplit(link)
    assert parts.path == "/odds"
    at = app(PAGE, timeout=120)
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        at.query_params[name] = value
    at.run()
    return at


def _link_cards(link: str) -> set[Card]:
    query = parse_qsl(urlsplit(link).query, keep_blank_values=True)
    return {c for name, value in query if name not in ("widget", "mode", "stage", "players",
                                                         "hands", "folded", "me", "boards",
                                                         "opponents")
            for c in parse_cards(value)}


CASES = [("seven-card-stud", 8, ActionKind.CHECK, "7th street", "stud", "odds_stud_down"),
         ("seven-card-stud", 5, ActionKind.CHECK, "5th street", "stud", "odds_stud_down"),
         ("psycho", 4, ActionKind.DISCARD, None, "psycho", "odds_psycho_hand"),
         ("psycho", 5, ActionKind.DECLARE, None, "psycho", "odds_psycho_mine"),
         ("sophies-pick", 3, ActionKind.LOCK_PAIRS, None, "sophie", "odds_sophie_hole"),
         ("double-sophie", 3, ActionKind.LOCK_PAIRS, None, "sophie", "odds_sophie_hole"),
         ("pick-a-partner", 6, ActionKind.PICK_PARTNER, None, "partner", "odds_partner_hidden")]


@pytest.mark.parametrize(("game", "players", "kind", "street", "widget", "box"), CASES)
def test_a_decision_links_to_its_widget_with_the_seats_cards(game: str, players: int,
                                                             kind: ActionKind,
                                                             street: str | None, widget: str,
                                                             box: str) -> None:
    state, seat = _reach(game, players, kind, street=street)
    view = state.view(seat)
    link = odds_link(view, seat)
    assert link is not None and f"widget={widget}" in link
    cards = _link_cards(link)
    assert cards and cards <= _visible(view) and not cards & _hidden_from(state, seat)
    at = _open(link)
    answered(at)
    assert at.radio(key="odds_widget").value == widget
    own = [h.card for h in state.cards[seat] if not (box.endswith(("down", "hidden")) and h.up)]
    assert set(parse_cards(str(at.text_input(key=box).value))) == set(own)


def test_no_link_from_another_seats_view_or_the_hosts() -> None:
    state, seat = _reach("seven-card-stud", 4, ActionKind.CALL)
    assert odds_link(state.view(None), seat) is None
    assert odds_link(state.view((seat + 1) % 4), seat) is None


@pytest.mark.parametrize("query", [{"down": "Ah Zz"}, {"hands": "99"}, {"secret": "1"},
                                   {"down": "A" * 500}])
def test_a_tampered_link_gets_a_message_and_the_usual_question(query: dict[str, str]) -> None:
    at = app(PAGE, timeout=120)
    at.query_params["widget"] = "stud"
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    assert any("could not be used" in e for e in errors(at))
    at.text_input(key="odds_stud_dead").input("").run()
    answered(at)
