"""Kept for imports written before the helpers moved: see :mod:`tests.support.scale`."""

from tests.support.scale import DEEP, FAST, FAST_SHARE, blocks, scaled

__all__ = ["DEEP", "FAST", "FAST_SHARE", "blocks", "scaled"]
