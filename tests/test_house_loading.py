"""A house game's file read safely: the limits, hostile files refused with their line and
reason, and a fuzz over the reader (it refuses or reads; it never raises anything else)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games import GAMES, get_game, load_games, new_hand
from engine.games.declaration import DeclarationError
from engine.games.declared import DeclaredGame
from engine.games.house import BLANK, LIMITS, HouseError, adopt, house_id, read_house
from engine.games.house_text import to_toml
from tests.support.scale import scaled
from ui.house.templates import template


def refused(text: str) -> str:
    with pytest.raises(HouseError) as caught:
        read_house(text)
    return str(caught.value)


def test_every_site_game_is_a_template_that_reads_back() -> None:
    for game_id in ("seven-card-stud", "chicago", "follow-the-queen", "omaha", "psycho"):
        house = read_house(template(GAMES[game_id]))
        assert house.name == GAMES[game_id].name
        assert house.id == house_id(house.text) != game_id


def test_an_adopted_game_is_found_by_id_and_listed_nowhere() -> None:
    house = adopt(BLANK)
    assert get_game(house.id) is house.game
    assert house.id not in list(GAMES)
    state = new_hand(house.id, players=3, seed=1)
    assert state.game.name == "My house game"


NEWCOMER_MISTAKES = [
    (BLANK.replace("default = 200", "default = 1" + "0" * 5000, 1),
     "line 13: not TOML: a number too long to read"),
    (BLANK.replace("default = 200", "default = 0x" + "f" * 3700, 1),
     "line 13: not TOML: a number bigger than"),
    (BLANK + '\n[[rules.steps]]\nkind = "deal"\nstreet = "Late"\ncards = "u"\n',
     "a deal step after the showdown is never played"),
    (BLANK.replace("[rules.wins]", 'deck = "short"\n\n[rules.wild]\nranks = ["2"]\n\n'
                                   "[rules.wins]"),
     "rules.wild.ranks: twos: the short deck has no card below a six"),
    (BLANK.replace("high = true", 'high = true\nlow = "ace-to-five"\ndeclare = true'),
     "rules.wins: declare = true: the players declare high, low or both in a declare step"),
    (BLANK.replace('cards = "ddddd"', 'cards = "ddddddddddd"').replace("max = 6", "max = 4"),
     "each player holds 11 cards and the board has 0: a hand is valued from at most 10"),
    (BLANK + '\n[[rules.settings]]\nname = "kill"\nlabel = "Kill pot"\nhelp = "Doubled."\n'
             'default = 0\nminimum = 0\nmaximum = 10\n',
     "the announcement 'kill' changes nothing: no step, bet, stakes sentence, check, rule "
     "of what wins or wild card reads it"),
]
"""Mistakes a newcomer's file once got past the checks with (a traceback, steps taught and
never played, wild twos in a deck without them, a crash at every showdown), each with the
words that now refuse it, in a house game and in a game file alike."""


@pytest.mark.parametrize(("text", "words"), [
    (BLANK.replace('name = "My house game"', 'name = "<script>alert(1)</script>"'),
     "line 2, rules.name: '<' is markup"),
    (BLANK.replace('name = "My house game"', 'name = "[x](javascript:alert(1))"'),
     "'[' is markup"),
    (BLANK.replace('kind = "showdown"', 'kind = "sh\u043ewdown"'),
     "U+043E CYRILLIC SMALL LETTER O is not a plain letter"),
    (BLANK.replace('high = true', '"h\u0456gh" = true'),
     "rules.wins.h\u0456gh: a key is plain letters, digits, _ and -; U+0456"),
    (BLANK.replace('kind = "ante"', 'k\u0456nd = "ante"'),
     "line 42: not TOML: Expected '=' after a key in a key/value pair (U+0456 CYRILLIC SMALL "
     "LETTER BYELORUSSIAN-UKRAINIAN I in a key"),
    (BLANK.replace("My house game", "Dealer's Ch\u03bfice"),
     "the word 'Ch\u03bfice' mixes letters of GREEK and LATIN scripts"),
    (BLANK.replace("My house game", "Game \uff11\uff12"),
     "U+FF11 FULLWIDTH DIGIT ONE is another form of '1'"),
    (BLANK.replace("default = 200", "default = 99999999999999"), "is too big"),
    (BLANK.replace("default = 200", "default = 2.5"), "not float"),
    (BLANK.replace("max = 6", "max = 40"), "a table seats at most 10"),
    (BLANK + "\n[rules.bogus]\nx = 1\n", "rules.bogus: unknown key"),
    ("id = \"stud\"\n" + BLANK, "line 1, id: unknown key"),
    (BLANK.replace("[rules]", "[rules]\nlike = \"seven-card-stud\""), "written out whole"),
    (BLANK.replace('cards = "ddddd"', 'cards = "' + "d" * 12 + '"'),
     "this deal needs 72 cards at 6 players"),
    (BLANK.replace('help = "Paid', 'help = "\u202ePaid'), "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("a = " + "[" * 5000 + "]" * 5000, "nested"),
    ("[rules]\nname = ", "not TOML"),
    ("x" * (LIMITS.bytes + 1), f"at most {LIMITS.bytes:,}"),
    (BLANK + "\n[[rules.steps]]\nkind = \"bet\"\n" * 40, "may have at most 40"),
    *((text, words) for text, words in NEWCOMER_MISTAKES),
])
def test_hostile_files_are_refused_with_their_reasons(text: str, words: str) -> None:
    assert words in refused(text)


@pytest.mark.parametrize(("text", "words"), NEWCOMER_MISTAKES)
def test_a_game_file_with_a_newcomers_mistake_is_refused_as_a_house_game_is(
        tmp_path: Path, text: str, words: str) -> None:
    (tmp_path / "newcomer.toml").write_text('id = "newcomer"\n' + text, encoding="utf-8")
    with pytest.raises(DeclarationError) as refused_file:
        load_games(tmp_path)
    assert words.removeprefix("line 13: not TOML: ") in str(refused_file.value)


@pytest.mark.parametrize("name", ["Caf\u00e9 stud", "\u0422\u0435\u0445\u0430\u0441 Hold'em",
                                  "Jeu de l\u2019\u00e9t\u00e9"])
def test_a_name_in_any_script_holds_when_each_word_keeps_to_one(name: str) -> None:
    assert read_house(BLANK.replace("My house game", name)).name == name


def test_every_problem_of_the_limits_is_named_together() -> None:
    text = BLANK.replace("default = 200", "default = 10000000").replace(
        "max = 6", "max = 11")
    problems = pytest.raises(HouseError, read_house, text).value.problems
    assert {p.key for p in problems} == {"rules.settings[0].default", "rules.players.max"}
    assert all(p.line > 0 for p in problems)


def test_a_deal_that_cannot_end_is_refused_before_it_is_kept() -> None:
    assert "a five-card hand" in refused(BLANK.replace('cards = "ddddd"', 'cards = "dd"'))


_PARTS = st.sampled_from(["[rules]", "[[rules.steps]]", "kind = \"deal\"", "cards = \"ud\"",
                          "name = \"x\"", "players = { min = 2, max = 9 }", "a.b.c.d = 1",
                          "x = [[[[[[[1]]]]]]]", "\u0430 = 1", "[rules.wins]", "high = 1",
                          "\"<b>\" = \"<i>\"", "n = 1e400", "=", "[", "\x00"])


@settings(max_examples=scaled(60), deadline=None, derandomize=True)
@given(st.lists(_PARTS | st.text(max_size=20), max_size=12),
       st.integers(min_value=0, max_value=BLANK.count("\n")))
def test_fuzz_the_reader_refuses_or_reads(parts: list[str], at: int) -> None:
    lines = BLANK.splitlines()
    text = "\n".join([*lines[:at], *parts, *lines[at:]])
    try:
        house = read_house(text)
    except HouseError as error:
        assert error.problems and all(p.reason for p in error.problems)
    else:
        assert "<" not in house.name and house.game.max_players <= LIMITS.players


def test_the_writer_reads_back_what_it_wrote() -> None:
    values = {"summary": "Two \"quoted\" words\nand a line", "rules": {
        "name": "Zoë's game", "wins": {"high": True, "spade": {"setting": "s"}},
        "steps": [{"kind": "deal", "cards": "ud"}, {"kind": "showdown"}]}}
    import tomllib
    assert tomllib.loads(to_toml(values)) == values


def test_a_house_game_naming_a_strategy_is_refused_where_it_says_so() -> None:
    """A site game's own computer player plays only that game: a house game names none."""
    text = template(GAMES["psycho"]).replace("[rules]\n", '[rules]\nstrategy = "psycho"\n', 1)
    (problem,) = pytest.raises(HouseError, read_house, text).value.problems
    assert problem.key == "rules.strategy" and problem.line == text[:text.index(
        "strategy =")].count("\n") + 1
    assert "general computer player" in problem.reason


def test_every_template_opens_on_the_form_and_the_form_changes_nothing_it_does_not_show() -> None:
    """The host's form reads each site game's file (an announced betting structure, a
    ``{ setting = ... }`` table, included) and writes back what it read unchanged."""
    from ui.house.form import read_form, write_form
    from ui.house.templates import template_values

    for game in GAMES.values():
        if not isinstance(game, DeclaredGame):
            continue
        values = template_values(game)
        parts = read_form(values)
        announced = isinstance(values["rules"].get("structure"), dict)
        assert (parts.structure is None) == announced, game.id
        written = write_form(values, parts)
        for rules in (values["rules"], written["rules"]):   # a high half unless said
            rules.setdefault("wins", {}).setdefault("high", True)
        assert written == values, game.id
