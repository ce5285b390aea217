"""Settling one pot between high, low and both-way declarers: the settlement of every
game whose hand types declare (``HandTypes.declare``), Psycho's among them.

The rules, as the dealer announces them (DESIGN.md):

- the best high hand among the high declarers wins half the pot (the high
  half takes the odd chip), the best low hand among the low declarers the
  other half; tied hands share their half, odd chips to the winner nearest
  the dealer's left;
- a both-way declarer must win *or tie* both halves, judged against every
  declarer of each way in the pot, or gets nothing; a both-way declarer who
  ties a half shares that half with the others tied;
- a failed both-way declarer's hand is then ignored: the halves go to the
  best of the remaining eligible hands;
- a half with nobody eligible goes to the other half's winners (so if
  everyone declares one way, that way takes the whole pot);
- if nobody is eligible for either half, the players in the pot split it
  equally.

Each side pot is settled the same way among the seats eligible for it.

>>> from engine.cards import parse_cards
>>> from engine.hands import best_high, best_low
>>> hands = {0: parse_cards("2c 3d 4h 6s 6d 7h 5c"), 1: parse_cards("Kc Kd Qh Qs 9d 8h 2h")}
>>> split = split_pot(amount=41, eligible=(0, 1),
...                  declared={0: Declaration.BOTH, 1: Declaration.HIGH},
...                  high={s: best_high(c) for s, c in hands.items()},
...                  low={s: best_low(c) for s, c in hands.items()})
>>> [(share.part, share.amount, share.winners) for share in split.shares]
[('high half', 21, (0,)), ('low half', 20, (0,))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.actions import seat_name
from engine.hands import HandValue

__all__ = ["Declaration", "PotSplit", "Share", "split_pot"]


class Declaration(StrEnum):
    """Which half of the pot a player goes for."""

    HIGH = "high"
    LOW = "low"
    BOTH = "both"

    @property
    def goes_high(self) -> bool:
        return self is not Declaration.LOW

    @property
    def goes_low(self) -> bool:
        return self is not Declaration.HIGH


@dataclass(frozen=True, slots=True)
class Share:
    """A part of one pot and who takes it.

    ``part`` is ``"high half"``, ``"low half"`` or ``"whole"``; ``way`` says
    which hands decided it (``None`` when the pot is split equally).
    """

    part: str
    amount: int
    winners: tuple[int, ...]
    way: Declaration | None
    rule: str


@dataclass(frozen=True, slots=True)
class PotSplit:
    """How one pot is shared, and why each failed both-way declarer gets nothing."""

    shares: tuple[Share, ...]
    failed: tuple[tuple[int, str], ...]


def _best(seats: Sequence[int], values: Mapping[int, HandValue]) -> tuple[int, ...]:
    top = max(values[s] for s in seats)
    return tuple(s for s in seats if values[s] == top)


def _names(seats: Sequence[int]) -> str:
    return " and ".join(seat_name(s) for s in seats)


def _why_failed(seat: int, way: str, better: Sequence[int]) -> str:
    whose = "hand is" if len(better) == 1 else "hands are"
    return (f"{seat_name(seat)} declared both, but {_names(better)}'s {way} {whose} better: "
            f"a both-way declarer must win or tie both halves, so {seat_name(seat)} gets "
            "nothing and that hand is ignored")


def split_pot(*, amount: int, eligible: Sequence[int], declared: Mapping[int, Declaration],
              high: Mapping[int, HandValue], low: Mapping[int, HandValue]) -> PotSplit:
    """Share one pot of ``amount`` among ``eligible`` seats by their declarations.

    ``high`` and ``low`` hold each eligible seat's best high and low hand.
    """
    highs = [s for s in eligible if declared[s].goes_high]
    lows = [s for s in eligible if declared[s].goes_low]
    failed: list[tuple[int, str]] = []
    for seat in eligible:
        if declared[seat] is not Declaration.BOTH:
            continue
        better_high = [s for s in highs if high[s] > high[seat]]
        better_low = [s for s in lows if low[s] > low[seat]]
        if better_high:
            failed.append((seat, _why_failed(seat, "high", better_high)))
        elif better_low:
            failed.append((seat, _why_failed(seat, "low", better_low)))
    out = {seat for seat, _ in failed}
    high_ok = [s for s in highs if s not in out]
    low_ok = [s for s in lows if s not in out]
    shares: list[Share]
    if high_ok and low_ok:
        high_winners, low_winners = _best(high_ok, high), _best(low_ok, low)
        low_half = amount // 2
        shares = [
            Share("high half", amount - low_half, high_winners, Declaration.HIGH,
                  f"best high hand among the high declarers: "
                  f"{high[high_winners[0]].describe().lower()}"),
            Share("low half", low_half, low_winners, Declaration.LOW,
                  f"best low hand among the low declarers: "
                  f"{low[low_winners[0]].describe().lower()}"),
        ]
    elif high_ok or low_ok:
        way = Declaration.HIGH if high_ok else Declaration.LOW
        contenders, values = (high_ok, high) if high_ok else (low_ok, low)
        winners = _best(contenders, values)
        other = "low" if high_ok else "high"
        if not (lows if high_ok else highs):
            reason = f"everyone declared {way.value}, so the best {way.value} hand takes the " \
                     "whole pot"
        else:
            reason = f"nobody is eligible for the {other} half, so it goes to the " \
                     f"{way.value} half's winner"
        shares = [Share("whole", amount, winners, way,
                        f"{reason}: {values[winners[0]].describe().lower()}")]
    else:
        shares = [Share("whole", amount, tuple(eligible), None,
                        "nobody is eligible for either half, so the players still in split "
                        "the pot equally")]
    return PotSplit(shares=tuple(shares), failed=tuple(failed))
