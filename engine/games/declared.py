"""A declared game: a game's ``[rules]`` (``engine.games.declaration``) made playable.

:func:`build_games` checks a declaration against the step kinds
(``engine.games.kinds``): every step's kind and parameters, every setting a step or a
condition names, the deck at the most players (a deal needing more cards than the
deck holds), the order of the steps (a draw or an expose before any card) and what
wins (a hand type needing more cards than a player holds). A game that passes is a
:class:`DeclaredGame`, taking on the hooks of the kinds it uses (a team hand, locked
pairs, declarations), with its announcements a frozen :class:`~engine.games.base.Settings`
dataclass built from its ``[[rules.settings]]``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from enum import Enum, StrEnum
from functools import lru_cache
from string import Formatter
from types import MappingProxyType
from typing import Any, ClassVar, cast

from engine.cards import DECKS, Card
from engine.games.base import Game, Option, Settings, SettingsError, setting
from engine.games.declaration import Declaration, SettingDecl, StepDecl
from engine.games.hand_types import HandTypes
from engine.games.kinds.general import BetChoice, DeclaredBetting, ShowingTies
from engine.games.openers import able_to_bet, best_showing, hold_em_order
from engine.games.phases import Betting, Blinds, Phase
from engine.games.stakes import blinds_words, general_stakes, limit_words, start_words
from engine.games.steps import Context, Param, Step, StepKind, condition_names, holds
from engine.games.wild_cards import check_extras, extra_hooks
from engine.hands import HandValue, LowRanking, Showing, UpCard
from engine.hole_board import best_high_exactly, best_low_exactly, omaha_high, omaha_low
from engine.state import BettingRound, HandState, HandView
from engine.table import Structure

__all__ = ["DeclaredGame", "build_games"]

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class DeclaredGame(Game):
    """A game played from its declaration: the steps become the phases, and the
    declaration answers the hooks (who opens, bet sizes, structure, stakes, what wins)."""

    __slots__ = ()

    declaration: ClassVar[Declaration]
    steps: ClassVar[tuple[Step, ...]]

    # --- the table -----------------------------------------------------------

    def check_players(self, players: int, settings: Settings) -> None:
        decl = self.declaration
        if players in decl.counts:
            return
        if decl.counts != tuple(range(decl.min_players, decl.max_players + 1)):
            *most, last = (str(c) for c in decl.counts)
            why = f": {decl.players_why}" if decl.players_why else \
                _why(decl, self.steps, players)
            raise ValueError(f"{self.name} is for {', '.join(most)} or {last} players, not "
                             f"{players}{why}")
        raise ValueError(f"{self.name} is for {decl.min_players} to {decl.max_players} "
                         f"players, not {players}{_why(decl, self.steps, players)}")

    def structure(self, settings: Settings) -> Structure:
        spec = self.declaration.structure
        if "fixed" in spec:
            return Structure(spec["fixed"])
        value = getattr(settings, spec["setting"])
        if value == BetChoice.USUAL:
            usual = spec["usual"]
            return Structure(usual[str(_plain(getattr(settings, usual["by"])))])
        return Structure(_plain(value))

    def cap(self, settings: Settings) -> int | None:
        return self.declaration.cap

    def stakes(self, settings: Settings) -> list[str]:
        lines = self.declaration.stakes
        if not lines:
            return general_stakes(self, settings)
        values = _template_values(self, settings)
        return [line.text.format_map(values) for line in lines
                if all(holds(c, settings, values) for c in line.when)]

    def burns(self, players: int) -> bool:
        """Whether the board steps burning "if-room" burn at this many players."""
        return burn_plan(self.declaration, self.steps, players)[0]

    def burn_rule(self, players: int) -> str:
        """The burning rule in words, for the page and the narration ("No cards are
        burned: 7 players need 42 hole cards and two boards of five, all 52 cards")."""
        return burn_plan(self.declaration, self.steps, players)[1]

    def phases(self, state: HandState) -> list[Phase]:
        burns, rule = burn_plan(self.declaration, self.steps, state.players)
        context = Context(state=state, boards=self.declaration.boards, burns=burns,
                          burn_rule=rule)
        return [step.kind.build(step, context) for step in self.steps]

    # --- betting -------------------------------------------------------------

    def opener(self, state: HandState, phase: BettingRound) -> tuple[int, str]:
        """The declared way: the bring-in's up card; hold'em's order after the blinds;
        the best (or lowest) showing hand among the seats declared, ties as declared;
        the first seat from the dealer's left; or, by default, Game's usual order."""
        if phase.bring_in or not isinstance(phase, DeclaredBetting):
            return super().opener(state, phase)
        if phase.opens == "blinds":
            first = next(p for p in state.phases if isinstance(p, Betting))
            return hold_em_order(state, first_round=phase is first)
        seats = state.in_hand() if phase.among == "in-hand" else able_to_bet(state)
        if phase.opens == "showing":
            ties = phase.ties
            if ties not in ("seat", "suit"):
                ties = str(_plain(getattr(state.settings, ties)))
            return best_showing(state, seats, order=self.opens, shown=phase.shown,
                                by_suit=ties == ShowingTies.SUIT.value)
        if phase.opens == "first":
            return seats[0], "first player still in from the dealer's left"
        return super().opener(state, phase)

    def bet_size(self, state: HandState, phase: BettingRound) -> tuple[int, int | None]:
        """The declared small or big bet (a number or a setting), the big one doubled in
        fixed limit where declared; a pair showing allows the big bet where declared."""
        small, big = bet_sizes(self, state.settings)
        if phase.stake == "big":
            return big, None
        straddle = _straddle(state)
        if straddle and phase is next(p for p in state.phases if isinstance(p, Betting)) \
                and self.structure(state.settings) is not Structure.FIXED_LIMIT:
            return max(small, straddle), None   # before the flop a raise is at least it
        if isinstance(phase, DeclaredBetting) and phase.open_pair is not False and \
                holds(phase.open_pair, state.settings) and big > small and any(
                    _has_pair(state.up_cards(seat)) for seat in state.in_hand()):
            return small, big
        return small, None

    # --- hands ---------------------------------------------------------------

    def hand_types(self, settings: Settings) -> HandTypes:
        """What wins under these announcements: the declared hand types, changed where a
        setting's value says so (Omaha's announced split pot). Worked out once for each
        game and announcements (:func:`_hand_types`): a computer player's estimate asks
        for them with every hand it values."""
        return _hand_types(self, settings)

    def evaluate(self, settings: Settings, hole: Sequence[Card], board: Sequence[Card], *,
                 view: HandView | None = None
                 ) -> tuple[HandValue | None, HandValue | None]:
        types = self.hand_types(settings)
        if types.hole_cards is None:
            return super().evaluate(settings, hole, board, view=view)
        return (_high_exactly(hole, board, types) if types.high else None,
                _low_exactly(hole, board, types) if types.low is not None else None)

    def hand_value(self, state: HandState, seat: int) -> HandValue:
        types = self.hand_types(state.settings)
        if types.low is LowRanking.BADUGI:  # fewer than five cards: no high hand to make
            return self.low_value(state, seat)
        if types.hole_cards is None:
            return super().hand_value(state, seat)
        return _high_exactly(state.live_cards(seat), state.boards[0], types)

    def low_value(self, state: HandState, seat: int) -> HandValue:
        types = self.hand_types(state.settings)
        if types.hole_cards is None:
            return super().low_value(state, seat)
        return _low_exactly(state.live_cards(seat), state.boards[0], types)


def _high_exactly(hole: Sequence[Card], board: Sequence[Card], types: HandTypes) -> HandValue:
    if types.hole_cards == 2:
        return omaha_high(tuple(hole), tuple(board))
    return best_high_exactly(hole, board, types.hole_cards or 2)


def _low_exactly(hole: Sequence[Card], board: Sequence[Card], types: HandTypes) -> HandValue:
    low = types.low or LowRanking.ACE_TO_FIVE
    if types.hole_cards == 2 and low is LowRanking.ACE_TO_FIVE:
        return omaha_low(tuple(hole), tuple(board))
    return best_low_exactly(hole, board, low, types.hole_cards or 2)


def _has_pair(up: Sequence[Card]) -> bool:
    ranks = [c.rank for c in up]
    return len(set(ranks)) < len(ranks)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _straddle(state: HandState) -> int:
    """The straddle posted with the blinds this hand (0: none, or two players)."""
    blinds = next((p for p in state.phases if isinstance(p, Blinds)), None)
    return blinds.straddle if blinds is not None and state.players > 2 else 0


def bet_sizes(game: Game, settings: Settings) -> tuple[int, int]:
    """The small and the big bet under these announcements."""
    bets = game.declaration.bets if isinstance(game, DeclaredGame) else {}
    names = ("small_bet", "big_bet") if hasattr(settings, "small_bet") else (
        "big_blind", "big_blind")
    small, big = (_number(settings, bets.get(key, default))
                  for key, default in zip(("small", "big"), names, strict=True))
    if bets.get("fixed_big_doubles") and game.structure(settings) is Structure.FIXED_LIMIT:
        big *= 2
    return small, big


def _number(settings: Settings, value: int | str) -> int:
    return value if isinstance(value, int) else int(getattr(settings, value))


def _template_names(settings: set[str]) -> set[str]:
    """Every name :func:`_template_values` gives, for announcements of these names."""
    names = settings | {"start", "small", "big", "structure", "limit_big_blind",
                        "limit_rounds"}
    return names | ({"blinds"} if {"small_blind", "big_blind"} <= settings else set())


def _template_values(game: Game, settings: Settings) -> dict[str, Any]:
    """What a stakes sentence may name: every setting, ``start`` ("Each player starts
    with 200 chips"), ``small`` and ``big`` (the bet sizes), ``blinds`` (the blinds in a
    sentence), ``limit_small`` and ``limit_rounds`` (pot or no limit in a sentence)."""
    values: dict[str, Any] = {info.name: _plain(getattr(settings, info.name))
                              for info in settings.schema()}
    small, big = bet_sizes(game, settings)
    structure = game.structure(settings)
    values.update(start=start_words(game, settings), small=small, big=big,
                  structure=structure.value)
    if "small_blind" in values and "big_blind" in values:
        values["blinds"] = blinds_words(values["small_blind"], values["big_blind"])
    values["limit_big_blind"] = limit_words(structure, f"the big blind, {big}") \
        if structure is not Structure.FIXED_LIMIT else ""
    values["limit_rounds"] = limit_words(structure, f"{small} in the first two rounds and "
                                                    f"{big} in the last two") \
        if structure is not Structure.FIXED_LIMIT else ""
    return values


# --- checking a declaration ----------------------------------------------------------


def burn_plan(decl: Declaration, steps: Sequence[Step], players: int) -> tuple[bool, str]:
    """Whether the board steps that burn "if-room" burn at this many players, and the
    rule in words (Double Sophie's seven players use the whole deck, so none burn)."""
    hole = sum(s.kind.cards(s.params).each for s in steps) * players
    board = sum(s.kind.cards(s.params).board for s in steps) * decl.boards
    burns = sum(1 for s in steps if s.kind.name == "board" and s.params["burn"] == "if-room")
    room = hole + board + burns * decl.boards <= decl.deck_size
    streets = [str(s.params["street"]).lower() for s in steps if s.kind.name == "board"]
    if not streets:
        return True, ""
    if room:
        if decl.boards == 1:
            return True, f"One card is burned before the {_and(streets, 'the ')}"
        return True, f"One card is burned before each board's {_and(streets, '')}"
    boards = "a board of five" if decl.boards == 1 else \
        f"{_WORDS[decl.boards]} boards of {_WORDS[board // decl.boards]}"
    return False, (f"No cards are burned: {players} players need {hole} hole cards and "
                   f"{boards}, all {hole + board} cards")


def _and(names: Sequence[str], article: str) -> str:
    said = [f"{article}{n}" if i else n for i, n in enumerate(names)]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def _why(decl: Declaration, steps: Sequence[Step], players: int) -> str:
    if players < 2:
        return ": it takes at least two to bet"
    need = 0
    earned: dict[str, int] = {}
    for step in steps:
        cards = step.kind.cards(step.params)
        need += (min(cards.each, 1) if cards.shares_when_short else cards.each * players) \
            + cards.board * decl.boards
        earned[cards.earned_by] = max(cards.earned, earned.get(cards.earned_by, 0))
    need += sum(earned.values())
    if need > decl.deck_size:
        return (f": {players} players would need {need} cards without burns, more than the "
                f"{decl.deck_size} in the deck")
    return ""


def build_games(decls: Sequence[Declaration], *, kinds: Mapping[str, StepKind],
                setting_types: Mapping[str, type[StrEnum]]) -> tuple[Game, ...]:
    """Each declaration checked and made a game, or ``DeclarationError`` for the first
    that breaks a rule (file, line, key and reason)."""
    made: dict[int, type[Settings]] = {}
    games = []
    for decl in decls:
        settings_type = made.get(id(decl.settings)) or build_settings(decl, setting_types)
        made[id(decl.settings)] = settings_type
        games.append(_build(decl, kinds=kinds, settings_type=settings_type))
    return tuple(games)


def _build(decl: Declaration, *, kinds: Mapping[str, StepKind],
           settings_type: type[Settings]) -> Game:
    names = {info.name: info for info in settings_type.schema()}
    steps = tuple(_step(s, kinds=kinds, settings=names) for s in decl.steps)
    _check_reads(decl, steps)
    _check_end(decl, steps)
    _check_bets_and_stakes(decl, settings_type)
    _check_structure(decl, settings_type)
    _check_boards(decl, steps, kinds)
    _check_openers(decl, steps)
    _check_plan(decl, steps)
    _check_wins(decl, steps, names)
    check_extras(decl, steps)
    _check_announcements_read(decl, steps)
    hooks = tuple(dict.fromkeys(s.kind.hooks for s in steps if s.kind.hooks is not None))
    hooks += extra_hooks(decl)
    namespace = {
        "__slots__": (), "__module__": __name__, "__doc__": f"{decl.name}, as declared.",
        "id": decl.id, "name": decl.name, "min_players": decl.min_players,
        "max_players": decl.max_players, "settings_type": settings_type,
        "wins": _base_wins(decl), "opens": Showing(decl.opens),
        "brings_in": UpCard(decl.brings_in), "declaration": decl, "steps": steps,
        "boards": decl.boards, "cards": DECKS[decl.deck]}
    game_type = cast("type[DeclaredGame]", type(_class_name(decl.name), (*hooks, DeclaredGame),
                                                namespace))
    game = game_type()
    return game


def _class_name(name: str) -> str:
    return "".join(w.capitalize() for w in "".join(
        c if c.isalnum() else " " for c in name.replace("'", "")).split()) or "Declared"


def _base_wins(decl: Declaration) -> HandTypes:
    wins = decl.wins
    low = wins.low or (LowRanking.ACE_TO_FIVE.value if wins.low_setting else None)
    try:
        return HandTypes(high=wins.high, low=LowRanking(low) if low else None,
                         qualifier=wins.qualifier, declare=wins.declare,
                         hole_cards=wins.hole_cards, short_deck=decl.deck == "short")
    except ValueError as error:
        raise wins.where.error(str(error)) from None


def _step(decl: StepDecl, *, kinds: Mapping[str, StepKind],
          settings: Mapping[str, Any]) -> Step:
    kind = kinds.get(decl.kind)
    if kind is None:
        raise decl.where.error(f"unknown step kind {decl.kind!r}; the kinds are "
                               f"{', '.join(sorted(kinds))}")
    for key in decl.params:
        if key not in kind.params:
            allowed = ", ".join(kind.params) or "none"
            raise decl.at(key).error(f"unknown key for a {kind.name} step; its keys are "
                                     f"{allowed}")
    params = {}
    for key, param in kind.params.items():
        if key not in decl.params:
            if param.required:
                raise decl.where.error(f"a {kind.name} step needs {key!r}")
            params[key] = param.default
            continue
        params[key] = _param(decl, key, param, decl.params[key], settings)
    return Step(kind=kind, params=MappingProxyType(params), decl=decl)


_CHECKS: Mapping[str, Callable[[Any], bool]] = MappingProxyType({
    "text": lambda v: isinstance(v, str) and bool(v.strip()),
    "count": lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
    "pattern": lambda v: isinstance(v, str) and bool(v) and set(v) <= {"u", "d"},
})


def _param(decl: StepDecl, key: str, param: Param, value: Any,
           settings: Mapping[str, Any]) -> Any:
    where = decl.at(key)
    if param.type in _CHECKS:
        if not _CHECKS[param.type](value):
            raise where.error(f"expected {_EXPECTED[param.type]}, not {value!r}")
        return value
    if param.type == "amount":
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        if isinstance(value, str) and value in settings and not settings[value].options:
            return value
        raise where.error(f"expected a whole number or a number setting's name, not {value!r}")
    if param.type == "condition":
        if isinstance(value, bool) or (param.choices and value in param.choices):
            return value
        if not isinstance(value, str):
            raise where.error(f"expected true, false or a condition, not {value!r}")
        for name in condition_names(value)[:1]:
            if name not in settings:
                raise where.error(f"the condition {value!r} names no setting of this game")
        return value
    if param.type in ("choice", "setting_or"):
        if isinstance(value, str) and (value in param.choices or (
                param.type == "setting_or" and value in settings)):
            return value
        more = " or a setting's name" if param.type == "setting_or" else ""
        raise where.error(f"{_said(value)} is not one of {', '.join(param.choices)}{more}")
    raise where.error(f"the step kind declares an unknown parameter type {param.type!r}")


def _said(value: Any) -> str:
    """A value as a refusal names it: text, numbers and switches as written, a table or a
    list by what it is."""
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, tuple | list):
        return "a list"
    return repr(value)


