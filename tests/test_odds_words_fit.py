"""The Odds page's words fit what they count: no "0 decisions", no column equal to another."""

from __future__ import annotations

from engine.odds.tally import Answer, Estimate, Method
from ui.odds.hand import table_kept
from ui.odds.partner import partner_rows


def test_a_table_opened_before_anyone_acted_says_so() -> None:
    assert "0 decisions" not in table_kept(0)
    assert "nobody has acted yet" in table_kept(0)
    assert "the one decision so far is kept" in table_kept(1)
    assert "the 7 decisions so far are kept" in table_kept(7)


def _answer(values: dict[str, float]) -> Answer:
    return Answer(Method.EXACT, 10, 0.0, {key: Estimate(v, v, v) for key, v in values.items()})


def test_wins_alone_is_shown_only_where_a_split_pot_makes_it_differ() -> None:
    same = _answer({"equity/1": 0.4, "win/1": 0.4, "equity/2": 0.3, "win/2": 0.3})
    assert all(list(row) == ["Equity"] for row in partner_rows(same, (1, 2)).values())
    split = _answer({"equity/1": 0.4, "win/1": 0.38, "equity/2": 0.3, "win/2": 0.3})
    assert all(list(row) == ["Equity", "Wins alone"]
               for row in partner_rows(split, (1, 2)).values())
