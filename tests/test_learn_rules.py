"""The rules tab of each game page: the stakes and limits of the announcements in force,
the odd-chip and short-deck rules, the guided hand naming its game, and the way to the
Host page's typed deal."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from content import load_game
from engine.games import GAMES, make_settings
from tests.support.pages_learn import GAME_PAGES, _errors, _open, _page, _texts, rendered
from ui.learn.rules import special_rules
from ui.registry import SITE_GAMES


def _stakes(at: AppTest) -> str:
    """The 'Stakes at this table' list, and nothing else on the page."""
    (stakes,) = [m.value for m in at.markdown if m.value.startswith("- Each player starts")]
    return stakes


def _rules(at: AppTest) -> str:
    """Every word of the rule sections (bordered rule boxes are markdown too)."""
    return "\n".join(m.value for m in at.markdown)


# --- the house stakes, from the announcements in force ---------------------------

def test_stud_rules_state_the_house_stakes_and_follow_a_changed_announcement() -> None:
    at = _open("seven_card_stud")
    stakes = _stakes(at)
    for words in ("starts with 200 chips and antes 2", "brings in for 5",
                  "complete to the small bet of 10",
                  "10 on third and fourth street and 20 from fifth street on",
                  "lets anyone bet 20"):
        assert words in stakes, words
    at.number_input(key="stud_setting_bring_in").set_value(4).run()
    at.number_input(key="stud_setting_ante").set_value(3).run()
    at.radio(key="stud_setting_open_pair").set_value(False).run()
    stakes = _stakes(at)
    assert "antes 3" in stakes and "brings in for 4" in stakes
    assert "brings in for 5" not in stakes and "lets anyone bet" not in stakes


def test_partner_rules_state_the_stakes_and_the_limit_chosen() -> None:
    at = _open("pick_a_partner")
    stakes = _stakes(at)
    assert "antes 2" in stakes
    assert "5 in the first two betting rounds and 10 in the last two" in stakes
    assert "at most three raises" in stakes
    at.radio(key="partner_setting_structure").set_value("pot-limit").run()
    stakes = _stakes(at)
    assert "Pot limit: the smallest bet is 5 in the first two rounds" in stakes
    assert "up to the size of the pot" in stakes
    assert "no cap on the number of raises" in stakes and "three raises" not in stakes


def test_sophie_rules_state_the_blinds_in_force() -> None:
    at = _open("sophies_pick")
    stakes = _stakes(at)
    assert "small blind of 1" in stakes and "big blind of 2" in stakes
    assert "Pot limit: the smallest bet is 2 in every round" in stakes
    assert "no cap on the number of raises" in stakes
    at.number_input(key="sophie_setting_big_blind").set_value(4).run()
    at.radio(key="sophie_setting_structure").set_value("no-limit").run()
    stakes = _stakes(at)
    assert "big blind of 4" in stakes and "big blind of 2" not in stakes
    assert "No limit: the smallest bet is 4" in stakes and "all of a player's chips" in stakes


def test_psycho_rules_state_the_bets_in_force() -> None:
    at = _open("psycho")
    stakes = _stakes(at)
    assert "antes 2" in stakes and "5 in the round after the expose" in stakes
    assert "10 in the rounds after the sixth and the seventh card" in stakes
    at.number_input(key="psycho_setting_big_bet").set_value(12).run()
    assert "12 in the rounds after the sixth" in _stakes(at)


def test_a_refused_announcement_leaves_the_stakes_at_the_defaults_it_deals() -> None:
    at = _open("seven_card_stud")
    at.number_input(key="stud_setting_bring_in").set_value(15).run()
    assert _errors(at)[0].startswith("Bring-in: 15")
    assert "brings in for 5" in _stakes(at)


# --- the raise cap and odd chips -----------------------------------------------

def test_stud_rules_state_the_cap_and_that_heads_up_has_none() -> None:
    at = rendered("seven_card_stud")
    stakes = _stakes(at)
    assert "one bet (completing the bring-in counts as it) and at most three raises" in stakes
    assert "only two players are left in the hand there is no cap" in stakes
    rules = _rules(at)
    assert "at most three raises" in rules.split("**Raises are capped**")[1]


@pytest.mark.parametrize("game_id", list(GAME_PAGES))
def test_every_game_states_where_odd_chips_go(game_id: str) -> None:
    at = rendered(_page(game_id))
    rules = _rules(at)
    assert "**Odd chips**" in rules
    game = GAMES[game_id]
    told = special_rules(load_game(SITE_GAMES[game_id].content), game, make_settings(game, None))
    odd = next(r.text for r in told if r.title == "Odd chips")
    assert "nearest the" in odd and "dealer's left" in odd
    assert " ".join(odd.split()) in " ".join(rules.split())
    if game_id == "psycho":
        assert "the high half takes the odd chip" in odd
    if game_id == "sophies-pick":
        assert "board 1's half taking" in odd


# --- Psycho's short deck and both-way rule; Double Sophie named -----------------

def test_psycho_rules_say_what_happens_when_the_stock_runs_out() -> None:
    at = rendered("psycho")
    rules = _rules(at)
    assert "**When the cards run out**" in rules
    assert "shuffled together into a new stock" in rules
    assert "community card" in rules


def test_psycho_guided_showdown_note_says_win_or_tie_both_halves() -> None:
    note = load_game("psycho").walkthrough.streets["Showdown"]
    assert "win or tie both halves" in note and "winning both, or nothing" not in note
    at = _open("psycho")
    at.button(key="psycho_walk_last").click().run()
    assert "win or tie both halves" in _texts(at)


def test_the_guided_hand_names_double_sophie_when_it_is_dealt() -> None:
    at = _open("sophies_pick")
    assert "Dealing Sophie's Pick. Announcements in play: House defaults" in _texts(at)
    at.segmented_control(key="sophie_variant").set_value("double-sophie").run()
    text = _texts(at)
    assert "A real hand of Double Sophie" in text
    assert "Dealing Double Sophie. Announcements in play: House defaults" in text


# --- the way to the Host page's typed deal --------------------------------------

def _host_links(at: AppTest) -> list:
    return [link.proto for link in at.get("page_link") if link.proto.page == "host"]


@pytest.mark.parametrize("game_id", list(GAME_PAGES))
def test_each_game_page_links_to_a_typed_deal_of_its_game(game_id: str) -> None:
    at = rendered(_page(game_id))
    (link,) = _host_links(at)
    assert parse_qs(link.query_string) == {"typed": [game_id]}
    name = load_game(game_id).name
    assert link.label == f"Type your own deal of {name}"
    assert f"Type them into a deal of {name} on the Host page" in _texts(at)


def test_the_typed_deal_link_follows_double_sophie() -> None:
    at = _open("sophies_pick")
    at.segmented_control(key="sophie_variant").set_value("double-sophie").run()
    (link,) = _host_links(at)
    assert parse_qs(link.query_string) == {"typed": ["double-sophie"]}
