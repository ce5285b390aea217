"""People's names at a game night: checking what a guest types, and writing a hand's
"Seat N" (the engine's words, ``engine.actions.seat_name``) as the names of the people in
those chairs.

The engine numbers seats from the dealer's left, so "Seat 1" is someone else every hand;
people keep their chair (and name) all night. Everything here is plain text: a name
may hold ``<`` or ``&``, which the screens escape where they draw it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import replace

from engine.state import Event

MAX_NAME = 24
"""The longest name, in characters: it fits a seat's caption on a phone and the TV."""
NAME_HELP = f"At most {MAX_NAME} characters, so the TV and every phone show it in full."
"""Said beside every box a name is typed in, which stops at :data:`MAX_NAME`."""
_SEAT_LIKE = re.compile(r"\s*seat\s*\d+\s*", re.IGNORECASE)
_SEAT_RUN = re.compile(r"\bSeat \d+\b(?:(?:, | and )Seat \d+\b)*")
_SEAT_NUMBER = re.compile(r"Seat (\d+)")


def check_name(name: object) -> str:
    """The name as kept: stripped and with runs of spaces made one. Raises ValueError with
    the reason, for the person typing, if it is empty, too long, holds a control
    character, or reads like a seat ("Seat 2"), which would make the narration lie.

    >>> check_name("  Ann  <b>  ")
    'Ann <b>'
    """
    if not isinstance(name, str):
        raise ValueError("A name is text.")
    kept = " ".join(name.split())
    if not kept:
        raise ValueError("Type a name for your chair.")
    if len(kept) > MAX_NAME:
        raise ValueError(f"A name is at most {MAX_NAME} characters.")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in kept):
        raise ValueError("A name holds letters, digits, spaces and punctuation only.")
    if _SEAT_LIKE.fullmatch(kept):
        raise ValueError("Pick a name that is not a seat number.")
    return kept


def listed(names: Sequence[str]) -> str:
    """Names as one phrase: "Ann", "Ann and Ben", "Ann, Ben and Cat".

    >>> listed(["Ann", "Ben", "Cat"])
    'Ann, Ben and Cat'
    """
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every "Seat N" of a hand written as the name of who sits there
    (``names[N - 1]``), and a list of seats ("Seat 1, Seat 2, Seat 3", "Seat 1 and
    Seat 2") as a list of names ("Ann, Ben and Cat"). A seat the hand does not have is
    left as it is.

    >>> name_seats("Seat 1, Seat 2, Seat 3 choose; Seat 2's K♥ wins.", ["Ann", "Ben", "Cat"])
    "Ann, Ben and Cat choose; Ben's K♥ wins."
    """

    def one(number: str) -> str | None:
        seat = int(number) - 1
        return names[seat] if 0 <= seat < len(names) else None

    def run(match: re.Match[str]) -> str:
        numbers = _SEAT_NUMBER.findall(match.group(0))
        found = [one(n) for n in numbers]
        if any(name is None for name in found):
            return _SEAT_NUMBER.sub(lambda m: one(m.group(1)) or m.group(0), match.group(0))
        return listed([name for name in found if name is not None])

    return _SEAT_RUN.sub(run, text)


def name_events(events: Sequence[Event], names: Sequence[str]) -> list[Event]:
    """The narration with names for seats, public and private words alike (see
    :func:`name_seats`)."""
    return [replace(e, text=name_seats(e.text, names),
                    private=name_seats(e.private, names) if e.private else "")
            for e in events]
