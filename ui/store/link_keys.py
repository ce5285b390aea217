"""The secrets in game-night and training links, and the hashes the store keeps of them.

A link carries a secret made by Python's :mod:`secrets`: 24 random bytes (192
bits), written as 32 URL-safe characters. The store never keeps a secret,
only its SHA-256 hash (64 hexadecimal characters), and finds a record by that
hash: the hash is the lookup key, so a link names no table and no learner.

A link's secret is hashed and the hash looked up; the stored hash found is
compared with it again in constant time. How long a lookup takes depends only
on the hash, which says nothing about any stored secret, and a wrong secret,
a malformed one and one for a deleted table all come back as the same None.

Why no pepper (a server-side key mixed into the hash)? A pepper guards weak
secrets, such as passwords, against a stolen database. These secrets are 192
random bits: a stolen hash is no easier to invert than to guess the secret
outright. A pepper would also have to be the same in every site process
sharing one Redis, which is a key to distribute and keep safe for no gain.

>>> secret = new_secret()
>>> len(secret) >= 32 and secret.isascii()
True
>>> key = hash_secret(secret)
>>> len(key), key == hash_secret(secret), secret in key
(64, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable

SECRET_BYTES = 24
"""Random bytes in a new secret: 192 bits, well over the 128 the design asks."""
MAX_SECRET = 200
"""The longest text treated as a secret; anything longer is hashed as a fixed stand-in."""
_DOMAIN = b"dealers-choice link secret v1\x00"
"""Mixed in before hashing, so these hashes match no other use of SHA-256 of the same text."""
_HASH = re.compile(r"[0-9a-f]{64}")

__all__ = ["hash_secret", "is_key_hash", "issue", "new_secret", "same_hash"]


def new_secret() -> str:
    """A fresh link secret: 192 random bits as URL-safe text (letters, digits, ``-``, ``_``)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: object) -> str:
    """The hash the store keeps for ``secret``, as 64 lowercase hexadecimal characters.

    Anything at all may come in from a link: text that is not a string, or is
    absurdly long, is hashed as a fixed stand-in that no secret can equal, so
    a bad link takes the same path as a wrong one and finds nothing.
    """
    if not isinstance(secret, str) or len(secret) > MAX_SECRET:
        secret = "\x00not a secret"
    return hashlib.sha256(_DOMAIN + secret.encode("utf-8", "replace")).hexdigest()


def same_hash(a: str, b: str) -> bool:
    """Whether two hashes are equal, compared in constant time."""
    return hmac.compare_digest(a.encode("ascii", "replace"), b.encode("ascii", "replace"))


def is_key_hash(text: object) -> bool:
    """Whether ``text`` looks like a hash from :func:`hash_secret` (and so is no raw secret)."""
    return isinstance(text, str) and _HASH.fullmatch(text) is not None


def issue(roles: Iterable[str]) -> tuple[dict[str, str], dict[str, str]]:
    """New secrets for ``roles``: (role -> secret, to show once in links; hash -> role, to store).

    >>> shown, keys = issue(["host", "tv", "seat:0"])
    >>> sorted(shown), sorted(keys.values())
    (['host', 'seat:0', 'tv'], ['host', 'seat:0', 'tv'])
    >>> all(keys[hash_secret(secret)] == role for role, secret in shown.items())
    True
    """
    shown: dict[str, str] = {}
    for role in roles:
        if role in shown:
            raise ValueError(f"role {role!r} named twice")
        shown[role] = new_secret()
    return shown, {hash_secret(secret): role for role, secret in shown.items()}
