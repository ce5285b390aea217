"""Charts and tables for odds answers: bars with their 95% intervals, and data frames.

The charts are our own HTML (bars are styled boxes, each interval a whisker
across its bar), drawn with ``st.html``: they need no charting library in the
browser, so an answer is on the screen as soon as the server has sent it. A
charting library's script (several megabytes for plotly) would have to be
fetched and run by every new visitor before the first chart appeared.

``bars_html`` and ``grouped_html`` are pure functions from estimates to HTML,
so tests can inspect them without a browser; every label and title is
escaped. ``show_bars`` and ``show_grouped`` draw them. Each bar says its
figure and interval to a screen reader and in its tooltip.

>>> from engine.odds.tally import Estimate
>>> frame = estimates_frame({"Seat 2": {"Equity": Estimate(0.4, 0.39, 0.41)}}, first="Partner")
>>> frame.to_dict("records")
[{'Partner': 'Seat 2', 'Equity': '40.0% ± 1.0'}]
>>> 'aria-label="Seat 2: 40.0% ± 1.0' in bars_html({"Seat 2": Estimate(0.4, 0.39, 0.41)},
...                                                  title="Equity")
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from engine.odds.tally import Estimate

BAR = "#1d6b3a"
HIGHLIGHT = "#e0a100"
PALETTE = ("#1d6b3a", "#c0202a", "#1d5fc4", "#e0a100", "#6b4aa0")
TRACK = "#eef1ec"
GRID = "#d5dbd2"
INK = "#1f2421"
INSIDE = 0.16
"""Bars longer than this share of the axis carry their figure inside, in white."""


def _esc(text: str) -> str:
    return html.escape(str(text), quote=True)


def axis_top(estimates: Sequence[Estimate]) -> float:
    """The axis's end in percent: a little past the highest interval, at most 100."""
    top = max((100 * e.high for e in estimates), default=100.0)
    return min(100.0, top * 1.15 + 5)


def _step(top: float) -> float:
    """A round tick spacing giving about four to six ticks up to ``top``."""
    raw = top / 5
    power: float = 10 ** math.floor(math.log10(raw))
    return next(power * m for m in (1, 2, 2.5, 5, 10) if power * m >= raw)


def _number(value: float) -> str:
    return f"{value:g}"


def _bar(label: str, estimate: Estimate, *, top: float, colour: str, series: str = "") -> str:
    """One bar on its track: the filled box, the interval's whisker and the figure."""
    value = 100 * estimate.value
    width = max(0.0, min(100.0, 100 * value / top))
    low = max(0.0, min(100.0, 100 * 100 * estimate.low / top))
    high = max(0.0, min(100.0, 100 * 100 * estimate.high / top))
    said = f"{series}, " if series else ""
    spoken = f"{said}{label}: {estimate.percent()}"
    if estimate.high > estimate.low:
        spoken += f" (95% interval {100 * estimate.low:.1f}% to {100 * estimate.high:.1f}%)"
    shown = Estimate(estimate.value, estimate.value, estimate.value).percent()
    if width / 100 >= INSIDE:
        ink = INK if colour == HIGHLIGHT else "#fff"
        figure = (f'<span style="position:absolute;left:6px;top:0;bottom:0;display:flex;'
                  f'align-items:center;color:{ink};font-size:0.8rem">{shown}</span>')
    else:
        figure = (f'<span style="position:absolute;left:calc({high:.2f}% + 6px);top:0;'
                  f'bottom:0;display:flex;align-items:center;color:{INK};font-size:0.8rem">'
                  f'{shown}</span>')
    whisker = ""
    if high > low:
        whisker = (f'<span style="position:absolute;left:{low:.2f}%;width:{high - low:.2f}%;'
                   f'top:25%;bottom:25%;box-sizing:border-box;border-left:1.5px solid #333;'
                   f'border-right:1.5px solid #333;background:linear-gradient(#333,#333) '
                   f'center/100% 1.5px no-repeat"></span>')
    return (f'<div role="img" aria-label="{_esc(spoken)}" title="{_esc(spoken)}" '
            f'style="position:relative;height:22px;margin:2px 0">'
            f'<span style="position:absolute;left:0;top:0;bottom:0;width:{width:.2f}%;'
            f'background:{colour}"></span>{whisker}{figure}</div>')


