"""Reading the draw games (deuce-to-seven triple and single draw, badugi) from any writer
that follows PHH: the stakes checked as for the board games (``engine.phh.board``), the
cards the file deals stacked into the site's deck in the order the site deals them, and
the decisions replayed by the site's rules.

PHH writes a draw as pokerkit plays it: every player of the round discards (``p1 sd
7s8h``, ``p2 sd`` standing pat), then each is dealt the new cards (``d dh p1 2c3d``). The
site deals a player's new cards as soon as they discard, so the lines are replayed in that
order. Refused, saying why: a card written ``??`` (a draw game replays here only with
every card known), a card dealt twice in the first deal, and a draw dealt from a stock
rebuilt from the cards out of play (a card dealt again, or where the site rebuilds its
own): each writer shuffles those in its own order, which a file of one deck cannot
follow.
"""

from __future__ import annotations

import random

from engine.actions import Reshuffled
from engine.cards import Card
from engine.games import new_hand
from engine.games.phases import Deal
from engine.phh.board import table_settings
from engine.phh.reader import PhhHand, Reader, Step, at_line, known_cards, player_seat
from engine.phh.replay import replay
from engine.phh.stud import check_mucks_kept
from engine.state import HandState, seat_name


def load_draw(reader: Reader, game_id: str, code: str) -> PhhHand:
    """A draw game's file from any writer, replayed by the site's rules."""
    settings, stacks = table_settings(reader, game_id, code, concede=False)
    players = len(stacks)
    steps = reader.read_steps("actions")
    in_order = site_order(steps, players)
    template = new_hand(game_id, players=players, seed=0, settings=settings)
    deck = _draw_deck(template, in_order, players)
    equal = set(stacks) == {getattr(settings, "chips", None)}
    state = new_hand(game_id, players=players, seed=0, settings=settings, deck=deck,
                     stacks=None if equal else stacks)
    try:
        replay(reader, state, in_order, check_deals=False, finish=True)
    except ValueError as error:
        if _rebuilt(state):
            raise ValueError(f"{error}: the stock ran short here and the site shuffled the "
                             "discards into a new stock, in its own order; a file's draw "
                             "from its own rebuilt stock cannot be replayed from one deck"
                             ) from None
        raise
    check_mucks_kept(state, steps, players)
    return PhhHand(state)


def site_order(steps: list[Step], players: int) -> list[Step]:
    """The file's lines in the site's order: each player's new cards dealt right after its
    discard, where PHH deals them once everyone of the round has discarded."""
    ordered: list[Step] = []
    waiting: dict[int, list[Step]] = {}   # discards still to be followed by their deal
    for step in steps:
        words = step.words
        if words[1:2] == ["sd"]:
            seat = player_seat(step, words[0], players)
            if seat in waiting:   # a new round, with no betting between
                waiting = {}
            ordered.append(step)
            waiting[seat] = []
            continue
        if waiting and words[:2] == ["d", "dh"] and len(words) == 4:
            seat = player_seat(step, words[2], players)
            if seat in waiting and not waiting[seat]:
                waiting[seat].append(step)
                at = max(n for n, s in enumerate(ordered) if s.words[1:2] == ["sd"]
                         and player_seat(s, s.words[0], players) == seat)
                ordered.insert(at + 1, step)
                continue
        if words[:1] != ["d"]:
            waiting = {}
        ordered.append(step)
    return ordered


def _draw_deck(template: HandState, steps: list[Step], players: int) -> list[Card]:
    """A stacked deck that deals the file's cards in the site's order: the first deal
    round by round from the first player (after a burn where the site burns), then each
    draw's new cards as they are dealt. Burns and cards the file never names come from the
    rest of the deck."""
    first: list[list[Card]] = [[] for _ in range(players)]
    drawn: list[Card] = []
    seen: set[Card] = set()
    discarded = False
    for step in steps:
        words = step.words
        discarded = discarded or words[1:2] == ["sd"]
        if words[:1] != ["d"]:
            continue
        if words[1:2] != ["dh"] or len(words) != 4:
            raise ValueError(f"{at_line(step.line, step.text)}: a draw game's deal is "
                             "'d dh p1 AhKd7c2s9h'")
        cards = known_cards(step, words[3])
        for card in cards:
            if card in seen and discarded:
                raise ValueError(f"{at_line(step.line, step.text)}: {card.ascii} is dealt "
                                 "again: the stock ran short here and the file's writer "
                                 "rebuilt it from the cards out of play, in its own order, "
                                 "which a file of one deck cannot follow")
            if card in seen:
                raise ValueError(f"{at_line(step.line, step.text)}: {card.ascii} is dealt a "
                                 "second time, and a deck holds each card once")
            if card not in template.game.cards:
                raise ValueError(f"{at_line(step.line, step.text)}: {card.ascii} is not in "
                                 "this game's deck")
            seen.add(card)
        if discarded:
            drawn.extend(cards)
        else:
            first[player_seat(step, words[2], players)].extend(cards)
    spare = [c for c in template.game.cards if c not in seen]
    random.Random(0).shuffle(spare)
    deck: list[Card] = []
    for phase in template.phases:
        if isinstance(phase, Deal) and phase.pattern:
            if phase.burn:
                deck.append(spare.pop())
            for round_ in range(len(phase.pattern)):
                for seat, cards in enumerate(first):
                    if round_ < len(cards):
                        deck.append(cards[round_])
                    elif cards:
                        raise ValueError(f"the file deals {seat_name(seat)} {len(cards)} "
                                         f"cards at first, not {len(phase.pattern)}")
                    else:
                        deck.append(spare.pop())
    return deck + drawn + spare


def _rebuilt(state: HandState) -> bool:
    """Whether the site rebuilt its stock from the discards in this hand."""
    return any(isinstance(op, Reshuffled) for op in state.record)