_EXPECTED = MappingProxyType({"text": "non-empty text", "count": "a whole number",
                              "pattern": "cards as letters, u for up and d for down"})


def _check_structure(decl: Declaration, settings_type: type[Settings]) -> None:
    """The betting structure is one by name, or a setting's (a structure, or the usual one
    for the value of another setting, each named value a structure)."""
    spec = decl.structure
    structures = {s.value for s in Structure}
    choices = {info.name: {_plain(o.value) for o in info.options}
               for info in settings_type.schema()}
    if "fixed" in spec:
        if spec["fixed"] not in structures:
            raise decl.where.error(f"structure: {spec['fixed']!r} is not one of "
                                   f"{', '.join(sorted(structures))}")
        return
    setting = spec.get("setting")
    if set(spec) - {"setting", "usual"} or setting not in choices:
        raise decl.where.error("structure: give a structure's name, or { setting = <a "
                               "setting of this game>, usual = { by = <setting>, ... } }")
    named = choices[setting] - {BetChoice.USUAL.value}
    usual = spec.get("usual")
    if BetChoice.USUAL.value in choices[setting]:
        if not isinstance(usual, Mapping) or usual.get("by") not in choices:
            raise decl.where.error(f"structure: the setting {setting!r} may be \"usual\": "
                                   "say which structure is usual by which setting")
        if set(usual) - {"by"} != choices[str(usual["by"])] or not set(
                v for k, v in usual.items() if k != "by") <= structures:
            raise decl.where.error("structure: the usual structure names a structure for "
                                   f"each value of {usual['by']!r}")
    if not named <= structures:
        raise decl.where.error(f"structure: the setting {setting!r} holds values that are not "
                               "structures")


