"""A house game's rules in words, written from its declaration alone: the game at a glance
and how a hand goes, step by step. Plain Python (the page draws it).

>>> from engine.games.house import BLANK, read_house
>>> house = read_house(BLANK)
>>> glance(house)["Cards"]
'Five each: five down'
>>> hand_goes(house)[:2]
['Everyone antes.', 'The deal: five cards to each player, five down.']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType

from engine.cards import card
from engine.games.base import Settings
from engine.games.declared import DeclaredGame
from engine.games.house import HouseGame
from engine.games.kinds.psycho import DrawLimit, DrawRule
from engine.games.kinds.up_cards import a_card_of
from engine.games.steps import Step, holds
from engine.table import Structure
from ui.house.form import STRUCTURES, WINS, read_form

__all__ = ["glance", "hand_goes"]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
            "ten", "eleven", "twelve")


def _number(count: int) -> str:
    return _NUMBERS[count] if 0 <= count < len(_NUMBERS) else str(count)


def _pattern(cards: str) -> str:
    """``ddu`` in words: "two down, one up" (runs of the same face in order)."""
    runs: list[tuple[str, int]] = []
    for letter in cards:
        if runs and runs[-1][0] == letter:
            runs[-1] = (letter, runs[-1][1] + 1)
        else:
            runs.append((letter, 1))
    return ", ".join(f"{_number(n)} {'up' if face == 'u' else 'down'}" for face, n in runs)


def _steps(house: HouseGame) -> tuple[Step, ...]:
    game = house.game
    return game.steps if isinstance(game, DeclaredGame) else ()


def glance(house: HouseGame) -> dict[str, str]:
    """Players, cards, betting, what wins and the wild cards, a line each."""
    game = house.game
    settings = game.settings_type()
    counts = sorted(game.player_counts(settings))
    steps = _told(house, settings)
    deals = [s for s in steps if s.kind.name == "deal"]
    each = sum(len(str(s["cards"])) for s in deals)
    rounds = sum(1 for s in steps if s.kind.name.endswith("bet"))  # Pick a Partner's too
    structure = game.structure(settings)
    values = {"rules": {"wins": _wins_values(house)}}
    wins = read_form(values).wins
    lines = {
        "Players": f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0]),
        "Cards": f"{_number(each).capitalize()} each: "
                 + "; then ".join(_pattern(str(s["cards"])) for s in deals),
        "Betting": f"{STRUCTURES.get(structure.value, structure.value)}, "
                   f"{_number(rounds)} betting round{'s' if rounds != 1 else ''}"
                   + (", an ante first" if any(s.kind.name == "ante" for s in steps)
                      else ""),
        "Pot": WINS[wins][0] if wins in WINS else _types_words(house),
    }
    wild = game.declaration.wild if isinstance(game, DeclaredGame) else None
    if wild is not None:
        said = [f"{r.plural.lower()}" for r in wild.ranks] + [str(c) for c in wild.cards]
        if wild.follow is not None:
            said.append(f"the rank dealt up after a face-up {wild.follow.word.lower()}")
        if wild.lowest_hole:
            said.append("each player's lowest hole card")
        text = ", ".join(said)
        lines["Wild cards"] = text[:1].upper() + text[1:] or "None"
    return lines


def _wins_values(house: HouseGame) -> dict[str, object]:
    game = house.game
    if not isinstance(game, DeclaredGame):
        return {}
    wins = game.declaration.wins
    values: dict[str, object] = {"high": wins.high}
    for key in ("low", "qualifier", "spade"):
        if getattr(wins, key) is not None:
            values[key] = getattr(wins, key)
    if wins.declare or wins.low_setting or wins.when:   # none of the form's plain choices
        values["declare"] = True
    return values


def _types_words(house: HouseGame) -> str:
    game = house.game
    wins = game.declaration.wins if isinstance(game, DeclaredGame) else None
    if wins is not None and wins.spade_setting:
        return "Split: the best hand and the spade in the hole the dealer names"
    types = game.hand_types(game.settings_type())
    if types.declare:
        return "Split by declarations: high, low or both"
    parts = (["the best high hand"] if types.high else []) + (
        [f"the best {types.low.value} low"] if types.low is not None else [])
    return " and ".join(parts).capitalize() or "The best hand"


def hand_goes(house: HouseGame, settings: Settings | None = None) -> list[str]:
    """How a hand goes under ``settings`` (the announcements' defaults if none): one
    sentence per step, in order, each with what the file gives it (how many cards, which
    way, at what price); a step the announcements leave out is not told."""
    game = house.game
    settings = settings if settings is not None else game.settings_type()
    fixed = game.structure(settings) is Structure.FIXED_LIMIT
    lines = []
    for step in _told(house, settings):
        words = _WORDS.get(step.kind.name)
        if step.kind.name == "bet":
            lines.append(_bet_words(step, fixed))
        elif words is not None:
            lines.append(words(step, settings))
        else:
            lines.append(f"{step.kind.name.replace('-', ' ').capitalize()}: "
                         f"{step.kind.summary}.")
    return lines


def _told(house: HouseGame, settings: Settings) -> list[Step]:
    """The steps played under these announcements (a step's ``when`` holding)."""
    def played(step: Step) -> bool:
        when = step.params.get("when", True)
        return all(holds(c, settings) for c in (when if isinstance(when, tuple | list)
                                                 else (when,)))
    return [step for step in _steps(house) if played(step)]


def _cards(count: int) -> str:
    return f"{_number(count)} card{'s' if count != 1 else ''}"


def _value(value: object, settings: Settings) -> object:
    """A step's value as the announcements make it: a setting's name reads as its value."""
    if isinstance(value, str) and hasattr(settings, value):
        found = getattr(settings, value)
        return found.value if isinstance(found, Enum) else found
    return value


def _bet_words(step: Step, fixed: bool) -> str:
    size = f" at the {step['stake']} bet" if fixed else ""
    first = " The lowest up card brings in." if step["bring_in"] else ""
    return f"A betting round{size}.{first}"


def _deal(step: Step, settings: Settings) -> str:
    cards = str(step["cards"])
    return f"{step['street']}: {_cards(len(cards))} to each player, {_pattern(cards)}."


def _board(step: Step, settings: Settings) -> str:
    return (f"{step['street']}: {_cards(int(step['cards']))} face up in the middle, shared "
            "by everyone.")


def _throw_away(step: Step, settings: Settings) -> str:
    count = int(_value(step["count"], settings))  # type: ignore[call-overload]
    return (f"{step['street']}: everyone still in throws away {_cards(count)} at once, "
            "drawing nothing for them.")


def _pass(step: Step, settings: Settings) -> str:
    count = int(_value(step["count"], settings))  # type: ignore[call-overload]
    return (f"{step['street']}: everyone still in passes {_cards(count)} face down to the "
            f"next player on the {step['to']}, all at once.")


def _draw(step: Step, settings: Settings) -> str:
    most = int(_value(step["most"], settings))  # type: ignore[call-overload]
    if most:
        ace = int(_value(step["with_ace"], settings))  # type: ignore[call-overload]
        rule = DrawRule(most=most, with_ace=ace)
    else:
        rule = DrawRule.of(DrawLimit(str(_value(step["limit"], settings))))
    return (f"{step['street']}: in turn from the dealer's left, each player still in "
            f"exchanges {rule.words} for new ones from the stock.")


def _roll(step: Step, settings: Settings) -> str:
    return f"{step['street']}: everyone still in turns one of their down cards face up, at once."


def _pay_or_fold(step: Step, settings: Settings) -> str:
    price = _value(step["price"], settings)
    pays = "match the pot" if price == "pot" else f"pay {_value(step['amount'], settings)}"
    return f"Whoever is dealt {_rank(step)} face up must {pays} or fold."


def _extra_card(step: Step, settings: Settings) -> str:
    cards = str(step["cards"])
    return (f"Whoever is dealt {_rank(step)} face up is dealt {_cards(len(cards))} more at "
            f"once, {_pattern(cards)}.")


def _rank(step: Step) -> str:
    """The step's rank in a sentence: "a four"."""
    return a_card_of(card(f"{step['rank']}c").rank)


def _declare(step: Step, settings: Settings) -> str:
    order = _value(step["order"], settings)
    how = "one at a time, in turn" if order == "in-turn" else "all at once and in secret"
    return f"{step['street']}: everyone still in declares high, low or both, {how}."


_WORDS: Mapping[str, Callable[[Step, Settings], str]] = MappingProxyType({
    "declare": _declare,
    "ante": lambda step, settings: "Everyone antes.",
    "blinds": lambda step, settings: "The two players left of the dealer post the blinds.",
    "deal": _deal,
    "board": _board,
    "showdown": lambda step, settings: (
        "The showdown: the hands still in are shown and the pot is paid."),
    "throw-away": _throw_away,
    "pass": _pass,
    "draw": _draw,
    "roll": _roll,
    "pay-or-fold": _pay_or_fold,
    "extra-card": _extra_card,
})
"""Each kind of step in words from its parameters; any other kind says its summary."""
