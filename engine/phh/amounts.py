"""A file's amounts in its own unit (dollars and cents, a tournament's millions) read
exactly as the site's whole chips.

The site counts whole chips up to :data:`engine.history.MAX_STACK` a player, with stakes
(antes, blinds, bets) of at most :data:`MAX_STAKE` as every game's settings allow. A file
whose amounts are all whole numbers within those is read as it is (one chip is one of its
units); any other (``0.25``, or blinds of 250,000) is read in the finest unit that divides
every amount it names (the stakes, the stacks, each bet and its ``finishing_stacks``) and
keeps every amount within the site's limits: cents or quarters for an online cash game, 5
for a tournament's millions. :func:`chip_unit` finds it and
:func:`in_chips` turns the file's fields into chips; a bet line's amount is read with
:func:`chips_of`. ``chips * unit`` is then the file's amount again, exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from math import gcd, isqrt, lcm

from engine.history import MAX_STACK
from engine.phh.reader import Reader

STAKES = ("antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet")
"""The fields that hold the stakes, which the games' settings bound by :data:`MAX_STAKE`."""
FIELDS = (*STAKES, "starting_stacks", "finishing_stacks")
"""The fields that hold amounts (a number, or one per player)."""
MAX_STAKE = 100_000
"""The largest ante, blind or bet size any game's settings allow."""
_BET = re.compile(r"^\s*p[0-9]+\s+cbr\s+(\S+)")
MAX_DIGITS = 30
"""The most digits an amount may have before or after its point: far past any stake, and
short enough to read at once."""
DIVISOR_TRIALS = 100_000
"""The divisors of the amounts' common factor tried one by one: all of them for any factor
up to ten billion (cents of an online game, a tournament's millions)."""


def amount(value: object) -> Fraction | None:
    """A number as the file wrote it (a TOML float is read as written, ``0.10`` as a
    tenth), or None for what is not a number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, Decimal | float | str):
        try:
            number = Decimal(str(value))
        except InvalidOperation:
            return None
        if not number.is_finite() or number and (
                abs(number.adjusted()) > MAX_DIGITS
                or len(number.as_tuple().digits) > 2 * MAX_DIGITS):
            return None  # "1e30000000" would be read digit by digit first
        return Fraction(number)
    return None


def _named(reader: Reader, fields: tuple[str, ...] = FIELDS, *,
           bets: bool = True) -> list[Fraction]:
    """Every amount the file names in ``fields`` (and its bet lines with ``bets``), where it
    can be read (the checks later say what is wrong with one that cannot)."""
    found: list[Fraction] = []
    for name in fields:
        value = reader.data.get(name)
        for item in value if isinstance(value, list) else [value]:
            number = amount(item)
            if number is not None and number >= 0:
                found.append(number)
    actions = reader.data.get("actions") if bets else None
    for line in actions if isinstance(actions, list) else []:
        match = _BET.match(line) if isinstance(line, str) else None
        number = amount(match.group(1)) if match else None
        if number is not None and number >= 0:
            found.append(number)
    return found


def chip_unit(reader: Reader) -> Fraction:
    """How much of the file's amounts one chip is (1 when they are whole chips already);
    ``ValueError`` when no unit keeps every amount within the site's limit."""
    amounts = _named(reader)
    stake = max(_named(reader, STAKES, bets=False), default=Fraction(0))
    if all(a.denominator == 1 and a <= MAX_STACK for a in amounts) and stake <= MAX_STAKE:
        return Fraction(1)
    scale = lcm(*(a.denominator for a in amounts))
    whole = [int(a * scale) for a in amounts]
    common = gcd(*whole) or 1
    largest = max(whole)
    for divisor in _divisors(common):
        if largest <= MAX_STACK * divisor and stake * scale <= MAX_STAKE * divisor:
            return Fraction(divisor, scale)
    raise reader.fail("starting_stacks", "these amounts cannot be counted in whole chips of "
                                         f"at most {MAX_STACK:,} a player on this site")


def _divisors(number: int) -> Iterable[int]:
    """The divisors of ``number`` up to :data:`DIVISOR_TRIALS` and the quotients by them:
    every divisor when ``number`` is at most its square, else the finest units worth
    trying (``number`` itself among them), in a bounded time whatever the file says."""
    small = [d for d in range(1, min(isqrt(number), DIVISOR_TRIALS) + 1) if number % d == 0]
    return sorted({*small, *(number // d for d in small)})


def in_chips(reader: Reader, unit: Fraction) -> None:
    """The file's amount fields counted in chips of ``unit`` (a field that is not an amount
    is left for the checks to refuse)."""
    if unit == 1:
        return
    for name in FIELDS:
        value = reader.data.get(name)
        if isinstance(value, list):
            reader.data[name] = [_chips(item, unit) for item in value]
        elif name in reader.data:
            reader.data[name] = _chips(value, unit)


def _chips(value: object, unit: Fraction) -> object:
    number = amount(value)
    if number is None:
        return value
    chips = number / unit
    return int(chips) if chips.denominator == 1 else value


def chips_of(text: str, unit: Fraction) -> int | None:
    """A bet line's amount in chips, or None if it is not a number of whole chips."""
    number = amount(text)
    if number is None or number < 0:
        return None
    chips = number / unit
    return int(chips) if chips.denominator == 1 and chips <= MAX_STACK else None
