"""The Redis back end: the same records for every site process that reaches one Redis.

Several site processes behind a load balancer (each browser sticks to one,
as Streamlit needs) all see every table and every learner through it. Each
change is one Lua script, which Redis runs atomically: it writes only if the
record is still at the version the change was made on, or, for a log entry,
only if the log's length (``LLEN``, whatever the length) is the entry's number.

Keys, all under one prefix (``dealers-choice:`` unless told otherwise)::

    <prefix>rec:<id>      hash: version, updated, envelope (see ui.store.base)
    <prefix>roles:<id>    hash: role -> the hash of its secret
    <prefix>key:<hash>    hash: record, role      (what a link's secret finds)
    <prefix>idle          sorted set: record id scored by its last change, for expire()
    <prefix>log:<id>      list: the record's append-only log, entry n at position n

The scripts name keys they build from the prefix, so this suits one Redis
server (or a replicated one), not Redis Cluster. Nothing expires by itself:
:meth:`RecordStore.expire` removes idle records, as with SQLite.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

import redis

from ui.store.base import RecordStore, decode

PREFIX = "dealers-choice:"

_INSERT = """
for i = 4, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then return 0 end
end
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'updated', ARGV[3], 'envelope', ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
for i = 4, #KEYS do
  local key, role = ARGV[5 + 2 * (i - 4)], ARGV[6 + 2 * (i - 4)]
  redis.call('HSET', KEYS[i], 'record', ARGV[1], 'role', role)
  redis.call('HSET', KEYS[2], role, key)
end
return 1
"""
_WRITE_IF = """
local v = redis.call('HGET', KEYS[1], 'version')
if not v or tonumber(v) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'updated', ARGV[3], 'envelope', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[5])
return 1
"""
_REPLACE_KEY = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 'missing' end
local holder = redis.call('HMGET', KEYS[3], 'record', 'role')
if holder[1] then
  if holder[1] == ARGV[1] and holder[2] == ARGV[2] then return 'ok' end
  return 'taken'
end
local old = redis.call('HGET', KEYS[2], ARGV[2])
if old then redis.call('DEL', ARGV[4] .. 'key:' .. old) end
redis.call('HSET', KEYS[3], 'record', ARGV[1], 'role', ARGV[2])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
return 'ok'
"""
_DELETE = """
local updated = redis.call('HGET', KEYS[1], 'updated')
if updated and ARGV[3] ~= '' and tonumber(updated) >= tonumber(ARGV[3]) then return 0 end
for _, key in ipairs(redis.call('HVALS', KEYS[2])) do
  redis.call('DEL', ARGV[2] .. 'key:' .. key)
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[4])
redis.call('ZREM', KEYS[3], ARGV[1])
if updated then return 1 end
return 0
"""
_APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local found = redis.call('LLEN', KEYS[2])
if found == tonumber(ARGV[1]) then redis.call('RPUSH', KEYS[2], ARGV[2]) end
return found
"""
_ENTRIES = """
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local n = redis.call('LLEN', KEYS[2])
local first, last = tonumber(ARGV[1]), tonumber(ARGV[2])
if last < 0 or last >= n then last = n - 1 end
if first > last then return {} end
if first > n / 2 then  -- counted from the tail, the list is walked from its nearer end
  return redis.call('LRANGE', KEYS[2], first - n, last - n)
end
return redis.call('LRANGE', KEYS[2], first, last)
"""
_ENTRY_COUNT = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
return redis.call('LLEN', KEYS[2])
"""

__all__ = ["PREFIX", "RedisStore"]