def _check_bets_and_stakes(decl: Declaration, settings_type: type[Settings]) -> None:
    """The bet sizes are read from number settings the game announces, and each stakes
    sentence names only what a sentence may name."""
    numbers = {info.name for info in settings_type.schema() if not info.options}
    names = ("small_bet", "big_bet") if "small_bet" in numbers else ("big_blind", "big_blind")
    for key, default in zip(("small", "big"), names, strict=True):
        value = decl.bets.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | str) or (
                isinstance(value, str) and value not in numbers):
            raise decl.where.error(
                f"the {key} bet is read from the setting {value!r}, which this game does not "
                "announce as a number (give bets.small and bets.big, or announce "
                "small_bet and big_bet, or big_blind)")
    if not decl.stakes:
        return
    known = _template_names({info.name for info in settings_type.schema()})
    for line in decl.stakes:
        for _, field, _, _ in Formatter().parse(line.text):
            if field is not None and field not in known:
                raise line.where.error(f"the sentence names {{{field}}}, which is not one of "
                                       f"{', '.join(sorted(known))}")


def _check_reads(decl: Declaration, steps: Sequence[Step]) -> None:
    """Every announcement a step kind's hooks read is announced, of the type they read."""
    types = {item.name: item.type for item in decl.settings}
    for step in steps:
        for name, kind in step.kind.reads:
            if types.get(name) != kind:
                raise step.decl.where.error(
                    f"a {step.kind.name} step reads the setting {name!r} ({kind}), which "
                    "this game does not announce" if name not in types else
                    f"a {step.kind.name} step reads the setting {name!r} as {kind}, not "
                    f"{types[name]}")


