"""The suite's own shape: no test module imports another (shared helpers live in
tests/support/), and a new test file gets its tier from where it is and what it uses."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.support.tiers import tier_of_file

pytestmark = pytest.mark.unit  # its examples name what the other tiers use

TESTS = Path(__file__).resolve().parent


def _test_module(name: str) -> bool:
    """Whether a dotted module name is a test module or a conftest (never to be imported)."""
    last = name.rsplit(".", 1)[-1]
    return name.startswith("tests.") and (last.startswith("test_") or last == "conftest")


def imported_test_modules(path: Path) -> list[str]:
    """The test modules (and conftests) ``path`` imports, however it spells the import."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if _test_module(alias.name)]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            if _test_module(node.module):
                found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names
                      if _test_module(f"{node.module}.{alias.name}")]
    return found


def test_no_test_module_imports_another() -> None:
    offenders = {str(path.relative_to(TESTS.parent)): imported
                 for path in sorted(TESTS.rglob("*.py"))
                 if (imported := imported_test_modules(path))}
    assert offenders == {}, "move what they share to tests/support/"


@pytest.mark.parametrize(("source", "imports"), [
    ("from tests.test_play_page import open_page\n", ["tests.test_play_page"]),
    ("from tests import test_night\n", ["tests.test_night"]),
    ("import tests.browser.test_play as play\n", ["tests.browser.test_play"]),
    ("from tests.browser.conftest import decide\n", ["tests.browser.conftest"]),
    ("from tests.support.pages import open_page\nimport pytest\n", []),
])
def test_every_spelling_of_importing_a_test_module_is_caught(
        tmp_path: Path, source: str, imports: list[str]) -> None:
    module = tmp_path / "test_new.py"
    module.write_text(source)
    assert imported_test_modules(module) == imports


@pytest.mark.parametrize(("where", "source", "tier"), [
    ("tests/browser/test_new.py", "def test_x(page): ...\n", "browser"),
    ("tests/test_new_tv.py", "from playwright.sync_api import Page\n", "browser"),
    ("tests/conformance/test_new.py", "def test_x(game_id): ...\n", "conformance"),
    ("tests/test_new_page.py", "from streamlit.testing.v1 import AppTest\n", "page"),
    ("tests/test_new_screen.py", "from tests.support.pages import open_page\n", "page"),
    ("tests/test_new_game_oracle.py", "def test_x(): ...\n", "oracle"),
    ("tests/test_new_phh.py", "from tests.support.oracle_stud import random_table\n",
     "oracle"),
    ("tests/test_new_game.py", "from engine.games import GAMES\n", "unit"),
])
def test_a_new_test_file_gets_its_tier_without_naming_one(
        tmp_path: Path, where: str, source: str, tier: str) -> None:
    path = tmp_path / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source)
    assert tier_of_file(path) == tier


def test_chromium_is_launched_in_one_place() -> None:
    """Playwright's sync API runs one instance a thread: a module launching its own beside
    the session's failed every test after a browser test on the same worker."""
    call = "sync_playwright" + "()"
    launching = sorted(str(path.relative_to(TESTS)) for path in TESTS.rglob("*.py")
                       if call in path.read_text(encoding="utf-8"))
    assert launching == ["conftest.py"], launching
