"""Reading seven-card stud from any writer that follows PHH: the cards it deals stacked
into the site's deck in the site's order, unknown (``??``) cards stood in for, and every
file the site cannot follow (a reshuffled deal, a concession, cards never dealt) refused
with its reason and line."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.cards import FULL_DECK, Card, Rank
from engine.games import get_game, new_hand
from engine.games.hand_types import HandTypes
from engine.phh.reader import (
    PhhHand,
    Reader,
    Step,
    at_line,
    deck_and_seed,
    file_cards,
    game_settings,
    known_cards,
    own_settings,
    player_seat,
    seat_stacks,
    view_seat,
)
from engine.phh.replay import replay
from engine.phh.variants import CODES, STUD
from engine.state import HandState, seat_name

_STUD_FOREIGN = MappingProxyType({"open_pair": False, "showing_ties": "seat",
                                  "short_stock": "reshuffle"})
"""pokerkit's conventions, for a stud file this site did not write."""
STUD_GAMES = tuple(row.game for row in CODES if row.stud)
"""The stud games read here from any writer, under their standard codes.

>>> STUD_GAMES
('seven-card-stud', 'seven-card-stud-eight', 'razz')
"""


def load_stud(reader: Reader, game_id: str = STUD) -> PhhHand:
    data = reader.data
    stacks = seat_stacks(reader, game_id)
    players = len(stacks)
    if isinstance(data.get("antes"), int) and not isinstance(data.get("antes"), bool):
        data["antes"] = [data["antes"]] * players
    if isinstance(data.get("antes"), list) and len(data["antes"]) < players:
        data["antes"] = data["antes"] + [0] * (players - len(data["antes"]))
    antes = reader.numbers("antes", players)
    if len(set(antes)) > 1:
        raise reader.fail("antes", "every player antes the same on this site")
    blinds = data.get("blinds_or_straddles")
    if blinds not in (None, [0] * players) and blinds != [] and blinds != 0:
        raise reader.fail("blinds_or_straddles", "seven-card stud on this site has no blinds")
    shuffle = deck_and_seed(reader)
    viewer = view_seat(reader, players)
    foreign = shuffle is None and viewer is None
    values = {name: value for name, value in _STUD_FOREIGN.items()  # razz has no open pair
              if name in get_game(game_id).settings_type.__dataclass_fields__} \
        if foreign else own_settings(reader)
    values.update(ante=antes[0], bring_in=reader.whole("bring_in", least=1),
                  small_bet=reader.whole("small_bet", least=1),
                  big_bet=reader.whole("big_bet", least=1))
    steps = reader.read_steps("actions")
    cards = _dealt(reader, steps, players)
    check_no_early_concession(steps, players)
    if foreign and cards.board:
        values["short_stock"] = "community"
    if data.get("ante_trimming_status") is not True and antes[0] and \
            any(s <= antes[0] for s in stacks):
        raise reader.fail("starting_stacks", "a player is all in on the ante, and this site "
                                             "shares the antes as ante trimming does "
                                             "(ante_trimming_status = true), not as this file "
                                             "says")
    stacks_given: list[int] | None = stacks
    if len(set(stacks)) == 1 and "chips" not in values:
        values["chips"] = stacks[0]
        stacks_given = None
    elif len(set(stacks)) == 1 and values.get("chips") == stacks[0]:
        stacks_given = None
    settings = game_settings(reader, game_id, values)
    unknown: set[int] = set()
    if shuffle is not None:
        seed, deck = shuffle
    else:
        seed, deck = 0, _stud_deck(cards, players, steps, unknown,
                                   get_game(game_id).hand_types(settings))
    state = new_hand(game_id, players=players, seed=seed, settings=settings, deck=deck,
                     stacks=stacks_given)
    replay(reader, state, steps, check_deals=True, finish=foreign)
    check_mucks_kept(state, steps, players)
    _check_nothing_made_up(state, cards, steps)
    if not unknown:
        return PhhHand(state)
    check_unknown_not_shown(state, steps, unknown)
    if viewer is None and cards.dealt_known:
        kept = cards.dealt_known - cards.shown
        viewer = min(kept) if len(kept) == 1 else min(cards.dealt_known)
    elif viewer is not None and viewer not in cards.dealt_known:
        raise reader.fail("_view", f"the file is {seat_name(viewer)}'s view, but it writes "
                                   "some of that seat's own cards ??")
    return PhhHand(state, complete=False, seat=viewer)


