"""Counting outcomes and saying how sure we are: tallies, estimates and answers.

Every odds question is answered the same way: deals are enumerated or
sampled in chunks, each chunk returns a ``Tally`` (the number of deals and,
for every named measure, the sum of its per-deal values and of their
squares), tallies add up, and ``Tally.answer`` turns the total into
``Estimate`` values with a 95% confidence interval.

A measure's per-deal value is a share of a pot (1 for a win, 1/k for a k-way
tie, 0 for a loss: PokerStove's convention) or an indicator (a win, a hand
category). An exact answer (every deal enumerated, each equally likely) has
an interval of zero width; a sampled one uses the normal interval, or the
Wilson interval when every sample gave the same value (the normal one would
claim certainty after a few hundred deals).

>>> import numpy as np
>>> tally = Tally.of(("win",), np.array([[1.0], [0.0], [0.5], [1.0]]))
>>> answer = tally.answer(exact=True, seconds=0.0)
>>> answer["win"].value, answer["win"].half_width
(0.625, 0.0)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

__all__ = ["Answer", "Estimate", "Method", "Tally", "Z95"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


class Method(StrEnum):
    """How an answer was found: every deal counted, or a random sample of deals."""

    EXACT = "exact"
    SAMPLED = "sampled"


@dataclass(frozen=True, slots=True)
class Estimate:
    """A probability or share with its 95% interval (``low == high`` when exact)."""

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the interval's width: the "±" figure."""
        return (self.high - self.low) / 2

    def percent(self, digits: int = 1) -> str:
        """``"41.2%"`` or ``"41.2% ± 0.8"`` (percentage points) when sampled; a small
        chance keeps two significant figures.

        >>> Estimate(0.4123, 0.4043, 0.4203).percent(), Estimate(3.2e-5, 3.2e-5, 3.2e-5).percent()
        ('41.2% ± 0.8', '0.0032%')
        """
        shown = 100 * self.value
        places = digits
        if 0 < shown < 10 ** -digits:
            places = 1 - math.floor(math.log10(shown))
        text = f"{shown:.{places}f}%"
        if self.high > self.low:
            text += f" ± {100 * self.half_width:.{places}f}"
        return text


def _wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound at 0 and 1)."""
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    spread = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def _interval(total: float, squares: float, n: int, *, exact: bool) -> Estimate:
    mean = total / n
    if exact:
        return Estimate(mean, mean, mean)
    variance = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
    if variance <= 1e-15:
        low, high = _wilson(total, n)
        return Estimate(mean, min(low, mean), max(high, mean))
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, max(0.0, mean - half), min(1.0, mean + half))


@dataclass(frozen=True)
class Answer:
    """The estimates for one question, how they were found, and how long it took.

    ``deals`` is the number of deals counted (every deal when exact, the
    sample size when sampled); ``seconds`` is server time.
    """

    method: Method
    deals: int
    seconds: float
    estimates: Mapping[str, Estimate]
    why: str = ""
    """Why a sampled answer was not counted exactly, in words (after "because"); for an exact
    answer that needed no count, why not (a sentence)."""

    def __getitem__(self, name: str) -> Estimate:
        return self.estimates[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.estimates)

    @property
    def exact(self) -> bool:
        return self.method is Method.EXACT

    def widest(self) -> float:
        """The largest half-width of any measure: how far off a figure may be."""
        return max((e.half_width for e in self.estimates.values()), default=0.0)

    def describe(self) -> str:
        """One sentence for the page: exact or sampled, how many deals, how sure.

        >>> Answer(Method.EXACT, 990, 0.01, {}).describe()
        'Exact: every one of the 990 possible deals was counted.'
        """
        if self.exact:
            if self.why:  # settled whatever the cards: one deal says it
                return f"Exact: {self.why}."
            return f"Exact: every one of the {self.deals:,} possible deals was counted."
        width = 100 * self.widest()
        because = f" Not counted exactly because {self.why}." if self.why else ""
        return (f"Sampled: {self.deals:,} random deals; each figure is within ±{width:.1f} "
                f"percentage points of the true value with 95% confidence.{because}")


@dataclass(frozen=True)
class Tally:
    """Deals counted and, per measure, the sums of its values and squared values.

    Tallies of the same measures add up, so a question can be answered in
    chunks (each cached on its own) and the chunks merged.
    """

    names: tuple[str, ...]
    count: int
    sums: npt.NDArray[np.float64]
    squares: npt.NDArray[np.float64]

    @staticmethod
    def of(names: Sequence[str], rows: npt.NDArray[np.floating]) -> Tally:
        """The tally of ``rows``: one row per deal, one column per measure."""
        values = np.asarray(rows, dtype=np.float64)
        if values.ndim != 2 or values.shape[1] != len(names):
            raise ValueError(f"{len(names)} measures need rows of {len(names)} values, "
                             f"not an array of shape {values.shape}")
        return Tally(tuple(names), len(values), values.sum(axis=0),
                     np.square(values).sum(axis=0))

    @staticmethod
    def empty(names: Sequence[str]) -> Tally:
        zeros = np.zeros(len(names))
        return Tally(tuple(names), 0, zeros, zeros.copy())

    def __add__(self, other: Tally) -> Tally:
        if self.names != other.names:
            raise ValueError("only tallies of the same measures add up")
        return Tally(self.names, self.count + other.count, self.sums + other.sums,
                     self.squares + other.squares)

    def estimates(self, *, exact: bool) -> dict[str, Estimate]:
        if self.count == 0:
            raise ValueError("no deals were counted")
        return {name: _interval(float(s), float(q), self.count, exact=exact)
                for name, s, q in zip(self.names, self.sums, self.squares, strict=True)}

    def answer(self, *, exact: bool, seconds: float) -> Answer:
        return Answer(Method.EXACT if exact else Method.SAMPLED, self.count, seconds,
                      self.estimates(exact=exact))
