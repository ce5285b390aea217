"""When the stock runs short, the odds questions deal as the game engine does: seven-card
stud's community seventh card and Psycho's community sixth and seventh, checked against
hands the engine itself plays (with players folding along the way)."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card
from engine.games import new_hand
from engine.odds.inputs import OddsInputError
from engine.odds.psycho import community_streets, psycho_question
from engine.odds.spots import stud_spot
from engine.odds.stud import StudHand, seventh_is_community, stud_question
from engine.state import ActionKind, HandState, HandView

BETTING = {ActionKind.CALL, ActionKind.CHECK, ActionKind.BRING_IN}


def _play_until(state: HandState, street: str, rng: random.Random, fold: float) -> None:
    """Drive the hand with calls and checks (some seats folding) until ``street`` is dealt."""
    while state.street != street and not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        folds = [a for a in legal if a.kind is ActionKind.FOLD]
        if folds and len(state.table.in_hand()) > 2 and rng.random() < fold:
            state.apply(folds[0])
            continue
        calm = [a for a in legal if a.kind in BETTING]
        state.apply(calm[0] if calm else rng.choice(legal))


def _stud_hands(view: HandView, seat: int) -> tuple[list[StudHand], list[Card], int]:
    """What ``seat`` sees: live hands (its own first, with its down cards), the folded
    hands' up cards, and how many hands folded."""
    live = [s for s in view.seats if not s.folded]
    live.sort(key=lambda s: s.seat != seat)
    hands = [StudHand(s.up_cards, tuple(c.card for c in s.cards if not c.up and c.card)
                      if s.seat == seat else ()) for s in live]
    folded = [s for s in view.seats if s.folded]
    return hands, [c for s in folded for c in s.up_cards], len(folded)


CASES = [(players, fold, reshuffle, seed) for players in range(2, 9)
         for fold, reshuffle in ((0.0, False), (0.15, False), (0.15, True))
         for seed in range(4) if players > 2 or not fold]
CASES += [(players, 0.1, False, seed) for players in (7, 8) for seed in range(4, 14)]
"""More full tables with a fold or two: where a folded hand's cards leave the stock short."""


@pytest.mark.parametrize(("players", "fold", "reshuffle", "seed"), CASES)
def test_stud_community_seventh_is_where_the_engine_deals_it(players: int, fold: float,
                                                               reshuffle: bool,
                                                               seed: int) -> None:
    rule = "reshuffle" if reshuffle else "community"
    state = new_hand("seven-card-stud", players=players, seed=seed,
                     settings={"short_stock": rule})
    rng = random.Random(seed)
    _play_until(state, "6th street", rng, fold)
    seat = state.to_act[0]
    hands, dead, folded = _stud_hands(state.view(seat), seat)
    before = stud_question(hands, dead=dead, folded=folded, reshuffle=reshuffle)
    while state.street == "6th street" and not state.is_over:
        _play_until(state, "7th street", rng, 0.0)
    assert not state.is_over  # two hands are always left in
    community = state.boards[0] if state.boards else []
    assert before.board_need == len(community)
    live = len(state.table.in_hand())
    gone = sum(len(state.cards[s]) for s in range(players) if state.table.folded[s])
    assert seventh_is_community(live, gone, reshuffle=reshuffle) == bool(community)
    # on seventh street the question takes what the seat now sees
    seat = state.to_act[0]
    hands, dead, folded = _stud_hands(state.view(seat), seat)
    after = stud_question(hands, dead=dead, folded=folded, reshuffle=reshuffle,
                          community=community)
    assert after.board_need == 0 and after.need == (0, *(3 - bool(community)
                                                          for _ in hands[1:]))


def test_eight_live_hands_on_seventh_street_share_a_community_card() -> None:
    spot = stud_spot(8, street=7, seed=7)
    assert len(spot.down) == 2 and len(spot.community) == 1
    hands = [StudHand(up, spot.down if i == 0 else ()) for i, up in enumerate(spot.ups)]
    question = stud_question(hands, community=spot.community)
    assert question.board_need == 0 and question.need == (0, *(2,) * 7)
    three = [StudHand(spot.ups[0], (*spot.down, spot.community[0])), *hands[1:]]
    with pytest.raises(OddsInputError, match="one community card"):
        stud_question(three)
    for hands_in in range(2, 8):
        assert not stud_spot(hands_in, street=7, seed=7).community


def _play_psycho(players: int, seed: int, fold: float) -> HandState:
    state = new_hand("psycho", players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and state.street != "Seventh card":
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        folds = [a for a in legal if a.kind is ActionKind.FOLD]
        if folds and len(state.table.in_hand()) > 2 and rng.random() < fold:
            state.apply(folds[0])
            continue
        calm = [a for a in legal if a.kind in BETTING]
        state.apply(calm[0] if calm else rng.choice(legal))
    return state


@pytest.mark.parametrize("players", range(2, 11))
@pytest.mark.parametrize("fold", [0.0, 0.2])
def test_psycho_community_cards_are_where_the_engine_deals_them(players: int,
                                                                fold: float) -> None:
    reached = 0
    for seed in range(3):
        state = _play_psycho(players, seed, fold)
        if state.is_over:
            continue
        reached += 1
        live = state.table.in_hand()
        assert len(state.boards[0] if state.boards else ()) == sum(
            community_streets(len(live)))
        me, rivals = live[0], live[1:]
        question = psycho_question([h.card for h in state.cards[me]],
                                   [state.up_cards(s) for s in rivals],
                                   community=state.boards[0] if state.boards else ())
        assert question.board_need == 0 and question.my_need == 0
    assert reached
