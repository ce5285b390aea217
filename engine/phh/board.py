"""Reading the board games (hold'em, Omaha) from any writer that follows PHH: the stakes
checked against what the site can announce, the cards the file deals stacked into the
site's deck in the site's order, and the decisions replayed by the site's rules.

Antes from every player or from the big blind for the table (as tournaments play them),
a straddle from the third player, and a hand mucked that could have won (a concession,
or a hand nobody saw that mucks) are announced as the site's hold'em and Omaha announce
them. What the site cannot follow is refused, saying why: other antes, a second straddle;
bet sizes other than the big blind (and twice it on the turn and river at fixed limit);
equal blinds heads-up (pokerkit then has the big blind act first before the flop, the
site the dealer); a card dealt twice; a muck that concedes a pot; a file that ends before
cards the site would deal; a board card written ``??``, or hole cards written so whose
hand the site's rules would show. Hole cards a player's own file writes ``??`` (the
others' unshown hands: a seat's file from this site, ``_view``, or a player's history
from other software) are stood in for, and the hand opens as that player's view.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any

from engine.cards import Card
from engine.games import get_game, new_hand
from engine.games.base import Game, Settings, SettingsError
from engine.games.hand_types import low_qualifies
from engine.games.phases import BoardDeal, Deal
from engine.phh.reader import (
    PhhHand,
    Reader,
    Step,
    at_line,
    file_cards,
    known_cards,
    player_seat,
    seat_stacks,
    view_seat,
)
from engine.phh.replay import is_muck, replay
from engine.phh.stud import (
    check_mucks_kept,
    check_no_early_concession,
    check_unknown_not_shown,
    strength,
)
from engine.phh.variants import CODES, announcements
from engine.state import HandState, seat_name
from engine.table import Structure


def load_board(reader: Reader, game_id: str, code: str) -> PhhHand:
    """A board game's file from any writer, replayed by the site's rules; one with hole cards
    written ``??`` opens only as a view that never shows them (see ``engine.phh.stud``).

    A file from elsewhere that mucks a hand is read as the site's showdown plays it, and
    only where that cannot follow the file (a hand mucked that could win, or one nobody
    saw) with any hand allowed to be mucked."""
    concede = _concedes(reader, reader.read_steps("actions"))
    if concede is not None:
        return _load_board(reader, game_id, code, concede=concede)
    try:
        return _load_board(reader, game_id, code, concede=False)
    except ValueError:
        return _load_board(reader, game_id, code, concede=True)


def table_settings(reader: Reader, game_id: str, code: str, *,
                   concede: bool) -> tuple[Settings, list[int]]:
    """The announcements a file of ``code`` is played under (its blinds, antes and bet sizes,
    checked against what the site can announce), and its starting stacks."""
    row = next(r for r in CODES if r.game == game_id and r.code == code)
    game = get_game(game_id)
    fixed = row.structure is Structure.FIXED_LIMIT
    for name in ("blinds_or_straddles", *(("small_bet", "big_bet") if fixed else ("min_bet",))):
        if name not in reader.data:
            raise reader.fail("variant", f"a file of {game.name} as {code} gives {name}, and "
                                         "this one does not")
    stacks = seat_stacks(reader, game_id)
    players = len(stacks)
    known = {info.name for info in game.settings_type.schema()}
    button = _button_blind(reader, players, known)
    values: dict[str, Any]
    if button is not None:
        values = {"button_blind": True, "small_blind": max(1, button // 2), "big_blind": button}
    else:
        small, big, straddle = _blinds(reader, players, fixed=fixed)
        values = {"small_blind": small, "big_blind": big, "straddle": straddle}
        if "button_blind" in known:
            values["button_blind"] = False
    big = values["big_blind"]
    own_bets = fixed and "small_bet" in known  # bet sizes announced apart from the blinds
    if own_bets:
        values |= {name: reader.whole(name, least=1) for name in ("small_bet", "big_bet")}
    values = _announced(reader, game, known,
                        {**values, **_antes(reader, players), "concede": concede})
    settings = None
    try:
        settings = announcements(row, values)
        if len(set(stacks)) == 1:  # the chips announced, when the site allows that many
            settings = announcements(row, {**values, "chips": stacks[0]})
    except SettingsError as error:
        if settings is None:
            raise reader.fail("blinds_or_straddles", f"the site cannot use these stakes: "
                                                     f"{error}") from None
    assert settings is not None, row
    if not own_bets:
        _check_bet_sizes(reader, code, big, fixed=fixed)
    return settings, stacks


def _load_board(reader: Reader, game_id: str, code: str, *, concede: bool) -> PhhHand:
    settings, stacks = table_settings(reader, game_id, code, concede=concede)
    players = len(stacks)
    steps = reader.read_steps("actions")
    holes, board = _dealt(steps, players)
    template = new_hand(game_id, players=players, seed=0, settings=settings)
    deck = _board_deck(template, holes, board)
    equal = set(stacks) == {getattr(settings, "chips", None)}
    state = new_hand(game_id, players=players, seed=0, settings=settings, deck=deck,
                     stacks=None if equal else stacks)
    viewer = view_seat(reader, players)  # a seat's file of this site's
    if not concede:
        check_no_early_concession(steps, players)
    replay(reader, state, steps, check_deals=True, finish=viewer is None,
           fill="_format" not in reader.data)
    unknown = {seat for seat, held in enumerate(holes) if any(c is None for c, _ in held)}
    check_unknown_not_shown(state, steps, unknown)  # before a muck's check: its stand-ins
    check_mucks_kept(state, steps, players)
    _check_nothing_made_up(state, holes, board, steps)
    if not unknown:
        return PhhHand(state)
    known = set(range(players)) - unknown
    if viewer is not None and viewer not in known:
        raise reader.fail("_view", f"the file is {seat_name(viewer)}'s view, but it writes "
                                   "some of that seat's own cards ??")
    if viewer is None:
        shown = {player_seat(s, s.words[0], players) for s in steps
                 if len(s.words) == 3 and s.words[1] == "sm"}
        kept = known - shown
        dealt_known = any(s.words[1:2] == ["dh"] and "?" not in s.words[-1] for s in steps)
        viewer = None if not dealt_known else min(kept) if len(kept) == 1 else \
            min(known, default=None)   # nobody's cards dealt known: a watcher's view
    return PhhHand(state, complete=False, seat=viewer)


def _padded(reader: Reader, name: str, players: int) -> list[int]:
    """A per-player list (a single number for all, or a list the writer left short)."""
    value = reader.data.get(name, 0)
    if isinstance(value, int) and not isinstance(value, bool):
        reader.data[name] = [value] * players
    elif isinstance(value, list) and len(value) < players:
        reader.data[name] = value + [0] * (players - len(value))
    return reader.numbers(name, players)


def _antes(reader: Reader, players: int) -> dict[str, int]:
    """The antes as the site announces them: one from every player (``ante``), one for the
    table from the big blind, the second player (``big_blind_ante``), or both."""
    antes = _padded(reader, "antes", players)
    each = min(antes)
    table = antes[1] - each
    if any(ante != each for seat, ante in enumerate(antes) if seat != 1) or \
            table and players == 2:
        raise reader.fail("antes", "the site's antes are the same from every player, or one "
                                   "for the whole table from the big blind (the second "
                                   "player), or both")
    return {"ante": each, "big_blind_ante": table}


def _concedes(reader: Reader, steps: list[Step]) -> bool | None:
    """Whether hands may be mucked at the showdown whatever they hold: as the site's own
    file announces; in a file from elsewhere, never if none is mucked, always if a hand
    nobody saw is (``????``, shown as nothing), else None: if the site's showdown cannot
    follow the file otherwise."""
    own = reader.data.get("_settings")
    if isinstance(own, dict) and "_format" in reader.data:
        return own.get("concede") is True
    mucks = [step for step in steps
             if len(step.words) in (2, 3) and step.words[1] == "sm" and is_muck(step)]
    if any(len(step.words) == 3 for step in mucks):
        return True   # a hand nobody saw gives up: whatever it held, not a stand-in's worth
    return None if mucks else False


def _button_blind(reader: Reader, players: int, known: set[str]) -> int | None:
    """The one blind a file posts from the dealer alone, where the game announces such a
    button blind (short-deck hold'em): on the last player, heads-up on the first, as
    pokerkit writes it (it swaps the two places itself when two play); None otherwise."""
    if "button_blind" not in known:
        return None
    blinds = _padded(reader, "blinds_or_straddles", players)
    dealer = 0 if players == 2 else players - 1
    alone = blinds[dealer] and not any(b for seat, b in enumerate(blinds) if seat != dealer)
    return blinds[dealer] if alone else None


_FIELD_OF_SETTING = MappingProxyType({"straddle": ("blinds_or_straddles", "straddle"),
                                      "big_blind_ante": ("antes", "ante for the table")})


def _announced(reader: Reader, game: Game, known: set[str],
               values: dict[str, Any]) -> dict[str, Any]:
    """The values the game announces; a stake it has no announcement for (a straddle,
    an ante for the table) is refused, naming the field."""
    for name, value in values.items():
        if name not in known and value:
            field, what = _FIELD_OF_SETTING.get(name, ("variant", name))
            raise reader.fail(field, f"{game.name} on this site has no {what}")
    return {name: value for name, value in values.items() if name in known}


def _blinds(reader: Reader, players: int, *, fixed: bool) -> tuple[int, int, int]:
    """The small and big blind, posted by the first two players (pokerkit's order, small
    then big, heads-up too), and a straddle from the third (0 if none)."""
    blinds = _padded(reader, "blinds_or_straddles", players)
    small, big, *rest = blinds
    straddle = rest[0] if rest and players > 2 else 0
    if any(rest[1:]) or not 1 <= small <= big or \
            straddle and (straddle < big or fixed):
        raise reader.fail("blinds_or_straddles", "the site's board games have two blinds, a "
                                                 "small one and a big one at least as large, "
                                                 "posted by the first two players, and at "
                                                 "no or pot limit with three players or "
                                                 "more a straddle from the third at least "
                                                 "as large as the big blind")
    if players == 2 and small == big:
        raise reader.fail("blinds_or_straddles", "with equal blinds heads-up, pokerkit has "
                                                 "the big blind act first before the flop, "
                                                 "where the site has the dealer (the small "
                                                 "blind) act first, so the betting order "
                                                 "cannot be followed")
    return small, big, straddle


def _check_bet_sizes(reader: Reader, code: str, big: int, *, fixed: bool) -> None:
    """The site's smallest bet is the big blind; at fixed limit the bets are the big blind
    and twice it."""
    if fixed:
        for name, size in (("small_bet", big), ("big_bet", 2 * big)):
            if reader.whole(name, least=1) != size:
                raise reader.fail(name, f"at fixed limit the site's small bet is the big "
                                        f"blind ({big}) and its big bet twice it "
                                        f"({2 * big}), so this file's cannot be followed")
        return
    if reader.whole("min_bet", least=1) != big:
        raise reader.fail("min_bet", f"the site's smallest bet is the big blind ({big}), so "
                                     f"a file of {code} with another cannot be followed")


Holes = list[list[tuple[Card | None, Step]]]
"""Each player's hole cards as the file deals them, ``None`` for one written ``??``."""


def _dealt(steps: list[Step], players: int) -> tuple[Holes, list[tuple[Card, Step]]]:
    """Each player's hole cards and the board's, in the order dealt (a hole card written
    ``??`` told by the player's show line if it has one), none dealt twice."""
    holes: Holes = [[] for _ in range(players)]
    board: list[tuple[Card, Step]] = []
    seen: set[Card] = set()
    for step in steps:
        words = step.words
        if words[:1] != ["d"]:
            continue
        cards: list[Card | None]
        if len(words) == 4 and words[1] == "dh":
            seat = player_seat(step, words[2], players)
            cards = file_cards(step, words[3])
            holes[seat].extend((card, step) for card in cards)
        elif len(words) == 3 and words[1] == "db":
            cards = list(known_cards(step, words[2]))
            board.extend((card, step) for card in cards if card is not None)
        else:
            raise ValueError(f"{at_line(step.line, step.text)}: a deal is 'd dh p1 AhKd' or "
                             "'d db 9s8d2c'")
        for card in cards:
            if card is not None:
                _once(step, card, seen)
    for step in steps:
        if len(step.words) == 3 and step.words[1] == "sm":
            _shown(step, holes[player_seat(step, step.words[0], players)], seen)
    return holes, board


def _once(step: Step, card: Card, seen: set[Card]) -> None:
    if card in seen:
        raise ValueError(f"{at_line(step.line, step.text)}: {card.ascii} is dealt a second "
                         "time, and a deck holds each card once")
    seen.add(card)


def _shown(step: Step, held: list[tuple[Card | None, Step]], seen: set[Card]) -> None:
    """Fill in the unknown hole cards a show line (every hole card, in the order dealt)
    tells, checking the known ones agree."""
    shown = file_cards(step, step.words[2])
    if len(shown) != len(held):
        raise ValueError(f"{at_line(step.line, step.text)}: the player shows {len(shown)} "
                         f"cards but the file dealt it {len(held)}")
    if all(c is not None for c, _ in held) and \
            {c for c in shown if c is not None} <= {c for c, _ in held}:
        return  # every card known: a show in another order says nothing new
    for index, card in enumerate(shown):
        was = held[index][0]
        if card is None or card == was:
            continue
        if was is not None:
            raise ValueError(f"{at_line(step.line, step.text)}: the player shows {card.ascii} "
                             f"as its card {index + 1}, which the file dealt as {was.ascii}")
        _once(step, card, seen)
        held[index] = (card, held[index][1])


def _board_deck(template: HandState, holes: Holes,
                board: list[tuple[Card, Step]]) -> list[Card]:
    """A stacked deck that deals the file's cards in the site's order (hole cards round by
    round from the first player, then each board street after a burn). Burns and cards the
    file never names come from the rest of the deck, and so do the stand-ins for hole cards
    written ``??``: the weakest each can be with the board, so that the site's rules show
    such a hand only where it could win (which is then refused)."""
    used = {c for seat in holes for c, _ in seat if c is not None} | {c for c, _ in board}
    spare = [c for c in template.game.cards if c not in used]
    random.Random(0).shuffle(spare)
    size = sum(len(p.pattern) for p in template.phases if isinstance(p, Deal))
    for seat, held in enumerate(holes):
        if len(held) > size:
            step = held[size][1]
            raise ValueError(f"{at_line(step.line, step.text)}: {seat_name(seat)} is dealt "
                             f"more than {size} hole cards")
    streets = sum(p.count for p in template.phases if isinstance(p, BoardDeal))
    if len(board) > streets:
        step = board[streets][1]
        raise ValueError(f"{at_line(step.line, step.text)}: the board holds {streets} cards on "
                         "this site, and this deals more")
    on_board = [c for c, _ in board]
    seats = [_stand_ins(template, [c for c, _ in held], on_board, spare) for held in holes]
    deck: list[Card] = []
    dealt = 0
    for phase in template.phases:
        if isinstance(phase, Deal) and phase.pattern:
            if phase.burn:
                deck.append(spare.pop())
            for round_ in range(len(phase.pattern)):
                for cards in seats:
                    deck.append(cards[round_] if round_ < len(cards) else spare.pop())
        elif isinstance(phase, BoardDeal):
            if phase.burn:
                deck.append(spare.pop())
            for _ in range(phase.count):
                deck.append(on_board[dealt] if dealt < len(on_board) else spare.pop())
                dealt += 1
    return deck + spare


STAND_IN_TRIES = 40
"""Random sets of stand-ins weighed against the first choice, with a full board."""


def _stand_ins(template: HandState, held: list[Card | None], board: list[Card],
               spare: list[Card]) -> list[Card]:
    """``held`` with its unknown cards replaced by spare ones (taken from ``spare``): card by
    card the one adding least to the cards known, and then, with a full board, the weakest
    by the game's own valuation (Omaha's two-and-three rule) of that and some random sets:
    no qualifying low if it can, then the lowest high."""
    missing = [n for n, card in enumerate(held) if card is None]
    if not missing:
        return [c for c in held if c is not None]
    game, settings = template.game, template.settings
    types = game.hand_types(settings)
    known = [c for c in held if c is not None]
    first: list[Card] = []
    for _ in missing:
        card = min((c for c in spare if c not in first),
                   key=lambda c: strength([*known, *board, *first], c, types))
        first.append(card)
    chosen = first
    if len(board) == 5:
        rng = random.Random(len(spare))
        tries = [first, *(rng.sample(spare, len(missing)) for _ in range(STAND_IN_TRIES))]

        def weight(cards: list[Card]) -> tuple[bool, int]:
            high, low = game.evaluate(settings, _filled(held, cards), board)
            qualifies = low is not None and (types.qualifier is None
                                             or low_qualifies(low, types.qualifier))
            return qualifies, high.score if high is not None else 0

        chosen = min(tries, key=weight)
    for card in chosen:
        spare.remove(card)
    return _filled(held, chosen)


def _filled(held: list[Card | None], stand_ins: list[Card]) -> list[Card]:
    fill = iter(stand_ins)
    return [card if card is not None else next(fill) for card in held]


def _check_nothing_made_up(state: HandState, holes: Holes,
                           board: list[tuple[Card, Step]], steps: list[Step]) -> None:
    """Refuse a file that ends before cards the site deals (a street, or an all-in's
    run-out): the site would have to make them up."""
    where = at_line(steps[-1].line, steps[-1].text) if steps else "the file"
    for seat, held in enumerate(state.cards):
        if len(held) > len(holes[seat]):
            raise ValueError(f"{where}: the file never names {seat_name(seat)}'s hole cards, "
                             "which the site deals, and it does not make up cards a hand "
                             "history leaves out")
    if state.boards and len(state.boards[0]) > len(board):
        raise ValueError(f"{where}: the file ends here, but the site then deals board card "
                         f"{len(board) + 1}, which the file never names: the site deals a "
                         "street as soon as the betting before it ends (at an all-in, every "
                         "street to the end), and it does not make up cards a hand history "
                         "leaves out")
