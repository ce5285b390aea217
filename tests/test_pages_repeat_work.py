"""The pages' own work is done once, not again on every rerun (every click reruns a page)."""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from engine.cards import Card, parse_cards
from engine.games import GAMES, new_hand
from ui.learn import example_partner, walkthrough
from ui.sessions.host import HostSession
from ui.sessions.play import PlaySession
from ui.sessions.share import HandLink


class _CountingHighHand:
    """The high hand types, counting how often the team hands are ranked."""

    def __init__(self, real: Any) -> None:
        self.real, self.calls = real, 0

    def ranked_high_using(self, required: Sequence[Card], others: Sequence[Card]) -> list:
        self.calls += 1
        return self.real.ranked_high_using(required, others)


def test_the_team_hand_example_is_ranked_once_per_set_of_cards(
        monkeypatch: pytest.MonkeyPatch) -> None:
    counting = _CountingHighHand(example_partner.HIGH_HAND)
    monkeypatch.setattr(example_partner, "HIGH_HAND", counting)
    example_partner._ranked_team_hand.cache_clear()  # a page shown before may have kept these
    up = parse_cards("7c 7d")
    others = parse_cards("2c 3c 4c 5c 8h 9h Th Jh")
    first = example_partner.team_hand(up, others)
    again = example_partner.team_hand(list(up), list(others))
    assert again == first and counting.calls == 1
    example_partner.team_hand(up, parse_cards("2c 3c 4c 5c 8h 9h Th Qh"))
    assert counting.calls == 2


def test_every_games_guided_hands_stay_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """A visitor going through every learning page, dealing each page's hands, finds the
    first page's hand still dealt on coming back. The deal is a stand-in: a hand that is
    over before anyone acts, so nothing is played."""
    dealt: list[str] = []

    def deal_over(game_id: str, **_: object) -> SimpleNamespace:
        dealt.append(game_id)
        view = SimpleNamespace(events=(), is_over=True, street="The deal")
        return SimpleNamespace(is_over=True, view=lambda _seat: view)

    monkeypatch.setattr(walkthrough, "new_hand", deal_over)
    settings = '{"kept": "apart"}'
    for game_id in GAMES:
        for seed in range(walkthrough.HANDS_KEPT_PER_GAME):
            walkthrough.hand_steps(game_id, settings, 0, seed)
    first = next(iter(GAMES))
    walkthrough.hand_steps(first, settings, 0, 0)
    assert dealt.count(first) == walkthrough.HANDS_KEPT_PER_GAME


@pytest.mark.parametrize("kind", [PlaySession, HostSession])
def test_a_first_visit_with_a_link_deals_no_fresh_table_first(
        kind: type[PlaySession] | type[HostSession]) -> None:
    """The link's table is opened as it is; a fresh table (its computer players playing, on
    the Play page) is dealt only when the link cannot be opened, and says so."""
    dealt: list[object] = []

    def fresh() -> PlaySession | HostSession:
        table = kind.fresh("razz", 2)
        dealt.append(table)
        return table

    params = HandLink.from_state(new_hand("razz", players=3, seed=4), seat=1).params()
    opened = kind.open_first(params, fresh=fresh)  # type: ignore[arg-type]
    assert dealt == [] and opened.state.players == 3
    refused = kind.open_first({**params, "game": "no-such-game"}, fresh=fresh)  # type: ignore[arg-type]
    assert dealt == [refused] and refused.notice is not None
    assert "A fresh table is dealt instead" in refused.notice.text