def check_no_early_concession(steps: list[Step], players: int) -> None:
    """Refuse a muck before the last cards are dealt: at an all-in pokerkit asks each
    player to show or muck before the run-out, and a muck concedes the pots to the others;
    the site deals every hand still in to the end and shows it, with no way to concede."""
    last_deal = max((n for n, step in enumerate(steps) if step.words[:1] == ["d"]), default=-1)
    for step in steps[:last_deal]:
        if len(step.words) == 2 and step.words[1] == "sm":
            seat = player_seat(step, step.words[0], players)
            raise ValueError(f"{at_line(step.line, step.text)}: {seat_name(seat)} mucks before "
                             "the last cards are dealt (as pokerkit asks for the hands at an "
                             "all-in, before the run-out), and so concedes the pot to the "
                             "others; the site deals every hand still in to the end and shows "
                             "it, with no way to concede, so it cannot pay the pot as this file "
                             "does")


def check_mucks_kept(state: HandState, steps: list[Step], players: int) -> None:
    """Refuse a file whose muck the site overrides to pay that hand: the file's last
    showdown line for a seat mucks it (conceding), but the site's rules show a hand that
    can still win, and this one wins a pot there."""
    last: dict[int, Step] = {}
    for step in steps:
        if len(step.words) in (2, 3) and step.words[1] == "sm":
            last[player_seat(step, step.words[0], players)] = step
    settlement = state.settlement
    winners = set() if settlement is None else {
        seat for award in settlement.awards for seat in award.winners}
    for seat, step in last.items():
        if len(step.words) == 2 and seat in state.shown and seat in winners:
            raise ValueError(f"{at_line(step.line, step.text)}: {seat_name(seat)} mucks here, "
                             "conceding the pot, but on this site a hand that can still win "
                             "is shown, and this one wins: the site has no way to concede at "
                             "the showdown, so it cannot pay the pot as this file does")


def _check_nothing_made_up(state: HandState, dealt: _Dealt, steps: list[Step]) -> None:
    """Refuse a file that ends before cards the site deals: the site deals a street as
    soon as the betting before it ends (at an all-in, every street to the end), and would
    have to make those cards up."""
    where = at_line(steps[-1].line, steps[-1].text) if steps else "the file"
    for seat, held in enumerate(state.cards):
        if len(held) > len(dealt.seats[seat]):
            raise ValueError(f"{where}: the file ends here, but the site then deals "
                             f"{seat_name(seat)} its card {len(dealt.seats[seat]) + 1}, which "
                             "the file never names: the site deals a street as soon as the "
                             "betting before it ends (at an all-in, every street to the end), "
                             "and it does not make up cards a hand history leaves out")
    if state.boards and len(state.boards[0]) > len(dealt.board):
        raise ValueError(f"{where}: the file ends here, but the site then deals a community "
                         "card, which the file never names, and it does not make up cards a "
                         "hand history leaves out")


def check_unknown_not_shown(state: HandState, steps: list[Step], unknown: set[int]) -> None:
    """Refuse a hand whose showdown, by the site's rules, shows cards the file does not know:
    the cards standing in for them would decide the pot."""
    for seat in state.shown:
        if seat in unknown:
            line = next((x for x in reversed(steps) if x.words[:2] == [f"p{seat + 1}", "sm"]),
                        steps[-1] if steps else None)
            where = at_line(line.line, line.text) if line is not None else "the file"
            raise ValueError(f"{where}: {seat_name(seat)}'s cards are not all known (??), but "
                             "the site's rules show them at the showdown here, so the file "
                             "cannot tell who wins")


@dataclass
class _Dealt:
    """The cards a stud file deals: each player's in order (``None`` for one written ``??``),
    the community card, and the players whose deal lines name every card."""

    seats: list[list[tuple[Card | None, Step]]]
    board: list[tuple[Card, Step]]
    dealt_known: set[int] = field(default_factory=set)
    shown: set[int] = field(default_factory=set)
    """The players whose showdown line names their cards."""


