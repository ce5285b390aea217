"""A game night's screens through AppTest."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.support.hostile import site_page


def screen(secret: str | None = None) -> AppTest:
    """The Game night screen in the site (its navigation and sidebar), on ``secret``'s link."""
    at = site_page("night", params={} if secret is None else {"t": secret})
    assert not at.exception, at.exception
    return at
