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
"""

from __future__ import annotations

import random

import pytest

from engine.bots import RandomBot
from engine.cards import Card
from engine.games import GAMES, new_hand
from engine.games.pick_a_partner_steps import partners
from engine.games.psycho import PsychoPublic
from engine.state import Action, ActionKind, HandState, HandView
from engine.views import host_view, public_view
from tests.budget import scaled
from tests.leaks import told_to_all
from tests.test_engine_properties import random_hand

HANDS = scaled(25)


def face_down(state: HandState, view: HandView) -> set[Card]:
    """The cards at the table this view shows as card backs."""
    return {held.card for seat, seen in zip(state.cards, view.seats, strict=True)
            for held, shown in zip(seat, seen.cards, strict=True) if shown.card is None}


def texts(view: HandView) -> list[str]:
    """Every sentence the view carries."""
    lines = [e.sentence for e in view.events]
    for seat in view.seats:
        lines += [seat.showing, *seat.notes]
    if view.settlement is not None:
        for award in view.settlement.awards:
            lines += [award.title, award.rule]
            lines += [f"{words} {' '.join(map(str, cards))}" for _, cards, words in award.hands]
    return lines


def named(cards: set[Card], lines: list[str]) -> list[tuple[str, str]]:
    return [(str(c), line) for line in lines for c in cards if str(c) in line]


def check(state: HandState, seen: list[set[Card]]) -> None:
    """Every seat's view names no face-down card it has not seen (``seen`` grows). Public
    facts are the same for every seat: what one seat is told of them, all are."""
    public = state.view(None).facts
    for seat in range(state.players):
        view = state.view(seat)
        assert view.facts == public, f"Seat {seat + 1} is told other public facts"
        seen[seat].update(c.card for s in view.seats for c in s.cards if c.card is not None)
        seen[seat].update(told_to_all(view.facts))
        leaks = named(face_down(state, view) - seen[seat], texts(view))
        assert not leaks, f"Seat {seat + 1} reads face-down cards: {leaks}"


def play(state: HandState, rng: random.Random) -> None:
    """Random decisions to the end, checking every seat's view after each one."""
    seen: list[set[Card]] = [set() for _ in range(state.players)]
    while not state.is_over:
        check(state, seen)
        seat = state.to_act[0]
        state.apply(RandomBot().choose(state, seat, rng))
    check(state, seen)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_view_names_a_card_face_down_to_it(game_id: str) -> None:
    for seed in range(HANDS):
        state = random_hand(GAMES[game_id], seed)
        play(state, random.Random(seed))


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
