"""The progress charts (plotly): rating over time per drill, accuracy per theme, the queue."""

from __future__ import annotations

import plotly.graph_objects as go

from engine.quiz.common import Drill
from ui.training.standing import Point, Standing


def _layout(height: int = 300) -> dict[str, object]:
    return {"height": height, "margin": {"l": 10, "r": 10, "t": 40, "b": 10},
            "legend": {"orientation": "h", "y": -0.25}}


def _label(drill: str) -> str:
    try:
        return Drill(drill).label
    except ValueError:
        return drill


def rating_chart(history: tuple[Point, ...]) -> go.Figure:
    """Each drill's rating after every answer of that drill."""
    figure = go.Figure()
    for drill in Drill:
        points = [p for p in history if p.drill == drill.value]
        if points:
            figure.add_scatter(x=[p.number for p in points], y=[p.rating for p in points],
                               mode="lines+markers", name=drill.label)
    figure.update_layout(title="Rating by drill", xaxis_title="Answer number",
                         yaxis_title="Rating", **_layout())
    return figure


def theme_chart(now: Standing) -> go.Figure:
    """Accuracy per theme, with the answers behind each bar."""
    themes = sorted(now.themes, key=lambda t: t.accuracy)
    figure = go.Figure(go.Bar(
        x=[t.accuracy * 100 for t in themes],
        y=[f"{t.theme} ({_label(t.drill)})" for t in themes], orientation="h",
        text=[f"{t.right}/{t.asked}" for t in themes], textposition="auto"))
    layout = _layout(max(220, 40 + 28 * len(themes)))
    figure.update_layout(title="Accuracy by theme", xaxis_title="% right",
                         xaxis_range=[0, 100], **layout)
    return figure


def queue_chart(history: tuple[Point, ...]) -> go.Figure:
    """How many missed questions waited for review after each answer."""
    figure = go.Figure(go.Scatter(x=[p.number for p in history],
                                  y=[p.queue for p in history], mode="lines",
                                  line_shape="hv", name="Waiting"))
    figure.update_layout(title="Mistakes waiting for review", xaxis_title="Answer number",
                         yaxis_title="Questions", **_layout())
    return figure
