"""The play and host pages through AppTest: opening a page, reading its text, making a
decision with its controls, playing a hand to the end."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games import GAMES
from engine.state import HandState
from tests.support.pages_app import app

ROOT = Path(__file__).resolve().parents[2]


PLAY = str(ROOT / "screens" / "play.py")


PREFERRED = ("Check", "Call", "Bring in", "Show my hand", "Stand pat", "Both ways", "High")


def open_page(path: str, params: dict[str, str] | None = None) -> AppTest:
    at = app(path)
    for name, value in (params or {}).items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception[0].value
    return at


def page_text(at: AppTest) -> str:
    """Everything the page shows as text: markdown (the table's HTML too), captions,
    buttons and messages."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [h.value for h in at.header] + [h.value for h in at.subheader]
    parts += [b.label for b in at.button] + [e.value for e in at.error]
    parts += [e.value for e in at.success]
    return html.unescape("\n".join(parts))


def take_decision(at: AppTest, prefix: str, *, discard: int = 0) -> str:
    """Make one decision with the controls whose keys start with ``prefix``; return its label.

    Prefers decisions that keep the hand going (check, call, show); picks three
    cards to expose, as many as the prompt names to throw away or pass, ``discard``
    cards to draw, and the first pairing to lock.
    """
    if any(p.key == f"{prefix}_pair1" for p in at.pills):
        return lock_pairs(at, prefix, first=(0, 1), second=(0, 1))
    pills = [p for p in at.pills if p.key and p.key.startswith(prefix)]
    if pills:
        (chooser,) = pills
        named = re.search(r"Choose (one|two|three|four|five) cards? to (throw away|pass)",
                          chooser.label)
        wanted = 3 if "expose" in chooser.label.lower() or "three" in chooser.label else discard
        if named:
            wanted = ("one", "two", "three", "four", "five").index(named.group(1)) + 1
        chooser.set_value(list(chooser.options[:wanted])).run()
        assert not at.exception, at.exception[0].value
        confirm = at.button(key=f"{prefix}_confirm")
        assert not confirm.disabled, f"{confirm.label} is disabled"
        label = confirm.label
        confirm.click().run()
        return label
    buttons = [b for b in at.button if b.key and b.key.startswith(prefix) and not b.disabled]
    assert buttons, f"no decision offered under {prefix}"
    chosen = next((b for word in PREFERRED for b in buttons if b.label.startswith(word)),
                  buttons[0])
    label = chosen.label
    chosen.click().run()
    return label


def lock_pairs(at: AppTest, prefix: str, *, first: tuple[int, int],
               second: tuple[int, int]) -> str:
    """Tap two cards for the first pair and two of the rest for the second (by their place
    among the cards offered), then lock; return the lock button's label."""
    pair1 = at.pills(key=f"{prefix}_pair1")
    pair1.set_value([pair1.options[i] for i in first]).run()
    (pair2,) = [p for p in at.pills if p.key and p.key.startswith(f"{prefix}_pair2_")]
    pair2.set_value([pair2.options[i] for i in second]).run()
    lock = at.button(key=f"{prefix}_lock")
    assert not lock.disabled, "three pairs are chosen but Lock is disabled"
    label = lock.label
    lock.click().run()
    assert not at.exception, at.exception[0].value
    return label


def play_state(at: AppTest) -> HandState:
    state = at.session_state["play_table"].state
    assert isinstance(state, HandState)
    return state


def deal_with_controls(at: AppTest, game_id: str, *, players: int, seed: int,
                       hot: bool = False) -> None:
    at.toggle(key="play_setup_open").set_value(True).run()
    at.selectbox(key="play_game").set_value(game_id).run()
    at.selectbox(key="play_players").set_value(players).run()
    at.number_input(key="play_seed_choice").set_value(seed)
    if hot:
        at.toggle(key="play_hot_choice").set_value(True)
    at.button(key="play_deal").click().run()
    assert not at.exception, at.exception[0].value


def page_shape(game_id: str) -> tuple[object, ...]:
    """What the Play and Host pages draw differently from one game to another: the kinds of step
    (a decision of each kind has controls of its own), wild cards and the boards; a game
    not declared as data is a shape of its own."""
    game = GAMES[game_id]
    declaration = getattr(game, "declaration", None)
    if declaration is None:
        return (game_id,)
    return (frozenset(step.kind for step in declaration.steps), declaration.wild is not None,
            declaration.boards)


def played_on_the_page_as(game_id: str) -> str:
    """The first registered game of ``game_id``'s page shape: the one played on the page."""
    return next(other for other in GAMES if page_shape(other) == page_shape(game_id))


def players_for(game_id: str) -> int:
    """Four players where the game deals for four, else its smallest table."""
    game = GAMES[game_id]
    counts = game.player_counts(game.settings_type())
    return 4 if 4 in counts else counts[0]


def play_to_the_end(at: AppTest, *, seat: int = 0) -> set[str]:
    """Make the person's decisions until the hand is over; return the kinds made."""
    made: set[str] = set()
    for _ in range(60):
        state = play_state(at)
        if state.is_over:
            return made
        assert set(state.to_act) == {seat}, "the computer players left a decision open"
        step = len(state.actions)
        take_decision(at, f"play_act_{step}", discard=2)
        assert not at.exception, at.exception[0].value
        made.add(play_state(at).actions[step].kind.value)
    raise AssertionError("the hand never ends")


HOST = str(ROOT / "screens" / "host.py")


def host_state(at: AppTest) -> HandState:
    state = at.session_state["host_table"].state
    assert isinstance(state, HandState)
    return state


def click(at: AppTest, name: str) -> None:
    at.button(key=f"host_{name}").click().run()
    assert not at.exception, at.exception[0].value


def _typed_deal(at: AppTest, seats: list[str], *, game: str = "seven-card-stud",
                players: int = 3, draws: Sequence[str] = ()) -> None:
    at.toggle(key="host_setup_open").set_value(True).run()
    at.selectbox(key="host_game").set_value(game).run()
    at.selectbox(key="host_players").set_value(players).run()
    at.radio(key="host_source").set_value("Cards typed in").run()
    for seat, text in enumerate(seats):
        at.text_input(key=f"host_typed_{seat}").set_value(text)
    for seat, text in enumerate(draws):
        at.text_input(key=f"host_typed_draw_{seat}").set_value(text)
    at.button(key="host_deal").click().run()
    assert not at.exception, at.exception[0].value
