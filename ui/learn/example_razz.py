"""Razz's worked example, dealt through the live engine from a stacked deck by stud's
example (``ui.learn.example_stud.bring_in`` with the game razz): the up cards a learner
types become a real razz hand, and the engine's own narration says who brings in: the
highest up card, the ace counting low."""

from __future__ import annotations

from collections.abc import Mapping

from content import Example
from engine.games.base import Settings
from ui.learn.example_stud import show_bring_in

GAME = "razz"


def show_razz_examples(examples: Mapping[str, Example], settings: Settings, *,
                       prefix: str) -> None:
    """Who brings in, under the page's current announcements: stud's example, dealt as
    razz."""
    show_bring_in(examples["bring_in"], settings, prefix=prefix, game_id=GAME)
