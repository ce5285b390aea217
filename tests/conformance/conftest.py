"""The conformance suite's games: every game the engine registers, and five-card stud in
code, a game the site does not ship, registered by the README's steps for the whole suite.

Each test takes ``game_id`` and is run for every one of them (``GAME_IDS``); no test here
names a game. Registration lasts from the suite's first test to its last, for every test
module of the package alike (a package-scoped fixture), and is undone after.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import content
from engine.games import GAMES
from tests.conformance import five_card_stud

GAME_IDS = (*GAMES, five_card_stud.GAME.id)
"""Every registered game, and the one the suite registers itself."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``game_id`` for every game, module-scoped: a module's tests of one game run together,
    and a module-scoped fixture taking ``game_id`` shares its work among them."""
    if "game_id" in metafunc.fixturenames:
        metafunc.parametrize("game_id", GAME_IDS, scope="module")


@pytest.fixture(scope="package", autouse=True)
def extra_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Five-card stud in code in the engine, the content and the site, with its learning
    page."""
    folder = tmp_path_factory.mktemp("content")
    with pytest.MonkeyPatch.context() as monkeypatch:
        five_card_stud.register(monkeypatch, folder,
                                page=five_card_stud.learn_page(tmp_path_factory.mktemp("page")))
        yield
    content.load_game.cache_clear()
