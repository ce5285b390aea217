"""The guided hands' steps: each shows only what belongs to it, under the right heading."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from streamlit.testing.v1 import AppTest

from content import load_game
from engine.games import get_game
from engine.state import EventKind
from tests.support.pages import page_shape
from tests.support.pages_learn import _open
from ui.learn.walkthrough import hand_steps
from ui.registry import SITE_GAMES

WALKS = {game.id: game.content for game in SITE_GAMES.values()}
"""Every game the site shows, and the content file holding its guided hand's seed."""


def _steps(game_id: str, players: int | None = None, seed: int | None = None):
    walk = load_game(WALKS[game_id]).walkthrough
    settings = json.dumps(get_game(game_id).settings_type().to_dict(), sort_keys=True)
    return hand_steps(game_id, settings, players or walk.players,
                      walk.seed if seed is None else seed)


def _walks_checked() -> list[tuple[str, int | None]]:
    """Every game's own guided hand (seed ``None``), and three more hands for the first game
    of each page shape: the steps are cut by the same code whatever the game, by the kinds
    of step it has."""
    firsts: dict[object, str] = {}
    for game_id in WALKS:
        firsts.setdefault(page_shape(game_id), game_id)
    return [(game_id, None) for game_id in WALKS] + [
        (game_id, seed) for game_id in firsts.values() for seed in (1, 2, 3)]


@pytest.mark.parametrize("game_id,seed", _walks_checked())
def test_each_step_after_the_deal_keeps_to_one_street_and_is_headed_by_it(
        game_id: str, seed: int | None) -> None:
    steps = _steps(game_id, seed=seed)
    assert steps[0].title == "The deal"
    for step in steps[1:]:
        streets = {e.street for e in step.events}
        if step.actions:
            assert streets == {step.title}, (step.title, [e.text for e in step.events])
        else:
            assert step.events[0].kind is EventKind.STREET
            assert step.title.startswith(step.events[0].text)
    told = [e for step in steps for e in step.events]
    assert told == list(steps[-1].view.events), "every event is told once, in order"


def test_the_step_closing_a_round_shows_the_table_before_the_next_deal() -> None:
    steps = _steps("psycho")
    closing = next(i for i, s in enumerate(steps)
                   if s.actions and steps[i + 1].title == "Sixth card")
    before, after = steps[closing].view, steps[closing + 1].view
    live = [s.seat for s in after.seats if not s.folded]
    assert live and all(len(s.cards) == 5 for s in before.seats if not s.folded)
    assert [len(after.seats[seat].cards) for seat in live] == [6] * len(live), \
        "the next step deals the sixth card to every seat still in"
    assert before.street == "Expose" and after.street == "Sixth card"


def _narration(at: AppTest) -> tuple[str, list[str]]:
    """The step's heading and the lines told under it (not the whole hand so far)."""
    values = [m.value for m in at.markdown]
    start = next(i for i, v in enumerate(values) if v.startswith("#### "))
    told = []
    for value in values[start + 1:]:
        if value.startswith("- "):
            break
        told.append(value)
    return values[start].removeprefix("#### "), told


def test_the_sixth_card_step_does_not_show_the_last_call_of_the_round_before() -> None:
    at = _open("psycho")
    heading, told = _narration(at)
    while heading != "Sixth card":
        previous = told
        at.button(key="psycho_walk_next").click().run()
        heading, told = _narration(at)
    assert not any("calls" in line or "bets" in line for line in told), told
    assert any("calls" in line for line in previous), "the call was told a step earlier"
    assert "**Sixth card**" in told


def _marked_on_page(at: AppTest) -> Counter[str]:
    labels = re.findall(r'alt="([^"]*)"', " ".join(m.value for m in at.markdown))
    return Counter(label.split(",")[0] for label in labels if "marked" in label.split(", "))


def test_the_partner_walk_marks_the_first_up_cards_and_nothing_else() -> None:
    at = _open("pick_a_partner")
    steps = _steps("pick-a-partner")
    assert not steps[0].view.facts.first_up
    elsewhere = _marked_on_page(at)     # the worked examples' own marks
    for step in steps:
        if step.view.is_over:       # the showdown marks each winning hand's cards as well
            break
        first_up = Counter(card.name for _, card in step.view.facts.first_up)
        assert _marked_on_page(at) - elsewhere == first_up, step.title
        if step is not steps[-1]:
            at.button(key="partner_walk_next").click().run()
    assert first_up, "the hand's first up cards were turned"
