"""The odds page's widgets through AppTest: opening one, its answer, charts and errors."""

from __future__ import annotations

import html
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from streamlit.testing.v1 import AppTest

import ui.odds.hand
from engine.odds.at_table import solve_spot
from tests.support.pages_app import app

PAGE = str(Path(__file__).resolve().parents[2] / "screens" / "odds.py")


@contextmanager
def few_sampled_deals(monkeypatch) -> Iterator[None]:
    """The hand calculator's sampler stops after ten deals instead of its hundred, for a test
    that checks that an answer comes, not how narrow it is (the page runs in the test's
    process). The answers kept meanwhile are dropped, before and after."""
    def sampled_briefly(spot, **options):
        return solve_spot(spot, **{**options, "min_deals": 10, "seconds": 0.0})

    monkeypatch.setattr(ui.odds.hand, "solve_spot", sampled_briefly)
    ui.odds.hand._answer.clear()
    try:
        yield
    finally:
        ui.odds.hand._answer.clear()


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
