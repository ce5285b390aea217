"""Writing a hand as a PHH file: the host's (every card) or one seat's view."""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import Enum
from typing import Any

from engine.cards import Card, format_cards
from engine.games.base import Settings
from engine.games.house import adopted
from engine.games.phases import Blinds
from engine.phh.notation import (
    NEVER_SHOWN,
    action_line,
    cards_text,
    deal_line,
    discards_then_draws,
    holdings,
    is_standard,
    timeline,
)
from engine.phh.variants import VARIANT_PREFIX, variant_code
from engine.state import HandState, seat_name
from engine.table import Structure

FORMAT = "dealers-choice-phh"
VERSION = 1


def _lines(state: HandState, viewer: int | None) -> list[str]:
    """The hand's lines in PHH notation, home-game steps included, as ``viewer`` may see."""
    visible: list[set[Card]] = []
    if viewer is not None:
        final = state.view(viewer)
        visible = [{c.card for c in seat.cards if c.card is not None} for seat in final.seats]
    lines = []
    several_boards = len(holdings(state)[1]) > 1
    for entry in timeline(state):
        owner = entry.seat if entry.action is None else entry.action.seat
        if viewer is None or owner is None or owner == viewer:
            shown = [True] * len(entry.cards)
        elif entry.show:
            shown = [c in visible[owner] for c in entry.cards]
        elif entry.action is None:
            shown = list(entry.up)
        elif entry.secret or entry.action.kind in NEVER_SHOWN:
            shown = [False] * len(entry.cards)
        else:
            shown = [c in visible[owner] for c in entry.cards]
        cards = cards_text(entry.cards, shown)
        if entry.show:
            lines.append(f"p{owner + 1 if owner is not None else 0} sm {cards}".rstrip())
            continue
        if entry.action is None:
            lines.append(deal_line(entry, cards, several_boards=several_boards))
            continue
        lines.append(action_line(entry.action, cards,
                                 hide_choice=entry.secret and viewer not in (None, owner)))
    return lines


def _value(value: Any) -> str:
    """A TOML value: strings quoted as JSON quotes them (TOML's basic strings agree)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} in a hand history")


def _array(name: str, items: Sequence[str]) -> str:
    if not items:
        return f"{name} = []"
    return f"{name} = [\n" + "".join(f"  {_value(item)},\n" for item in items) + "]"


def _house_rules(settings: Settings) -> list[str]:
    rules = []
    for info in settings.schema():
        value = getattr(settings, info.name)
        chosen = next((o for o in info.options if o.value == value), None)
        if chosen is not None:
            rules.append(f"{info.label}: {chosen.effect}")
        else:
            rules.append(f"{info.label}: {value}")
    return rules


def _all_settings(settings: Settings) -> dict[str, Any]:
    plain = {}
    for info in settings.schema():
        value = getattr(settings, info.name)
        plain[info.name] = value.value if isinstance(value, Enum) else value
    return plain


def _blinds(state: HandState, *, standard: bool) -> list[int] | None:
    """Each player's blind: seats 1 and 2 post them, or heads-up the dealer the small one.
    A standard file writes them in pokerkit's order, small then big even heads-up (pokerkit
    swaps them itself when two play); the site's own variant writes what each seat posts."""
    settings = state.settings
    small, big = getattr(settings, "small_blind", None), getattr(settings, "big_blind", None)
    if not isinstance(small, int) or not isinstance(big, int) or \
            not any(isinstance(p, Blinds) for p in state.phases):
        return None      # no blinds step, or none under these announcements (antes instead)
    blinds = [0] * state.players
    if any(isinstance(p, Blinds) and p.button for p in state.phases):
        # the dealer's button blind, alone: heads-up a standard file writes it on the first
        # player, as pokerkit swaps the two places itself when two play
        blinds[0 if standard and state.players == 2 else -1] = big
        return blinds
    small_seat, big_seat = (state.players - 1, 0) if state.players == 2 and not standard \
        else (0, 1)
    blinds[small_seat], blinds[big_seat] = small, big
    straddle = getattr(settings, "straddle", 0)
    if isinstance(straddle, int) and straddle and state.players > 2:
        blinds[2] = straddle
    return blinds


