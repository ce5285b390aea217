"""The progress charts (plotly): rating over time per drill, accuracy per theme, the queue.

In the site's colours (its felt green first, then the gold of a marked card, the red and
blue of the four-colour deck), each set on its trace so that no theme of the page's
replaces it; on a clear background, legible in a light or a dark setting. Counts are
whole numbers on their axes: there is no answer number 1.5.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import plotly.graph_objects as go

from engine.quiz.common import Drill
from ui.training.standing import Point, Standing

PALETTE = ("#1d6b3a", "#e0a100", "#c0202a", "#1d5fc4", "#7a5c9e", "#4f8a8b", "#8a6d3b")
"""One colour per drill, in the drills' order."""
RIGHT, WRONG = "#2e8b57", "#c0202a"
"""The two parts of a theme's bar: answers right, answers wrong."""
_GRID = "rgba(128, 128, 128, 0.25)"


def _layout(height: int = 300) -> dict[str, object]:
    return {"height": height, "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
            "legend": {"orientation": "h", "y": -0.25},
            "paper_bgcolor": "rgba(0,0,0,0)", "plot_bgcolor": "rgba(0,0,0,0)"}


def whole_steps(values: Sequence[float]) -> dict[str, object]:
    """An axis of whole numbers for counts up to ``max(values)``: at most about ten ticks,
    one apart or a whole number apart, from zero or one.

    >>> whole_steps([1, 2])["dtick"], whole_steps([0, 37])["dtick"]
    (1, 4)
    """
    top = max([1, *values])
    return {"tick0": 0, "dtick": max(1, math.ceil(top / 10)), "tickformat": "d",
            "gridcolor": _GRID, "zeroline": False}


def _label(drill: str) -> str:
    try:
        return Drill(drill).label
    except ValueError:
        return drill


def _colour(drill: Drill) -> str:
    return PALETTE[list(Drill).index(drill) % len(PALETTE)]


def rating_chart(history: tuple[Point, ...]) -> go.Figure:
    """Each drill's rating after every answer of that drill."""
    figure = go.Figure()
    for drill in Drill:
        points = [p for p in history if p.drill == drill.value]
        if points:
            colour = _colour(drill)
            figure.add_scatter(x=[p.number for p in points], y=[p.rating for p in points],
                               mode="lines+markers", name=drill.label,
                               line={"color": colour}, marker={"color": colour})
    figure.update_layout(title="Rating by drill", xaxis_title="Answer number",
                         yaxis_title="Rating", **_layout())
    figure.update_xaxes(**whole_steps([p.number for p in history]))
    figure.update_yaxes(gridcolor=_GRID)
    return figure


def theme_chart(now: Standing) -> go.Figure:
    """Each theme's answers as one bar the whole width, right in green and wrong in red: a
    theme with no answer right still has its bar."""
    themes = sorted(now.themes, key=lambda t: t.accuracy)
    names = [f"{t.theme} ({_label(t.drill)}) · {t.right}/{t.asked}" for t in themes]
    right = [t.accuracy * 100 for t in themes]
    figure = go.Figure()
    figure.add_bar(x=right, y=names, orientation="h", name="Right",
                   marker={"color": RIGHT}, hovertemplate="%{y}: %{x:.0f}% right<extra></extra>")
    figure.add_bar(x=[100 - r for r in right], y=names, orientation="h", name="Wrong",
                   marker={"color": WRONG, "opacity": 0.55},
                   hovertemplate="%{y}: %{x:.0f}% wrong<extra></extra>")
    layout = _layout(max(220, 60 + 28 * len(themes)))
    figure.update_layout(title="Accuracy by theme", xaxis_title="% right", barmode="stack",
                         xaxis_range=[0, 100], legend_traceorder="normal", **layout)
    figure.update_xaxes(tick0=0, dtick=20, gridcolor=_GRID)
    return figure


def queue_chart(history: tuple[Point, ...]) -> go.Figure:
    """How many missed questions waited for review after each answer."""
    figure = go.Figure(go.Scatter(x=[p.number for p in history],
                                  y=[p.queue for p in history], mode="lines",
                                  line_shape="hv", name="Waiting",
                                  line={"color": PALETTE[1], "width": 3}))
    figure.update_layout(title="Mistakes waiting for review", xaxis_title="Answer number",
                         yaxis_title="Questions", **_layout())
    figure.update_xaxes(**whole_steps([p.number for p in history]))
    figure.update_yaxes(rangemode="tozero", **whole_steps([p.queue for p in history]))
    return figure
