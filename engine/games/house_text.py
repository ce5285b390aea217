"""A house game's file as text, written from plain values.

:func:`to_toml` writes the values a file reads back to (``tomllib.loads(to_toml(d)) ==
d``), tables as sections, short tables inline.

>>> text = to_toml({"tagline": "Mine", "rules": {"name": "X", "players": {"min": 2,
...     "max": 4}, "steps": [{"kind": "showdown"}]}})
>>> print(text)
tagline = "Mine"
<BLANKLINE>
[rules]
name = "X"
players = { min = 2, max = 4 }
<BLANKLINE>
[[rules.steps]]
kind = "showdown"
<BLANKLINE>
>>> import tomllib
>>> tomllib.loads(text)["rules"]["players"]
{'min': 2, 'max': 4}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["to_toml"]

_BARE = re.compile(r"[A-Za-z0-9_\-]+")


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _inline(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    raise TypeError(f"{type(value).__name__} has no TOML form")


def _tables(value: Any) -> bool:
    """Whether ``value`` is a list of tables (written ``[[...]]``)."""
    return isinstance(value, Sequence) and not isinstance(value, str) and bool(value) \
        and all(isinstance(v, Mapping) for v in value)


def _section(value: Any) -> bool:
    """Whether a table is written as a section of its own (it holds tables or lists of them)."""
    return isinstance(value, Mapping) and any(
        isinstance(v, Mapping) or _tables(v) for v in value.values())


def _write(table: Mapping[str, Any], path: tuple[str, ...], lines: list[str]) -> None:
    for key, value in table.items():
        if not _section(value) and not _tables(value):
            lines.append(f"{_key(key)} = {_inline(value)}")
    for key, value in table.items():
        here = (*path, _key(key))
        if _section(value):
            lines.extend(["", f"[{'.'.join(here)}]"])
            _write(value, here, lines)
        elif _tables(value):
            for item in value:
                lines.extend(["", f"[[{'.'.join(here)}]]"])
                _write(item, here, lines)


def to_toml(data: Mapping[str, Any]) -> str:
    """The TOML text of plain values (text, whole numbers, switches, lists and tables)."""
    lines: list[str] = []
    _write(data, (), lines)
    return "\n".join(lines).lstrip("\n") + "\n"
