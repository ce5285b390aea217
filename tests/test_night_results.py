"""The end of a game night: standings, the settle-up (unit and property tests of its
arithmetic), the ledger as CSV, and the night's hands as the table saw them."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import Card, parse_cards
from engine.history import load_hand
from engine.phh import to_phh
from tests.support.hostile import SCRIPT
from tests.support.leaks import hidden_from_table, named_cards
from tests.support.nights import _open_all, _play_out
from ui.night import record, settle
from ui.night.controller import Night, Seat
from ui.night.record import Refused
from ui.night.settle import Payment, chip_value_cents, money, settle_up

# --- the settle-up's arithmetic ----------------------------------------------------------



def _check(owed: list[int], payments: list[Payment]) -> None:
    """The payments square every balance, with money only from debtors to creditors, in
    at most one fewer payments than people with a balance."""
    after = list(owed)
    for payment in payments:
        assert payment.cents > 0 and payment.payer != payment.payee
        assert owed[payment.payer] < 0 < owed[payment.payee]
        after[payment.payer] += payment.cents
        after[payment.payee] -= payment.cents
    assert after == [0] * len(owed)
    assert len(payments) <= max(0, sum(1 for x in owed if x) - 1)
    assert len(payments) <= max(0, len(owed) - 1)


def test_a_settle_up_by_hand() -> None:
    assert settle_up([0, 0, 0]) == []
    assert settle_up([300, -300]) == [Payment(1, 0, 300)]
    assert settle_up([500, -300, -200]) == [Payment(1, 0, 300), Payment(2, 0, 200)]
    owed = [1000, -250, -250, 500, -1000, 0]
    payments = settle_up(owed)
    _check(owed, payments)
    assert payments[0] == Payment(4, 0, 1000), "the biggest debtor pays the biggest creditor"
    with pytest.raises(ValueError, match="sum to zero"):
        settle_up([5, -4])


@given(st.lists(st.integers(-10**7, 10**7), min_size=1, max_size=10))
def test_every_settle_up_balances_in_fewer_payments_than_players(values: list[int]) -> None:
    owed = [*values[:-1], -sum(values[:-1])]       # balances as a night makes them: zero-sum
    _check(owed, settle_up(owed))


@given(st.lists(st.tuples(st.integers(1, 5000), st.integers(0, 15000)), min_size=2,
                max_size=10), st.integers(1, 500))
def test_the_payments_follow_the_chips(chairs: list[tuple[int, int]], cents: int) -> None:
    """However the chips moved (rebuys included), the money paid is each net at the chip's
    value, and it sums to zero."""
    bought = [b for b, _ in chairs]
    total = sum(bought)
    won = [c for _, c in chairs]
    scale = sum(won) or 1
    chips = [w * total // scale for w in won]
    chips[0] += total - sum(chips)                 # chips are conserved
    data = {"players": [{"name": f"P{i}", "person": True} for i in range(len(chairs))],
            "chips": chips, "bought": bought, "start_chips": 1}
    owed = settle.balances(data, cents)
    assert sum(owed) == 0
    assert owed == [(c - b) * cents for c, b in zip(chips, bought, strict=True)]
    _check(owed, settle_up(owed))


@pytest.mark.parametrize(("typed", "cents"), [("0.05", 5), ("1", 100), (" 2.50 ", 250),
                                              (Decimal("0.1"), 10), (3, 300), ("1000", 100000)])
def test_a_chip_value_is_whole_cents(typed: object, cents: int) -> None:
    assert chip_value_cents(typed) == cents


@pytest.mark.parametrize("typed", ["0.005", "0", "-1", "abc", "", "nan", "inf", "1001", None,
                                   True, 0.05, "1e400"])
def test_a_bad_chip_value_is_refused_with_a_reason(typed: object) -> None:
    with pytest.raises(Refused, match="chip's value"):
        chip_value_cents(typed)


def test_money_is_written_in_cents() -> None:
    assert [money(c) for c in (0, 5, 1250, -5, -100001)] == \
        ["0.00", "0.05", "12.50", "-0.05", "-1000.01"]


# --- a night's results, through the controller --------------------------------------------


def _played_night(night: Night, hands: int = 3) -> tuple[str, dict[str, Seat]]:
    record_id, shown = night.create(people=[True, True, True, False],
                                    names=["Ann", SCRIPT[:20], "=SUM(A1)", ""],
                                    game_id="seven-card-stud", seed=4)
    seats = _open_all(night, shown)
    rng = random.Random(4)
    for number in range(hands):
        _play_out(night, seats, record_id, rng)
        if number == 0:
            assert night.rebuy(seats["host"], 1, 50).ok
        if number < hands - 1:
            snap = night.snapshot(record_id)
            dealer = record.chooser(snap.data)
            seat = seats["host"] if dealer is None else seats[record.seat_role(dealer)]
            assert night.deal_next(seat, snap.version, game_id="seven-card-stud").ok
    return record_id, seats


def test_standings_and_settle_up_of_a_played_night(night: Night) -> None:
    record_id, seats = _played_night(night)
    data = night.snapshot(record_id).data
    rows = settle.standings(data)
    assert [r.net for r in rows] == sorted((r.net for r in rows), reverse=True)
    assert sum(r.net for r in rows) == 0, "chips are conserved, rebuys counted"
    by_chair = {r.player: r for r in rows}
    assert by_chair[1].bought == 250 and by_chair[0].bought == 200
    assert sum(r.hands_won for r in rows) >= 3, "every hand has a winner"
    for hand in data["hands"]:
        for player, net in enumerate(hand["payoffs"]):
            if net > 0:
                assert by_chair[player].hands_won >= 1 and by_chair[player].biggest_win > net
    owed = settle.balances(data, 5)
    _check(owed, settle_up(owed))
    assert night.set_chip_value(seats["seat:0"], "0.05").ok is False
    assert not night.set_chip_value(seats["host"], "0.001").ok
    assert night.set_chip_value(seats["host"], "0.05").ok
    assert night.snapshot(record_id).data["chip_cents"] == 5
    shown = settle.results(night.snapshot(record_id).data)
    assert shown.cents_per_chip == 5 and list(shown.standings) == rows
    assert list(shown.payments) == settle_up(owed)
    assert settle.results(data).payments == () and settle.results(data).cents_per_chip is None


def test_the_ledger_reads_back_and_keeps_names_as_text(night: Night) -> None:
    record_id, seats = _played_night(night, hands=2)
    snap = night.snapshot(record_id)
    assert not night.ledger(seats["host"], snap, "zero").ok
    assert not night.ledger(seats["tv"], snap, "0.05").ok
    outcome = night.ledger(seats["host"], snap, "0.10")
    assert outcome.ok
    players_part, payments_part, *note = outcome.message.split("\n\n")
    assert [list(csv.reader(io.StringIO(n))) for n in note] in (
        [], [[[settle.COMPUTERS_SHARED]]]), note
    rows = list(csv.reader(io.StringIO(players_part)))
    assert rows[0][:4] == ["Player", "Bought in (chips)", "Chips at the end", "Net (chips)"]
    assert [r[0] for r in rows[1:]] == ["Ann", SCRIPT[:20], "'=SUM(A1)", "Computer 4"]
    assert sum(int(r[3]) for r in rows[1:]) == 0
    assert rows[4][4] == "" and rows[4][8] == "yes", "a computer player plays for no money"
    for row in rows[1:4]:
        assert Decimal(row[4]) * int(row[3]) >= 0
        assert abs(Decimal(row[4])) <= abs(Decimal(int(row[3])) / 10)
    paid = list(csv.reader(io.StringIO(payments_part)))[1:]
    assert len(paid) <= 2
    net = {r[0]: Decimal(r[4]) for r in rows[1:4]}
    for payer, payee, amount in paid:
        net[payer] += Decimal(amount)
        net[payee] -= Decimal(amount)
    assert set(net.values()) == {Decimal(0)}


_CARDS = re.compile(r"(?<![A-Za-z0-9?])(?:[2-9TJQKA][cdhs]|\?\?)+(?![A-Za-z0-9?])")


def _phh_cards(text: str) -> set[Card]:
    """Every card a PHH file writes, runs of cards ("9c8h??") included."""
    found = set()
    for run in _CARDS.findall(text):
        for at in range(0, len(run), 2):
            if run[at:at + 2] != "??":
                found.update(parse_cards(run[at:at + 2]))
    return found


def test_the_nights_hands_as_the_table_saw_them(night: Night) -> None:
    record_id, seats = _played_night(night, hands=3)
    snap = night.snapshot(record_id)
    assert night.table_phh(seats["seat:0"], snap) is None, "a player, before the night ends"
    assert night.table_phh(seats["tv"], snap) is None
    phh = night.table_phh(seats["host"], snap)
    text = night.table_record(seats["host"], snap)
    assert phh is not None and text is not None
    assert not re.search(r"\bSeat \d", text)
    sections = re.split(r"^\[\d+\]$", phh, flags=re.MULTILINE)[1:]
    assert len(sections) == len(snap.data["hands"]) == 3
    for section, hand in zip(sections, snap.data["hands"], strict=True):
        state = load_hand(json.dumps(hand["history"]))
        hidden = hidden_from_table(state)
        written = _phh_cards(section)
        assert written and not written & hidden, "no card that stayed face down"
        assert not named_cards(section, hidden, ascii=True)
        assert not hidden or _phh_cards(to_phh(state)) & hidden, "the check sees a host's file"
        assert "_seed" not in section and "_deck" not in section
        names = re.search(r"^players = (.*)$", section, flags=re.MULTILINE)
        assert names is not None, "the file names its players"
        players = json.loads(names.group(1))
        known = {"Ann", SCRIPT[:20], "=SUM(A1)", "Computer 4"}
        assert len(players) >= 2 and set(players) <= known, \
            "each player by name (a player out of chips sits a hand out), never a seat number"
        assert '_view = "table"' in section
    assert night.end(seats["host"]).ok
    ended = night.snapshot(record_id)
    assert night.table_phh(seats["seat:1"], ended) == phh, "everyone's, once the night ends"


def test_a_night_ended_mid_hand_calls_the_hand_off(night: Night) -> None:
    record_id, shown = night.create(people=[True, True, True], game_id="seven-card-stud")
    seats = _open_all(night, shown)
    snap = night.snapshot(record_id)
    assert snap.state is not None
    player = snap.data["hand"]["seats"][snap.state.to_act[0]]
    view = snap.view_for(seats[record.seat_role(player)])
    assert view is not None
    bet = next(a for a in view.legal if a.kind.value != "fold")
    assert night.decide(seats[record.seat_role(player)], snap.version, bet).ok
    assert night.end(seats["host"]).ok
    data = night.snapshot(record_id).data
    assert data["chips"] == [200, 200, 200] and record.played(data) == 0
    assert [row.net for row in settle.standings(data)] == [0, 0, 0]
    assert settle.results({**data, "chip_cents": 5}).payments == ()
    assert night.store.entry_count(record_id) == 0, "a hand called off is not logged"
