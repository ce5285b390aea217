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

from engine.games.declared import DeclaredGame
from engine.games.house import HouseGame
from engine.games.steps import Step
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
    deals = [s for s in _steps(house) if s.kind.name == "deal"]
    each = sum(len(str(s["cards"])) for s in deals)
    rounds = sum(1 for s in _steps(house) if s.kind.name == "bet")
    structure = game.structure(settings)
    values = {"rules": {"wins": _wins_values(house)}}
    wins = read_form(values).wins
    lines = {
        "Players": f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0]),
        "Cards": f"{_number(each).capitalize()} each: "
                 + "; then ".join(_pattern(str(s["cards"])) for s in deals),
        "Betting": f"{STRUCTURES.get(structure.value, structure.value)}, "
                   f"{_number(rounds)} betting round{'s' if rounds != 1 else ''}"
                   + (", an ante first" if any(s.kind.name == "ante" for s in _steps(house))
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


def hand_goes(house: HouseGame) -> list[str]:
    """How a hand goes: one sentence per step, in order."""
    lines = []
    settings = house.game.settings_type()
    fixed = house.game.structure(settings) is Structure.FIXED_LIMIT
    for step in _steps(house):
        kind = step.kind.name
        if kind == "ante":
            lines.append("Everyone antes.")
        elif kind == "blinds":
            lines.append("The two players left of the dealer post the blinds.")
        elif kind == "deal":
            cards = str(step["cards"])
            lines.append(f"{step['street']}: {_number(len(cards))} card"
                         f"{'s' if len(cards) != 1 else ''} to each player, "
                         f"{_pattern(cards)}.")
        elif kind == "board":
            count = int(step["cards"])
            lines.append(f"{step['street']}: {_number(count)} card{'s' if count != 1 else ''} "
                         "face up in the middle, shared by everyone.")
        elif kind == "bet":
            size = f" at the {step['stake']} bet" if fixed else ""
            first = " The lowest up card brings in." if step["bring_in"] else ""
            lines.append(f"A betting round{size}.{first}")
        elif kind == "showdown":
            lines.append("The showdown: the hands still in are shown and the pot is paid.")
        else:
            lines.append(f"{kind.replace('-', ' ').capitalize()}: {step.kind.summary}.")
    return lines
