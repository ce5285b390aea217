"""One way to value a hand, and no game told apart by its id (engine/README.md).

Read statically with ``ast`` from the engine's and the site's code (its pages too): a
hand is valued through the game's declared hand types (``engine.games.hand_types``, the
games' hooks), never by calling the evaluators outside the layer that holds them; and no
code asks which game it is by comparing a game's id, where the game's declaration can
answer.
"""

from __future__ import annotations

import ast
from pathlib import Path

from engine.games import GAMES

ROOT = Path(__file__).resolve().parent.parent

EVALUATORS = frozenset({
    "best_high", "best_low", "best_high_using", "all_high_using", "best_high_exactly",
    "best_low_exactly", "omaha_high", "omaha_low", "best_wild_high", "best_wild_low",
    "best_short_deck", "best_badugi",
})
"""The functions that value cards under one ranking, whatever the game."""

EVALUATION_LAYER = frozenset({
    "engine.hands", "engine.fast", "engine.fast_wild", "engine.lowball", "engine.hole_board",
    "engine.wild", "engine.badugi", "engine.short_deck", "engine.spades",
    "engine.games.hand_types",
    # the games' hooks, which value a hand as its declaration says (the pairs a seat may
    # keep, exactly so many hole cards, wild cards)
    "engine.games.declared", "engine.games.wild_cards", "engine.games.kinds.pairs",
})


def modules() -> dict[str, Path]:
    found = {}
    for top in ("engine", "ui", "screens"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = modules()
TEXTS = {name: path.read_text(encoding="utf-8") for name, path in MODULES.items()}


def parsed(words: frozenset[str], *, comparing: bool = False) -> dict[str, ast.AST]:
    """The modules with a line holding any of ``words`` (and with ``comparing``, a
    comparison: ``==``, ``!=``, `` in ``), parsed: parsing every module would cost ten
    times more, and one without such a line cannot hold what is looked for."""
    def holds(line: str) -> bool:
        return any(word in line for word in words) and (
            not comparing or any(op in line for op in ("==", "!=", " in ")))

    return {name: ast.parse(text) for name, text in TEXTS.items()
            if any(holds(line) for line in text.splitlines())}


def evaluator_uses(tree: ast.AST) -> list[tuple[int, str]]:
    """Every use of an evaluator in the code (a docstring's example is text, not code)."""
    found = []
    for node in ast.walk(tree):
        name = node.id if isinstance(node, ast.Name) else \
            node.attr if isinstance(node, ast.Attribute) else None
        if name in EVALUATORS:
            found.append((node.lineno, name))
    return found


def _ids_in(node: ast.expr, ids: frozenset[str]) -> list[str]:
    if isinstance(node, ast.Constant) and node.value in ids:
        return [str(node.value)]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [str(e.value) for e in node.elts if isinstance(e, ast.Constant)
                and e.value in ids]
    return []


def _names_a_game(node: ast.expr) -> bool:
    """Whether an expression reads a game or its id (``view.game_id``, ``game``,
    ``state.game.id``), not a widget's or a drill's name that happens to match one."""
    text = ast.unparse(node)
    return "game" in text.lower() or text.endswith(".id")


def id_checks(tree: ast.AST, ids: frozenset[str]) -> list[tuple[int, str]]:
    """Every comparison of a game, or its id, with a game's id (``==``, ``!=``, ``in``,
    ``not in``)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        if not all(isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn) for op in node.ops):
            continue
        sides = (node.left, *node.comparators)
        if not any(_names_a_game(side) for side in sides):
            continue
        for side in sides:
            found.extend((node.lineno, game_id) for game_id in _ids_in(side, ids))
    return found


def test_hands_are_valued_through_the_hand_types() -> None:
    outside = {name: uses for name, tree in parsed(EVALUATORS).items()
               if name not in EVALUATION_LAYER and (uses := evaluator_uses(tree))}
    assert not outside, ("value hands through the game's hand types "
                         f"(engine.games.hand_types), not directly: {outside}")


def test_no_game_is_told_apart_by_its_id() -> None:
    ids = frozenset(GAMES)
    quoted = frozenset(f"{quote}{game_id}{quote}" for game_id in ids for quote in "\"'")
    found = {name: checks for name, tree in parsed(quoted, comparing=True).items()
             if (checks := id_checks(tree, ids))}
    assert not found, f"ask the game's declaration, not its id: {found}"


def test_the_checks_find_what_they_look_for() -> None:
    tree = ast.parse('if view.game_id in ("psycho", "x") or game == "razz":\n'
                     '    value = hands.best_high(cards)\n'
                     '"""best_low(cards) in a docstring is no use"""\n'
                     'if widget == "psycho" or state.game.id != "razz":\n'
                     '    pass\n')
    assert id_checks(tree, frozenset({"psycho", "razz"})) == [(1, "psycho"), (1, "razz"),
                                                              (4, "razz")]
    assert evaluator_uses(tree) == [(2, "best_high")]
