"""Which question comes next: one near the learner's rating, a mistake due again, the daily set.

New questions are chosen as puzzle sites choose them: several seeds are
drawn, each question's rating is looked up (its shared rating, or the
engine's estimate of its difficulty for a question nobody has answered), and
the one closest to the learner's rating is asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date

from engine.games import GAMES
from engine.quiz.common import MAX_SEED, Drill, Level, QuestionRef
from engine.quiz.difficulty import estimate
from ui.training.ratings import QUESTION_RD, Rating
from ui.training.record import ref_key

CANDIDATES = 6
"""Seeds drawn for each choice."""
DAILY = 10
Ratings = Callable[[Iterable[str]], Mapping[str, Rating]]


def practice_levels(drill: Drill) -> tuple[Level, ...]:
    """The levels a chosen question may come from: all but the fixed worked examples."""
    return tuple(level for level in drill.levels if level is not Level.TUTORIAL)


def candidates(drill: Drill, levels: Sequence[Level], rng: random.Random,
               count: int = CANDIDATES, *, game: str = "") -> list[QuestionRef]:
    """``count`` new questions of the drill (of ``game``, for a drill dealt per game)."""
    return [QuestionRef(drill, rng.choice(list(levels)), rng.randrange(MAX_SEED + 1), game)
            for _ in range(count)]


def games_for(drill: Drill) -> tuple[str, ...]:
    """The games a per-game drill is dealt for, in the engine's order (every registered
    game; the best five cards only where a hand holds more than five to choose from)."""
    if not drill.per_game:
        return ()
    return tuple(g for g in GAMES if drill.deals(g))


def rated(refs: Sequence[QuestionRef], ratings: Ratings) -> list[tuple[QuestionRef, Rating]]:
    """Each reference with its rating: the shared one if answered before, else a new one
    at the engine's estimate."""
    known = ratings([ref_key(ref) for ref in refs])
    return [(ref, known.get(ref_key(ref)) or Rating(estimate(ref), QUESTION_RD))
            for ref in refs]


def choose_near(drill: Drill, target: float, *, ratings: Ratings, rng: random.Random,
                levels: Sequence[Level] | None = None, count: int = CANDIDATES,
                game: str = "") -> tuple[QuestionRef, Rating]:
    """The candidate whose rating is closest to ``target``, and that rating (which the
    answer is then played against, without reading it again). ``game`` is the game a
    per-game drill deals for."""
    pool = rated(candidates(drill, levels or practice_levels(drill), rng, count, game=game),
                 ratings)
    return min(pool, key=lambda pair: abs(pair[1].rating - target))


def daily_set(day: date) -> tuple[QuestionRef, ...]:
    """Today's ten, the same for everyone: every drill once while there are no more drills
    than ten, in an order drawn by the day, then more drawn the same way until ten; each a
    random deal or a trap, and a drill dealt per game for a game drawn by the day.

    Sophie's Pick gives random deals only (a tricky one takes a second to deal).

    >>> daily_set(date(2026, 1, 5)) == daily_set(date(2026, 1, 5))
    True
    >>> len(daily_set(date(2026, 1, 5)))
    10
    """
    rng = random.Random(f"daily/{day.isoformat()}")
    refs: list[QuestionRef] = []
    while len(refs) < DAILY:
        drills = list(Drill)
        rng.shuffle(drills)
        for drill in drills[:DAILY - len(refs)]:
            levels = (Level.RANDOM,) if drill is Drill.SOPHIE else practice_levels(drill)
            games = games_for(drill)
            refs.append(QuestionRef(drill, rng.choice(levels), rng.randrange(MAX_SEED + 1),
                                    rng.choice(games) if games else ""))
    return tuple(refs)
