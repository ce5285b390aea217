"""House games kept in the store: an edit link that changes the game, a play link that only
reads it, both random secrets of at least 128 bits kept only as hashes."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.games.house import BLANK, adopt
from ui.house.keep import open_link, save_new, save_over
from ui.store import StaleVersion
from ui.store.sqlite_store import SQLiteStore

OTHER = BLANK.replace('name = "My house game"', 'name = "Another game"')


def test_the_edit_link_changes_the_game_and_the_play_link_only_reads_it(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "store.sqlite3")
    kept, links = save_new(store, adopt(BLANK))
    for secret in (links.edit, links.play):
        assert len(secret) * 6 >= 128 and secret not in store.stored_text(kept.record_id)
    editing = open_link(store, links.edit)
    playing = open_link(store, links.play)
    assert editing is not None and editing.can_edit and editing.house.text == BLANK
    assert playing is not None and not playing.can_edit
    with pytest.raises(PermissionError):
        save_over(store, playing, adopt(OTHER))
    changed = save_over(store, editing, adopt(OTHER))
    reopened = open_link(store, links.play)
    assert reopened is not None and reopened.house.name == "Another game"
    with pytest.raises(StaleVersion):
        save_over(store, editing, adopt(BLANK))   # changed elsewhere since it was opened
    assert changed.version == 2
    last = "y" if links.edit.endswith("x") else "x"   # a link one character off
    for wrong in ("", links.edit[:-1] + last, None, 7, "a" * 5000):
        assert open_link(store, wrong) is None
