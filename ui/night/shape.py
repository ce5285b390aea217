"""The shape of a game night's record (``ui.night.record``), as types.

The store hands every change a plain ``dict`` of JSON, and the record's functions take
it as such; these types say what that dict holds, for readers and for the type
checker: ``Snapshot.night`` gives a snapshot's data as a :class:`NightData`, and the
tests check that every record the controller writes has exactly these keys with
values of these types (``tests/test_night_shape.py``). Keys marked ``NotRequired``
are absent from records of the first layout (``"night": 1``), which still load.
(No postponed annotations here: ``NotRequired`` must be seen when the class is made.)
"""

from typing import Any, NotRequired, TypedDict


class ChairData(TypedDict):
    """One chair, all night."""

    name: str
    person: bool
    joined: NotRequired[bool]
    """A person's chair someone has taken (by the lobby or its own link)."""
    linked: NotRequired[bool]
    """The chair has had a link: giving it back to a person keeps that link."""
    out: NotRequired[bool]
    left: NotRequired[bool]


class HandData(TypedDict):
    """The hand being played (or just finished, until the next deal)."""

    number: int
    game: str
    settings: dict[str, Any]
    seed: int
    seats: list[int]
    """Engine seat -> chair, the dealer last."""
    stacks: list[int]
    actions: list[dict[str, Any]]
    reasons: list[list[int | str]]
    """The computer players' reasons: [the line of the narration telling the decision (its
    place in the hand's events), why]."""
    over: bool
    payoffs: NotRequired[list[int]]
    """Per chair, once the hand is over."""
    chips: NotRequired[list[int]]
    """Per chair after the hand, once it is over."""


class NoticeData(TypedDict):
    """The latest word from the host to every screen."""

    number: int
    text: str


class HandEntry(TypedDict):
    """A finished hand, as its own entry of the night's log."""

    number: int
    game: str
    seats: list[int]
    names: NotRequired[list[str]]
    """The hand's seats as the names of who sat there."""
    history: dict[str, Any]
    """The engine's JSON history (with the seed: it never leaves the server as it is)."""
    payoffs: list[int]
    chips: list[int]
    bought: NotRequired[list[int]]


class NightData(TypedDict):
    """A night's record."""

    night: int
    players: list[ChairData]
    chips: list[int]
    start_chips: int
    button: int
    paused: bool
    reveal: bool
    link_keys: dict[str, str]
    open_links: dict[str, str]
    hand: HandData | None
    bought: NotRequired[list[int]]
    won: NotRequired[list[int]]
    best: NotRequired[list[int]]
    played: NotRequired[int]
    lobby: NotRequired[bool]
    ended: NotRequired[bool]
    notice: NotRequired[NoticeData | None]
    join_link: NotRequired[str]
    chip_cents: NotRequired[int]
    house_games: NotRequired[list[str]]
    """The files of the house games the host added for the dealer to name."""
    left_out: NotRequired[list[str]]
    """The games the host left out of the night, by id."""
    hands: NotRequired[list[HandEntry]]
    """First layout: every finished hand. In a snapshot: the log's entries, read back."""
