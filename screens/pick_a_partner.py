"""Pick a Partner: rules, announcements, a guided hand, and building a team hand.

What the page holds is its entry in ui/registry.py."""

from ui.learn.game_page import game_page

game_page("pick-a-partner")
