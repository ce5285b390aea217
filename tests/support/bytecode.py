"""The run's bytecode made once, before the workers of ``pytest -n`` start.

On a fresh clone nothing is compiled yet, and each of ``make test``'s workers would
compile the project's modules and rewrite every test module's asserts (pytest's assertion
rewriting) itself, all of them at once: about 5 CPU-seconds each. The main process does
it first, once, writing where the workers look; a later run finds it all made and only
reads the files. Nothing is written where Python writes no bytecode
(``PYTHONDONTWRITEBYTECODE``), nor in a run without workers, which compiles once anyway.
"""

from __future__ import annotations

import compileall
import re
import sys
from pathlib import Path

import pytest
from _pytest.assertion.rewrite import (
    PYC_TAIL,
    _read_pyc,
    _rewrite_test,
    _write_pyc,
    assertstate_key,
    get_cache_dir,
    try_makedirs,
)
from _pytest.pathlib import fnmatch_ex

PLAIN_MODULES = ("engine", "ui", "content", "tests", "bench")
"""The folders of modules imported as they are (the test modules are rewritten apart)."""


def _rewrite_test_modules(config: pytest.Config, folder: Path) -> None:
    """Each test module under ``folder`` rewritten as pytest's importer would, unless its
    rewritten bytecode is already there and current."""
    state = config.stash[assertstate_key]
    patterns = config.getini("python_files")
    for path in sorted(folder.rglob("*.py")):
        if not any(fnmatch_ex(pattern, path) for pattern in patterns):
            continue
        cache = get_cache_dir(path)
        if not try_makedirs(cache):  # a read-only checkout: each worker rewrites its own
            return
        pyc = cache / (path.name[:-3] + PYC_TAIL)
        if _read_pyc(path, pyc, state.trace) is None:
            source_hash, code = _rewrite_test(path, config)
            _write_pyc(state, code, source_hash, pyc)


def _is_main_of_workers(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput") and bool(
        getattr(config.option, "numprocesses", None))


def pytest_configure(config: pytest.Config) -> None:
    if sys.dont_write_bytecode or not _is_main_of_workers(config):
        return
    root = config.rootpath
    test_module = re.compile(r"[/\\]test_[^/\\]*\.py$")
    for name in PLAIN_MODULES:
        compileall.compile_dir(root / name, quiet=2, rx=test_module)
    _rewrite_test_modules(config, root / "tests")
