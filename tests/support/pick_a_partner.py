"""Pick a Partner hands dealt on purpose and played step by step, and what they say."""

from __future__ import annotations

from collections.abc import Mapping

from engine.cards import Card, card, parse_cards
from engine.state import Action, ActionKind, HandState

GAME = "pick-a-partner"


def stacked(hands: list[str], stock: str = "") -> list[Card]:
    """The deck for ``hands`` (five cards per seat, dealt one at a time round the
    table) followed by ``stock``, the next cards (tie-break cards come from there)."""
    parsed = [parse_cards(h) for h in hands]
    assert all(len(h) == 5 for h in parsed)
    return [parsed[s][i] for i in range(5) for s in range(len(parsed))] + parse_cards(stock)


def roll(state: HandState, ups: Mapping[int, str]) -> None:
    """Every seat awaited turns up its card from ``ups``, at once."""
    assert set(state.to_act) == set(ups), (state.to_act, ups)
    for seat, text in ups.items():
        state.apply(Action(seat, ActionKind.TURN_UP, cards=(card(text),)))


def pick(state: HandState, partner: int) -> None:
    (seat,) = state.to_act
    state.apply(Action(seat, ActionKind.PICK_PARTNER, choice=partner))


def act(state: HandState, kind: str, amount: int | None = None) -> int:
    (seat,) = state.to_act
    state.apply(Action(seat, ActionKind(kind), amount=amount))
    return seat


def check_round(state: HandState) -> None:
    """Everyone checks (or calls) until the betting round is over."""
    while state.to_act and state.legal_actions(state.to_act[0])[0].kind.is_betting:
        kinds = {a.kind for a in state.legal_actions(state.to_act[0])}
        act(state, "check" if ActionKind.CHECK in kinds else "call")


def finish_showdown(state: HandState, kind: str = "show") -> None:
    """Beaten hands at the showdown all show (or all muck)."""
    while state.to_act:
        act(state, kind)


def sentences(state: HandState) -> list[str]:
    return [e.sentence for e in state.events]


def said(state: HandState, fragment: str) -> bool:
    return any(fragment in s for s in sentences(state))


EXAMPLE = stacked(["K♥ Q♥ J♥ 4♣ 9♠", "A♠ Q♦ 5♦ 6♣ 2♠", "10♥ 2♥ 3♦ 3♠ 7♣", "K♣ J♣ 10♠ 8♦ 4♦"])
