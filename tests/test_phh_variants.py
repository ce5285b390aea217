"""The table from game to PHH variant code: every code is one pokerkit knows for a game
dealt as the site deals it, every game's file is written under its code, and a standard
game's cards dealt at once are written street by street, as PHH deals them."""

from __future__ import annotations

import tomllib
import warnings

import pytest
from pokerkit import HandHistory

from engine.games import GAMES, new_hand
from engine.games.phases import Deal
from engine.phh import STANDARD, STUD, VARIANT_PREFIX, load_phh, to_phh, variant_code
from engine.phh.variants import game_of_variant
from engine.state import ActionKind


@pytest.mark.parametrize("game_id", sorted(STANDARD))
def test_a_standard_code_names_a_pokerkit_game_dealt_as_the_site_deals(game_id: str) -> None:
    """pokerkit's game for the code deals the same cards up and down, street by street."""
    assert game_id in GAMES
    state = new_hand(game_id, players=2, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(to_phh(state))
        pokerkit = history.create_state()
    assert history.variant == STANDARD[game_id]
    theirs = [tuple(street.hole_dealing_statuses) for street in pokerkit.streets]
    ours = [tuple(letter == "u" for letter in phase.pattern) for phase in state.phases
            if isinstance(phase, Deal) and phase.pattern]
    assert ours == theirs


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_is_written_under_its_code_and_read_back(game_id: str) -> None:
    game = GAMES[game_id]
    state = new_hand(game_id, players=game.min_players, seed=4)
    text = to_phh(state)
    data = tomllib.loads(text)
    code = variant_code(game_id)
    assert data["variant"] == STANDARD.get(game_id, VARIANT_PREFIX + game_id) == code
    assert game_of_variant(code) == game_id
    assert "_actions" in data
    assert load_phh(text).to_json() == state.to_json()


def test_an_all_in_writes_each_street_of_the_run_out_as_its_own_deal_lines() -> None:
    state = new_hand(STUD, players=2, seed=6, stacks=[3, 100], settings={"ante": 1})
    while not state.is_over:
        legal = state.legal_actions(state.to_act[0])
        state.apply(next((a for a in legal if a.kind in (ActionKind.BRING_IN, ActionKind.CALL,
                                                          ActionKind.SHOW)), legal[0]))
    assert [a.kind for a in state.actions] == [ActionKind.BRING_IN, ActionKind.CALL]  # all in
    deals = [line for line in tomllib.loads(to_phh(state))["actions"] if line.startswith("d ")]
    assert [len(line.split()[3]) // 2 for line in deals] == [3, 3, 1, 1, 1, 1, 1, 1, 1, 1]
    assert [line.split()[2] for line in deals[2:]] == ["p1", "p2"] * 4
