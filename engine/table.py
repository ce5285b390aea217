"""Betting at a poker table, independent of any game: chips, rounds and pots.

A :class:`Table` holds each seat's stack, what it has put in this round
(``bets``) and this hand (``contributed``), and who has folded. Games drive
it in three moves:

1. forced chips: :meth:`Table.post_ante` (dead money) and
   :meth:`Table.post_blind` (a live bet);
2. betting rounds: :meth:`Table.start_round` names the first seat to act, the
   bet size and the structure; :meth:`Table.options` says what a seat may do
   and :meth:`Table.act` does it; :meth:`Table.end_round` returns an uncalled
   bet and sweeps the bets into the pot;
3. :meth:`Table.pots` splits what went in into the main pot and side pots.

Seats are numbered 0..n-1 clockwise from the dealer's left; the dealer is
the last seat. Amounts for bets, raises and completions are *totals for the
round* ("raise to 20"), as at a real table when the chips are in front of a
player; a call names the chips it adds.

The rules kept here (the usual card-room rules):

- fixed limit: every bet and raise is the round's bet size; a bet and three
  raises at most (a completion counts as the bet), except that there is no
  cap once only two players are left in the hand before the cap is reached;
- pot limit: the largest raise makes the bet the size of the pot after the
  call; no limit: up to the whole stack;
- a raise must be at least the size of the largest bet or raise so far in
  the round (and of the round's minimum bet);
- an all-in bet or raise for less than a full one does not reopen the
  betting: a seat that has already acted may only call or fold, unless
  several such all-ins add up to a full raise;
- checking is never refused, so folding is offered only when facing a bet;
- a bet nobody calls is returned to the bettor before the pot is shared.

>>> table = Table([100, 100, 100], structure=Structure.FIXED_LIMIT)
>>> [table.post_ante(seat, 2) for seat in range(3)]
[2, 2, 2]
>>> table.start_round(first=0, bet_size=10)
>>> table.options(0).bet
BetRange(kind='bet', minimum=10, maximum=10, amounts=(10,))
>>> table.act(0, "bet", 10), table.act(1, "fold"), table.act(2, "call")
(10, 0, 10)
>>> table.round_over, table.end_round(), table.pots()
(True, None, [Pot(amount=26, eligible=(0, 2))])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says what is allowed."""


class Structure(StrEnum):
    """How big bets and raises may be."""

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"

    @property
    def label(self) -> str:
        return self.value.replace("-", " ").capitalize()


@dataclass(frozen=True, slots=True)
class BetRange:
    """The amounts a seat may bet, raise or complete *to* this round.

    In pot limit and no limit every amount from ``minimum`` to ``maximum`` is
    allowed; in fixed limit only those listed in ``amounts`` (one, or two
    when an open pair on fourth street allows the big bet).
    """

    kind: str
    minimum: int
    maximum: int
    amounts: tuple[int, ...] = ()

    def allows(self, amount: int) -> bool:
        if self.amounts:
            return amount in self.amounts
        return self.minimum <= amount <= self.maximum


