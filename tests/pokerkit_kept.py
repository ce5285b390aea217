"""pokerkit's hands with each hand's table entry looked up once.

A pokerkit hand looks its entry up in its table again every time it is compared or its
label read, and making a hand from a game compares every five-card hand it tries: the
oracle tests spent a third to a half of their pokerkit time so. The subclasses here keep the entry
the first look-up found; pokerkit's own table and rules still decide every value.
"""

from __future__ import annotations

from pokerkit import Hand
from pokerkit.lookups import Entry


class KeptEntry(Hand):
    """A pokerkit hand that keeps its entry once looked up (it depends only on the cards)."""

    @property
    def entry(self) -> Entry:
        found: Entry | None = self.__dict__.get("_entry")
        if found is None:
            found = self.__dict__["_entry"] = super().entry
        return found


def kept(hand_type: type[Hand]) -> type[Hand]:
    """``hand_type`` with its entry kept: ``kept(StandardHighHand)``."""
    return type(f"Kept{hand_type.__name__}", (KeptEntry, hand_type), {})
