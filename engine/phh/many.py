"""A ``.phhs`` file: many hands in one, each a TOML table (``[1]``, ``[2]`` ...) holding
one PHH hand, as the public hand-history datasets ship them. The host picks one, which is
then read as a file of its own (:func:`engine.phh.read_phh`)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from decimal import Decimal

from engine.games.declaration import read_toml

MAX_HANDS = 5000
"""The most hands one file may hold (a dataset's file holds about a thousand)."""
_HEADER = re.compile(r"^\s*\[\s*(['\"]?)([^\[\]'\"]+)\1\s*\]\s*(#.*)?$")


@dataclass(frozen=True, slots=True)
class FileHand:
    """One hand of a ``.phhs`` file: its table's name, a few words to pick it by, and its
    text as a file of its own."""

    key: str
    summary: str
    text: str


def is_phhs(text: str) -> bool:
    """Whether ``text`` looks like many PHH hands (tables that each give a variant)."""
    return bool(re.search(r"(?m)^\s*\[[^\[\]]+\]\s*$", text)) and \
        bool(re.search(r"(?m)^\s*variant\s*=", text))


def hands_in(text: str) -> list[FileHand]:
    """Every hand in a ``.phhs`` file, in the file's order; ``ValueError`` says what is wrong
    with a file that is not one."""
    try:
        data = read_toml(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"the file is not PHH (its TOML is broken: {error})") from None
    except RecursionError:
        raise ValueError("the file is nested too deeply to be a hand history") from None
    tables = {key: value for key, value in data.items()
              if isinstance(value, dict) and isinstance(value.get("variant"), str)}
    if not tables:
        raise ValueError("the file holds no hand: each hand of a .phhs file is a table such "
                         "as [1] that gives a variant")
    if len(tables) > MAX_HANDS:
        raise ValueError(f"the file holds {len(tables):,} hands; the site reads at most "
                         f"{MAX_HANDS:,} from one file")
    sections = _sections(text)
    return [FileHand(key, _summary(key, table), sections.get(key, ""))
            for key, table in tables.items() if key in sections]


def _sections(text: str) -> dict[str, str]:
    """Each table's lines, by its name, as a file of their own."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header:
            current = found.setdefault(header.group(2).strip(), [])
            continue
        if current is not None:
            current.append(line)
    return {key: "\n".join(lines) + "\n" for key, lines in found.items()}


def _summary(key: str, table: dict[str, object]) -> str:
    """Words to pick a hand by: its name, number, players, stakes and how it ended."""
    stacks = table.get("starting_stacks")
    actions = table.get("actions")
    lines = [a for a in actions if isinstance(a, str)] if isinstance(actions, list) else []
    blinds = table.get("blinds_or_straddles")
    stakes = "/".join(str(b) for b in blinds if b) if isinstance(blinds, list) else ""
    parts = [f"Hand {key}"]
    if isinstance(table.get("hand"), int):
        parts.append(f"no. {table['hand']}")
    if isinstance(stacks, list):
        parts.append(f"{len(stacks)} players")
    if stakes:
        parts.append(f"blinds {stakes}")
    shown = sum(1 for a in lines if re.match(r"^\s*p[0-9]+\s+sm\s+[^?\s]", a))
    boards = sum(1 for a in lines if re.match(r"^\s*d\s+db\s", a))
    parts.append(f"{len(lines)} lines, " + (f"{shown} hands shown" if shown else
                                            ("to the river" if boards >= 3 else
                                             "ends before the showdown")))
    return ", ".join(parts)