def _antes(state: HandState, ante: int) -> list[int]:
    """Each player's ante, and the big blind's ante for the table on the big blind (the
    second player)."""
    antes = [ante] * state.players
    table = getattr(state.settings, "big_blind_ante", 0)
    if isinstance(table, int) and table:
        antes[1 if state.players > 2 else 0] += table
    return antes


def _bet_sizes(state: HandState, *, standard: bool) -> list[tuple[str, int]]:
    """The stakes fields: stud's bring-in and bets; with blinds, for a standard file, the
    smallest bet (no and pot limit: the big blind) or the two fixed bets (the big blind and
    twice it), as pokerkit's games take them."""
    settings = state.settings
    sizes = []
    for name in ("bring_in", "small_bet", "big_bet"):
        value = getattr(settings, name, None)
        if isinstance(value, int) and (standard or name != "bring_in"):
            sizes.append((name, value))
    big = getattr(settings, "big_blind", None)
    if standard and isinstance(big, int) and not sizes:
        if state.game.structure(settings) is Structure.FIXED_LIMIT:
            sizes = [("small_bet", big), ("big_bet", 2 * big)]
        else:
            sizes = [("min_bet", big)]
    return sizes


def to_phh(state: HandState, viewer: int | None = None) -> str:
    """The hand as a PHH file: the host's (every card) or ``viewer``'s view (hidden cards
    ``??``, no seed); see the module docstring."""
    settings = state.settings
    code = variant_code(state.game.id, settings)
    standard = not code.startswith(VARIANT_PREFIX)
    players = state.players
    ante = dict(post for phase in state.phases for post in phase.posts()).get("ante", 0)
    lines = _lines(state, viewer)
    out = [f"variant = {_value(code)}"]
    if standard:
        out.append("ante_trimming_status = true")
    out.append(f"antes = {_value(_antes(state, ante if isinstance(ante, int) else 0))}")
    blinds = _blinds(state, standard=standard)
    if blinds is not None:
        out.append(f"blinds_or_straddles = {_value(blinds)}")
    out.extend(f"{name} = {value}" for name, value in _bet_sizes(state, standard=standard))
    out.append(f"starting_stacks = {_value(list(state.table.starting))}")
    standard_lines = [x for x in lines if is_standard(x)]
    if standard:
        standard_lines = [standard_lines[i] for i in discards_then_draws(standard_lines)]
    out.append(_array("actions", standard_lines))
    out.append(f"players = {_value([seat_name(s) for s in range(players)])}")
    if state.is_over:
        finishing = [start + net for start, net in zip(state.table.starting, state.payoffs,
                                                       strict=True)]
        out.append(f"finishing_stacks = {_value(finishing)}")
    out.append(f"_format = {_value(FORMAT)}")
    out.append(f"_version = {VERSION}")
    out.append(f"_game = {_value(state.game.id)}")
    house = adopted().get(state.game.id)
    if house is not None:  # a house game travels with its hands: its file, read on load
        out.append(f"_declaration = {_value(house.text)}")
    out.append(f"_settings = {_value(_all_settings(settings))}")
    out.append(_array("_house_rules", _house_rules(settings)))
    if viewer is None:
        if state.stacked is not None:
            out.append(f"_deck = {_value(format_cards(state.stacked, ascii=True))}")
        out.append(f"_seed = {state.seed}")  # a stacked deck's reshuffles use it too
    else:
        out.append(f"_view = {_value(seat_name(viewer))}")
    out.append(_array("_actions", lines))  # the host's file replays its shuffle by these
    return "\n".join(out) + "\n"
