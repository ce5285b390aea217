"""What is legal here: a betting spot from a real random hand of any registered game, and
which actions the rules allow, for what amounts in a fixed-limit game.

The hand is dealt from the question's seed, under the game's default announcements or
one that changes its betting (fixed, pot or no limit), and played by a loose table
(``engine.quiz.dealt``) to one of its betting decisions; the answer is the engine's
own ``legal_actions`` for the seat to act, so the drill and the table never disagree.
The answers offered are those actions and look-alikes the rules refuse (a check facing
a bet, a call of the whole bet by a seat that has chips in, a raise of the wrong size or
past the cap), each explained. In pot limit and no limit the bet or raise is asked
without its amount, and the explanation gives the range. A tricky spot turns on a fine
point: chips already in (a blind, a bring-in), the bring-in's choice, a capped round,
two bet sizes (an open pair), or a stack too short to call in full.

>>> q = legal_question(QuestionRef(Drill.LEGAL, Level.RANDOM, 2, game="seven-card-stud"))
>>> set(q.legal) <= set(q.options) and judge_legal(q, q.legal).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass

from engine.games import GAMES, Settings, new_hand
from engine.games.phases import Betting
from engine.quiz.common import Drill, Level, QuestionRef, Verdict
from engine.quiz.dealt import betting_settings, deal, policy_action
from engine.state import Action, ActionKind, HandState, HandView, seat_name
from engine.table import BetRange, Options, Structure

__all__ = ["LegalQuestion", "judge_legal", "legal_question"]

MOST_OPTIONS = 6
MAX_HANDS = 20
"""Hands dealt looking for a betting decision before the game is said to have none."""


@dataclass(frozen=True, slots=True)
class Spot:
    """The betting facts of the decision, read from the table before anything is chosen."""

    options: Options
    top: int
    mine: int
    stack: int
    size: int
    structure: Structure
    raises: int
    cap: int | None
    players_in: int

    @property
    def limit(self) -> bool:
        return self.structure is Structure.FIXED_LIMIT

    @property
    def capped(self) -> bool:
        return (self.limit and self.cap is not None and self.raises >= self.cap
                and self.players_in > 2)


@dataclass(frozen=True, slots=True)
class LegalQuestion:
    """The seat's view at the decision, what it may do, and the answers offered."""

    ref: QuestionRef
    view: HandView
    seat: int
    spot: Spot
    legal: tuple[str, ...]
    options: tuple[str, ...]
    reasons: tuple[tuple[str, str], ...]
    """(option, why it is or is not allowed) for every option offered."""
    hand: tuple[int, int, Settings, tuple[Action, ...]] = (2, 0, Settings(), ())
    """(players, seed, settings, the decisions before the spot): the hand to replay."""

    def rebuild(self) -> HandState:
        """The hand at the spot, dealt and played again (for a check by the engine)."""
        players, seed, settings, actions = self.hand
        state = new_hand(self.ref.game, players=players, seed=seed, settings=settings)
        for action in actions:
            state.apply(action)
        return state

    @property
    def game_name(self) -> str:
        return GAMES[self.ref.game].name

    @property
    def prompt(self) -> str:
        amounts = " and for what amounts" if self.spot.limit else ""
        return (f"**{self.game_name}**, {self.view.street.lower()}: "
                f"{seat_name(self.seat)} (you) to act. Which actions are legal{amounts}? "
                "Choose every one.")


def label(action: Action, *, limit: bool) -> str:
    """An action as an answer: ``"Call 5"``, ``"Raise to 20"`` (``"Raise"`` in pot or no
    limit, where any amount in the range is allowed)."""
    amount = action.amount or 0
    match action.kind:
        case ActionKind.FOLD:
            return "Fold"
        case ActionKind.CHECK:
            return "Check"
        case ActionKind.CALL:
            return f"Call {amount}"
        case ActionKind.BRING_IN:
            return f"Bring in for {amount}"
        case ActionKind.BET:
            return f"Bet {amount}" if limit else "Bet"
        case ActionKind.RAISE:
            return f"Raise to {amount}" if limit else "Raise"
        case ActionKind.COMPLETE:
            return f"Complete to {amount}" if limit else "Complete"
    raise ValueError(f"{action.kind} is not a betting action")


