"""Omaha: rules, announcements and a guided hand, exactly two of four hole cards with
three from the board.

What the page holds is its entry in ui/registry.py."""

from ui.learn.game_page import game_page

game_page("omaha")
