"""Pick a Partner on the engine: every rule point with a stacked deck."""

from __future__ import annotations

from itertools import combinations

import pytest
from pokerkit import Card as PokerkitCard
from pokerkit import StandardHighHand

from engine.cards import FULL_DECK, Card, card, parse_cards
from engine.games import GAMES, new_hand
from engine.games.base import SettingsError
from engine.games.pick_a_partner import FoldedCards, PartnerSettings, UpCardTies
from engine.hands import best_high
from engine.history import load_hand, text_history
from engine.state import Action, ActionKind, HandState, IllegalAction
from engine.table import Structure
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

# --- the seed's worked example, through a whole hand -------------------------

_POKERKIT = {c: next(iter(PokerkitCard.parse(c.ascii))) for c in FULL_DECK}


def _pokerkit_team(up: list[Card], others: list[Card]) -> StandardHighHand:
    """The team hand by brute force over the 56 choices, judged by pokerkit alone."""
    return max(StandardHighHand([_POKERKIT[c] for c in (*up, *extra)])
               for extra in combinations(others, 3))


def test_worked_example_flush_beats_the_straight_through_a_full_hand() -> None:
    state = new_hand(GAME, players=4, seed=1, deck=EXAMPLE)
    assert state.street == "First roll" and state.to_act == (0, 1, 2, 3)
    roll(state, {0: "K♥", 1: "A♠", 2: "10♥", 3: "K♣"})
    assert state.street == "Partners" and state.to_act == (1,)
    assert said(state, "Seat 2 chooses a partner: Seat 2 shows A♠, the highest first up card "
                       "among the players still without a partner")
    pick(state, 3)
    assert said(state, "Seat 1 and Seat 3 are partners: the last two players without a partner "
                       "pair up")
    assert said(state, "Teams: Seat 1 and Seat 3 (K♥ 10♥); Seat 2 and Seat 4 (A♠ K♣)")
    assert said(state, "Seat 2 acts first: best showing hand, ace high")
    assert act(state, "bet", 5) == 1
    act(state, "call")
    act(state, "call")
    act(state, "raise", 10)
    check_round(state)
    roll(state, {0: "4♣", 1: "2♠", 2: "3♦", 3: "4♦"})
    check_round(state)
    roll(state, {0: "9♠", 1: "6♣", 2: "3♠", 3: "8♦"})
    assert state.legal_actions(state.to_act[0])[-1].amount == 10  # the big bet from round 3
    check_round(state)
    roll(state, {0: "J♥", 1: "5♦", 2: "7♣", 3: "10♠"})
    check_round(state)
    # Seat 3's pair of threes showing acted first in the last round, so it shows
    # first; Seat 4 is beaten by its team's flush and may muck.
    assert said(state, "Seat 3 acts first: best showing hand, pair of threes")
    assert said(state, "Seat 3 shows first")
    assert state.street == "Showdown" and state.to_act == (3,)
    assert state.legal_actions(3) == [Action(3, ActionKind.SHOW), Action(3, ActionKind.MUCK)]
    finish_showdown(state)
    assert state.is_over and state.settlement is not None
    (award,) = state.settlement.awards
    assert award.amount == 48 and award.winners == (0, 2)
    assert dict(award.shares) == {0: 24, 2: 24}
    hands = {seat: (set(cards), words) for seat, cards, words in award.hands}
    flush = set(parse_cards("K♥ Q♥ J♥ 10♥ 2♥"))
    assert hands[0] == hands[2] == (flush, "King-high flush")
    assert hands[1][1] == "Ace-high straight"
    assert said(state, "the team with Seat 3 makes K♥ Q♥ J♥ 10♥ 2♥, king-high flush")
    # pokerkit, by brute force: the flush is the team's best, above the king-high
    # straight the same cards make and above the other team's ace-high straight.
    team = _pokerkit_team(parse_cards("K♥ 10♥"), parse_cards("Q♥ J♥ 4♣ 9♠ 2♥ 3♦ 3♠ 7♣"))
    straight = StandardHighHand([_POKERKIT[c] for c in parse_cards("K♥ Q♥ J♥ 10♥ 9♠")])
    rivals = _pokerkit_team(parse_cards("A♠ K♣"), parse_cards("Q♦ 5♦ 6♣ 2♠ J♣ 10♠ 8♦ 4♦"))
    assert team == StandardHighHand([_POKERKIT[c] for c in flush]) and team > rivals > straight
    assert best_high(flush) > best_high(parse_cards("K♥ Q♥ J♥ 10♥ 9♠"))
    assert state.payoffs == (12, -12, 12, -12)
    assert load_hand(state.to_json()).view(None) == state.view(None)
    history = text_history(state)
    assert "*** Partners ***" in history and "Result: Seat 1 +12" in history


