"""The declaration settlement under the name Psycho first gave it: see
``engine.games.declared_pots``, where it lives for every game that declares."""

from __future__ import annotations

from engine.games.declared_pots import Declaration, PotSplit, Share, split_pot

__all__ = ["Declaration", "PotSplit", "Share", "split_pot"]
