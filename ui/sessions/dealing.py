"""A deal to make: the game, the number of players, the announcements, and typed cards.

What the play and host tables deal from, in plain Python: the controls that
choose it are ``ui/components/deal_setup.py``'s.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, CardParseError, parse_cards
from engine.deals import DealError, deal_plan, deck_from_seats
from engine.games import Game
from engine.games.base import Settings
from engine.state import seat_name


@dataclass(frozen=True, slots=True)
class Setup:
    """A table to deal: which game, how many players, under which announcements."""

    game_id: str
    players: int
    settings: Settings


@dataclass(frozen=True, slots=True)
class TypedDeal:
    """Cards typed for each seat and each board, in the order they are dealt, and for
    each seat's draw, in the order it receives them (empty in a game without one)."""

    seats: tuple[tuple[Card, ...], ...]
    boards: tuple[tuple[Card, ...], ...]
    draws: tuple[tuple[Card, ...], ...] = ()

    def drawing_seats(self) -> list[int]:
        """The seats with cards typed for their draw."""
        return [seat for seat, cards in enumerate(self.draws) if cards]


def fresh_seed() -> int:
    """A new shuffle's number (any deal can be replayed from its number)."""
    return secrets.randbelow(1_000_000)


def player_counts(game: Game, settings: Settings | None = None) -> list[int]:
    """The player counts the game allows (Pick a Partner: even counts only)."""
    rules = settings or game.settings_type()
    counts = []
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.check_players(players, rules)
        except ValueError:
            continue
        counts.append(players)
    return counts


def default_players(game: Game) -> int:
    counts = player_counts(game)
    return 4 if 4 in counts else counts[0]


def _read(label: str, text: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(text, distinct=True))
    except CardParseError as error:
        raise DealError(f"{label}: {error}") from None


def read_typed(setup: Setup, texts: Sequence[str]) -> TypedDeal:
    """Check typed cards (each readable, none twice, not too many); ``DealError`` says why.

    ``texts`` are as :func:`typed_inputs` returns them: the seats, the boards, then
    the seats' draws; any missing are empty.
    """
    plan = deal_plan(setup.game_id, players=setup.players, settings=setup.settings)

    def text(index: int) -> str:
        return texts[index] if index < len(texts) else ""

    seats = tuple(_read(seat_name(s), text(s)) for s in range(setup.players))
    names = ["Board" if len(plan.boards) == 1 else f"Board {i + 1}"
             for i in range(len(plan.boards))]
    boards = tuple(_read(names[i], text(setup.players + i)) for i in range(len(plan.boards)))
    while boards and not boards[-1]:
        boards = boards[:-1]
    first = setup.players + len(plan.boards)
    draws = tuple(_read(f"{seat_name(s)}'s draw", text(first + s))
                  for s in range(setup.players)) if plan.draws else ()
    while draws and not draws[-1]:
        draws = draws[:-1]
    deal = TypedDeal(seats=seats, boards=boards, draws=draws)
    deck_from_seats(setup.game_id, players=setup.players, seat_cards=deal.seats,
                    boards=deal.boards, seat_draws=deal.draws, settings=setup.settings)
    return deal
