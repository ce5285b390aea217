"""Hostile values for the fuzz and injection tests: what odd links, pasted junk and
curious visitors send; and :func:`site_page`, which runs a page as the site does.

``HOSTILE_TEXT`` lists fixed nasty strings (markup, script, markdown, numbers
that are not numbers, control and unusual unicode characters, huge text);
``hostile_text()`` mixes them with hypothesis' own random text; ``MARKUP``
are the fragments the injection tests look for on the page.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest
from streamlit.util import calc_hash

from tests.support.pages_app import app

ROOT = Path(__file__).resolve().parents[2]

IMG = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(1)</script>"
MARKDOWN = "**bold** [x](javascript:alert(1))"
MARKUP = (IMG, SCRIPT, MARKDOWN, ":red[red] :material/home: $x^2$ `code` # heading")
"""Markup a visitor might type: none of it may reach the page as live HTML or markdown."""

HOSTILE_TEXT: tuple[str, ...] = (
    "", " ", "\n", "\t\r\n", ",", ";;", "\x00", "\x1b[31m", "\u202e", "\u200b", "\ufeff",
    "-1", "-999999999999999999999", "0", "00", "1e309", "NaN", "nan", "inf", "-inf", "0x1F",
    "3.7", "1_000", "٣", "²", "½", "Ⅻ", "１０ｈ", "None", "null", "true", "[]", "{}", "[1, 2]",
    '{"a": 1}', "'; DROP TABLE hands; --", "{{7*7}}", "${7*7}", "%s%n%x", "../../etc/passwd",
    "K♥\ufe0f", "K\u0301h", "🂡🂱", "🃏" * 300, "A" * 5000, "Kh " * 2000, "10h" * 700,
    "x" * 100_000, "9" * 5000, *MARKUP,
)
"""Fixed hostile strings: empty, huge, unicode, negative, NaN, wrong types as text, markup."""

HOSTILE_NUMBERS: tuple[float | int, ...] = (
    0, -1, -(10**12), 10**12, 2**53 + 1, 10**300, 0.5, -0.0, 3.7, 1e308, math.inf, -math.inf,
)
"""Numbers a tampered widget or file might carry (NaN is tested apart: see the tests)."""


def hostile_text(*, max_size: int = 80) -> st.SearchStrategy[str]:
    """A fixed hostile string, random text, or random text wrapped around markup."""
    random_text = st.text(max_size=max_size)
    wrapped = st.builds(lambda a, m, b: a + m + b, random_text, st.sampled_from(MARKUP),
                        random_text)
    return st.sampled_from(HOSTILE_TEXT) | random_text | wrapped


def json_values(*, max_leaves: int = 12) -> st.SearchStrategy[object]:
    """Any JSON value, leaves drawn from hostile numbers and strings too."""
    leaves = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
              | st.sampled_from(HOSTILE_NUMBERS).filter(lambda v: not math.isinf(v))
              | st.sampled_from([t for t in HOSTILE_TEXT if len(t) < 200]) | st.text(max_size=12))
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                        max_leaves=max_leaves)


def wrong_types() -> st.SearchStrategy[object]:
    """Values of the wrong type for anything expecting text or a mapping."""
    return (st.none() | st.integers() | st.floats() | st.booleans() | st.binary(max_size=10)
            | st.lists(st.integers(), max_size=3) | st.tuples(st.text(max_size=3))
            | st.just(object()) | st.just(math.nan))


def open_address(at: AppTest, address: str) -> None:
    """Open the page served at ``address`` on the next run. AppTest switches pages by file
    only, and one file serves every declared game's page, each at its own address: a
    page's identity in Streamlit is the hash of its address."""
    at._page_hash = calc_hash(address)


def site_page(page: str, *, params: Mapping[str, str] | None = None,
              state: Mapping[str, object] | None = None, timeout: float = 120,
              address: str | None = None) -> AppTest:
    """Run the site (``app.py``, with its navigation and sidebar) on ``screens/<page>.py``
    (served at ``address`` when the file serves several), with these query params and
    session values set first; not yet checked for errors."""
    at = app("app.py", timeout=timeout)
    at.switch_page(f"screens/{page}.py")
    if address is not None:
        open_address(at, address)
    for name, value in (params or {}).items():
        at.query_params[name] = value
    for key, value in (state or {}).items():
        at.session_state[key] = value
    at.run()
    return at
