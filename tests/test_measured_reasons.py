"""The computer players choose by the measure of each key decision (``engine.odds.advice``)
and say so with its figures (``engine.odds.why``), and a reason with figures reaches only
a viewer who may see every card it is built from."""

from __future__ import annotations

import random

import pytest

from engine.bots import bot_for
from engine.bots.psycho import expose_cards
from engine.cards import FULL_DECK, format_cards, parse_cards
from engine.games import new_hand
from engine.hands import LowRanking
from engine.odds.advice import advise, expose_reads
from engine.odds.why import MEASURED, may_read, measured_reason
from engine.state import Action, ActionKind, HandState
from tests.support.leaks import hidden_from, named_cards
from ui.sessions.told_why import last_reason, shown_down_reasons
from ui.training.lesson_psycho import EXPOSE_MARGIN

A5 = LowRanking.ACE_TO_FIVE


def _decisions(game_id: str, players: int, seeds: range) -> list[tuple[HandState, Action]]:
    """Each key decision the computer players make in these hands, with the state before
    it (a copy kept by replaying)."""
    found = []
    for seed in seeds:
        state, bot, rng = new_hand(game_id, players=players, seed=seed), bot_for(game_id), \
            random.Random(seed)
        while not state.is_over:
            seat = state.to_act[0]
            action = bot.choose(state, seat, rng)
            if action.kind in MEASURED and action.kind is not ActionKind.BET:
                found.append((new_hand(game_id, players=players, seed=seed), action))
                for earlier in state.actions:
                    found[-1][0].apply(earlier)
            state.apply(action)
    return found


@pytest.mark.parametrize(("game_id", "players", "hands"), [
    ("pick-a-partner", 4, 3), ("sophies-pick", 3, 2), ("double-sophie", 2, 2), ("psycho", 3, 1)])
def test_the_computer_player_takes_the_option_its_measure_puts_first(game_id: str, players: int,
                                                                     hands: int) -> None:
    kinds = set()
    for state, action in _decisions(game_id, players, range(hands)):
        view = state.view(action.seat)
        advice = advise(view)
        reason = measured_reason(view, action)
        assert advice is not None and reason, action.kind
        kinds.add(action.kind)
        figures = dict(advice.options)
        best = advice.options[0][1]
        if action.kind is ActionKind.LOCK_PAIRS:
            label = " | ".join(format_cards(action.cards[i:i + 2]) for i in range(0, 6, 2))
            assert figures[label] == best and f"worth {best}" in reason
        elif action.kind is ActionKind.SACRIFICE:
            assert figures[format_cards(action.cards)] == advice.options[-1][1]
            assert f"{format_cards(action.cards)}: {advice.options[-1][1]}" in reason
        elif action.kind is ActionKind.PICK_PARTNER:
            label = next(k for k in figures if k.startswith(f"Seat {int(str(action.choice)) + 1} "))
            assert figures[label] == best and best in reason
        elif action.kind is ActionKind.DISCARD:
            kept = [c for c in state.cards[action.seat] if c.card not in action.cards]
            assert advice.options[0][0] == f"keep {format_cards([h.card for h in kept])}"
        elif action.kind is ActionKind.TURN_UP and state.view(action.seat).facts is not None \
                and action.seat not in dict(getattr(view.facts, "first_up", ())):
            assert figures[str(action.cards[0])] == best
        elif action.kind is ActionKind.EXPOSE:
            plan, reads = expose_reads(tuple(h.card for h in state.cards[action.seat]), A5)
            read = next(r for t, r in reads if set(t) == set(action.cards))
            assert f"reads as low {read:.0%}" in reason
            if plan == "low":  # the lessons would never call it giving the low away
                assert read - reads[0][1] <= EXPOSE_MARGIN
    assert len(kinds) >= 2


def test_a_low_hand_hides_behind_its_pair_and_says_so() -> None:
    deck = parse_cards("2c 9h 3d 9d 4h 9s 6s 8c 6d 8d")
    state = new_hand("psycho", players=2, seed=1, deck=deck)
    bot, rng = bot_for("psycho"), random.Random(0)
    for seat in (0, 1):  # both stand pat
        state.apply(next(a for a in state.legal_actions(seat) if not a.cards))
    action = bot.choose(state, 0, rng)
    assert set(action.cards) == set(parse_cards("6s 6d 4h"))
    reason = measured_reason(state.view(0), action)
    assert reason is not None and reason.startswith("its five cards are a low hand: it shows "
                                                    "6♠ 6♦ 4♥ (a pair of sixes)")
    assert reason.endswith("and keeps 3♦ 2♣ hidden")
    public = bot.explain(state, 0, action)
    assert public and not named_cards(public, FULL_DECK)