# --- settings and players ------------------------------------------------------

def test_registered_with_defaults_and_plain_word_options() -> None:
    game = GAMES[GAME]
    assert game.name == "Pick a Partner"
    names = [info.name for info in game.settings_type.schema()]
    assert names == ["chips", "ante", "small_bet", "big_bet", "structure", "up_card_ties",
                     "partners_see", "folded_partner"]
    s = PartnerSettings()
    assert (s.chips, s.ante, s.small_bet, s.big_bet) == (200, 2, 5, 10)
    assert s.structure is Structure.FIXED_LIMIT and s.up_card_ties is UpCardTies.SUIT
    assert s.partners_see is False and s.folded_partner is FoldedCards.DEAD
    for info in game.settings_type.schema():
        assert info.label and info.help
        for option in info.options:
            assert option.label and len(option.effect) > 20


def test_settings_are_validated() -> None:
    with pytest.raises(SettingsError, match="Small bet: 20 is more than the big bet"):
        PartnerSettings(small_bet=20)
    with pytest.raises(SettingsError, match="not one of"):
        PartnerSettings.from_dict({"up_card_ties": "dice"})
    with pytest.raises(SettingsError, match="unknown setting"):
        new_hand(GAME, players=4, seed=1, settings={"partner": True})
    settings = PartnerSettings.from_dict({"up_card_ties": "deal", "folded_partner": "live"})
    assert settings.up_card_ties is UpCardTies.DEAL
    assert settings.folded_partner is FoldedCards.LIVE


@pytest.mark.parametrize("players", [1, 2, 3, 5, 7, 9, 11, 12])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match=f"4, 6, 8 or 10 players, not {players}: everyone "
                                         "needs a partner"):
        new_hand(GAME, players=players, seed=1)


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_even_counts_deal_five_down_each(players: int) -> None:
    state = new_hand(GAME, players=players, seed=players)
    assert all(len(state.cards[s]) == 5 and not any(h.up for h in state.cards[s])
               for s in range(players))
    assert state.table.pot_total == 2 * players
    assert state.deck.remaining == 52 - 5 * players


# --- rolls ---------------------------------------------------------------------

def test_the_first_roll_is_simultaneous_and_secret() -> None:
    state = new_hand(GAME, players=4, seed=1, deck=EXAMPLE)
    assert [a.cards for a in state.legal_actions(0)] == [(c,) for c in
                                                        parse_cards("K♥ Q♥ J♥ 4♣ 9♠")]
    state.apply(Action(0, ActionKind.TURN_UP, cards=(card("K♥"),)))
    assert state.to_act == (1, 2, 3)
    assert not any(c.up for c in state.view(1).seats[0].cards)
    line = state.view(1).events[-1]
    assert line.text == "Seat 1 has chosen" and "K♥" not in line.sentence
    assert state.view(0).events[-1].text == "Seat 1 turns up K♥"
    with pytest.raises(IllegalAction, match="cannot act now"):
        state.apply(Action(0, ActionKind.TURN_UP, cards=(card("Q♥"),)))
    with pytest.raises(IllegalAction, match="allowed: Seat 2 turns up A♠"):
        state.apply(Action(1, ActionKind.TURN_UP, cards=(card("K♥"),)))
    roll(state, {1: "A♠", 2: "10♥", 3: "K♣"})
    assert [str(state.up_cards(s)[0]) for s in range(4)] == ["K♥", "A♠", "10♥", "K♣"]


def test_later_rolls_offer_only_own_down_cards_to_players_still_in() -> None:
    state = new_hand(GAME, players=4, seed=1, deck=EXAMPLE)
    roll(state, {0: "K♥", 1: "A♠", 2: "10♥", 3: "K♣"})
    pick(state, 3)
    act(state, "bet", 5)
    act(state, "fold")
    check_round(state)
    assert state.street == "Second roll" and state.to_act == (0, 1, 3)
    assert [a.cards[0] for a in state.legal_actions(0)] == parse_cards("Q♥ J♥ 4♣ 9♠")
    with pytest.raises(IllegalAction, match="allowed"):
        state.apply(Action(0, ActionKind.TURN_UP, cards=(card("K♥"),)))