def _chart(title: str, axis: str, rows: Mapping[str, Sequence[tuple[str, Estimate, str]]],
           legend: Mapping[str, str]) -> str:
    """Rows of bars (label -> (series, estimate, colour) per bar), an axis and a legend."""
    estimates = [e for bars in rows.values() for _, e, _ in bars]
    top = axis_top(estimates)
    step = _step(top)
    ticks = [step * k for k in range(int(top / step + 1e-9) + 1)]
    track = (f"background-color:{TRACK};background-image:linear-gradient(to right,{GRID} 1px,"
             f"transparent 1px);background-size:{100 * step / top:.3f}% 100%")
    parts = [f'<figure style="margin:0 0 1rem 0">'
             f'<figcaption style="font-weight:600;margin-bottom:0.4rem">{_esc(title)}'
             f'</figcaption>']
    if legend:
        keys = "".join(f'<span style="display:inline-flex;align-items:center;gap:0.3rem">'
                       f'<span style="width:0.8rem;height:0.8rem;background:{colour}"></span>'
                       f'{_esc(name)}</span>' for name, colour in legend.items())
        parts.append(f'<div style="display:flex;flex-wrap:wrap;gap:0.2rem 1rem;'
                     f'font-size:0.85rem;margin-bottom:0.4rem">{keys}</div>')
    parts.append('<div style="display:grid;grid-template-columns:minmax(4rem,max-content) '
                 'minmax(8rem,1fr);column-gap:10px;row-gap:4px;align-items:center">')
    for label, bars in rows.items():
        drawn = "".join(_bar(label, e, top=top, colour=colour, series=series)
                        for series, e, colour in bars)
        parts.append(f'<div style="font-size:0.9rem;text-align:right;overflow-wrap:anywhere">'
                     f'{_esc(label)}</div><div style="{track}">{drawn}</div>')
    marks = "".join(f'<span style="position:absolute;left:{100 * t / top:.3f}%;'
                    f'transform:translateX(-50%)">{_number(t)}</span>' for t in ticks)
    parts.append(f'<div></div><div aria-hidden="true" style="position:relative;height:1.2rem;'
                 f'font-size:0.75rem;color:#555">{marks}</div>'
                 f'<div></div><div style="text-align:center;font-size:0.85rem;color:#555">'
                 f'{_esc(axis)}</div></div></figure>')
    return "".join(parts)


def bars_html(rows: Mapping[str, Estimate], *, title: str, axis: str = "Chance (%)",
              highlight: str | None = None) -> str:
    """Horizontal bars, one per label (top to bottom in the given order), with intervals;
    the ``highlight`` label's bar in gold."""
    return _chart(title, axis, {label: [("", e, HIGHLIGHT if label == highlight else BAR)]
                                for label, e in rows.items()}, legend={})


def grouped_html(series: Mapping[str, Mapping[str, Estimate]], *, title: str,
                 axis: str = "Chance (%)") -> str:
    """Horizontal bars grouped by category, one colour per series (game), with intervals
    and a legend; a series without a category simply has no bar there."""
    colours = dict(zip(series, PALETTE, strict=False))
    labels = list(dict.fromkeys(label for values in series.values() for label in values))
    rows = {label: [(name, values[label], colours[name])
                    for name, values in series.items() if label in values]
            for label in labels}
    return _chart(title, axis, rows, legend=colours)


def show_bars(rows: Mapping[str, Estimate], *, title: str, axis: str = "Chance (%)",
              highlight: str | None = None) -> None:
    """Draw ``bars_html`` in the page."""
    st.html(bars_html(rows, title=title, axis=axis, highlight=highlight))


def show_grouped(series: Mapping[str, Mapping[str, Estimate]], *, title: str,
                 axis: str = "Chance (%)") -> None:
    """Draw ``grouped_html`` in the page."""
    st.html(grouped_html(series, title=title, axis=axis))


def estimates_frame(rows: Mapping[str, Mapping[str, Estimate | str]], *,
                    first: str = "") -> pd.DataFrame:
    """A table: the labels in a first column headed ``first``, then one column per
    measure, each estimate written as ``41.2% ± 0.8``."""
    return pd.DataFrame([{first: label, **{column: value.percent()
                                           if isinstance(value, Estimate) else value
                                           for column, value in columns.items()}}
                         for label, columns in rows.items()])
