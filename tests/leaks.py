"""Kept for imports written before the helpers moved: see :mod:`tests.support.leaks`."""

from tests.support.leaks import (
    ever_up,
    hidden_from,
    hidden_from_table,
    named_cards,
    pictures_read,
    seen_by,
    told_to_all,
)

__all__ = [
    "seen_by",
    "told_to_all",
    "ever_up",
    "hidden_from",
    "hidden_from_table",
    "pictures_read",
    "named_cards",
]
