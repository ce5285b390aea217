"""Every step kind, by name: each module in this folder lists its kinds in ``KINDS`` and
the types of the announcements they read in ``SETTING_TYPES``; dropping a module here
registers its kinds for every game (``engine.games.steps`` says what a kind is).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from engine.games.steps import StepKind

__all__ = ["SETTING_TYPES", "STEP_KINDS"]


def _modules() -> tuple[object, ...]:
    return tuple(importlib.import_module(f"{__name__}.{info.name}")
                 for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name))


_FOUND = _modules()

STEP_KINDS: Mapping[str, StepKind] = MappingProxyType(
    {kind.name: kind for module in _FOUND for kind in getattr(module, "KINDS", ())})
"""Every step kind by name."""

SETTING_TYPES: Mapping[str, type[StrEnum]] = MappingProxyType(
    {name: kind for module in _FOUND for name, kind in getattr(module, "SETTING_TYPES", ())})
"""The named choices an announcement may be (``type = "<name>"`` in a setting)."""
