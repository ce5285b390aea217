"""Answering a question in chunks: exact when every deal can be counted in time,
otherwise sampled until the interval is narrow enough.

A question (any object with the ``Question`` methods) says how many distinct
deals it has, if they can be listed, what one deal costs in hand evaluations,
and how to tally a range of deals or a seeded sample. ``solve`` decides
between exact and sampled from the ``Budget``, works chunk by chunk (telling
``progress`` as it goes) and stops sampling once every measure's 95%
interval is within ``Budget.target`` or the sample cap is reached.

Every chunk is a pure function of ``(question, Work)``: ``compute`` may be a
cached wrapper (the page caches each chunk with ``st.cache_data``), and a
sampled chunk's seed is drawn in order from the ``rng`` passed in, so the same
seed gives the same answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from engine.odds.tally import Answer, Tally

__all__ = ["DEFAULT_BUDGET", "Budget", "Progress", "Question", "Work", "solve"]

Progress = Callable[[float, str], None]
"""Told the fraction done (0..1) and a short message, between chunks."""


@dataclass(frozen=True, slots=True)
class Work:
    """One chunk: deals ``start``..``stop`` of the enumeration when ``seed`` is
    ``None``, otherwise ``stop - start`` deals sampled with that seed."""

    start: int
    stop: int
    seed: int | None = None

    @property
    def size(self) -> int:
        return self.stop - self.start


class Question(Protocol):
    """What ``solve`` needs from an odds question."""

    @property
    def measures(self) -> tuple[str, ...]:
        """Every measure the tally reports, in order."""
        ...

    def deals(self) -> int | None:
        """How many equally likely deals there are, or ``None`` if they cannot be listed."""
        ...

    def cost(self) -> int:
        """Hand evaluations per deal, to size chunks and judge the exact budget."""
        ...

    def tally(self, work: Work) -> Tally:
        """Count the deals of one chunk."""
        ...


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work an answer may take.

    ``exact_evaluations`` caps enumeration; sampling runs at least
    ``min_deals``, in chunks of about ``chunk_evaluations`` (at most
    ``most_per_chunk`` deals, so that it can stop soon), until every measure
    is within ``target`` (a probability: 0.01 is one percentage point)
    or ``max_deals`` are sampled.
    """

    target: float = 0.01
    exact_evaluations: int = 1_500_000
    chunk_evaluations: int = 400_000
    min_deals: int = 2_000
    max_deals: int = 100_000
    most_per_chunk: int = 5_000


DEFAULT_BUDGET = Budget()
"""Each answer within one percentage point, exact when 1.5 million evaluations suffice."""


def _chunk(question: Question, budget: Budget) -> int:
    return max(200, budget.chunk_evaluations // max(1, question.cost()))


def compute_chunk(question: Question, work: Work) -> Tally:
    """The default ``compute``: tally the chunk directly."""
    return question.tally(work)


def solve(question: Question, *, rng: np.random.Generator, budget: Budget = DEFAULT_BUDGET,
          progress: Progress | None = None,
          compute: Callable[[Question, Work], Tally] = compute_chunk,
          sample: bool = False) -> Answer:
    """Answer ``question``: exact if its deals fit the budget (unless ``sample``), else sampled.

    ``rng`` seeds the sampled chunks in order, so equal seeds give equal answers.
    """
    started = time.perf_counter()
    total = question.deals()
    size = _chunk(question, budget)
    exact = (not sample and total is not None
             and total * question.cost() <= budget.exact_evaluations)
    tally = Tally.empty(question.measures)
    if exact:
        assert total is not None
        for start in range(0, total, size):
            tally = tally + compute(question, Work(start, min(total, start + size)))
            if progress is not None:
                progress(min(total, start + size) / total,
                         f"Counted {tally.count:,} of {total:,} deals")
        return tally.answer(exact=True, seconds=time.perf_counter() - started)
    while True:
        count = min(size, budget.most_per_chunk, budget.max_deals - tally.count)
        seed = int(rng.integers(2**63))
        tally = tally + compute(question, Work(tally.count, tally.count + count, seed))
        widest = max(e.half_width for e in tally.estimates(exact=False).values())
        if tally.count >= budget.max_deals or (tally.count >= budget.min_deals
                                               and widest <= budget.target):
            break
        if progress is not None:
            needed = max(budget.min_deals, tally.count * (widest / budget.target) ** 2)
            progress(min(0.99, tally.count / min(needed, budget.max_deals)),
                     f"Sampled {tally.count:,} deals (within ±{100 * widest:.1f} points so far)")
    if progress is not None:
        progress(1.0, f"Sampled {tally.count:,} deals")
    return tally.answer(exact=False, seconds=time.perf_counter() - started)
