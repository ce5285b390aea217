"""The oracle harness's table: a row per game and announcement, played against pokerkit.

A row names the game, the announcement (the ``-phh-`` ones: its hand histories), pokerkit's
game for it (its class, or a ``State`` built from pokerkit's parts where it names none),
and ``play``: a function taking a ``range`` of seeds that deals and plays those hands both
ways, asserts at every step that the two agree, and returns a ``Counter`` of what the
hands reached. Every row's counter must hold ``"hands"`` (one per seed), ``"showdowns"``,
``"side pots"`` and ``"all in"`` (:data:`SHOWDOWNS`, :data:`OFTEN`); ``often`` and
``rarely`` name more counts with the least and the most share of hands each may reach.
``tests/test_oracle.py`` plays every row. A new game's oracle is a row in :data:`ROWS`,
for example::

    OracleRow("five-card-stud", "fixed-limit", "FixedLimitFiveCardStud",
              lambda seeds: oracle_five_card_stud.run_hands(seeds), {"bring-in": 0.05}),

with its ``run_hands`` in ``tests/support/oracle_<game>.py`` (or a shared module's, given
the game: ``_razz``, ``_draw`` and ``_phh_stud`` below take a game id).

A game's hands are sized by its declaration (:data:`STEPS_PER_GAME`, shared evenly among
its rows), so each game costs the oracle about the same whatever its number of
announcements and the length of its hands, and the whole stays within each game's budget
(``tests.support.timing.GAME_BUDGET``). Every game has a row: pokerkit's reader takes its
hand histories (``_phh_files``). Each row's hands are played in
blocks of at most :data:`BLOCK` hands, one test each, so the workers of ``pytest -n`` share
them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.games import GAMES
from engine.table import Structure
from tests.support import (
    oracle_draw,
    oracle_holdem,
    oracle_omaha,
    oracle_omaha_five,
    oracle_phh,
    oracle_phh_board,
    oracle_phh_choices,
    oracle_phh_draw,
    oracle_phh_files,
    oracle_razz,
    oracle_stud,
)
from tests.support.oracle_board import NO_LOW_SHARED
from tests.support.oracle_short_deck import run_hands as short_deck_hands
from tests.support.scale import blocks
from tests.support.sizing import hands_for

STEPS_PER_GAME = 4500
"""Steps times seats (``tests.support.sizing.hand_length``) of a game's random hands in
all, shared among its rows, at ``make test``'s size (a tenth in the quick loop, ten times
in the deep mode): a game of short hands plays more of them."""
LEAST = 20
"""The fewest hands a row plays."""

BLOCK = 100
"""The most hands one test plays."""

SHOWDOWNS = 0.1
"""Every row's hands reach a showdown in more than this share of them."""

OFTEN = {"side pots": 0.01, "all in": 0.05}
"""Situations every row reaches, with the least share of hands reaching each."""


@dataclass(frozen=True)
class OracleRow:
    """One game and announcement against pokerkit."""

    game_id: str
    announcement: str
    pokerkit: str
    """pokerkit's game the hands are played in."""
    play: Callable[[range], Counter[str]]
    """Plays the hands of these seeds in both and counts what they reached."""
    often: Mapping[str, float] = field(default_factory=dict)
    """More situations to reach, beyond :data:`OFTEN`, with their least share of hands."""
    every_hand: str | None = None
    """A count every hand must add to (the announcement was dealt every time)."""
    rarely: Mapping[str, float] = field(default_factory=dict)
    """Situations no more than this share of the hands may reach (a refusal, say)."""

    def __str__(self) -> str:
        return f"{self.game_id}-{self.announcement}"


@dataclass(frozen=True)
class Witness:
    """A seed known to reach a rare difference of convention, and the count naming it."""

    game_id: str
    announcement: str
    seed: int
    play: Callable[[range], Counter[str]]
    situation: str

    def __str__(self) -> str:
        return f"{self.game_id}-{self.announcement}-{self.seed}"


def _holdem(structure: Structure) -> Callable[[range], Counter[str]]:
    return lambda seeds: oracle_holdem.run_hands(seeds, (structure,))


def _omaha(pot: str) -> Callable[[range], Counter[str]]:
    return lambda seeds: oracle_omaha.run_hands(seeds, pot)


def _razz(game_id: str) -> Callable[[range], Counter[str]]:
    return lambda seeds: oracle_razz.run_hands(game_id, seeds)


def _draw(game_id: str, pokerkit: oracle_draw.Pokerkit) -> Callable[[range], Counter[str]]:
    return lambda seeds: oracle_draw.run_hands(game_id, pokerkit, seeds)


