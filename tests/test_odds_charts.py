"""The odds charts' HTML: bars as long as their figures, intervals where sampled, the
highlighted choice, a legend for grouped series, and an axis that covers every interval."""

from __future__ import annotations

import re

from engine.odds.tally import Estimate
from ui.odds.charts import HIGHLIGHT, axis_top, bars_html, grouped_html

SAMPLED = Estimate(0.30, 0.29, 0.31)
EXACT = Estimate(0.10, 0.10, 0.10)


def _bars(markup: str) -> list[str]:
    return re.findall(r'<div role="img" aria-label="([^"]*)"', markup)


def _widths(markup: str) -> list[float]:
    return [float(w) for w in re.findall(r"bottom:0;width:([\d.]+)%", markup)]


def test_each_bar_is_as_long_as_its_figure_on_the_axis() -> None:
    markup = bars_html({"A": SAMPLED, "B": EXACT}, title="Equity")
    top = axis_top([SAMPLED, EXACT])
    assert top > 31
    assert _widths(markup) == [round(100 * 30 / top, 2), round(100 * 10 / top, 2)]
    assert _bars(markup) == ["A: 30.0% ± 1.0 (95% interval 29.0% to 31.0%)", "B: 10.0%"]


def test_only_a_sampled_figure_has_an_interval_and_the_choice_is_highlighted() -> None:
    markup = bars_html({"A": SAMPLED, "B": EXACT}, title="Equity", highlight="B")
    assert markup.count("border-left:1.5px") == 1
    assert markup.count(f"background:{HIGHLIGHT}") == 1
    assert "Equity" in markup and "Chance (%)" in markup


def test_the_axis_ends_past_the_highest_interval_and_at_most_at_100() -> None:
    assert axis_top([Estimate(0.95, 0.94, 0.96)]) == 100
    assert 100 * 0.31 < axis_top([SAMPLED]) < 100


def test_grouped_bars_name_every_series_and_skip_a_missing_category() -> None:
    markup = grouped_html({"Stud": {"Pair": EXACT, "No low": EXACT}, "Psycho": {"Pair": SAMPLED}},
                          title="Hands")
    assert _bars(markup) == ["Stud, Pair: 10.0%", "Psycho, Pair: 30.0% ± 1.0 (95% interval "
                             "29.0% to 31.0%)", "Stud, No low: 10.0%"]
    assert markup.index("Stud") < markup.index("Psycho") < markup.index("No low")
