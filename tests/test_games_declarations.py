"""The declaration language: a game's ``[rules]`` is read, checked and played, and a bad
file is refused naming the file, the line, the key and the reason."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.games import FOLDER, GAMES, load_games, new_hand
from engine.games.declaration import DeclarationError
from engine.games.declared import DeclaredGame
from engine.games.kinds import STEP_KINDS
from engine.state import HandState

FIVE_STUD = '''id = "five-card-stud"

[rules]
name = "Five-card stud"
players = { min = 2, max = 10 }
structure = "fixed-limit"

[[rules.settings]]
name = "ante"
label = "Ante"
help = "Paid by everyone before the deal."
default = 1
minimum = 0

[[rules.settings]]
name = "small_bet"
label = "Small bet"
help = "The early bet."
default = 2

[[rules.settings]]
name = "big_bet"
label = "Big bet"
help = "The late bet."
default = 4

[[rules.steps]]
kind = "ante"
amount = "ante"

[[rules.steps]]
kind = "deal"
street = "Second street"
cards = "du"
burn = false

[[rules.steps]]
kind = "bet"
bring_in = 1

[[rules.steps]]
kind = "deal"
street = "Third street"
cards = "u"

[[rules.steps]]
kind = "bet"

[[rules.steps]]
kind = "deal"
street = "Fourth street"
cards = "u"

[[rules.steps]]
kind = "bet"
stake = "big"

[[rules.steps]]
kind = "deal"
street = "Fifth street"
cards = "u"

[[rules.steps]]
kind = "bet"
stake = "big"

[[rules.steps]]
kind = "showdown"
'''


def load_one(tmp_path: Path, text: str) -> DeclaredGame:
    (tmp_path / "five-card-stud.toml").write_text(text, encoding="utf-8")
    (game,) = load_games(tmp_path)
    assert isinstance(game, DeclaredGame)
    return game


def refusal(tmp_path: Path, text: str) -> str:
    with pytest.raises(DeclarationError) as refused:
        load_one(tmp_path, text)
    message = str(refused.value)
    folder = f"{tmp_path.parent.name}/{tmp_path.name}/"
    assert message.startswith(folder), message
    return message.removeprefix(folder)


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    lines = [i for i, line in enumerate(text.splitlines(), start=1) if needle in line]
    return lines[occurrence - 1]


def test_a_game_made_of_known_steps_is_data_alone(tmp_path: Path) -> None:
    game = load_one(tmp_path, FIVE_STUD)
    assert game.id == "five-card-stud" and game.name == "Five-card stud"
    assert [s.name for s in game.settings_type.schema()] == ["ante", "small_bet", "big_bet"]
    state = HandState(game, players=10, seed=4, settings=game.settings_type())
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[-1])
    assert sum(state.payoffs) == 0
    assert all(len(state.cards[s]) == 5 for s in state.in_hand())


def test_an_unknown_step_kind_is_refused_with_file_line_key_and_reason(tmp_path: Path) -> None:
    text = FIVE_STUD.replace('kind = "showdown"', 'kind = "shuffle-up"')
    message = refusal(tmp_path, text)
    line = line_of(text, "shuffle-up")
    assert message.startswith(f"five-card-stud.toml, line {line}, rules.steps[9].kind: "
                              "unknown step kind 'shuffle-up'; the kinds are ")
    assert "deal" in message and "showdown" in message


def test_an_unknown_key_is_refused_where_it_is_written(tmp_path: Path) -> None:
    text = FIVE_STUD.replace('cards = "du"\n', 'cards = "du"\nfaceup = true\n')
    message = refusal(tmp_path, text)
    assert message == (f"five-card-stud.toml, line {line_of(text, 'faceup')}, "
                       "rules.steps[1].faceup: unknown key for a deal step; its keys are "
                       "street, cards, burn, reshuffle")
    text = FIVE_STUD.replace("[rules]\n", "[rules]\nplayerz = 3\n")
    assert refusal(tmp_path, text).startswith(
        "five-card-stud.toml, line 4, rules.playerz: unknown key; the keys allowed here")


def test_a_deal_needing_more_cards_than_the_deck_is_refused(tmp_path: Path) -> None:
    text = FIVE_STUD.replace('street = "Second street"\ncards = "du"',
                             'street = "Second street"\ncards = "dddddu"')
    message = refusal(tmp_path, text)
    line = line_of(text, 'kind = "deal"')
    assert message == (f"five-card-stud.toml, line {line}, "
                       "rules.steps[1].kind: this deal needs 60 cards at 10 players, but the "
                       "52-card deck has 52 left by then; the deck allows at most 8 players")


def test_a_hand_type_needing_more_cards_than_a_player_holds_is_refused(tmp_path: Path) -> None:
    text = FIVE_STUD.replace("[[rules.settings]]", "[rules.wins]\nhole_cards = 2\n\n"
                             "[[rules.settings]]", 1)
    message = refusal(tmp_path, text)
    assert message.startswith(f"five-card-stud.toml, line {line_of(text, '[rules.wins]')}, "
                              "rules.wins: a hand of 3 board cards, but the board has 0")
    short = FIVE_STUD.replace('street = "Fifth street"\ncards = "u"',
                              'street = "Fifth street"\ncards = ""')
    assert "expected cards as letters" in refusal(tmp_path, short)


def test_a_setting_a_step_names_must_exist(tmp_path: Path) -> None:
    text = FIVE_STUD.replace('amount = "ante"', 'amount = "antes"')
    message = refusal(tmp_path, text)
    assert message == (f"five-card-stud.toml, line {line_of(text, 'antes')}, "
                       "rules.steps[0].amount: expected a whole number or a number setting's "
                       "name, not 'antes'")


def test_settings_are_checked_like_any_announcements(tmp_path: Path) -> None:
    text = FIVE_STUD + '''
[[rules.checks]]
setting = "small_bet"
rule = "at-most"
than = "big_bet"
'''
    game = load_one(tmp_path, text)
    with pytest.raises(ValueError, match=re.escape("Small bet: 5 is more than the big bet (4)")):
        game.settings_type.from_dict({"small_bet": 5})
    bad = FIVE_STUD.replace("default = 4", 'default = "four"')
    assert "a number setting has a whole-number default" in refusal(tmp_path, bad)


def test_a_short_deck_is_dealt_and_its_size_checks_the_deal(tmp_path: Path) -> None:
    text = FIVE_STUD.replace("[rules]\n", '[rules]\ndeck = "short"\n')
    too_many = text.replace('cards = "du"', 'cards = "dddu"')
    assert refusal(tmp_path, too_many).endswith(
        "this deal needs 40 cards at 10 players, but the 36-card deck has 36 left by then; "
        "the deck allows at most 8 players")
    game = load_one(tmp_path, text.replace("max = 10", "max = 7"))
    state = HandState(game, players=7, seed=3, settings=game.settings_type())
    dealt = [h.card for seat in state.cards for h in seat]
    assert state.deck.remaining + len(dealt) + len(state.burns) <= 36
    assert min(c.rank for c in dealt) >= 6


def test_a_joker_deck_without_its_joker_declared_is_refused(tmp_path: Path) -> None:
    text = FIVE_STUD.replace("[rules]\n", '[rules]\ndeck = "joker"\n')
    assert refusal(tmp_path, text) == (
        "five-card-stud.toml, line 3, rules: deck: a joker deck plays its joker; say how "
        "under [rules.wild] (joker = \"bug\", \"wild\" or a switch)")


def test_every_game_in_the_folder_is_declared_data() -> None:
    declared = {g.id for g in load_games(FOLDER)}
    assert declared <= set(GAMES)
    for game_id in declared:
        assert new_hand(game_id, players=GAMES[game_id].player_counts(
            GAMES[game_id].settings_type())[0], seed=1).phases


def test_stud_variants_are_declarations_of_stud() -> None:
    stud = GAMES["seven-card-stud"]
    for variant in ("razz", "seven-card-stud-eight"):
        game = GAMES[variant]
        assert isinstance(game, DeclaredGame) and game.declaration.like == stud.id
        assert type(game).__mro__[1:] == type(stud).__mro__[1:]


@pytest.mark.parametrize(("module", "view", "game_id"), [("omaha", "OmahaSettings", "omaha")])
def test_the_typed_views_name_the_declared_settings(module: str, view: str,
                                                     game_id: str) -> None:
    """The type checker's view of a game's announcements (a class read only by it) names
    the very settings the declaration builds, in order."""
    tree = ast.parse((Path(__file__).parents[1] / "engine" / "games" / f"{module}.py")
                     .read_text(encoding="utf-8"))
    (found,) = [node for node in ast.walk(tree)
                if isinstance(node, ast.ClassDef) and node.name == view]
    names = [n.target.id for n in found.body
             if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
    assert names == [info.name for info in GAMES[game_id].settings_type.schema()]


def test_every_step_kind_lists_its_parameters() -> None:
    for name, kind in STEP_KINDS.items():
        assert kind.name == name and kind.summary
        for param in kind.params.values():
            assert param.type in ("text", "count", "amount", "condition", "pattern", "choice",
                                  "setting_or")


def test_a_draw_before_any_card_is_refused(tmp_path: Path) -> None:
    text = FIVE_STUD.replace('[[rules.steps]]\nkind = "deal"\nstreet = "Second street"',
                             '[[rules.steps]]\nkind = "draw"\nstreet = "Draw"\nmost = 3\n\n'
                             '[[rules.steps]]\nkind = "deal"\nstreet = "Second street"', 1)
    line = line_of(text, 'kind = "draw"')
    assert refusal(tmp_path, text) == (
        f"five-card-stud.toml, line {line}, rules.steps[1].kind: a draw step needs 1 card in "
        "each hand, but comes before any card is dealt")


def test_a_game_declared_like_another_needs_that_game(tmp_path: Path) -> None:
    text = FIVE_STUD.replace("[rules]\n", '[rules]\nlike = "seven-card-snap"\n')
    assert "like = 'seven-card-snap': no game of that id is declared" in refusal(tmp_path, text)


def test_the_draw_step_rebuilds_the_stock_without_a_folded_hands_cards(tmp_path: Path) -> None:
    """Six players drawing five cards three times run the stock out; what is dealt after
    the rebuild was thrown away in a draw, never held by a hand that folded."""
    head = FIVE_STUD[:FIVE_STUD.index("[[rules.steps]]")]
    steps = ('[[rules.steps]]\nkind = "ante"\namount = "ante"\n\n'
             '[[rules.steps]]\nkind = "deal"\nstreet = "Deal"\ncards = "ddddd"\nburn = false\n\n'
             '[[rules.steps]]\nkind = "bet"\n\n')
    steps += "".join(f'[[rules.steps]]\nkind = "draw"\nstreet = "Draw {n}"\nmost = 5\n\n'
                     '[[rules.steps]]\nkind = "bet"\n\n' for n in (1, 2, 3))
    steps += '[[rules.steps]]\nkind = "showdown"\n'
    game = load_one(tmp_path, head.replace("max = 10", "max = 6") + steps)
    state = HandState(game, players=6, seed=2, settings=game.settings_type())
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        if legal[0].kind.value == "discard":
            state.apply(max(legal, key=lambda a: len(a.cards)))
        else:
            wanted = {0: ("fold",), 1: ("bet",)}.get(seat, ()) + ("check", "call")
            state.apply(next((a for kind in wanted for a in legal if a.kind.value == kind),
                             legal[0]))
    folded = {h.card for s in range(6) if state.table.folded[s] for h in state.cards[s]}
    rebuilt = [i for i, op in enumerate(state.record) if type(op).__name__ == "Reshuffled"]
    assert rebuilt and folded
    later = {c for op in state.record[rebuilt[0]:] for c in getattr(op, "drawn", ())}
    assert later and not later & folded


@pytest.mark.parametrize(("change", "reason"), [
    (("default = 4\n", "default = 4\nmaximum = 3\n"),
     "rules.settings[2]: the defaults are not playable: Big bet: 4 is above the most "
     "allowed, 3"),
    (('name = "big_bet"', 'name = "big_bets"'),
     "the big bet is read from the setting 'big_bet', which this game does not announce"),
    (('structure = "fixed-limit"', 'structure = "half-limit"'),
     "structure: 'half-limit' is not one of fixed-limit, no-limit, pot-limit"),
    (('structure = "fixed-limit"', "structure = {}"), "structure: give a structure's name"),
    (('kind = "bet"\nbring_in = 1', 'kind = "bet"\nbring_in = 1\nties = {}'),
     "rules.steps[2].ties: a table is not one of seat, suit or a setting's name"),
])
def test_what_would_break_a_hand_is_refused_when_the_file_is_read(
        tmp_path: Path, change: tuple[str, str], reason: str) -> None:
    """Found by changing values of a good file at random: each of these once loaded and
    then failed while a hand was dealt or its stakes were said."""
    old, new = change
    assert old in FIVE_STUD
    assert reason in refusal(tmp_path, FIVE_STUD.replace(old, new, 1))


def test_a_stakes_sentence_names_only_what_it_may(tmp_path: Path) -> None:
    text = FIVE_STUD + '\n[[rules.stakes]]\ntext = "Antes are {antes}."\n'
    assert "the sentence names {antes}, which is not one of ante, big, big_bet" in refusal(
        tmp_path, text)


def test_a_low_ranking_the_engine_lacks_is_refused_naming_those_it_may(tmp_path: Path
                                                                     ) -> None:
    """A low no evaluator ranks (an ace-to-seven low) is told where, and which lows a game
    may name."""
    text = FIVE_STUD.replace('structure = "fixed-limit"\n', 'structure = "fixed-limit"\n\n'
                             '[rules.wins]\nhigh = false\nlow = "ace-to-seven"\n', 1)
    assert refusal(tmp_path, text) == (
        f"five-card-stud.toml, line {line_of(text, 'low =')}, rules.wins.low: 'ace-to-seven' "
        "is not one of ace-to-five, deuce-to-seven, ace-to-six, badugi")