def _phh_stud(game_id: str, *, views: bool = False) -> tuple[OracleRow, OracleRow]:
    """A stud game's hands in PHH, both ways (``tests.support.oracle_phh``); with
    ``views``, pokerkit's files also read as their first player's own history."""
    pokerkit = oracle_phh.STUD_GAMES[game_id].__name__
    return (OracleRow(game_id, "fixed-limit-phh-to-pokerkit", f"{pokerkit}'s PHH reader",
                      lambda seeds: oracle_phh.site_hands_in_pokerkit(game_id, seeds)),
            OracleRow(game_id, "fixed-limit-phh-from-pokerkit", f"{pokerkit}'s PHH writer",
                      lambda seeds: oracle_phh.pokerkit_hands_on_the_site(game_id, seeds,
                                                                         views=views),
                      {"own history": 0.1} if views else {}, rarely={"refused": 0.05}))


def _phh_board(game_id: str, code: str) -> tuple[OracleRow, OracleRow]:
    """A hold'em or Omaha announcement's hands in PHH under its code, both ways
    (``tests.support.oracle_phh_board``)."""
    pokerkit = oracle_phh_board.KINDS[code].__name__
    announced = f"{code.lower().replace('/', '')}-phh"
    return (OracleRow(game_id, f"{announced}-to-pokerkit", f"{pokerkit}'s PHH reader",
                      lambda seeds: oracle_phh_board.site_hands_in_pokerkit(code, seeds)),
            OracleRow(game_id, f"{announced}-from-pokerkit", f"{pokerkit}'s PHH writer",
                      lambda seeds: oracle_phh_board.pokerkit_hands_on_the_site(code, seeds),
                      {"own history: opens as the first player's view": 0.33},
                      rarely={"refused": 0.3}))


def _phh_files(game_id: str) -> OracleRow:
    """Every game's site files read by pokerkit's reader
    (``tests.support.oracle_phh_files``); a game of few seats goes all in less often."""
    return OracleRow(game_id, "phh-read-by-pokerkit", "HandHistory.loads",
                     lambda seeds: oracle_phh_files.site_files_in_pokerkit(game_id, seeds),
                     {"all in": 0.02})


def _phh_draw(code: str) -> tuple[OracleRow, OracleRow]:
    """A draw game's or short-deck hold'em's hands in PHH under its code, both ways
    (``tests.support.oracle_phh_draw``); pokerkit's draws from its rebuilt stock are
    refused."""
    game_id, pokerkit = oracle_phh_draw.GAME_OF[code], oracle_phh_draw.KINDS[code].__name__
    often = {} if code == "NS" else {"draws": 1.0}
    return (OracleRow(game_id, f"{code.lower()}-phh-to-pokerkit", f"{pokerkit}'s PHH reader",
                      lambda seeds: oracle_phh_draw.site_hands_in_pokerkit(code, seeds), often),
            OracleRow(game_id, f"{code.lower()}-phh-from-pokerkit", f"{pokerkit}'s PHH writer",
                      lambda seeds: oracle_phh_draw.pokerkit_hands_on_the_site(code, seeds),
                      often, rarely={"refused": 0.3}))


BETTING = {"complete": 0.05, "raise": 0.05, "bring-in": 0.05}
"""What a stud game's hands do often: complete, raise, bring in."""

DRAWING = {"draws": 1.0}
"""What a draw game's hands do: more draws than hands."""

