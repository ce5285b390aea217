"""Seven-card stud eight or better: rules, announcements, a guided hand, and who brings in
and acts first, the pot split high and low.

What the page holds is its entry in ui/registry.py."""

from ui.learn.game_page import game_page

game_page("seven-card-stud-eight")
