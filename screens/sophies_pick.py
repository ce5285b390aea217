"""Sophie's Pick (and Double Sophie): rules, announcements, a guided hand, and the picks.

What the page holds is its entry in ui/registry.py."""

from ui.learn.game_page import game_page

game_page("sophies-pick")
