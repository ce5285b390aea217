"""House games on Play's and Host's lists of games: the game kept on the Your house game
page in this visit, and one added by its play link, are listed after the site's games
and dealt when chosen; a link that opens nothing says so and lists nothing."""

from __future__ import annotations

import pytest

from engine.games.house import BLANK, HouseError, adopt
from tests.support.hostile import site_page
from ui.house.keep import Kept, save_new
from ui.play.house_games import MOST, SUFFIX, added, listed
from ui.store import open_store

SEVENS = BLANK.replace('name = "My house game"', 'name = "Sevens wild"').replace(
    "[rules.wins]", "[rules.wild]\nranks = [\"7\"]\n\n[rules.wins]")


def _named(name: str) -> str:
    return BLANK.replace('name = "My house game"', f'name = "{name}"')


def test_the_list_keeps_the_newest_few_and_refuses_a_file_that_does_not_read() -> None:
    texts: list[str] = []
    for number in range(MOST + 1):
        texts = added(texts, _named(f"Game {chr(65 + number)}"))
    names = [game.name for game in listed(texts).values()]
    assert len(names) == MOST and names[0] == "Game B" and names[-1] == f"Game {chr(65 + MOST)}"
    with pytest.raises(HouseError):
        added(texts, "rules = 1")
    assert [game.name for game in listed(texts).values()] == names


@pytest.mark.page
def test_play_lists_the_kept_game_and_one_added_by_link_and_deals_it() -> None:
    kept = adopt(SEVENS)
    _, links = save_new(open_store(), adopt(_named("Tuesday draw")))
    at = site_page("play", state={"house_kept": Kept("r", 1, True, kept),
                                  "play_setup_open": True})
    assert not at.exception, [e.value for e in at.exception]
    at.text_input(key="play_house_link").set_value("not a link")
    at.button(key="play_house_add").click().run()
    assert any("opens no house game" in w.value for w in at.warning)
    at.text_input(key="play_house_link").set_value(f"http://x.org/house?play={links.play}")
    at.button(key="play_house_add").click().run()
    options = at.selectbox(key="play_game").options
    assert options[-2:] == [f"Sevens wild{SUFFIX}", f"Tuesday draw{SUFFIX}"], options
    at.selectbox(key="play_game").set_value(kept.id).run()
    at.button(key="play_deal").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(c.value.startswith("Sevens wild · ") for c in at.caption)
