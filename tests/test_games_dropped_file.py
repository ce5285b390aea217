"""A game is one data file: a copy of the project with one new file dropped into
``content/games/`` deals the game, passes the conformance checks for it and lists it on
the site with a learning page, and no other file changes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.games import GAMES
from tests.support.declarations import SIX_CARD_STUD

ROOT = Path(__file__).resolve().parents[1]
SKIP = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.pyc", ".pytest_cache",
                              ".mypy_cache", ".ruff_cache", "browser", "bench", "docs")

_SITE = """
import json
from engine.games import GAMES, new_hand
from ui.registry import SITE_GAMES, contents, learn_pages
game = GAMES["six-card-stud"]
state = new_hand("six-card-stud", players=8, seed=3)
while not state.is_over:
    legal = state.legal_actions(state.to_act[0])
    state.apply(next((a for a in legal if a.kind.value in ("bring-in", "check", "call")),
                     legal[0]))
site = SITE_GAMES["six-card-stud"]
found = {
    "games": list(GAMES), "name": game.name, "payoffs": sum(state.payoffs),
    "cards": max(len(state.cards[s]) for s in range(8)),
    "page": [site.page.file, site.page.url_path] if site.page else None,
    "learn": [p.url_path for p in learn_pages()],
    "words": [c.id for c in contents()],
}

from streamlit.testing.v1 import AppTest
from streamlit.util import calc_hash
at = AppTest.from_file("app.py", default_timeout=120)
at.run()
at.switch_page("screens/declared_game.py")
at._page_hash = calc_hash("six-card-stud")
at.run()
found["page_errors"] = [str(e.value) for e in at.exception]
found["page_words"] = [m.value for m in at.markdown] + [c.value for c in at.caption]
found["page_tabs"] = [t.label for t in at.tabs]

import pytest
found["conformance"] = pytest.main([
    "-p", "no:xdist", "-p", "no:cacheprovider", "-rA", "tests/conformance/test_engine.py",
    "-k", "six-card-stud"])
print("FOUND " + json.dumps(found))
"""
"""In one process of the copy (an interpreter started once, not once per check): the
engine's and the site's lists, the game's learning page through AppTest, then the
conformance checks for the game."""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with the six-card stud file dropped into the game folder."""
    copy = tmp_path_factory.mktemp("project") / "site"
    shutil.copytree(ROOT, copy, ignore=SKIP)
    (copy / "content" / "games" / "six-card-stud.toml").write_text(SIX_CARD_STUD,
                                                                  encoding="utf-8")
    return copy


def run(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=project, capture_output=True,
                          text=True, timeout=900, check=False)


@pytest.fixture(scope="module")
def site(project: Path) -> tuple[dict[str, Any], str]:
    """What the copy's engine, site and conformance run found, and the run's output."""
    done = run(project, "-c", _SITE)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    line = next(text for text in done.stdout.splitlines() if text.startswith("FOUND "))
    return json.loads(line.removeprefix("FOUND ")), done.stdout


def test_the_dropped_file_registers_a_game_the_site_lists(
        site: tuple[dict[str, Any], str]) -> None:
    found, _ = site
    assert found["name"] == "Six-card stud"
    assert [game for game in found["games"] if game != "six-card-stud"] == list(GAMES), \
        "the dropped file adds its game and changes no other"
    assert found["payoffs"] == 0 and found["cards"] == 6
    assert found["page"] == ["screens/declared_game.py", "six-card-stud"], \
        "the game's page is at its own address"
    assert "six-card-stud" in found["learn"]
    assert "six-card-stud" in found["words"]


def test_the_dropped_game_passes_the_conformance_checks(
        site: tuple[dict[str, Any], str]) -> None:
    found, output = site
    assert found["conformance"] == 0, output[-3000:]
    passed = [line for line in output.splitlines() if line.startswith("PASSED")]
    assert len(passed) >= 6 and all("six-card-stud" in line for line in passed), passed


def test_a_bad_file_dropped_in_stops_the_engine_with_its_reason(project: Path,
                                                               tmp_path: Path) -> None:
    bad = tmp_path / "site"
    shutil.copytree(project, bad)
    (bad / "content" / "games" / "six-card-stud.toml").write_text(
        SIX_CARD_STUD.replace('kind = "showdown"', 'kind = "show-down"'), encoding="utf-8")
    done = run(bad, "-c", "import engine.games")
    assert done.returncode != 0
    line = next(i for i, text in enumerate(SIX_CARD_STUD.splitlines(), start=1)
                if 'kind = "showdown"' in text)
    assert (f"DeclarationError: content/games/six-card-stud.toml, line {line}, "
            "rules.steps[9].kind: unknown step kind 'show-down'") in done.stderr


def test_the_dropped_game_has_a_learning_page_without_a_page_file(
        site: tuple[dict[str, Any], str]) -> None:
    found, _ = site
    assert not found["page_errors"], found["page_errors"]
    words = " ".join(found["page_words"])
    assert "Six cards each, three of them hidden" in words
    assert "On third street" not in words and "lowest up card brings in for 2" in words
    assert len(found["page_tabs"]) == 4
