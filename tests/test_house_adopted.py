"""The house games a process knows: past the most it keeps, the least recently used is
made unknown, never one just listed. A game listed on a visitor's Play page, then a new
one added by link on a busy server, once made the listed one unknown between the two
and the page failed to name it."""

from __future__ import annotations

from engine.games.house import BLANK, AdoptedGames


def _named(name: str) -> str:
    return BLANK.replace('name = "My house game"', f'name = "{name}"')


def test_a_game_used_again_outlives_older_ones_past_the_most_kept() -> None:
    known = AdoptedGames(most=2)
    first = known.adopt(_named("First"))
    second = known.adopt(_named("Second"))
    assert known.adopt(_named("First")) is first, "known: not read again"
    known.adopt(_named("Third"))
    assert known.get(first.id) is first and known.get(second.id) is None
    assert known.get(first.id) is first
    known.adopt(_named("Fourth"))
    assert known.get(first.id) is first, "read by id counts as used too"