def _spot(state: HandState, seat: int) -> Spot:
    table = state.table
    phase = state.phase
    size = state.game.bet_size(state, phase)[0]  # type: ignore[arg-type]
    return Spot(options=table.options(seat), top=max(table.bets), mine=table.bets[seat],
                stack=table.stacks[seat], size=size, structure=table.structure,
                raises=table.round_raises, cap=table.cap, players_in=len(table.in_hand()))


def _is_betting(state: HandState) -> bool:
    """A betting round's decision (a fold offered by a rule's price, Baseball's face-up
    three, is none)."""
    if state.is_over or len(state.to_act) != 1 or not isinstance(state.phase, Betting):
        return False
    return any(a.kind.is_betting for a in state.legal_actions(state.to_act[0]))


def _tricky(spot: Spot) -> bool:
    """A spot that turns on a fine point of the betting rules."""
    options = spot.options
    call = options.call or 0
    return bool(options.bring_in or (call and spot.mine) or (call and call < spot.top - spot.mine)
                or (spot.capped and call) or (options.bet and len(options.bet.amounts) > 1))


def _play(ref: QuestionRef, rng: random.Random) -> tuple[HandState, list[int]]:
    """A hand played to its end by a loose table, and the decisions that were betting
    spots (tricky ones only, for the tricky level, when there are any)."""
    variants = betting_settings(GAMES[ref.game])
    state = deal(ref.game, rng, settings=variants[0] if rng.random() < 0.6
                 else rng.choice(variants))
    spots: list[int] = []
    tricky: list[int] = []
    for number in range(400):
        if state.is_over:
            break
        seat = state.to_act[0]
        if _is_betting(state):
            spots.append(number)
            if _tricky(_spot(state, seat)):
                tricky.append(number)
        state.apply(policy_action(state, seat, rng))
    return state, (tricky or spots) if ref.level is Level.TRICKY else spots


def legal_question(ref: QuestionRef) -> LegalQuestion:
    """A betting spot of the ref's game, with the answers offered."""
    if ref.drill is not Drill.LEGAL:
        raise ValueError(f"{ref.drill} is not the legal-actions drill")
    rng = ref.rng()
    played, spots = _play(ref, rng)
    for _ in range(MAX_HANDS):
        if spots:
            break
        played, spots = _play(ref, rng)  # everyone all in before any betting: deal again
    else:
        raise ValueError(f"{played.game.name} dealt no betting decision in {MAX_HANDS} hands")
    number = rng.choice(spots)
    state = new_hand(ref.game, players=played.players, seed=played.seed,
                     settings=played.settings)
    for action in played.actions[:number]:
        state.apply(action)
    seat = state.to_act[0]
    spot = _spot(state, seat)
    legal = tuple(dict.fromkeys(label(a, limit=spot.limit) for a in state.legal_actions(seat)
                                if a.kind.is_betting))
    reasons: dict[str, str] = {}
    for option, ok, why in _reasons(spot, state.legal_actions(seat), state.bet_range(seat)):
        if (option in legal) == ok:
            reasons.setdefault(option, why)
    for option in legal:
        reasons.setdefault(option, "The rules allow it here.")
    wrong = [option for option in reasons if option not in legal]
    rng.shuffle(wrong)
    offered = [*legal, *wrong[:max(2, MOST_OPTIONS - len(legal))]]
    offered.sort(key=_ORDER)
    return LegalQuestion(ref, state.view(seat), seat, spot, legal, tuple(offered),
                         tuple((o, reasons[o]) for o in offered),
                         (played.players, played.seed, played.settings,
                          tuple(played.actions[:number])))


