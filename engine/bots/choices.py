"""The general computer player's choices beyond betting and drawing, read from the game's
declaration, never picked at random:

- **Throw away** (Crazy Pineapple's discard, Anaconda's discard to five): it keeps the
  cards whose share of the pot measures best (the general player's measure,
  :func:`engine.bots.equity.keep_shares`, given as ``measure``: the same deals for every
  choice, so that only the cards differ).
- **Pass** (Anaconda): it keeps the cards that measure best once filled back to a full
  hand, and passes the rest.
- **Roll** (a card turned up, in a game without partners): it turns up the card that
  tells the table least, keeping pairs and suits hidden longest.
- **Declare** (high, low or both): the way its hand is likelier to win; both only when
  it is very likely to win both (Psycho's measure, :func:`engine.bots.psycho.win_chances`).

Each reason is one phrase whatever was chosen, so it gives nothing away before a reveal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from types import MappingProxyType

from engine.bots.psycho import win_chances
from engine.cards import Card
from engine.hands import LowRanking
from engine.state import Action, ActionKind, HandState

Measure = Callable[..., list[float]]
"""The share of the pot of each hand a seat may keep:
``measure(state, view, seat, rng, keeps=, size=, trials=)``
(:func:`engine.bots.equity.keep_shares`)."""

__all__ = ["BOTH_WAYS", "CHOICE_KINDS", "choice", "choice_words", "roll_card"]

BOTH_WAYS = 0.8
"""The chance of winning each half a hand needs to declare both."""
TRIALS = 24
"""The deals a declaration is measured over."""
EVALUATIONS = 1400
"""About the most hands one choice of cards values in all (each choice over the same
deals): few choices (Crazy Pineapple's three) get more deals each, many (Anaconda's 35
ways to pass three of seven) fewer, never under :data:`FEWEST`, never over :data:`MOST`.
The best of many measures over few deals is mostly the luckiest: with 480, Anaconda's
pass had 13 deals a choice, and its player was level with the previous players; with 40
deals a choice it is ahead of them (``bench/bots.py``), each choice still a few
milliseconds."""
FEWEST, MOST = 12, 40
CHOICE_KINDS = frozenset({ActionKind.THROW_AWAY, ActionKind.PASS, ActionKind.TURN_UP,
                          ActionKind.DECLARE})
"""The decisions :func:`choice` makes."""


def _best_keep(state: HandState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               refill: bool, measure: Measure) -> Action:
    """The option whose kept cards measure best; ``refill`` values them filled back to the
    hand's size (cards are coming in their place)."""
    view = state.view(seat)
    mine = [c.card for c in view.seats[seat].cards if c.card is not None and not c.dead]
    keeps = [[c for c in mine if c not in action.cards] for action in legal]
    size = len(mine) if refill else len(keeps[0])
    trials = min(MOST, max(FEWEST, EVALUATIONS // len(keeps)))
    shares = measure(state, view, seat, rng, keeps=keeps, size=size, trials=trials)
    return legal[max(range(len(legal)), key=shares.__getitem__)]


def roll_card(hand: Sequence[Card], up: Sequence[Card]) -> Card:
    """The face-down card that tells the table least when turned up: one that pairs
    nothing else it holds, of a suit it holds least of, nearest the middle ranks.

    >>> from engine.cards import parse_cards
    >>> str(roll_card(parse_cards("Kc Kd 7h 2s 3s"), ()))
    '7♥'
    """
    cards = [*hand, *up]
    ranks = Counter(c.rank for c in cards)
    suits = Counter(c.suit for c in cards)
    down = [c for c in hand if c not in up]
    return min(down, key=lambda c: (ranks[c.rank], suits[c.suit], abs(int(c.rank) - 8),
                                    c.code))


def choice(state: HandState, seat: int, legal: Sequence[Action], rng: random.Random, *,
           measure: Measure) -> Action:
    """The player's choice among ``legal``, all of one of :data:`CHOICE_KINDS`."""
    kind = legal[0].kind
    if kind is ActionKind.THROW_AWAY:
        return _best_keep(state, seat, legal, rng, refill=False, measure=measure)
    if kind is ActionKind.PASS:
        return _best_keep(state, seat, legal, rng, refill=True, measure=measure)
    if kind is ActionKind.TURN_UP:
        me = state.view(seat).seats[seat]
        down = [c.card for c in me.cards if c.card is not None and not c.up]
        card = roll_card(down, [c.card for c in me.cards if c.card is not None and c.up])
        return next(a for a in legal if a.cards == (card,))
    if kind is ActionKind.DECLARE:
        ranking = state.game.hand_types(state.settings).low or LowRanking.ACE_TO_FIVE
        high, low = win_chances(state.view(seat), seat, ranking, rng, trials=TRIALS)
        way = "both" if min(high, low) >= BOTH_WAYS else "high" if high >= low else "low"
        return next(a for a in legal if a.choice == way)
    raise ValueError(f"no general choice for {kind.value}")


_WORDS = MappingProxyType({
    ActionKind.THROW_AWAY: "it keeps the cards that win the largest share of the pot in its "
                           "trial deals and throws the rest away",
    ActionKind.PASS: "it keeps the cards that win the largest share of the pot in its trial "
                     "deals and passes the rest",
    ActionKind.TURN_UP: "it turns up the card that tells the table least about its hand",
    ActionKind.DECLARE: "it declares the way its hand is likelier to win, both only when "
                        "very likely to win both",
})


def choice_words(action: Action) -> str | None:
    """Why, in one phrase that is the same whatever was chosen."""
    return _WORDS.get(action.kind)