# --- picking partners ------------------------------------------------------------

def _tied(ties: str, stock: str = "5c 9d") -> HandState:
    deck = stacked(["2♣ 3♣ 4♣ 6♣ 7♣", "K♥ 3♦ 4♦ 6♦ 7♦", "K♠ 3♥ 4♥ 6♥ 7♥", "8♠ 3♠ 4♠ 6♠ 7♠"],
                   stock=stock)
    state = new_hand(GAME, players=4, seed=2, deck=deck, settings={"up_card_ties": ties})
    roll(state, {0: "2♣", 1: "K♥", 2: "K♠", 3: "8♠"})
    return state


def test_equal_up_cards_suit_order_by_default() -> None:
    state = _tied("suit")
    assert state.to_act == (2,)
    assert said(state, "Seat 2's K♥ and Seat 3's K♠ are the highest first up cards and equal; "
                       "the suit decides (spades, hearts, diamonds, clubs), so K♠ is highest")


def test_equal_up_cards_seat_order() -> None:
    state = _tied("seat")
    assert state.to_act == (1,)
    assert said(state, "seat order decides, and Seat 2 sits nearest the dealer's left")


def test_equal_up_cards_a_card_dealt_to_each() -> None:
    state = _tied("deal")
    assert state.to_act == (2,)
    assert said(state, "Tie-break cards: Seat 2 5♣, Seat 3 9♦: equal first up cards: each "
                       "tied player is dealt a card from the stock, face up, and the highest "
                       "picks first; these cards are set aside and are part of no one's hand")
    assert said(state, "Seat 3's tie-break card, 9♦, is the highest")
    tiebreak = parse_cards("5c 9d")
    assert state.facts.tiebreak == [(1, tiebreak[0]), (2, tiebreak[1])]
    assert not set(tiebreak) & {h.card for s in range(4) for h in state.cards[s]}
    assert set(state.deck.discards) == set(tiebreak)
    assert "Tie-break card: 9♦ (in no one's hand)" in state.view(0).seats[2].notes
    pick(state, 0)
    check_round(state)
    for _ in range(3):
        roll(state, {s: str(next(h.card for h in state.cards[s] if not h.up)) for s in range(4)})
        check_round(state)
    finish_showdown(state)
    assert all(len(state.settlement.awards[0].hands[i][1]) == 5 for i in range(4))
    for _, cards, _ in state.settlement.awards[0].hands:
        assert not set(cards) & set(tiebreak)


def test_tie_break_cards_that_tie_again_are_followed_by_another() -> None:
    state = _tied("deal", stock="5c 5d 9h 2s")
    assert state.to_act == (1,)
    assert said(state, "Tie-break cards: Seat 2 5♣, Seat 3 5♦")
    assert said(state, "Tie-break cards: Seat 2 9♥, Seat 3 2♠: equal first up cards: each tied "
                       "player is dealt a card from the stock again")
    assert said(state, "Seat 2's tie-break card, 9♥, is the highest")
    assert state.deck.remaining == 52 - 20 - 4


SIX_QUEENS = stacked(["Q♣ 2♣ 3♣ 4♣ 5♣", "8♦ 2♦ 3♦ 4♦ 5♦", "Q♦ 2♥ 3♥ 4♥ 5♥",
                      "7♠ 2♠ 3♠ 4♠ 5♠", "Q♥ 6♣ 6♦ 6♥ 6♠", "9♠ 7♣ 7♦ 7♥ 8♣"],
                     stock="9c 9d 8h Jc 10s")


def _six_queens(ties: str) -> HandState:
    state = new_hand(GAME, players=6, seed=3, deck=SIX_QUEENS, settings={"up_card_ties": ties})
    roll(state, {0: "Q♣", 1: "8♦", 2: "Q♦", 3: "7♠", 4: "Q♥", 5: "9♠"})
    return state


def test_three_equal_up_cards_by_suit_then_again_for_the_rest() -> None:
    state = _six_queens("suit")
    assert state.to_act == (4,)
    pick(state, 1)
    assert state.to_act == (2,)
    assert said(state, "Seat 1's Q♣ and Seat 3's Q♦ are the highest first up cards and equal")
    pick(state, 3)
    assert said(state, "Seat 1 and Seat 6 are partners")


def test_three_equal_up_cards_by_seat() -> None:
    state = _six_queens("seat")
    assert state.to_act == (0,)
    pick(state, 4)
    assert state.to_act == (2,)
    assert said(state, "Seat 3 shows Q♦, the highest first up card")


