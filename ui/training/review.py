"""The review queue: every missed question comes back, scheduled by FSRS, until answered right.

One FSRS card per question (its reference as text): a miss reviews it with
``Rating.Again`` (it is due again within minutes), a right answer with
``Rating.Good``, which clears it from the mistakes. A cleared question that
is missed again re-enters the queue with its card's history, so the
schedule keeps what it learnt. An entry is plain JSON for the record.

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 1, 5, 12, tzinfo=timezone.utc)
>>> entry = reviewed(None, correct=False, when=now, card_id=1)
>>> is_open(entry), is_due(entry, now), is_due(entry, now + timedelta(minutes=2))
(True, False, True)
>>> entry = reviewed(entry, correct=True, when=now + timedelta(minutes=2), card_id=1)
>>> is_open(entry)
False
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from fsrs import Card, Rating, Scheduler

__all__ = ["due_first", "is_due", "is_open", "reviewed", "timedelta"]


def _scheduler() -> Scheduler:
    """The scheduler: FSRS's published defaults, without the random fuzz of the interval,
    so a record's schedule is the same on every machine."""
    return Scheduler(enable_fuzzing=False)


def card_of(entry: Mapping[str, Any] | None, *, card_id: int) -> Card:
    """The entry's FSRS card (a new one if it has none or it cannot be read)."""
    if entry is not None:
        try:
            return Card.from_dict(entry["card"])
        except (KeyError, TypeError, ValueError):
            pass
    return Card(card_id=card_id, due=datetime(2000, 1, 1, tzinfo=dt.UTC))


def reviewed(entry: Mapping[str, Any] | None, *, correct: bool, when: datetime,
             card_id: int) -> dict[str, Any]:
    """The queue entry after an answer: its card reviewed, open while the last answer missed."""
    card, _log = _scheduler().review_card(card_of(entry, card_id=card_id),
                                          Rating.Good if correct else Rating.Again,
                                          review_datetime=when)
    misses = int((entry or {}).get("misses", 0)) + (not correct)
    return {"card": card.to_dict(), "open": not correct, "misses": misses,
            "reviews": int((entry or {}).get("reviews", 0)) + 1}


def is_open(entry: Mapping[str, Any]) -> bool:
    """Still among the mistakes: its latest answer was a miss."""
    return bool(entry.get("open"))


def due_at(entry: Mapping[str, Any]) -> datetime:
    return card_of(entry, card_id=0).due


def is_due(entry: Mapping[str, Any], now: datetime) -> bool:
    """Open and due by ``now``."""
    return is_open(entry) and due_at(entry) <= now


def due_first(queue: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The open entries' keys, the soonest due first."""
    return sorted((key for key, entry in queue.items() if is_open(entry)),
                  key=lambda key: (due_at(queue[key]), key))
