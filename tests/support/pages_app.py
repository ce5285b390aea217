"""The site's scripts loaded once per test process for every AppTest.

Left to itself, AppTest compiles ``app.py`` and the page again at every run (a new
script cache each time), and each new AppTest looks for custom components through the
metadata of every installed package: together most of a page test's cost, and none of it
the site's. Here every AppTest of the process shares one script cache and one component
registry, so a run costs what the site's own code costs. A script is compiled once per
path: a test that writes a page writes it to a new path.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import streamlit.testing.v1.app_test as app_test_module
import streamlit.testing.v1.local_script_runner as local_runner_module
from streamlit.components.v2.component_manager import BidiComponentManager
from streamlit.runtime.scriptrunner.script_cache import ScriptCache
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]

_SCRIPTS = ScriptCache()
"""The compiled scripts of every AppTest run in this process."""


def _shared_scripts() -> ScriptCache:
    return _SCRIPTS


app_test_module.ScriptCache = _shared_scripts  # type: ignore[misc,assignment]
local_runner_module.ScriptCache = _shared_scripts  # type: ignore[misc,assignment]


@cache
def _components() -> BidiComponentManager:
    """The installed custom components, looked up once."""
    manager = BidiComponentManager()
    manager.discover_and_register_components(start_file_watching=False)
    return manager


def app(script: str | Path, *, timeout: float = 60) -> AppTest:
    """An AppTest of ``script`` (a path, or one relative to the project), not yet run."""
    at = AppTest.from_file(str(ROOT / script), default_timeout=timeout)
    at._bidi_component_manager = _components()
    return at
