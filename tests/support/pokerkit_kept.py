"""pokerkit's hands with each hand's table entry looked up once.

A pokerkit hand looks its entry up in its table again every time it is compared or its
label read, and making a hand from a game compares every five-card hand it tries: the
oracle tests spent a third to a half of their pokerkit time so. The subclasses here keep the entry
the first look-up found; pokerkit's own table and rules still decide every value.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pokerkit import Card, Hand, HandHistory, State
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


class RememberedHands(KeptEntry):
    """A pokerkit hand type whose best hand from a game's cards is worked out once per set
    of cards (by pokerkit, with pokerkit's rules): a step-by-step oracle asks for the same
    seat's showing and final hands many times in a hand."""

    _hands: ClassVar[dict[tuple[Any, Any], Hand | None]]
    LIMIT: ClassVar[int] = 200_000
    """Hands remembered before the memory is cleared (a block of hands stays well below)."""

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> Hand:
        key = (Card.clean(hole_cards), Card.clean(board_cards))
        if key not in cls._hands:
            if len(cls._hands) >= cls.LIMIT:
                cls._hands.clear()
            try:
                cls._hands[key] = super().from_game(*key)
            except ValueError:
                cls._hands[key] = None
        hand = cls._hands[key]
        if hand is None:
            raise ValueError("no hand of this type can be made from these cards")
        return hand


_REMEMBERING: dict[type[Hand], type[Hand]] = {}


def remembering(hand_type: type[Hand]) -> type[Hand]:
    """``hand_type`` with its hands remembered (one class, and one memory, per type)."""
    if hand_type not in _REMEMBERING:
        _REMEMBERING[hand_type] = type(f"Remembered{hand_type.__name__}",
                                       (RememberedHands, hand_type), {"_hands": {}})
    return _REMEMBERING[hand_type]


def remember_hands(state: State) -> State:
    """``state`` valuing its hands through :func:`remembering` types; returned for chaining."""
    state.hand_types = tuple(remembering(h) for h in state.hand_types)
    return state


class RememberingHistory(HandHistory):
    """pokerkit's reader of PHH files, its replayed states valuing hands through
    :func:`remembering` types."""

    def create_state(self) -> State:
        return remember_hands(super().create_state())
