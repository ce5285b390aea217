"""Seven-card stud: rules, announcements, a guided hand, and who brings in and acts first."""

from content import GameContent
from engine.games.base import Settings
from ui.example_stud import show_stud_examples
from ui.game_page import game_page


def examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_stud_examples(content.examples, settings, prefix=prefix)


game_page("seven-card-stud", prefix="stud", examples=examples)
