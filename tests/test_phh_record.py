"""PHH is written from the hand's typed record (``HandState.record``): the cards each
decision caused to be dealt, drawn and shown, and a stock reshuffled from the muck, are
read from the record's values, never from the narration or by comparing hands."""

from __future__ import annotations

import re
import tomllib

from engine.actions import Drew, Reshuffled
from engine.games import new_hand
from engine.phh import load_phh, to_phh
from engine.state import ActionKind, EventKind, HandState
from tests.support.phh import stud_hand


def test_a_reshuffled_stock_is_in_the_record_as_the_narration_tells_it() -> None:
    state = next(s for s in map(stud_hand, range(60))
                 if any(isinstance(op, Reshuffled) for op in s.record))
    reshuffles = [op for op in state.record if isinstance(op, Reshuffled)]
    notes = [e for e in state.events
             if e.kind is EventKind.NOTE and "shuffled into the stock" in e.text]
    assert [f"The {op.count} mucked and burned cards" for op in reshuffles] == \
        [e.text.split(" are ")[0] for e in notes]
    assert all(op.street == "7th street" and op.count > 0 for op in reshuffles)


def first_draw_redealing_own_discards() -> tuple[HandState, Drew]:
    """Psycho at ten seats: the first to throw all five is dealt some of them back (the
    stock holds two cards, so its own discards are shuffled in)."""
    state = new_hand("psycho", players=10, seed=0)
    seat = state.to_act[0]
    state.apply(max(state.legal_actions(seat), key=lambda a: len(a.cards)))
    drew = next(op for op in state.record if isinstance(op, Drew))
    assert set(drew.drawn) & set(drew.discarded)
    return state, drew


def test_a_psycho_draw_from_a_short_stock_logs_each_reshuffle() -> None:
    """The same ten-seat draw: the stock is rebuilt from the draw's own discards, and the
    record says so where the narration does."""
    state, _ = first_draw_redealing_own_discards()
    reshuffles = [op for op in state.record if isinstance(op, Reshuffled)]
    notes = [e for e in state.events if e.kind is EventKind.NOTE and "shuffled" in e.text]
    assert len(reshuffles) == len(notes) > 0
    assert all(op.street == state.street and op.count > 0 for op in reshuffles)


def test_a_draw_line_names_every_card_drawn_even_ones_the_seat_threw() -> None:
    state, drew = first_draw_redealing_own_discards()
    lines = tomllib.loads(to_phh(state))["_actions"]
    at = lines.index(f"p{drew.seat + 1} sd {''.join(c.ascii for c in drew.discarded)}")
    assert lines[at + 1] == f"d dh p{drew.seat + 1} {''.join(c.ascii for c in drew.drawn)}"
    assert load_phh(to_phh(state)).to_json() == state.to_json()


def test_an_older_file_that_left_out_the_cards_dealt_back_still_loads() -> None:
    """Files written before the record named only the cards new to the seat's hand."""
    state, drew = first_draw_redealing_own_discards()
    full = "".join(c.ascii for c in drew.drawn)
    older = "".join(c.ascii for c in drew.drawn if c not in drew.discarded)
    text = to_phh(state)
    line = f"d dh p{drew.seat + 1} {full}"
    assert text.count(line) == 2
    back = load_phh(text.replace(line, f"d dh p{drew.seat + 1} {older}"))
    assert back.to_json() == state.to_json()
    assert back.actions[-1].kind is ActionKind.DISCARD


def test_an_all_in_run_out_of_a_board_is_written_street_by_street() -> None:
    state = new_hand("texas-holdem", players=2, seed=5, stacks=[20, 20])
    while not state.is_over:
        legal = state.legal_actions(state.to_act[0])
        state.apply(max(legal, key=lambda a: a.amount or 0))
    deals = [line for line in tomllib.loads(to_phh(state))["actions"]
             if line.startswith("d db")]
    assert [len(re.sub(r"\s.*", "", line[5:])) // 2 for line in deals] == [3, 1, 1]
    assert "".join(line[5:] for line in deals) == "".join(c.ascii for c in state.boards[0])
