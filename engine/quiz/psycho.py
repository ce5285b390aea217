"""Psycho's showdown: given the hands and the declarations, who gets what.

Settlement follows the dealer's announcements: the best high hand among the
high and both-way declarers takes the high half, the best low among the low
and both-way declarers the low half; a both-way declarer must win or tie both
halves or gets nothing; a half nobody is eligible for goes to the other
half's winner (so if everyone declares one way, that way takes the pot); if
nobody is eligible at all, the players still in split the pot equally. Odd
chips go to the high half first, then to the winner nearest the dealer's left.

>>> from engine.cards import parse_cards
>>> hands = [parse_cards("2♣ 3♦ 4♥ 6♠ 6♦ 7♥ 5♣"), parse_cards("K♠ K♦ K♣ 9♥ 9♦ 2♠ 3♠")]
>>> settle(hands, [Declaration.BOTH, Declaration.HIGH], pot=41).shares
(0, 41)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.cards import Card, Deck, format_cards
from engine.games.hand_types import HIGH_HAND, best_low_hand
from engine.hands import Category, HandValue, LowRanking
from engine.quiz.common import Drill, Level, QuestionRef, Verdict
from engine.quiz.explain import hand_phrase

NAMES = ("Ava", "Ben", "Cleo", "Dev", "Eli")
"""Players in seat order from the dealer's left."""
MAX_DRAWS = 20_000


class Declaration(StrEnum):
    HIGH = "high"
    LOW = "low"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Settlement:
    """Each player's chips, who won each half, and the sentences that say why."""

    shares: tuple[int, ...]
    high_winners: frozenset[int]
    low_winners: frozenset[int]
    failed: frozenset[int]
    story: tuple[str, ...]


def _split(amount: int, winners: Sequence[int], players: int) -> list[int]:
    """``amount`` shared by ``winners``; odd chips to those nearest the dealer's left."""
    shares = [0] * players
    ordered = sorted(winners)
    each, odd = divmod(amount, len(ordered))
    for place, seat in enumerate(ordered):
        shares[seat] = each + (1 if place < odd else 0)
    return shares


def _best(values: Sequence[HandValue], seats: set[int]) -> frozenset[int]:
    if not seats:
        return frozenset()
    top = max(values[s] for s in seats)
    return frozenset(s for s in seats if values[s] == top)


def settle(hands: Sequence[Sequence[Card]], declarations: Sequence[Declaration], *, pot: int,
           ranking: LowRanking = LowRanking.ACE_TO_FIVE,
           names: Sequence[str] = NAMES) -> Settlement:
    """Split ``pot`` among the players still in by Psycho's declaration rules."""
    if len(hands) != len(declarations) or len(hands) < 2:
        raise ValueError("every player still in needs a hand and a declaration")
    players = len(hands)
    highs = [HIGH_HAND.high_of(h) for h in hands]
    lows = [best_low_hand(h, ranking) for h in hands]
    high_side = {s for s, d in enumerate(declarations) if d is not Declaration.LOW}
    low_side = {s for s, d in enumerate(declarations) if d is not Declaration.HIGH}
    top_high, top_low = _best(highs, high_side), _best(lows, low_side)
    failed = frozenset(s for s, d in enumerate(declarations) if d is Declaration.BOTH
                       and not (s in top_high and s in top_low))
    story = [f"{names[s]} declared both ways but did not win or tie "
             f"{'low' if s in top_high else 'high' if s in top_low else 'either half'}, "
             "so gets nothing." for s in sorted(failed)]
    high_winners = _best(highs, high_side - failed)
    low_winners = _best(lows, low_side - failed)
    if not high_winners and not low_winners:
        story.append(f"Nobody is eligible for either half, so the players still in split the "
                     f"pot of {pot} equally.")
        return Settlement(tuple(_split(pot, range(players), players)), high_winners,
                          low_winners, failed, tuple(story))
    if not low_winners or not high_winners:
        winners, side, values = ((high_winners, "high", highs) if high_winners
                                 else (low_winners, "low", lows))
        other = "low" if side == "high" else "high"
        story.append(f"Nobody is eligible for {other}, so the {side} winner takes the whole "
                     f"pot: {_listed(winners, names)} with {hand_phrase(values[min(winners)])}.")
        return Settlement(tuple(_split(pot, list(winners), players)), high_winners,
                          low_winners, failed, tuple(story))
    high_half, low_half = pot - pot // 2, pot // 2
    shares = [h + lo for h, lo in zip(_split(high_half, list(high_winners), players),
                                      _split(low_half, list(low_winners), players),
                                      strict=True)]
    story.append(f"High half ({high_half}{', with the odd chip' if pot % 2 else ''}): "
                 f"{_listed(high_winners, names)} with {hand_phrase(highs[min(high_winners)])}.")
    story.append(f"Low half ({low_half}): {_listed(low_winners, names)} with "
                 f"{hand_phrase(lows[min(low_winners)])}.")
    return Settlement(tuple(shares), high_winners, low_winners, failed, tuple(story))


