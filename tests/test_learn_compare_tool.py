"""The hand comparer on the rankings page: two hands in full, or each hand's own cards
with a board typed once; the ranking always has one choice selected."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.support.pages_learn import _errors, _open, _texts

P = "rankings_tool"


def _shared() -> AppTest:
    at = _open("rankings")
    at.toggle(key=f"{P}_shared").set_value(True).run()
    assert _errors(at) == []
    return at


def _type(at: AppTest, **boxes: str) -> AppTest:
    for name, text in boxes.items():
        at.text_input(key=f"{P}_{name}").set_value(text)
    at.run()
    return at


def test_a_shared_board_is_typed_once_and_each_hand_plays_its_best_five_with_it() -> None:
    at = _shared()
    text = _texts(at)
    assert "Best five: Two pair, aces and eights" in text
    assert "Best five: Two pair, kings and eights" in text
    assert "**The first hand wins**" in text


def test_both_hands_may_share_the_board_and_tie_on_it() -> None:
    at = _type(_shared(), board="A♠ K♠ Q♠ J♠ 10♠", first_own="2c 3c", second_own="2d 3d")
    assert _errors(at) == []
    assert "**A tie.**" in _texts(at)


def test_the_board_decides_under_a_low_ranking_too() -> None:
    at = _type(_shared(), board="2c 3d 4h 9s Kd", first_own="5c 7d", second_own="6c 8d")
    at.segmented_control(key=f"{P}_ranking").set_value("ace-to-five").run()
    text = _texts(at)
    assert "Best five: Seven-five low" in text and "**The first hand wins**" in text


def test_a_board_card_typed_again_in_a_hand_is_refused_in_words() -> None:
    at = _type(_shared(), first_own="K♠ 2c")
    assert _errors(at) == ["K♠ is typed both in the board and in the first hand: each card "
                           "exists only once."]
    at = _type(at, first_own="Ah Ad", second_own="Tc ah")
    assert _errors(at) == ["A♥ is typed both in the first hand and in the second hand: each "
                           "card exists only once."]
    assert "hand wins**" not in _texts(at)


def test_too_few_or_too_many_cards_with_the_board_are_refused_in_words() -> None:
    at = _type(_shared(), board="Ks 8c", first_own="Ah Ad")
    assert _errors(at) == ["The first hand and the board make 4 cards: a hand is judged from "
                           "5 to 10 cards, its own and the board's together."]
    at = _type(at, board="Ks 8c 8h 3s 2d", first_own="Ah Ad Qc Qd Qh 7c")
    assert _errors(at) == ["The first hand and the board make 11 cards: a hand is judged "
                           "from 5 to 10 cards, its own and the board's together."]


def test_the_same_card_in_both_full_hands_is_still_refused() -> None:
    at = _open("rankings")
    at.text_input(key=f"{P}_second").set_value("A♠ A♥ 8♦ 8♠ K♦").run()
    assert _errors(at) == ["A♠ is typed both in the first hand and in the second hand: each "
                           "card exists only once."]


def test_the_ranking_control_always_keeps_one_ranking_selected() -> None:
    at = _open("rankings")
    control = at.segmented_control(key=f"{P}_ranking")
    assert control.proto.required
    control.set_value("deuce-to-seven").run()
    control = at.segmented_control(key=f"{P}_ranking")
    assert "Best five: " in _texts(at)
    control.set_value(None).run()
    text = _texts(at)
    assert "Choose a ranking above" in text, "no ranking is never judged silently by high"
    assert "Best five" not in text and "hand wins**" not in text
