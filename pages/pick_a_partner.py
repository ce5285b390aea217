"""Pick a Partner: rules, announcements, a guided hand, and building a team hand."""

from content import GameContent
from engine.games.base import Settings
from ui.example_partner import show_team_hand_example
from ui.game_page import game_page


def examples(content: GameContent, settings: Settings, prefix: str) -> None:
    show_team_hand_example(content.examples, prefix=prefix)


game_page("pick-a-partner", prefix="partner", examples=examples)
