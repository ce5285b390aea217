"""Psycho: rules, announcements, a guided hand, and going both ways.

What the page holds is its entry in ui/registry.py."""

from ui.learn.game_page import game_page

game_page("psycho")