Entry = tuple[str, bool, str]
"""(an answer, whether the rules allow it here, why)."""
_KINDS = ("Fold", "Check", "Call", "Bring", "Complete", "Bet", "Raise")


def _ORDER(option: str) -> tuple[int, int]:  # noqa: N802 - a sort key, named as a table
    """Answers in the order a player thinks of them, smaller amounts first."""
    first, *rest = option.split()
    amount = int(rest[-1]) if rest and rest[-1].isdecimal() else 0
    return _KINDS.index(first), amount


def _reasons(spot: Spot, legal: list[Action], bets: BetRange | None) -> list[Entry]:
    """Every action that could be asked about here, whether the rules allow it, and why."""
    options = spot.options
    call = options.call or 0
    owed = spot.top - spot.mine
    said: list[Entry] = []
    facing = f"The bet is {spot.top} and you have {spot.mine} in this round"
    if options.bring_in:
        said += [(f"Bring in for {options.bring_in}", True, "Your up card brings in: you post "
                  f"the bring-in, {options.bring_in}, or complete to the full bet."),
                 ("Fold", False, "The bring-in is forced: you may not fold, only bring in "
                  "or complete."),
                 ("Check", False, "The bring-in is forced: nobody may check before it is in.")]
    elif call:
        short = " It is all you have left, so you call all in." if call < owed else ""
        said += [("Fold", True, f"{facing}: facing a bet you may fold."),
                 ("Check", False, f"{facing}: facing a bet you call, raise or fold; a check "
                  "is not allowed."),
                 (f"Call {call}", True, f"{facing}: a call adds the difference, {call}.{short}")]
        if spot.mine:
            said.append((f"Call {spot.top}", False, "A call adds only the difference between "
                         f"the bet and what you have in: {owed}, not {spot.top}."))
        if call < owed:
            said.append((f"Call {owed}", False, f"You have only {call} left: a call puts in "
                         "all of it."))
    else:
        said += [("Check", True, f"Nobody has bet more than your {spot.mine} this round, so "
                  "you may check." if spot.mine else "Nobody has bet this round, so you may "
                  "check."),
                 ("Fold", False, "Nobody has bet more than you this round: check instead (a "
                  "fold is offered only facing a bet)."),
                 (f"Call {spot.size}", False, "There is no bet to call: check or bet.")]
    said += _aggression(spot, legal, bets)
    return said


def _aggression(spot: Spot, legal: list[Action], bets: BetRange | None) -> list[Entry]:
    """The bets, raises and completions: those allowed and look-alikes refused."""
    kinds = {a.kind for a in legal}
    facing = bool(spot.options.call) or bool(spot.top and spot.top > spot.mine)
    said: list[Entry] = []
    if not spot.limit:
        most = ("the pot after your call" if spot.structure is Structure.POT_LIMIT
                else "all your chips")
        for kind, word in ((ActionKind.BET, "Bet"), (ActionKind.RAISE, "Raise"),
                           (ActionKind.COMPLETE, "Complete")):
            if kind in kinds and bets is not None:
                said.append((word, True, f"{word} to any amount from {bets.minimum} to "
                             f"{bets.maximum} ({most} at most)."))
        if ActionKind.RAISE not in kinds:
            said.append(("Raise", False, _no_raise(spot) if facing or spot.top else
                         "Nobody has bet this round: the first chips in are a bet, not a "
                         "raise."))
        if ActionKind.BET not in kinds:
            said.append(("Bet", False, "There is a bet already: more chips are a raise."
                         if spot.top else _no_raise(spot)))
        return said
    for action in legal:
        text = label(action, limit=True) if action.kind.is_betting else ""
        if action.kind is ActionKind.COMPLETE:
            said.append((text, True, "The bring-in may be completed to the full bet, "
                         f"{action.amount}."))
        elif action.kind is ActionKind.BET:
            sizes = spot.options.bet.amounts if spot.options.bet else ()
            more = (" An open pair on fourth street lets the first bet be the big bet too."
                    if len(sizes) > 1 else "")
            said.append((text, True, f"In fixed limit this round's bet is {spot.size}.{more}"))
        elif action.kind is ActionKind.RAISE and (action.amount or 0) - spot.top > spot.size:
            said.append((text, True, "An open pair on fourth street allows the big bet: "
                         f"{spot.top} to {action.amount}."))
        elif action.kind is ActionKind.RAISE:
            said.append((text, True, "In fixed limit a raise goes up by the round's bet: "
                         f"{spot.top} to {action.amount}."))
    if ActionKind.RAISE in kinds:
        raised = max(a.amount or 0 for a in legal if a.kind is ActionKind.RAISE)
        said.append((f"Raise to {raised + spot.size}", False, "A raise is exactly one bet "
                     f"more than the bet faced, never two: {spot.top} to {raised}."))
    elif spot.top and not spot.options.bring_in and ActionKind.COMPLETE not in kinds:
        said.append((f"Raise to {spot.top + spot.size}", False, _no_raise(spot)))
    if ActionKind.BET in kinds:
        said.append((f"Bet {2 * spot.size}", False, f"This round is played at {spot.size}: "
                     "a first bet of twice that is not allowed."))
    elif spot.top and ActionKind.COMPLETE not in kinds:
        said.append((f"Bet {spot.size}", False, "There is a bet already: more chips are a "
                     "raise."))
    if ActionKind.COMPLETE in kinds:
        said.append((f"Raise to {2 * spot.size}", False, "Over a bring-in the first raise "
                     f"completes to the bet, {spot.size}; there is no raise before that."))
    return said


