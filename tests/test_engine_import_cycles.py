"""The engine's imports form no cycle, counting those made for type checking only.

``tests/test_layers.py`` checks what runs; a cycle through ``if TYPE_CHECKING:`` imports
is a cycle all the same for a reader (and for the type checker), so this reads every
import statement of every module, wherever it stands. Read statically, each statement
with ``ast``: nothing is imported.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def imported(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The engine modules one import statement names (``from engine.x import y`` names
    ``engine.x.y`` when that is a module, else ``engine.x``)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            parent = package.split(".")[:len(package.split(".")) - node.level + 1]
            base = ".".join([*parent, *([base] if base else [])])
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                 for a in node.names]
    return [n for n in names if n in MODULES]


IMPORT_LINE = re.compile(r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]+(?:\([^)]*\)|.*)"
                         r"|import[ \t]+.*)", re.MULTILINE)
"""An import statement at any depth (a parenthesised list over several lines included):
only these are parsed, which costs a tenth of parsing whole modules."""


def import_statements(text: str) -> list[ast.Import | ast.ImportFrom]:
    found = []
    for match in IMPORT_LINE.finditer(text):
        try:
            found.extend(n for n in ast.parse(match.group(0).strip()).body
                         if isinstance(n, ast.Import | ast.ImportFrom))
        except SyntaxError:   # prose in a docstring that starts like an import
            continue
    return found


def all_imports(module: str) -> set[str]:
    """Every engine module ``module`` imports anywhere, type checking's included."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = {target for node in import_statements(path.read_text(encoding="utf-8"))
             for target in imported(node, package)}
    return found - {module}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, as the modules around it, or ``None``."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module):], module]
        if module in done:
            return None
        for target in sorted(graph[module]):
            cycle = visit(target, [*path, module])
            if cycle:
                return cycle
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module, [])
        if cycle:
            return cycle
    return None


def test_no_engine_import_cycle_even_for_type_checking() -> None:
    cycle = find_cycle({m: all_imports(m) for m in MODULES})
    assert cycle is None, "an import cycle: " + " -> ".join(cycle or ())


def test_a_type_checking_import_back_up_is_found() -> None:
    """The check reads imports under ``if TYPE_CHECKING:`` and relative ones."""
    tree = ast.parse("if TYPE_CHECKING:\n    from .base import Game\n")
    node = tree.body[0].body[0]  # type: ignore[attr-defined]
    assert imported(node, "engine.games") == ["engine.games.base"]
    lines = "if TYPE_CHECKING:\n    from engine.state import (\n        HandState,\n    )\n"
    [statement] = import_statements(lines)
    assert imported(statement, "engine.games") == ["engine.state"]
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
