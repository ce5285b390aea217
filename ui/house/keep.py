"""House games kept in the store: a private edit link and a play link, each a random
secret of 192 bits the store keeps only as a hash (``ui.store.link_keys``), as the site's
other links.

A record of kind ``house`` holds the game's text (and its name and id, for lists); the
edit link changes it, the play link only reads it. Plain Python over the store.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.house import HouseGame, adopt
from ui.store import RecordStore, issue

KEPT = "house_kept"
"""The session key of the house game kept on the "Your house game" page this visit."""

__all__ = ["KEPT", "Kept", "Links", "open_link", "save_new", "save_over"]

EDIT, PLAY = "edit", "play"


@dataclass(frozen=True, slots=True)
class Links:
    """The secrets of a newly kept game, shown once: the store cannot give them back."""

    edit: str
    play: str


@dataclass(frozen=True, slots=True)
class Kept:
    """A kept game opened by a link: its record, its version, whether the link may edit it,
    and the game read from its text."""

    record_id: str
    version: int
    can_edit: bool
    house: HouseGame


def _data(house: HouseGame) -> dict[str, str]:
    return {"text": house.text, "name": house.name, "id": house.id}


def save_new(store: RecordStore, house: HouseGame) -> tuple[Kept, Links]:
    """Keep a game under two new links; the links' secrets, to show the host once."""
    shown, keys = issue([EDIT, PLAY])
    record_id = store.create("house", _data(house), keys=keys)
    return Kept(record_id, 1, True, house), Links(shown[EDIT], shown[PLAY])


def save_over(store: RecordStore, kept: Kept, house: HouseGame) -> Kept:
    """The game behind an edit link changed to ``house`` (``StaleVersion`` if it moved on
    since it was opened; ``PermissionError`` for a play link)."""
    if not kept.can_edit:
        raise PermissionError("a play link cannot change the game")
    record = store.update(kept.record_id, kept.version, lambda data: {**data, **_data(house)})
    return Kept(kept.record_id, record.version, True, house)


def open_link(store: RecordStore, secret: object) -> Kept | None:
    """The kept game a link's secret opens, or ``None`` (wrong, edited, removed: the same)."""
    found = store.find(secret)
    if found is None:
        return None
    record_id, role = found
    record = store.load(record_id)
    if record.kind != "house" or role not in (EDIT, PLAY):
        return None
    return Kept(record_id, record.version, role == EDIT, adopt(str(record.data["text"])))
