"""A house game's hand file carries the game's file: it reopens on a site that has never
seen the game, and a file whose declaration was changed or is hostile is refused."""

from __future__ import annotations

import random

import pytest

import engine.games.house as house_module
from engine.games.house import BLANK, adopt, house_id
from engine.phh import load_phh, to_phh
from engine.quiz.dealt import play_out
from engine.state import HandState

SEVENS = BLANK.replace('name = "My house game"', 'name = "Sevens wild"').replace(
    "[rules.wins]", "[rules.wild]\nranks = [\"7\"]\n\n[rules.wins]")


def played() -> HandState:
    house = adopt(SEVENS)
    state = HandState(house.game, players=4, seed=11, settings=house.game.settings_type())
    return play_out(state, random.Random(3))


def test_the_file_reopens_where_the_game_was_never_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    state = played()
    text = to_phh(state)
    assert "_declaration = " in text
    monkeypatch.setattr(house_module, "_ADOPTED", house_module.AdoptedGames())
    again = load_phh(text)
    assert again.game.name == "Sevens wild" and again.game.id == house_id(SEVENS)
    assert again.payoffs == state.payoffs


def test_a_changed_declaration_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    text = to_phh(played())
    monkeypatch.setattr(house_module, "_ADOPTED", house_module.AdoptedGames())
    changed = text.replace('ranks = [\\"7\\"]', 'ranks = [\\"8\\"]')
    assert changed != text
    with pytest.raises(ValueError, match="not the variant's game"):
        load_phh(changed)
    hostile = text.replace('name = \\"Sevens wild\\"', 'name = \\"<img src=x>\\"')
    with pytest.raises(ValueError, match="refused: line 2, rules.name"):
        load_phh(hostile)