def _dealt(reader: Reader, steps: list[Step], players: int) -> _Dealt:
    dealt = _Dealt([[] for _ in range(players)], [])
    seen: set[Card] = set()
    hidden: set[int] = set()
    taken = 0
    """The cards the file dealt before the line (``??`` ones too)."""
    for step in steps:
        words = step.words
        if words[:1] != ["d"]:
            continue
        if len(words) == 4 and words[1] == "dh":
            seat = player_seat(step, words[2], players)
            cards: list[Card | None] = file_cards(step, words[3])
            if None in cards:
                hidden.add(seat)
            dealt.seats[seat].extend((card, step) for card in cards)
        elif len(words) == 3 and words[1] == "db":
            board = known_cards(step, words[2])
            dealt.board.extend((card, step) for card in board)
            cards = list(board)
        else:
            raise ValueError(f"{at_line(step.line, step.text)}: a deal is 'd dh p1 AhKd' or "
                             "'d db 9s'")
        street = max(len(held) for held in dealt.seats) - 3
        out = taken + min(4, max(0, street)) + len(cards)
        for card in cards:
            if card is not None:
                _once(step, card, seen, out)
        taken += len(cards)
    for seat in range(players):
        if len(dealt.seats[seat]) > 7:
            eighth = dealt.seats[seat][7][1]
            raise ValueError(f"{at_line(eighth.line, eighth.text)}: a seven-card stud player "
                             "gets at most seven cards")
    _shown_cards(steps, dealt, players, seen)
    for seat, held in enumerate(dealt.seats):
        for index, (card, step) in enumerate(held[2:6], 2):
            if card is None:
                raise ValueError(f"{at_line(step.line, step.text)}: {seat_name(seat)}'s up card "
                                 f"(its card {index + 1}) is unknown (??); the site needs every "
                                 "up card, as they say who brings in and who bets first")
    dealt.dealt_known = set(range(players)) - hidden
    return dealt


def _once(step: Step, card: Card, seen: set[Card], out: int) -> None:
    """Note ``card`` as dealt, refusing it a second time: as dealt from the writer's
    reshuffled muck only when at most ``out`` cards (those dealt up to this line and a burn
    before each street from fourth) can have run the stock short."""
    if card not in seen:
        seen.add(card)
        return
    where = at_line(step.line, step.text)
    if out <= len(FULL_DECK):
        raise ValueError(f"{where}: {card.ascii} is dealt a second time, and a deck holds "
                         f"each card once: at most {out} cards have left the stock by this "
                         "line, so it never ran short and nothing was shuffled back in")
    raise ValueError(f"{where}: {card.ascii} is dealt a second time: the stock ran short and "
                     "the mucked cards were shuffled back in, in an order of the writer's own "
                     "shuffle; the site replays a deal from one deck, each card once")


def _shown_cards(steps: list[Step], dealt: _Dealt, players: int, seen: set[Card]) -> None:
    """Fill in the unknown (``??``) cards the file's showdown lines (``p3 sm AhKd...``, every
    card in the order dealt) tell, checking the known ones agree."""
    out = sum(len(held) for held in dealt.seats) + len(dealt.board) + 4
    for step in steps:
        words = step.words
        if len(words) != 3 or words[1] != "sm":
            continue
        seat = player_seat(step, words[0], players)
        dealt.shown.add(seat)
        held = dealt.seats[seat]
        shown = file_cards(step, words[2])
        if len(shown) > len(held):
            raise ValueError(f"{at_line(step.line, step.text)}: {seat_name(seat)} shows "
                             f"{len(shown)} cards but the file dealt it {len(held)}")
        named = {c for c, _ in held if c is not None}
        if all(c is not None for c, _ in held) and set(shown) - {None} <= named:
            continue  # every card known: a show in another order says nothing new
        for index, card in enumerate(shown):
            was = held[index][0]
            if card is None:
                continue
            if was is None:
                _once(step, card, seen, out)
                held[index] = (card, held[index][1])
            elif card != was:
                raise ValueError(f"{at_line(step.line, step.text)}: {seat_name(seat)} shows "
                                 f"{card.ascii} as its card {index + 1}, which the file dealt "
                                 f"as {was.ascii}")


