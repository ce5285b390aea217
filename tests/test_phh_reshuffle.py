"""The host's own PHH file of a seven-card stud hand whose stock ran short, with the
muck reshuffled for seventh street, reloads to the same hand: a card dealt again from the
reshuffled muck is no second deal of it, since the file carries the hand's exact steps;
and a file the site wrote before stud's carried them (no ``_actions``) replays from its
shuffle by its ``actions``, which are all of a stud hand's steps."""

from __future__ import annotations

import re

from engine.phh import load_phh, to_phh
from engine.state import EventKind, HandState
from tests.support.phh import (
    stud_hand,
)
from tests.support.scale import scaled

HANDS = scaled(60, least=30)
"""Stud hands dealt: about one in three has its muck reshuffled for seventh street."""


def reshuffled(state: HandState) -> bool:
    return any(e.kind is EventKind.NOTE and "shuffled into the stock" in e.text
               for e in state.events)


def test_random_reshuffled_stud_hands_reload_to_the_same_hand() -> None:
    reloaded = 0
    for seed in range(HANDS):
        state = stud_hand(seed)
        if not reshuffled(state):
            continue
        text = to_phh(state)
        older = re.sub(r"(?ms)^_actions = \[.*?^\]\n", "", text)
        assert "_actions" in text and "_actions" not in older
        for file in (text, older):
            back = load_phh(file)
            assert back.is_over, seed
            assert back.table.stacks == state.table.stacks, seed
            assert back.cards == state.cards and back.boards == state.boards, seed
            assert (back.actions, back.payoffs) == (state.actions, state.payoffs), seed
        reloaded += 1
    assert reloaded >= HANDS // 10


