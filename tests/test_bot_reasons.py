"""Computer players say why, and a reason never gives away what the others cannot see."""

from __future__ import annotations

import random

import pytest

from engine.bots import RandomBot, bot_for
from engine.bots.pick_a_partner import pick_reason
from engine.cards import Card
from engine.games import GAMES, new_hand
from engine.games.pick_a_partner_steps import first_up
from engine.state import ActionKind, HandState
from tests.support.bots import quick_bot
from tests.support.hands import random_hand
from tests.support.leaks import hidden_from, named_cards
from tests.support.scale import scaled
from ui.sessions.play import PlaySession

HANDS = scaled(2)
"""Random hands of every game whose every decision's reason is read (twenty in the deep
mode)."""


def hidden_from_others(state: HandState, seat: int) -> set[Card]:
    """Cards face down to at least one other seat."""
    return {c for other in range(state.players) if other != seat
            for c in state.hidden_from(other)}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(HANDS))
def test_a_reason_names_no_card_hidden_from_another_seat(game_id: str, seed: int) -> None:
    bot = quick_bot(game_id, trials=4)
    state = random_hand(GAMES[game_id], seed)
    rng = random.Random(seed)
    while not state.is_over:
        waiting = state.to_act
        seat = waiting[0]
        action = bot.choose(state, seat, rng)
        reason = bot.explain(state, seat, action)
        assert reason is None or reason.strip(), "a reason is a phrase, or nothing"
        hidden = hidden_from_others(state, seat)
        assert not [c for c in hidden if reason and str(c) in reason], reason
        if getattr(state.phase, "simultaneous", False):
            said = {bot.explain(state, seat, option) for option in state.legal_actions(seat)}
            assert said == {reason}, "a secret choice's reason depends on the choice"
        state.apply(action)


def test_a_random_player_gives_no_reason() -> None:
    state = new_hand("psycho", players=3, seed=2)
    action = state.legal_actions(0)[0]
    assert RandomBot().explain(state, 0, action) is None


def test_a_partner_pick_is_explained_by_the_two_first_up_cards() -> None:
    for seed in range(200):
        state = new_hand("pick-a-partner", players=6, seed=seed)
        for seat in range(6):
            state.apply(state.legal_actions(seat)[0])
        chooser = state.to_act[0]
        ups = first_up(state)
        mine = ups[chooser]
        suited = [a.choice for a in state.legal_actions(chooser)
                  if isinstance(a.choice, int) and ups[a.choice].suit == mine.suit
                  and abs(int(ups[a.choice].rank) - int(mine.rank)) > 4
                  and {int(ups[a.choice].rank), int(mine.rank)} & {14} == set()]
        if suited:
            partner = suited[0]
            assert pick_reason(state, chooser, partner) == \
                f"the {ups[partner]} matches its suit ({mine})"
            return
    pytest.fail("no deal in 200 gave a suited pick")


def test_after_a_play_hand_the_players_shown_down_give_their_figures_and_nothing_hidden() -> None:
    for seed in range(6):
        table = PlaySession(new_hand("psycho", players=3, seed=seed), seat=0)
        state = table.state
        while not state.is_over:
            legal = state.legal_actions(0)
            passive = [a for a in legal if a.kind.value in ("check", "call", "show")]
            table.choose(passive[0] if passive else legal[0])
        during = " ".join(e.text for e in table.narration(state.view(0), latest=False))
        unseen = hidden_from(state, 0)
        assert not named_cards(during, unseen)
        if "the table reads as low" in during:
            return
    pytest.fail("no hand in six showed a computer player's expose down")


def test_two_lines_with_the_same_words_keep_their_own_reasons() -> None:
    """Seat 4 calls 5 to the bring-in, then again to a completion: the same words, told
    with the pot odds of each call (the second call's reason stood under both)."""
    from ui.sessions.play import PlaySession

    session = PlaySession(new_hand("seven-card-stud", players=4, seed=1002))
    while not session.state.is_over and session.state.street == "3rd street":
        seat = session.state.to_act[0]
        kinds = {a.kind: a for a in session.state.legal_actions(seat)}
        session.choose(next(kinds[k] for k in (ActionKind.CALL, ActionKind.CHECK,
                                               ActionKind.BRING_IN) if k in kinds))
    lines = [e.text for e in session.narration(session.state.view(0), latest=False)
             if e.street == "3rd street" and e.text.startswith("Seat 4 calls 5:")]
    assert len(lines) == 2 and lines[0] != lines[1], lines


@pytest.mark.parametrize("game_id", ["five-card-draw", "deuce-to-seven-triple-draw", "badugi"])
def test_a_draw_is_told_how_many_and_what_for_never_which(game_id: str) -> None:
    """The general player's draws went untold (a thousand of them in a newcomer's play)."""
    state = new_hand(game_id, players=3, seed=2)
    rng = random.Random(1)
    told = []
    while not state.is_over:
        seat = state.to_act[0]
        bot = bot_for(game_id)
        action = bot.choose(state, seat, rng)
        if action.kind is ActionKind.DISCARD:
            reason = bot.explain(state, seat, action) or ""
            assert " can win " in reason and not any(
                str(card) in reason for card in action.cards), reason
            told.append(reason)
        state.apply(action)
    assert told


def test_a_bluff_is_said_only_where_the_player_bluffs() -> None:
    """Three players in: "bets a weak hand one time in 10 heads up" closed every bet's
    reason, where it never bluffs."""
    state = new_hand("seven-card-stud", players=3, seed=1)
    while not any(a.kind is ActionKind.BET for a in state.legal_actions(state.to_act[0])):
        kinds = {a.kind: a for a in state.legal_actions(state.to_act[0])}
        state.apply(kinds.get(ActionKind.CALL) or kinds.get(ActionKind.BRING_IN)
                    or kinds.get(ActionKind.CHECK) or next(iter(kinds.values())))
    seat = state.to_act[0]
    bet = next(a for a in state.legal_actions(seat) if a.kind is ActionKind.BET)
    assert "heads up" not in (bot_for("seven-card-stud").explain(state, seat, bet) or "")
