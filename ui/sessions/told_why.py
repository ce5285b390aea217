"""The computer players' reasons with their figures, told only where the viewer may read
them.

A computer player's public reason (``Bot.explain``) goes beside its decision for
everyone. Its measured reason (``engine.odds.why``) names the measure's figures, and
may name its hidden cards and secret choices, so it is told only to a viewer who sees
every card the seat holds and every card the reason names: on the Host page for a seat
whose cards the host shows, and after the hand for a seat whose cards were shown down.
The measure is taken with every card that viewer sees (``engine.odds.why.as_read_by``):
a host showing both hands reads the sacrifice against the other pairs as they are.
"""

from __future__ import annotations

from collections.abc import Collection

from engine.bots import bot_for
from engine.cards import Card
from engine.games import new_hand
from engine.hands import LowRanking
from engine.history import replay
from engine.odds.why import MEASURED, as_read_by, may_read, measured_reason
from engine.state import HandState, HandView
from engine.views import host_view
from ui.sessions.reasons import Told, told_line

__all__ = ["last_reason", "shown_down_reasons"]



def _ranking(state: HandState) -> LowRanking:
    return LowRanking(getattr(state.settings, "low_ranking", LowRanking.ACE_TO_FIVE))


def _before_last(state: HandState) -> HandState:
    return replay(state.game.id, players=state.players, seed=state.seed,
                  settings=state.settings, deck=state.stacked, actions=state.actions[:-1],
                  stacks=state.stacks_given)


def _cards_seen(view: HandView) -> set[Card]:
    """Every card ``view`` shows: the seats' and the boards'."""
    seen = {c.card for s in view.seats for c in s.cards if c.card is not None}
    return seen | {c for board in view.boards for c in board}


def _as_read(state: HandState, seat: int, seen: Collection[Card]) -> HandView:
    """``seat``'s view of ``state`` with the cards ``seen`` by the reader filled in."""
    return as_read_by(state.view(seat), state.view(None), seen)


def last_reason(state: HandState, *, shown: Collection[int]) -> str | None:
    """Why the hand's last decision, as a computer player would say it: by its measure
    when the deciding seat is one of ``shown`` (the seats whose cards the screen shows),
    else in its public words; ``None`` before the first decision or where nothing is
    said."""
    if not state.actions:
        return None
    action = state.actions[-1]
    before = _before_last(state)
    if action.seat in shown:
        seen = _cards_seen(host_view(before, revealed=shown))
        full = measured_reason(_as_read(before, action.seat, seen), action,
                               low_ranking=_ranking(state))
        if full:
            return full
    return bot_for(state.game.id).explain(before, action.seat, action)


def shown_down_reasons(state: HandState, viewer: int, *,
                       people: Collection[int]) -> dict[Told, str]:
    """After the hand: the computer players' measured reasons that ``viewer`` may read
    (``engine.odds.why.may_read`` of the viewer's view at the end), keyed by the line of
    the narration that tells each decision; nothing before the hand is over."""
    if not state.is_over:
        return {}
    end = state.view(viewer)
    seen = _cards_seen(end)
    ranking = _ranking(state)
    told: dict[Told, str] = {}
    hand = new_hand(state.game.id, players=state.players, seed=state.seed,
                    settings=state.settings, deck=state.stacked, stacks=state.stacks_given)
    readable = {s for s in range(state.players) if s not in people and s != viewer
                and all(c.card is not None for c in end.seats[s].cards)}
    for action in state.actions:
        full = None
        if action.seat in readable and action.kind in MEASURED:
            full = measured_reason(_as_read(hand, action.seat, seen), action,
                                   low_ranking=ranking)
        line = told_line(hand, action.seat, action)
        if full and line is not None and may_read(end, action.seat, full):
            told[line[0]] = full
    return told
