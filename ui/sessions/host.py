"""The Host page's hand: a demonstration stepped forward and back, decision by decision.

The host keeps the whole line of decisions: stepping back keeps the rest,
so Next replays it; a different decision at an earlier step starts a new
line from there. Next at the end of the line lets a computer player decide.
A hand dealt from typed cards finds its deck decision by decision
(``engine.deals.deck_from_seats``), so each seat gets what was typed for it
whoever folds; the typed cards travel in the host's link, so the link goes
on exactly as the host's hand does.

A hand opened from a guest's (or a player's) link is watched, not hosted:
no hole card is shown and it goes no further than its link's step, so that
nobody can play it on to a showdown the table has not reached.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from engine.bots import bot_for
from engine.cards import Card
from engine.deals import DealError, card_count, deck_from_seats
from engine.games import GAMES, new_hand
from engine.history import replay
from engine.state import Action, ActionKind, Event, EventKind, HandState, IllegalAction, seat_name
from ui.sessions.dealing import Setup, TypedDeal, fresh_seed, read_typed
from ui.sessions.notice import Notice, Tone
from ui.sessions.share import HandLink, LinkError, read_link


class HostSession:
    """The hand on the host's table, the line of decisions kept, and the typed deal."""

    def __init__(self, state: HandState, *, line: Sequence[Action] | None = None,
                 typed: TypedDeal | None = None, watching: bool = False) -> None:
        self.state = state
        self.line: tuple[Action, ...] = tuple(line) if line is not None else tuple(state.actions)
        self.typed = typed
        self.watching = watching
        self.notice: Notice | None = None
        self._marks = _event_counts(state)
        self._line_end: tuple[tuple[Action, ...], bool] | None = None

    @classmethod
    def fresh(cls, game_id: str, players: int) -> HostSession:
        return cls(new_hand(game_id, players=players, seed=fresh_seed()))

    # --- what the screen shows -------------------------------------------------------

    @property
    def step(self) -> int:
        return len(self.state.actions)

    @property
    def at_end(self) -> bool:
        """Whether Next has nothing to show: the line is over and nobody may decide on."""
        return self.step >= len(self.line) and (self.state.is_over or self.watching)

    def own_link(self) -> HandLink:
        """The host's link: every card, the line kept ahead, the typed cards."""
        return HandLink.from_state(self.state, line=self.line, typed=self.typed)

    def guests_link(self) -> HandLink:
        return self.own_link().for_guests()

    def source(self) -> str:
        """How the hand was dealt, for the caption, in the words a guest watching it reads
        too ("stacked deck"): a watcher is never told the deal number, which gives every
        card away."""
        if self.typed is not None:
            return "stacked deck, typed in" + (" with draws" if self.typed.drawing_seats()
                                               else "")
        if self.state.stacked is not None:
            return "stacked deck"
        return "a shuffle" if self.watching else f"deal number {self.state.seed}"

    def happened(self, events: Sequence[Event]) -> Sequence[Event]:
        """The narration of the last decision (``events`` as the screen may show them)."""
        step = self.step
        if not step:
            return events
        since = self._marks[step - 1] if step <= len(self._marks) else 0
        return events[since:]

    def heading(self, happened: Sequence[Event], *, revealed: Sequence[int]) -> str:
        """The last decision in words, as the table may know it: a hidden seat's secret
        choice or discards are told the way its narration tells them."""
        if not self.state.actions:
            return "The deal"
        action = self.state.actions[-1]
        if action.seat in revealed:
            return f"Step {self.step}: {action.describe()}"
        told = next((e.text for e in happened if e.seat == action.seat
                     and e.kind is not EventKind.STREET), None)
        return f"Step {self.step}: {told or seat_name(action.seat) + ' decides'}"

    def line_ends_hand(self) -> bool:
        """Whether the line of decisions kept plays the hand to its end (worked out once
        for each line): only then is the number of steps known."""
        if self._line_end is None or self._line_end[0] != self.line:
            state = self.state
            try:
                ends = replay(state.game.id, players=state.players, seed=state.seed,
                              settings=state.settings, deck=state.stacked, actions=self.line,
                              stacks=state.stacks_given).is_over
            except ValueError:
                ends = False
            self._line_end = (self.line, ends)
        return self._line_end[1]

    def steps_known(self) -> int | None:
        """How many steps the hand takes, or ``None`` while nobody can know: the line kept
        stops before the end, and later decisions are not made yet."""
        return len(self.line) if self.line_ends_hand() else None

    def step_line(self) -> str:
        """Where the host is in the line: "Step 2 of 5" only when the hand's length is
        known ("Step 2 · 3 more decisions kept ahead" otherwise); before the first
        decision, "The deal: no decision yet"."""
        step, total = self.step, self.steps_known()
        ahead = len(self.line) - step
        where = "The deal: no decision yet" if not step else \
            f"Step {step}" + (f" of {total}" if total is not None else "")
        if ahead > 0:
            where += f" · {ahead} more decision{'s' if ahead > 1 else ''} kept ahead"
            return where + (", to the end of the hand" if total is not None else
                            " · how many steps the hand takes is known only at its end")
        if self.state.is_over:
            return where + " · the hand is over"
        return where + (" · the shared hand goes no further" if self.watching
                        else " · Next lets a computer player decide · how many steps the "
                             "hand takes is known only at its end")

    # --- what the host does ---------------------------------------------------------

    def decide(self, action: Action) -> None:
        """A decision at the current step: the line continues from here with it."""
        self.notice = None
        state = self.state
        kept = (*state.actions, action)
        held = _held(state, action.seat)
        try:
            deck = None if self.typed is None else deck_from_seats(
                state.game.id, players=state.players, seat_cards=self.typed.seats,
                boards=self.typed.boards, seat_draws=self.typed.draws, settings=state.settings,
                seed=state.seed, actions=kept, start=state.stacked)
            if deck is not None and deck != state.stacked:
                self.state = replay(state.game.id, players=state.players, seed=state.seed,
                                    settings=state.settings, deck=deck, actions=kept,
                                    stacks=state.stacks_given)
            else:
                state.apply(action)
        except (IllegalAction, DealError) as refused:
            self.notice = Notice(Tone.ERROR, f"That is not allowed: {refused}.")
            return
        self.line = kept
        self._marks = [*self._marks[:len(kept)], len(self.state.events)]
        self._note_draw(self.state.actions[-1], held)

    def forward(self) -> None:
        """Next: replay the line's next decision, or let a computer player decide."""
        self.notice = None
        state, step = self.state, self.step
        if step < len(self.line):
            action = self.line[step]
            held = _held(state, action.seat)
            state.apply(action)
            self._marks = [*self._marks[:step + 1], len(state.events)]
            self._note_draw(action, held)
        elif not state.is_over and not self.watching:
            rng = random.Random(f"{state.seed}:{step}")
            self.decide(bot_for(state.game.id).choose(state, state.to_act[0], rng))

    def back(self) -> None:
        self.notice = None
        if self.state.actions:
            self.state.undo()

    def to_start(self) -> None:
        self.notice = None
        state = self.state
        self.state = new_hand(state.game.id, players=state.players, seed=state.seed,
                              settings=state.settings, deck=state.stacked,
                              stacks=state.stacks_given)

    def to_end(self) -> None:
        """End: the rest of the line, then (for the host) computer players to the end."""
        while not self.at_end:
            self.forward()
            if self.notice is not None and self.notice.tone is Tone.ERROR:
                return

    @classmethod
    def dealt(cls, setup: Setup, *, seed: int, typed_texts: Sequence[str] | None,
              current: HostSession) -> HostSession:
        """A new deal from the setup panel, or ``current`` with the reason it cannot be."""
        typed = deck = None
        if typed_texts is not None:
            try:
                typed = read_typed(setup, typed_texts)
                deck = deck_from_seats(setup.game_id, players=setup.players,
                                       seat_cards=typed.seats, boards=typed.boards,
                                       seat_draws=typed.draws, settings=setup.settings, seed=seed)
            except DealError as error:
                current.notice = Notice(Tone.ERROR, f"These cards cannot be dealt: {error}.")
                return current
        hand = cls(new_hand(setup.game_id, players=setup.players, seed=seed,
                            settings=setup.settings, deck=deck), typed=typed)
        drawing = typed.drawing_seats() if typed else []
        hand.notice = Notice(Tone.SUCCESS, "Dealt " + (
            f"deal number {seed}." if typed is None else "the cards typed in." if not drawing
            else f"the cards typed in, with the draws typed for {_seats(drawing)}."))
        return hand

    @staticmethod
    def opened(link: HandLink, *, what: str) -> HostSession:
        """The hand a link or saved hand holds: the host's in full, any other watched."""
        if link.for_host:
            hand = HostSession(link.state(), line=link.actions, typed=link.typed)
        else:
            hand = HostSession(link.state(), line=link.actions[:link.step], watching=True)
        watching = " with the hole cards hidden, as a guest" if hand.watching else ""
        hand.notice = Notice(Tone.SUCCESS, f"{what} of {GAMES[link.game].name} at step "
                                           f"{link.step}{watching}.")
        return hand

    def open_link(self, params: Mapping[str, str]) -> HostSession:
        try:
            link = read_link(params)
        except LinkError as error:
            return self.refused(f"That link could not be opened: {error}.")
        return self if link is None else self.opened(link, what="Opened a shared hand")

    @classmethod
    def open_first(cls, params: Mapping[str, str], *,
                   fresh: Callable[[], HostSession]) -> HostSession:
        """A first visit's table: the link's, with no hand dealt first; ``fresh()`` when
        there is no link, or with the reason the link cannot be opened."""
        try:
            link = read_link(params)
        except LinkError as error:
            return fresh().refused(f"That link could not be opened: {error}.", fresh=True)
        return fresh() if link is None else cls.opened(link, what="Opened a shared hand")

    def refused(self, message: str, *, fresh: bool = False) -> HostSession:
        """A bad link or file changes nothing: the hand on the table stays (``fresh``: the
        table was dealt for this visit, as the message says)."""
        outcome = " A fresh table is dealt instead." if fresh else \
            " The hand on the table is unchanged."
        self.notice = Notice(Tone.ERROR, message + outcome)
        return self

    def _note_draw(self, action: Action, held: Sequence[Card]) -> None:
        """After a seat's draw in a typed deal: how many of the cards typed for it it got
        (counts only, as the narration tells a draw: no card is named)."""
        typed, seat = self.typed, action.seat
        if typed is None or action.kind is not ActionKind.DISCARD or seat >= len(typed.draws) \
                or not typed.draws[seat]:
            return
        wanted = typed.draws[seat]
        kept = set(held) - set(action.cards)
        new = [h.card for h in self.state.cards[seat] if h.card not in kept]
        self.notice = Notice(Tone.INFO, draw_note(
            seat_name(seat), drawn=len(action.cards), typed=len(wanted),
            got=sum(1 for card in new if card in wanted)))