ROWS = (
    OracleRow("seven-card-stud", "fixed-limit", "FixedLimitSevenCardStud",
              oracle_stud.run_hands,
              {**BETTING, "open-pair big bet set aside": 0.01}),
    OracleRow("razz", "fixed-limit", "FixedLimitRazz", _razz("razz"), BETTING),
    OracleRow("seven-card-stud-eight", "fixed-limit",
              "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
              _razz("seven-card-stud-eight"),
              {"split between high and low": 0.05, "no qualifying low": 0.05}),
    *(OracleRow("texas-holdem", structure.value, pokerkit, _holdem(structure),
                {"raise": 0.05, "bet": 0.05}, every_hand=f"hands in {structure.value}")
      for structure, pokerkit in (
          (Structure.NO_LIMIT, "NoLimitTexasHoldem"),
          (Structure.POT_LIMIT, "a State of pokerkit's pot-limit and hold'em parts"),
          (Structure.FIXED_LIMIT, "FixedLimitTexasHoldem"))),
    OracleRow("omaha", "pot-limit-high", "PotLimitOmahaHoldem", _omaha("high"),
              every_hand="hands in pot-limit"),
    OracleRow("omaha", "fixed-limit-eight-or-better",
              "FixedLimitOmahaHoldemHighLowSplitEightOrBetter, bet fixed limit",
              _omaha("eight-or-better"), every_hand="hands in fixed-limit"),
    OracleRow("short-deck-holdem", "no-limit-button-blind-or-blinds", "NoLimitShortDeckHoldem",
              short_deck_hands, {"raise": 0.05, "hands with the button blind": 0.3},
              every_hand="hands in no-limit"),
    OracleRow("five-card-omaha", "pot-limit-high", "a State of pokerkit's pot-limit and "
              "Omaha parts, five hole cards", lambda seeds: oracle_omaha_five.run_hands(
                  "five-card-omaha", seeds), every_hand="hands in pot-limit"),
    OracleRow("big-o", "pot-limit-eight-or-better", "a State of pokerkit's pot-limit and "
              "Omaha parts, five hole cards, with the eight-or-better low",
              lambda seeds: oracle_omaha_five.run_hands("big-o", seeds),
              every_hand="hands in pot-limit"),
    *(OracleRow("courchevel", f"pot-limit-{pot}", "a State of pokerkit's pot-limit and Omaha "
                "parts, five hole cards and a board card dealt with them",
                lambda seeds, pot=pot: oracle_omaha_five.run_hands("courchevel", seeds, pot),
                every_hand="hands in pot-limit") for pot in ("high", "eight-or-better")),
    OracleRow("five-card-stud", "fixed-limit", "a State of pokerkit's fixed-limit stud parts, "
              "one down and four up", _razz("five-card-stud"), BETTING),
    OracleRow("deuce-to-seven-triple-draw", "fixed-limit",
              "FixedLimitDeuceToSevenLowballTripleDraw",
              _draw("deuce-to-seven-triple-draw", oracle_draw.triple_draw),
              {**DRAWING, "stock rebuilt": 0.05}),
    OracleRow("badugi", "fixed-limit", "FixedLimitBadugi",
              _draw("badugi", oracle_draw.badugi), DRAWING),
    OracleRow("five-card-draw", "any structure",
              "a State of pokerkit's parts: a round, a draw, a round, high hands",
              _draw("five-card-draw", oracle_draw.five_card_draw), DRAWING),
    OracleRow("deuce-to-seven-single-draw", "any structure",
              "NoLimitDeuceToSevenLowballSingleDraw, or a State of pokerkit's parts with its "
              "low for the other structures",
              _draw("deuce-to-seven-single-draw", oracle_draw.single_draw), DRAWING),
    OracleRow("ace-to-five-triple-draw", "fixed-limit",
              "a State of pokerkit's parts: three draws, the ace-to-five low",
              _draw("ace-to-five-triple-draw", oracle_draw.ace_to_five_triple_draw), DRAWING),
    # Hand histories (PHH) between the site and pokerkit, both ways.
    *_phh_stud("seven-card-stud", views=True),
    OracleRow("seven-card-stud", "fixed-limit-phh-showdown-choices",
              "FixedLimitSevenCardStud's PHH writer, the players mucking or showing",
              oracle_phh_choices.pokerkit_files_on_the_site,
              {"accepted": 0.66, "muck kept": 0.0, "shown": 0.0, "conceded at an all-in": 0.0,
               "conceded at the showdown": 0.0, "reshuffled": 0.0},
              rarely={"pokerkit cannot finish": 0.05}),
    *_phh_stud("razz"),
    *_phh_stud("seven-card-stud-eight"),
    *_phh_board("texas-holdem", "NT"),
    *_phh_board("texas-holdem", "FT"),
    *_phh_board("omaha", "PO"),
    *_phh_board("omaha", "FO/8"),
    *(row for code in ("F2L3D", "FB", "N2L1D", "NS") for row in _phh_draw(code)),
    *(_phh_files(game_id) for game_id in GAMES),
)
"""Every game and announcement played against pokerkit."""

WITNESSES = (
    Witness("seven-card-stud", "heads-up", oracle_stud.HEADS_UP_PAST_THE_CAP,
            oracle_stud.run_hands, "heads-up raise past the cap set aside"),
    Witness("texas-holdem", "fixed-limit-heads-up", oracle_holdem.HEADS_UP_PAST_THE_CAP,
            lambda seeds: oracle_holdem.run_hands(seeds, (Structure.FIXED_LIMIT,),
                                                  max_players=2),
            "heads-up raise past the cap set aside"),
    Witness("omaha", "no-low-in-a-side-pot", oracle_omaha.NO_LOW_IN_A_SIDE_POT,
            _omaha("eight-or-better"), NO_LOW_SHARED),
)
"""Rare differences of convention, each reached by a known seed and named by the oracle."""


def hands_of(row: OracleRow) -> int:
    """The row's share of its game's hands, sized by the game's declaration."""
    rows = sum(other.game_id == row.game_id for other in ROWS)
    return hands_for(row.game_id, STEPS_PER_GAME // rows, least=LEAST, most=10 * BLOCK)


def row_blocks() -> list[tuple[OracleRow, range]]:
    """Every row's hands in blocks of at most :data:`BLOCK` seeds."""
    return [(row, seeds) for row in ROWS
            for seeds in blocks(hands_of(row), -(-hands_of(row) // BLOCK))]
