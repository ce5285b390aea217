"""Cards: parsing and formatting round-trip, errors name the bad token, the deck is seeded."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import (
    FULL_DECK,
    JOKER,
    Card,
    CardParseError,
    Deck,
    DuplicateCardError,
    Rank,
    Suit,
    card,
    format_cards,
    parse_cards,
)

any_cards = st.lists(st.sampled_from(FULL_DECK), max_size=12)


@pytest.mark.parametrize("text", ["K♥", "Kh", "kh", "KH", "k♡"])
def test_every_spelling_of_the_king_of_hearts(text: str) -> None:
    assert card(text) == Card(Rank.KING, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10h", "Th", "th", "10♥"])
def test_ten_is_written_three_ways(text: str) -> None:
    assert card(text) == Card(Rank.TEN, Suit.HEARTS)
    assert str(card(text)) == "10♥"


def test_separators_and_run_together_cards() -> None:
    expected = parse_cards("Q♥ J♥ 4♣ 9♠")
    assert parse_cards("Qh,Jh, 4c  9s") == expected
    assert parse_cards("Q♥J♥4♣9♠") == expected
    assert parse_cards("  ") == []


@given(any_cards)
def test_format_and_parse_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, ascii=True)) == cards


@given(st.sampled_from(FULL_DECK))
def test_repr_reads_back_and_code_round_trips(one: Card) -> None:
    assert eval(repr(one), {"card": card}) == one  # noqa: S307 - our own repr, in a test
    assert Card.from_code(one.code) == one
    assert one.code == 4 * (one.rank - 2) + one.suit


def test_codes_follow_the_shared_layout() -> None:
    assert card("2c").code == 0
    assert card("2s").code == 3
    assert card("As").code == 51
    assert [c.code for c in FULL_DECK] == list(range(52))
    assert Card.from_code(52) is JOKER and JOKER.code == 52  # the joker, after the 52
    with pytest.raises(ValueError):
        Card.from_code(53)


@pytest.mark.parametrize(
    ("text", "token", "hint"),
    [
        ("Kh Xh", "Xh", "rank"),
        ("Kh 1h", "1h", "rank"),
        ("Kh Q", "Q", "suit"),
        ("Kh Qx", "Qx", "suit"),
        ("Kh,,Qh", "", "empty"),
    ],
)
def test_errors_name_the_bad_token(text: str, token: str, hint: str) -> None:
    with pytest.raises(CardParseError) as raised:
        parse_cards(text)
    assert raised.value.token == token
    assert hint in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_duplicates_are_refused_only_when_asked() -> None:
    assert len(parse_cards("Kh kh")) == 2
    with pytest.raises(DuplicateCardError) as raised:
        parse_cards("Kh Qs K♥", distinct=True)
    assert raised.value.card == card("Kh")
    assert "K♥" in str(raised.value)


def test_text_that_is_not_a_string_or_too_long_is_refused() -> None:
    with pytest.raises(CardParseError):
        parse_cards(None)  # type: ignore[arg-type]
    with pytest.raises(CardParseError, match="at most"):
        parse_cards("Kh " * 5000)


def test_names_read_aloud() -> None:
    assert card("Kh").name == "King of hearts"
    assert card("10c").name == "Ten of clubs"


def test_same_seed_same_order() -> None:
    first = Deck(rng=random.Random(42)).deal(52)
    again = Deck(rng=random.Random(42)).deal(52)
    other = Deck(rng=random.Random(43)).deal(52)
    assert first == again
    assert first != other
    assert sorted(first) == sorted(FULL_DECK)


def test_the_seeded_order_is_the_same_on_every_machine() -> None:
    # Python's Random.shuffle is specified to be reproducible for a given seed.
    assert format_cards(Deck(rng=random.Random(1)).deal(5)) == "A♦ 4♦ J♦ 7♥ 2♥"


def test_stacked_deck_deals_in_order_then_the_rest() -> None:
    top = parse_cards("As Ks Qs")
    deck = Deck(rng=random.Random(0), stacked=top)
    assert deck.deal(3) == top
    rest = deck.deal(49)
    assert len(set(rest)) == 49 and not set(rest) & set(top)
    with pytest.raises(DuplicateCardError):
        Deck(rng=random.Random(0), stacked=parse_cards("As As"))


def test_deal_burn_discard_and_reshuffle() -> None:
    deck = Deck(rng=random.Random(5))
    dealt = deck.deal(50)
    burned = deck.burn()
    assert deck.remaining == 1 and deck.burned == [burned]
    with pytest.raises(ValueError, match="only 1 left"):
        deck.deal(2)
    deck.discard(dealt[:10])
    assert deck.reshuffle_discards() == 10
    assert deck.remaining == 11
    fresh = deck.deal(11)
    assert set(fresh[1:]) == set(dealt[:10])
    assert deck.discards == ()
