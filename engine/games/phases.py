"""The steps a hand is made of; a game lists them in ``Game.phases``.

Each phase may start a street (``street``), does its automatic work in
``enter`` (posting, dealing), then awaits decisions until ``to_act`` is
empty, and tidies up in ``leave``. ``accept`` checks an action without
changing anything (raising ``IllegalAction``); ``apply`` carries it out.

A game's own choices subclass :class:`Decision`: list who decides
(``seats``) and what each may choose (``options``), and do the choices
(``resolve``). With ``simultaneous = True`` the choices are secret until the
last seat has chosen, then all are resolved together.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import ClassVar

from engine.actions import Burned, Dealt, Mucked, Reshuffled, Shown
from engine.cards import Card, format_cards
from engine.state import Action, ActionKind, EventKind, HandState, Held, seat_name
from engine.table import BetRange, IllegalAction, Options, describe_options

__all__ = ["Ante", "Betting", "Blinds", "Deal", "Decision", "Phase", "Showdown", "canonical"]


class Phase:
    """One step of a hand; the base does nothing and awaits nobody."""

    street: str = ""
    settles: ClassVar[bool] = False

    def enter(self, state: HandState) -> None:
        """Automatic work on arrival (post, deal, announce who acts)."""

    def to_act(self, state: HandState) -> tuple[int, ...]:
        return ()

    def legal_actions(self, state: HandState, seat: int) -> list[Action]:
        return []

    def bet_range(self, state: HandState, seat: int) -> BetRange | None:
        return None

    def accept(self, state: HandState, action: Action) -> Action:
        """The action as it will be recorded, or ``IllegalAction``; changes nothing."""
        raise IllegalAction("no decision is awaited now")

    def apply(self, state: HandState, action: Action) -> None:
        """Carry out an accepted action."""

    def leave(self, state: HandState) -> None:
        """Tidy up when the phase is done (or the hand ends during it)."""

    def awaits_openers(self, state: HandState) -> bool:
        """Whether checking round would pass the hand out: a round nobody has opened that
        needs openers (``engine.games.opening_hand``); never by default."""
        return False

    def posts(self) -> tuple[tuple[str, int], ...]:
        """What the phase makes players put in before any decision, by name ("ante",
        "button blind", one of :data:`FORCED_BETS`) and amount: none by default."""
        return ()


FORCED_BETS = ("ante", "big blind ante", "small blind", "big blind", "button blind",
               "straddle")
"""Every name :meth:`Phase.posts` gives a forced bet."""


class Ante(Phase):
    """Every seat posts the ante (all in if it has less)."""

    def __init__(self, amount: int, *, rule: str = "the ante, paid by everyone before the deal"):
        self.amount = amount
        self.rule = rule

    def posts(self) -> tuple[tuple[str, int], ...]:
        return (("ante", self.amount),) if self.amount > 0 else ()

    def enter(self, state: HandState) -> None:
        if self.amount <= 0:
            return
        state.start_street("Antes")
        for seat in range(state.players):
            paid = state.table.post_ante(seat, self.amount)
            short = " and is all in" if paid < self.amount else ""
            state.emit(EventKind.POST, f"{seat_name(seat)} antes {paid}{short}", rule=self.rule,
                       seat=seat)


class Blinds(Phase):
    """The small and big blinds, posted live by the two seats left of the dealer.

    Heads-up, the dealer posts the small blind and the other seat the big. Before them,
    ``ante`` from every seat and ``big_blind_ante`` from the big blind go in dead; after
    them, with three players or more, the next seat posts a live ``straddle``. With
    ``button`` the dealer alone posts one blind of ``big`` (the button blind, as short-deck
    hold'em is often dealt with antes), and the seat on its left acts first.
    """

    def __init__(self, small: int, big: int, *, ante: int = 0, big_blind_ante: int = 0,
                 straddle: int = 0, button: bool = False) -> None:
        self.small = small
        self.big = big
        self.ante = ante
        self.big_blind_ante = big_blind_ante
        self.straddle = straddle
        self.button = button

    def posts(self) -> tuple[tuple[str, int], ...]:
        """The antes, then the blinds (the straddle only at three players or more)."""
        blinds = (("button blind", self.big),) if self.button else \
            (("small blind", self.small), ("big blind", self.big), ("straddle", self.straddle))
        return tuple((name, amount) for name, amount in (
            ("ante", self.ante), ("big blind ante", self.big_blind_ante), *blinds) if amount)

    def enter(self, state: HandState) -> None:
        state.start_street("Blinds")
        small_seat, big_seat = blind_seats(state.players)
        antes = [(seat, self.ante, "antes", "the ante, paid by everyone before the blinds")
                 for seat in range(state.players) if self.ante] + \
            [(big_seat, self.big_blind_ante, "antes for the table",
              "the big blind ante, one for the whole table")] * bool(self.big_blind_ante)
        for seat, amount, words, rule in antes:
            if state.table.stacks[seat] == 0:
                continue
            paid = state.table.post_ante(seat, amount) if words == "antes" else \
                state.table.post_dead(seat, amount)
            short = " and is all in" if paid < amount else ""
            state.emit(EventKind.POST, f"{seat_name(seat)} {words} {paid}{short}", rule=rule,
                       seat=seat)
        blinds = [(small_seat, self.small, "small"), (big_seat, self.big, "big")]
        if self.button:
            blinds = [(state.players - 1, self.big, "button")]
        elif self.straddle and state.players > 2:
            blinds.append(((big_seat + 1) % state.players, self.straddle, "straddle"))
        for seat, amount, name in blinds:
            paid = state.table.post_blind(seat, amount)
            short = " and is all in" if paid < amount else ""
            what = "straddle" if name == "straddle" else f"{name} blind"
            state.emit(EventKind.POST, f"{seat_name(seat)} posts the {what} of {paid}{short}",
                       rule=f"the {what}", seat=seat)


def blind_seats(players: int) -> tuple[int, int]:
    """(small blind, big blind): seats 0 and 1, or the dealer and seat 0 heads-up."""
    return (players - 1, 0) if players == 2 else (0, 1)


class Deal(Phase):
    """Deal a street: ``pattern`` is one letter per card to each seat still in
    (``d`` down, ``u`` up), dealt round by round from the dealer's left. A card
    is burned first when ``burn`` is set and the stock has one to spare.

    When the stock cannot give every seat its card, ``reshuffle`` first
    shuffles the mucked and burned cards into the stock; if it is still
    short, a single card each becomes one community card, face up on the
    board for everyone (seven-card stud's rule). Board cards are :class:`BoardDeal`'s.
    """

    def __init__(self, street: str, pattern: str = "", *, burn: bool = True,
                 reshuffle: bool = False) -> None:
        if set(pattern) - {"u", "d"}:
            raise ValueError(f"a deal pattern uses 'u' and 'd', not {pattern!r}")
        self.street = street
        self.pattern = pattern
        self.burn = burn
        self.reshuffle = reshuffle

    def enter(self, state: HandState) -> None:
        seats = state.in_hand()
        need = len(self.pattern) * len(seats)
        deck = state.deck
        if deck.remaining < need and self.reshuffle and deck.discards:
            for seat in range(state.players):
                if state.table.folded[seat]:
                    state.cards[seat].clear()
            stock = state.log(Reshuffled(state.street, deck.reshuffle_discards()))
            state.emit(EventKind.NOTE, f"The {stock.count} mucked and burned cards are shuffled "
                       "into the stock", rule="the stock is too short to deal this street")
        if self.burn and deck.remaining > need:
            burned = deck.deal(1)
            deck.discard(burned)
            state.burns[self.street] = burned[0]
            state.record.append(Burned(state.street, burned[0]))
        if deck.remaining < need:
            self._community(state, seats, need)
            return
        dealt: dict[int, list[Held]] = {s: [] for s in seats}
        for letter in self.pattern:
            for seat in seats:
                held = Held(deck.deal_one(), up=letter == "u")
                state.cards[seat].append(held)
                dealt[seat].append(held)
        for seat in seats:
            if self.pattern:
                op = state.log(Dealt(state.street, tuple(h.card for h in dealt[seat]),
                                     seat=seat, up=tuple(h.up for h in dealt[seat])))
                public, private = deal_lines(state, op)
                state.emit(EventKind.DEAL, public, seat=seat, private=private)

    def _community(self, state: HandState, seats: Sequence[int], need: int) -> None:
        if len(self.pattern) != 1 or state.deck.remaining < 1:
            raise RuntimeError(f"the stock ran out: {need} cards needed, "
                               f"{state.deck.remaining} left")
        community = state.deck.deal_one()
        if not state.boards:
            state.boards.append([])
        state.boards[0].append(community)
        op = state.log(Dealt(state.street, (community,), board=0, up=(True,)))
        state.emit(EventKind.DEAL, f"Community card: {format_cards(op.cards)}",
                   rule=f"the stock cannot give each of the {len(seats)} players a card, so "
                        "one card is dealt face up for everyone to use")


def deal_lines(state: HandState, op: Dealt) -> tuple[str, str]:
    """(public, private) lines for cards just dealt to a seat, written from the record's
    ``Dealt``, such as "Seat 3: 7♥ 9♠ [K♦]"; the public one shows ?? for hidden cards."""
    seat = op.seat
    assert seat is not None
    held = state.cards[seat]
    old = held[:len(held) - len(op.cards)]

    def show(cards: Sequence[tuple[Card, bool]], hidden: bool) -> str:
        return " ".join("??" if hidden and not up else str(card) for card, up in cards)

    def line(hidden: bool) -> str:
        head = show([(h.card, h.up) for h in old], hidden)
        new = show(list(zip(op.cards, op.up, strict=True)), hidden)
        return f"{seat_name(seat)}: {head + ' ' if head else ''}[{new}]"

    return line(True), line(False)


class BoardDeal(Phase):
    """A board street (hold'em's flop, turn and river): for each of ``boards`` boards in
    turn, burn one card (when burning) and deal ``count`` cards face up to it.

    ``note`` (the flop's) is said first when no cards are burned, with the reason.
    """

    def __init__(self, street: str, count: int, *, boards: int = 1, burn: bool = True,
                 note: str = "") -> None:
        self.street = street
        self.count = count
        self.boards = boards
        self.burn = burn
        self.note = note

    def enter(self, state: HandState) -> None:
        deck = state.deck
        if self.note and not self.burn:
            text, _, why = self.note.partition(": ")
            state.emit(EventKind.NOTE, text, rule=why)
        while len(state.boards) < self.boards:
            state.boards.append([])
        for index, board in enumerate(state.boards):
            if self.burn:
                state.record.append(Burned(state.street, deck.burn()))
            cards = deck.deal(self.count)
            state.record.append(Dealt(state.street, tuple(cards), board=index,
                                      up=(True,) * len(cards)))
            board.extend(cards)
        for index, board in enumerate(state.boards):
            name = "Board" if self.boards == 1 else f"Board {index + 1}"
            state.emit(EventKind.DEAL, f"{name}: {format_cards(board)}",
                       rule="after one burned card" if self.burn else "")


class Betting(Phase):
    """One betting round. ``stake`` ("small" or "big") picks the bet size via
    ``Game.bet_size``; ``Game.opener`` says who acts first and why; with
    ``bring_in`` the opener must bring in or complete (stud's third street).
    """

    def __init__(self, *, stake: str = "small", bring_in: int = 0) -> None:
        if stake not in ("small", "big"):
            raise ValueError(f"stake is 'small' or 'big', not {stake!r}")
        self.stake = stake
        self.bring_in = bring_in
        self.first: int | None = None
        self.skipped = False
        self.rule = ""

    def enter(self, state: HandState) -> None:
        first, rule = state.game.opener(state, self)
        size, big_option = state.game.bet_size(state, self)
        self.first, self.rule = first, rule
        state.table.start_round(first=first, bet_size=size, big_option=big_option,
                                bring_in=self.bring_in)
        if state.table.round_over:
            self.skipped = True
            if len(state.in_hand()) > 1:
                state.emit(EventKind.NOTE, "No betting: at most one player has chips to bet",
                           rule="players who are all in cannot bet")
            return
        actor = state.table.to_act
        assert actor is not None
        if actor != first:
            rule = f"{seat_name(first)} has the {rule}, but is all in, so the next " \
                   "player clockwise acts instead"
            self.rule = rule
        if self.bring_in:
            state.emit(EventKind.NOTE, f"{seat_name(actor)} must bring in", rule=rule, seat=actor)
        else:
            state.emit(EventKind.NOTE, f"{seat_name(actor)} acts first", rule=rule, seat=actor)
        if big_option:
            state.emit(EventKind.NOTE, f"Anyone may bet {big_option} instead of {size}",
                       rule="an open pair on fourth street allows the big bet")

    def to_act(self, state: HandState) -> tuple[int, ...]:
        seat = state.table.to_act
        return () if seat is None else (seat,)

    def legal_actions(self, state: HandState, seat: int) -> list[Action]:
        return options_to_actions(state.table.options(seat))

    def bet_range(self, state: HandState, seat: int) -> BetRange | None:
        return state.table.options(seat).bet

    def accept(self, state: HandState, action: Action) -> Action:
        options = state.table.options(action.seat)
        kind = action.kind
        if not kind.is_betting:
            raise IllegalAction(f"{seat_name(action.seat)} must bet now: "
                                f"{describe_options(options)}")
        state.table.check(action.seat, kind.value, action.amount)
        if kind is ActionKind.CALL:
            return Action(action.seat, kind, amount=options.call)
        if kind is ActionKind.BRING_IN:
            return Action(action.seat, kind, amount=options.bring_in)
        if kind in (ActionKind.FOLD, ActionKind.CHECK):
            return Action(action.seat, kind)
        return Action(action.seat, kind, amount=action.amount)

    def apply(self, state: HandState, action: Action) -> None:
        table = state.table
        kind = action.kind
        table.act(action.seat, kind.value, action.amount)
        if kind is ActionKind.FOLD:
            state.deck.discard(h.card for h in state.cards[action.seat])
        text = action.describe()
        if table.all_in(action.seat) and kind is not ActionKind.FOLD:
            text += " and is all in"
        state.emit(EventKind.ACTION, text, rule=self._rule(state, action), seat=action.seat)

    def _rule(self, state: HandState, action: Action) -> str:
        kind = action.kind
        if kind is ActionKind.BRING_IN:
            return self.rule
        if kind is ActionKind.COMPLETE:
            return "completing the bring-in to a full bet"
        if kind in (ActionKind.BET, ActionKind.RAISE) and state.table.structure.value == \
                "fixed-limit":
            cap = state.table.cap
            count = state.table.round_raises
            if cap is not None and count == cap and len(state.in_hand()) > 2:
                return "that caps the betting: a bet and three raises"
        return ""

    def leave(self, state: HandState) -> None:
        table = state.table
        aggressor = table.round_aggressor
        if aggressor is not None and not table.folded[aggressor]:
            state.show_first = aggressor
            state.show_first_rule = "the last to bet or raise shows first"
        elif not self.skipped and self.first is not None and not table.folded[self.first]:
            state.show_first = self.first
            state.show_first_rule = "nobody bet on the last round: the first to act shows first"
        returned = table.end_round()
        if returned is not None:
            seat, amount = returned
            state.returned.append(returned)
            state.emit(EventKind.POT, f"{amount} uncalled returned to {seat_name(seat)}",
                       rule="a bet nobody called goes back to its owner", seat=seat)


def options_to_actions(options: Options) -> list[Action]:
    """The concrete actions for a seat's betting options (smallest and largest amounts)."""
    seat = options.seat
    actions: list[Action] = []
    if options.bring_in is not None:
        actions.append(Action(seat, ActionKind.BRING_IN, amount=options.bring_in))
    if options.can_fold:
        actions.append(Action(seat, ActionKind.FOLD))
    if options.call == 0:
        actions.append(Action(seat, ActionKind.CHECK))
    elif options.call:
        actions.append(Action(seat, ActionKind.CALL, amount=options.call))
    bet = options.bet
    if bet is not None:
        amounts = bet.amounts or tuple(sorted({bet.minimum, bet.maximum}))
        actions.extend(Action(seat, ActionKind(bet.kind), amount=a) for a in amounts)
    return actions


def canonical(action: Action) -> Action:
    """The action with its cards in a standard order, so equal choices compare equal."""
    kind = action.kind
    if kind is ActionKind.LOCK_PAIRS and len(action.cards) % 2 == 0:
        pairs = sorted(tuple(sorted(action.cards[i:i + 2], reverse=True))
                       for i in range(0, len(action.cards), 2))
        cards: tuple[Card, ...] = tuple(c for pair in sorted(pairs, reverse=True) for c in pair)
        return Action(action.seat, kind, action.amount, cards, action.choice)
    if kind in (ActionKind.DISCARD, ActionKind.EXPOSE, ActionKind.SACRIFICE, ActionKind.TURN_UP,
                ActionKind.THROW_AWAY, ActionKind.PASS):
        return Action(action.seat, kind, action.amount, tuple(sorted(action.cards, reverse=True)),
                      action.choice)
    return action


class Decision(Phase):
    """A game's own choice, made in turn or by everyone at once in secret.

    Subclasses set ``kind`` and ``simultaneous`` and implement ``options``
    and ``resolve``; ``seats`` defaults to every seat still in, clockwise
    from the dealer's left. In turn, each choice is resolved as it is made
    (``next_seat`` may be overridden for a changing order); at once, the
    choices wait in ``chosen`` until every seat has chosen.

    While a secret choice waits, its owner reads it in the private side of the
    "has chosen" line; once ``resolve`` has told the table, that private side
    is dropped, so nobody reads the same choice twice.
    """

    kind: ClassVar[ActionKind]
    simultaneous: ClassVar[bool] = False
    reveals_only = False
    """Whether every option only turns some of the chooser's own cards face up, and nothing
    remembers which: in a game whose showdown reads only the cards held, the choice then
    changes no share of the pot once nobody bets (the odds calculator counts on it)."""

    def __init__(self, street: str = "") -> None:
        self.street = street
        self.chosen: dict[int, Action] = {}
        self.secret_lines: list[int] = []

    def seats(self, state: HandState) -> list[int]:
        return state.in_hand()

    def options(self, state: HandState, seat: int) -> list[Action]:
        raise NotImplementedError(f"{type(self).__name__} must list its options")

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        raise NotImplementedError(f"{type(self).__name__} must carry out its choices")

    def next_seat(self, state: HandState) -> int | None:
        return next((s for s in self.seats(state) if s not in self.chosen), None)

    def to_act(self, state: HandState) -> tuple[int, ...]:
        if self.simultaneous:
            return tuple(s for s in self.seats(state) if s not in self.chosen)
        seat = self.next_seat(state)
        return () if seat is None else (seat,)

    def legal_actions(self, state: HandState, seat: int) -> list[Action]:
        return self.options(state, seat)

    def accept(self, state: HandState, action: Action) -> Action:
        offered = self.options(state, action.seat)
        wanted = canonical(action)
        for option in offered:
            if canonical(option) == wanted:
                return option
        sample = "; ".join(o.describe() for o in offered[:6])
        more = f" (and {len(offered) - 6} more)" if len(offered) > 6 else ""
        raise IllegalAction(f"not allowed: {action.describe()}; allowed: {sample}{more}")

    def apply(self, state: HandState, action: Action) -> None:
        self.chosen[action.seat] = action
        if not self.simultaneous:
            self.resolve(state, {action.seat: action})
            return
        self.secret_lines.append(len(state.events))
        state.emit(EventKind.NOTE, f"{seat_name(action.seat)} has chosen",
                   rule="choices stay secret until everyone has chosen", seat=action.seat,
                   private=action.describe())
        if not self.to_act(state):
            self.resolve(state, {s: self.chosen[s] for s in sorted(self.chosen)})
            self._forget_secrets(state)

    def _forget_secrets(self, state: HandState) -> None:
        """The choices are told now: each owner's private copy would only repeat them."""
        for index in self.secret_lines:
            state.events[index] = dataclasses.replace(state.events[index], private="")
        self.secret_lines.clear()


def _others_contest(state: HandState, seat: int) -> bool:
    """Whether every pot ``seat`` may win has another hand not mucked to go to, so that
    ``seat`` may give up its own."""
    out = {*state.mucked, seat}
    return all(any(s not in out for s in pot.eligible)
               for pot in state.table.pots() if seat in pot.eligible)


def mid_sentence(words: str) -> str:
    """A hand's description as it reads after a colon in a line of narration.

    >>> mid_sentence("Two pair, aces and tens")
    'two pair, aces and tens'
    """
    return words[:1].lower() + words[1:]


class Showdown(Phase):
    """Hands are shown from the last aggressor clockwise; a hand that can win
    nothing against those already shown may be mucked instead. Then the game
    settles the pots.
    """

    settles = True

    def __init__(self, *, concede: bool = False) -> None:
        self.street = "Showdown"
        self.order: list[int] = []
        self.waiting: int | None = None
        self.concede = concede
        """Whether any hand may be mucked, conceding, when its turn to show comes (one
        that is the last left for a pot is shown)."""

    def enter(self, state: HandState) -> None:
        first = state.show_first
        live = state.in_hand()
        if first is None or first not in live:
            first = live[0]
        start = live.index(first)
        self.order = live[start:] + live[:start]
        reason = state.show_first_rule if first == state.show_first else \
            "the first player still in from the dealer's left shows first"
        state.emit(EventKind.NOTE, f"{seat_name(first)} shows first", rule=reason)
        self._run(state)

    def _run(self, state: HandState) -> None:
        shown = state.shown
        mucked = state.mucked
        for seat in self.order:
            if seat in shown or seat in mucked:
                continue
            if shown and state.game.is_beaten(state, seat, shown) or \
                    self.concede and _others_contest(state, seat):
                self.waiting = seat
                return
            self._show(state, seat, rule="" if not shown else "a hand that can still win "
                       "must be shown")
        self.waiting = None

    def _show(self, state: HandState, seat: int, *, rule: str = "") -> None:
        state.shown.append(seat)
        op = state.log(Shown(state.street, seat,
                             tuple(h.card for h in state.cards[seat] if not h.dead)))
        head = f"{seat_name(op.seat)} shows {format_cards(op.cards)}: "
        game = state.game
        full = head + mid_sentence(game.describe_hand(state, seat))
        # A team hand may name a partner's cards the table has not seen: those are kept
        # for whoever may see that partner's cards.
        face_down = {h.card: s for s in range(state.players) if s != seat
                     for h in state.cards[s] if not state.is_public(s, h)}
        public = head + mid_sentence(game.describe_hand(state, seat, hide=face_down.keys()))
        owner = next((face_down[c] for c in game.hand_value(state, seat).cards
                      if c in face_down), None)
        if public == full or owner is None:
            state.emit(EventKind.SHOWDOWN, full, rule=rule, seat=seat)
        else:
            state.emit(EventKind.SHOWDOWN, public, rule=rule, seat=seat, private=full,
                       owner=owner)

    def to_act(self, state: HandState) -> tuple[int, ...]:
        return () if self.waiting is None else (self.waiting,)

    def legal_actions(self, state: HandState, seat: int) -> list[Action]:
        return [Action(seat, ActionKind.SHOW), Action(seat, ActionKind.MUCK)]

    def accept(self, state: HandState, action: Action) -> Action:
        if action.kind not in (ActionKind.SHOW, ActionKind.MUCK):
            raise IllegalAction(f"{seat_name(action.seat)} may show or muck, "
                                f"not {action.kind.value}")
        return Action(action.seat, action.kind)

    def apply(self, state: HandState, action: Action) -> None:
        beaten = bool(state.shown) and state.game.is_beaten(state, action.seat, state.shown)
        if action.kind is ActionKind.SHOW:
            self._show(state, action.seat,
                       rule="shown by choice: it cannot win" if beaten else "")
        else:
            state.mucked.append(action.seat)
            mucked = state.log(Mucked(state.street, action.seat))
            state.emit(EventKind.SHOWDOWN, f"{seat_name(mucked.seat)} mucks",
                       rule="any hand may be mucked unseen here, giving up any share of the "
                            "pot" if self.concede else "a beaten hand may be thrown away "
                                                       "unseen", seat=action.seat)
        self._run(state)

    def leave(self, state: HandState) -> None:
        state.settlement = state.game.settle(state)
