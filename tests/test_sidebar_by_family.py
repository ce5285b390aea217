"""The page list's games: each its own link under its own name, grouped by family as the
home page groups them, every learning page once, no family hiding a feature's section."""

from __future__ import annotations

import ast
from pathlib import Path

from ui import registry
from ui.components.game_words import families, learn_pages_by_family

ROOT = Path(__file__).resolve().parents[1]


def test_every_learning_page_is_listed_once_under_its_family() -> None:
    by_family = learn_pages_by_family()
    listed = [page for pages in by_family.values() for page in pages]
    assert sorted(p.url_path for p in listed) == sorted(p.url_path
                                                        for p in registry.learn_pages())
    assert list(by_family) == [family.name for family in families()]
    stud = [registry.games_on(page)[0].name for page in by_family["Stud"]]
    assert stud[:3] == ["Seven-card stud", "Seven-card stud eight or better", "Razz"]


def test_each_link_is_named_after_the_game_it_opens() -> None:
    for page in registry.learn_pages():
        game = registry.games_on(page)[0]
        assert registry.page_game(page.url_path) == game
    names = [registry.games_on(page)[0].name for page in registry.learn_pages()]
    assert len(set(names)) == len(names), "no two links share a name"


def test_no_family_is_named_like_a_section_of_the_sites_features() -> None:
    tree = ast.parse((ROOT / "app.py").read_text())
    sections = next(node for node in ast.walk(tree) if isinstance(node, ast.Dict))
    features = {ast.literal_eval(key) for key in sections.keys if key is not None}
    assert features == {"Start here", "Play", "Drill", "Learn a game"}
    assert not features & set(learn_pages_by_family()), "a family would replace a section"
