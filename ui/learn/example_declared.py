"""The worked examples of any declared game, from its data file alone: each seat's cards
(in the order they are dealt) and the board, if the game has one, dealt as a real hand
through a stacked deck, everyone checking, calling, bringing in and standing pat to the
showdown (throwing away or passing the last cards typed), and the pot paid as the engine
pays it.

An example may be dealt under announcements of its own (``announce``, such as the split
pot of a game played high by default); the page's other announcements stay in force.
``example_showdown`` is pure (no Streamlit) so the tests can check the results stated in
``content/`` against it.

An example whose cards are not a deal to the showdown (what a player passes, keeps or
throws away; a flop alone) is read instead: each group of cards as the engine values it
under the game's rules (``readings``, pure too).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import streamlit as st

from content import Example, GameContent
from engine.cards import Card, parse_cards
from engine.deals import deal_plan, deck_from_seats
from engine.games import get_game, new_hand
from engine.games.base import Settings
from engine.games.opening_hand import staying_in
from engine.state import Action, ActionKind, HandState, seat_name
from ui.components.card_input import clash, read_cards
from ui.components.cards import show_cards
from ui.components.plain import plain
from ui.learn.example_deal import is_up_cards, show_deal_example
from ui.learn.example_holdem import Showdown

_EXAMPLE_CARDS = ("Ah", "Qc", "Qs", "7d", "2c", "9h", "5s")
_PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN, ActionKind.SHOW)
_LETTING_GO = (ActionKind.THROW_AWAY, ActionKind.PASS)
"""The choices of cards that must go, where an example lets go of the last ones typed."""


BOARDS = ("board", "flop")
"""The keys of an example's shared cards: every other group of five or more is a hand."""


def _words(key: str) -> str:
    """``"seat1"`` as ``"Seat 1"``, ``"after_draw"`` as ``"After draw"``."""
    spaced = key.replace("_", " ")
    if spaced.startswith("seat") and spaced[4:].isdigit():
        spaced = f"seat {spaced[4:]}"
    return spaced[:1].upper() + spaced[1:]


def readings(game_id: str, example: Example, settings: Settings) -> dict[str, str]:
    """Each hand of the example (a group of cards that is no board) as the engine reads it
    under the game's rules: its high hand and, in a split game, its low, with the board."""
    game = get_game(game_id)
    groups = {key: parse_cards(text) for key, text in example.cards.items()}
    board: list[Card] = [c for key in BOARDS for c in groups.get(key, [])]
    said = {}
    for key, cards in groups.items():
        if key in BOARDS or len(cards) + len(board) < 5:
            continue
        high, low = game.evaluate(settings, cards, board)
        parts = [f"{v.describe()} for {half}" for v, half in ((high, "high"), (low, "low"))
                 if v is not None]
        said[key] = "; ".join([parts[0], *(p[0].lower() + p[1:] for p in parts[1:])])
    return said


_DEALT_KEY = re.compile(r"seat\d+|board")
_STATED_KEY = re.compile(r"seat\d+|winner|high|low|spade")


def is_dealt(example: Example) -> bool:
    """Whether the example deals each seat's cards (and the board) to a showdown whose
    results it states, rather than reading groups of cards."""
    return all(_DEALT_KEY.fullmatch(key) for key in example.cards) and \
        all(_STATED_KEY.fullmatch(key) for key in example.expect)


def example_settings(game_id: str, settings: Settings, example: Example) -> Settings:
    """The page's announcements with the example's own (``announce``) in force. A file
    writes each announcement as text: an option's value, or its label ("on" for a
    switch)."""
    if not example.announce:
        return settings
    settings_type = get_game(game_id).settings_type
    schema = {info.name: info for info in settings_type.schema()}
    announced: dict[str, object] = {}
    for name, text in example.announce.items():
        info = schema.get(name)
        labelled = [o.value for o in info.options if o.label.lower() == text.lower()] \
            if info is not None else []
        announced[name] = labelled[0] if labelled else text
    return settings_type.from_dict({**settings.changes(), **announced})


def _passive(state: HandState, seat: int) -> Action:
    """Keep everyone in and every card: check, call, bring in, show, or stand pat (where a
    round awaits openers, the first holding them opens); where cards must go (thrown away,
    passed), the last ones typed, so the first typed are kept."""
    legal = state.legal_actions(seat)
    opening = staying_in(state, legal)
    if opening is not None:
        return opening
    for kind in _PASSIVE:
        for action in legal:
            if action.kind is kind:
                return action
    pat = [a for a in legal if a.kind is ActionKind.DISCARD and not a.cards]
    if pat:
        return pat[0]
    held = [h.card for h in state.cards[seat] if not h.dead]
    last = [a for a in legal if a.kind in _LETTING_GO and a.cards
            and set(a.cards) == set(held[-len(a.cards):])]
    return last[0] if last else legal[0]


