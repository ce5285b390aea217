"""What a question turns on (its theme) and how hard it is likely to be, before anyone answers.

Every question starts its rating from :func:`estimate`, on the chess puzzle
scale (1500 an average question, a higher number a harder one): the level
sets the base (a worked example is easy, a trap is hard) and the question's
own shape adds to it, e.g. a trap where the flush hides behind a straight,
a low hand, a tie, a board that plays, or a split decided by a both-way
declaration. The shared rating every learner's answers then move
(``ui.training``) takes over from the estimate.

>>> from engine.quiz.common import Drill, Level, QuestionRef
>>> estimate(QuestionRef(Drill.PARTNER, Level.TUTORIAL, 1)) < estimate(
...     QuestionRef(Drill.PARTNER, Level.TRICKY, 1))
True
>>> theme(QuestionRef(Drill.PARTNER, Level.TUTORIAL, 0))
'A straight in sight, a flush better'
"""

from __future__ import annotations

from types import MappingProxyType

from engine.hands import HandKind, LowRanking
from engine.quiz import best_five, expose, legal
from engine.quiz.best_five import Half, best_five_question
from engine.quiz.common import Drill, Level, QuestionRef
from engine.quiz.expose import expose_question
from engine.quiz.legal import legal_question
from engine.quiz.partner import PLAIN_THEME, partner_question
from engine.quiz.psycho import Declaration, psycho_question
from engine.quiz.psycho import _theme as _psycho_theme
from engine.quiz.showdown import Pattern, _pattern, showdown_question
from engine.quiz.showdown import _theme as _showdown_theme
from engine.quiz.sophie import _THEMES as _SOPHIE_THEMES
from engine.quiz.sophie import Pick
from engine.quiz.stud import _THEMES as _STUD_THEMES
from engine.quiz.stud import StudAsk, stud_question
from engine.quiz.traps import Trap, traps_sprung

__all__ = ["BASE", "estimate", "theme", "theme_and_estimate"]

BASE = MappingProxyType({Level.TUTORIAL: 1150.0, Level.RANDOM: 1400.0, Level.TRICKY: 1650.0})
"""Where a level's questions start before their own shape is counted."""
_TRAP = MappingProxyType({Trap.STRAIGHT: 150.0, Trap.SUITS: 110.0, Trap.WHEEL: 130.0,
                          Trap.FULL_HOUSE: 100.0, Trap.KICKER: 60.0})
_PATTERN = MappingProxyType({Pattern.TIE: 100.0, Pattern.BOARD_PLAYS: 150.0,
                             Pattern.CLOSE: 60.0})
_STUD = MappingProxyType({StudAsk.BRING_IN: 0.0, StudAsk.FIRST_TO_ACT: 80.0,
                          StudAsk.BIG_BET: 60.0})
_SOPHIE = MappingProxyType({Pick.LOCK: 100.0, Pick.FIRST: 60.0, Pick.FINAL: 0.0})
_SOPHIE_TRICKY_PICKS = (Pick.FIRST, Pick.FINAL)
_LEGAL = MappingProxyType({"The bring-in's choice": 60.0, "The cap on raises": 140.0,
                           "Two bet sizes (an open pair)": 120.0,
                           "Too short to call in full": 120.0, "Chips already in": 60.0})


def theme(ref: QuestionRef) -> str:
    """The theme the question's verdict will carry, whatever the answer."""
    return theme_and_estimate(ref)[0]


def estimate(ref: QuestionRef) -> float:
    """The engine's guess at the question's rating, from its level and its shape."""
    return theme_and_estimate(ref)[1]


def theme_and_estimate(ref: QuestionRef) -> tuple[str, float]:
    """Both at once, dealing the question only once.

    A tricky Sophie's Pick question takes about a second to deal (its traps are
    screened by the odds engine), so it is not dealt here: its theme is read from
    the seed's first draw and its estimate is the level's.
    """
    base = BASE[ref.level]
    match ref.drill:
        case Drill.PARTNER:
            return _partner(ref, base)
        case Drill.SHOWDOWN:
            question = showdown_question(ref)
            extra = {HandKind.HIGH: 0.0, HandKind.ACE_TO_FIVE: 80.0,
                     HandKind.DEUCE_TO_SEVEN: 120.0}[question.kind]
            pattern = _pattern(question)
            extra += _PATTERN[pattern] if pattern else 0.0
            extra += 40.0 * (len(question.hands) - 2)
            return _showdown_theme(question), base + extra
        case Drill.STUD:
            stud = stud_question(ref)
            extra = _STUD[stud.ask] + 10.0 * (len(stud.up) - 2)
            extra += 0.0 if stud.open_pair else 40.0
            return _STUD_THEMES[stud.ask], base + extra
        case Drill.PSYCHO:
            psycho = psycho_question(ref)
            result = psycho.settlement()
            extra = 60.0 if psycho.ranking is LowRanking.DEUCE_TO_SEVEN else 0.0
            if Declaration.BOTH in psycho.declarations:
                extra += 120.0
            if not result.high_winners or not result.low_winners:
                extra += 150.0
            if len(result.high_winners) > 1 or len(result.low_winners) > 1:
                extra += 80.0
            return _psycho_theme(psycho), base + extra
        case Drill.SOPHIE:
            pick = ref.rng().choice(list(_SOPHIE_TRICKY_PICKS) if ref.level is Level.TRICKY
                                    else list(Pick))
            return _SOPHIE_THEMES[pick], base + _SOPHIE[pick]
        case Drill.BEST_FIVE:
            five = best_five_question(ref)
            extra = 0.0 if five.half is Half.HIGH else (
                120.0 if five.ranking is LowRanking.DEUCE_TO_SEVEN else 60.0)
            extra += 100.0 if five.types.hole_cards is not None else 0.0
            extra += 80.0 if five.may_say_no_low and not five.qualifies() else 0.0
            extra += 60.0 if five.tricky() else 0.0
            return best_five.theme(five), base + extra
        case Drill.LEGAL:
            spot = legal_question(ref)
            found = legal.theme(spot)
            return found, base + _LEGAL.get(found, 0.0) + 10.0 * (len(spot.legal) - 2)
        case Drill.EXPOSE:
            # The measure takes a moment per hand: the estimate reads the hand's shape only.
            exposed = expose_question(ref)
            extra = 60.0 if exposed.ranking is LowRanking.DEUCE_TO_SEVEN else 0.0
            extra += 80.0 if exposed.plan == "high" else 0.0
            return expose.theme(exposed), base + extra
    raise ValueError(f"unknown drill {ref.drill!r}")


def _partner(ref: QuestionRef, base: float) -> tuple[str, float]:
    question = partner_question(ref)
    trap = question.trap
    if trap is None:
        found = traps_sprung(question.anchors, question.others)
        trap = found[0] if found else None
    if trap is None:
        return PLAIN_THEME, base
    return trap.label, base + _TRAP[trap]
