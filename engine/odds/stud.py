"""Seven-card stud equity: every live hand's chance to win or tie at the showdown.

The input is what a player at the table knows: each live hand's up cards,
the down cards they can see (their own; a host sees them all) and the dead
cards (folded hands' up cards, anything else seen). Everything unseen is
dealt at random to the places that still need cards, every distinct deal
equally likely; ``engine.odds.run.solve`` counts them all when that fits the
time budget and samples them otherwise.

When the stock cannot give every live hand its own seventh card, the seventh
is one community card for everyone, as the house rule says. Whether it can is
counted as the dealer would (``seventh_is_community``): every live hand's six
cards, the cards dealt to hands that folded (their up cards are the dead cards,
and two down cards each) and the three burned cards have left the stock (with
the reshuffle rule, only the live hands' cards).
With eight live hands there is never a seventh card each.

>>> import numpy as np
>>> from engine.cards import parse_cards as p
>>> from engine.odds.run import solve
>>> spot = stud_question([StudHand(p("Ah Kh Qh Jh"), p("2c 3d")), StudHand(p("9c 9d 7s 7c"))])
>>> answer = solve(spot, rng=np.random.default_rng(0))
>>> answer.exact, answer.deals, f"{answer['equity/0'].value:.4f}"
(True, 447720, '0.2163')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.games import get_game
from engine.games.declared import DeclaredGame
from engine.games.hand_types import HandTypes
from engine.odds.inputs import OddsInputError, check_distinct
from engine.odds.showdown import ShowdownQuestion

__all__ = ["MAX_PLAYERS", "StudHand", "answers_for", "seventh_is_community", "stud_question"]

MAX_PLAYERS = 8
BURNS = 3
"""Cards burned before seventh street: one before each of fourth, fifth and sixth (the
stock always has one to spare then, even at eight players)."""


STUD_DEAL = "dduuuud"
"""Seven-card stud's cards to each player, in order: two down and one up, three more up,
the last down."""

_PLAIN_STEPS = frozenset({"ante", "deal", "bet", "showdown"})


def answers_for(game_id: str) -> bool:
    """Whether this calculator answers for the game, read from its declaration: seven
    cards each dealt as stud deals them, on the 52 cards, only antes, deals and betting
    rounds between (no board, no choice), and the best five high taking the whole pot (no wild card,
    no pot half of its own).

    >>> answers_for("seven-card-stud"), answers_for("razz"), answers_for("follow-the-queen")
    (True, False, False)
    """
    game = get_game(game_id)
    if not isinstance(game, DeclaredGame):
        return False
    rules = game.declaration
    steps = rules.steps
    dealt = "".join(str(step.params.get("cards", "")) for step in steps if step.kind == "deal")
    return (dealt == STUD_DEAL and rules.deck == "standard" and rules.wild is None
            and rules.wins.spade is None and rules.wins.spade_setting is None
            and {step.kind for step in steps} <= _PLAIN_STEPS
            and game.hand_types(game.settings_type()) == HandTypes())


def seventh_is_community(live: int, gone: int = 0, *, reshuffle: bool = False) -> bool:
    """Whether seventh street is one community card, as the dealer decides it.

    ``live``: hands still in; ``gone``: every other card out of the stock
    before the burns (the cards dealt to hands that folded, up and down).
    ``reshuffle``: the house rule that shuffles the mucked and burned cards
    into the stock first.

    >>> [seventh_is_community(n) for n in (7, 8)], seventh_is_community(7, gone=3)
    ([False, True], True)
    >>> seventh_is_community(7, gone=3, reshuffle=True)
    False
    """
    stock = 52 - 6 * live
    if not reshuffle:
        stock -= gone + BURNS
    return stock < live


@dataclass(frozen=True, slots=True)
class StudHand:
    """One live hand: its up cards and whichever of its down cards are known.

    ``whose`` names the hand's owner in messages as a possessive ("your",
    "Seat 2's"); by default it is made from ``name`` ("You" gives "your").
    """

    up: tuple[Card, ...]
    down: tuple[Card, ...] = ()
    name: str = ""
    whose: str = ""

    def __init__(self, up: Sequence[Card], down: Sequence[Card] = (), name: str = "",
                 whose: str = "") -> None:
        object.__setattr__(self, "up", tuple(up))
        object.__setattr__(self, "down", tuple(down))
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "whose", whose)


def possessive(name: str) -> str:
    """``"Seat 2"`` → ``"Seat 2's"``; ``"You"`` → ``"your"``, so that "in your cards"
    reads right.

    >>> possessive("You"), possessive("hand 2")
    ('your', "hand 2's")
    """
    return "your" if name.lower() == "you" else f"{name}'s"


def _label(hand: StudHand, index: int) -> str:
    return hand.name or f"hand {index + 1}"


def _cards_of(hand: StudHand, index: int) -> str:
    """``"your cards"``, ``"Seat 2's cards"``, ``"hand 3's cards"``."""
    return f"{hand.whose or possessive(_label(hand, index))} cards"


def _check_shape(hands: Sequence[StudHand], seventh: bool) -> None:
    """Raise for impossible card counts: every hand shows the same one to four up cards."""
    if not 2 <= len(hands) <= MAX_PLAYERS:
        raise OddsInputError(f"Seven-card stud needs 2 to {MAX_PLAYERS} live hands to compare; "
                             f"{len(hands)} given")
    for i, hand in enumerate(hands):
        if not 1 <= len(hand.up) <= 4:
            raise OddsInputError(f"{_label(hand, i).capitalize()}: {len(hand.up)} up cards; a stud "
                                 "hand shows one to four up cards (third to sixth street)")
    first = hands[0]
    for i, hand in enumerate(hands[1:], start=1):
        if len(hand.up) != len(first.up):
            raise OddsInputError(f"Every live hand shows the same number of up cards: "
                                 f"{len(first.up)} in {_cards_of(first, 0)} but "
                                 f"{len(hand.up)} in {_cards_of(hand, i)}")
    up = len(first.up)
    if seventh and up != 4:
        raise OddsInputError("The seventh card comes after sixth street: every hand must show "
                             f"four up cards, not {up}")
    downs = 3 if seventh else 2
    for i, hand in enumerate(hands):
        if len(hand.down) > downs:
            raise OddsInputError(f"{_label(hand, i).capitalize()}: {len(hand.down)} down cards; "
                                 f"a stud hand has {downs} down cards at this point")


def stud_question(hands: Sequence[StudHand], *, dead: Sequence[Card] = (),
                  seventh: bool = False, community: Sequence[Card] = (),
                  folded: int = 0, reshuffle: bool = False) -> ShowdownQuestion:
    """The showdown question for these live hands.

    ``seventh``: the seventh card has been dealt (each hand then has three
    down cards, or ``community`` holds the community card that replaced it).
    ``folded``: how many hands have folded (their up cards belong in ``dead``;
    their two down cards are gone too); with ``reshuffle`` (the house rule)
    they say whether the stock is short for seventh street
    (``seventh_is_community``). A community card given is taken as seen,
    whatever the count says.
    """
    seventh = seventh or bool(community) or any(len(h.down) == 3 for h in hands)
    _check_shape(hands, seventh)
    if len(community) > 1:
        raise OddsInputError("Stud has at most one community card (the seventh, when the "
                             "stock runs short)")
    check_distinct([*((_cards_of(h, i), (*h.up, *h.down))
                      for i, h in enumerate(hands)),
                    ("the dead cards", tuple(dead)), ("the community card", tuple(community))])
    if community and any(len(h.down) > 2 for h in hands):
        raise OddsInputError("With a community card for the seventh, each hand keeps two down "
                             "cards")
    if not 0 <= folded <= MAX_PLAYERS - len(hands):
        raise OddsInputError(f"With {len(hands)} live hands, 0 to {MAX_PLAYERS - len(hands)} "
                             f"hands can have folded (at most {MAX_PLAYERS} play), not {folded}")
    short = seventh_is_community(len(hands), len(dead) + 2 * folded, reshuffle=reshuffle)
    if short and any(len(h.down) == 3 for h in hands):
        raise OddsInputError(f"With {len(hands)} live hands the stock cannot give each its own "
                             "seventh card: the seventh is one community card, so a hand has "
                             "two down cards; type the seventh as the community card")
    shared = bool(community) or short
    need = [(6 if shared else 7) - len(h.up) - len(h.down) for h in hands]
    known = sum(len(h.up) + len(h.down) for h in hands) + len(dead) + len(community)
    pool = 52 - known
    board_need = int(shared and not community)
    if sum(need) + board_need > pool:
        raise OddsInputError(f"Too many cards are out: the live hands still need "
                             f"{sum(need) + board_need} cards but only {pool} are unseen")
    return ShowdownQuestion.build(hands=[(*h.up, *h.down) for h in hands], need=need,
                                  board=community, board_need=board_need, dead=dead)
