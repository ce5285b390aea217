"""The Odds page's calculator answers the spot as typed and chosen on the page, as a learner
types it (AppTest): the cards, the pairs kept, the sacrifices picked in the choices, and new
cards typed after "Deal an example"."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Selectbox

from engine.cards import parse_cards
from tests.support.pages_app import app
from tests.support.pages_odds import few_sampled_deals

PAGE = str(Path(__file__).resolve().parents[1] / "screens" / "odds.py")


def open_hand(game_id: str) -> AppTest:
    at = app(PAGE, timeout=120)
    at.session_state["game"] = game_id
    at.query_params["widget"] = "hand"
    at.run()
    assert not at.exception, at.exception[0].value
    return at


def errors(at: AppTest) -> list[str]:
    assert not at.exception, [e.value for e in at.exception]
    return [html.unescape(e.value).replace("\u2060", "") for e in at.error]


def found(at: AppTest) -> str:
    assert not errors(at), errors(at)
    sentences = [c.value for c in at.caption if c.value.startswith(("Exact", "Sampled"))]
    assert sentences, "no answer on the page"
    return sentences[0]


def type_sophie_turn(at: AppTest) -> None:
    """The turn chosen, then every box typed and the page run once (each run answers)."""
    at.selectbox(key="odds_hand_street").set_value("Turn").run()
    at.text_input(key="odds_hand_seat0").set_value("As Kd")
    at.text_input(key="odds_hand_seat1").set_value("8s 8c")
    at.text_input(key="odds_hand_board0").set_value("Ks 8d 3c 2h").run()


def test_a_sophies_pick_hand_drawing_dead_after_the_turn_shows_zero() -> None:
    at = open_hand("sophies-pick")
    type_sophie_turn(at)
    assert found(at).startswith("Exact: every one of the 44")
    shares = at.table[0].value["Share of the pot"]
    assert list(shares) == ["0.0%", "100.0%"]


def test_a_sacrifice_picked_in_the_choices_is_honoured() -> None:
    """The other seat giving up its eights on the turn leaves A♠ K♦ the favourite."""
    at = open_hand("sophies-pick")
    type_sophie_turn(at)
    boxes = [b for b in at.selectbox if b.label == "Seat 2 sacrifices (Turn)"]
    assert len(boxes) == 1
    box = boxes[0]
    assert "the computer player's choice" not in box.options
    assert box.options[box.value] == "? ?"  # the pair typed last goes first
    box.set_value(box.options.index("8♠ 8♣")).run()
    assert found(at).startswith("Sampled")
    share = at.table[0].value["Share of the pot"][0]
    assert float(share.split("%")[0]) > 60, share


def test_sample_longer_stays_on_through_a_mistake_and_new_cards() -> None:
    at = open_hand("texas-holdem")
    at.selectbox(key="odds_hand_street").set_value("Flop").run()
    at.number_input(key="odds_hand_players").set_value(4).run()
    at.button(key="odds_hand_deal").click().run()
    at.toggle(key="odds_hand_longer").set_value(True).run()
    first = found(at)
    assert first.startswith("Sampled") and "Not counted exactly because" in first
    # new cards of your own to come, none of them on the example's flop (dealt at random)
    flop = set(parse_cards(at.text_input(key="odds_hand_board0").value or ""))
    at.text_input(key="odds_hand_seat0").set_value("Ah Zz").run()
    assert any("'Zz' is not a card" in e for e in errors(at))
    mine = [c for c in parse_cards("Ah Kh Qh Jh 10h") if c not in flop][:2]
    at.text_input(key="odds_hand_seat0").set_value(" ".join(map(str, mine))).run()
    assert at.toggle(key="odds_hand_longer").value is True
    found(at)


@pytest.fixture
def briefly_sampled(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with few_sampled_deals(monkeypatch):
        yield


class _BrowserSending(Selectbox):
    """A select box whose browser sends back ``words`` (as the browser sends the words it
    shows, whatever the options now are)."""

    words = ""

    @property
    def _widget_state(self) -> WidgetState:
        return WidgetState(id=self.id, string_value=self.words)


def _words(at: AppTest) -> dict[str, str]:
    return {b.key: b.options[b.index] for b in at.selectbox
            if b.key and "choice" in b.key and b.index is not None}


@pytest.mark.usefixtures("briefly_sampled")
def test_new_cards_after_deal_an_example_with_a_choice_set_answer_without_a_traceback() -> None:
    """A choice set for the old cards (a partner's turn-up, a pair kept) no longer fits the
    new ones: it is left out, the box shows its default (the browser is sent it), and the
    page answers. A box whose browser still sends the old cards' words (which read as text,
    not a place among the options: a TypeError on the page) reads as its default too."""
    for game_id, street in (("pick-a-partner", "Partners"), ("sophies-pick", "River")):
        at = open_hand(game_id)
        at.selectbox(key="odds_hand_street").set_value(street).run()
        keys = [b.key for b in at.selectbox if b.key and "choice" in b.key]
        assert keys
        for key in keys:
            boxes = [b for b in at.selectbox if b.key == key]
            if boxes:
                boxes[0].set_value(len(boxes[0].options) - 1).run()
                found(at)
        for _ in range(3):
            before = _words(at)
            at.button(key="odds_hand_deal").click().run()
            found(at)
            moved = [b for b in at.selectbox if b.key in before
                     and b.options[b.index] != before[b.key]]
            assert all(b.proto.set_value for b in moved)
            box = at.selectbox(key=keys[0])
            box.__class__ = _BrowserSending
            box.words = "Q♦ from before the deal"
            tokens = at.text_input(key="odds_hand_seat1").value.split()
            at.text_input(key="odds_hand_seat1").set_value(" ".join(["?"] * len(tokens))).run()
            found(at)
            box = at.selectbox(key=keys[0])
            assert box.proto.set_value and box.proto.raw_value == box.options[box.index]
