"""Razz: rules, announcements and a guided hand, the lowest hand winning.

What the page holds is its entry in ui/registry.py."""

from ui.learn.game_page import game_page

game_page("razz")
