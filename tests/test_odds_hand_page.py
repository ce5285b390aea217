"""The Odds page's calculator for the hand in front of you, through AppTest: it opens on a
heads-up example, answers for every game, names bad input, and reads a table's link that
holds only what its viewer sees."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import parse_cards
from engine.games import GAMES, new_hand
from engine.hands import Category
from engine.odds.at_table import Spot
from engine.odds.at_table_choices import holdings
from engine.odds.exact import hand_counts
from engine.state import ActionKind
from tests.support.pages_app import app
from tests.support.pages_odds import few_sampled_deals
from ui.odds.hand_link import hand_link, read_hand_link, spot_link
from ui.odds.link import odds_link

PAGE = str(Path(__file__).resolve().parents[1] / "screens" / "odds.py")


def open_hand(game_id: str | None = None, params: dict[str, str] | None = None) -> AppTest:
    at = app(PAGE, timeout=120)
    if game_id is not None:
        at.session_state["game"] = game_id
    for key, value in (params or {"widget": "hand"}).items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception[0].value
    return at


def errors(at: AppTest) -> list[str]:
    assert not at.exception, at.exception[0].value
    return [html.unescape(e.value).replace("\u2060", "") for e in at.error]


def found(at: AppTest) -> str:
    assert not errors(at), errors(at)
    sentences = [c.value for c in at.caption if c.value.startswith(("Exact", "Sampled"))]
    assert sentences, "no answer on the page"
    return sentences[0]


@pytest.fixture
def briefly_sampled(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with few_sampled_deals(monkeypatch):
        yield


@pytest.mark.usefixtures("briefly_sampled")
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_opens_heads_up_on_an_example_and_answers(game_id: str) -> None:
    at = open_hand(game_id)
    found(at)
    players = at.number_input(key="odds_hand_players").value
    assert players == max(2, GAMES[game_id].min_players)
    shares = at.table[0].value["Share of the pot"]
    assert len(shares) == players
    # the example's other seats show only their up cards: nothing is pre-filled that you
    # could not see at the table (its shape is its own deal's: a face-up four earns its
    # seat a card in Baseball)
    street = at.selectbox(key="odds_hand_street").value
    typed = [[None if t == "?" else parse_cards(t)[0]
              for t in at.text_input(key=f"odds_hand_seat{seat}").value.split()]
             for seat in range(players)]
    patterns, _ = holdings(Spot.build(game_id, players=players, seats=typed, street=street))
    for seat in range(players):
        tokens = at.text_input(key=f"odds_hand_seat{seat}").value.split()
        assert len(tokens) == len(patterns[seat])
        seen = [t != "?" for t in tokens]
        assert seen == [seat == 0 or mark == "u" for mark in patterns[seat]]


def test_typed_cards_replace_the_example_and_bad_input_is_named() -> None:
    at = open_hand("seven-card-stud")
    at.selectbox(key="odds_hand_street").set_value("7th street").run()
    at.text_input(key="odds_hand_seat0").set_value("Ah Ad 2c 3d 4h 5s 9c").run()
    at.text_input(key="odds_hand_seat1").set_value("Kc Kd Ks 7c 8d 9h ?").run()
    assert found(at).startswith("Exact: every one of the 39")
    assert at.table[0].value["Share of the pot"][1] == "23.1%"
    at.text_input(key="odds_hand_seat1").set_value("Kc Kd Ks 7c 8d Ah ?").run()
    assert any("A♥ is both in Seat 1 and in Seat 2" in e for e in errors(at))
    at.text_input(key="odds_hand_seat1").set_value("Kc Kd Ks 7c 8d 9h ? 2d").run()
    assert any("Seat 2: 8 cards typed" in e for e in errors(at))
    at.text_input(key="odds_hand_seat0").set_value("Ah Kx 10h").run()
    at.text_input(key="odds_hand_seat1").set_value("Kc Kd Zz").run()
    assert any("'Zz' is not a card" in e for e in errors(at))
    assert any("'Kx' is not a card" in e for e in errors(at)), "each box says its own"
    assert {"odds_hand_seat1", "odds_hand_dead"} <= {box.key for box in at.text_input}, \
        "a mistyped card keeps every box on the page"


def test_a_declaration_set_by_you_is_settled_as_the_engine_settles() -> None:
    at = open_hand("psycho")
    at.selectbox(key="odds_hand_street").set_value("Declarations").run()
    at.text_input(key="odds_hand_seat0").set_value("Ah 2c 3d 4s 6h 9c Kd")
    at.text_input(key="odds_hand_seat1").set_value("Kc Ks Kh 7c 7d Qh Jd").run()
    boxes = [b for b in at.selectbox if "declares" in b.label]
    assert [b.label for b in boxes] == ["Seat 1 declares (Declarations)",
                                        "Seat 2 declares (Declarations)"]
    boxes[0].set_value(boxes[0].options.index("low")).run()
    assert not errors(at)
    boxes = [b for b in at.selectbox if "declares" in b.label]
    boxes[1].set_value(boxes[1].options.index("high")).run()
    assert found(at).startswith("Exact")
    assert at.table[0].value["Share of the low half"][0] == "100.0%"


def _stud_hand_at_fifth_street() -> tuple[object, int]:
    state = new_hand("seven-card-stud", players=3, seed=4)
    while state.street != "5th street":
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        calls = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL,
                                                ActionKind.BRING_IN)]
        state.apply(calls[0] if calls else legal[0])
    return state, state.to_act[0]


def test_a_link_from_the_table_holds_only_what_the_seat_sees_and_opens() -> None:
    state, seat = _stud_hand_at_fifth_street()
    url = hand_link(state, state.view(seat))
    params = dict(parse_qsl(urlsplit(url).query))
    hidden = state.hidden_from(seat)
    assert not any(card.ascii in url or str(card) in url for card in hidden)
    spot = read_hand_link(params)
    assert not isinstance(spot, str) and spot.players == 3
    at = open_hand(None, params)
    found(at)
    assert at.text_input(key=f"odds_hand_seat{seat}").value.split()[:2] != ["?", "?"]
    assert at.number_input(key="odds_hand_players").value == 3
    # your own seat is named as yours, and the street is the table's
    assert list(at.table[0].value["Seat"])[seat] == f"Seat {seat + 1} (you)"
    assert any("5th street, as at your table" in m.value for m in at.markdown)


def test_a_tampered_link_changes_nothing_and_says_why() -> None:
    at = open_hand(None, {"widget": "hand", "game": "seven-card-stud", "players": "2",
                          "seat1": "Ah Zz"})
    assert any("could not be used" in e and "'Zz' is not a card" in e for e in errors(at))


def test_psycho_expose_has_an_odds_view_of_its_own() -> None:
    at = open_hand(None, {"widget": "psycho", "mode": "expose", "five": "2c 3d 4h 6s 6d"})
    assert not errors(at)
    frame = at.table[0].value
    assert len(frame) == 10
    assert frame["Expose"][0] in ("6♠ 6♦ 4♥", "6♠ 6♦ 3♦", "6♠ 6♦ 2♣")
    assert any("low hand" in s.value for s in at.success)


def test_the_expose_link_from_play_carries_only_your_five_cards() -> None:
    state = new_hand("psycho", players=3, seed=2)
    for seat in range(3):
        state.apply(state.legal_actions(seat)[0])
    seat = state.to_act[0]
    url = odds_link(state.view(seat), seat)
    assert url is not None and "mode=expose" in url
    for card in state.hidden_from(seat):
        assert card.ascii not in url


def test_rankings_tables_count_exactly_with_running_totals_and_say_what_they_count() -> None:
    at = app(str(Path(PAGE).parent / "rankings.py"), timeout=120)
    at.run()
    assert not at.exception
    high, lows = at.table[0].value, at.table[1].value
    seven = hand_counts(7)
    full_house_or_better = sum(n for c, n in seven.high if c >= Category.FULL_HOUSE)
    row = list(high["Hand"]).index("Full house")
    assert high["This or better (7)"][row] == f"{full_house_or_better:,}"
    eight = sum(n for label, n in seven.low[:4])
    row = list(lows["Best ace-to-five low"]).index("Eight-high low")
    assert lows["Running total (7)"][row] == \
        f"eight or better: {100 * eight / seven.total:.4f}%"
    words = " ".join(m.value for m in at.markdown)
    assert "seven random cards" in words and "as in stud and Psycho" not in words
    assert len(at.get("download_button")) == 2


def test_a_worked_example_link_opens_its_cards_and_street_and_a_new_game_fits_the_table() -> None:
    spot = Spot.build("seven-card-stud", players=2, street="7th street",
                      seats=[parse_cards("Ah Ad 2c 3d 4h 5s 9c"),
                             [*parse_cards("Kc Kd Ks 7c 8d 9h"), None]])
    url = spot_link(spot)
    at = open_hand(None, dict(parse_qsl(urlsplit(url).query)))
    assert found(at).startswith("Exact: every one of the 39")
    assert at.selectbox(key="odds_hand_street").value == "7th street"
    # The visitor picks another game in the sidebar, which has taken the table's game by
    # then (a page run alone has no sidebar to take it).
    at.session_state["game_from_table"] = None
    at.session_state["game"] = "pick-a-partner"
    at.session_state["game_picks"] = 1
    at.run()
    found(at)
    assert at.number_input(key="odds_hand_players").value == 4


def test_a_link_naming_the_game_alone_opens_the_calculator_on_it_to_type_into() -> None:
    """"?widget=hand&game=baseball" opened Pick a Partner, saying the link gave no number of
    players; it opens Baseball, its players and street free to choose."""
    at = open_hand(None, {"widget": "hand", "game": "baseball"})
    assert not errors(at)
    assert any("Baseball: the hand in front of you" in h.value for h in at.subheader)
    players = at.number_input(key="odds_hand_players")
    assert players.value == 4 and not players.disabled
    assert not any("as at your table" in m.value for m in at.markdown)