def test_a_measured_reason_is_read_only_with_every_card_it_stands_on() -> None:
    state = new_hand("seven-card-stud", players=2, seed=3)
    reason = "it bets: against the hands showing it wins 60% of the pot on average"
    seat = state.to_act[0]
    assert may_read(state.view(None), seat, reason)
    assert not may_read(state.view(1 - seat), seat, reason), "its down cards are hidden"
    assert may_read(state.view(seat), seat, reason)
    other = next(c for c in FULL_DECK if c not in {h.card for h in state.cards[seat]})
    assert not may_read(state.view(seat), seat, f"{reason}, not {other}")


@pytest.mark.parametrize(("game_id", "players"), [("psycho", 3), ("pick-a-partner", 4),
                                                  ("sophies-pick", 3),
                                                  ("seven-card-stud", 3)])
def test_after_the_hand_a_reason_names_no_card_the_player_never_saw(game_id: str,
                                                                    players: int) -> None:
    told = 0
    for seed in range(3):
        state, bot, rng = new_hand(game_id, players=players, seed=seed), bot_for(game_id), \
            random.Random(seed)
        while not state.is_over:
            if state.actions and len(state.actions) == 4:
                assert shown_down_reasons(state, 0, people={0}) == {}, "not before the end"
            state.apply(bot.choose(state, state.to_act[0], rng))
        reasons = shown_down_reasons(state, 0, people={0})
        unseen = hidden_from(state, 0)
        for line, reason in reasons.items():
            assert not named_cards(reason, unseen), (line, reason)
            text = state.events[line].text
            assert text.startswith("Seat ") and not text.startswith("Seat 1 ")
        told += len(reasons)
    assert game_id != "psycho" or told, "a hand shown down tells its reasons"


def test_the_host_reads_a_seats_reason_only_with_its_cards_shown() -> None:
    state = new_hand("psycho", players=3, seed=5)
    bot, rng = bot_for("psycho"), random.Random(5)
    while not any(a.kind is ActionKind.EXPOSE for a in state.actions):
        state.apply(bot.choose(state, state.to_act[0], rng))
    seat = state.actions[-1].seat
    shown = last_reason(state, shown=[seat])
    hidden = last_reason(state, shown=[s for s in range(3) if s != seat])
    assert shown is not None and shown.startswith("its five cards are a")
    assert hidden == bot.explain(new_hand("psycho", players=3, seed=5), seat,
                                 state.actions[-1])
    assert hidden is not None and not named_cards(hidden, FULL_DECK)


def test_the_disguise_stays_close_to_the_measures_best() -> None:
    """The computer player's expose, from the bots' layer, against the odds engine's read
    of every three (the measure it cannot import): never past the lessons' margin."""
    rng = random.Random(8)
    gaps = []
    for _ in range(12):
        five = rng.sample(FULL_DECK, 5)
        plan, reads = expose_reads(tuple(five), A5)
        shown = set(expose_cards(five, plan, A5, disguise=True))
        gaps.append(next(r for t, r in reads if set(t) == shown) - reads[0][1])
    assert max(abs(g) for g in gaps) <= EXPOSE_MARGIN
    assert sum(abs(g) for g in gaps) / len(gaps) <= 0.05


@pytest.mark.parametrize(("three", "words"), [
    ("9d 7c 3s", "high and low cards"), ("6s 6d 4h", "a pair of sixes"),
    ("2c 3d 4h", "a low draw"), ("Kd Qs Jc", "high cards"), ("Ks Kd Kc", "three kings")])
def test_three_up_cards_in_words(three: str, words: str) -> None:
    state = new_hand("psycho", players=2, seed=1,
                     deck=parse_cards(" ".join(f"{a} {b}" for a, b in zip(
                         three.split() + ["2h", "Ah"], ["8c", "8d", "8h", "8s", "7d"],
                         strict=True))))
    for seat in (0, 1):
        state.apply(next(a for a in state.legal_actions(seat) if not a.cards))
    action = next(a for a in state.legal_actions(0) if set(a.cards) == set(parse_cards(three)))
    reason = measured_reason(state.view(0), action)
    assert reason is not None and f"({words})" in reason
