"""Seven-card stud at the table: who brings in, who acts first, is the big bet allowed.

Answers follow the dealer's announcements: the lowest up card brings in (equal
ranks: clubs lowest, then diamonds, hearts, spades); from fourth street the
best showing hand acts first (equal showings: the suit of the highest card,
or seat order as a house rule); fourth street is played at the small bet
unless a pair shows and the open-pair rule is on. Stakes 2 / 5 / 10 / 20.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from engine.cards import Card, Deck, format_cards
from engine.games.stud import ShowingTies
from engine.hands import bring_in_order, describe_showing, showing_order
from engine.quiz.common import Drill, Level, QuestionRef, Verdict

NAMES = ("Ava", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal")
"""Players in seat order from the dealer's left."""
BRING_IN, SMALL_BET, BIG_BET = 5, 10, 20
STREET_NAMES = MappingProxyType({3: "third street", 4: "fourth street", 5: "fifth street",
                                 6: "sixth street"})
MAX_DRAWS = 20_000


class StudAsk(StrEnum):
    """The three questions of the stud drill."""

    BRING_IN = "bring-in"
    FIRST_TO_ACT = "first to act"
    BIG_BET = "big bet"


_THEMES = MappingProxyType({StudAsk.BRING_IN: "The bring-in",
                            StudAsk.FIRST_TO_ACT: "Who acts first",
                            StudAsk.BIG_BET: "When the big bet is allowed"})


@dataclass(frozen=True, slots=True)
class StudQuestion:
    """Every player's up cards on one street, and the house rules that apply."""

    ref: QuestionRef
    ask: StudAsk
    street: int
    up: tuple[tuple[Card, ...], ...]
    open_pair: bool = True
    showing_ties: ShowingTies = ShowingTies.SUIT

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[:len(self.up)]

    @property
    def prompt(self) -> str:
        street = STREET_NAMES[self.street]
        match self.ask:
            case StudAsk.BRING_IN:
                return f"Third street is dealt. Who brings in for {BRING_IN}?"
            case StudAsk.FIRST_TO_ACT:
                return f"The {street} cards are out. Who acts first?"
            case StudAsk.BIG_BET:
                return (f"On {street}, may the first player to act open with a bet of "
                        f"{BIG_BET} (the big bet)?")

    @property
    def rules(self) -> str:
        """The house rules in force, said with the question."""
        pair = "on" if self.open_pair else "off"
        ties = ("the suit of the highest card" if self.showing_ties is ShowingTies.SUIT
                else "seat order from the dealer's left")
        return (f"Stakes: bring-in {BRING_IN}, small bet {SMALL_BET}, big bet {BIG_BET}. "
                f"Open pair on fourth street: {pair}. Equal showings: {ties}.")

    def answer(self) -> int | bool:
        """The seat that brings in or acts first, or whether the big bet is allowed."""
        match self.ask:
            case StudAsk.BRING_IN:
                return min(range(len(self.up)), key=lambda s: bring_in_order(self.up[s][0]))
            case StudAsk.FIRST_TO_ACT:
                return max(range(len(self.up)), key=self._acting_key)
            case StudAsk.BIG_BET:
                return self.street >= 5 or (self.street == 4 and self.open_pair
                                            and bool(self.pair_showing()))

    def _acting_key(self, seat: int) -> tuple[tuple[int, ...], tuple[int, int]]:
        up = self.up[seat]
        if self.showing_ties is ShowingTies.SUIT:
            top = max(up)
            return showing_order(up), (int(top.rank), int(top.suit))
        return showing_order(up), (-seat, 0)

    def pair_showing(self) -> tuple[int, ...]:
        """The seats with a pair (or more) among their up cards."""
        return tuple(s for s, up in enumerate(self.up) if len({c.rank for c in up}) < len(up))


def _deal(rng: random.Random, ask: StudAsk) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    players = rng.randint(2, 8)
    if ask is StudAsk.BRING_IN:
        street = 3
    elif ask is StudAsk.FIRST_TO_ACT:
        street = rng.choice([4, 4, 5, 6])
    else:
        street = rng.choice([3, 4, 4, 4, 5, 6])
    deck = Deck(rng=rng)
    return street, tuple(tuple(deck.deal(street - 2)) for _ in range(players))


def _tricky(question: StudQuestion, *, tie: bool) -> bool:
    """Tricky: the answer turns on a tie-break, a small pair, or the open-pair rule.

    For who acts first, ``tie`` asks for equal best showings; otherwise a
    small pair must beat an ace, or a run or flush draw must lose to a pair.
    """
    match question.ask:
        case StudAsk.BRING_IN:
            low = min(c[0].rank for c in question.up)
            return sum(c[0].rank == low for c in question.up) > 1
        case StudAsk.FIRST_TO_ACT:
            keys = [showing_order(up) for up in question.up]
            best = max(keys)
            first = question.answer()
            tied = keys.count(best) > 1
            small_pair_beats_ace = best[0] == 1 and best[1] <= 9 and any(
                c.rank == 14 for up in question.up for c in up)
            draw_loses = any(_looks_drawn(up) for s, up in enumerate(question.up)
                             if s != first)
            return tied if tie else (small_pair_beats_ace or draw_loses)
        case StudAsk.BIG_BET:
            return question.street == 4 and bool(question.pair_showing())