def _no_raise(spot: Spot) -> str:
    """Why no bet or raise is open, in the table's terms."""
    if spot.capped:
        return (f"The betting is capped: a bet and {spot.cap - 1 if spot.cap else 0} "
                "raises this round (no cap once only two players are left).")
    if spot.stack <= spot.top - spot.mine:
        return "Calling takes all your chips: there is nothing left to raise with."
    return ("No raise is open: either nobody left could call one (all in), or the last "
            "raise was an all in for less than a full raise, which does not reopen the "
            "betting to a player who already acted.")


def judge_legal(question: LegalQuestion, chosen: Collection[str]) -> Verdict:
    """Right when the chosen answers are exactly the legal actions."""
    picked = set(chosen)
    if not picked or not picked <= set(question.options):
        raise ValueError("choose one or more of the actions offered")
    legal = set(question.legal)
    correct = picked == legal
    listed = ", ".join(question.legal)
    headline = (f"Right: {listed}." if correct
                else f"Not quite: the legal actions are {listed}.")
    details = []
    missed = [o for o in question.legal if o not in picked]
    extra = [o for o in question.options if o in picked and o not in legal]
    reasons = dict(question.reasons)
    for option in (*extra, *missed):
        details.append(f"{option}: {reasons[option]}")
    if not question.spot.limit:
        details.append(f"In {question.spot.structure.label.lower()} the amount of a bet or "
                       "raise is yours to choose within its range.")
    table = tuple((option, "legal" if option in legal else "not allowed", reasons[option])
                  for option in question.options)
    return Verdict(correct=correct, headline=headline, details=tuple(details),
                   columns=("Action", "Here", "Why"), table=table,
                   answer="chose " + ", ".join(o for o in question.options if o in picked),
                   solution=listed, theme=theme(question))


def theme(question: LegalQuestion) -> str:
    """What the spot turns on."""
    spot = question.spot
    call = spot.options.call or 0
    if spot.options.bring_in:
        return "The bring-in's choice"
    if spot.capped and call:
        return "The cap on raises"
    if spot.options.bet and len(spot.options.bet.amounts) > 1:
        return "Two bet sizes (an open pair)"
    if call and call < spot.top - spot.mine:
        return "Too short to call in full"
    if call and spot.mine:
        return "Chips already in"
    if call:
        return "Facing a bet"
    return "Nobody has bet"
