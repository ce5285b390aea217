"""Reading a PHH file: the variant says which reader, and the host's file of any of the
site's games replays from the shuffle it keeps."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from decimal import Decimal

from engine.games import get_game, new_hand
from engine.games.declaration import read_toml
from engine.games.house import HouseError, adopt
from engine.phh.amounts import chip_unit, in_chips
from engine.phh.board import load_board
from engine.phh.draw import load_draw
from engine.phh.notation import discards_then_draws, is_standard
from engine.phh.reader import (
    PhhHand,
    Reader,
    Where,
    at_line,
    deck_and_seed,
    game_settings,
    own_settings,
    seat_stacks,
    short_text,
)
from engine.phh.replay import replay
from engine.phh.stud import STUD_GAMES, load_stud
from engine.phh.variants import (
    CODES,
    STANDARD,
    VARIANT_PREFIX,
    codes_of,
    game_of_variant,
    is_draw,
)
from engine.phh.write import FORMAT
from engine.state import HandState, seat_name


def is_phh(text: str) -> bool:
    """Whether ``text`` looks like a PHH file rather than JSON (it is TOML with a variant)."""
    stripped = text.lstrip()
    return not stripped.startswith(("{", "[")) and re.search(r"(?m)^\s*variant\s*=", text) \
        is not None


def load_phh(text: str) -> HandState:
    """The hand in a PHH file that tells every card, replayed by the site's rules;
    ``ValueError`` names the line and the reason for anything this site cannot follow."""
    hand = read_phh(text)
    if not hand.complete:
        raise ValueError("the file writes some cards ?? (unknown): it opens only as "
                         + (f"{seat_name(hand.seat)}'s view" if hand.seat is not None else
                            "a watcher's view") + ", never with every card")
    return hand.state


def read_phh(text: str) -> PhhHand:
    """The hand in a PHH file, replayed by the site's rules, with the view it may open as;
    ``ValueError`` names the line and the reason for anything this site cannot follow."""
    try:
        data = read_toml(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"the file is not PHH (its TOML is broken: {error})") from None
    except RecursionError:
        raise ValueError("the file is nested too deeply to be a hand history") from None
    try:
        return _load(Reader(text, data, Where(text)))
    except (RuntimeError, ArithmeticError, LookupError, TypeError, AttributeError) as error:
        # Not expected: the checks above should catch every file the engine cannot follow.
        raise ValueError(f"the file cannot be replayed here ({error})") from None


def _load(reader: Reader) -> PhhHand:
    data = reader.data
    variant = data.get("variant")
    if variant is None:
        raise ValueError("the file gives no variant, so it is not a PHH hand history")
    game_id = game_of_variant(variant)
    if "_declaration" in data:
        _adopt_declared(reader, game_id)
    # The host's file, replayed exactly from its shuffle: its steps are _actions, or for a
    # stud file written before stud's carried them, its actions (stud has no steps of its own).
    own_steps = "_view" not in data and ("_actions" in data or game_id in STUD_GAMES
                                         and data.get("_format") == FORMAT
                                         and ("_seed" in data or "_deck" in data))
    if game_id in STUD_GAMES and variant == STANDARD[game_id] and not own_steps:
        return dataclasses.replace(load_stud(_in_chips(reader), game_id), unit=reader.unit)
    if game_id is not None and not own_steps and variant in codes_of(game_id) and \
            is_draw(variant):
        if "_view" in data:
            raise reader.fail("_view", f"this file is {short_text(data['_view'])}'s view of "
                                       "the hand: the cards hidden from that seat are written "
                                       "??, and a draw game replays here only with every card "
                                       "known; the host's file can")
        return dataclasses.replace(load_draw(_in_chips(reader), game_id, variant),
                                   unit=reader.unit)
    if game_id is not None and not own_steps and variant in codes_of(game_id):
        return dataclasses.replace(load_board(_in_chips(reader), game_id, variant),
                                   unit=reader.unit)
    if "_view" in data:
        raise reader.fail("_view", f"this file is {short_text(data['_view'])}'s view of the "
                                   "hand: the cards hidden from that seat are written ??, and "
                                   "this game replays only from its shuffle, so it cannot be "
                                   "replayed; the host's file can")
    if game_id is not None:
        return PhhHand(_load_home(reader, game_id))
    codes = ", ".join(f"{get_game(row.game).name} ({row.code!r})" for row in CODES)
    raise reader.fail("variant", f"this site reads {codes} and its own games "
                                 f"({VARIANT_PREFIX}...), not this variant")


def _adopt_declared(reader: Reader, game_id: str | None) -> None:
    """A house game's hand carries the game's file: read it (as safely as the site reads
    a host's) so the hand replays on any copy of the site."""
    text = reader.data["_declaration"]
    try:
        house = adopt(text) if isinstance(text, str) else None
    except HouseError as error:
        raise reader.fail("_declaration", f"the game it declares is refused: {error}") from None
    if house is None or house.id != game_id:
        raise reader.fail("_declaration", "the game it declares is not the variant's game")


def _in_chips(reader: Reader) -> Reader:
    """The reader of a file from any writer with its amounts counted in whole chips."""
    reader.unit = chip_unit(reader)
    in_chips(reader, reader.unit)
    return reader


def _load_home(reader: Reader, game_id: str) -> HandState:
    data = reader.data
    try:
        game = get_game(game_id)
    except ValueError as error:
        raise reader.fail("variant", str(error)) from None
    if data.get("_game", game_id) != game_id:
        raise reader.fail("_game", f"the variant says {game_id}, but _game says otherwise")
    stacks = seat_stacks(reader, game.id)
    shuffle = deck_and_seed(reader, game.cards)
    if shuffle is None:
        raise reader.fail("variant", f"{game.name} is this site's own game: its file replays "
                                     "only with the shuffle it was dealt from (_seed or "
                                     "_deck), which this file does not have")
    settings = game_settings(reader, game.id, own_settings(reader))
    seed, deck = shuffle
    stacks_given = None if set(stacks) == {game.chips(settings)} else stacks
    try:
        state = new_hand(game.id, players=len(stacks), seed=seed, settings=settings,
                         deck=deck, stacks=stacks_given)
    except ValueError as error:
        raise reader.fail("starting_stacks", str(error)) from None
    steps = reader.read_steps("_actions" if "_actions" in data else "actions")
    standard = reader.read_steps("actions")
    expected = [s for s in steps if s.words and is_standard(" ".join(s.words))]
    if not str(data["variant"]).startswith(VARIANT_PREFIX):  # a draw in PHH's order
        expected = [expected[i] for i in discards_then_draws([" ".join(s.words) for s in expected])]
    for index, step in enumerate(standard):
        if index >= len(expected) or step.words != expected[index].words:
            raise ValueError(f"{at_line(step.line, step.text)}: actions and _actions disagree "
                             "here (actions must be _actions without the game's own steps)")
    if len(standard) < len(expected):
        raise reader.fail("actions", "actions stops before _actions does")
    replay(reader, state, steps, check_deals=False, finish=False)
    return state
