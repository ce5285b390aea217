"""No seat reads the name of a card that stays face down to it.

Random hands of every game (random settings, stacks and decisions, shown or
mucked at random) are played to the end; after every decision, each seat's
view is read whole (every event, the notes, the showing words, and at the
end the settlement with each hand's cards and words) and must not name a
card that is face down to that seat, unless the seat has seen it before: its
own cards, or a card once face up, stay known after they are gone (a Psycho
discard, a folded stud hand's up cards, dealt again to someone else), and so
do the cards the game's public facts name, which the whole table was told
(Psycho's ace shown to draw four).

Every game's random hands are read so in the conformance suite
(``tests/conformance/walk.py``'s ``check_views``); here, the cases that need a hand dealt on
purpose. (The first of the three layers where hidden cards are checked:
``tests/support/leaks.py``.)
"""

from __future__ import annotations

import random

from engine.bots import RandomBot
from engine.cards import Card
from engine.games import new_hand
from engine.games.pick_a_partner_steps import partners
from engine.games.psycho import PsychoPublic
from engine.state import Action, ActionKind, HandView
from engine.views import host_view, public_view
from tests.support.views import check


def test_an_ace_shown_to_draw_four_is_known_to_all_and_nothing_else_of_the_draw() -> None:
    """Psycho under "four with an ace shown": every seat that may draw four does. The ace
    it shows is named to the table (the view's public facts say so); the four cards it
    throws away and the four it draws stay unnamed to the others."""
    shown = 0
    for seed in range(4):
        state = new_hand("psycho", players=5, seed=seed,
                         settings={"draw_limit": "four-with-ace"})
        rng = random.Random(seed)
        seen: list[set[Card]] = [set() for _ in range(state.players)]
        while not state.is_over:
            check(state, seen)
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            four = [a for a in legal if a.kind is ActionKind.DISCARD and len(a.cards) == 4]
            state.apply(four[0] if four else RandomBot().choose(state, seat, rng))
        check(state, seen)
        facts = state.view(None).facts
        assert isinstance(facts, PsychoPublic)
        shown += len(facts.ace_shown)
    assert shown, "no seat showed an ace to draw four: the case was not played"


def test_a_mucked_partners_cards_stay_unnamed_when_the_team_hand_is_shown() -> None:
    """Seed 101, everyone calling: Seat 1 is beaten and mucks, then its partner shows by
    choice. The team hand is built on Seat 1's cards, and those that stayed face down are
    never named to the other seats, nor on a screen the whole table shares (a TV, a host
    hiding hole cards); the host who sees every card reads the whole team hand."""
    state = new_hand("pick-a-partner", players=4, seed=101)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if ActionKind.MUCK in kinds:
            mate_mucked = partners(state)[seat] in state.mucked
            action = Action(seat, ActionKind.SHOW if mate_mucked else ActionKind.MUCK)
        elif ActionKind.CALL in kinds or ActionKind.CHECK in kinds:
            action = next(a for a in legal if a.kind in (ActionKind.CALL, ActionKind.CHECK))
        else:
            action = rng.choice(legal)
        state.apply(action)
    (mucked,) = state.mucked
    shower = partners(state)[mucked]
    assert shower in state.shown
    down = {h.card for h in state.cards[mucked] if not h.up}
    used = down & set(state.game.hand_value(state, shower).cards)
    assert used  # the shown team hand is made with a card Seat 1 never turned up
    check(state, [{h.card for h in cards} for cards in state.cards])
    assert used <= shown_cards(state.view(None))
    for table in (public_view(state), host_view(state, revealed={shower})):
        assert not used & shown_cards(table), "a shared screen draws a mucked partner's card"
        assert table.settlement is not None
        assert any("still face down" in words for award in table.settlement.awards
                   for _, _, words in award.hands)


def shown_cards(view: HandView) -> set[Card]:
    """Every card the view's showdown draws."""
    assert view.settlement is not None
    return {c for award in view.settlement.awards for _, cards, _ in award.hands for c in cards}
