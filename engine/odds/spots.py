"""Seeded spots for the odds widgets, and the questions the page opens with.

The same seed deals the same cards everywhere.

Where a choice comes before the spot (which card a Pick a Partner player
turns up first, what a Psycho player draws and exposes), the hand is dealt by
the game engine and the computer players make those choices, so the spot looks
like one met at the table.

>>> spot = partner_spot(4, seed=7)
>>> len(spot.ups), len(spot.hidden), spot.me == spot.first_chooser
(4, 4, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.bots.pick_a_partner import PartnerBot
from engine.bots.psycho import PsychoBot
from engine.cards import Card, Deck
from engine.games import new_hand
from engine.games.pick_a_partner_steps import first_up
from engine.hands import LowRanking
from engine.odds.categories import Dealt, SpreadQuestion
from engine.odds.partner import next_chooser, partner_question
from engine.odds.psycho import psycho_question
from engine.odds.psycho_draw import draw_question
from engine.odds.run import Question
from engine.odds.sophie import lock_question
from engine.odds.stud import StudHand, seventh_is_community, stud_question
from engine.state import ActionKind

__all__ = ["PARTNER_PLAYERS", "PSYCHO_PLAYERS", "SEED", "SOPHIE_OPPONENTS", "STUD_HANDS",
           "STUD_STREET", "PartnerSpot", "PsychoSpot", "StudSpot", "partner_spot",
           "psycho_draw_spot", "psycho_spot", "sophie_spot", "standard_questions", "stud_spot"]


@dataclass(frozen=True)
class PartnerSpot:
    """First up cards by seat, the seat about to pick (you) and your hidden cards."""

    ups: tuple[Card, ...]
    me: int
    hidden: tuple[Card, ...]

    @property
    def first_chooser(self) -> int:
        return next_chooser(self.ups, range(len(self.ups)))


def partner_spot(players: int, *, seed: int) -> PartnerSpot:
    """A Pick a Partner deal after the first roll, each player turning up the card the
    computer players would; you sit where the first pick is made."""
    state = new_hand("pick-a-partner", players=players, seed=seed)
    rng = random.Random(seed)
    bot = PartnerBot()
    while state.to_act and state.legal_actions(state.to_act[0])[0].kind is ActionKind.TURN_UP:
        seat = state.to_act[0]
        state.apply(bot.choose(state, seat, rng))
    ups = first_up(state)
    up_cards = tuple(ups[s] for s in range(players))
    me = next_chooser(up_cards, range(players))
    hidden = tuple(h.card for h in state.cards[me] if h.card != ups[me])
    return PartnerSpot(up_cards, me, hidden)


def sophie_spot(opponents: int, *, boards: int, seed: int) -> tuple[tuple[Card, ...],
                                                                     tuple[tuple[Card, ...], ...]]:
    """Your six hole cards and full boards (five cards each), dealt from a seeded deck."""
    deck = Deck(rng=random.Random(seed))
    hole = tuple(deck.deal(6))
    deck.deal(6 * opponents)
    return hole, tuple(tuple(deck.deal(5)) for _ in range(boards))


@dataclass(frozen=True)
class StudSpot:
    """Up cards per live hand (yours first), your down cards, and the community card when
    seventh street had to be one."""

    ups: tuple[tuple[Card, ...], ...]
    down: tuple[Card, ...]
    community: tuple[Card, ...] = ()


def stud_spot(hands: int, *, street: int, seed: int) -> StudSpot:
    """A stud deal on ``street`` (3 to 7), nobody folded: up cards for every hand, your down
    cards; on seventh street a community card instead when the stock is too short."""
    if not 3 <= street <= 7:
        raise ValueError(f"stud streets run from third to seventh, not {street}")
    deck = Deck(rng=random.Random(seed))
    up = min(street, 6) - 2
    shared = street == 7 and seventh_is_community(hands)
    mine = tuple(deck.deal(3 if street == 7 and not shared else 2))
    ups = tuple(tuple(deck.deal(up)) for _ in range(hands))
    return StudSpot(ups, mine, tuple(deck.deal(1)) if shared else ())


@dataclass(frozen=True)
class PsychoSpot:
    """Your five cards and each opponent's three exposed cards, after the draw."""

    mine: tuple[Card, ...]
    rivals: tuple[tuple[Card, ...], ...]


def psycho_spot(players: int, *, seed: int,
                ranking: LowRanking = LowRanking.ACE_TO_FIVE) -> PsychoSpot:
    """A Psycho hand played by computer players up to the expose; you are seat 1."""
    state = new_hand("psycho", players=players, seed=seed, settings={"low_ranking": ranking})
    rng = random.Random(seed)
    bot = PsychoBot(trials=8)
    while not any(h.up for h in state.cards[0]):
        seat = state.to_act[0]
        state.apply(bot.choose(state, seat, rng))
    mine = tuple(h.card for h in state.cards[0])
    rivals = tuple(tuple(h.card for h in state.cards[s] if h.up) for s in range(1, players))
    return PsychoSpot(mine, rivals)


def psycho_draw_spot(*, seed: int) -> tuple[Card, ...]:
    """Five cards before the draw, from a seeded deck."""
    return tuple(Deck(rng=random.Random(seed)).deal(5))


# --- the questions the Odds page opens with ------------------------------------------

SEED = 7
"""The seed every widget starts from."""
# Heads-up wherever the game allows it (Pick a Partner needs four): the basic teaching case.
PARTNER_PLAYERS = 4
SOPHIE_OPPONENTS = 1
STUD_HANDS = 2
STUD_STREET = 5
PSYCHO_PLAYERS = 2


def standard_questions() -> dict[str, Question]:
    """Each widget's standard question: what the page asks before anything is typed.

    Sophie's Pick opens on the lock with one board; Psycho on the declaration (and
    ``psycho-draw`` is its other question, before the draw).
    """
    partner = partner_spot(PARTNER_PLAYERS, seed=SEED)
    hole, _ = sophie_spot(SOPHIE_OPPONENTS, boards=1, seed=SEED)
    stud = stud_spot(STUD_HANDS, street=STUD_STREET, seed=SEED)
    psycho = psycho_spot(PSYCHO_PLAYERS, seed=SEED)
    questions: dict[str, Question] = {
        "partner": partner_question(partner.ups, me=partner.me, hidden=partner.hidden),
        "sophie": lock_question(hole, opponents=SOPHIE_OPPONENTS),
        "stud": stud_question([StudHand(up, stud.down if i == 0 else ())
                               for i, up in enumerate(stud.ups)]),
        "psycho": psycho_question(psycho.mine, psycho.rivals),
        "psycho-draw": draw_question(psycho_draw_spot(seed=SEED),
                                     opponents=PSYCHO_PLAYERS - 1),
    }
    for dealt in Dealt:
        questions[f"hands-{dealt.value}"] = SpreadQuestion(dealt)
    return questions
