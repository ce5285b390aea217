"""Sophie's Pick (and Double Sophie): rules, announcements, a guided hand, and the picks."""

from content import GameContent
from engine.games.base import Settings
from ui.example_sophie import show_pairings_example
from ui.game_page import game_page


def examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_pairings_example(content.examples, prefix=prefix)


game_page("sophies-pick", prefix="sophie", examples=examples, variants=("double-sophie",))
