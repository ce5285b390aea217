"""For the hand-history tests: a seven-card stud hand whose stock may run short, mostly
calls; the cards a PHH file names; and what a seat's own file may hold."""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterable

import pytest

from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import new_hand
from engine.phh import read_phh, to_phh, variant_code
from engine.phh.stud import STUD_GAMES
from engine.phh.variants import codes_of, is_draw
from engine.state import ActionKind, HandState
from tests.support.leaks import hidden_from, named_cards

PASSIVE = (ActionKind.CALL, ActionKind.CHECK, ActionKind.BRING_IN, ActionKind.SHOW)


def stud_hand(seed: int) -> HandState:
    """A hand at seven or eight seats with the reshuffle announced, played with random
    legal actions, mostly calls so that many seats reach seventh street."""
    rng = random.Random(seed)
    players = rng.choice((7, 8))
    settings = {"short_stock": "reshuffle", "ante": rng.choice((0, 1, 2)),
                "open_pair": rng.random() < 0.5,
                "showing_ties": rng.choice(("suit", "seat"))}
    stacks = [rng.choice((200, rng.randint(20, 400))) for _ in range(players)]
    state = new_hand("seven-card-stud", players=players, seed=seed, settings=settings,
                     stacks=stacks)
    while not state.is_over:
        choices = state.legal_actions(state.to_act[0])
        weights = [12 if a.kind in PASSIVE else 1 for a in choices]
        state.apply(rng.choices(choices, weights)[0])
    return state


def cards_named(text: str) -> set[Card]:
    """Every card a PHH file's action lines write (two characters each, ``??`` unknown)."""
    data = tomllib.loads(text)
    return cards_in(data.get("_actions", []) + data["actions"])


def cards_in(lines: Iterable[str]) -> set[Card]:
    """Every card the PHH action ``lines`` write, their comments left out."""
    named: set[Card] = set()
    for line in lines:
        for word in line.split("#")[0].split():
            if len(word) % 2 == 0 and re.fullmatch(r"([2-9TJQKA?][cdhs?])+", word):
                chunks = [word[i:i + 2] for i in range(0, len(word), 2) if word[i] != "?"]
                named.update(parse_cards(" ".join(chunks)))
    return named


def check_seats_file(state: HandState, seat: int) -> None:
    """A seat's file names no card hidden from it; a stud, hold'em or Omaha one under a
    standard code reopens as that seat's view (another game's replays only from its
    shuffle, which the file leaves out)."""
    host = tomllib.loads(to_phh(state))
    text = to_phh(state, seat)
    # Cards the seat once held are its own knowledge, even after they have left its hand
    # (discarded, or mucked and shuffled back in for another seat).
    held = cards_in(line for line in host.get("_actions", host["actions"])
                    if line.startswith(f"d dh p{seat + 1} "))
    # And so are cards the table was shown and the seat was told of (an up card dealt to
    # a player who later folded, its cards gone back into the stock).
    told = named_cards(" ".join(e.sentence for e in state.view(seat).events), FULL_DECK)
    leaked = cards_named(text) & (hidden_from(state, seat) - held - told)
    assert not leaked, (state.game.id, state.seed, seat, leaked)
    data = tomllib.loads(text)
    assert data["_view"] == f"Seat {seat + 1}"
    assert "_seed" not in data and "_deck" not in data
    code = variant_code(state.game.id, state.settings)
    if state.game.id not in STUD_GAMES and (code not in codes_of(state.game.id) or
                                            is_draw(code)):  # replayed only with every card
        with pytest.raises(ValueError, match="Seat .*'s view"):
            read_phh(text)
        return
    try:
        hand = read_phh(text)
    except ValueError as error:
        # The muck reshuffled (its order is the site's own), or equal blinds heads-up (the
        # order of play PHH's readers follow is not the site's).
        assert "stock ran short" in str(error) or "equal blinds" in str(error), error
        return
    assert hand.complete or hand.seat == seat, (state.seed, seat)
    assert hand.state.view(seat) == state.view(seat), (state.seed, seat)
