"""A game's settings: every dealer's announcement with its default, its options in plain
words and its checks.

A game declares a :class:`Settings` dataclass whose fields use :func:`setting`; pages
show them from :meth:`Settings.schema`, links carry :meth:`Settings.changes`. They lie
below the hand's state, which holds the settings a hand is played with.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Self


class SettingsError(ValueError):
    """Settings a game cannot be played with; the message says why."""


@dataclass(frozen=True, slots=True)
class Option:
    """One choice for a setting and what choosing it changes."""

    value: Any
    label: str
    effect: str


@dataclass(frozen=True, slots=True)
class SettingInfo:
    """How a page shows one setting: label, help, default, and options or bounds.

    A setting with ``options`` is a choice among them; otherwise it is a
    whole number between ``minimum`` and ``maximum``.
    """

    name: str
    label: str
    help: str
    default: Any
    options: tuple[Option, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> None:
        if self.options:
            allowed = [o.value for o in self.options]
            if value not in allowed or (isinstance(self.default, bool)
                                        and not isinstance(value, bool)):
                names = ", ".join(repr(getattr(v, "value", v)) for v in allowed)
                raise SettingsError(f"{self.label}: {value!r} is not one of {names}")
            return
        if isinstance(value, bool) or not isinstance(value, int):
            raise SettingsError(f"{self.label}: expected a whole number, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise SettingsError(f"{self.label}: {value} is below the least allowed, "
                                f"{self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise SettingsError(f"{self.label}: {value} is above the most allowed, "
                                f"{self.maximum}")


def setting(default: Any, *, label: str, help: str, options: Sequence[Option] = (),
            minimum: int | None = None, maximum: int | None = None) -> Any:
    """A settings field carrying its announcement (use as a dataclass default)."""
    info = SettingInfo("", label, help, default, tuple(options), minimum, maximum)
    return dataclasses.field(default=default, metadata={"info": info})


def chips_setting() -> Any:
    """The starting chips every game announces: 200 each by the house rules."""
    return setting(200, label="Chips", help="Each player's chips at the start of the hand.",
                   minimum=1, maximum=1_000_000)


@dataclass(frozen=True)
class Settings:
    """Base for a game's settings: validated on creation, with a schema.

    Subclasses are frozen dataclasses whose fields use :func:`setting`, and
    may add cross-field checks in :meth:`check`.
    """

    def __post_init__(self) -> None:
        for info in self.schema():
            info.check(getattr(self, info.name))
        self.check()

    def check(self) -> None:
        """Cross-field rules (a subclass raises ``SettingsError``)."""

    @classmethod
    @cache
    def schema(cls) -> tuple[SettingInfo, ...]:
        """Every setting, in order, with its label, help and options (worked out once per
        class: the classes never change)."""
        return tuple(dataclasses.replace(f.metadata["info"], name=f.name)
                     for f in dataclasses.fields(cls) if "info" in f.metadata)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Self:
        """Settings from plain values (JSON, query params); unknown keys are refused."""
        if data is not None and not isinstance(data, Mapping):
            raise SettingsError("settings must be given as names with values, not "
                                f"{type(data).__name__}")
        data = dict(data or {})
        fields = {info.name: info for info in cls.schema()}
        unknown = sorted(map(str, set(data) - set(fields)))
        if unknown:
            raise SettingsError(f"unknown setting(s): {', '.join(unknown)}; known: "
                                f"{', '.join(fields)}")
        values = {}
        for name, raw in data.items():
            info = fields[name]
            default = info.default
            if isinstance(default, Enum) and not isinstance(raw, Enum):
                try:
                    raw = type(default)(raw)
                except ValueError:
                    info.check(raw)
            values[name] = raw
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values (enums as their strings)."""
        return {info.name: _plain(getattr(self, info.name)) for info in self.schema()}

    def changes(self) -> dict[str, Any]:
        """Only the settings that differ from the defaults."""
        return {info.name: _plain(getattr(self, info.name)) for info in self.schema()
                if getattr(self, info.name) != info.default}


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value