READ_BY_NAME = frozenset({"chips", "small_blind", "big_blind", "small_bet", "big_bet",
                          "structure", "straddle", "low_ranking", "bring_in", "ante"})
"""Announcements the engine reads by their names wherever a game makes them (the stacks,
the blinds, the bet sizes, the straddle, the ante, the low ranking, the bring-in)."""


def _check_announcements_read(decl: Declaration, steps: Sequence[Step]) -> None:
    """Every announcement changes something: a setting no step, bet, stakes sentence,
    check, rule of what wins or wild card reads would offer the dealer a choice that does
    nothing (a game declared ``like`` another whose own rules read it, say)."""
    read = set(READ_BY_NAME)

    def reads(value: Any) -> None:
        if isinstance(value, str):
            read.update(condition_names(value))
        elif isinstance(value, tuple | list):
            for item in value:
                reads(item)
        elif isinstance(value, Mapping):
            for item in value.values():
                reads(item)

    for step in steps:
        reads(tuple(step.params.values()))
        read.update(name for name, _ in step.kind.reads)
    reads((decl.bets, decl.structure, *(line.when for line in decl.stakes)))
    read.update(field for line in decl.stakes
                for _, field, _, _ in Formatter().parse(line.text) if field)
    read.update(name for check in decl.checks for name in (check.setting, check.than))
    wins, wild = decl.wins, decl.wild
    read.update(filter(None, [wins.low_setting, wins.spade_setting,
                              *(when.setting for when in wins.when)]))
    if wild is not None:
        read.update(filter(None, [wild.joker_setting, wild.natural_setting]))
    for announced in decl.settings:
        if announced.name in read:
            continue
        why = (f"the announcement {announced.name!r} changes nothing: no step, bet, stakes "
               "sentence, check, rule of what wins or wild card reads it")
        if decl.like and "settings" not in decl.given:
            raise decl.where.error(f"{why} (it comes with like = {decl.like!r}, whose own "
                                   "rules read it: give this game its own settings)")
        raise announced.where.error(why)