def _stud_deck(dealt: _Dealt, players: int, steps: list[Step],
               unknown: set[int], types: HandTypes) -> list[Card]:
    """A stacked deck that deals a stud file's cards in the site's order: burns from the
    cards the file never names, and so are the stand-ins for cards it writes ``??`` (whose
    seats are added to ``unknown``)."""
    used = {c for seat in dealt.seats for c, _ in seat if c is not None} | \
        {c for c, _ in dealt.board}
    spare = [c for c in FULL_DECK if c not in used]
    random.Random(0).shuffle(spare)
    seats = [_stand_ins([c for c, _ in held], spare, types) for held in dealt.seats]
    unknown.update(s for s, held in enumerate(dealt.seats) if any(c is None for c, _ in held))
    deck: list[Card] = []
    for round_ in range(3):
        deck.extend(seats[s][round_] for s in range(players) if len(seats[s]) > round_)
    folded = _folds_by_street(steps, players)
    live = [s for s in range(players) if len(seats[s]) >= 3 and s not in folded.get(0, set())]
    for street in range(1, 5):
        index = street + 2
        getting = [s for s in range(players) if len(seats[s]) > index]
        community = street == 4 and bool(dealt.board)
        need = len(live)
        if not getting and not community:
            break
        if 52 - len(deck) > need:
            if not spare:
                step = dealt.seats[getting[0]][index][1] if getting else dealt.board[0][1]
                raise ValueError(
                    f"{at_line(step.line, step.text)}: the file deals every card of the deck, and "
                    "the site burns a card before this street from the same deck: the "
                    "writer's stock ran short and it dealt its burned cards again after "
                    "shuffling them back in, in an order of its own shuffle (or it burned "
                    "none); the site replays a deal from one deck, each card once")
            deck.append(spare.pop())
        if community:
            deck.append(dealt.board[0][0])
        deck.extend(seats[s][index] for s in getting)
        live = [s for s in getting if s not in folded.get(street, set())]
    return deck + spare


def _stand_ins(held: list[Card | None], spare: list[Card], types: HandTypes) -> list[Card]:
    """``held`` with each unknown card replaced by a spare one (taken from ``spare``), the
    weakest each can be: a hand whose cards its writer never saw was mucked or folded, and
    stand-ins that made it stronger could have the site's rules show it."""
    known = [c for c in held if c is not None]
    cards = []
    for card in held:
        if card is None:
            card = min(spare, key=lambda c: strength(known, c, types))
            spare.remove(card)
            known.append(card)
        cards.append(card)
    return cards


def strength(hand: list[Card], card: Card, types: HandTypes) -> tuple[int, ...]:
    """How much ``card`` adds to ``hand`` (smaller is weaker): for a high hand the best
    five it makes, then the pairs and suits it matches, then its rank; where a low plays,
    first the best low it makes, then the fewer pairs and the higher rank (ace low); where
    both halves play and a low must qualify, first whether it can be in a qualifying low."""
    cards = [*hand, card]
    score = types.high_of(cards).score if len(cards) >= 5 else 0
    high = (score, sum(c.rank == card.rank for c in hand),
            sum(c.suit == card.suit for c in hand), card.rank)
    if types.low is None:
        return high
    if types.high and types.qualifier is not None:  # eight or better: no low, weak high
        low_rank = 1 if card.rank == Rank.ACE else int(card.rank)
        return (int(low_rank <= types.qualifier), *high)
    low = types.low_of(cards).score if len(cards) >= 5 else 0
    pairs = sum(c.rank == card.rank for c in hand)
    return (low, -pairs, -(1 if card.rank == Rank.ACE else int(card.rank)),
            *(high if types.high else ()))


def _folds_by_street(steps: list[Step], players: int) -> dict[int, set[int]]:
    """The players who fold on each street (0 is third street), by the deals before."""
    counts = [0] * players
    folds: dict[int, set[int]] = {}
    for step in steps:
        words = step.words
        if words[:2] == ["d", "dh"] and len(words) == 4:
            seat = player_seat(step, words[2], players)
            counts[seat] += len(words[3]) // 2
        elif len(words) == 2 and words[1] == "f":
            street = max(0, max(counts) - 3)
            folds.setdefault(street, set()).add(player_seat(step, words[0], players))
    return folds
