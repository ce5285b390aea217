"""Content checks: every game has every section, and every stated result is the engine's.

The stated results in ``content/`` (the worked examples, the ranking examples,
the comparison rows) are checked here against the engine, and where it is
cheap against an independent brute force, so the words can never drift from
what the site computes.
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import pytest

import content
from content import GAME_IDS, ContentError, all_games, load_game, rankings, site
from engine.cards import card, format_cards, parse_cards
from engine.games import GAMES, get_game, new_hand
from engine.games.base import Settings
from engine.games.declared_pots import Declaration
from engine.games.phases import Betting
from engine.hands import Category, LowRanking, best_high, best_low
from engine.state import EventKind
from ui.learn.example_partner import team_hand
from ui.learn.example_psycho import declaration_outcomes, psycho_hand
from ui.learn.example_sophie import best_on_board, hole_cards_used, pair_hand, pairings
from ui.learn.example_stud import bring_in, fourth_street
from ui.learn.rankings import value_of, verdict
from ui.learn.walkthrough import hand_steps
from ui.registry import learn_pages

ROOT = Path(__file__).resolve().parents[1]


def _defaults(game_id: str) -> Settings:
    return get_game(game_id).settings_type()


# --- every section, for every game ------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_every_section(game_id: str) -> None:
    game = load_game(game_id)
    assert game.name and game.tagline and game.summary
    glance = game.at_a_glance
    assert all((glance.players, glance.cards, glance.betting, glance.pot))
    assert len(game.order_of_play) >= 4
    assert len(game.special_rules) >= 3
    assert len(game.common_mistakes) >= 4
    assert len(game.glossary) >= 8
    assert game.walkthrough.streets


def test_every_content_file_is_loaded_by_its_id() -> None:
    """The site's order and pages are ``ui/registry.py``'s (tests/test_registry.py)."""
    assert [g.id for g in all_games()] == list(GAME_IDS)


def test_home_routes_lead_to_pages_in_the_navigation() -> None:
    app = (ROOT / "app.py").read_text()
    learn = {page.file for page in learn_pages()}
    for route in site().paths:
        assert route.page in app or route.page in learn, route.page
        assert (ROOT / route.page).exists(), route.page


def test_a_misplaced_field_is_refused_with_its_file_and_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (tmp_path / "glossary.toml").write_text((ROOT / "content/glossary.toml").read_text())
    text = (ROOT / "content/games/psycho.toml").read_text()
    # A top-level list written after a table lands inside that table in TOML.
    (games / "psycho.toml").write_text(text + '\ncommon_mistakes = ["late"]\n')
    monkeypatch.setattr(content, "HERE", tmp_path)
    load_game.cache_clear()
    try:
        with pytest.raises(ContentError, match=r"psycho.toml.*unexpected 'common_mistakes'"):
            load_game("psycho")
        (games / "psycho.toml").write_text(text.replace('glossary = ["ante"', 'glossary = ["nope"'))
        with pytest.raises(ContentError, match="no glossary entry for nope"):
            load_game("psycho")
    finally:
        load_game.cache_clear()
    with pytest.raises(ContentError, match="no content for a game"):
        load_game("blackjack")


# --- the comparison rows agree with the engine ----------------------------------

def _players_text(counts: list[int]) -> str:
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


def _allowed_players(game_id: str) -> list[int]:
    game = get_game(game_id)
    allowed = []
    for players in range(1, 12):
        try:
            game.check_players(players, _defaults(game_id))
        except ValueError:
            continue
        allowed.append(players)
    return allowed


def _betting_rounds(game_id: str) -> int:
    state = new_hand(game_id, players=_allowed_players(game_id)[0], seed=1)
    return sum(isinstance(phase, Betting) for phase in state.phases)


ENGINE_IDS = {game.name: game.id for game in GAMES.values()}
"""A comparison row names its game as the engine does."""


@pytest.mark.parametrize("row", [r for g in all_games() for r in g.compare],
                         ids=lambda r: r.game)
def test_comparison_rows_state_the_engines_players_and_betting_rounds(row) -> None:
    game_id = ENGINE_IDS[row.game]
    assert row.players == _players_text(_allowed_players(game_id))
    assert row.betting_rounds == _betting_rounds(game_id)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_at_a_glance_players_start_with_the_engines_range(game_id: str) -> None:
    assert load_game(game_id).at_a_glance.players.startswith(
        _players_text(_allowed_players(game_id)))


# --- the guided hands ----------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
def test_default_guided_hand_reaches_the_showdown_with_a_note_for_every_street(
        game_id: str) -> None:
    walk = load_game(game_id).walkthrough
    settings = json.dumps(_defaults(game_id).to_dict(), sort_keys=True)
    steps = hand_steps(game_id, settings, walk.players, walk.seed)
    streets = [e.text for e in steps[-1].view.events if e.kind is EventKind.STREET]
    assert streets[-1] == "Showdown"
    assert [s for s in streets if s not in walk.streets] == []
    assert steps[-1].view.is_over


# --- hand rankings -------------------------------------------------------------

def test_each_ranking_example_is_its_category_and_the_list_runs_best_first() -> None:
    words = rankings()
    assert [Category[h.category] for h in words.high] == sorted(Category, reverse=True)
    for hand in words.high:
        assert best_high(parse_cards(hand.example)).category is Category[hand.category]


@pytest.mark.parametrize("low", rankings().lows, ids=lambda low: low.id)
def test_low_examples_are_listed_best_first(low) -> None:
    values = [best_low(parse_cards(e), LowRanking(low.id)) for e in low.examples]
    assert all(a > b for a, b in zip(values, values[1:], strict=False))


@pytest.mark.parametrize("tie", rankings().ties, ids=lambda t: f"{t.ranking}:{t.first}")
def test_each_tie_example_names_the_engines_winner(tie) -> None:
    first, second = parse_cards(tie.first), parse_cards(tie.second)
    assert verdict(value_of(first, tie.ranking), value_of(second, tie.ranking)) == tie.winner


# --- worked examples -----------------------------------------------------------

def test_team_hand_example_states_the_best_addition_and_the_tempting_straight() -> None:
    example = load_game("pick-a-partner").examples["team_hand"]
    cards, expect = example.cards, example.expect
    up = parse_cards(cards["first_up_a"] + " " + cards["first_up_b"])
    others = parse_cards(cards["others_a"] + " " + cards["others_b"])
    result = team_hand(up, others)
    assert len(result.ranked) == 56
    assert set(result.best.cards) == set(parse_cards(expect["best"]))
    assert result.best.describe() == expect["best_name"]
    tempting = dict(result.ranked)[tuple(parse_cards(expect["tempting"]))]
    assert tempting.describe() == expect["tempting_name"]
    assert result.runner_up() is not None and result.runner_up()[1] == tempting
    brute = max(best_high([*up, *three]) for three in combinations(others, 3))
    assert brute == result.best
    scores = [value for _, value in result.ranked]
    assert scores == sorted(scores, reverse=True)


def test_sophie_example_pairings_picks_and_survivor() -> None:
    example = load_game("sophies-pick").examples["pairings"]
    cards, expect = example.cards, example.expect
    hole, board = parse_cards(cards["hole"]), parse_cards(cards["board"])
    ways = pairings(hole)
    assert len(ways) == int(expect["pairings"])
    assert len({frozenset(frozenset(p) for p in way) for way in ways}) == 15
    chosen = next(w for w in ways if {frozenset(p) for p in w}
                  == {frozenset(parse_cards(t)) for t in cards["pairs"].split(",")})
    flop_best = max(chosen, key=lambda pair: pair_hand(pair, board[:3]))
    assert set(flop_best) == set(parse_cards(expect["flop_leader"]))
    gone = {frozenset(parse_cards(cards["first_sacrifice"])),
            frozenset(parse_cards(cards["final_sacrifice"]))}
    (kept,) = [pair for pair in chosen if frozenset(pair) not in gone]
    assert set(kept) == set(parse_cards(expect["kept"]))
    final = pair_hand(kept, board)
    assert final.describe() == expect["kept_name"]
    assert hole_cards_used(final, kept) == "both hole cards play"
    assert best_on_board(chosen, board)[1] == final


def test_stud_examples_are_the_engines_bring_in_and_first_to_act() -> None:
    examples = load_game("seven-card-stud").examples
    up = parse_cards(examples["bring_in"].cards["up"])
    result = bring_in(up, _defaults("seven-card-stud"))
    assert str(result.seat + 1) == examples["bring_in"].expect["seat"]
    assert result.card == card(examples["bring_in"].expect["card"])
    assert "clubs" in result.rule
    fourth = examples["fourth_street"]
    rows = [parse_cards(fourth.cards[k]) for k in sorted(fourth.cards)]
    result4 = fourth_street(rows, _defaults("seven-card-stud"))
    assert str(result4.first + 1) == fourth.expect["first"]
    assert result4.showings[result4.first] == fourth.expect["showing"]
    assert (result4.big_bet is not None) == (fourth.expect["open_pair"] == "yes")
    no_big = _defaults("seven-card-stud").from_dict({"open_pair": False})
    assert fourth_street(rows, no_big).big_bet is None


def test_psycho_example_high_low_and_what_each_declaration_wins() -> None:
    example = load_game("psycho").examples["both_ways"]
    cards, expect = example.cards, example.expect
    hand = psycho_hand(parse_cards(cards["after_draw"]), parse_cards(cards["exposed"]),
                       card(cards["sixth"]), card(cards["seventh"]), LowRanking.ACE_TO_FIVE)
    assert not isinstance(hand, str)
    assert hand.high.describe() == expect["high"]
    assert format_cards(hand.high.cards) == expect["high_cards"]
    assert hand.low.describe() == expect["low"]
    assert format_cards(hand.low.cards) == expect["low_cards"]
    high_opponent = (parse_cards(cards["high_opponent"]), Declaration.HIGH)

    def wins(low_key: str, ours: Declaration) -> str:
        low_opponent = (parse_cards(cards[low_key]), Declaration.LOW)
        outcomes = declaration_outcomes(hand, [high_opponent, low_opponent],
                                        LowRanking.ACE_TO_FIVE)
        return next(o.words for o in outcomes if o.declaration is ours)

    assert wins("low_opponent", Declaration.BOTH) == expect["both_against_low_opponent"]
    assert wins("wheel_opponent", Declaration.BOTH) == expect["both_against_wheel_opponent"]
    assert wins("wheel_opponent", Declaration.HIGH) == expect["high_against_wheel_opponent"]


def test_psycho_example_refuses_an_exposed_card_not_held() -> None:
    problem = psycho_hand(parse_cards("2c 3d 4h 6s 6d"), parse_cards("2c 3d Ks"), card("7h"),
                          card("5c"), LowRanking.ACE_TO_FIVE)
    assert problem == "K♠ is exposed but not among the five cards held after the draw"