MOST_CARDS_VALUED = 10
"""The most cards a hand is valued from (each player's and the board's): the evaluators
take 5 to 10 (``engine.hands``)."""


def _check_end(decl: Declaration, steps: Sequence[Step]) -> None:
    """The steps end with the one step that settles the hand: a step after it would be
    taught and never played."""
    ends = [index for index, step in enumerate(steps) if step.kind.ends_hand]
    if not ends:
        raise decl.where.error("the steps never settle the hand: the last step is a "
                               "showdown")
    if ends[0] != len(steps) - 1:
        after = steps[ends[0] + 1]
        raise after.decl.where.error(
            f"a {after.kind.name} step after the {steps[ends[0]].kind.name} is never "
            "played: the hand is settled there")
    if decl.wins.declare and not any(s.kind.name == "declare" for s in steps):
        raise decl.wins.where.error("declare = true: the players declare high, low or both "
                                    "in a declare step, which this game does not have")


def _check_boards(decl: Declaration, steps: Sequence[Step],
                  kinds: Mapping[str, StepKind]) -> None:
    """More than one board only where a step kind values a hand on each board and splits
    the pot between them (``board_value``: Double Sophie's pairs); anywhere else every
    hand would be valued on the first board alone."""
    if decl.boards == 1:
        return
    if not any(hasattr(s.kind.hooks, "board_value") for s in steps if s.kind.hooks):
        splitting = sorted(name for name, kind in kinds.items()
                           if kind.hooks is not None and hasattr(kind.hooks, "board_value"))
        raise (decl.boards_at or decl.where).error(
            f"boards = {decl.boards}: only a game with a step that values each board and "
            f"splits the pot between them ({', '.join(splitting)}) deals more than one "
            "board; a double-board game of another kind is not declarable yet")


