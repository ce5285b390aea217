"""Paying to stay in (Baseball's face-up three): a price with no bet to call, judged by
the pot odds it offers, as a call is.

A player measures its share of the pot with the card that asks the price in its hand
(a three is wild there) and pays when that share of the pot after paying is worth the
payment; else it folds. Matching the pot asks for half the pot after paying, so only a
hand expecting at least half of it stays.
"""

from __future__ import annotations

from engine.state import Action, ActionKind

__all__ = ["pay_choice", "pay_words", "price_share"]


def price_share(price: int, pot: int) -> float:
    """The payment's part of the pot once it is paid: what the player's share must reach."""
    return price / max(1, pot + price)


def pay_choice(share: float, legal: list[Action], pot: int) -> Action:
    """Pay when ``share`` of the pot after paying covers the payment, else fold.

    >>> pay, fold = Action(0, ActionKind.PAY, amount=20), Action(0, ActionKind.FOLD)
    >>> pay_choice(0.6, [pay, fold], pot=20).kind.value, pay_choice(0.3, [pay, fold], 20).kind.value
    ('pay', 'fold')
    """
    pay = next(a for a in legal if a.kind is ActionKind.PAY)
    fold = next(a for a in legal if a.kind is ActionKind.FOLD)
    return pay if share >= price_share(pay.amount or 0, pot) else fold


def pay_words(legal: list[Action], pot: int) -> str:
    """The public reason, the same whatever was chosen: the price against the pot."""
    pay = next(a for a in legal if a.kind is ActionKind.PAY)
    part = round(100 * price_share(pay.amount or 0, pot))
    return (f"paying {pay.amount} is {part}% of the pot after paying: worth it only with "
            "at least that share of the pot")
