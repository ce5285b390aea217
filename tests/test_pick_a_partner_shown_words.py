"""A shown team hand names only cards the reader may see: with a partner's card still
face down, the hand's name, the cards shown and a count, never a made hand with "??"."""

from __future__ import annotations

import random
import re

from engine.actions import ActionKind, Event, EventKind
from engine.games import new_hand
from engine.state import HandState

CARD = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def _to_the_showdown(seed: int) -> HandState:
    """A hand of four where everyone checks or calls, partners picked at random."""
    state = new_hand("pick-a-partner", players=4, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.actions) < 200:
        legal = state.legal_actions(state.to_act[0])
        calm = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                ActionKind.SHOW)]
        state.apply(calm[0] if calm else rng.choice(
            [a for a in legal if a.kind is not ActionKind.FOLD] or legal))
    return state


def _partly_hidden_shows() -> list[tuple[HandState, Event]]:
    found = []
    for seed in range(60):
        state = _to_the_showdown(seed)
        found += [(state, e) for e in state.events
                  if e.kind is EventKind.SHOWDOWN and e.private and "makes" in e.text]
        if len(found) >= 3:
            break
    return found


def test_a_team_hand_with_a_face_down_card_says_its_name_and_the_cards_shown() -> None:
    shows = _partly_hidden_shows()
    assert shows, "no team hand used a partner's face-down card in 60 deals"
    for state, event in shows:
        public_text = event.text
        assert "??" not in public_text
        assert "still face down" in public_text
        made = public_text.split(" makes ", 1)[1]
        face_down = {str(h.card) for s in range(state.players) for h in state.cards[s]
                     if not state.is_public(s, h)}
        named = set(CARD.findall(made))
        assert named and not named & face_down, (public_text, face_down)
        # the seat's own view of the same show still has every card of the five
        assert "??" not in event.private and "still face down" not in event.private


def test_a_team_hand_all_shown_names_its_five_cards() -> None:
    for seed in range(60):
        state = _to_the_showdown(seed)
        full = [e for e in state.events if e.kind is EventKind.SHOWDOWN
                and "makes" in e.text and not e.private]
        for event in full:
            made = event.text.split(" makes ", 1)[1]
            assert len(CARD.findall(made.split(",")[0])) == 5, event.text
            assert "??" not in event.text
        if full:
            return
    raise AssertionError("no fully shown team hand in 60 deals")