def test_three_equal_up_cards_dealt_off_one_pick_at_a_time() -> None:
    state = _six_queens("deal")
    # 9♣ 9♦ 8♥ to the three queens: two still tie, so they get J♣ and 10♠.
    assert said(state, "Tie-break cards: Seat 1 9♣, Seat 3 9♦, Seat 5 8♥")
    assert said(state, "Tie-break cards: Seat 1 J♣, Seat 3 10♠")
    assert state.to_act == (0,)
    pick(state, 1)
    # Seat 3 (9, then 10) now outranks Seat 5 (8) without any new card.
    assert state.to_act == (2,)
    assert len(state.facts.tiebreak) == 5
    pick(state, 5)
    assert said(state, "Seat 4 and Seat 5 are partners")
    assert {s: p for s, p in state.facts.partners.items()} == {0: 1, 1: 0, 2: 5, 5: 2,
                                                                  3: 4, 4: 3}


def test_ten_players_too_few_cards_to_deal_off_a_tie_falls_back_to_suit() -> None:
    aces = parse_cards("A♥ A♠")
    rest = [c for c in FULL_DECK if c not in aces]
    hands = [" ".join(str(c) for c in rest[s::10]) for s in range(10)]
    # Seats 9 and 10 turn up the aces of clubs and diamonds; the stock's last two
    # cards, the other aces, tie again and nothing is left: the suit decides.
    state = new_hand(GAME, players=10, seed=4, deck=stacked(hands, stock="Ah As"),
                     settings={"up_card_ties": "deal"})
    assert state.deck.remaining == 2
    roll(state, {s: str(max(h.card for h in state.cards[s])) for s in range(10)})
    assert [str(c) for c in (state.up_cards(8) + state.up_cards(9))] == ["A♣", "A♦"]
    assert said(state, "Tie-break cards: Seat 9 A♥, Seat 10 A♠")
    assert said(state, "The stock holds 0 cards, too few to deal each of Seat 9 and Seat 10 a "
                       "tie-break card")
    assert said(state, "with too few cards to deal, the suit decides: A♦ is highest")
    assert state.to_act == (9,)


def test_the_chooser_picks_any_unpaired_player_and_the_last_two_pair_up() -> None:
    state = _six_queens("suit")
    legal = state.legal_actions(4)
    assert [a.choice for a in legal] == [0, 1, 2, 3, 5]
    with pytest.raises(IllegalAction, match="allowed: Seat 5 picks Seat 1"):
        state.apply(Action(4, ActionKind.PICK_PARTNER, choice=4))
    pick(state, 5)
    assert [a.choice for a in state.legal_actions(2)] == [0, 1, 3]
    with pytest.raises(IllegalAction, match="not allowed: Seat 3 picks Seat 5"):
        state.apply(Action(2, ActionKind.PICK_PARTNER, choice=4))
    pick(state, 0)
    assert state.facts.partners == {4: 5, 5: 4, 2: 0, 0: 2, 1: 3, 3: 1}
    assert said(state, "Seat 5 picks Seat 6 (9♠) as a partner: the chooser may pick any player "
                       "still without a partner")
    assert "Partner: Seat 6" in state.view(None).seats[4].notes


# --- betting -------------------------------------------------------------------

def test_best_showing_acts_first_equal_showings_by_the_highest_cards_suit() -> None:
    state = _tied("seat")
    pick(state, 3)
    # K♥ and K♠ show equally; K♠ (Seat 3) bets first although Seat 2 picked first.
    assert state.to_act == (2,)
    assert said(state, "Seat 3 acts first: best showing hand, king high; equal showings go by "
                       "the suit of the highest card, K♠")
    check_round(state)
    roll(state, {0: "3♣", 1: "7♦", 2: "4♥", 3: "3♠"})
    assert state.to_act == (1,)
    assert said(state, "Seat 2 acts first: best showing hand, king-seven high")


@pytest.mark.parametrize(("structure", "small", "big"),
                         [("fixed-limit", (5, 5), (10, 10)),
                          ("pot-limit", (5, 8), (10, 10)),
                          ("no-limit", (5, 198), (10, 198))])
