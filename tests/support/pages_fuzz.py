"""Every screen with a text box, opened through AppTest, and typing into each box."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.support.hostile import site_page


@dataclass(frozen=True)
class Screen:
    """A page in a given state: its file, and what to do first to show its inputs."""

    name: str
    page: str
    prepare: Callable[[AppTest], None] = lambda at: None
    state: tuple[tuple[str, Any], ...] = ()
    params: tuple[tuple[str, str], ...] = ()
    submit: str | None = None
    """The button that reads the text boxes, when typing alone does not."""
    texts: bool = True
    numbers: bool = True
    """Whether it shows text boxes, number boxes: checked by
    ``test_every_page_with_inputs_is_fuzzed``, so that collecting the tests opens no page."""
    on_their_own: tuple[str, ...] = ("play_house_link", "host_house_link")
    """Boxes read as they change (a house game's link), whose text ``submit`` never reads."""

    def submit_for(self, key: str) -> str | None:
        """The button to press after typing into the box ``key``."""
        return None if key in self.on_their_own else self.submit


def _play_setup(at: AppTest) -> None:
    at.toggle(key="play_setup_open").set_value(True).run()


def _host_typed(at: AppTest) -> None:
    """Psycho's typed deal: a box per seat for its cards and one for its draw."""
    at.toggle(key="host_setup_open").set_value(True).run()
    at.radio(key="host_source").set_value("Cards typed in").run()


SCREENS = (
    Screen("rankings", "rankings", numbers=False),
    Screen("pick-a-partner", "pick_a_partner"),
    Screen("sophies-pick", "sophies_pick"),
    Screen("seven-card-stud", "seven_card_stud"),
    Screen("psycho", "psycho"),
    *(Screen(f"odds-{w}", "odds", state=(("odds_widget", w),), texts=w != "hands")
      for w in ("partner", "sophie", "stud", "psycho", "hands")),
    Screen("play-setup", "play", _play_setup),
    Screen("host-typed", "host", _host_typed, state=(("game", "psycho"),), submit="host_deal"),
)


def _open(screen: Screen) -> AppTest:
    at = site_page(screen.page, params=dict(screen.params), state=dict(screen.state))
    assert not at.exception, at.exception[0].value
    screen.prepare(at)
    assert not at.exception, at.exception[0].value
    return at


def _text_boxes(at: AppTest) -> list[tuple[str, str]]:
    return [("text_input", w.key) for w in at.text_input if w.key] + \
        [("text_area", w.key) for w in at.text_area if w.key]


def _type(at: AppTest, kind: str, key: str, value: object, *, submit: str | None = None) -> None:
    """Type ``value`` into the box and, where a button reads the boxes, press it: in one
    run, as a visitor's click on the button sends the box's new text with it."""
    box = getattr(at, kind)(key=key).set_value(value)
    if submit is None:
        box.run()
    else:
        at.button(key=submit).click().run()


TEXT_SCREENS = [s for s in SCREENS if s.texts]
