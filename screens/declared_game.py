"""The learning page of any declared game without a page file of its own: the rules,
announcements and guided hand of the game whose page was opened (opening it makes that
game the current one).

What the page holds is the game's declaration and words."""

from ui.learn.game_page import game_page
from ui.registry import generic_game
from ui.sidebar import current_game

game_page(generic_game(current_game()))
