"""The Odds page opens quickly: what made a new visitor wait seconds is kept off it.

A new visitor's browser fetches and runs the script of every kind of element on
a page before drawing it. plotly's is 4.7 MB: on a busy machine the first chart
showed two seconds or more after the answer's words. The interactive data grid's
script is half a megabyte more, and its canvas took as long again. The answers
are drawn as plain HTML bars and static tables instead: this checks that every
widget sends neither, that what a run sends stays small, and that a plain
rerun works nothing out again.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.odds.categories import SpreadQuestion
from engine.odds.partner import PartnerQuestion
from engine.odds.psycho import PsychoQuestion
from engine.odds.showdown import ShowdownQuestion
from engine.odds.sophie import SophieQuestion
from tests.support.pages_odds import answered, charts, open_widget
from ui.odds.page import WIDGETS

MOST_SENT = 150_000
"""Bytes a widget's first run may send (the largest, every hand category of four games
with intervals, sends under 50 kB)."""
QUESTIONS = (PartnerQuestion, SophieQuestion, ShowdownQuestion, PsychoQuestion, SpreadQuestion)


def _sent(node: Any) -> int:
    """Bytes of every element and block below ``node``, as the server sends them."""
    proto = getattr(node, "proto", None)
    size = proto.ByteSize() if proto is not None and hasattr(proto, "ByteSize") else 0
    children = getattr(node, "children", None)
    return size + sum(_sent(c) for c in (children.values() if isinstance(children, dict)
                                         else ()))


@pytest.mark.parametrize("widget", list(WIDGETS))
def test_no_widget_sends_a_heavy_chart_or_data_grid(widget: str) -> None:
    at = open_widget(widget)
    answered(at)
    assert not at.get("plotly_chart"), "a plotly chart makes every new visitor load 4.7 MB"
    assert not at.dataframe, "an interactive data grid loads over a megabyte of script"
    assert all('role="img"' in chart for chart in charts(at))
    assert _sent(at.main) + _sent(at.sidebar) < MOST_SENT


@pytest.mark.parametrize("widget", list(WIDGETS))
def test_a_plain_rerun_works_nothing_out_again(widget: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    at = open_widget(widget)
    before = answered(at)
    counted: list[str] = []
    for question in QUESTIONS:
        original = question.tally

        def tally(self: Any, work: Any, _original: Any = original) -> Any:
            counted.append(type(self).__name__)
            return _original(self, work)

        monkeypatch.setattr(question, "tally", tally)
    at.run()
    assert answered(at).split("Server time")[0] == before.split("Server time")[0]
    assert counted == [], f"a rerun counted deals again: {counted}"

