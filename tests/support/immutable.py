"""Whether an object holds nothing that could be changed in place."""

from __future__ import annotations
import __future__

import enum
import re
import threading
import types
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import PurePath

from streamlit.runtime.caching.cache_utils import CachedFunc

from engine.games.house import AdoptedGames
from engine.odds.at_table import HandReplays
from ui.night.controller import ComputerTurns
from ui.night.follow import Tables
from ui.night.hand_states import HandStates
from ui.night.hands_log import KeptHands
from ui.night.record import Thinking
from ui.night.watch import Snapshots
from ui.store import OpenStores

_ATOMS = (type(None), str, int, float, complex, bool, bytes, range, enum.Enum, re.Pattern,
          PurePath, timedelta)


_CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
         types.MethodType, types.MethodWrapperType, types.WrapperDescriptorType,
         types.MethodDescriptorType, types.GenericAlias, types.UnionType, __future__._Feature,
         CachedFunc)


_SHARED_ON_PURPOSE = (type(threading.Lock()), type(threading.RLock()), ThreadPoolExecutor,
                      OpenStores, Tables, Snapshots, KeptHands, ComputerTurns, Thinking,
                      AdoptedGames, HandStates, HandReplays)
"""Locks, the evaluator's thread pool, the open stores, the tables a night's screens
follow (their versions) and their latest snapshots (from which each screen's socket draws
its own view only), the nights' finished hands read from the store, the tables whose
computer players are acting and how many deals they simulate, the house games a process
knows by id, the latest state of each hand a change of a night's table left and of each
hand an odds link was made for (each taken out by one caller at a time): made to be
shared between threads and screens."""


def holds_nothing_to_change(value: object) -> bool:
    """Atoms, code and what is shared on purpose: nothing in them to change or walk into."""
    return isinstance(value, (*_ATOMS, *_SHARED_ON_PURPOSE)) or _is_code(value)


def _is_code(value: object) -> bool:
    """Modules, classes, functions and typing constructs. Cached functions count as code
    (``functools`` caches and Streamlit's ``CachedFunc``): their results are checked below."""
    return (isinstance(value, _CODE) or type(value).__module__ == "typing"
            or callable(value) and hasattr(value, "cache_info"))
