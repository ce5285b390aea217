"""The settle-up's words agree with its figures when the computer players took every chip
the people lost (or gave every chip the people won): nobody pays anybody, and no line
speaks of losers paying winners who are not there."""

from __future__ import annotations

import html
import re

import pytest

from ui.night import record
from ui.night.results_screen import settle_up_html


def _said(people: list[bool], chips: list[int]) -> str:
    data = record.new_night(people=people, names=["Ann", "Ben", "Robo"], chips=100)
    data["chips"], data["chip_cents"] = chips, 5
    return html.unescape(re.sub(r"<[^>]+>", " ", settle_up_html(data)))


@pytest.mark.parametrize(("chips", "wrong"), [
    ([60, 100, 140], "those who lost pay the winners"),     # only the computer won
    ([40, 80, 180], "those who lost pay the winners"),
    ([130, 100, 70], "the winners share what the losers pay"),   # only people won
])
def test_no_payment_is_said_as_none(chips: list[int], wrong: str) -> None:
    said = _said([True, True, False], chips)
    assert "Nobody owes anybody anything" in said
    assert wrong not in said, said
    assert "pays" not in said.replace("Nobody pays", "").replace("nobody pays", ""), said


def test_losers_still_pay_the_winners_beside_a_computer_that_won() -> None:
    said = _said([True, True, False], [120, 40, 140])
    assert "Ben pays Ann" in said and "those who lost pay the winners" in said
    assert "Nobody owes" not in said
