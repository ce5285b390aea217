"""Texas hold'em's worked example, and the board-game showdown Omaha's examples share: each
seat's hole cards and the board, dealt as a real hand through a stacked deck, checked and
called to the showdown, and the pot paid as the engine pays it. ``board_showdown`` is pure
(no Streamlit) so the tests can check the stated results in ``content/`` against it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import streamlit as st

from content import Example
from engine.cards import Card
from engine.deals import deck_from_seats
from engine.games import new_hand
from engine.games.base import Settings
from engine.state import ActionKind, seat_name
from ui.components.card_input import clash, read_cards
from ui.components.cards import show_cards
from ui.components.plain import plain
from ui.learn.example_odds import example_odds_link

GAME = "texas-holdem"
_PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.SHOW)


@dataclass(frozen=True, slots=True)
class Showdown:
    hands: tuple[str, ...]
    """Each seat's hand in the engine's words, seat by seat."""
    best_five: tuple[tuple[Card, ...], ...]
    """The five cards each seat plays for the high hand, seat by seat."""
    awards: tuple[str, ...]
    """Each part of the pot in the engine's words: "Seat 1 wins the pot (4): ..."."""
    winners: tuple[tuple[int, ...], ...]
    """The seats that took each part of the pot, in the order of ``awards``."""


def board_showdown(game_id: str, holes: Sequence[Sequence[Card]], board: Sequence[Card],
                   settings: Settings) -> Showdown:
    """Deal these hole cards and this board, everyone checking and calling to the
    showdown, and read each seat's hand and how the pot is paid."""
    players = len(holes)
    deck = deck_from_seats(game_id, players=players, seat_cards=holes, boards=[board],
                           settings=settings)
    state = new_hand(game_id, players=players, seed=0, settings=settings, deck=deck)
    while not state.is_over:
        kinds = {a.kind: a for a in state.legal_actions(state.to_act[0])}
        state.apply(next(kinds[k] for k in _PASSIVE if k in kinds))
    assert state.settlement is not None
    awards = state.settlement.awards
    shown = {seat: five for seat, five, _ in awards[0].hands}
    return Showdown(
        hands=tuple(state.game.describe_hand(state, s) for s in range(players)),
        best_five=tuple(shown[s] for s in range(players)),
        awards=tuple(f"{' and '.join(seat_name(s) for s in a.winners)} "
                     f"{'wins' if len(a.winners) == 1 else 'split'} "
                     f"{a.part or 'the pot'} ({a.amount}): {a.rule}" for a in awards),
        winners=tuple(a.winners for a in awards))


def show_board_showdown(game_id: str, example: Example, settings: Settings, *, prefix: str,
                        hole_count: int, hole_help: str) -> None:
    """One showdown example: its words, a field per seat and one for the board, the
    engine's reading of the cards typed, and these cards on the Odds page at the river."""
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    seat_keys = sorted(k for k in example.cards if k.startswith("seat"))
    holes: list[list[Card]] = []
    for seat, key in enumerate(seat_keys):
        text = st.text_input(f"{seat_name(seat)}'s cards", value=example.cards[key],
                             key=f"{prefix}_ex_{example.key}_{key}", help=hole_help)
        cards = read_cards(text, count=hole_count)
        if isinstance(cards, str):
            st.error(f"{seat_name(seat)}: {plain(cards)}.", icon=":material/back_hand:")
            return
        holes.append(cards)
    text = st.text_input("The board", value=example.cards["board"],
                         key=f"{prefix}_ex_{example.key}_board",
                         help="Five cards, flop first, e.g. Ac 9d 7s 4h 2c.")
    board = read_cards(text, count=5)
    if isinstance(board, str):
        st.error(f"The board: {plain(board)}.", icon=":material/back_hand:")
        return
    fields = {seat_name(s): hole for s, hole in enumerate(holes)}
    problem = clash({**fields, "the board": board})
    if problem:
        st.error(f"{plain(problem)}.", icon=":material/back_hand:")
        return
    result = board_showdown(game_id, holes, board, settings)
    show_cards(board, size="small", label="The board")
    for seat, hole in enumerate(holes):
        show_cards(hole, size="small", marked=set(result.best_five[seat]),
                   label=f"{seat_name(seat)}'s cards")
        st.caption(f"{seat_name(seat)}: {result.hands[seat]}.")
    for line in result.awards:
        st.success(line)
    example_odds_link(game_id, seats=holes, boards=[board], settings=settings.changes(),
                      street="River")


def show_holdem_examples(examples: Mapping[str, Example], settings: Settings, *,
                         prefix: str) -> None:
    """The kicker example, under the page's current announcements."""
    show_board_showdown(GAME, examples["kicker"], settings, prefix=prefix, hole_count=2,
                        hole_help="Two cards, e.g. Ah Kd.")
