"""Seal what a link or a saved file carries, so that whoever holds it can neither read
nor change it.

A share link names a hand, and a hand's seed, deck and decisions give away
every hole card and every secret choice. Sealed, the link is an opaque token:
the hand is compressed, then encrypted and authenticated with Fernet (AES in
CBC mode with an HMAC-SHA256), under a key only this server holds. The key is
made on first use in the site's data folder (``platformdirs.user_data_dir``, or
the folder named by ``DEALERS_CHOICE_DATA``), so a token still opens after a
restart, and a token edited by one character is refused.

>>> token = seal({"game": "psycho", "step": 3})
>>> unseal(token)
{'game': 'psycho', 'step': 3}
>>> "psycho" in token
False
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet, InvalidToken

DATA_ENV = "DEALERS_CHOICE_DATA"
"""The environment variable that moves the site's data folder (key and store)."""
KEY_FILE = "link-key"
MAX_TOKEN = 12_000
"""The longest token accepted: a hand of 500 decisions seals to a few kilobytes."""
_MAX_PAYLOAD = 200_000
"""The most bytes a token may unpack to: a guard against a compressed bomb."""

__all__ = ["DATA_ENV", "SealError", "data_folder", "seal", "unseal"]


class SealError(ValueError):
    """A token that was not sealed here, was changed, or is damaged: it says nothing more."""


def data_folder() -> Path:
    """Where the site keeps what must outlive a restart."""
    configured = os.environ.get(DATA_ENV)
    if configured:
        return Path(configured)
    import platformdirs

    return Path(platformdirs.user_data_dir("dealers-choice"))


def _read_or_make_key(path: Path) -> bytes:
    """The key at ``path``, made once: two processes starting together agree on one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes().strip()
    key = Fernet.generate_key()
    with os.fdopen(fd, "wb") as out:
        out.write(key)
    return key


@cache
def _key(folder: Path) -> bytes:
    """The folder's key, read once per process (the file never changes once made)."""
    return _read_or_make_key(folder / KEY_FILE)


def _fernet(folder: Path) -> Fernet:
    return Fernet(_key(folder))


def seal(payload: Mapping[str, Any]) -> str:
    """``payload`` (plain JSON values) as a URL-safe token only this server can open."""
    packed = zlib.compress(json.dumps(payload, separators=(",", ":")).encode(), 9)
    return _fernet(data_folder()).encrypt(packed).decode("ascii")


def unseal(token: str) -> dict[str, Any]:
    """The payload sealed in ``token``; :class:`SealError` for anything else."""
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
        raise SealError("the sealed hand is missing or too long")
    changed = SealError("it was not made by this site, or it was changed on the way")
    try:
        packed = _fernet(data_folder()).decrypt(token.encode("ascii"))
    except (InvalidToken, UnicodeError):
        raise changed from None
    unpacker = zlib.decompressobj()
    try:
        text = unpacker.decompress(packed, _MAX_PAYLOAD)
    except zlib.error:
        raise changed from None
    if unpacker.unconsumed_tail:
        raise SealError("the sealed hand is too large")
    try:
        payload = json.loads(text)
    except ValueError:
        raise changed from None
    if not isinstance(payload, dict):
        raise changed
    return payload
