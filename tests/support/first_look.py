"""Helpers for the first-look tests: a hosted hand played to its end, and which cards a
table's markup rings."""

from __future__ import annotations

import html
import re
from pathlib import Path

from engine.cards import Card, Rank, Suit
from engine.games import new_hand
from engine.state import HandState
from ui.sessions.host import HostSession

ROOT = Path(__file__).resolve().parents[2]
_MARKED = re.compile(r'alt="([^"]*?), (?:face down, )?marked')


def host_at_end(game_id: str, *, players: int, seed: int) -> HandState:
    """A hand the Host page's Next plays to its end (computer players deciding)."""
    hand = HostSession(new_hand(game_id, players=players, seed=seed))
    hand.to_end()
    return hand.state


def marked_cards(markup: str) -> set[str]:
    """The cards a table's markup rings, as the engine writes them ("K♥"), read from what a
    screen reader says of each ("King of hearts, marked")."""
    names = {c.name: str(c) for c in (Card(r, s) for r in Rank for s in Suit)}
    return {names[found] for found in _MARKED.findall(html.unescape(markup))}