def _check_openers(decl: Declaration, steps: Sequence[Step]) -> None:
    """Openers open the first betting round, from a five-card high hand: a game with no
    high hand has none to open with, a later round was opened before it, and a player
    holding fewer than five cards has no hand to judge them by."""
    held, bets = 0, 0
    for step in steps:
        cards = step.kind.cards(step.params)
        held += cards.each - cards.kills
        if step.kind.name != "bet":
            continue
        bets += 1
        if step.params["openers"] == "none":
            continue
        if not decl.wins.high:
            raise step.decl.where.error("openers are a pair or better, a high hand, but "
                                        "this game plays no high hand")
        if bets > 1:
            raise step.decl.where.error("openers open the first betting round only; this "
                                        "is a later one")
        if held < 5:
            raise step.decl.where.error(f"openers are judged on a five-card hand, but each "
                                        f"player holds {held} card{'s' if held != 1 else ''} "
                                        "here")


def _check_plan(decl: Declaration, steps: Sequence[Step]) -> None:
    """Walk the steps at the most players: every deal fits the deck (a one-card deal
    may become a community card), and no step needs cards a player does not yet hold.
    A deal that does not fit is refused saying the most players the deck allows."""
    players = max(decl.counts)
    short = _short_deal(decl, steps, players)
    if short is None:
        return
    step, message = short
    fits = next((n for n in range(players - 1, 1, -1)
                 if _short_deal(decl, steps, n) is None), None)
    most = f"; the deck allows at most {fits} players" if fits else ""
    raise step.decl.where.error(message + most)


