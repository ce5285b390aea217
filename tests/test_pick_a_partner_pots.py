"""Pick a Partner's pots: tied teams split first, and side pots with an all-in partner."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.games import new_hand
from engine.hands import best_high
from engine.state import HandState
from tests.support.pick_a_partner import (
    EXAMPLE,
    GAME,
    act,
    check_round,
    finish_showdown,
    pick,
    roll,
    said,
    stacked,
)
from ui.components.table import pots_line

# --- ties between teams ---------------------------------------------------------------

# Both teams make a nine-high straight: 9 8 7 6 5 in mixed suits.
TIED_TEAMS = stacked(["9♠ 7♣ 2♦ 3♣ K♠", "9♣ 7♥ 2♣ 3♦ K♦", "8♥ 6♦ 5♠ Q♣ 4♥", "8♦ 6♠ 5♣ Q♦ 4♠"])


def _tied_teams(*, fold: bool) -> HandState:
    state = new_hand(GAME, players=4, seed=6, deck=TIED_TEAMS,
                     settings={"folded_partner": "live"})
    roll(state, {0: "9♠", 1: "9♣", 2: "8♥", 3: "8♦"})
    pick(state, 2)
    act(state, "bet", 5)
    act(state, "call")
    act(state, "fold" if fold else "call")
    act(state, "call")
    live = [s for s in range(4) if not state.table.folded[s]]
    for _ in range(3):
        roll(state, {s: str(next(h.card for h in state.cards[s] if not h.up)) for s in live})
        check_round(state)
    finish_showdown(state)
    assert state.settlement is not None
    return state


def test_tied_teams_split_the_pot_then_share_it_among_their_partners() -> None:
    (award,) = _tied_teams(fold=False).settlement.awards
    assert award.amount == 28 and award.winners == (0, 1, 2, 3)
    assert dict(award.shares) == {0: 7, 1: 7, 2: 7, 3: 7}
    assert {words for _, _, words in award.hands} == {"Nine-high straight"}
    assert award.rule.startswith("tied teams, nine-high straight: the teams split it first")


def test_tied_teams_split_first_even_when_one_team_has_a_lone_partner() -> None:
    state = _tied_teams(fold=True)
    (award,) = state.settlement.awards
    # 23 chips: the teams take 12 and 11 (the odd chip to the team nearest the
    # dealer's left), then Seat 1 keeps 12 alone and Seats 2 and 4 share 11.
    assert award.amount == 23 and award.winners == (0, 1, 3)
    assert dict(award.shares) == {0: 12, 1: 6, 3: 5}
    assert award.odd_chips == 2
    assert state.payoffs == (5, -1, -2, -2)


# --- side pots -------------------------------------------------------------------------

def test_side_pots_with_an_all_in_partner() -> None:
    # Seat 1 starts with 12 chips: all in on the second round. Its team (with
    # Seat 3) has the best hand: the main pot is shared, the side pot, which
    # Seat 1 is not in, goes to Seat 3 alone, whose team hand still uses Seat 1's
    # cards (Seat 3 alone holds only ten high).
    state = new_hand(GAME, players=4, seed=1, deck=EXAMPLE, stacks=[12, 200, 200, 200])
    roll(state, {0: "K♥", 1: "A♠", 2: "10♥", 3: "K♣"})
    pick(state, 3)
    act(state, "bet", 5)
    check_round(state)
    roll(state, {0: "4♣", 1: "2♠", 2: "3♦", 3: "4♦"})
    for _ in range(3):
        act(state, "check")
    assert act(state, "bet", 5) == 0
    assert state.table.all_in(0) and said(state, "Seat 1 bets 5 and is all in")
    check_round(state)
    roll(state, {0: "9♠", 1: "6♣", 2: "3♠", 3: "8♦"})
    assert act(state, "bet", 10) == 2  # pair of threes showing; Seat 1 has no chips to bet
    check_round(state)
    assert pots_line(state.view(None)) == "Main pot: 48 · Side pot 1: 30", \
        "a side pot's number stands apart from its amount (it read \"Side pot 1 30\")"
    roll(state, {0: "J♥", 1: "5♦", 2: "7♣", 3: "10♠"})
    check_round(state)
    finish_showdown(state)
    main, side = state.settlement.awards
    assert (main.amount, main.eligible, dict(main.shares)) == (48, (0, 1, 2, 3), {0: 24, 2: 24})
    assert (side.amount, side.eligible, dict(side.shares)) == (30, (1, 2, 3), {2: 30})
    assert side.rule == "best team hand, king-high flush; Seat 1 is not in this pot, so " \
                        "Seat 3 takes it all"
    assert best_high(parse_cards("10♥ 2♥ 3♦ 3♠ 7♣")) < best_high(parse_cards("A♠ K♣ Q♦ J♣ 10♠"))
    assert state.payoffs == (12, -22, 32, -22)
