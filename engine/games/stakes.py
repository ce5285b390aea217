"""The stakes of a table in sentences: the chips, the forced bets and the bet sizes of
the announcements in force, for the rules a game page shows.

A game says its own stakes with ``Game.stakes`` (``engine.games.base``); the
default, :func:`general_stakes`, reads the usual announcements (``ante``,
``small_blind`` and ``big_blind``, ``bring_in``, ``small_bet`` and ``big_bet``,
``structure``) and lists any other number by its label.
"""

from __future__ import annotations

from typing import Protocol

from engine.hands import UpCard
from engine.settings import Settings
from engine.table import Structure

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

_USUAL = frozenset({"chips", "ante", "small_blind", "big_blind", "bring_in", "small_bet",
                    "big_bet"})
"""The announcements :func:`general_stakes` says in sentences of its own."""


class StakedGame(Protocol):
    """What the stakes read of a game (``engine.games.base.Game`` answers it)."""

    @property
    def brings_in(self) -> UpCard: ...

    def chips(self, settings: Settings) -> int: ...

    def structure(self, settings: Settings) -> Structure: ...

    def cap(self, settings: Settings) -> int | None: ...


def count(number: int, thing: str) -> str:
    """``"three raises"``, ``"one raise"``, ``"12 raises"``."""
    word = _NUMBERS[number] if 0 <= number < len(_NUMBERS) else str(number)
    return f"{word} {thing}" + ("" if number == 1 else "s")


def limit_words(structure: Structure, smallest: str) -> str:
    """How big a bet may be in pot or no limit, from the smallest bet's description."""
    top = "the size of the pot" if structure is Structure.POT_LIMIT else "all of a player's chips"
    return (f"{structure.label}: the smallest bet is {smallest}, and a bet or raise may go "
            f"up to {top}.")


def start_words(game: StakedGame, settings: Settings) -> str:
    """"Each player starts with 200 chips" (no full stop: a sentence goes on from it)."""
    return f"Each player starts with {game.chips(settings)} chips"


def blinds_words(small: int, big: int) -> str:
    return (f"Before the deal the player on the dealer's left posts a small blind of {small} "
            f"and the next player a big blind of {big} (heads-up, the dealer posts the small "
            "blind).")


def general_stakes(game: StakedGame, settings: Settings) -> list[str]:
    """The stakes of any game from its usual announcements, by name."""
    values = {info.name: getattr(settings, info.name) for info in settings.schema()}
    ante = values.get("ante", 0)
    lines = [f"{start_words(game, settings)} and antes {ante} before the deal." if ante
             else f"{start_words(game, settings)}."]
    if "small_blind" in values and "big_blind" in values:
        lines.append(blinds_words(values["small_blind"], values["big_blind"]))
    small, big = values.get("small_bet"), values.get("big_bet")
    if values.get("bring_in"):
        complete = f", or may complete to the small bet of {small}" if small else ""
        lines.append(f"In the first betting round the {game.brings_in.value} up card brings "
                     f"in for {values['bring_in']}{complete}.")
    structure = game.structure(settings)
    if small is not None and big is not None:
        if structure is Structure.FIXED_LIMIT:
            lines.append(f"Bets and raises are {small} in the early betting rounds and {big} "
                         "in the later ones.")
        else:
            lines.append(limit_words(structure, f"{small} in the early rounds and {big} in "
                                     "the later ones"))
    elif "big_blind" in values and structure is not Structure.FIXED_LIMIT:
        lines.append(limit_words(structure, f"{values['big_blind']} in every round"))
    lines.extend(f"{info.label}: {getattr(settings, info.name)}."
                 for info in settings.schema() if not info.options and info.name not in _USUAL)
    return lines


def cap_words(game: StakedGame, settings: Settings) -> str:
    """How many raises a round allows under these announcements."""
    cap = game.cap(settings)
    if game.structure(settings) is not Structure.FIXED_LIMIT or cap is None:
        return "There is no cap on the number of raises in a round."
    opening = "one bet (completing the bring-in counts as it)" \
        if getattr(settings, "bring_in", 0) else "one bet"
    return (f"A betting round allows {opening} and at most {count(cap - 1, 'raise')}. "
            "When only two players are left in the hand there is no cap: they may raise "
            "each other as often as they like.")
