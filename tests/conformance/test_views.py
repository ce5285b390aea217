"""No view of a hand of any game shows or names a card its seat may not see: the engine's
layer of the three where hidden cards are checked (the pages and links the server sends
are checked in ``tests/test_leaks.py``, ``tests/test_night.py`` and
``tests/conformance/test_night.py``; a browser's whole visit in
``tests/browser/test_leaks.py`` and ``tests/browser/test_night.py``).

Random hands of every game are played to the end; after every decision each seat's view
must show no card face down to it (its cards and its events), and every sentence it
carries (events, notes, showing words, the settlement) must name none it has not seen.
"""

from __future__ import annotations

import random

from engine.cards import Card
from engine.games import get_game
from engine.state import HandState
from tests.support.hands import random_hand
from tests.support.leaks import ever_up, named_cards
from tests.support.scale import scaled
from tests.support.views import play

HANDS = scaled(10, least=3)
"""Random hands per game whose every sentence is read."""


def check_views_hide(state: HandState, held: list[set[Card]], told: list[int]) -> None:
    """No seat's view shows a card face down to it, and no line of narration names one
    when the seat first reads it, but for cards it once held (``held``, kept up to date
    here: a card it drew away may have reached another seat). ``told`` counts the lines
    each seat has read so far."""
    public = ever_up(state)
    for viewer in range(state.players):
        held[viewer].update(h.card for h in state.cards[viewer])
        hidden = set(state.hidden_from(viewer)) - public - held[viewer]
        view = state.view(viewer)
        shown = {c.card for s in view.seats for c in s.cards if c.card is not None}
        assert not shown & hidden, (viewer, shown & hidden)
        for event in view.events[told[viewer]:]:
            assert not named_cards(event.text, hidden), (viewer, event.text)
        told[viewer] = len(view.events)
    host = state.view(None)
    assert all(c.card is not None for s in host.seats for c in s.cards), "the host sees all"


def test_every_view_hides_what_its_seat_may_not_see(game_id: str) -> None:
    for seed in range(scaled(10, least=3)):
        state = random_hand(get_game(game_id), seed)
        rng = random.Random(seed)
        held: list[set[Card]] = [set() for _ in range(state.players)]
        told = [0] * state.players
        while not state.is_over:
            check_views_hide(state, held, told)
            seat = rng.choice(state.to_act)
            state.apply(rng.choice(state.legal_actions(seat)))
        check_views_hide(state, held, told)


def test_no_view_names_a_card_face_down_to_it(game_id: str) -> None:
    for seed in range(HANDS):
        state = random_hand(get_game(game_id), seed)
        play(state, random.Random(seed))
