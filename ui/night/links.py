"""The links nobody has opened yet, kept so that only the host's and the TV's screens can read
them back.

The host and the TV show each unopened seat's link as a QR code, so the record
must keep something from which the link can be drawn again on the next run,
after a restart, or on another site process. It never keeps a usable secret:
each unopened link is encrypted under the night's own *link key*, and that key
is kept only wrapped, once under a key derived from the host's secret and once
under one derived from the TV's. The store alone (its hashes, its records)
therefore opens nothing; a screen holding the host's or the TV's link can.

The derivation (HKDF-SHA256) is unrelated to the lookup hash the store keeps,
so neither can be had from the other.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

_PURPOSE = b"dealers-choice game night: unopened links"
READERS = ("host", "tv")
"""The roles whose screens show the unopened links."""


def _wrapping(secret: str) -> Fernet:
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                   info=_PURPOSE).derive(secret.encode())
    return Fernet(base64.urlsafe_b64encode(derived))


def new_link_key() -> bytes:
    return Fernet.generate_key()


def wrap_key(link_key: bytes, reader_secret: str) -> str:
    """The night's link key, readable only with ``reader_secret`` (the host's or the TV's)."""
    return _wrapping(reader_secret).encrypt(link_key).decode()


def unwrap_key(wrapped: Mapping[str, str], role: str, secret: str) -> bytes | None:
    """The night's link key, if ``secret`` is the current link of ``role``; else None."""
    box = wrapped.get(role)
    if box is None:
        return None
    try:
        return _wrapping(secret).decrypt(box.encode())
    except (InvalidToken, ValueError):
        return None


def seal_link(link_key: bytes, secret: str) -> str:
    return Fernet(link_key).encrypt(secret.encode()).decode()


def open_links(link_key: bytes | None, sealed: Mapping[str, str]) -> dict[str, str]:
    """Each unopened link's secret by role, or nothing without the key."""
    if link_key is None:
        return {}
    cipher = Fernet(link_key)
    shown = {}
    for role, box in sealed.items():
        try:
            shown[role] = cipher.decrypt(box.encode()).decode()
        except (InvalidToken, ValueError):
            continue
    return shown
