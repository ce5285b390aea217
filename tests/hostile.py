"""Kept for imports written before the helpers moved: see :mod:`tests.support.hostile`."""

from tests.support.hostile import (
    HOSTILE_NUMBERS,
    HOSTILE_TEXT,
    IMG,
    MARKDOWN,
    MARKUP,
    ROOT,
    SCRIPT,
    hostile_text,
    json_values,
    site_page,
    wrong_types,
)

__all__ = [
    "ROOT",
    "IMG",
    "SCRIPT",
    "MARKDOWN",
    "MARKUP",
    "HOSTILE_TEXT",
    "HOSTILE_NUMBERS",
    "hostile_text",
    "json_values",
    "wrong_types",
    "site_page",
]
