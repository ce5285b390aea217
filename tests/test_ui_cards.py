"""Card faces, typed card input and the table view."""

from __future__ import annotations

import html
import re

import pytest

from engine.cards import FULL_DECK, card, parse_cards
from engine.games import new_hand
from engine.state import SeenCard
from ui.components import table
from ui.components.card_input import clash, read_cards
from ui.components.cards import (
    Size,
    back_html,
    card_html,
    card_label,
    cards_html,
    picture,
    suit_colour,
)
from ui.components.table import log_html, newest_first, table_html


def _labels(html: str) -> list[str]:
    return re.findall(r'<img src="cards/[^"]*" alt="([^"]*)"', html)


def _picture(image: str) -> str:
    """The SVG an image of a card shows, as the site serves it at the image's address."""
    drawing = picture(re.search(r'src="cards/([^".?]*)\.svg', image).group(1))
    assert drawing is not None
    return drawing


def _drawing(image: str) -> str:
    """The picture alone, without what a screen reader is told, and how it is framed."""
    return re.sub(r"<title>[^<]*</title>", "", _picture(image)) + re.sub(
        r'(src|alt)="[^"]*"', "", image)


def test_every_card_has_a_spoken_name_and_its_symbols() -> None:
    for c in FULL_DECK:
        html = card_html(c)
        assert _labels(html) == [c.name]
        drawing = _picture(html)
        assert f">{c.rank.symbol}<" in drawing and f">{c.suit.symbol}<" in drawing
        assert f"<title>{c.name}</title>" in drawing
    assert _labels(back_html()) == ["Face-down card"]


def test_states_are_spoken_and_drawn() -> None:
    king = card("Kh")
    assert card_label(king, marked=True, dimmed=True, down=True, note="first up") == \
        "King of hearts, face down, marked, dead, first up"
    assert "grayscale" in card_html(king, dimmed=True)
    assert "grayscale" not in card_html(king)
    # Marked and face down are each drawn, and drawn differently: not only spoken.
    plain, marked, down = (card_html(king, marked=m, down=d)
                           for m, d in ((False, False), (True, False), (False, True)))
    assert len({_drawing(plain), _drawing(marked), _drawing(down)}) == 3


def test_two_and_four_colour_decks() -> None:
    assert suit_colour(card("Kd").suit) == suit_colour(card("Kh").suit)
    four = {suit_colour(c.suit, four_colour=True) for c in parse_cards("2c 2d 2h 2s")}
    assert len(four) == 4
    assert suit_colour(card("Kc").suit, four_colour=True) in _picture(
        card_html(card("Kc"), four_colour=True))


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



def test_the_latest_news_comes_first_each_street_under_its_heading() -> None:
    state = new_hand("seven-card-stud", players=3, seed=4)
    state.apply(state.legal_actions(state.to_act[0])[0])
    events = state.view(0).events
    texts = [e.text for e in newest_first(events)]
    street = next(e for e in reversed(events) if e.kind.value == "street")
    assert texts[0] == street.text and texts[1] == events[-1].text
    assert sorted(texts) == sorted(e.text for e in events)
    markup = html.unescape(log_html(events, latest_first=True))
    assert markup.index(events[-1].text) < markup.index(events[0].text)
    plain_order = html.unescape(log_html(events))
    assert plain_order.index(events[0].text) < plain_order.index(events[-1].text)


def test_the_table_splits_into_your_seat_and_the_others() -> None:
    state = new_hand("seven-card-stud", players=4, seed=4)
    view = state.view(1)
    yours = table.table_html(view, you={1}, part=table.Part.YOURS)
    others = table.table_html(view, you={1}, part=table.Part.OTHERS)
    assert 'aria-label="Seat 2"' in yours and 'aria-label="Seat 1"' not in yours
    assert "Pot " in yours and "Pot " not in others
    assert all(f'aria-label="Seat {n}"' in others for n in (1, 3, 4))
    assert 'aria-label="Seat 2"' not in others
    # a column of seats never gets wider than the screen it is on
    assert "minmax(min(100%," in others


def test_a_crowded_fan_squeezes_dead_cards_before_live_ones() -> None:
    seen = [SeenCard(c, up=True) for c in parse_cards("Kh Kc")] + \
        [SeenCard(c, up=False, dead=True) for c in parse_cards("2c 3c 4c 5c")]
    row = table.cards_row(seen, size=Size.SMALL, four_colour=False, label="x", fanned=True)
    boxes = re.findall(r'<div style="flex:0 (\d+) \d+px;min-width:(\d+)px">', row)
    live, dead = boxes[:2], boxes[2:]
    assert len(boxes) == 5  # the last card is always whole
    assert all(int(shrink) == 1 for shrink, _ in live)
    assert all(int(shrink) > 10 and int(width) < int(live[0][1]) for shrink, width in dead)


def test_at_the_end_each_shown_hand_is_named_and_the_winners_five_cards_ringed() -> None:
    """Gold means "this won": a hand shown and beaten is named, its cards left plain."""
    import random

    from engine.bots import bot_for, play_out

    for seed in range(40):
        state = new_hand("seven-card-stud", players=3, seed=seed)
        play_out(state, {s: bot_for("seven-card-stud") for s in range(3)}, random.Random(seed))
        view = state.view(None)
        assert view.settlement is not None
        shown = {seat: (cards, words) for award in view.settlement.awards
                 for seat, cards, words in award.hands}
        winners = {seat for award in view.settlement.awards for seat in award.winners}
        if len(shown) > len(winners):
            break
    assert len(shown) > len(winners), "no seed reached a showdown with a beaten hand"
    labels = _labels(table_html(view))
    markup = html.unescape(table_html(view))
    for seat, (cards, words) in shown.items():
        assert f"Plays {words[:1].lower()}{words[1:]}" in markup
        ringed = [any(label.startswith(c.name) and "marked" in label for label in labels)
                  for c in cards]
        assert all(ringed) if seat in winners else not any(ringed)
    assert sum("marked" in label for label in labels) == 5 * len(winners)


def _narrowest_fan(seat_html: str) -> int:
    """How narrow a seat's fanned cards can squeeze: each covered card's kept corner, and
    the last card whole."""
    corners = sum(int(w) for w in re.findall(r'<div style="flex:0 \d+ \d+px;min-width:(\d+)px">',
                                             seat_html))
    last = int(re.findall(r'<img [^>]*width="(\d+)"', seat_html)[-1])
    return corners + last


@pytest.mark.parametrize(("game", "players"), [("big-o", 6), ("five-card-draw", 6),
                                               ("anaconda", 7)])
def test_on_the_felt_every_hand_fits_its_seat(game: str, players: int) -> None:
    view = new_hand(game, players=players, seed=3).view(0)
    felt = table.felt_html(view, you={0})
    far = re.findall(r'class="dc-seat dc-far" style="flex:1 1 (\d+)px;[^"]*'
                     r'min-width:min\(100%,(\d+)px\)">(.*?)</section>', felt)
    assert len(far) == players - 1
    for basis, least, seat in far:
        assert int(basis) == int(least) >= _narrowest_fan(seat) + table._SEAT_FRAME
    # The viewer's own hand is fanned too, so it keeps to one row on a phone: a 390 px
    # screen leaves the felt's seat about 320 px.
    near = felt.split('class="dc-seat" ', 1)[1]
    assert 'min-width:' in near and _narrowest_fan(near) + table._SEAT_FRAME <= 320
