"""Share a hand as a link, and read links back with every field checked.

A link is seen by whoever holds it, so the links this site writes are
sealed (:mod:`ui.sessions.sealing`): one parameter, ``hand``, an opaque token that
only this server can open and nobody can edit. What it seals is the plain
form below, plus what only a sealed link may carry: the cards a host typed
in (so the deal goes on exactly as the host's does) and whether it is a
guest's link (opens with every hole card hidden, and goes no further than
the step it was shared at). Plain links written before links were sealed
keep loading.

A hand is fully determined by its game, player count, announcements, seed
(or stacked deck) and the decisions made, so a link carries exactly those
as query parameters, plus the step to open at and, for the play page, whose
seat the viewer takes:

=========  ===========================================  =================
parameter  holds                                        longest accepted
=========  ===========================================  =================
game       the game's id (``seven-card-stud``)          40 characters
players    the number of players                        2 digits
settings   the announcements that differ from the       600 characters
           house defaults: ``ante:3,open_pair:off``
seed       the shuffle's number                         15 digits
deck       a stacked deck, 52 cards run together        160 characters
           (``AhKd2c...``), for hands typed in
actions    the decisions, compactly (below)             4,000 characters,
                                                        500 decisions
step       how many decisions to show                   4 digits
seat       the viewer's seat, from 1 (play page)        2 digits
hot        ``1`` when everyone plays at one screen      1 character
=========  ===========================================  =================

Each decision is one token, tokens joined by ``.``: the seat (0-9), a
letter for the kind, then what it needs: ``2b20`` is seat 3 betting 20,
``1c10`` seat 2 calling 10,
``0uKh`` seat 1 turning up K♥, ``4p1`` seat 5 picking seat 2, ``1hl``
seat 2 declaring low. Anything malformed, too long, or refused by the rules
raises :class:`LinkError` with a sentence fit to show.

>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=3, seed=4)
>>> _ = state.apply(state.legal_actions(state.to_act[0])[0])
>>> link = HandLink.from_state(state)
>>> read_link(link.params()) == link
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from types import MappingProxyType
from typing import Any

from engine.cards import Card, CardParseError, format_cards, parse_cards
from engine.games import GAMES, get_game, make_settings, new_hand
from engine.games.base import Settings, SettingsError
from engine.history import MAX_STACK
from engine.state import Action, ActionKind, HandState, IllegalAction, seat_name
from ui.sessions.dealing import TypedDeal, default_players, fresh_seed
from ui.sessions.sealing import MAX_TOKEN, SealError, seal, unseal

__all__ = ["HandLink", "LinkError", "decode_actions", "encode_actions", "read_link"]

LIMITS: Mapping[str, int] = MappingProxyType({
    "game": 40, "players": 2, "settings": 600, "seed": 15, "deck": 160, "actions": 4000,
    "step": 4, "seat": 2, "hot": 1, "hand": MAX_TOKEN, "stacks": 80,
})
"""The longest text accepted for each parameter."""
MAX_ACTIONS = 500

_LETTERS: Mapping[ActionKind, str] = MappingProxyType({
    ActionKind.FOLD: "f", ActionKind.CHECK: "k", ActionKind.CALL: "c", ActionKind.BET: "b",
    ActionKind.RAISE: "r", ActionKind.COMPLETE: "o", ActionKind.BRING_IN: "i",
    ActionKind.SHOW: "s", ActionKind.MUCK: "m", ActionKind.TURN_UP: "u",
    ActionKind.PICK_PARTNER: "p", ActionKind.LOCK_PAIRS: "l", ActionKind.SACRIFICE: "x",
    ActionKind.DISCARD: "d", ActionKind.EXPOSE: "e", ActionKind.DECLARE: "h",
    ActionKind.THROW_AWAY: "t", ActionKind.PASS: "a",
    ActionKind.PAY: "y",
})
_KINDS = MappingProxyType({letter: kind for kind, letter in _LETTERS.items()})
_AMOUNT = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE, ActionKind.PAY})
_MAY_AMOUNT = frozenset({ActionKind.CALL, ActionKind.BRING_IN})
_CARDS = frozenset({ActionKind.TURN_UP, ActionKind.LOCK_PAIRS, ActionKind.SACRIFICE,
                    ActionKind.DISCARD, ActionKind.EXPOSE, ActionKind.THROW_AWAY,
                    ActionKind.PASS})
_DECLARE = MappingProxyType({"h": "high", "l": "low", "b": "both"})
_TOKEN = re.compile(r"(\d)([a-z])([0-9A-Za-z]*)")
_WHOLE = re.compile(r"\d+")
_SETTING = re.compile(r"[a-z_]+:[0-9A-Za-z_-]+")
_ON = MappingProxyType({"on": True, "true": True, "1": True, "off": False, "false": False,
                        "0": False})


class LinkError(ValueError):
    """A link that cannot be opened; the message says why in plain words."""


def encode_action(action: Action) -> str:
    """One decision as a short token: ``encode_action(Action(2, "bet", 20)) == "2b20"``."""
    letter = _LETTERS[action.kind]
    tail = ""
    if action.kind in _AMOUNT or (action.kind in _MAY_AMOUNT and action.amount is not None):
        tail = str(action.amount)
    elif action.kind in _CARDS:
        tail = format_cards(action.cards, ascii=True).replace(" ", "")
    elif action.kind is ActionKind.PICK_PARTNER:
        tail = str(action.choice)
    elif action.kind is ActionKind.DECLARE:
        tail = str(action.choice)[0]
    return f"{action.seat}{letter}{tail}"


def encode_actions(actions: Sequence[Action]) -> str:
    return ".".join(encode_action(a) for a in actions)


def _decode_action(number: int, token: str) -> Action:
    match = _TOKEN.fullmatch(token)
    if match is None or match.group(2) not in _KINDS:
        raise LinkError(f"decision {number} ('{token[:20]}') is not written the way this site "
                        "writes decisions")
    seat, kind, tail = int(match.group(1)), _KINDS[match.group(2)], match.group(3)
    if kind in _AMOUNT or (kind in _MAY_AMOUNT and tail):
        if not _WHOLE.fullmatch(tail) or len(tail) > 9:
            raise LinkError(f"decision {number} ('{token[:20]}') needs an amount of chips")
        return Action(seat, kind, amount=int(tail))
    if kind in _CARDS:
        try:
            return Action(seat, kind, cards=tuple(parse_cards(tail, distinct=True)))
        except CardParseError as error:
            raise LinkError(f"decision {number} has a bad card: {error}") from None
    if kind is ActionKind.PICK_PARTNER:
        if not _WHOLE.fullmatch(tail) or len(tail) > 2:
            raise LinkError(f"decision {number} ('{token[:20]}') must name a seat")
        return Action(seat, kind, choice=int(tail))
    if kind is ActionKind.DECLARE:
        if tail not in _DECLARE:
            raise LinkError(f"decision {number} ('{token[:20]}') must declare h, l or b")
        return Action(seat, kind, choice=_DECLARE[tail])
    if tail:
        raise LinkError(f"decision {number} ('{token[:20]}') has something extra at its end")
    return Action(seat, kind)


def decode_actions(text: str) -> tuple[Action, ...]:
    """Read the ``actions`` parameter back (``""`` is no decision yet)."""
    if not text:
        return ()
    tokens = text.split(".")
    if len(tokens) > MAX_ACTIONS:
        raise LinkError(f"the link holds {len(tokens)} decisions; at most {MAX_ACTIONS} are "
                        "accepted")
    return tuple(_decode_action(n, t) for n, t in enumerate(tokens, start=1))


def encode_settings(settings: Settings) -> str:
    """The announcements that differ from the house defaults, as ``name:value,...``."""
    parts = []
    for name, value in settings.changes().items():
        text = ("on" if value else "off") if isinstance(value, bool) else str(value)
        parts.append(f"{name}:{text}")
    return ",".join(parts)


def decode_settings(game_id: str, text: str) -> Settings:
    """Read the ``settings`` parameter for this game; refuses unknown names and bad values."""
    game = get_game(game_id)
    schema = {info.name: info for info in game.settings_type.schema()}
    values: dict[str, Any] = {}
    for part in text.split(",") if text else []:
        if not _SETTING.fullmatch(part):
            raise LinkError(f"the announcement '{part[:30]}' is not written as name:value")
        name, raw = part.split(":", 1)
        info = schema.get(name)
        if info is None:
            raise LinkError(f"{game.name} has no announcement called '{name}'; it has "
                            f"{', '.join(schema)}")
        if isinstance(info.default, bool):
            if raw.lower() not in _ON:
                raise LinkError(f"{info.label}: '{raw}' should be on or off")
            values[name] = _ON[raw.lower()]
        elif isinstance(info.default, Enum):
            values[name] = raw
        elif isinstance(info.default, int):
            if not _WHOLE.fullmatch(raw) or len(raw) > 9:
                raise LinkError(f"{info.label}: '{raw}' should be a whole number")
            values[name] = int(raw)
        else:
            values[name] = raw
    try:
        return game.settings_type.from_dict(values)
    except SettingsError as error:
        raise LinkError(f"the announcements cannot be used: {error}") from None


@dataclass(frozen=True, slots=True)
class HandLink:
    """Everything a link holds: the hand, the step to show, and the play page's viewer.

    ``actions`` may run past ``step`` (a host who stepped back keeps the rest
    of the hand); ``seat`` is the viewer's seat (0-based) and ``hot_seat``
    says everyone plays at one screen. ``typed`` is the cards a host typed
    for the deal, and ``guest`` marks a link shared with guests: both travel
    only sealed.
    """

    game: str
    players: int
    seed: int
    settings: Settings
    deck: tuple[Card, ...] | None = None
    actions: tuple[Action, ...] = ()
    step: int = 0
    seat: int | None = None
    hot_seat: bool = False
    typed: TypedDeal | None = None
    guest: bool = False
    stacks: tuple[int, ...] | None = None
    _cache: dict[str, HandState] = field(default_factory=dict, compare=False, repr=False,
                                         hash=False)

    @classmethod
    def from_state(cls, state: HandState, *, line: Sequence[Action] | None = None,
                   seat: int | None = None, hot_seat: bool = False,
                   typed: TypedDeal | None = None) -> HandLink:
        """The link for ``state``; ``line`` is a longer list of decisions it is a prefix of."""
        actions = tuple(line) if line is not None else tuple(state.actions)
        return cls(game=state.game.id, players=state.players, seed=state.seed,
                   settings=state.settings, deck=state.stacked, actions=actions,
                   step=len(state.actions), seat=seat, hot_seat=hot_seat, typed=typed,
                   stacks=state.stacks_given)

    @property
    def for_host(self) -> bool:
        """Whether the link opens every card: not a player's, nor a guest's."""
        return self.seat is None and not self.hot_seat and not self.guest

    def for_guests(self) -> HandLink:
        """The same hand for guests: hidden cards stay hidden, and nothing lies ahead."""
        return HandLink(game=self.game, players=self.players, seed=self.seed,
                        settings=self.settings, deck=self.deck,
                        actions=self.actions[:self.step], step=self.step, guest=True,
                        stacks=self.stacks)

    def sealed(self) -> dict[str, str]:
        """The link as this site shares it: one opaque, tamper-proof parameter."""
        payload: dict[str, Any] = {"v": 1, "link": self.params()}
        if self.typed is not None:
            payload["typed"] = _typed_to_json(self.typed)
        if self.guest:
            payload["guest"] = True
        return {"hand": seal(payload)}

    def params(self) -> dict[str, str]:
        """The query parameters, leaving out empty ones."""
        params = {"game": self.game, "players": str(self.players), "seed": str(self.seed)}
        settings = encode_settings(self.settings)
        if settings:
            params["settings"] = settings
        if self.deck is not None:
            params["deck"] = format_cards(self.deck, ascii=True).replace(" ", "")
        if self.stacks is not None:
            params["stacks"] = ",".join(map(str, self.stacks))
        if self.actions:
            params["actions"] = encode_actions(self.actions)
        if self.step != len(self.actions):
            params["step"] = str(self.step)
        if self.seat is not None:
            params["seat"] = str(self.seat + 1)
        if self.hot_seat:
            params["hot"] = "1"
        return params

    def state(self) -> HandState:
        """The hand at ``step``, every decision checked by the rules (``LinkError`` if not)."""
        if "state" not in self._cache:
            self._cache["state"] = _replay(self)
        return self._cache["state"]


def _replay(link: HandLink) -> HandState:
    """Play every decision of the link (checked by the rules), then step back to ``step``."""
    try:
        state = new_hand(link.game, players=link.players, seed=link.seed, settings=link.settings,
                         deck=link.deck, stacks=link.stacks)
    except ValueError as error:
        raise LinkError(str(error)) from None
    for number, action in enumerate(link.actions, start=1):
        if not 0 <= action.seat < link.players:
            raise LinkError(f"decision {number} is made by seat {action.seat + 1}, but there are "
                            f"only {link.players} seats")
        try:
            state.apply(action)
        except IllegalAction:
            # The rules' own message lists the cards a seat may use: not for a link's reader.
            said = (f"{seat_name(action.seat)}'s {action.kind.value}" if action.cards
                    else action.describe())
            raise LinkError(f"decision {number} ({said}) is not allowed at that point") from None
    if link.step == len(link.actions):
        return state
    line = state.actions
    state = new_hand(link.game, players=link.players, seed=link.seed, settings=link.settings,
                     deck=link.deck, stacks=link.stacks)
    for action in line[:link.step]:
        state.apply(action)
    return state


def _whole(params: Mapping[str, str], name: str, *, least: int, most: int,
           default: int | None = None) -> int:
    raw = params.get(name)
    if raw is None:
        if default is None:
            raise LinkError(f"the link has no {name}")
        return default
    if not _WHOLE.fullmatch(raw):
        raise LinkError(f"the link's {name} should be a whole number, not '{raw[:20]}'")
    value = int(raw)
    if not least <= value <= most:
        raise LinkError(f"the link's {name} should be between {least} and {most}, not {value}")
    return value


def _typed_to_json(typed: TypedDeal) -> dict[str, list[str]]:
    def texts(groups: Sequence[Sequence[Card]]) -> list[str]:
        return [format_cards(cards, ascii=True) for cards in groups]

    return {"seats": texts(typed.seats), "boards": texts(typed.boards),
            "draws": texts(typed.draws)}


def _typed_from_json(data: Any) -> TypedDeal:
    """A sealed typed deal (sealed here, so only a damaged key could make this fail)."""
    try:
        def groups(name: str) -> tuple[tuple[Card, ...], ...]:
            return tuple(tuple(parse_cards(text)) for text in data[name])

        return TypedDeal(groups("seats"), groups("boards"), groups("draws"))
    except (KeyError, TypeError, CardParseError):
        raise LinkError("the link's typed cards cannot be read") from None


def _read_sealed(token: str) -> HandLink:
    try:
        payload = unseal(token)
    except SealError as error:
        raise LinkError(str(error)) from None
    inner = payload.get("link")
    if payload.get("v") != 1 or not isinstance(inner, dict) or "hand" in inner \
            or not all(isinstance(v, str) for v in inner.values()):
        raise LinkError("it was made by a version of this site that cannot read it")
    link = read_link(inner)
    if link is None:
        raise LinkError("it names no game")
    typed = _typed_from_json(payload["typed"]) if "typed" in payload else None
    return replace(link, typed=typed, guest=payload.get("guest") is True)


def _stacks(text: str | None, players: int) -> tuple[int, ...] | None:
    """Each seat's starting chips, when they are not all the game's setting."""
    if text is None:
        return None
    parts = text.split(",")
    if len(parts) != players or not all(_WHOLE.fullmatch(p) and len(p) <= 7 for p in parts):
        raise LinkError(f"the link's stacks should be {players} whole numbers of chips, "
                        "joined by commas")
    stacks = tuple(int(p) for p in parts)
    if not all(0 < chips <= MAX_STACK for chips in stacks):
        raise LinkError(f"each seat's stack should be from 1 to {MAX_STACK:,} chips")
    return stacks


def read_link(params: Mapping[str, str]) -> HandLink | None:
    """The hand a link describes, checked; ``None`` when the link names no hand.

    A sealed link (``hand``) is opened first; a plain one is read field by
    field. Raises :class:`LinkError` for anything too long, malformed,
    tampered with or against the rules (an unknown game, bad announcements,
    a decision that is not allowed, a deck with missing or repeated cards).
    """
    if "hand" in params:
        if len(params["hand"]) > LIMITS["hand"]:
            raise LinkError("the link is too long to be one of this site's")
        return _read_sealed(params["hand"])
    if "game" not in params:
        return None
    for name, limit in LIMITS.items():
        value = params.get(name)
        if value is not None and len(value) > limit:
            raise LinkError(f"the link's {name} is too long ({len(value)} characters; at most "
                            f"{limit})")
    game_id = params["game"]
    if game_id not in GAMES:
        raise LinkError(f"this site has no game called '{game_id}'; it has "
                        f"{', '.join(GAMES)}")
    game = GAMES[game_id]
    # A link naming the game alone ("?game=anaconda", typed or shared by hand) opens a new
    # table of it, with the usual number of players.
    alone = not set(params) & {"players", "seed", "actions", "deck", "stacks", "step"}
    players = _whole(params, "players", least=game.min_players, most=game.max_players,
                     default=default_players(game) if alone else None)
    seed = _whole(params, "seed", least=0, most=10**15 - 1,
                  default=fresh_seed() if alone else None)
    settings = decode_settings(game_id, params.get("settings", ""))
    try:
        game.check_players(players, make_settings(game, settings))
    except ValueError as error:
        raise LinkError(str(error)) from None
    deck = None
    if "deck" in params:
        try:
            deck = tuple(parse_cards(params["deck"], distinct=True))
        except CardParseError as error:
            raise LinkError(f"the link's deck has a bad card: {error}") from None
        if set(deck) != set(game.cards):
            raise LinkError(f"the link's deck holds {len(deck)} cards, not {game.name}'s "
                            f"{len(game.cards)}")
    stacks = _stacks(params.get("stacks"), players)
    actions = decode_actions(params.get("actions", ""))
    step = _whole(params, "step", least=0, most=len(actions), default=len(actions))
    seat = None
    if "seat" in params:
        seat = _whole(params, "seat", least=1, most=players) - 1
    hot = params.get("hot", "0")
    if hot not in ("0", "1"):
        raise LinkError("the link's hot should be 1 (everyone at one screen) or 0")
    rough = HandLink(game=game_id, players=players, seed=seed, settings=settings, deck=deck,
                     actions=actions, step=len(actions), stacks=stacks)
    played = rough.state()
    link = HandLink(game=game_id, players=players, seed=seed, settings=settings, deck=deck,
                    actions=tuple(played.actions), step=step, seat=seat, hot_seat=hot == "1",
                    stacks=stacks)
    if step == len(actions):
        link._cache["state"] = played
    return link


def seat_hint(link: HandLink) -> str:
    """Whose cards a link shows, in words."""
    if link.guest:
        return "It opens with every hole card hidden, for guests."
    if link.hot_seat:
        return "It opens with every seat's cards hidden, for players at one screen."
    if link.seat is not None:
        return f"It shows {seat_name(link.seat)}'s cards, as a player sees them."
    return "It opens in the host's view, every card face up."