def test_bet_sizes_by_round_and_structure(structure: str, small: tuple[int, int],
                                          big: tuple[int, int]) -> None:
    """Small bet in rounds 1 and 2, big bet in 3 and 4 (the least bet in pot and no
    limit, where the pot of 8 or the whole stack of 198 is the most)."""
    state = new_hand(GAME, players=4, seed=1, deck=EXAMPLE, settings={"structure": structure})
    roll(state, {0: "K♥", 1: "A♠", 2: "10♥", 3: "K♣"})
    pick(state, 3)
    sizes = []
    for ups in ({0: "4♣", 1: "2♠", 2: "3♦", 3: "4♦"}, {0: "9♠", 1: "6♣", 2: "3♠", 3: "8♦"},
                {0: "J♥", 1: "5♦", 2: "7♣", 3: "10♠"}, None):
        bet = state.bet_range(state.to_act[0])
        assert bet is not None and bet.kind == "bet"
        sizes.append((bet.minimum, bet.maximum))
        check_round(state)
        if ups:
            roll(state, ups)
    assert sizes == [small, small, big, big]


# --- folding partners ---------------------------------------------------------------

# Seat 1 (A♠) picks Seat 3 (A♦): their team hand holds three aces, but Seat 1's own
# five cards hold only a pair. Seats 2 and 4 make two pair, kings and nines.
FOLDING = stacked(["A♠ A♥ 7♦ 4♣ 2♠", "K♣ K♥ 9♦ 5♠ 6♣", "A♦ K♦ Q♦ 3♥ 8♣", "9♠ 5♥ 10♣ J♠ 3♦"])


def _partner_folds(folded: str) -> HandState:
    state = new_hand(GAME, players=4, seed=5, deck=FOLDING,
                     settings={"folded_partner": folded})
    roll(state, {0: "A♠", 1: "K♣", 2: "A♦", 3: "9♠"})
    assert state.to_act == (0,)
    pick(state, 2)
    act(state, "bet", 5)
    act(state, "call")
    act(state, "fold")
    act(state, "call")
    for ups in ({0: "7♦", 1: "9♦", 3: "5♥"}, {0: "4♣", 1: "5♠", 3: "10♣"},
                {0: "2♠", 1: "6♣", 3: "3♦"}):
        roll(state, ups)
        check_round(state)
    finish_showdown(state)
    assert state.is_over and state.settlement is not None
    return state


def test_a_folded_partners_cards_are_dead_by_default() -> None:
    state = _partner_folds("dead")
    assert said(state, "Seat 1 plays on alone with their own five cards: a folded partner's "
                       "cards are dead")
    assert all(h.dead for h in state.cards[2])
    assert not any(c.card for c in state.view(1).seats[2].cards if not c.up)
    (award,) = state.settlement.awards
    assert award.winners == (1, 3) and dict(award.shares) == {1: 12, 3: 11}
    hands = {seat: words for seat, _, words in award.hands}
    assert hands == {0: "Pair of aces", 1: "Two pair, kings and nines",
                     3: "Two pair, kings and nines"}
    assert said(state, "pair of aces, with their own five cards alone (Seat 3 folded, and a "
                       "folded partner's cards are dead)")
    assert award.rule == "best team hand, two pair, kings and nines: the partners share it"
    assert state.payoffs == (-7, 5, -2, 4)


def test_a_folded_partners_cards_stay_live_by_setting() -> None:
    state = _partner_folds("live")
    assert said(state, "Seat 1 plays on alone; Seat 3's cards still count for the team hand")
    assert not any(h.dead for h in state.cards[2])
    (award,) = state.settlement.awards
    assert award.winners == (0,) and dict(award.shares) == {0: 23}
    assert award.rule == "best team hand, three of a kind, aces; Seat 3 folded, so Seat 1 " \
                         "takes it all"
    # The folded partner's cards are shown with the team's hand.
    assert [c.card for c in state.view(1).seats[2].cards] == parse_cards("A♦ K♦ Q♦ 3♥ 8♣")
    assert state.payoffs == (16, -7, -2, -7)


def test_both_partners_folding_takes_the_team_out_and_one_team_left_wins() -> None:
    state = new_hand(GAME, players=4, seed=5, deck=FOLDING)
    roll(state, {0: "A♠", 1: "K♣", 2: "A♦", 3: "9♠"})
    pick(state, 2)
    act(state, "bet", 5)
    act(state, "raise", 10)
    act(state, "fold")
    act(state, "call")
    assert not state.is_over
    act(state, "fold")
    assert said(state, "Seat 1 and Seat 3 have both folded: their team is out")
    assert state.is_over and state.settlement is not None
    assert not state.settlement.showdown
    (award,) = state.settlement.awards
    assert award.winners == (1, 3) and award.amount == 8 + 5 + 10 + 10
    assert award.rule == "every other team has folded: the partners still in share it"
    assert dict(award.shares) == {1: 17, 3: 16}


