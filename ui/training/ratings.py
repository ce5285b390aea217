"""Glicko-2 ratings, as chess puzzle sites use: each answer is a game between learner and question.

The learner wins a game by answering right, the question by being missed.
Both sides are updated from the ratings they had before the game, each as a
rating period of one game (the Glicko-2 library's ``update_rating``), so
the learner's drill rating, theme rating and the question's own rating
all move with every answer.

>>> learner, question = Rating(), Rating(1700.0, 200.0)
>>> won, _ = play(learner, question, 1.0)
>>> lost, _ = play(learner, question, 0.0)
>>> lost.rating < learner.rating < won.rating
True
>>> Rating.from_json(won.to_json()) == won
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from glicko2.math import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi, update_rating

START = 1500.0
"""A new learner's rating."""
START_RD = 350.0
"""A new learner's rating deviation: nothing known yet."""
QUESTION_RD = 250.0
"""A new question's deviation: the engine's estimate is a guess, but not a blind one."""
MIN_RD = 40.0
"""Deviations stop shrinking here, so a rating keeps following a learner who improves."""
VOLATILITY = 0.06
TAU = 0.5


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the display scale: rating, deviation, volatility, games played."""

    rating: float = START
    rd: float = START_RD
    vol: float = VOLATILITY
    games: int = 0

    def to_json(self) -> list[float | int]:
        return [round(self.rating, 2), round(self.rd, 2), round(self.vol, 6), self.games]

    @classmethod
    def from_json(cls, value: object, *, default: Rating | None = None) -> Rating:
        """A rating read back from a record; anything malformed gives ``default`` (or a new one)."""
        fallback = default or cls()
        if not isinstance(value, list) or len(value) != 4:
            return fallback
        try:
            rating, rd, vol = (float(v) for v in value[:3])
            games = int(value[3])
        except (TypeError, ValueError):
            return fallback
        if not all(math.isfinite(v) for v in (rating, rd, vol)) or rd <= 0 or vol <= 0 \
                or games < 0:
            return fallback
        return cls(rating, rd, vol, games)

    def expected(self, other: Rating) -> float:
        """The chance this side wins against ``other``."""
        phi = math.hypot(rd_to_phi(self.rd), rd_to_phi(other.rd))
        g = 1.0 / math.sqrt(1.0 + 3.0 * phi ** 2 / math.pi ** 2)
        return 1.0 / (1.0 + math.exp(-g * (rating_to_mu(self.rating) - rating_to_mu(other.rating))))


def _updated(side: Rating, opponent: Rating, score: float) -> Rating:
    new = update_rating(rating_to_mu(side.rating), rd_to_phi(side.rd), side.vol,
                        [(rating_to_mu(opponent.rating), rd_to_phi(opponent.rd), score)], TAU)
    return Rating(round(mu_to_rating(new.mu), 2), round(max(MIN_RD, phi_to_rd(new.phi)), 2),
                  round(new.sigma, 6), side.games + 1)


def play(learner: Rating, question: Rating, score: float) -> tuple[Rating, Rating]:
    """One answer as a game: ``score`` is 1 for a right answer, 0 for a miss.

    Returns the learner's and the question's new ratings.
    """
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a score is from 0 to 1, not {score}")
    return _updated(learner, question, score), _updated(question, learner, 1.0 - score)
