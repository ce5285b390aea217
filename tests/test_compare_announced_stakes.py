"""Compare's house stakes follow the announcements in force: an amount the game names only
under another announcement (Baseball's fixed payment for a face-up three, when the house
rule is the pot) is left out, and the game's every other amount is kept."""

from __future__ import annotations

from engine.games import GAMES
from ui.learn.compare import announced_only, house_stakes


def test_baseballs_fixed_payment_is_no_house_stake_while_a_three_costs_the_pot() -> None:
    assert "three" not in house_stakes("baseball")
    assert house_stakes("baseball").endswith("small bet 10, big bet 20")
    fixed = GAMES["baseball"].settings_type.from_dict({"three_price": "fixed"})
    assert announced_only("baseball", fixed) == frozenset()


def test_a_game_without_stakes_sentences_keeps_every_amount() -> None:
    assert announced_only("seven-card-stud", GAMES["seven-card-stud"].settings_type()) == \
        frozenset()
