"""The end of a game night: the standings, who pays whom at the chip value the host sets,
and the ledger as CSV.

Everything is read from the record's running totals (``chips``, ``bought``, ``won``,
``best``: see ``ui.night.record``), which stay the same size however long the night,
so the results cost the same after 200 hands as after one. Money is counted in whole
cents: a chip is worth a whole number of cents, so nothing is ever rounded and the
payments balance exactly.

Computer players play for chips, not money: they neither pay nor are paid. The people
settle among themselves, and what the people won from (or lost to) the computer players
as a whole is left out by sharing it in proportion (:func:`balances`), so the people's
payments still balance to the cent.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from ui.night.record import Refused, bought, names

MAX_CHIP_CENTS = 100_000
"""The most one chip may be worth, in cents of the host's money (1000.00)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One chair at the end (or so far): chips now, bought in (the start and every rebuy),
    net won (+) or lost (-), hands in which they took chips from a pot, and the most they
    took in one hand."""

    player: int
    name: str
    chips: int
    bought: int
    net: int
    hands_won: int
    biggest_win: int
    left: bool = False
    person: bool = True
    """Whether the chair plays for money: a person has held it at some time tonight (a
    guest's chair handed to a computer stays theirs); a computer's own chair does not."""


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``cents`` (chairs, by index)."""

    payer: int
    payee: int
    cents: int


def for_money(chair: Mapping[str, Any]) -> bool:
    """Whether a chair plays for money: a person has held its link tonight."""
    return bool(chair.get("linked", chair["person"]) or chair["person"])


def standings(data: Mapping[str, Any]) -> list[Standing]:
    """Every chair, the biggest winner first (ties in chair order)."""
    count = len(data["players"])
    won = data.get("won", [0] * count)
    best = data.get("best", [0] * count)
    paid = bought(data)
    rows = [Standing(player=p, name=str(chair["name"]), chips=int(data["chips"][p]),
                     bought=int(paid[p]), net=int(data["chips"][p]) - int(paid[p]),
                     hands_won=int(won[p]), biggest_win=int(best[p]),
                     left=bool(chair.get("left", False)), person=for_money(chair))
            for p, chair in enumerate(data["players"])]
    return sorted(rows, key=lambda s: (-s.net, s.player))


@dataclass(frozen=True, slots=True)
class Results:
    """What the end of the night shows: the standings, and once the host has set what a
    chip is worth (``cents_per_chip``), who pays whom."""

    standings: tuple[Standing, ...]
    cents_per_chip: int | None
    payments: tuple[Payment, ...]


def results(data: Mapping[str, Any]) -> Results:
    """The standings and, at the chip value the host set (:meth:`Night.set_chip_value`),
    the settle-up: what every screen shows when the night ends."""
    cents = data.get("chip_cents")
    payments = () if not cents else tuple(settle_up(balances(data, int(cents))))
    return Results(tuple(standings(data)), None if not cents else int(cents), payments)


def chip_value_cents(value: object) -> int:
    """What one chip is worth, in cents, from what the host typed ("0.05", "1", 0.25 as
    text or a Decimal): more than nothing, whole cents, at most
    :data:`MAX_CHIP_CENTS`. :class:`~ui.night.record.Refused` says why otherwise.

    >>> chip_value_cents("0.05"), chip_value_cents(Decimal("2"))
    (5, 200)
    """
    if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
        raise Refused("A chip's value is an amount of money, such as 0.05.")
    try:
        amount = Decimal(value.strip() if isinstance(value, str) else value)
    except InvalidOperation:
        raise Refused(f"A chip's value is an amount of money, such as 0.05, "
                      f"not {str(value)[:20]!r}.") from None
    if not amount.is_finite() or amount <= 0 or amount * 100 > MAX_CHIP_CENTS:
        raise Refused(f"A chip's value is more than 0 and at most {money(MAX_CHIP_CENTS)}.")
    cents = amount * 100
    if cents != cents.to_integral_value():
        raise Refused("A chip's value is a whole number of cents, such as 0.05 or 0.10.")
    return int(cents)


def money(cents: int) -> str:
    """Cents as an amount: ``money(1250) == "12.50"``, ``money(-5) == "-0.05"``."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def balances(data: Mapping[str, Any], cents_per_chip: int) -> list[int]:
    """What each chair is owed (+) or owes (-) in cents, summing to zero: a person's net
    chips at the chip value, a computer player's nothing. When the people as a whole won
    from the computer players, the winners share what the losers pay, each in proportion
    to what they won; when they lost to them, the losers pay what the winners won, each
    in proportion to what they lost (whole cents, the odd cents to the largest parts)."""
    paid = bought(data)
    owed = [(int(data["chips"][p]) - int(paid[p])) * cents_per_chip
            if for_money(chair) else 0 for p, chair in enumerate(data["players"])]
    credit = sum(x for x in owed if x > 0)
    debit = -sum(x for x in owed if x < 0)
    if credit > debit:
        return _scaled(owed, sign=1, total=debit)
    if debit > credit:
        return _scaled(owed, sign=-1, total=credit)
    return owed


def _scaled(owed: Sequence[int], *, sign: int, total: int) -> list[int]:
    """``owed`` with the balances of one sign scaled to sum to ``total`` (in magnitude),
    by largest remainders; the other sign's balances unchanged."""
    side = [p for p, x in enumerate(owed) if x * sign > 0]
    whole = sum(abs(owed[p]) for p in side)
    shares = {p: abs(owed[p]) * total // whole for p in side}
    spare = total - sum(shares.values())
    by_remainder = sorted(side, key=lambda p: (-(abs(owed[p]) * total % whole), p))
    for p in by_remainder[:spare]:
        shares[p] += 1
    return [sign * shares[p] if p in shares else x for p, x in enumerate(owed)]


def computers_won(data: Mapping[str, Any]) -> int:
    """The chips the computer players won from the people in all (- when they lost)."""
    paid = bought(data)
    return sum(int(data["chips"][p]) - int(paid[p])
               for p, chair in enumerate(data["players"]) if not for_money(chair))


def settle_up(owed: Sequence[int]) -> list[Payment]:
    """Payments that square every balance (``owed[p]``: + is owed to p, - is owed by p):
    the biggest debtor pays the biggest creditor, again and again. Each payment squares at
    least one of the two, and the last squares both, so there are at most one fewer
    payments than people with a balance (players - 1 at most).

    >>> settle_up([500, -300, -200])
    [Payment(payer=1, payee=0, cents=300), Payment(payer=2, payee=0, cents=200)]
    """
    if sum(owed) != 0:
        raise ValueError(f"balances must sum to zero, not {sum(owed)}")
    left = list(owed)
    payments: list[Payment] = []
    while True:
        creditors = [p for p in range(len(left)) if left[p] > 0]
        debtors = [p for p in range(len(left)) if left[p] < 0]
        if not creditors:
            return payments
        payee = max(creditors, key=lambda p: (left[p], -p))
        payer = min(debtors, key=lambda p: (left[p], p))
        amount = min(left[payee], -left[payer])
        payments.append(Payment(payer, payee, amount))
        left[payee] -= amount
        left[payer] += amount


def payments_text(payments: Sequence[Payment], data: Mapping[str, Any]) -> list[str]:
    """Each payment in words ("Ben pays Ann 3.00"), names as plain text."""
    chairs = names(data)
    return [f"{chairs[p.payer]} pays {chairs[p.payee]} {money(p.cents)}" for p in payments]


def _cell(value: object) -> str:
    """A spreadsheet cell that a spreadsheet will not run: text that would start a formula
    is kept as text."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") and \
        not _is_number(text) else text


def _is_number(text: str) -> bool:
    try:
        Decimal(text)
    except InvalidOperation:
        return False
    return True


def ledger_csv(data: Mapping[str, Any], cents_per_chip: int) -> str:
    """The night's ledger as CSV: a row per chair (bought in, chips, net in chips and in
    money, hands won, biggest pot; a computer player's buy-in and money left empty, as it
    plays for chips only), then who pays whom."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Player", "Bought in (chips)", "Chips at the end", "Net (chips)",
                     "Net (money)", "Hands won", "Biggest win", "Left early",
                     "Computer player"])
    owed = balances(data, cents_per_chip)
    for row in sorted(standings(data), key=lambda s: s.player):
        writer.writerow([_cell(row.name), row.bought if row.person else "", row.chips,
                         row.net, money(owed[row.player]) if row.person else "",
                         row.hands_won, row.biggest_win, "yes" if row.left else "no",
                         "no" if row.person else "yes"])
    writer.writerow([])
    writer.writerow(["Pays", "To", f"Amount (a chip is {money(cents_per_chip)})"])
    chairs = names(data)
    for payment in settle_up(owed):
        writer.writerow([_cell(chairs[payment.payer]), _cell(chairs[payment.payee]),
                         money(payment.cents)])
    paid = bought(data)
    if any(owed[p] != (int(data["chips"][p]) - int(paid[p])) * cents_per_chip
           for p, chair in enumerate(data["players"]) if for_money(chair)):
        writer.writerow([])
        writer.writerow([COMPUTERS_SHARED])
    return out.getvalue()


COMPUTERS_SHARED = ("Net (money) is not net chips at a chip's worth: the computer players "
                    "play for no money, so what the people won from them (or lost to them) "
                    "is shared among the people, in proportion to what each won (or lost).")
"""Said under the settle-up when the computer players' chips changed what people owe."""