class RedisStore(RecordStore):
    """Records in the Redis at ``url`` (``redis://host:port/db``), under ``prefix``."""

    def __init__(self, url: str, *, prefix: str = PREFIX,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock=clock)
        self.url = url
        self.prefix = prefix
        self.name = f"Redis at {_without_password(url)}"
        # The client's pool is thread-safe and makes new connections in a forked child.
        self.client: redis.Redis = redis.Redis.from_url(url, decode_responses=True)
        self._insert_script = self.client.register_script(_INSERT)
        self._write_if_script = self.client.register_script(_WRITE_IF)
        self._replace_key_script = self.client.register_script(_REPLACE_KEY)
        self._delete_script = self.client.register_script(_DELETE)
        self._append_script = self.client.register_script(_APPEND)
        self._entries_script = self.client.register_script(_ENTRIES)
        self._entry_count_script = self.client.register_script(_ENTRY_COUNT)

    def _rec(self, record_id: str) -> str:
        return f"{self.prefix}rec:{record_id}"

    def _roles(self, record_id: str) -> str:
        return f"{self.prefix}roles:{record_id}"

    def _log(self, record_id: str) -> str:
        return f"{self.prefix}log:{record_id}"

    def _key(self, key: str) -> str:
        return f"{self.prefix}key:{key}"

    @property
    def _idle(self) -> str:
        return f"{self.prefix}idle"

    def close(self) -> None:
        self.client.close()

    def _insert(self, record_id: str, version: int, updated: float, text: str,
                keys: Mapping[str, str]) -> bool:
        args: list[Any] = [record_id, version, repr(updated), text]
        for key, role in keys.items():
            args += [key, role]
        done = self._insert_script(
            keys=[self._rec(record_id), self._roles(record_id), self._idle,
                  *(self._key(key) for key in keys)],
            args=args)
        return bool(done)

    def _read(self, record_id: str) -> str | None:
        text: Any = self.client.hget(self._rec(record_id), "envelope")
        return None if text is None else str(text)

    def _version(self, record_id: str) -> int | None:
        version: Any = self.client.hget(self._rec(record_id), "version")
        return None if version is None else int(version)

    def _write_if(self, record_id: str, expected: int, version: int, updated: float,
                  text: str) -> bool:
        done = self._write_if_script(
            keys=[self._rec(record_id), self._idle],
            args=[expected, version, repr(updated), text, record_id])
        return bool(done)

    def _find_key(self, key: str) -> tuple[str, str, str] | None:
        record, role = self.client.hmget(self._key(key), ["record", "role"])
        if record is None or role is None:
            return None
        return key, str(record), str(role)

    def _replace_key(self, record_id: str, role: str, key: str) -> str:
        outcome = self._replace_key_script(
            keys=[self._rec(record_id), self._roles(record_id), self._key(key)],
            args=[record_id, role, key, self.prefix])
        return str(outcome)

    def _delete(self, record_id: str, cutoff: float | None = None) -> bool:
        gone = self._delete_script(
            keys=[self._rec(record_id), self._roles(record_id), self._idle, self._log(record_id)],
            args=[record_id, self.prefix, "" if cutoff is None else repr(cutoff)])
        return bool(gone)

    def _append(self, record_id: str, index: int, text: str) -> int | None:
        found = int(self._append_script(keys=[self._rec(record_id), self._log(record_id)],
                                        args=[index, text]))
        return None if found < 0 else found

    def _entries(self, record_id: str, start: int, stop: int | None) -> list[str] | None:
        texts = self._entries_script(keys=[self._rec(record_id), self._log(record_id)],
                                     args=[start, -1 if stop is None else stop - 1])
        return None if texts is None else [str(text) for text in texts]

    def _entry_count(self, record_id: str) -> int | None:
        found = int(self._entry_count_script(keys=[self._rec(record_id), self._log(record_id)]))
        return None if found < 0 else found

    def _expire(self, kind: str, cutoff: float) -> int:
        idle: Any = self.client.zrangebyscore(self._idle, "-inf", f"({cutoff!r}")
        # Each record is checked again inside its script: one changed meanwhile stays.
        return sum(self._delete(str(record_id), cutoff) for record_id in idle
                   if self._kind(str(record_id)) == kind)

    def _kind(self, record_id: str) -> str | None:
        text = self._read(record_id)
        return None if text is None else decode(record_id, text).kind


def _without_password(url: str) -> str:
    """``url`` fit for a message: a password in it is replaced by ``***``."""
    scheme, sep, rest = url.partition("://")
    if sep and "@" in rest:
        credentials, at, host = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}://{user + ':' if user else ''}***@{host}"
    return url