@dataclass(frozen=True, slots=True)
class Options:
    """What one seat may do in the current betting round.

    ``call`` is the chips a call adds (0 means a check is possible);
    ``bring_in`` is the forced bring-in the seat must post unless it
    completes instead.
    """

    seat: int
    can_fold: bool
    call: int | None
    bet: BetRange | None
    bring_in: int | None = None


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot and the seats that can win it (still in, and in for enough)."""

    amount: int
    eligible: tuple[int, ...]


@dataclass
class _Round:
    """Bookkeeping for one betting round (reset by ``start_round``)."""

    bet_size: int = 0
    big_option: int | None = None
    increment: int = 0
    count: int = 0
    capped: bool = False
    bring_in: int = 0
    completion_open: bool = False
    queue: deque[int] = field(default_factory=deque)
    last_aggressor: int | None = None
    raised: dict[int, int] = field(default_factory=dict)


class Table:
    """Stacks, bets and pots for one hand.

    ``cap`` is the number of bets and raises allowed in a fixed-limit round
    (``None`` for no cap); ``structure`` is fixed limit, pot limit or no limit.
    """

    def __init__(self, stacks: Sequence[int], *, structure: Structure,
                 cap: int | None = 4) -> None:
        if len(stacks) < 2:
            raise ValueError("a table needs at least two seats")
        if any(stack < 0 for stack in stacks):
            raise ValueError("stacks cannot be negative")
        self.structure = Structure(structure)
        self.cap = cap
        self.starting = tuple(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.contributed = [0] * len(stacks)
        self.dead = [0] * len(stacks)
        """The part of each seat's ``contributed`` posted for the whole table (a big blind
        ante): it goes to the main pot and raises no seat's level in the side pots."""
        self.folded = [False] * len(stacks)
        self._round = _Round()
        self._options: Options | None = None

    # --- seats -------------------------------------------------------------

    @property
    def seats(self) -> range:
        return range(len(self.stacks))

    def in_hand(self) -> list[int]:
        """Seats that have not folded, clockwise from the dealer's left."""
        return [s for s in self.seats if not self.folded[s]]

    def all_in(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] == 0

    @property
    def pot_total(self) -> int:
        """Everything put in this hand, bets in front of players included."""
        return sum(self.contributed)

    def _take(self, seat: int, amount: int, *, live: bool) -> int:
        self._options = None
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.contributed[seat] += paid
        if live:
            self.bets[seat] += paid
        return paid

    def post_ante(self, seat: int, amount: int) -> int:
        """Post a dead ante (all in if short); return the chips posted."""
        return self._take(seat, amount, live=False)

    def post_dead(self, seat: int, amount: int) -> int:
        """Post chips for the whole table into the main pot (all in if short); return the
        chips posted."""
        self._options = None
        paid = self._take(seat, amount, live=False)
        self.dead[seat] += paid
        return paid

    def post_blind(self, seat: int, amount: int) -> int:
        """Post a live blind, which counts toward calling this round."""
        return self._take(seat, amount, live=True)

    def fold(self, seat: int) -> None:
        """Fold a seat outside the betting (a game rule, or a decision phase)."""
        self._options = None
        self.folded[seat] = True

    # --- rounds ------------------------------------------------------------

    def _effective(self, seat: int) -> int:
        """What this seat can still lose to the others still in."""
        totals = sorted(self.bets[s] + self.stacks[s] for s in self.in_hand())
        if len(totals) < 2:
            return 0
        return min(self.stacks[seat], max(0, totals[-2] - self.bets[seat]))

    def _clockwise_from(self, first: int) -> list[int]:
        n = len(self.stacks)
        return [(first + i) % n for i in range(n)]

    def start_round(self, *, first: int, bet_size: int, big_option: int | None = None,
                    bring_in: int = 0) -> None:
        """Open a betting round with ``first`` to act.

        ``bet_size`` is the fixed-limit bet (or the minimum bet otherwise);
        ``big_option`` lets the first bet be this bigger size instead, with
        raises following whichever size was bet; ``bring_in`` makes ``first``
        post that forced bet or complete to ``bet_size``.
        """
        self._options = None
        self._round = _Round(bet_size=bet_size, big_option=big_option, bring_in=bring_in,
                             completion_open=bring_in > 0)
        queue = deque(s for s in self._clockwise_from(first)
                      if not self.folded[s] and self.stacks[s] > 0 and self._effective(s) > 0)
        self._round.queue = queue
        if len(self.in_hand()) < 2 or (
                len(queue) == 1 and self.bets[queue[0]] >= max(self.bets)):
            queue.clear()

    @property
    def round_over(self) -> bool:
        return not self._round.queue

    @property
    def to_act(self) -> int | None:
        return self._round.queue[0] if self._round.queue else None

    @property
    def bring_in_pending(self) -> bool:
        return self._round.bring_in > 0 and self._round.completion_open and not any(self.bets)

    def _is_capped(self) -> bool:
        """Whether the fixed-limit cap stops another bet or raise."""
        r = self._round
        if self.structure is not Structure.FIXED_LIMIT or self.cap is None:
            return False
        return r.capped or (r.count >= self.cap and len(self.in_hand()) > 2)

    def _raise_range(self, seat: int) -> BetRange | None:
        r = self._round
        top = max(self.bets)
        if self._is_capped():
            return None
        if top - self.bets[seat] < r.increment:
            return None  # facing less than a full raise since it last acted
        if self.stacks[seat] <= top - self.bets[seat]:
            return None
        if not any(s != seat and self.bets[s] + self.stacks[s] > top for s in self.in_hand()):
            return None
        kind = "complete" if r.completion_open else ("raise" if top > 0 else "bet")
        most = self.stacks[seat] + self.bets[seat]
        step = max(r.increment, r.bet_size)
        low = step if r.completion_open else top + step
        sizes = [low]
        if r.big_option and r.increment < r.big_option and not r.completion_open:
            sizes.append(top + r.big_option)
        if self.structure is Structure.FIXED_LIMIT:
            amounts = tuple(sorted({min(size, most) for size in sizes}))
            return BetRange(kind, amounts[0], amounts[-1], amounts)
        if self.structure is Structure.POT_LIMIT:
            pot_after_call = self.pot_total + (top - self.bets[seat])
            high = max(low, top + pot_after_call)
        else:
            high = most
        return BetRange(kind, min(low, most), min(high, most))

    def options(self, seat: int) -> Options:
        """What ``seat`` may do now; raises ``IllegalAction`` if it is not its turn."""
        if self.to_act != seat:
            raise IllegalAction(self._not_your_turn(seat))
        if self._options is None or self._options.seat != seat:
            self._options = self._work_out_options(seat)
        return self._options

    def _work_out_options(self, seat: int) -> Options:
        top = max(self.bets)
        if self.bring_in_pending:
            bring = min(self._round.bring_in, self.stacks[seat])
            complete = self._raise_range(seat)
            return Options(seat, can_fold=False, call=None, bet=complete, bring_in=bring)
        to_call = min(top - self.bets[seat], self.stacks[seat])
        return Options(seat, can_fold=to_call > 0, call=to_call, bet=self._raise_range(seat))

    def _not_your_turn(self, seat: int) -> str:
        if self.to_act is None:
            return "no betting is open now"
        return f"it is seat {self.to_act}'s turn to bet, not seat {seat}'s"

    def act(self, seat: int, kind: str, amount: int | None = None) -> int:
        """Do a betting action; return the chips it moved from the stack.

        ``kind`` is one of fold, check, call, bet, raise, complete, bring-in.
        Validation happens before anything changes, so a refused action
        leaves the table as it was.
        """
        options = self.check(seat, kind, amount)
        self._options = None
        r = self._round
        r.queue.popleft()
        if kind == "fold":
            self.folded[seat] = True
            moved = 0
        elif kind in ("check", "call"):
            moved = self._take(seat, options.call or 0, live=True)
        elif kind == "bring-in":
            moved = self._take(seat, options.bring_in or 0, live=True)
        else:
            assert amount is not None
            moved = self._raise_to(seat, amount)
        if len(self.in_hand()) < 2:
            r.queue.clear()
        return moved

    def check(self, seat: int, kind: str, amount: int | None = None) -> Options:
        """Raise ``IllegalAction`` unless ``seat`` may do this now; return its options."""
        options = self.options(seat)
        if not _permits(options, kind, amount):
            shown = kind if amount is None else f"{kind} {amount}"
            raise IllegalAction(f"not allowed: {shown}; allowed: {describe_options(options)}")
        return options

    def _raise_to(self, seat: int, amount: int) -> int:
        r = self._round
        top = max(self.bets)
        increment = amount - top
        moved = self._take(seat, amount - self.bets[seat], live=True)
        r.completion_open = False
        r.queue = deque(s for s in self._clockwise_from(seat)[1:]
                        if not self.folded[s] and self.stacks[s] > 0)
        r.increment = max(r.increment, increment)
        r.count += 1
        if self.structure is Structure.FIXED_LIMIT and self.cap is not None \
                and r.count >= self.cap and len(self.in_hand()) > 2:
            r.capped = True
        r.last_aggressor = seat
        r.raised[seat] = r.raised.get(seat, 0) + 1
        return moved

    @property
    def round_aggressor(self) -> int | None:
        """The last seat to bet, raise or complete in the current round."""
        return self._round.last_aggressor

    @property
    def round_raised(self) -> dict[int, int]:
        """How many times each seat has bet, raised or completed this round (a copy)."""
        return dict(self._round.raised)

    @property
    def round_raises(self) -> int:
        """Bets, raises and completions so far this round (for the cap)."""
        return self._round.count

    def end_round(self) -> tuple[int, int] | None:
        """Close the round: return an uncalled bet, clear the bets.

        Returns ``(seat, amount)`` for a bet nobody called, else ``None``.
        """
        self._options = None
        self._round.queue.clear()
        returned = None
        top = max(self.bets)
        leader = self.bets.index(top)
        second = max((b for s, b in enumerate(self.bets) if s != leader), default=0)
        if top > second:
            refund = top - second
            self.stacks[leader] += refund
            self.contributed[leader] -= refund
            returned = (leader, refund)
        self.bets = [0] * len(self.bets)
        return returned

    # --- pots --------------------------------------------------------------

    def pots(self) -> list[Pot]:
        """The main pot then side pots, from what each seat put in this hand.

        A folded seat's chips stay in the pots it paid into; only seats still
        in and in for at least a pot's level may win it.
        """
        live = self.in_hand()
        staked = [c - d for c, d in zip(self.contributed, self.dead, strict=True)]
        levels = sorted({staked[s] for s in live})
        pots: list[Pot] = []
        previous = 0
        for level in levels:
            amount = sum(min(c, level) - min(c, previous) for c in staked)
            eligible = tuple(s for s in live if staked[s] >= level)
            if amount:
                pots.append(Pot(amount, eligible))
            previous = level
        leftover = sum(max(0, c - previous) for c in staked)
        if leftover and pots:
            last = pots[-1]
            pots[-1] = Pot(last.amount + leftover, last.eligible)
        elif leftover:
            pots.append(Pot(leftover, tuple(s for s in live if staked[s] == previous)))
        if any(self.dead):
            main = pots[0] if pots else Pot(0, tuple(live))
            pots[:1] = [Pot(main.amount + sum(self.dead), main.eligible)]
        return pots


