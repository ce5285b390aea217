"""Charts and tables for odds answers: bars with their 95% intervals, and data frames.

Pure functions from estimates to a plotly figure or a pandas data frame, so
tests can inspect them without a browser.

>>> from engine.odds.tally import Estimate
>>> frame = estimates_frame({"Seat 2": {"Equity": Estimate(0.4, 0.39, 0.41)}}, first="Partner")
>>> frame.to_dict("records")
[{'Partner': 'Seat 2', 'Equity': '40.0% ± 1.0'}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from engine.odds.tally import Estimate

BAR = "#1d6b3a"
PALETTE = ("#1d6b3a", "#c0202a", "#1d5fc4", "#e0a100", "#6b4aa0")


def _error(estimates: Sequence[Estimate]) -> dict[str, object]:
    return {"type": "data", "symmetric": False,
            "array": [100 * (e.high - e.value) for e in estimates],
            "arrayminus": [100 * (e.value - e.low) for e in estimates],
            "color": "#333", "thickness": 1.5, "width": 4}


def bars(rows: Mapping[str, Estimate], *, title: str, axis: str = "Chance (%)",
         highlight: str | None = None) -> go.Figure:
    """Horizontal bars, one per label (top to bottom in the given order), with intervals."""
    labels = list(rows)
    estimates = list(rows.values())
    colours = [PALETTE[3] if label == highlight else BAR for label in labels]
    figure = go.Figure(go.Bar(
        y=labels, x=[100 * e.value for e in estimates], orientation="h",
        marker_color=colours, error_x=_error(estimates),
        text=[f"{100 * e.value:.1f}%" for e in estimates], textposition="inside",
        insidetextanchor="start", textfont={"color": "white"},
        hovertemplate="%{y}: %{x:.1f}%<extra></extra>"))
    top = max((100 * e.high for e in estimates), default=100)
    figure.update_layout(title=title, height=110 + 34 * len(labels),
                         uniformtext={"minsize": 10, "mode": "hide"},
                         margin={"l": 10, "r": 40, "t": 50, "b": 40},
                         xaxis={"title": axis, "range": [0, min(100, top * 1.15 + 5)]},
                         yaxis={"autorange": "reversed"}, showlegend=False)
    return figure


def grouped(series: Mapping[str, Mapping[str, Estimate]], *, title: str,
            axis: str = "Chance (%)") -> go.Figure:
    """Vertical bars grouped by category, one colour per series (game), with intervals."""
    figure = go.Figure()
    for colour, (name, values) in zip(PALETTE, series.items(), strict=False):
        estimates = list(values.values())
        figure.add_bar(name=name, x=list(values), y=[100 * e.value for e in estimates],
                       marker_color=colour, error_y=_error(estimates))
    figure.update_layout(title=title, barmode="group", yaxis_title=axis, height=440,
                         margin={"l": 10, "r": 10, "t": 60, "b": 10})
    return figure


def side_by_side(left: Mapping[str, Mapping[str, Estimate]],
                 right: Mapping[str, Mapping[str, Estimate]], *, titles: tuple[str, str],
                 title: str) -> go.Figure:
    """Two grouped bar charts in one figure (high hands, low hands), sharing the legend."""
    figure = make_subplots(rows=1, cols=2, column_widths=[0.6, 0.4], subplot_titles=titles)
    names = list(dict.fromkeys([*left, *right]))
    colours = dict(zip(names, PALETTE, strict=False))
    for column, series in ((1, left), (2, right)):
        for name, values in series.items():
            estimates = list(values.values())
            figure.add_bar(name=name, x=list(values), y=[100 * e.value for e in estimates],
                           marker_color=colours[name], error_y=_error(estimates),
                           legendgroup=name, showlegend=column == 1 or name not in left,
                           row=1, col=column)
    figure.update_layout(title=title, barmode="group", height=480,
                         margin={"l": 10, "r": 10, "t": 80, "b": 10},
                         legend={"orientation": "h", "y": -0.35})
    figure.update_yaxes(title_text="Chance (%)", row=1, col=1)
    return figure


def estimates_frame(rows: Mapping[str, Mapping[str, Estimate | str]], *,
                    first: str = "") -> pd.DataFrame:
    """A table: the labels in a first column headed ``first``, then one column per
    measure, each estimate written as ``41.2% ± 0.8``."""
    return pd.DataFrame([{first: label, **{column: value.percent()
                                           if isinstance(value, Estimate) else value
                                           for column, value in columns.items()}}
                         for label, columns in rows.items()])
