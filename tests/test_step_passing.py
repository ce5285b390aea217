"""The throw-away and pass step kinds (``engine/games/kinds/passing.py``), as a player and an
adversary would use them: illegal choices refused with a clear message and nothing
changed, passed cards seen only by the two seats they pass between, a step whose
condition does not hold never played."""

from __future__ import annotations

import pytest

import content
from engine.actions import Passed
from engine.cards import Card, parse_cards
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.state import Action, ActionKind, HandState, IllegalAction

PASSIVE = (ActionKind.CHECK, ActionKind.CALL)


def to_step(state: HandState, kind: ActionKind) -> HandState:
    """Check and call until ``kind`` is awaited."""
    while state.legal_actions(state.to_act[0])[0].kind is not kind:
        seat = state.to_act[0]
        state.apply(next(a for a in state.legal_actions(seat) if a.kind in PASSIVE))
    return state


def anaconda(players: int = 3, **settings: object) -> HandState:
    return to_step(new_hand("anaconda", players=players, seed=5, settings=settings),
                   ActionKind.PASS)


def refused(state: HandState, action: Action, words: str) -> None:
    """The action is refused naming ``words``, and the hand is unchanged."""
    before, events = state.to_json(), len(state.events)
    with pytest.raises(IllegalAction, match=words):
        state.apply(action)
    assert state.to_json() == before and len(state.events) == events


def test_a_pass_of_the_wrong_cards_is_refused_and_changes_nothing() -> None:
    state = anaconda()
    hand = [h.card for h in state.cards[0]]
    other = state.cards[1][0].card
    refused(state, Action(0, ActionKind.PASS, cards=tuple(hand[:2])),
            "must pass exactly three cards .* not two cards")
    refused(state, Action(0, ActionKind.PASS, cards=(hand[0], hand[0], hand[1])),
            "must pass exactly three cards")
    refused(state, Action(0, ActionKind.PASS, cards=(hand[0], hand[1], other)),
            f"{other} is not among them")
    refused(state, Action(0, ActionKind.THROW_AWAY, cards=tuple(hand[:3])),
            "must pass exactly three cards")
    refused(state, Action(0, ActionKind.FOLD), "must pass")


def test_passed_cards_are_seen_only_by_the_two_seats_they_pass_between() -> None:
    state = anaconda(players=4)
    given = {seat: tuple(h.card for h in state.cards[seat][:3]) for seat in range(4)}
    for seat in range(4):
        state.apply(Action(seat, ActionKind.PASS, cards=given[seat]))
    assert [op for op in state.record if isinstance(op, Passed)] == [
        Passed("Pass", seat, (seat + 1) % 4, tuple(sorted(given[seat], reverse=True)))
        for seat in range(4)]
    for seat in range(4):
        assert set(given[(seat - 1) % 4]) <= {h.card for h in state.cards[seat]}
    for viewer in range(4):
        view = state.view(viewer)
        text = "\n".join(e.text for e in view.events)
        for seat, cards in given.items():
            knows = viewer in (seat, (seat + 1) % 4)
            for card in cards:
                assert (str(card) in text) is knows, (viewer, seat, card)
                shown = {c.card for s in view.seats if s.seat != viewer for c in s.cards}
                assert card not in shown


def test_a_folded_player_neither_gives_nor_gets() -> None:
    state = new_hand("anaconda", players=3, seed=5)
    state.apply(Action(0, ActionKind.CHECK))
    state.apply(Action(1, ActionKind.BET, amount=5))
    state.apply(Action(2, ActionKind.FOLD))
    state.apply(Action(0, ActionKind.CALL))
    assert state.to_act == (0, 1)
    for seat in (0, 1):
        state.apply(state.legal_actions(seat)[0])
    moved = {(op.seat, op.to) for op in state.record if isinstance(op, Passed)}
    assert moved == {(0, 1), (1, 0)}
    assert len(state.cards[2]) == 7 and all(len(state.cards[s]) == 7 for s in (0, 1))


def test_three_two_one_passes_three_times_and_one_pass_once() -> None:
    def passes(rounds: str) -> list[int]:
        state = new_hand("anaconda", players=2, seed=1, settings={"passes": rounds})
        while state.legal_actions(state.to_act[0])[0].kind is not ActionKind.THROW_AWAY:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(next((a for a in legal if a.kind in PASSIVE), legal[0]))
        return [len(op.cards) for op in state.record if isinstance(op, Passed) and op.seat == 0]
    assert passes("one") == [3]
    assert passes("three-two-one") == [3, 2, 1]


def pineapple(when: str) -> HandState:
    return new_hand("crazy-pineapple", players=3, seed=2, settings={"throw_away": when})