def _permits(options: Options, kind: str, amount: int | None) -> bool:
    """Whether ``options`` allow this action (a call or bring-in may omit its amount)."""
    if kind == "fold":
        return options.can_fold
    if kind == "check":
        return options.call == 0
    if kind == "call":
        return bool(options.call) and amount in (None, options.call)
    if kind == "bring-in":
        return options.bring_in is not None and amount in (None, options.bring_in)
    if kind in ("bet", "raise", "complete"):
        bet = options.bet
        return bet is not None and bet.kind == kind and amount is not None and bet.allows(amount)
    return False


def describe_options(options: Options) -> str:
    """Plain words for what a seat may do: ``"fold, call 10, or raise to 20"``."""
    parts: list[str] = []
    if options.bring_in is not None:
        parts.append(f"bring in for {options.bring_in}")
    if options.can_fold:
        parts.append("fold")
    if options.call == 0:
        parts.append("check")
    elif options.call:
        parts.append(f"call {options.call}")
    bet = options.bet
    if bet is not None:
        if bet.amounts:
            parts.append(f"{bet.kind} to " + " or ".join(str(a) for a in bet.amounts))
        else:
            parts.append(f"{bet.kind} to {bet.minimum}" if bet.minimum == bet.maximum
                         else f"{bet.kind} to any amount from {bet.minimum} to {bet.maximum}")
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " or " + parts[-1]


def split_evenly(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` among ``winners`` (listed from the dealer's left).

    Odd chips go one each to the winners nearest the dealer's left.

    >>> split_evenly(101, [4, 1, 2])
    {1: 34, 2: 34, 4: 33}
    """
    order = sorted(winners)
    share, odd = divmod(amount, len(order))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(order)}
