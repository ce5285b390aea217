"""What a game declares as data: its hand types (high, low, high-low split with a
qualifier), which showing hand opens and which up card brings in. Two variants of the
suite's five-card stud change only those declarations, and the engine's default hooks
deal, open, bring in, show and settle by them."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.hands import HandTypes, LowRanking, Showing, UpCard
from engine.state import Action, ActionKind, EventKind, HandState
from tests.conformance.five_card_stud import FiveCardStud, FiveStudSettings


class FiveCardRazz(FiveCardStud):
    """Five-card stud played for the ace-to-five low: the highest up card brings in and
    the lowest showing hand acts first."""

    __slots__ = ()
    id = "five-card-razz"
    name = "Five-card razz"
    wins = HandTypes(high=False, low=LowRanking.ACE_TO_FIVE)
    opens = Showing.LOW
    brings_in = UpCard.HIGHEST


class FiveCardStudEight(FiveCardStud):
    """Five-card stud high-low split, the low qualifying with eight or better."""

    __slots__ = ()
    id = "five-card-stud-eight"
    name = "Five-card stud eight or better"
    wins = HandTypes(low=LowRanking.ACE_TO_FIVE, qualifier=8)


def _deal(game: FiveCardStud, deck: str, players: int) -> HandState:
    return HandState(game, players=players, seed=1, settings=FiveStudSettings(),
                     deck=parse_cards(deck, distinct=True))


def _passive(state: HandState, seat: int) -> Action:
    """Bring in, check or call: everyone stays to the showdown."""
    kinds = {a.kind: a for a in state.legal_actions(seat)}
    for kind in (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL):
        if kind in kinds:
            return kinds[kind]
    return state.legal_actions(seat)[0]


def _openers(state: HandState) -> list[tuple[str, int]]:
    """(street, first seat to act) for each betting round, playing passively to the end."""
    opened: list[tuple[str, int]] = []
    while not state.is_over:
        seat = state.to_act[0]
        betting = any(a.kind.is_betting for a in state.legal_actions(seat))
        if betting and (not opened or opened[-1][0] != state.street):
            opened.append((state.street, seat))
        state.apply(_passive(state, seat))
    return opened


# Dealt one card at a time from the dealer's left: the down cards, then the up cards, then
# on each later street a burn and one up card each.
RAZZ_DECK = ("2c 3c 4c  Ks Kc 5d  "      # 2nd street: K♠ outranks K♣, so Seat 1 brings in
             "9s Qd 2d 3d  "             # 3rd: Seat 3's 5-3 shows lowest
             "9c 7h 8h 5h  "             # 4th: Seat 3 pairs its five; Seat 2's K-8-2 is lowest
             "10c Jh 4h 6h")             # 5th: Seat 2 holds K-8-4-3-2, the best low


def test_a_low_game_brings_in_the_highest_card_and_opens_with_the_lowest_showing() -> None:
    state = _deal(FiveCardRazz(), RAZZ_DECK, 3)
    assert state.to_act == (0,) and ActionKind.BRING_IN in {
        a.kind for a in state.legal_actions(0)}
    opened = _openers(state)
    assert opened == [("2nd street", 0), ("3rd street", 2), ("4th street", 1),
                      ("5th street", 1)]
    told = [e.text for e in state.view(None).events if e.kind is not EventKind.STREET]
    assert any("highest up card, K♠" in e.rule for e in state.view(None).events), told


def test_a_low_game_gives_the_pot_to_the_best_low() -> None:
    state = _deal(FiveCardRazz(), RAZZ_DECK, 3)
    _openers(state)
    assert state.settlement is not None
    (award,) = state.settlement.awards
    assert award.winners == (1,) and award.rule == "best hand: king-eight low"
    assert state.payoffs[1] > 0


SPLIT_DECK = "Ac Kc  2d Kd  9s 3h Ks  9c 4s Qh  10c {last} Qs"


def test_a_qualifying_low_takes_half_the_pot_and_the_high_hand_the_other_half() -> None:
    state = _deal(FiveCardStudEight(), SPLIT_DECK.format(last="7c"), 2)
    opened = _openers(state)
    assert opened[0] == ("2nd street", 0), "the lowest up card, 2♦, brings in"
    assert opened[1] == ("3rd street", 1), "the best showing hand, kings, opens"
    assert state.settlement is not None
    high, low = state.settlement.awards
    assert (high.part, high.winners, low.part, low.winners) == (
        "the high half", (1,), "the low half", (0,))
    assert high.amount + low.amount == sum(state.table.contributed)
    assert high.amount >= low.amount
    assert "seven-four" in low.rule.lower()


def test_without_a_qualifying_low_the_high_hand_takes_the_whole_pot() -> None:
    state = _deal(FiveCardStudEight(), SPLIT_DECK.format(last="9h"), 2)
    _openers(state)
    assert state.settlement is not None
    (award,) = state.settlement.awards
    assert award.winners == (1,) and "no low qualifies" in award.rule
    shown = [e.text for e in state.view(None).events if e.kind is EventKind.SHOWDOWN]
    assert any("for high, no low" in line for line in shown), shown
