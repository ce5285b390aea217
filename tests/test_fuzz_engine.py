"""Fuzzing the engine's doors to the outside: card text, typed-in deals, settings read
from plain values, and JSON hand histories.

Whatever comes in (random text, hostile strings, wrong types, huge values,
tampered histories), each reader either returns a well-formed result or
raises its own ``ValueError`` with a sentence fit to show; nothing else
escapes, and a refused input changes nothing.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot
from engine.cards import (
    FULL_DECK,
    MAX_CARD_TEXT,
    Card,
    CardParseError,
    format_cards,
    parse_cards,
)
from engine.deals import DealError, deal_plan, deck_from_seats
from engine.games import GAMES, new_hand
from engine.games.base import Settings, SettingsError
from engine.history import action_from_dict, load_hand
from engine.state import HandState
from tests.support.hostile import HOSTILE_NUMBERS, hostile_text, json_values, wrong_types
from tests.support.scale import scaled
from ui.sessions.dealing import Setup, read_typed
from ui.sessions.history import MAX_BYTES, read_history

FUZZ = settings(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def fuzz(examples: int) -> settings:
    """Bounded fuzzing: ``examples`` inputs, no deadline, no example database on disk."""
    return settings(FUZZ, max_examples=scaled(examples))
CARD_ALPHABET = "0123456789TJQKAtjqkacdhsCDHSx♣♦♥♠♧♢♡♤,; \t\n\ufe0f"


def _message_ok(error: Exception) -> None:
    """A refusal says something, in one piece of text, without a traceback."""
    text = str(error)
    assert text.strip(), f"{type(error).__name__} without a message"
    assert "Traceback" not in text


# --- card text ---------------------------------------------------------------------


@fuzz(400)
@given(hostile_text(max_size=60) | st.text(alphabet=CARD_ALPHABET, max_size=40))
def test_card_text_reads_or_names_the_bad_token(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CardParseError as error:
        _message_ok(error)
        assert isinstance(error.token, str) and len(error.token) <= len(text)
        return
    assert all(isinstance(c, Card) for c in cards)
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, ascii=True)) == cards


@fuzz(100)
@given(wrong_types())
def test_card_readers_refuse_what_is_not_text(value: object) -> None:
    with pytest.raises(CardParseError, match="must be given as text"):
        parse_cards(value)  # type: ignore[arg-type]


def test_too_much_card_text_is_refused_with_the_limit() -> None:
    with pytest.raises(CardParseError, match=f"at most {MAX_CARD_TEXT} characters"):
        parse_cards("Kh " * MAX_CARD_TEXT)


@fuzz(200)
@given(st.lists(st.sampled_from(FULL_DECK), max_size=20), st.randoms(use_true_random=False))
def test_cards_written_any_accepted_way_read_back(cards: list[Card], rng: random.Random) -> None:
    words = []
    for c in cards:
        rank = c.rank.ascii if rng.random() < 0.5 else c.rank.symbol
        suit = rng.choice([c.suit.letter, c.suit.letter.upper(), c.suit.symbol])
        words.append(rng.choice([str.lower, str.upper, str])(rank) + suit)
    text = "".join(w + rng.choice([" ", ", ", ";", "", "  \t"]) for w in words)
    assert parse_cards(text) == cards


# --- typed-in deals ----------------------------------------------------------------


def _players(game_id: str, draw: random.Random) -> int:
    game = GAMES[game_id]
    return draw.choice(game.player_counts(game.settings_type()))


@fuzz(60)
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False),
       st.integers(0, 10**6), st.booleans())
def test_typed_deals_give_each_seat_its_cards_or_say_why(game_id: str, rng: random.Random,
                                                          seed: int, overfill: bool) -> None:
    players = _players(game_id, rng)
    plan = deal_plan(game_id, players=players)
    pool = list(GAMES[game_id].cards)
    rng.shuffle(pool)
    most = plan.seat_cards + (2 if overfill else 0)
    seats = [[pool.pop() for _ in range(rng.randint(0, min(most, len(pool))))]
             for _ in range(players)]
    boards = [[pool.pop() for _ in range(rng.randint(0, min(n + overfill, len(pool))))]
              for n in plan.boards]
    if overfill and rng.random() < 0.5 and any(seats):
        donor = next(s for s in seats if s)
        seats[rng.randrange(players)].append(donor[0])
    try:
        deck = deck_from_seats(game_id, players=players, seat_cards=seats, boards=boards,
                               seed=seed)
    except DealError as error:
        _message_ok(error)
        assert overfill, f"a fitting deal was refused: {error}"
        return
    assert sorted(deck) == sorted(GAMES[game_id].cards)
    state = new_hand(game_id, players=players, seed=seed, deck=deck)
    for seat, typed in enumerate(seats):
        got = [h.card for h in state.cards[seat]]
        shared = min(len(got), len(typed))
        assert got[:shared] == typed[:shared]


@fuzz(80)
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False),
       st.lists(hostile_text(max_size=30) | st.text(alphabet=CARD_ALPHABET, max_size=25),
                min_size=12, max_size=12))
def test_typed_text_per_seat_is_read_or_refused_with_a_reason(
        game_id: str, rng: random.Random, texts: list[str]) -> None:
    game = GAMES[game_id]
    setup = Setup(game_id, _players(game_id, rng), game.settings_type())
    try:
        deal = read_typed(setup, texts)
    except DealError as error:
        _message_ok(error)
        return
    assert len(deal.seats) == setup.players
    assert all(isinstance(c, Card) for cards in deal.seats + deal.boards for c in cards)


def test_a_typed_deal_names_the_seat_with_the_bad_card() -> None:
    setup = Setup("seven-card-stud", 3, GAMES["seven-card-stud"].settings_type())
    with pytest.raises(DealError, match=r"^Seat 2: '<img' is not a card"):
        read_typed(setup, ["Kh", "<img src=x onerror=alert(1)>", ""])


@pytest.mark.parametrize("players", [-1, 0, 1, 11, 10**9])
def test_impossible_player_counts_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        deck_from_seats("psycho", players=players, seat_cards=[])


# --- settings from plain values --------------------------------------------------------


def _values_for(settings_type: type[Settings]) -> st.SearchStrategy[dict[object, object]]:
    names = [info.name for info in settings_type.schema()]
    options = [getattr(o.value, "value", o.value) for info in settings_type.schema()
               for o in info.options]
    value = (json_values(max_leaves=3) | st.integers()
             | st.sampled_from(HOSTILE_NUMBERS) | st.floats() | wrong_types())
    if options:  # a game whose settings are all numbers has no option to draw
        value |= st.sampled_from(options)
    key = st.sampled_from(names) | st.sampled_from(["", "jokers", "__class__", "CHIPS"])
    return st.dictionaries(key, value, max_size=6) | st.dictionaries(
        st.integers() | st.none() | st.tuples(st.integers()), value, min_size=1, max_size=2)


def _checked(result: Settings, settings_type: type[Settings]) -> None:
    """A settings value holds only values its schema allows, of the schema's types."""
    assert type(result) is settings_type
    for info in settings_type.schema():
        value = getattr(result, info.name)
        if info.options:
            assert any(value == o.value and type(value) is type(o.value) for o in info.options)
        else:
            assert type(value) is int
            assert info.minimum is None or value >= info.minimum
            assert info.maximum is None or value <= info.maximum
    assert settings_type.from_dict(result.to_dict()) == result


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_settings_from_any_values_are_made_or_refused_by_name(game_id: str) -> None:
    settings_type = GAMES[game_id].settings_type

    @fuzz(40)   # every game's settings are read by the same code, from its own schema
    @given(_values_for(settings_type))
    def check(data: dict[object, object]) -> None:
        try:
            result = settings_type.from_dict(data)  # type: ignore[arg-type]
        except SettingsError as error:
            _message_ok(error)
            return
        _checked(result, settings_type)

    check()


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("data", [[1], [("chips", 5)], "chips", 5, 2.5, b"x", True, object()])
def test_settings_from_what_is_not_a_mapping_are_refused(game_id: str, data: object) -> None:
    with pytest.raises(SettingsError, match="settings must be"):
        GAMES[game_id].settings_type.from_dict(data)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_switch_takes_only_true_or_false(game_id: str) -> None:
    settings_type = GAMES[game_id].settings_type
    for info in settings_type.schema():
        if info.options and isinstance(info.default, bool):
            for wrong in (1, 0, 1.0, "on", "True", None):
                with pytest.raises(SettingsError, match=re.escape(info.label)):
                    settings_type.from_dict({info.name: wrong})


