"""The training Progress charts look like the site: its palette on every trace (no
plotting library's or Streamlit's blue), whole numbers on every count axis (no "Answer
number 1.5"), a clear background for a light or a dark screen, and a bar for every theme,
a theme never answered right included."""

from __future__ import annotations

from types import MappingProxyType

import plotly.graph_objects as go
import pytest

from engine.quiz.common import Drill
from ui.training.charts import PALETTE, RIGHT, WRONG, queue_chart, rating_chart, theme_chart
from ui.training.ratings import Rating
from ui.training.standing import Point, Standing, ThemeTally

DEFAULT_BLUES = {"#636efa", "#0068c9", "#1f77b4", "#83c9ff"}


def _points(count: int) -> tuple[Point, ...]:
    drills = list(Drill)
    return tuple(Point(number=n, at=float(n), drill=drills[n % 2].value, correct=n % 3 == 0,
                       rating=1500 + n, queue=n % 2) for n in range(1, count + 1))


def _standing() -> Standing:
    themes = (ThemeTally(Drill.PARTNER.value, "Team hands", 0, 3, Rating()),
              ThemeTally(Drill.SHOWDOWN.value, "Which hand wins", 2, 2, Rating()),
              ThemeTally(Drill.STUD.value, "Bring-in", 1, 4, Rating()))
    return Standing(attempts=9, right=3, drills=MappingProxyType({}), themes=themes,
                    mistakes=())


def _colours(figure: go.Figure) -> set[str]:
    found = set()
    for trace in figure.data:
        for part in ("line", "marker"):
            colour = getattr(getattr(trace, part, None), "color", None)
            if isinstance(colour, str):
                found.add(colour.lower())
    return found


@pytest.mark.parametrize("answers", [1, 2, 3, 7, 40])
def test_count_axes_step_by_whole_numbers(answers: int) -> None:
    for figure in (rating_chart(_points(answers)), queue_chart(_points(answers))):
        axis = figure.layout.xaxis
        assert axis.tickformat == "d" and isinstance(axis.dtick, int) and axis.dtick >= 1
        assert axis.title.text == "Answer number"
    queue = queue_chart(_points(answers)).layout.yaxis
    assert queue.tickformat == "d" and isinstance(queue.dtick, int) and queue.dtick >= 1


def test_every_trace_is_in_the_sites_palette_on_a_clear_background() -> None:
    figures = (rating_chart(_points(12)), queue_chart(_points(12)), theme_chart(_standing()))
    for figure in figures:
        colours = _colours(figure)
        assert colours and colours <= {*PALETTE, RIGHT, WRONG}, colours
        assert not colours & DEFAULT_BLUES
        assert figure.layout.paper_bgcolor == figure.layout.plot_bgcolor == "rgba(0,0,0,0)"
    assert len(rating_chart(_points(12)).data) == 2, "one line per drill answered"


def test_every_theme_has_a_bar_the_whole_width_even_with_nothing_right() -> None:
    figure = theme_chart(_standing())
    right, wrong = figure.data
    assert list(right.y) == list(wrong.y) and len(right.y) == 3
    assert [r + w for r, w in zip(right.x, wrong.x, strict=True)] == [100, 100, 100]
    never = list(right.y).index(f"Team hands ({Drill.PARTNER.label}) · 0/3")
    assert right.x[never] == 0 and wrong.x[never] == 100, "the 0% theme is drawn"
    assert figure.layout.barmode == "stack"
