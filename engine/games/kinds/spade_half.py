"""The announcement a spade-in-the-hole pot half reads: which spade takes it. No step
kind of its own: the half is declared under ``[rules.wins]`` (``spade = "high"``, or
``spade = { setting = ... }`` naming a ``spade-half`` setting)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["KINDS", "SETTING_TYPES", "SpadeHalf"]


class SpadeHalf(StrEnum):
    """Which spade in the hole takes its half of the pot."""

    HIGH = "high"
    """The highest spade face down (Chicago)."""
    LOW = "low"
    """The lowest spade face down, the deuce lowest (the announced low spade)."""
    LOW_ACE = "low-ace"
    """The lowest spade face down, the ace below the deuce (a house's Low Chicago)."""


KINDS = ()

SETTING_TYPES = (("spade-half", SpadeHalf),)