def test_a_throw_away_of_the_wrong_cards_is_refused_and_changes_nothing() -> None:
    state = to_step(pineapple("after-flop"), ActionKind.THROW_AWAY)
    seat = state.to_act[0]
    hand = [h.card for h in state.cards[seat]]
    refused(state, Action(seat, ActionKind.THROW_AWAY, cards=()),
            "must throw away exactly one card .* not no cards")
    refused(state, Action(seat, ActionKind.THROW_AWAY, cards=tuple(hand[:2])),
            "must throw away exactly one card")
    refused(state, Action(seat, ActionKind.THROW_AWAY, cards=(state.boards[0][0],)),
            "is not among them")
    refused(state, Action(seat, ActionKind.CHECK), "must throw away")


def test_the_throw_away_comes_when_announced_and_leaves_two_cards() -> None:
    for when, street in (("after-flop", 3), ("before-flop", 0)):
        state = to_step(pineapple(when), ActionKind.THROW_AWAY)
        assert state.street == "Discard" and len(state.boards[0] if state.boards else []) \
            == street
        for seat in state.to_act:
            state.apply(state.legal_actions(seat)[-1])
        assert all(len(state.cards[s]) == 2 for s in state.in_hand())
        streets = [e.text for e in state.events if e.kind.value == "street"]
        assert streets.count("Discard") == 1


def test_a_thrown_card_is_named_only_to_its_owner() -> None:
    state = to_step(pineapple("after-flop"), ActionKind.THROW_AWAY)
    thrown: dict[int, Card] = {}
    for seat in state.to_act:
        action = state.legal_actions(seat)[0]
        thrown[seat] = action.cards[0]
        state.apply(action)
    for viewer in range(3):
        text = "\n".join(e.text for e in state.view(viewer).events)
        for seat, card in thrown.items():
            assert (f"throws away {card}" in text) is (seat == viewer)


def test_the_worked_pass_example_keeps_a_wheel() -> None:
    """Anaconda's worked example, dealt and played: the pass from the right brings the
    wheel, and the hand kept is read both ways as the example says."""
    example = content.load_game("anaconda").examples["pass"]
    cards = example.cards
    filler = [c for c in parse_cards("6c 6d 7c 7d 9c 9d Jc Jd Js Tc Td")]
    seat4 = parse_cards(cards["received"]) + filler[:4]
    others = [filler[4:], parse_cards("Qs Qd Jh Th 8c 8s 7s")]
    deck = deck_from_seats("anaconda", players=4,
                           seat_cards=[parse_cards(cards["seat1"]), *others, seat4])
    state = to_step(new_hand("anaconda", players=4, seed=0, deck=deck), ActionKind.PASS)
    passed = tuple(parse_cards(cards["passed"]))
    state.apply(Action(0, ActionKind.PASS, cards=passed))
    for seat in (1, 2):
        state.apply(state.legal_actions(seat)[0])
    state.apply(Action(3, ActionKind.PASS, cards=tuple(parse_cards(cards["received"]))))
    assert set(passed) <= {h.card for h in state.cards[1]}
    to_step(state, ActionKind.THROW_AWAY)
    state.apply(Action(0, ActionKind.THROW_AWAY, cards=tuple(parse_cards(cards["thrown"]))))
    for seat in state.to_act:
        state.apply(state.legal_actions(seat)[0])
    assert sorted(h.card for h in state.cards[0]) == sorted(parse_cards(example.expect["kept"]))
    high, low = state.game.evaluate(state.settings, state.live_cards(0), [])
    assert high is not None and low is not None
    assert high.describe() == example.expect["high"]
    assert low.describe().startswith(example.expect["low"])


def test_while_picking_the_pass_says_how_many_are_left_not_an_error() -> None:
    from ui.components.actions import picking_note

    state = anaconda()
    seat = state.to_act[0]
    sizes = sorted({len(a.cards) for a in state.legal_actions(seat)})
    assert sizes == [3]
    assert picking_note(1, sizes) == "Choose 2 more cards."
    assert picking_note(2, sizes) == "Choose 1 more card."
    too_many = picking_note(4, sizes)
    assert "too many" in too_many and "exactly 3 cards" in too_many


def test_the_computer_player_says_in_a_sentence_why_it_passes_those_cards() -> None:
    from engine.bots import EquityBot

    state = anaconda()
    seat = state.to_act[0]
    reason = EquityBot().explain(state, seat, state.legal_actions(seat)[0])
    assert reason == ("it keeps the cards that win the largest share of the pot in its trial "
                      "deals and passes the rest")
