"""Omaha's worked examples, dealt as real hands to the showdown: the exactly-two-and-three
rule (a flush on the board that a single hole card of the suit does not make), and the
eight-or-better split with and without a qualifying low. The first is played high only and
the second as the split game, whatever the page announces for the pot; the other
announcements (stakes, betting) stay the page's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import streamlit as st

from content import Example
from engine.games.base import Settings
from engine.games.omaha import OmahaSettings, Pot
from ui.learn.example_holdem import show_board_showdown

GAME = "omaha"
_HELP = "Four cards, e.g. Ah Qc Qs 7d."


def with_pot(settings: Settings, pot: Pot) -> OmahaSettings:
    """The page's announcements with the pot played as the example needs."""
    assert isinstance(settings, OmahaSettings)
    return replace(settings, pot=pot)


def show_omaha_examples(examples: Mapping[str, Example], settings: Settings, *,
                        prefix: str) -> None:
    """The two-and-three example (high only), then the split pot (eight or better)."""
    for key, pot in (("two_and_three", Pot.HIGH), ("split", Pot.EIGHT_OR_BETTER)):
        if key == "split":
            st.divider()
        show_board_showdown(GAME, examples[key], with_pot(settings, pot), prefix=prefix,
                            hole_count=4, hole_help=_HELP)