def example_showdown(game_id: str, seat_cards: Sequence[Sequence[Card]],
                     board: Sequence[Card], settings: Settings) -> Showdown:
    """Deal these cards (each seat's in the order dealt, and the board), everyone passive
    to the showdown, and read each seat's hand and how the pot is paid."""
    players = len(seat_cards)
    deck = deck_from_seats(game_id, players=players, seat_cards=seat_cards,
                           boards=[board] if board else [], settings=settings)
    state = new_hand(game_id, players=players, seed=0, settings=settings, deck=deck)
    while not state.is_over:
        state.apply(_passive(state, state.to_act[0]))
    assert state.settlement is not None
    awards = state.settlement.awards
    shown = {seat: five for seat, five, _ in awards[0].hands}
    return Showdown(
        hands=tuple(state.game.describe_hand(state, s) for s in range(players)),
        best_five=tuple(shown.get(s, ()) for s in range(players)),
        awards=tuple(f"{' and '.join(seat_name(s) for s in a.winners)} "
                     f"{'wins' if len(a.winners) == 1 else 'split'} "
                     f"{a.part or 'the pot'} ({a.amount}): {a.rule}" for a in awards),
        winners=tuple(a.winners for a in awards))


def _seat_help(pattern: str) -> str:
    downs, ups = pattern.count("d"), pattern.count("u")
    if not ups:
        return f"{len(pattern)} cards, e.g. {' '.join(_EXAMPLE_CARDS[:len(pattern)])}."
    return (f"{len(pattern)} cards in the order dealt: {downs} face down and {ups} face up, "
            f"the face-down ones where the deal puts them ({pattern}: d down, u up).")


def _one_example(game_id: str, example: Example, settings: Settings, prefix: str) -> None:
    if is_up_cards(example):
        show_deal_example(game_id, example, settings, prefix)
        return
    if not is_dealt(example):
        _read_example(game_id, example, settings)
        return
    st.markdown(f"#### {example.title}")
    st.write(example.text)
    seat_keys = sorted((k for k in example.cards if k.startswith("seat")),
                       key=lambda k: int(k.removeprefix("seat")))
    plan = deal_plan(game_id, players=len(seat_keys), settings=settings)
    fields: dict[str, list[Card]] = {}
    for seat, key in enumerate(seat_keys):
        text = st.text_input(f"{seat_name(seat)}'s cards", value=example.cards[key],
                             key=f"{prefix}_ex_{example.key}_{key}",
                             help=_seat_help(plan.seat_pattern))
        cards = read_cards(text, count=len(plan.seat_pattern))
        if isinstance(cards, str):
            st.error(f"{seat_name(seat)}: {plain(cards)}.", icon=":material/back_hand:")
            return
        fields[seat_name(seat)] = cards
    board: list[Card] = []
    if plan.boards:
        text = st.text_input("The board", value=example.cards.get("board", ""),
                             key=f"{prefix}_ex_{example.key}_board",
                             help=f"{plan.boards[0]} cards, in the order they are turned up.")
        read = read_cards(text, count=plan.boards[0])
        if isinstance(read, str):
            st.error(f"The board: {plain(read)}.", icon=":material/back_hand:")
            return
        board = read
    problem = clash({**fields, "the board": board})
    if problem:
        st.error(f"{plain(problem)}.", icon=":material/back_hand:")
        return
    holes = list(fields.values())
    result = example_showdown(game_id, holes, board, settings)
    if board:
        show_cards(board, size="small", label="The board")
    for seat, hole in enumerate(holes):
        show_cards(hole, size="small", marked=set(result.best_five[seat]),
                   label=f"{seat_name(seat)}'s cards")
        st.caption(f"{seat_name(seat)}: {result.hands[seat]}.")
    for line in result.awards:
        st.success(line)


def show_declared_examples(game_id: str, examples: Mapping[str, Example],
                           settings: Settings, *, prefix: str) -> None:
    """Every worked example of the file, each under its own announcements."""
    for index, example in enumerate(examples.values()):
        if index:
            st.divider()
        _one_example(game_id, example, example_settings(game_id, settings, example), prefix)


def declared_examples(content: GameContent, settings: Settings, prefix: str) -> None:
    """The examples of a declared game's file (its id is the game's)."""
    show_declared_examples(content.id, content.examples, settings, prefix=prefix)


def _read_example(game_id: str, example: Example, settings: Settings) -> None:
    st.markdown(f"#### {plain(example.title)}")
    st.write(example.text)
    said = readings(game_id, example, settings)
    for key, text in example.cards.items():
        st.markdown(f"**{plain(_words(key))}**" +
                    (f": {plain(said[key])}" if key in said else ""))
        show_cards(parse_cards(text), label=_words(key))
