"""A message a screen shows once, after what caused it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Tone(StrEnum):
    SUCCESS = "success"
    INFO = "info"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class Notice:
    tone: Tone
    text: str
