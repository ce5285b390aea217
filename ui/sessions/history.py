"""Save and load a hand: what a viewer may take away, and files checked on the way in.

The download and upload controls are ``ui/components/hand_files.py``'s; this module
reads the files, in plain Python.

The JSON history is the engine's (``engine/history.py``): game, players,
announcements, seed or stacked deck, stacks and decisions, so loading it
replays the hand under the rules, and reading it tells every card. Only the
host, who sees every card anyway, is offered it. A player is offered a saved
hand instead: the same hand sealed (:mod:`ui.sessions.sealing`), which reopens here
and tells its reader nothing, beside the text history of what that seat saw.
An upload larger than :data:`MAX_BYTES`, not UTF-8, not a hand, or with a
decision the rules refuse is turned away with a sentence saying why.

Everyone may also take the hand in PHH, the poker world's standard format
(``engine/phh/``): the host every card, a player its own view with the
cards hidden from it written ``??``. An uploaded ``.phh`` (stud, hold'em or Omaha
from any writer, or any game from this site; a ``.phhs`` holds many, of which the
host picks one) replays by the site's rules: a
file with every card opens as the host's; a stud file with unknown (``??``)
cards, a player's own, opens as that player's view (or a watcher's), so
the cards standing in for the unknown ones are never shown.
"""

from __future__ import annotations

import json
from fractions import Fraction

from engine.history import load_hand
from engine.phh import is_phh, read_phh
from engine.phh.many import FileHand, hands_in, is_phhs
from ui.sessions.share import HandLink, LinkError, read_link

MAX_MB = 1
MAX_BYTES = MAX_MB * 1024 * 1024
"""The largest file accepted (the upload box's own limit too): a long hand takes a few
kilobytes."""
SAVED_FORMAT = "dealers-choice-saved-hand"


def read_history(data: bytes) -> HandLink:
    """The hand in an uploaded JSON history or saved hand, as a link that says who may see
    what (a history, which tells every card, opens as the host's); ``ValueError`` says what
    is wrong with it."""
    if len(data) > MAX_BYTES:
        raise ValueError(f"the file is {len(data):,} bytes; a hand history is at most "
                         f"{MAX_BYTES:,}")
    try:
        text = data.decode("utf-8-sig")  # a Windows editor's byte-order mark dropped
    except UnicodeDecodeError:
        raise ValueError("the file is not text (a hand history is UTF-8 JSON)") from None
    if is_phh(text):
        return _phh_link(text)
    try:
        saved = _saved_link(text)
        if saved is not None:
            saved.state()
            return saved
        return HandLink.from_state(load_hand(text))
    except LinkError as error:
        raise ValueError(f"the saved hand cannot be opened: {error}") from None
    except RecursionError:
        raise ValueError("the file is nested too deeply to be a hand history") from None
    except (TypeError, KeyError, AttributeError) as error:
        raise ValueError(f"the file is not a hand history this site can read ({error})") from None


def _phh_link(text: str) -> HandLink:
    """The hand in a PHH file: the host's if it tells every card, else the view of the one
    seat it deals every card to (or a watcher's), which never shows the stand-ins."""
    return phh_hand(text)[0]


def phh_hand(text: str) -> tuple[HandLink, Fraction]:
    """The hand in a PHH file as :func:`_phh_link` opens it, and how much of the file's
    amounts one chip is (a file in dollars and cents, or a tournament's millions, is
    counted in whole chips)."""
    hand = read_phh(text)
    link = HandLink.from_state(hand.state, seat=hand.seat)
    return (link if hand.complete or hand.seat is not None else link.for_guests()), hand.unit


def many_hands(data: bytes) -> list[FileHand] | None:
    """The hands of an uploaded ``.phhs`` file (many hands, one picked to load), or None
    for a file of one hand; ``ValueError`` says what is wrong with it."""
    if len(data) > MAX_BYTES:
        raise ValueError(f"the file is {len(data):,} bytes; a file of hand histories is at "
                         f"most {MAX_BYTES:,}")
    try:
        text = data.decode("utf-8-sig")  # a Windows editor's byte-order mark dropped
    except UnicodeDecodeError:
        raise ValueError("the file is not text (a hand history is UTF-8)") from None
    return hands_in(text) if not is_phh(text) and is_phhs(text) else None


def _saved_link(text: str) -> HandLink | None:
    """The hand in a saved-hand file, or ``None`` when the text is something else."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("format") != SAVED_FORMAT:
        return None
    token = data.get("hand")
    if not isinstance(token, str):
        raise LinkError("the file holds no sealed hand")
    link = read_link({"hand": token})
    assert link is not None
    return link


def saved_hand(link: HandLink) -> str:
    """A file that reopens ``link``'s hand here and tells its reader nothing."""
    return json.dumps({"format": SAVED_FORMAT, "version": 1, **link.sealed()})
