"""The odds page's widgets through AppTest: opening one, its answer, charts and errors."""

from __future__ import annotations

import html
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.support.pages_app import app

PAGE = str(Path(__file__).resolve().parents[2] / "screens" / "odds.py")


def open_widget(widget: str) -> AppTest:
    at = app(PAGE, timeout=120)
    at.query_params["widget"] = widget
    at.run()
    assert not at.exception, at.exception[0].value
    return at


def charts(at: AppTest) -> list[str]:
    """The odds charts on the page, as the HTML drawn."""
    return [e.proto.body for e in at.get("html") if e.proto.body.startswith("<figure")]


def answered(at: AppTest) -> str:
    """The sentence saying how the answer was found (and that there is one)."""
    assert not at.exception, at.exception[0].value
    assert not at.error, at.error[0].value
    found = [c.value for c in at.caption if c.value.startswith(("Exact", "Sampled", "Stud"))]
    assert found, "no answer on the page"
    assert charts(at) and at.table
    return found[0]


def errors(at: AppTest) -> list[str]:
    """The error messages as a reader sees them (markup characters come escaped)."""
    assert not at.exception, at.exception[0].value
    return [html.unescape(e.value).replace("\u2060", "") for e in at.error]
