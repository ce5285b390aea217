"""The style every page shares, on a phone: the guided hand's step bar covers what scrolls
under it edge to edge, and a row of figures (a quiz's score, streak and set) stays side by
side, three to a row, so the question below comes into view sooner."""

from __future__ import annotations

import pytest

from ui import sidebar


@pytest.fixture
def css(monkeypatch: pytest.MonkeyPatch) -> str:
    drawn: list[str] = []
    monkeypatch.setattr(sidebar.st, "html", drawn.append)
    sidebar.site_style()
    (style,) = drawn
    return style


def _phone(css: str) -> str:
    return css.split("@media (max-width: 640px) {", 1)[1]


def test_figures_keep_side_by_side_on_a_phone(css: str) -> None:
    phone = _phone(css)
    assert "[data-testid='stMetric']) { flex-wrap: wrap" in phone
    assert "flex: 1 1 calc(33% - 8px)" in phone, "three figures to a row"
    assert "stMetric" not in css.split("@media (max-width: 640px)", 1)[0], "phones only"


def test_a_help_mark_does_not_push_its_figure_down(css: str) -> None:
    assert "[data-testid='stMetricLabel'] [data-testid='stTooltipIcon'] { height:" in _phone(css)


def test_the_step_bar_covers_what_scrolls_under_it_to_its_edges(css: str) -> None:
    bar = _phone(css).split("_step_bar'])", 1)[1].split("}", 1)[0]
    assert "position: sticky" in bar and "box-shadow: 0 0 0 6px var(--dc-page" in bar
