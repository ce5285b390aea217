"""Psycho: rules, announcements, a guided hand, and going both ways."""

from content import GameContent
from engine.games.base import Settings
from engine.hands import LowRanking
from ui.example_psycho import show_both_ways_example
from ui.game_page import game_page


def examples(content: GameContent, settings: Settings | None, prefix: str) -> None:
    ranking = LowRanking(getattr(settings, "low_ranking", LowRanking.ACE_TO_FIVE))
    show_both_ways_example(content.examples, prefix=prefix, ranking=ranking)


game_page("psycho", prefix="psycho", examples=examples)
