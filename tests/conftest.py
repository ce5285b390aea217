"""Run pages in AppTest the way the served site runs them.

AppTest decides before every run, from the ``pages/`` folder beside the main
script, that the site is an old-style multipage app, so a page switched to
from ``app.py`` would run alone, without the navigation and the sidebar.
``ui.serve`` tells the server otherwise; this tells AppTest the same.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import pytest
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import app_test

from ui.sealing import DATA_ENV

# The site's data folder (the link key, the store) for this test run alone; servers the
# tests start inherit it.
os.environ[DATA_ENV] = tempfile.mkdtemp(prefix="dealers-choice-test-")


class _DeclaredPages(PagesManager):
    """Pages as ``st.navigation`` in app.py declares them, never the folder's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        PagesManager.uses_pages_directory = False


@pytest.fixture(autouse=True)
def _pages_as_served(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_test, "PagesManager", _DeclaredPages)


@pytest.fixture(scope="session")
def redis_server() -> Any:
    """A private redis-server on a free 127.0.0.1 port for this test run, stopped at the end.

    Its files, if any, stay in its own temporary folder. Tests share it by
    giving their keys a prefix of their own.
    """
    from ui.store.local_redis import LocalRedis

    with LocalRedis() as server:
        yield server
