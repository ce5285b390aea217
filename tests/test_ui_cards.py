"""Card faces, typed card input and the table view."""

from __future__ import annotations

import re

import pytest

from engine.cards import FULL_DECK, card, parse_cards
from engine.games import new_hand
from ui.card_input import clash, read_cards
from ui.cards import Size, back_html, card_html, card_label, cards_html, suit_colour
from ui.table_view import table_html


def _labels(html: str) -> list[str]:
    return re.findall(r'role="img" aria-label="([^"]*)"', html)


def test_every_card_has_a_spoken_name_and_its_symbols() -> None:
    for c in FULL_DECK:
        html = card_html(c)
        assert _labels(html) == [c.name]
        assert f">{c.rank.symbol}<" in html and f">{c.suit.symbol}<" in html
    assert _labels(back_html()) == ["Face-down card"]


def test_states_are_spoken_and_drawn() -> None:
    king = card("Kh")
    assert card_label(king, marked=True, dimmed=True, down=True, note="first up") == \
        "King of hearts, face down, marked, dead, first up"
    assert "grayscale" in card_html(king, dimmed=True)
    assert "grayscale" not in card_html(king)
    assert "#e0a100" in card_html(king, marked=True) and "#e0a100" not in card_html(king)
    assert "#eef2f7" in card_html(king, down=True)


def test_two_and_four_colour_decks() -> None:
    assert suit_colour(card("Kd").suit) == suit_colour(card("Kh").suit)
    four = {suit_colour(c.suit, four_colour=True) for c in parse_cards("2c 2d 2h 2s")}
    assert len(four) == 4
    assert suit_colour(card("Kc").suit, four_colour=True) in card_html(card("Kc"),
                                                                          four_colour=True)


@pytest.mark.parametrize("size", list(Size))
def test_sizes_grow_and_keep_a_cards_shape(size: Size) -> None:
    width = int(re.search(r'width="(\d+)"', card_html(card("As"), size=size)).group(1))
    height = int(re.search(r'height="(\d+)"', card_html(card("As"), size=size)).group(1))
    assert height == round(width * 1.4)
    widths = [int(re.search(r'width="(\d+)"', card_html(card("As"), size=s)).group(1))
              for s in Size]
    assert widths == sorted(widths) and widths[-1] >= 100


def test_a_bad_size_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="card size must be one of small, medium, large"):
        card_html(card("As"), size="huge")


def test_text_from_outside_is_escaped() -> None:
    html = cards_html(parse_cards("As Kd"), captions=["<b>x</b>", None],
                      label='Seat "1" <script>')
    assert "<script>" not in html and "<b>x</b>" not in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html and "&quot;1&quot;" in html
    assert _labels(cards_html([None, card("As")])) == ["Face-down card", "Ace of spades"]
    with pytest.raises(ValueError, match="2 captions given for 1 cards"):
        cards_html(parse_cards("As"), captions=["a", "b"])


def test_typed_cards_are_read_or_explained() -> None:
    assert read_cards("Kh 10h", count=2) == parse_cards("K♥ 10♥")
    assert read_cards("Kh Kh") == "K♥ appears more than once"
    assert read_cards("Kh", count=2) == "type exactly 2 cards; found 1"
    assert read_cards("Kh", at_least=5) == "type at least 5 cards; found 1"
    assert read_cards("2c 3c 4c 5c 6c 7c 8c 9c", at_most=7) == "type at most 7 cards; found 8"
    assert "'Zz' is not a card" in read_cards("Zz")
    assert clash({"a": parse_cards("Kh"), "b": parse_cards("Qh")}) is None


def test_the_table_shows_only_what_the_view_holds() -> None:
    state = new_hand("seven-card-stud", players=3, seed=4)
    seat_view = table_html(state.view(0))
    host_view = table_html(state.view(None))
    down_of_seat_2 = [h.card for h in state.cards[1] if not h.up]
    for hidden in down_of_seat_2:
        assert hidden.name not in "".join(_labels(seat_view))
        assert hidden.name in " ".join(_labels(host_view))
    assert _labels(seat_view).count("Face-down card") == 4
    assert "to act" in host_view
    up = state.up_cards(2)[0]
    assert f"{up.name}, marked" in _labels(table_html(state.view(0), marked={up}))
    assert not any("marked" in label for label in _labels(seat_view))

