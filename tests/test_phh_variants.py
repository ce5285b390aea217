"""The table from game to PHH variant code: every code is one pokerkit knows for a game
dealt as the site deals it, every game's file is written under its code, and a standard
game's cards dealt at once are written street by street, as PHH deals them."""

from __future__ import annotations

import itertools
import tomllib
import warnings

import pytest
from pokerkit import HandHistory

from engine.games import GAMES, make_settings, new_hand
from engine.games.base import Settings
from engine.games.kinds.psycho import Draw
from engine.games.phases import BoardDeal, Deal
from engine.phh import STANDARD, STUD, VARIANT_PREFIX, load_phh, to_phh, variant_code
from engine.phh.variants import CODES, Code, fits, game_of_variant
from engine.state import ActionKind


def settings_for(row: Code) -> Settings:
    """The first announcements (from the game's options) its code ``row`` fits."""
    game = GAMES[row.game]
    choices = [[(info.name, o.value) for o in info.options]
               for info in game.settings_type.schema() if info.options]
    for chosen in itertools.product(*choices):
        settings = make_settings(game, dict(chosen))
        if fits(row, settings):
            return settings
    raise AssertionError(f"no announcements fit {row}")


@pytest.mark.parametrize("row", CODES, ids=lambda row: row.code)
def test_a_standard_code_names_a_pokerkit_game_dealt_as_the_site_deals(row: Code) -> None:
    """pokerkit's game for the code deals the same cards up and down, street by street, and
    as many board cards on each; a draw game draws on as many streets."""
    settings = settings_for(row)
    state = new_hand(row.game, players=2, seed=1, settings=settings)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = HandHistory.loads(to_phh(state))
        pokerkit = history.create_state()
    assert history.variant == row.code == variant_code(row.game, settings)
    assert row.game not in STANDARD or STANDARD[row.game] == variant_code(row.game)
    theirs = [(tuple(street.hole_dealing_statuses), street.board_dealing_count)
              for street in pokerkit.streets]
    ours = [(tuple(letter == "u" for letter in phase.pattern), 0) if isinstance(phase, Deal)
            else ((), 0) if isinstance(phase, Draw) else ((), phase.count)
            for phase in state.phases if isinstance(phase, Deal) and phase.pattern
            or isinstance(phase, BoardDeal | Draw)]
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
