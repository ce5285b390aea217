"""The dealer's announcements that decide who wins, read from each game's declaration.

An odds answer plays every hand to the showdown with everyone checking or calling, so an
announcement that only sizes the bets (the betting limit, an open pair's big bet) cannot
change it, while one that changes what wins (high-low and its qualifier, the low ranking)
or how the hand is played out (partners' cards, draws, declarations, a short stock) can. A
setting is taken as sizing the bets when switching it changes the stakes in words but not
the hand types; every other choice is offered. No game is named here: a new game's
announcements follow from its settings.

>>> [info.name for info in deciding("omaha")]
['pot']
>>> named("omaha", {"pot": "eight-or-better"})
'Pot: High-low split, eight or better'
>>> named("texas-holdem", {})
'no announcement changes who wins'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.games import get_game, make_settings
from engine.games.base import SettingInfo, SettingsError
from engine.games.hand_types import HandTypes
from engine.hands import LowRanking

__all__ = ["deciding", "named", "option_label", "types_with_low"]


def types_with_low(game_id: str, low_ranking: LowRanking | str) -> HandTypes:
    """The game's hand types under its default announcements, with the low the dealer
    announced where the game lets the dealer announce it (Psycho's ``low_ranking``); a
    view carries no announcements, so the pages pass the low along.

    >>> types_with_low("psycho", "deuce-to-seven").low.value
    'deuce-to-seven'
    >>> types_with_low("deuce-to-seven-triple-draw", "ace-to-five").low.value
    'deuce-to-seven'
    """
    game = get_game(game_id)
    if not any(info.name == "low_ranking" for info in game.settings_type.schema()):
        return game.hand_types(game.settings_type())
    low = LowRanking(low_ranking).value
    return game.hand_types(game.settings_type.from_dict({"low_ranking": low}))


def deciding(game_id: str) -> tuple[SettingInfo, ...]:
    """The game's choice settings that can change who wins a hand played to the showdown."""
    game = get_game(game_id)
    base = game.settings_type()
    found: list[SettingInfo] = []
    for info in game.settings_type.schema():
        if not info.options:
            continue
        hand_types, stakes = set(), set()
        for option in info.options:
            try:
                settings = replace(base, **{info.name: option.value})
                settings.check()
            except (SettingsError, ValueError, TypeError):
                continue
            hand_types.add(repr(game.hand_types(settings)))
            stakes.add(tuple(game.stakes(settings)))
        if len(hand_types) > 1 or len(stakes) == 1:
            found.append(info)
    return tuple(found)


def option_label(info: SettingInfo, value: Any) -> str:
    """The option's words ("High-low split, eight or better"), or the value as given."""
    plain = getattr(value, "value", value)
    for option in info.options:
        if option.value == value or getattr(option.value, "value", option.value) == plain:
            return option.label
    return str(plain)


def named(game_id: str, settings: Mapping[str, Any]) -> str:
    """Every deciding announcement with the value in force, in words, for beside an answer."""
    game = get_game(game_id)
    try:
        chosen = make_settings(game, dict(settings))
    except (SettingsError, ValueError):
        chosen = game.settings_type()
    parts = [f"{info.label}: {option_label(info, getattr(chosen, info.name))}"
             for info in deciding(game_id)]
    return "; ".join(parts) if parts else "no announcement changes who wins"
