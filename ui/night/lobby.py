"""Who sits at a game night, changed on the record's ``data`` (``ui.night.record``): guests
taking chairs from the lobby, and the host's changes between hands (a seat added, a guest
sitting out, leaving or coming back, a rebuy).

Like ``record``, nothing here knows of the store or of links: the controller runs
each change inside one ``store.update`` and deals with the secrets. Every change
refuses bad input with :class:`~ui.night.record.Refused`, whose message is for the
person asking, and then nothing is changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.night.names import check_name
from ui.night.record import (
    MAX_CHIPS,
    MAX_SEATS,
    Refused,
    between_hands,
    check_chair,
    default_name,
    seat_role,
    whole_chips,
)


def lobby_open(data: Mapping[str, Any]) -> bool:
    """Whether guests may take a chair with the join link now."""
    return bool(data.get("lobby", False)) and not data.get("ended", False)


def free_chairs(data: Mapping[str, Any]) -> list[int]:
    """The chairs a guest may take from the lobby: a person's chair nobody has taken."""
    return [index for index, chair in enumerate(data["players"])
            if chair["person"] and chair.get("joined", True) is False
            and not chair.get("left", False)]


def join(data: dict[str, Any], player: object, name: object) -> dict[str, Any]:
    """A guest takes a free chair from the lobby under the name they typed (checked by
    :func:`ui.night.names.check_name`). The chair's own link, if it was never opened,
    stops being offered: the guest is given a new one (see the controller)."""
    if not lobby_open(data):
        raise Refused("The lobby is closed: ask the host for your seat's own link.")
    chair_index = check_chair(data, player)
    try:
        kept = check_name(name)
    except ValueError as why:
        raise Refused(str(why)) from None
    if not data["players"][chair_index]["person"]:
        raise Refused("A computer plays that chair: pick a free one.")
    if chair_index not in free_chairs(data):
        raise Refused("That chair is taken: pick another.")
    if kept.casefold() in {str(c["name"]).casefold() for i, c in enumerate(data["players"])
                           if i != chair_index and c.get("joined", True)}:
        raise Refused(f"Someone at the table is already called {kept}: add an initial.")
    chair = data["players"][chair_index]
    chair["name"], chair["joined"], chair["linked"] = kept, True, True
    data["open_links"].pop(seat_role(chair_index), None)
    return data


def taken_by_link(data: dict[str, Any], player: int) -> dict[str, Any]:
    """A chair's own link was opened: someone sits in it now (under the host's name for it,
    or its default)."""
    data["players"][player]["joined"] = True
    return data


def set_lobby(data: dict[str, Any], open_: bool) -> dict[str, Any]:
    """Open the lobby again (a late guest) or close it."""
    if data.get("ended", False):
        raise Refused("The night has ended.")
    data["lobby"] = bool(open_)
    return data


def _between_hands(data: dict[str, Any], what: str) -> None:
    if data.get("ended", False):
        raise Refused("The night has ended.")
    if not between_hands(data):
        raise Refused(f"{what} between hands: wait until this one is over.")


def add_seat(data: dict[str, Any], *, person: bool, name: object = "",
             chips: object = None) -> int:
    """A new chair (the next one clockwise after the last) with ``chips`` (the night's
    starting chips when None), counted as bought in; its index. A person's chair waits
    for someone to take it, by the lobby or its own link."""
    _between_hands(data, "Seats are added")
    index = len(data["players"])
    if index >= MAX_SEATS:
        raise Refused(f"A table seats at most {MAX_SEATS}.")
    buy_in = whole_chips(data["start_chips"] if chips is None else chips, "Chips")
    typed = name.strip() if isinstance(name, str) else ""
    if typed:
        try:
            typed = check_name(typed)
        except ValueError as why:
            raise Refused(str(why)) from None
    data["players"].append({"name": typed or default_name(index, person),
                            "person": bool(person), "joined": not person,
                            "linked": bool(person), "out": False, "left": False})
    data["chips"].append(buy_in)
    data.setdefault("bought", [data["start_chips"]] * index).append(buy_in)
    data.setdefault("won", [0] * index).append(0)
    data.setdefault("best", [0] * index).append(0)
    return index


def sit_out(data: dict[str, Any], player: object, out: bool) -> dict[str, Any]:
    """A player sits out from the next hand on (``out``), or is dealt in again (a guest
    who had left, too). The hand being played, if any, goes on as dealt."""
    if data.get("ended", False):
        raise Refused("The night has ended.")
    chair = data["players"][check_chair(data, player)]
    chair["out"] = bool(out)
    if not out:
        chair["left"] = False
    return data


def leave(data: dict[str, Any], player: object) -> dict[str, Any]:
    """A guest goes home with their chips: dealt out for the rest of the night, and
    settled up at the end with what they took."""
    _between_hands(data, "A guest leaves")
    chair = data["players"][check_chair(data, player)]
    chair["left"] = True
    return data


def rebuy(data: dict[str, Any], player: object, chips: object) -> dict[str, Any]:
    """A player buys more chips (a positive whole number): they count in what the player
    bought in, so the settle-up charges for them."""
    _between_hands(data, "Rebuys are taken")
    index = check_chair(data, player)
    amount = whole_chips(chips, "Rebuys")
    if data["chips"][index] + amount > MAX_CHIPS * 10:
        raise Refused("That is more chips than one player may hold.")
    data["chips"][index] += amount
    bought = data.setdefault("bought", [data["start_chips"]] * len(data["players"]))
    bought[index] += amount
    return data
