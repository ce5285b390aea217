"""Every question's shared rating, in a bounded table that every learner's answers move.

The table is :data:`SHARDS` records in the store (a question's shard chosen by the hash
of its reference), so that learners answering different questions rarely write the same
record; each change is made with ``update_latest``, so concurrent answers all count.

Most questions are dealt from a fresh seed and answered once, so a shard keeps at most
``capacity`` ratings: past that, the ratings with the fewest answers go first, the
least recently answered among them. A question that many learners meet (the daily set,
a shared link, a mistake reviewed again and again) keeps its rating; a forgotten one
starts again from the engine's estimate, as a new question does. An entry is
``[rating, rd, vol, games, last answered]``.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ui.store import NotFound, RecordStore, hash_secret
from ui.training.ratings import Rating, play

SHARDS = 16
CAPACITY = 512
"""Ratings kept per shard: 8192 questions in all, each shard a few tens of kilobytes."""
KIND = "learner"
"""The store's kind for these records (the store knows tables and learners)."""
ROLE = "questions"
"""The key's role: never a learner's, so a training link cannot open a shard."""
_NAME = "dealers-choice question ratings {shard} of {shards}"
"""The shards' well-known names (hashed as link keys are)."""


def shard_of(key: str) -> int:
    return int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % SHARDS


def evicted(ratings: dict[str, Any], capacity: int) -> dict[str, Any]:
    """``ratings`` cut to ``capacity``: the fewest games go first, the oldest among them.

    >>> evicted({"a": [1500, 90, 0.06, 3, 10], "b": [1500, 90, 0.06, 1, 50],
    ...          "c": [1500, 90, 0.06, 1, 20]}, 2)
    {'a': [1500, 90, 0.06, 3, 10], 'b': [1500, 90, 0.06, 1, 50]}
    """
    if len(ratings) <= capacity:
        return ratings

    def worth(key: str) -> tuple[int, float]:
        entry = ratings[key]
        return int(entry[3]), float(entry[4]) if len(entry) > 4 else 0.0

    kept = set(sorted(ratings, key=worth, reverse=True)[:capacity])
    return {key: ratings[key] for key in ratings if key in kept}


@dataclass
class QuestionTable:
    """The shared ratings in ``store``; ``clock`` gives seconds since the epoch."""

    store: RecordStore
    capacity: int = CAPACITY
    clock: Callable[[], float] = time.time
    _ids: dict[int, str] = field(default_factory=dict)

    def _shard_id(self, shard: int) -> str:
        """The shard's record, made on first use (by whichever process is first)."""
        known = self._ids.get(shard)
        if known is not None:
            return known
        name = _NAME.format(shard=shard, shards=SHARDS)
        found = self.store.find(name)
        if found is None:
            with contextlib.suppress(ValueError):  # another process made it first
                self.store.create(KIND, {"questions": {}}, keys={hash_secret(name): ROLE})
            found = self.store.find(name)
        assert found is not None and found[1] == ROLE
        self._ids[shard] = found[0]
        return found[0]

    def ratings(self, keys: Iterable[str]) -> dict[str, Rating]:
        """The shared ratings of those of ``keys`` the table holds."""
        wanted: dict[int, list[str]] = {}
        for key in keys:
            wanted.setdefault(shard_of(key), []).append(key)
        found: dict[str, Rating] = {}
        for shard, shard_keys in wanted.items():
            try:
                stored = self.store.load(self._shard_id(shard)).data.get("questions", {})
            except NotFound:
                self._ids.pop(shard, None)
                continue
            for key in shard_keys:
                if key in stored:
                    found[key] = Rating.from_json(stored[key][:4])
        return found

    def rate(self, key: str, learner: Rating, score: float, *, start: Rating) -> None:
        """One answer as a game for the question: ``score`` is 1 when it was missed.

        ``start`` is the rating a question the table does not hold starts from.
        """
        when = round(self.clock(), 1)

        def change(data: dict[str, Any]) -> dict[str, Any]:
            ratings = data.setdefault("questions", {})
            stored = ratings.get(key)
            before = Rating.from_json(stored[:4] if isinstance(stored, list) else None,
                                      default=start)
            after, _ = play(before, learner, score)
            ratings[key] = [*after.to_json(), when]
            data["questions"] = evicted(ratings, self.capacity)
            return data

        self.store.update_latest(self._shard_id(shard_of(key)), change, attempts=200)