def _listed(seats: frozenset[int], names: Sequence[str]) -> str:
    """``"Ava"``, or ``"Ava and Ben (tied)"``."""
    listed = [names[s] for s in sorted(seats)]
    if len(listed) == 1:
        return listed[0]
    return f"{', '.join(listed[:-1])} and {listed[-1]} (tied)"


@dataclass(frozen=True, slots=True)
class PsychoQuestion:
    """Each player's seven cards, their declaration, the pot and the low ranking."""

    ref: QuestionRef
    hands: tuple[tuple[Card, ...], ...]
    declarations: tuple[Declaration, ...]
    pot: int
    ranking: LowRanking = LowRanking.ACE_TO_FIVE

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[:len(self.hands)]

    def settlement(self) -> Settlement:
        return settle(self.hands, self.declarations, pot=self.pot, ranking=self.ranking,
                      names=self.names)

    def options(self) -> tuple[str, ...]:
        """The answers offered: the right split and the splits of common mistakes."""
        return _options(self)

    def describe(self, shares: Sequence[int]) -> str:
        return " · ".join(f"{n} {c}" for n, c in zip(self.names, shares, strict=True))


def _declare(rng: random.Random, high: HandValue, low: HandValue) -> Declaration:
    """A plausible declaration: strong low and strong high go both ways, and so on."""
    good_low = low.category is Category.HIGH_CARD and low.cards[0].rank in (5, 6, 7, 8, 14)
    good_high = high.category >= Category.STRAIGHT
    if rng.random() < 0.2:
        return rng.choice(list(Declaration))
    if good_low and good_high:
        return Declaration.BOTH
    if good_low:
        return Declaration.LOW
    if good_high or high.category >= Category.TWO_PAIR:
        return Declaration.HIGH
    return rng.choice([Declaration.HIGH, Declaration.LOW])


def _deal(rng: random.Random, ranking: LowRanking) -> tuple[tuple[tuple[Card, ...], ...],
                                                           tuple[Declaration, ...], int]:
    players = rng.randint(2, 5)
    deck = Deck(rng=rng)
    hands = tuple(tuple(deck.deal(7)) for _ in range(players))
    declarations = tuple(_declare(rng, HIGH_HAND.high_of(h), best_low_hand(h, ranking))
                         for h in hands)
    return hands, declarations, rng.randrange(12, 160)


def _variants(question: PsychoQuestion) -> list[tuple[int, ...]]:
    """Splits a player gets by forgetting one rule, for the wrong options."""
    no_forfeit_decl = [Declaration.HIGH if d is Declaration.BOTH and
                       s in question.settlement().failed else d
                       for s, d in enumerate(question.declarations)]
    variants = [settle(question.hands, no_forfeit_decl, pot=question.pot,
                       ranking=question.ranking).shares]
    variants.append(_ignoring_declarations(question))
    right = question.settlement().shares
    if question.pot % 2:
        odd_low = list(right)
        high, low = question.settlement().high_winners, question.settlement().low_winners
        if high and low and high != low:
            odd_low[min(high)] -= 1
            odd_low[min(low)] += 1
            variants.append(tuple(odd_low))
    return variants


