"""Texas hold'em: rules, announcements and a guided hand, two cards each and a board.

What the page holds is its entry in ui/registry.py."""

from ui.learn.game_page import game_page

game_page("texas-holdem")
