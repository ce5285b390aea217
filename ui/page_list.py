"""The pages of the site's list, each made once per process.

Streamlit looks a page's file up on disk each time a page is made, some thirty pages a run
of every visitor's script. A page is made once here and every run gets its own copy: the
copy carries its own mark of the page the run may open (``st.navigation`` sets it), so two
visitors' runs never share one.
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path

import streamlit as st

SITE = Path(__file__).resolve().parents[1]
"""The folder of ``app.py``, which a page's file is named from."""


def page(file: str, *, title: str, icon: str, url_path: str | None = None,
         default: bool = False) -> st.Page:
    """``st.Page(file, ...)``, made once and copied for this run; ``file`` is named from
    the site's folder whatever script is running."""
    return copy.copy(_made_once(str(SITE / file), title, icon, url_path, default))


@functools.cache
def _made_once(file: str, title: str, icon: str, url_path: str | None,
               default: bool) -> st.Page:
    return st.Page(file, title=title, icon=icon, url_path=url_path, default=default)
