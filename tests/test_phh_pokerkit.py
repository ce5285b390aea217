"""Seven-card stud in PHH against pokerkit, both ways: the cases dealt on purpose. The
random hands of every stud game, both ways, are rows of the oracle harness
(``tests.support.oracle``, played by ``tests.support.oracle_phh``).

- The site's hands, written as PHH, are loaded by pokerkit's own reader
  (``HandHistory.loads``) and replayed to the same stacks.
- Hands pokerkit deals and plays with random legal actions (short stacks,
  so all-ins and side pots happen), written by pokerkit's own writer
  (``HandHistory.from_game_state(...).dumps()``), replay on the site's
  engine to the same stacks, step by step.

Where the two engines' documented conventions differ, the site's hands here
use the announcements that match pokerkit, and the file says which were
used (``_settings``, ``_house_rules``):

- the open pair on fourth street offers the big bet (pokerkit has no such
  rule): the big bet on fourth is never chosen here;
- heads-up the site has no cap on raises (pokerkit caps at a bet and three
  raises): no raise past the cap is chosen here;
- equal showing hands go by seat order and a short stock is made up from
  the muck first (pokerkit's ways; the site's defaults are the suit of the
  highest card and a community card): ``showing_ties = "seat"``,
  ``short_stock = "reshuffle"``;
- odd chips of a split go one each to the winners nearest the dealer's
  left (pokerkit gives them all to the first): the stacks are compared
  after moving those chips pokerkit's way.

pokerkit's hands are dealt as the site deals: a card is burned only when
the stock has one to spare for the street (pokerkit would burn anyway and
then deal from its muck; here its burn is then an unknown card).

When the stock truly cannot give every player a card (eight players on
seventh street), both engines shuffle the muck back in, each in its own
shuffle's order: the site replays a file from one deck and cannot follow
pokerkit's order. Those hands, and only those, are refused, on the line
that deals from the muck, saying so.

A hand history kept by a player names only the cards that player saw: the
same hands with the other players' unshown cards written ``??`` open as
that player's view, to the same stacks.
"""

from __future__ import annotations

import json
import random
import tomllib
import warnings

import pytest
from pokerkit import HandHistory

from engine.games import new_hand
from engine.phh import load_phh, read_phh, to_phh
from engine.state import ActionKind
from tests.support.oracle_phh import (
    first_players_history,
    pokerkit_hand,
    shared_choices,
)
from tests.support.pokerkit_kept import RememberingHistory


def pokerkit_final(text: str):
    *_, final = RememberingHistory.loads(text)
    return final


def test_an_unfinished_site_hand_loads_in_pokerkit_with_every_decision() -> None:
    state = new_hand("seven-card-stud", players=4, seed=11, settings={"open_pair": False})
    rng = random.Random(1)
    for _ in range(6):
        state.apply(rng.choice(shared_choices(state, state.to_act[0])))
    history = HandHistory.loads(to_phh(state))
    made = [a for a in history.actions if not a.startswith("d ")]
    assert len(made) == 6
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert pokerkit_final(to_phh(state)).status


def test_a_file_with_unknown_cards_is_never_taken_for_every_card() -> None:
    """``load_phh`` gives only a hand whose every card is known: the stand-ins for unknown
    cards stay behind the view ``read_phh`` says the hand opens as."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = next(t for t in (first_players_history(pokerkit_hand(s).text) for s in range(50))
                    if not read_phh(t).complete)
    with pytest.raises(ValueError, match="opens only as Seat 1's view"):
        load_phh(text)


def test_a_pokerkit_hand_opens_step_by_step_with_the_narration() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        hand = pokerkit_hand(3)
    state = load_phh(hand.text)
    assert state.players == hand.players
    assert any("brings in" in e.sentence or "completes" in e.sentence for e in state.events)
    assert state.undo().actions == state.actions
    assert load_phh(to_phh(state)).to_json() == state.to_json()


@pytest.mark.parametrize("edit, words", [
    (("'F7S'", "'FT'"), "variant"),
    (("bring_in = ", "bring_in = 100 #"), "Bring-in"),
    (("'p2 cc'", "'p2 cbr 999'"), "line 9"),
    (("'d dh p1 AhKd2c'", "'d dh p1 AhKd??'"), "up card .* is unknown"),
])
def test_a_file_the_site_cannot_follow_names_the_line_and_the_reason(edit, words) -> None:
    text = ("variant = 'F7S'\nante_trimming_status = true\nantes = [1, 1]\nbring_in = 2\n"
            "small_bet = 4\nbig_bet = 8\nstarting_stacks = [100, 100]\nactions = [\n"
            "'d dh p1 AhKd2c', 'd dh p2 9s9d3h', 'p1 pb', 'p2 cc', 'd dh p1 9h',\n"
            "'d dh p2 Js',\n]\n")
    assert load_phh(text).to_act
    bad = text.replace(*edit)
    with pytest.raises(ValueError, match=words) as refused:
        load_phh(bad)
    assert "line" in str(refused.value)


def test_unknown_cards_the_rules_would_show_are_refused_with_the_line() -> None:
    """Stand-ins must never decide a pot: a player whose down cards the file leaves ``??``
    but whom the site's rules make show (here the last to bet shows first) is refused."""
    state = new_hand("seven-card-stud", players=2, seed=8, settings={"open_pair": False})
    while not state.is_over:
        legal = state.legal_actions(state.to_act[0])
        bets = [a for a in legal if a.kind is ActionKind.BET]
        calm = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                               ActionKind.BRING_IN, ActionKind.SHOW)]
        seventh = state.street == "Seventh street" and state.to_act[0] == 1
        state.apply(bets[0] if bets and seventh else calm[0])
    assert state.shown[0] == 1  # Seat 2 bet last, so it showed first
    data = tomllib.loads(to_phh(state))
    deals = [n for n, line in enumerate(data["actions"]) if line.startswith("d dh p2 ")]
    actions = list(data["actions"])
    actions[deals[0]] = "d dh p2 ????" + actions[deals[0]][-2:]
    actions[deals[-1]] = "d dh p2 ??"
    actions = ["p2 sm" if line.startswith("p2 sm ") else line for line in actions]
    text = "".join(f"{key} = {json.dumps(value)}\n" for key, value in data.items()
                   if not key.startswith("_") and key not in ("actions", "players"))
    text += "actions = [\n" + "".join(f"  {json.dumps(line)},\n" for line in actions) + "]\n"
    with pytest.raises(ValueError, match=r"line \d+ \(p2 sm\): Seat 2's cards are not all known"):
        read_phh(text)
