"""The engine's layers (engine/README.md): each module imports only its own layer and the
ones below it, the imports form no cycle, and none hides in a function to dodge one.

The same for the site's code below the screens (ui/): its imports form no cycle, none
hides in a function, and what the pages stand on (the session controllers, the training
record, the store, the night's record and controller) loads without Streamlit."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "engine"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine.cards",),
    ("engine.hands",),
    ("engine.fast", "engine.lowball", "engine.hole_board", "engine.wild", "engine.fast_wild",
     "engine.badugi", "engine.short_deck", "engine.spades"),
    ("engine.table",),
    ("engine.actions",),
    ("engine.record", "engine.settings"),
    ("engine.state", "engine.views"),
    ("engine.games",),
    ("engine.history", "engine.deals", "engine.phh"),
    ("engine.bots",),
    ("engine.odds",),
    ("engine.quiz",),
)
"""From the bottom up, as engine/README.md lists them; a package is one layer."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(ENGINE.rglob("*.py")) if p != ENGINE / "__init__.py"}


def layer_of(module: str) -> int:
    for number, names in enumerate(LAYERS):
        if any(module == n or module.startswith(n + ".") for n in names):
            return number
    raise AssertionError(f"{module} is in no layer: add it to engine/README.md and LAYERS")


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _targets(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The engine modules an import statement loads."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == "engine"]
    if node.level or not node.module or node.module.split(".")[0] != "engine":
        return []
    found = []
    for alias in node.names:
        sub = f"{node.module}.{alias.name}"
        found.append(sub if sub in MODULES else node.module)
    return found


def runtime_imports(module: str) -> set[str]:
    """The engine modules ``module`` imports when it runs (not those for type checking)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found: set[str] = set()

    def walk(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node):
                walk(node.orelse)
                continue
            if isinstance(node, ast.Import | ast.ImportFrom):
                found.update(_targets(node))
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    walk([child])

    walk(tree.body)
    return found - {module}


def test_every_engine_module_has_a_layer() -> None:
    for module in MODULES:
        layer_of(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_of_an_engine_module_inside_a_function(module: str) -> None:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    hidden = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom) and _targets(node):
                hidden.append(f"line {node.lineno}: {ast.unparse(node)}")
    assert not hidden, f"{module} imports engine modules inside a function: {hidden}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_down_the_layers(module: str) -> None:
    mine = layer_of(module)
    upward = sorted(t for t in runtime_imports(module) if layer_of(t) > mine)
    assert not upward, f"{module} (layer {mine}) imports layers above it: {upward}"


def test_the_engine_imports_form_no_cycle() -> None:
    graph = {m: runtime_imports(m) & set(MODULES) for m in MODULES}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            cycle = path[path.index(module):] + (module,)
            raise AssertionError("an import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        for target in sorted(graph[module]):
            visit(target, path + (module,))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_the_readme_lists_the_layers_in_this_order() -> None:
    readme = (ENGINE / "README.md").read_text(encoding="utf-8")
    line = next(x for x in readme.splitlines() if x.startswith("Layers:"))
    named = [n.strip(" `") for n in line.removeprefix("Layers:").split("→")]
    assert named == [" + ".join(n.removeprefix("engine.") for n in names)
                     for names in LAYERS]


# --- the site's code below the screens (ui/) -------------------------------------------

UI = ENGINE.parent / "ui"
UI_MODULES = {module_name(p): p for p in sorted(UI.rglob("*.py"))}

WITHOUT_STREAMLIT = ("ui.training", "ui.store", "ui.sessions", "ui.night.record",
                     "ui.night.controller", "ui.night.lobby", "ui.night.names",
                     "ui.night.settle", "ui.night.hands_log", "ui.night.downloads",
                     "ui.night.shape", "ui.night.links")
"""What the pages stand on without drawing anything: the training record, the store, the
session controllers, the night's model (its record, controller and results, which run in
the socket's threads alone too). Each is tested without Streamlit, and must load without
it."""


def _below_the_pages() -> list[str]:
    return sorted(m for m in UI_MODULES
                  if any(m == top or m.startswith(top + ".") for top in WITHOUT_STREAMLIT))


_PROBE = """
import importlib, json, sys
loaded = {}
for name in sys.argv[1:]:
    importlib.import_module(name)
    loaded[name] = any(m.split(".")[0] == "streamlit" for m in sys.modules)
print(json.dumps(loaded))
"""
"""Imports each module named in turn in one fresh interpreter, saying after each whether
Streamlit is loaded yet: the first that says so is the one that loads it."""


def test_what_the_pages_stand_on_loads_without_streamlit() -> None:
    """In a fresh interpreter, so that nothing another test imported counts (one for all
    the modules: each import adds to what the ones before loaded, so the first to load
    Streamlit is named)."""
    modules = _below_the_pages()
    done = subprocess.run([sys.executable, "-c", _PROBE, *modules], cwd=ENGINE.parent,
                          check=True, capture_output=True, text=True, timeout=120)
    loaded = json.loads(done.stdout)
    assert list(loaded) == modules
    culprits = [m for m in modules if loaded[m]]
    assert not culprits, f"{culprits[0]} loads Streamlit"


def test_the_list_of_what_loads_without_streamlit_is_whole() -> None:
    """Every package named is there, and the session controllers are among them."""
    found = _below_the_pages()
    for top in WITHOUT_STREAMLIT:
        assert top in found, f"{top} is not a module of ui/"
    assert {"ui.sessions.host", "ui.sessions.play"} <= set(found)


def _site_imports(path: Path, *, in_functions: bool) -> list[tuple[int, str]]:
    """The ui and engine modules a file imports, with their lines: at the top level (not
    for type checking only), or inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []

    def site(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [a.name for a in node.names if a.name.split(".")[0] in ("ui", "engine")]
        if node.level or not node.module or node.module.split(".")[0] not in ("ui", "engine"):
            return []
        subs = [f"{node.module}.{a.name}" for a in node.names]
        return [s if s in UI_MODULES else node.module for s in subs]

    def walk(nodes: list[ast.stmt], inside: bool) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node):
                walk(node.orelse, inside)
                continue
            if isinstance(node, ast.Import | ast.ImportFrom) and inside == in_functions:
                found.extend((node.lineno, target) for target in site(node))
            deeper = inside or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            walk([c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt)], deeper)

    walk(tree.body, False)
    return found


@pytest.mark.parametrize("module", sorted(UI_MODULES))
def test_no_ui_module_hides_an_import_in_a_function(module: str) -> None:
    hidden = _site_imports(UI_MODULES[module], in_functions=True)
    assert not hidden, f"{module} imports inside functions: {hidden}"


def test_the_ui_imports_form_no_cycle() -> None:
    graph = {module: {t for _, t in _site_imports(path, in_functions=False)
                      if t in UI_MODULES} - {module}
             for module, path in UI_MODULES.items()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            cycle = path[path.index(module):] + (module,)
            raise AssertionError("an import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        for target in sorted(graph[module]):
            visit(target, path + (module,))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
