"""Kept for imports written before the helpers moved: see :mod:`tests.support.pokerkit_kept`."""

from tests.support.pokerkit_kept import (
    KeptEntry,
    RememberedHands,
    RememberingHistory,
    kept,
    remember_hands,
    remembering,
)

__all__ = [
    "KeptEntry",
    "kept",
    "RememberedHands",
    "remembering",
    "remember_hands",
    "RememberingHistory",
]