def _ignoring_declarations(question: PsychoQuestion) -> tuple[int, ...]:
    """Best high and best low over everyone, as if nobody had declared."""
    players = len(question.hands)
    highs = [HIGH_HAND.high_of(h) for h in question.hands]
    lows = [best_low_hand(h, question.ranking) for h in question.hands]
    high = _best(highs, set(range(players)))
    low = _best(lows, set(range(players)))
    halves = zip(_split(question.pot - question.pot // 2, list(high), players),
                 _split(question.pot // 2, list(low), players), strict=True)
    return tuple(a + b for a, b in halves)


def _options(question: PsychoQuestion) -> tuple[str, ...]:
    rng = random.Random(f"options/{question.ref.seed}")
    players = len(question.hands)
    seen = [question.settlement().shares]
    fillers = [tuple(_split(question.pot, [s], players)) for s in range(players)]
    fillers += [tuple(_split(question.pot, list(range(players)), players))]
    fillers += [tuple(a + b for a, b in zip(_split(question.pot - question.pot // 2, [x], players),
                                            _split(question.pot // 2, [y], players),
                                            strict=True))
                for x in range(players) for y in range(players) if x != y]
    rng.shuffle(fillers)
    for shares in (*_variants(question), *fillers):
        if shares not in seen:
            seen.append(shares)
    options = seen[:4]
    rng.shuffle(options)
    return tuple(question.describe(shares) for shares in options)


def psycho_question(ref: QuestionRef) -> PsychoQuestion:
    """A random showdown, or a tricky one where a rule beyond "best hand wins" decides."""
    if ref.drill is not Drill.PSYCHO:
        raise ValueError(f"{ref.drill} is not the Psycho drill")
    rng = ref.rng()
    tricky = ref.level is Level.TRICKY
    ranking = (LowRanking.DEUCE_TO_SEVEN if tricky and rng.random() < 0.3
               else LowRanking.ACE_TO_FIVE)
    for _ in range(MAX_DRAWS):
        question = PsychoQuestion(ref, *_deal(rng, ranking), ranking=ranking)
        if not tricky or _is_tricky(question):
            return question
    raise RuntimeError(f"no tricky Psycho showdown in {MAX_DRAWS} deals")


def _is_tricky(question: PsychoQuestion) -> bool:
    """A both-way declaration, a half nobody is eligible for, or a tie decides the split."""
    result = question.settlement()
    both = Declaration.BOTH in question.declarations
    empty_half = not result.high_winners or not result.low_winners
    tie = len(result.high_winners) > 1 or len(result.low_winners) > 1
    return both or empty_half or tie


def judge_psycho(question: PsychoQuestion, chosen: str) -> Verdict:
    """Right when the chosen split is the settlement's; the story says why."""
    options = question.options()
    if chosen not in options:
        raise ValueError("choose one of the splits offered")
    result = question.settlement()
    right = question.describe(result.shares)
    correct = chosen == right
    headline = (f"Right: {right}." if correct
                else f"Not quite: the pot of {question.pot} goes {right}.")
    table = tuple((name, question.declarations[s].value, format_cards(question.hands[s]),
                   HIGH_HAND.high_of(question.hands[s]).describe(),
                   best_low_hand(question.hands[s], question.ranking).describe(),
                   str(result.shares[s]))
                  for s, name in enumerate(question.names))
    return Verdict(correct=correct, headline=headline, details=result.story,
                   columns=("Player", "Declared", "Cards", "High", "Low", "Chips"), table=table,
                   answer=f"chose {chosen}", solution=f"the pot goes {right}",
                   theme=_theme(question))


def _theme(question: PsychoQuestion) -> str:
    """The rule beyond "best hand wins" that decides the split, if any."""
    result = question.settlement()
    if result.failed:
        return "Both ways: win both halves or nothing"
    if not result.high_winners or not result.low_winners:
        return "A half nobody may win"
    if len(result.high_winners) > 1 or len(result.low_winners) > 1:
        return "Ties share a half"
    if Declaration.BOTH in question.declarations:
        return "Both ways: win both halves or nothing"
    return "Declarations decide the halves"