def _short_deal(decl: Declaration, steps: Sequence[Step], players: int
                ) -> tuple[Step, str] | None:
    """The first step the deck cannot deal at this many players, with the reason; cards
    earned on the way (an extra card for a four face up) counted at their most, once."""
    left = decl.deck_size
    held = 0
    earned: set[str] = set()
    for step in steps:
        cards = step.kind.cards(step.params)
        if cards.needs_held and held < cards.needs_held:
            have = "before any card is dealt" if not held else f"when each player holds {held}"
            raise step.decl.where.error(
                f"a {step.kind.name} step needs {cards.needs_held} card"
                f"{'s' if cards.needs_held > 1 else ''} in each hand, but comes {have}")
        need = cards.each * players + cards.board * decl.boards
        if cards.earned and cards.earned_by not in earned:
            earned.add(cards.earned_by)
            need += cards.earned
        burn = cards.burn if step.params.get("burn") != "if-room" else 0
        if cards.board:                   # every board burns its own card, spare or not
            need, burn = need + burn * decl.boards, 0
        if need + burn <= left:
            left -= need + burn
        elif cards.shares_when_short and left >= 1:
            left -= 1
        elif need > left:
            return step, (f"this deal needs {need} card{'s' if need != 1 else ''} at "
                          f"{players} players, but the "
                          f"{decl.deck_size}-card deck has {left} left by then")
        else:
            left -= need
        held += cards.each - cards.kills
    return None


def _check_wins(decl: Declaration, steps: Sequence[Step], settings: Mapping[str, Any]) -> None:
    """A hand type needing more cards than a player holds is refused, as is a setting
    named by what wins that the game does not announce."""
    wins = decl.wins
    hole = sum(s.kind.cards(s.params).each - s.kind.cards(s.params).kills for s in steps)
    board = sum(s.kind.cards(s.params).board for s in steps)
    if wins.hole_cards is not None and wins.hole_cards > hole:
        raise wins.where.error(f"a hand of exactly {wins.hole_cards} hole cards, but each "
                               f"player holds {hole}")
    if wins.hole_cards is not None and 5 - wins.hole_cards > board:
        raise wins.where.error(f"a hand of {5 - wins.hole_cards} board cards, but the board "
                               f"has {board}")
    if wins.low == LowRanking.BADUGI.value:
        if hole < 4:
            raise wins.where.error(f"a four-card badugi hand, but each player holds {hole}")
    elif hole + board < 5:
        raise wins.where.error(f"a five-card hand, but each player holds {hole} card"
                               f"{'s' if hole != 1 else ''} and the board has {board}")
    elif wins.hole_cards is None and hole + board > MOST_CARDS_VALUED:
        raise wins.where.error(f"each player holds {hole} cards and the board has {board}: "
                               f"a hand is valued from at most {MOST_CARDS_VALUED}")
    if wins.qualifier is not None and not (wins.low or wins.low_setting
                                           or any("low" in w.changes for w in wins.when)):
        raise wins.where.error(
            f"qualifier = {wins.qualifier} qualifies a low half, but the game plays no low "
            "(a high hand needed to open the betting is not declarable yet)")
    for name in filter(None, [wins.low_setting, *(w.setting for w in wins.when)]):
        if name not in settings:
            raise wins.where.error(f"names the setting {name!r}, which the game does not "
                                   "announce")