def draw_note(who: str, *, drawn: int, typed: int, got: int) -> str:
    """What a typed draw dealt, in counts.

    >>> draw_note("Seat 2", drawn=0, typed=1, got=0)
    'Seat 2 stands pat: the 1 card typed for its draw is not dealt to it.'
    """
    if got < min(drawn, typed):
        return (f"{who} draws {drawn}, but the stock still held only {got} of the "
                f"{card_count(typed)} typed for its draw (it could not hold them all): the "
                "shuffle deals the rest.")
    if drawn == 0:
        return (f"{who} stands pat: the {card_count(typed)} typed for its draw {_are(typed)} "
                "not dealt to it.")
    if drawn < typed:
        rest = typed - drawn
        return (f"{who} draws {drawn}, the first {card_count(drawn)} typed for its draw: the "
                f"other {card_count(rest)} {_are(rest)} not dealt to it.")
    if drawn > typed:
        return (f"{who} draws {drawn}: the {card_count(typed)} typed for its draw, then "
                f"{drawn - typed} from the shuffle.")
    return f"{who} draws {drawn}: the {card_count(drawn)} typed for its draw."


def _event_counts(state: HandState) -> list[int]:
    """``counts[k]``: how many events the hand had after ``k`` decisions (one replay)."""
    again = new_hand(state.game.id, players=state.players, seed=state.seed,
                     settings=state.settings, deck=state.stacked, stacks=state.stacks_given)
    counts = [len(again.events)]
    for action in state.actions:
        again.apply(action)
        counts.append(len(again.events))
    return counts


def _held(state: HandState, seat: int) -> list[Card]:
    return [h.card for h in state.cards[seat]] if 0 <= seat < state.players else []


def _are(count: int) -> str:
    return "is" if count == 1 else "are"


def _seats(seats: Sequence[int]) -> str:
    """``"Seat 1, Seat 2 and Seat 4"``."""
    names = [seat_name(s) for s in seats]
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
