"""A night's settle-up with computer players at the table: they play for chips, not
money, so the payments are among the people only, what the computers won or lost is shown
apart, and the people's money still balances to the cent."""

from __future__ import annotations

import csv
import html
import io
import random
import re
from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.support.night import deal_next, open_all, play_out
from ui.night import record, settle
from ui.night.controller import Night
from ui.night.results_screen import settle_up_html, standings_html
from ui.store.sqlite_store import SQLiteStore


def _night_of(people: list[bool], chips: list[int], bought: list[int]) -> dict[str, object]:
    data = record.new_night(people=people, names=[], chips=100)
    data["chips"], data["bought"] = chips, bought
    return data


@given(st.lists(st.tuples(st.booleans(), st.integers(1, 3000), st.integers(0, 6000)),
                min_size=2, max_size=10), st.integers(1, 500))
def test_computers_settle_nothing_and_the_people_balance(
        chairs: list[tuple[bool, int, int]], cents: int) -> None:
    people = [person for person, _, _ in chairs]
    bought = [paid for _, paid, _ in chairs]
    won = [share for _, _, share in chairs]
    scale = sum(won) or 1
    chips = [w * sum(bought) // scale for w in won]
    chips[0] += sum(bought) - sum(chips)                 # chips are conserved
    data = _night_of(people, chips, bought)
    owed = settle.balances(data, cents)
    assert sum(owed) == 0, "the people's money balances"
    payments = settle.settle_up(owed)
    for payment in payments:
        assert people[payment.payer] and people[payment.payee], "only people pay or are paid"
    nets = [(c - b) * cents for c, b in zip(chips, bought, strict=True)]
    for p, due in enumerate(owed):
        if not people[p]:
            assert due == 0
        else:
            assert due * nets[p] >= 0, "a winner is never billed, a loser never paid"
            assert abs(due) <= abs(nets[p]), "nobody pays or gets more than their chips' worth"
    credit = sum(n for p, n in enumerate(nets) if people[p] and n > 0)
    debit = -sum(n for p, n in enumerate(nets) if people[p] and n < 0)
    side = 1 if credit > debit else -1
    total, whole = min(credit, debit), max(credit, debit)
    for p, due in enumerate(owed):
        if people[p] and nets[p] * side > 0:
            exact = Decimal(abs(nets[p]) * total) / whole
            assert abs(Decimal(abs(due)) - exact) < 1, "shared in proportion, to the cent"


def test_a_night_with_computer_players_bills_only_people(tmp_path: Path) -> None:
    night = Night(SQLiteStore(tmp_path / "night.sqlite3"))
    record_id, shown = night.create(people=[True, False, True, False, True],
                                    names=["Ann", "Robo Rita", "Eve", "Robo Sam", "Dev"],
                                    game_id="texas-holdem", seed=11)
    seats = open_all(night, shown)
    rng = random.Random(11)
    for hand in range(12):
        play_out(night, seats, record_id, rng)
        data = night.snapshot(record_id).data
        if settle.computers_won(data) != 0 and hand >= 2:
            break
        deal_next(night, seats, record_id, "texas-holdem")
    assert settle.computers_won(data) != 0, "the computers won or lost chips tonight"
    assert night.end(seats["host"]).ok and night.set_chip_value(seats["host"], "0.05").ok
    data = night.snapshot(record_id).data
    shown_money = re.sub(r"<[^>]+>", " ", html.unescape(settle_up_html(data)))
    for robot in ("Robo Rita", "Robo Sam"):
        assert robot not in shown_money, f"the settle-up bills {robot} in money"
    assert "computer players" in shown_money
    table = standings_html(data)
    people, computers = table.split("The computer players")
    assert "Robo" not in people and "Bought in" not in computers
    assert "Robo Rita" in computers and "Robo Sam" in computers
    ledger = night.ledger(seats["host"], night.snapshot(record_id), "0.05").message
    rows, paid, note = (list(csv.reader(io.StringIO(part))) for part in ledger.split("\n\n"))
    by_name = {row[0]: row for row in rows[1:]}
    assert by_name["Robo Rita"][4] == "" and by_name["Robo Rita"][1] == ""
    assert sum(Decimal(by_name[name][4]) for name in ("Ann", "Eve", "Dev")) == 0
    assert all("Robo" not in payer + payee for payer, payee, _ in paid[1:])
    assert note == [[settle.COMPUTERS_SHARED]], "the ledger says why money is not chips"