# --- JSON hand histories -----------------------------------------------------------------


def _played(game_id: str, seed: int, stop: int) -> HandState:
    state = new_hand(game_id, players=_players(game_id, random.Random(seed)), seed=seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.actions) < stop:
        state.apply(RandomBot().choose(state, state.to_act[0], rng))
    return state


SAVED = {game_id: _played(game_id, 4, 9).to_json() for game_id in sorted(GAMES)}
"""One real history per game, to tamper with."""


def _loads_or_says_why(text: str) -> HandState | None:
    try:
        state = load_hand(text)
    except ValueError as error:
        _message_ok(error)
        return None
    again = load_hand(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.view(None) == state.view(None)
    return state


@fuzz(300)
@given(json_values())
def test_any_json_value_is_loaded_or_refused(value: object) -> None:
    _loads_or_says_why(json.dumps(value))


@fuzz(150)
@given(hostile_text(max_size=200) | st.binary(max_size=200).map(
    lambda b: b.decode("latin-1")))
def test_any_text_is_loaded_or_refused(text: str) -> None:
    _loads_or_says_why(text)


@fuzz(300)
@given(st.sampled_from(sorted(SAVED)),
       st.sampled_from(["format", "version", "game", "players", "seed", "settings", "deck",
                        "stacks", "actions", "extra"]),
       json_values(max_leaves=6) | st.sampled_from(HOSTILE_NUMBERS).filter(
           lambda v: abs(v) != float("inf")))
def test_a_tampered_field_is_loaded_or_refused(game_id: str, field: str, junk: object) -> None:
    data = json.loads(SAVED[game_id])
    data[field] = junk
    _loads_or_says_why(json.dumps(data))


@fuzz(300)
@given(st.sampled_from(sorted(SAVED)), st.integers(0, 8),
       st.sampled_from(["seat", "kind", "amount", "cards", "choice", "extra"]),
       json_values(max_leaves=4))
def test_a_tampered_decision_is_replayed_or_refused(game_id: str, index: int, field: str,
                                                   junk: object) -> None:
    data = json.loads(SAVED[game_id])
    assume(index < len(data["actions"]))
    data["actions"][index][field] = junk
    _loads_or_says_why(json.dumps(data))


@fuzz(100)
@given(json_values(max_leaves=6))
def test_any_decision_object_is_read_or_refused(value: object) -> None:
    try:
        action_from_dict(value)  # type: ignore[arg-type]
    except ValueError as error:
        _message_ok(error)


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 100_000, "nested too deeply"),
    ('{"format": "dealers-choice-hand", "version": 1, "players": ' + "9" * 5000 + "}",
     r"a number too long to read\)$"),   # not Python's own advice on reading it
    ('{"format": "dealers-choice-hand", "version": 1, "players": 3, "seed": 1}',
     "does not name its game"),         # not "unknown game 'None'"
    ('{"format": "dealers-choice-hand", "version": 1, "game": "psycho", "players": NaN}',
     "whole number"),
])
def test_pathological_json_is_refused_in_plain_words(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_hand(text)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("stacks", [10**20] * 3, "stacks must be"),
    ("stacks", [0, 5, 5], "stacks must be"),
    ("seed", 10**40, "seed must be"),
    ("seed", -3, "seed must be"),
])
def test_out_of_range_numbers_in_a_history_are_refused(field: str, value: object,
                                                       message: str) -> None:
    data = json.loads(new_hand("seven-card-stud", players=3, seed=2).to_json())
    data[field] = value
    with pytest.raises(ValueError, match=message):
        load_hand(json.dumps(data))


@fuzz(100)
@given(st.binary(max_size=300) | st.sampled_from(sorted(SAVED.values())).map(str.encode).map(
    lambda b: b[:len(b) // 2]))
def test_any_uploaded_bytes_load_or_are_refused(data: bytes) -> None:
    try:
        read_history(data)
    except ValueError as error:
        _message_ok(error)


def test_an_oversized_upload_states_the_limit() -> None:
    with pytest.raises(ValueError, match=f"at most {MAX_BYTES:,}"):
        read_history(SAVED["psycho"].encode() + b" " * MAX_BYTES)


@pytest.mark.parametrize(("version", "said"), [(None, "gives no version"),
                                               (7, "version 7 is not supported")])
def test_a_missing_or_unknown_version_is_named_in_plain_words(version: int | None,
                                                               said: str) -> None:
    data: dict[str, object] = {"format": "dealers-choice-hand", "game": "psycho",
                               "players": 3, "seed": 1}
    if version is not None:
        data["version"] = version
    with pytest.raises(ValueError, match=said) as refused:
        load_hand(json.dumps(data))
    assert "None" not in str(refused.value)
