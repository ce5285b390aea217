"""Every worked example refuses a card typed twice with a clear message, never a traceback:
within one box, across two boxes of one player, and between players or the board."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.pages_learn import _errors, _open

CASES = [
    # Pick a Partner: a first up card typed again among the same partner's other four.
    ("pick_a_partner", {"partner_ex_up_a": "K♥", "partner_ex_others_a": "K♥ Q♥ J♥ 4♣"},
     "K♥ is typed both in Partner 1's first up card and in Partner 1's other four cards"),
    ("pick_a_partner", {"partner_ex_up_a": "T♥", "partner_ex_others_a": "10H 9c 8d 2s"},
     "10♥ is typed both in Partner 1's first up card and in Partner 1's other four cards"),
    ("pick_a_partner", {"partner_ex_up_b": "Qs", "partner_ex_others_b": "2c 3c qS 4d"},
     "Q♠ is typed both in Partner 2's first up card and in Partner 2's other four cards"),
    ("pick_a_partner", {"partner_ex_others_a": "T♥ 10H 9c 8d"},
     "Other four cards: 10♥ appears more than once"),
    # Sophie's Pick: within the hole cards, and between the hole cards and the board.
    ("sophies_pick", {"sophie_ex_hole": "Th 10h 2c 3c 4c 5c"},
     "Six hole cards: 10♥ appears more than once"),
    ("sophies_pick", {"sophie_ex_hole": "Th 9h 2c 3c 4c 5c", "sophie_ex_board": "10h 8h 2s 5h Ks"},
     "10♥ is typed both in the hole cards and in the board"),
    # Seven-card stud: within the bring-in's up cards, within a seat, between seats.
    ("seven_card_stud", {"stud_ex_bring_in": "Th 3c 10h"}, "Up cards: 10♥ appears more than once"),
    ("seven_card_stud", {"stud_ex_fourth": "Th 10h\n3c 4d"}, "Seat 1: 10♥ appears more than once"),
    ("seven_card_stud", {"stud_ex_fourth": "Th 9h\n3c 10H"},
     "10♥ is typed both in Seat 1 and in Seat 2"),
    # Psycho: the sixth or seventh card again, an opponent holding one of your cards.
    ("psycho", {"psycho_ex_seventh": "7♥"},
     "7♥ is typed both in the sixth card and in the seventh card"),
    ("psycho", {"psycho_ex_sixth": "T♠", "psycho_ex_seventh": "10s"},
     "10♠ is typed both in the sixth card and in the seventh card"),
    ("psycho", {"psycho_ex_sixth": "6d"},
     "6♦ is typed both in the five after the draw and in the sixth card"),
    ("psycho", {"psycho_ex_draw": "2♣ 3♦ 4♥ 6♠ 2c"},
     "Five cards after the draw: 2♣ appears more than once"),
    ("psycho", {"psycho_ex_opp_1": "K♠ K♦ K♣ 9♠ 8♦ Q♣ 7h"},
     "7♥ is typed both in your cards and in Seat 2's cards"),
]


def _type(at: AppTest, boxes: dict[str, str]) -> AppTest:
    for key, text in boxes.items():
        widget = at.text_area(key=key) if key == "stud_ex_fourth" else at.text_input(key=key)
        widget.set_value(text)
    at.run()
    return at


@pytest.mark.parametrize("page,boxes,message", CASES, ids=[
    f"{page}:{'+'.join(boxes.values())}" for page, boxes, _ in CASES])
def test_a_card_typed_twice_is_refused_in_words(page: str, boxes: dict[str, str],
                                                message: str) -> None:
    at = _type(_open(page), boxes)
    errors = _errors(at)
    assert any(e.startswith(message) for e in errors), errors
    shown = "\n".join(str(m.value) for m in at.markdown)
    assert "Traceback" not in shown and "Error" not in shown