def _looks_drawn(up: tuple[Card, ...]) -> bool:
    """Three or more up cards of one suit or in a run: they look strong but do not count."""
    if len(up) < 3:
        return False
    ranks = sorted({int(c.rank) for c in up})
    run = any(ranks[i + 2] - ranks[i] == 2 for i in range(len(ranks) - 2))
    return run or len({c.suit for c in up}) == 1 or (
        len(up) == 4 and max(sum(c.suit == s for c in up) for s in {c.suit for c in up}) >= 3)


def stud_question(ref: QuestionRef) -> StudQuestion:
    """A random table, or for the tricky level one whose answer turns on a fine point."""
    if ref.drill is not Drill.STUD:
        raise ValueError(f"{ref.drill} is not the stud drill")
    rng = ref.rng()
    ask = rng.choice(list(StudAsk))
    tricky = ref.level is Level.TRICKY
    open_pair = not tricky or rng.random() < 0.6
    ties = (ShowingTies.SEAT if tricky and ask is StudAsk.FIRST_TO_ACT and rng.random() < 0.25
            else ShowingTies.SUIT)
    tie = rng.random() < 0.4
    for _ in range(MAX_DRAWS):
        street, up = _deal(rng, ask)
        question = StudQuestion(ref, ask, street, up, open_pair=open_pair, showing_ties=ties)
        if not tricky or _tricky(question, tie=tie):
            return question
    raise RuntimeError(f"no tricky {ask.value} table in {MAX_DRAWS} deals")


def choices(question: StudQuestion) -> tuple[str, ...]:
    """What the player may answer: the players' names, or yes and no."""
    if question.ask is StudAsk.BIG_BET:
        return ("Yes", "No")
    return question.names


def judge_stud(question: StudQuestion, chosen: str) -> Verdict:
    """Judge a name (bring-in, first to act) or "Yes"/"No" (the big bet)."""
    if chosen not in choices(question):
        raise ValueError(f"answer one of: {', '.join(choices(question))}")
    answer = question.answer()
    names = question.names
    if question.ask is StudAsk.BIG_BET:
        correct = (chosen == "Yes") == answer
        said = "Yes" if answer else "No"
        verdict = "Right" if correct else "Not quite"
        headline = f"{verdict}: {said.lower()}, {_big_bet_reason(question)}"
        solution = f"{said.lower()}, the opener {'may' if answer else 'may not'} bet {BIG_BET}"
    else:
        assert isinstance(answer, int) and not isinstance(answer, bool)
        correct = chosen == names[answer]
        verb = "brings in" if question.ask is StudAsk.BRING_IN else "acts first"
        headline = f"{'Right' if correct else 'Not quite'}: {names[answer]} {verb}."
        solution = f"{names[answer]} {verb}"
    details = _reasons(question)
    table = tuple((name, format_cards(up), describe_showing(up))
                  for name, up in zip(names, question.up, strict=True))
    return Verdict(correct=correct, headline=headline, details=tuple(details),
                   columns=("Player", "Up cards", "Showing"), table=table,
                   answer=f"answered {chosen}", solution=solution, theme=_THEMES[question.ask])


def _big_bet_reason(question: StudQuestion) -> str:
    street = STREET_NAMES[question.street]
    if question.street == 3:
        return (f"on third street the bring-in is {BRING_IN} and a completion makes it "
                f"{SMALL_BET}: the big bet never comes before fifth street, or fourth with an "
                "open pair.")
    if question.street >= 5:
        return f"from fifth street every bet and raise is the big bet, {BIG_BET}."
    pairs = question.pair_showing()
    if not pairs:
        return f"no pair shows on {street}, so bets stay at the small bet, {SMALL_BET}."
    who = question.names[pairs[0]]
    showing = describe_showing(question.up[pairs[0]]).lower()
    if question.open_pair:
        return (f"{who} shows {showing}: with the open-pair rule on, anyone may bet "
                f"{BIG_BET} on fourth street (or just {SMALL_BET}).")
    return (f"{who} shows {showing}, but the open-pair rule is off at this table: fourth "
            f"street stays at {SMALL_BET}.")


def _reasons(question: StudQuestion) -> list[str]:
    names = question.names
    answer = question.answer()
    if question.ask is StudAsk.BRING_IN:
        assert not isinstance(answer, bool)
        low = question.up[answer][0]
        same = [names[s] for s, up in enumerate(question.up)
                if up[0].rank == low.rank and s != answer]
        reasons = [f"The lowest up card brings in, and the ace is high: {low} is the lowest."]
        if same:
            reasons.append(f"{', '.join(same)} also show{'s' if len(same) == 1 else ''} a "
                           f"{low.rank.word}; equal ranks go by suit, clubs lowest, then "
                           f"diamonds, hearts, spades, so {low} brings in.")
        return reasons
    if question.ask is StudAsk.FIRST_TO_ACT:
        assert not isinstance(answer, bool)
        best = question.up[answer]
        reasons = [f"The best showing hand acts first; straights and flushes do not count: "
                   f"{names[answer]} shows {describe_showing(best).lower()}."]
        tied = [names[s] for s, up in enumerate(question.up)
                if s != answer and showing_order(up) == showing_order(best)]
        if tied:
            if question.showing_ties is ShowingTies.SUIT:
                reasons.append(f"{', '.join(tied)} show{'s' if len(tied) == 1 else ''} the same; "
                               f"the suit of the highest card decides, and {max(best)} is "
                               "the highest.")
            else:
                reasons.append(f"{', '.join(tied)} show{'s' if len(tied) == 1 else ''} the same; "
                               f"at this table seat order decides, and {names[answer]} sits "
                               "nearest the dealer's left.")
        return reasons
    return [question.rules]
