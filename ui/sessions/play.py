"""The Play page's table: one visitor's hand against computer players, or friends taking
turns at one screen (the hot seat).

The computer players decide at once for every seat no person holds, and
each says why (``ui.sessions.reasons``). Links and saved hands reopen a table as
the seat they were made for; a guest's link (which shows no hole card) is
refused, since this table always shows a seat's cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine.bots import bot_for
from engine.games import GAMES, new_hand
from engine.state import Action, Event, HandState, HandView, IllegalAction, seat_name
from ui.sessions.dealing import Setup, fresh_seed
from ui.sessions.notice import Notice, Tone
from ui.sessions.play_session import PlaySeries
from ui.sessions.reasons import Told, bot_decides, with_reasons
from ui.sessions.share import HandLink, LinkError, read_link
from ui.sessions.told_why import shown_down_reasons
from ui.training.lessons import find_lessons

_GUESTS_LINK = "That link is for guests watching a hand; it opens on the Host page."


def _openable(params: Mapping[str, str]) -> HandLink | str | None:
    """The link in ``params`` if this table can open it, else why not; ``None`` if it names
    no hand."""
    try:
        link = read_link(params)
    except LinkError as error:
        return f"That link could not be opened: {error}."
    if link is not None and link.guest:
        return _GUESTS_LINK
    return link


class PlaySession:
    """The hand on one visitor's table, whose seat it is, and what just happened.

    ``chosen_seed`` is the deal number the player typed, if any: the only
    one the screen may show, since a deal number gives every card away.
    ``mark`` is where "what just happened" starts in the narration. ``series`` is
    the session this hand belongs to (a new one from this hand if not given).
    """

    def __init__(self, state: HandState, *, seat: int = 0, hot: bool = False,
                 chosen_seed: int | None = None, series: PlaySeries | None = None) -> None:
        self.state = state
        self.seat = min(seat, state.players - 1)
        self.hot = hot
        self.chosen_seed = chosen_seed
        self.series = series or PlaySeries(state, you=self.seat, hot=hot)
        self._recorded = False
        self.mark = 0
        self.reasons: dict[Told, str] = {}
        self._shown_down: dict[Told, str] | None = None
        self.notice: Notice | None = None
        self._lessons: dict[str, dict[str, Any]] | None = None
        self._run_bots()

    @classmethod
    def deal(cls, setup: Setup, *, seat: int = 0, hot: bool = False,
             seed: int | None = None) -> PlaySession:
        """A new hand of ``setup``: from ``seed`` if the player typed one, else a new
        shuffle."""
        state = new_hand(setup.game_id, players=setup.players, settings=setup.settings,
                         seed=fresh_seed() if seed is None else seed)
        return cls(state, seat=seat, hot=hot, chosen_seed=seed)

    @classmethod
    def fresh(cls, game_id: str, players: int) -> PlaySession:
        """A table of the game's house rules, for a first visit."""
        return cls.deal(Setup(game_id, players, GAMES[game_id].settings_type()))

    # --- what the screen shows -------------------------------------------------------

    @property
    def people(self) -> set[int]:
        """The seats people play: every seat at one screen, else the visitor's."""
        return set(range(self.state.players)) if self.hot else {self.seat}

    @property
    def current(self) -> int:
        """Whose cards and decision the screen is about: at one screen, the seat to act."""
        if self.hot and self.state.to_act:
            return self.state.to_act[0]
        return self.seat

    def link(self) -> HandLink:
        return HandLink.from_state(self.state, seat=None if self.hot else self.seat,
                                   hot_seat=self.hot)

    def narration(self, view: HandView, *, latest: bool) -> list[Event]:
        """The narration with the computer players' reasons (after the hand, with their
        figures for the seats shown down: ``ui.sessions.told_why``); ``latest`` keeps only
        what happened since the visitor's last decision."""
        reasons = self.reasons
        if self.state.is_over and not self.hot:
            if self._shown_down is None:
                self._shown_down = shown_down_reasons(self.state, self.seat, people=self.people)
            reasons = {**reasons, **self._shown_down}
        start = self.mark if latest else 0
        return with_reasons(view.events[start:], reasons, start=start)

    # --- what the visitor does ------------------------------------------------------

    def choose(self, action: Action) -> None:
        """A person's decision: apply it, then let the computer players answer."""
        mark = len(self.state.events)
        try:
            self.state.apply(action)
        except IllegalAction as refused:
            self.notice = Notice(Tone.ERROR, f"That is not allowed: {refused}.")
            return
        self.mark = mark
        self.notice = None
        self._run_bots()

    def again(self) -> PlaySession:
        """The session's next hand: same game, players and announcements, the stacks as the
        last hand left them, the button one seat to the left. Refused (with a notice) while
        the visitor has no chips: a rebuy or a new session comes first."""
        series = self.series
        if series.you_are_out:
            self.notice = Notice(Tone.ERROR, "You have no chips left: buy back in or start a "
                                             "new session.")
            return self
        state = self.state
        stacks = series.next_stacks()
        table = PlaySession(new_hand(state.game.id, players=state.players,
                                     settings=state.settings, seed=fresh_seed(), stacks=stacks),
                            seat=series.your_seat, hot=self.hot, series=series)
        if series.topped_up:
            names = ", ".join(seat_name(series.seat_of(chair)) for chair in series.topped_up)
            table.notice = Notice(Tone.INFO, f"Out of chips last hand, bought back in to "
                                             f"{series.chips}: {names}.")
        return table

    def rebuy(self) -> PlaySession:
        """The visitor buys back in to the starting chips, and the next hand is dealt."""
        self.series.rebuy()
        return self.again()

    def new_session(self) -> PlaySession:
        """A new session of the same game: everyone's chips back to the start, the visitor
        in the seat the session began in."""
        state = self.state
        return PlaySession.deal(Setup(state.game.id, state.players, state.settings),
                                seat=self.series.you, hot=self.hot)

    def opened(self, link: HandLink, *, what: str) -> PlaySession:
        """The table a link or saved hand holds, as the seat it was made for (a host's link
        or a full history, which tell every card anyway, keep this table's seat); this
        table with a notice if it cannot be opened here."""
        if link.guest:
            return self.refused(_GUESTS_LINK)
        return PlaySession._linked(link, seat=self.seat, hot=self.hot, what=what)

    @staticmethod
    def _linked(link: HandLink, *, seat: int, hot: bool, what: str) -> PlaySession:
        """The table ``link`` holds; ``seat`` and ``hot`` are kept when it names no seat."""
        state = link.state()
        if link.seat is not None or link.hot_seat:
            seat, hot = link.seat or 0, link.hot_seat
        table = PlaySession(state, seat=seat, hot=hot)
        table.notice = Notice(Tone.SUCCESS, f"{what} of {state.game.name} at decision "
                                            f"{len(state.actions)}.")
        return table

    def open_link(self, params: Mapping[str, str]) -> PlaySession:
        """The table a link's parameters hold, or this one with the reason it cannot be."""
        link = _openable(params)
        if isinstance(link, str):
            return self.refused(link)
        return self if link is None else self.opened(link, what="Opened a shared hand")

    @classmethod
    def open_first(cls, params: Mapping[str, str], *,
                   fresh: Callable[[], PlaySession]) -> PlaySession:
        """A first visit's table: the link's, with no table dealt first; ``fresh()`` when
        there is no link, or with the reason the link cannot be opened here."""
        link = _openable(params)
        if isinstance(link, HandLink):
            return cls._linked(link, seat=0, hot=False, what="Opened a shared hand")
        table = fresh()
        return table if link is None else table.refused(link, fresh=True)

    def refused(self, message: str, *, fresh: bool = False) -> PlaySession:
        """A bad link or file changes nothing: the hand on the table stays (``fresh``: the
        table was dealt for this visit, as the message says)."""
        outcome = " A fresh table is dealt instead." if fresh else \
            " The hand on the table is unchanged."
        self.notice = Notice(Tone.ERROR, message + outcome)
        return self

    def lessons(self) -> dict[str, dict[str, Any]]:
        """After the hand, the visitor's decisions the odds engine measures as clearly
        below the best (``ui.training.lessons``), worked out once per hand. None at one
        screen, where the decisions are everyone's."""
        if self.hot or not self.state.is_over:
            return {}
        if self._lessons is None:
            self._lessons = find_lessons(self.state, self.seat)
        return self._lessons

    def _run_bots(self) -> None:
        """Computer players decide for every seat no person holds, until a person must."""
        bot = bot_for(self.state.game.id)
        state = self.state
        while not state.is_over:
            waiting = [s for s in state.to_act if s not in self.people]
            if not waiting:
                return
            rng = random.Random(f"{state.seed}:{len(state.actions)}")
            bot_decides(state, waiting[0], bot, rng, self.reasons)
        if not self._recorded:
            self._recorded = True
            self.series.finish(state)
