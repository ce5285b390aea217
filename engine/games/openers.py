"""Who opens a betting round, in the ways the games decide it: the bring-in's up card,
the best (or lowest) up cards, hold'em's order after the blinds, or the first seat in
turn from a given place.

Each game's ``Game.opener`` hook picks the seats that may open and the way;
these helpers find the seat and say the rule in the words the table reads.

>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=3, seed=5)
>>> [state.up_cards(s)[0].ascii for s in range(3)]
['Ad', 'Jc', 'Ah']
>>> best_showing(state, state.in_hand(), by_suit=True)
(2, 'best showing hand, ace high; equal showings go by the suit of the highest card, A♥')
>>> best_showing(state, state.in_hand(), by_suit=False)
(0, "best showing hand, ace high; equal showings go by seat order from the dealer's left")
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, Rank
from engine.games.phases import Blinds, BoardDeal, blind_seats
from engine.hands import LowRanking, Showing, UpCard, bring_in_order, showing_order
from engine.state import HandState


def able_to_bet(state: HandState) -> list[int]:
    """The seats still in with chips left, from the dealer's left; every seat still in
    when none has any (the round is then skipped, but still names an opener)."""
    live = state.in_hand()
    return [s for s in live if state.table.stacks[s] > 0] or live


def first_in_turn(state: HandState, start: int) -> int:
    """The first seat able to bet, clockwise from ``start`` (``start`` itself first)."""
    able = set(able_to_bet(state))
    return next(s for step in range(state.players)
                if (s := (start + step) % state.players) in able)


def hold_em_order(state: HandState, *, first_round: bool) -> tuple[int, str]:
    """Who acts first in a game with blinds, and the rule in words: in the first round the
    seat after the big blind (heads-up, the dealer, who posts the small blind), later the
    first seat still in from the dealer's left; seats out or all in are passed over.
    The rounds are named by the flop only in a game that deals a board."""
    n = state.players
    straddled = n > 2 and bool(getattr(state.settings, "straddle", 0))
    board = any(isinstance(p, BoardDeal) for p in state.phases)
    button = any(isinstance(p, Blinds) and p.button for p in state.phases)
    if first_round and button:
        start = 0
        rule = ("the player on the dealer's left acts first "
                f"{'before the flop' if board else 'in the first betting round'}; the dealer, "
                "who posted the button blind, acts last")
    elif first_round:
        start = (blind_seats(n)[1] + 1 + straddled) % n
        when = "before the flop" if board else "in the first betting round"
        rule = (f"heads-up, the dealer posts the small blind and acts first {when}"
                if n == 2 else f"the player after the straddle acts first {when}"
                if straddled else f"the player after the big blind acts first {when}")
    else:
        start = 0
        later = "from the flop on" if board else "from the second betting round on"
        rule = f"{later}, the first player still in from the dealer's left acts first"
    first = first_in_turn(state, start)
    if first != start:
        rule += "; players who are out or all in are passed over"
    return first, rule


def ace_low(state: HandState) -> bool | None:
    """How up cards read low or bring in from the highest count the ace: ``False`` (high)
    in a game played for the deuce-to-seven low, whose hands rank the ace high; else
    ``None``, the usual way (one, as razz counts it)."""
    low = state.game.hand_types(state.settings).low
    return False if low is LowRanking.DEUCE_TO_SEVEN else None


def best_showing(state: HandState, seats: Sequence[int], *, by_suit: bool,
                 shown: str = "showing", order: Showing = Showing.HIGH) -> tuple[int, str]:
    """The seat among ``seats`` whose up cards act first, and the rule in words ("best
    showing hand, pair of kings"; ``shown`` names the cards, as Psycho's "exposed").

    ``order`` says which showing acts first: the best high one, or the lowest (razz).
    Equal showings go to the higher suit of the highest up card (``by_suit``), or else
    to the seat nearest the dealer's left; the rule then says which. Read low in a game
    whose declared low is ace-to-five or ace-to-six, the ace counts one there too, so the
    highest card of A-5 is the five.
    """
    low = state.game.hand_types(state.settings).low
    ace_one = order is Showing.LOW and low in (LowRanking.ACE_TO_FIVE, LowRanking.ACE_TO_SIX)

    def card_order(card: Card) -> tuple[int, int]:
        return 1 if ace_one and card.rank == Rank.ACE else int(card.rank), int(card.suit)

    def highest(seat: int) -> Card:
        return max(state.up_cards(seat), key=card_order)

    def top_card(seat: int) -> tuple[int, int]:
        return card_order(highest(seat))

    def key(seat: int) -> tuple[tuple[int, ...], tuple[int, int]]:
        return showing_order(state.game.showing_cards(state, seat), order,
                             ace_low=ace_low(state)), \
            top_card(seat) if by_suit else (-seat, 0)

    best = max(seats, key=key)
    which = "best" if order is Showing.HIGH else "lowest"
    words = state.game.describe_showing(state, best)
    rule = f"{which} {shown} hand, {words[:1].lower()}{words[1:]}"
    showing = key(best)[0]
    if any(showing_order(state.game.showing_cards(state, s), order, ace_low=ace_low(state))
           == showing
           for s in seats if s != best):
        if by_suit:
            rule += f"; equal showings go by the suit of the highest card, {highest(best)}"
        else:
            rule += "; equal showings go by seat order from the dealer's left"
    return best, rule


def bring_in(state: HandState, seats: Sequence[int], up: UpCard) -> tuple[int, str]:
    """The seat among ``seats`` whose first up card brings in, and the rule in words
    ("lowest up card, 3♣"), naming the suit order when another seat shows the same rank."""
    aces = ace_low(state)
    seat = min(seats, key=lambda s: bring_in_order(state.up_cards(s)[0], up, ace_low=aces))
    card = state.up_cards(seat)[0]
    rule = f"{up.value} up card, {card}"
    if any(state.up_cards(s)[0].rank == card.rank for s in seats if s != seat):
        rule += " (equal ranks: clubs are the lowest suit, then diamonds, hearts, spades)"
    return seat, rule