def build_settings(decl: Declaration,
                   setting_types: Mapping[str, type[StrEnum]]) -> type[Settings]:
    """The announcements as a frozen :class:`Settings` dataclass with its checks."""
    fields = []
    for item in decl.settings:
        value_type, default, options = _typed(item, setting_types)
        fields.append((item.name, value_type, setting(
            default, label=item.label, help=item.help, options=options,
            minimum=item.minimum, maximum=item.maximum)))
    labels = {item.name: item.label for item in decl.settings}
    for rule in decl.checks:
        for name in (rule.setting, rule.than):
            if name not in labels:
                raise rule.where.error(f"no setting is called {name!r}")
    checks = decl.checks

    def check(self: Settings) -> None:
        for rule in checks:
            value, other = getattr(self, rule.setting), getattr(self, rule.than)
            label, other_label = labels[rule.setting], labels[rule.than].lower()
            reason = f", {rule.reason}" if rule.reason else ""
            if rule.rule == "below" and value >= other:
                raise SettingsError(f"{label}: {value} must be less than the {other_label} "
                                    f"({other}){reason}")
            if rule.rule == "at-most" and value > other:
                raise SettingsError(f"{label}: {value} is more than the {other_label} "
                                    f"({other}){reason}")

    name = _class_name(decl.name) + "Settings"
    try:
        made = dataclasses.make_dataclass(name, fields, bases=(Settings,), frozen=True,
                                          namespace={"check": check, "__module__": __name__})
    except (TypeError, ValueError) as error:
        raise decl.where.error(f"settings: {error}") from None
    try:
        made()
    except SettingsError as error:
        where = next((item.where for item in decl.settings
                      if str(error).startswith(f"{item.label}:")), decl.where)
        raise where.error(f"the defaults are not playable: {error}") from None
    return cast("type[Settings]", made)


def _typed(item: SettingDecl, setting_types: Mapping[str, type[StrEnum]]
           ) -> tuple[type, Any, tuple[Option, ...]]:
    """A setting's Python type, default and options, each value checked."""
    if item.type == "number":
        if isinstance(item.default, bool) or not isinstance(item.default, int) or item.options:
            raise item.where.error("a number setting has a whole-number default and no options")
        return int, item.default, ()
    if item.type == "switch":
        options = tuple(Option(o.value, o.label, o.effect) for o in item.options)
        if not isinstance(item.default, bool) or {o.value for o in options} != {True, False}:
            raise item.where.error("a switch has a default of true or false and two options, "
                                   "true and false")
        return bool, item.default, options
    enum = setting_types.get(item.type)
    if enum is None:
        raise item.where.error(f"unknown setting type {item.type!r}; the types are number, "
                               f"switch, {', '.join(sorted(setting_types))}")
    try:
        options = tuple(Option(enum(o.value), o.label, o.effect) for o in item.options)
        default = enum(item.default)
    except ValueError:
        raise item.where.error(f"a {item.type} setting's values are "
                               f"{', '.join(e.value for e in enum)}") from None
    if not options or default not in {o.value for o in options}:
        raise item.where.error("a choice lists its options, the default among them")
    return enum, default, options


@lru_cache(maxsize=1024)
def _hand_types(game: DeclaredGame, settings: Settings) -> HandTypes:
    """A declared game's hand types under ``settings`` (see ``DeclaredGame.hand_types``)."""
    wins = game.declaration.wins
    values: dict[str, Any] = {"high": wins.high, "low": wins.low,
                              "qualifier": wins.qualifier, "declare": wins.declare,
                              "hole_cards": wins.hole_cards}
    if wins.low_setting is not None:
        values["low"] = getattr(settings, wins.low_setting)
    for when in wins.when:
        if str(_plain(getattr(settings, when.setting))) == when.value:
            values.update(when.changes)
    low = values["low"]
    return HandTypes(high=values["high"], low=LowRanking(low) if low else None,
                     qualifier=values["qualifier"], declare=values["declare"],
                     hole_cards=values["hole_cards"],
                     short_deck=game.declaration.deck == "short")