def test_the_hand_ends_when_only_one_team_is_left_in_it() -> None:
    state = new_hand(GAME, players=4, seed=5, deck=FOLDING)
    roll(state, {0: "A♠", 1: "K♣", 2: "A♦", 3: "9♠"})
    pick(state, 2)
    act(state, "bet", 5)
    act(state, "fold")
    assert not state.is_over
    act(state, "call")
    act(state, "fold")
    # Seats 1 and 3 (one team) are the only ones left: Seat 1's bet was called by
    # its partner, and nobody is left to play against.
    assert state.is_over and state.street == "Partners"
    (award,) = state.settlement.awards
    assert award.amount == 18 and dict(award.shares) == {0: 9, 2: 9}


# --- larger tables ------------------------------------------------------------------

@pytest.mark.parametrize("players", [8, 10])
def test_eight_and_ten_players_play_a_whole_hand(players: int) -> None:
    state = new_hand(GAME, players=players, seed=40 + players)
    assert state.deck.remaining == 52 - 5 * players
    roll(state, {s: str(state.cards[s][0].card) for s in range(players)})
    picks = 0
    while state.street == "Partners" and state.legal_actions(state.to_act[0])[0].kind is \
            ActionKind.PICK_PARTNER:
        seat = state.to_act[0]
        highest = max(state.facts.first_up[s].rank for s in range(players)
                      if s not in state.facts.partners)
        assert state.facts.first_up[seat].rank == highest
        pick(state, state.legal_actions(seat)[-1].choice)
        picks += 1
    assert picks == players // 2 - 1
    partners = state.facts.partners
    assert sorted(partners) == list(range(players))
    assert all(partners[partners[s]] == s != partners[s] for s in range(players))
    check_round(state)
    for _ in range(3):
        roll(state, {s: str(next(h.card for h in state.cards[s] if not h.up))
                     for s in state.in_hand()})
        check_round(state)
    finish_showdown(state)
    assert state.is_over and sum(state.payoffs) == 0
    every = [h.card for s in range(players) for h in state.cards[s]]
    assert len(set(every)) == len(every) == 5 * players
    (award,) = state.settlement.awards
    teams = {tuple(sorted((s, partners[s]))) for s in award.winners}
    assert {s for team in teams for s in team} == set(award.winners)
    assert said(state, "Teams: ") and state.to_act == ()


# --- what partners see ----------------------------------------------------------------

@pytest.mark.parametrize("share", [False, True])
def test_partners_sight_setting_changes_the_view(share: bool) -> None:
    state = new_hand(GAME, players=4, seed=1, deck=EXAMPLE, settings={"partners_see": share})
    assert all(c.card is None for c in state.view(0).seats[2].cards)
    roll(state, {0: "K♥", 1: "A♠", 2: "10♥", 3: "K♣"})
    pick(state, 3)
    partner = [c.card for c in state.view(0).seats[2].cards]
    rival = [c.card for c in state.view(0).seats[1].cards]
    assert rival == [card("A♠"), None, None, None, None]
    if share:
        assert partner == parse_cards("10♥ 2♥ 3♦ 3♠ 7♣")
    else:
        assert partner == [card("10♥"), None, None, None, None]
    deal = next(e for e in state.view(0).events if e.text.startswith("Seat 3: ["))
    assert ("10♥" in deal.text) is share
    assert [c.card for c in state.view(None).seats[2].cards] == parse_cards("10♥ 2♥ 3♦ 3♠ 7♣")
    check_round(state)
    state.apply(Action(2, ActionKind.TURN_UP, cards=(card("3♦"),)))
    assert (state.view(0).events[-1].text == "Seat 3 turns up 3♦") is share
    assert state.view(1).events[-1].text == "Seat 3 has chosen"


def test_undo_and_text_history_of_a_stacked_hand() -> None:
    state = _partner_folds("live")
    before = state.view(None)
    last = state.actions[-1]
    state.undo()
    assert not state.is_over
    state.apply(last)
    assert state.view(None) == before
    text = text_history(state, 1)
    assert "Settings: folded_partner = live" in text
    assert "Seat 2: [K♣ K♥ 9♦ 5♠ 6♣]" in text and "Seat 1: [?? ?? ?? ?? ??]" in text
