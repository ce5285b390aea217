"""A wild card plays in the showing hand that decides who acts first in wild-card stud:
an up king beside a wild nine shows a pair of kings, ahead of ace-queen, and the rule
says which card stood in. A game without wild cards reads the same cards as they are."""

from __future__ import annotations

import pytest

from engine.cards import FULL_DECK, Rank, format_cards, parse_cards
from engine.games import new_hand
from engine.state import ActionKind, HandState
from engine.wild import Joker, WildCards, showing_stand_ins

PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)


def _stacked(first: str) -> list:
    top = parse_cards(first)
    return [*top, *(c for c in FULL_DECK if c not in top)]


def _fourth_street(game_id: str, first: str) -> HandState:
    """Two players dealt ``first`` in order; third street's betting checked or called."""
    state = new_hand(game_id, players=2, seed=0, deck=_stacked(first))
    street = state.street
    while state.street == street:
        seat = state.to_act[0]
        state.apply(next(a for a in state.legal_actions(seat) if a.kind in PASSIVE))
    return state


def _acts_first(state: HandState) -> str:
    return next(e for e in reversed(state.events) if e.text.endswith("acts first")).rule


# Down cards Ah Kh Qh Jh; third street up 9♠ and A♣; 5♣ burned; fourth street K♦ and Q♦.
DEAL = "Ah Kh Qh Jh 9s Ac 5c Kd Qd"


def test_a_wild_nine_beside_a_king_shows_a_pair_of_kings_and_acts_first() -> None:
    state = _fourth_street("baseball", DEAL)
    assert state.to_act == (0,)
    assert _acts_first(state) == "best showing hand, pair of kings (9♠ wild)"


def test_the_rank_the_deal_makes_wild_counts_in_the_showing_too() -> None:
    # Follow the Queen: the Q♦ is wild, and the K♦ dealt face up after it makes kings wild:
    # 7♠ Q♦ shows a pair of sevens, A♣ K♦ a pair of aces, which acts first.
    state = _fourth_street("follow-the-queen", "Ah Kh 2h Jh 7s Ac 5c Qd Kd")
    assert state.to_act == (1,)
    assert _acts_first(state) == "best showing hand, pair of aces (K♦ wild)"


def test_without_wild_cards_the_same_deal_shows_ace_queen_first() -> None:
    state = _fourth_street("seven-card-stud", DEAL)
    assert state.to_act == (1,)
    assert "ace-queen" in _acts_first(state).lower()


@pytest.mark.parametrize(("up", "wild", "low", "shown"), [
    ("3s Kd 7c", "3", False, "K♠ K♦ 7♣"),
    ("3s 9d", "39", False, "A♠ A♦"),                 # only wild cards: aces
    ("7c 7d 3h Kd", "3", False, "7♣ 7♦ 7♥ K♦"),       # trips over two pair
    ("Ks Kd Kc 3h 9d", "39", False, "K♠ K♦ K♣ K♥ A♦"),  # never a fifth king
    ("Ks 3s", "3", False, "K♠ K♥"),                  # never the same card twice
    ("8d 3h", "3", True, "8♦ A♥"),                   # low: the lowest rank not showing
    ("Ad 2c 3h", "3", True, "A♦ 2♣ 3♥"),             # a three wild stands for the three
])
def test_a_wild_card_stands_for_the_best_it_can_show(up: str, wild: str, low: bool,
                                                      shown: str) -> None:
    wilds = WildCards(ranks=frozenset(Rank(int(r)) for r in wild))
    assert format_cards(showing_stand_ins(parse_cards(up), wilds, low=low)) == shown


def test_a_bug_shows_as_an_ace() -> None:
    from engine.cards import JOKER
    bug = WildCards(joker=Joker.BUG)
    assert [c.rank for c in showing_stand_ins([JOKER, *parse_cards("Kd")], bug)] == \
        [Rank.ACE, Rank.KING]
