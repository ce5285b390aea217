"""Real hand histories from the public PHH dataset (``tests/data/phh``, sources named in its
README): a WSOP hand in millions with a big blind ante, online hands in dollars and cents
whose hole cards nobody saw, an unseen hand that mucks, a ``.phhs`` file of many hands.
Each is read exactly, and each result is the file's ``finishing_stacks`` where it has
them, else pokerkit's (the oracle) from the same file."""

from __future__ import annotations

import random
import tomllib
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from pokerkit import HandHistory

from engine.games import new_hand
from engine.phh import read_phh, to_phh
from engine.phh.many import hands_in, is_phhs
from engine.phh.reader import PhhHand
from tests.support.bots import quick_bot
from ui.sessions.history import many_hands, phh_hand

DATA = Path(__file__).parent / "data" / "phh"
WSOP = DATA / "wsop-2019-event42-day3-00-01-07.phh"
ONLINE = DATA / "ps-50nl-2009-07-01-excerpt.phhs"
OMAHA = DATA / "antonius-blom-2009.phh"
ANTES = DATA / "dwan-ivey-2009.phh"


def _result(hand: PhhHand) -> list[Fraction]:
    """Each player's stack at the end, in the file's own amounts."""
    table, payoffs = hand.state.table, hand.state.payoffs
    return [(start + net) * hand.unit for start, net in zip(table.starting, payoffs,
                                                               strict=True)]


def _pokerkit(text: str) -> list[list[Fraction]]:
    """pokerkit's stacks at the end of each hand of a file (one hand, or many)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = list(HandHistory.loads_all(text)) if is_phhs(text) and \
            text.lstrip().startswith("[") else [HandHistory.loads(text)]
        return [[Fraction(Decimal(str(s))) for s in list(h)[-1].stacks] for h in histories]


def test_a_wsop_hand_in_millions_with_a_big_blind_ante_ends_at_its_finishing_stacks() -> None:
    text = WSOP.read_text()
    hand = read_phh(text)
    assert hand.complete and hand.state.is_over
    finishing = tomllib.loads(text)["finishing_stacks"]
    assert _result(hand) == finishing
    # The big blind ante is dead money in the pot, as the tournament played it: pokerkit's
    # ante trimming hands it back to the big blind instead.
    assert _pokerkit(text)[0] != finishing
    # Blinds of 250,000 and 500,000 are more than any game's stakes allow: read in fives.
    assert hand.unit == 5 and max(hand.state.table.starting) == 14_100_000 // 5
    words = " ".join(e.text for e in hand.state.view(None).events)
    assert "Seat 2 antes for the table 100000" in words
    assert "Seat 8 folds" in words   # the fold the file leaves out, as pokerkit reads it


def test_online_hands_in_cents_with_unseen_hole_cards_end_at_pokerkits_stacks() -> None:
    text = ONLINE.read_text()
    hands = hands_in(text)
    assert [h.key for h in hands] == ["1", "5", "15", "16", "18", "21"]
    for hand, expected in zip(hands, _pokerkit(text), strict=True):
        read = read_phh(hand.text)
        assert read.state.is_over, hand.key
        assert _result(read) == expected, hand.key
        assert read.unit == Fraction(1, 20)   # every amount is a multiple of 5 cents
        # Nobody's hole cards were dealt known: the hand opens as a watcher's, every
        # hole card face down until shown.
        assert not read.complete and read.seat is None, hand.key
        link, unit = phh_hand(hand.text)
        assert link.guest and not link.for_host and unit == read.unit


def test_an_unseen_hand_that_mucks_concedes_and_the_shown_hands_win() -> None:
    hands = {h.key: h for h in hands_in(ONLINE.read_text())}
    for key, mucker, winner in (("18", 2, 1), ("21", 2, 0)):
        state = read_phh(hands[key].text).state
        assert mucker in state.mucked and mucker not in state.shown, key
        assert state.payoffs[winner] > 0 > state.payoffs[mucker], key
        muck = next(e for e in state.view(None).events if e.text == f"Seat {mucker + 1} mucks")
        assert "giving up" in muck.rule


def test_a_hand_mucked_that_would_have_won_is_a_concession() -> None:
    """The dataset's hand 5 with the winner's show line made a muck: the pot goes to the
    hand shown, as pokerkit pays it."""
    hand5 = next(h for h in hands_in(ONLINE.read_text()) if h.key == "5").text
    conceded = hand5.replace("'p2 sm QdQh'", "'p2 sm'")
    assert conceded != hand5
    read = read_phh(conceded)
    assert _result(read) == _pokerkit(conceded)[0]
    assert read.state.payoffs[5] > 0 and 1 in read.state.mucked


def test_a_phhs_file_lists_its_hands_to_pick_from() -> None:
    hands = many_hands(ONLINE.read_bytes())
    assert hands is not None and len(hands) == 6
    assert hands[1].summary.startswith("Hand 5, no. 59937798704, 6 players, blinds 0.25/0.50")
    assert "2 hands shown" in hands[1].summary
    assert many_hands(WSOP.read_bytes()) is None   # one hand: loaded as it is
    with pytest.raises(ValueError, match="holds no hand"):
        many_hands(b"[1]\nname = 'no variant'\n[2]\nvariant = 3\n")


def test_a_cash_game_with_an_ante_from_every_player_ends_at_pokerkits_stacks() -> None:
    text = ANTES.read_text()
    hand = read_phh(text)
    assert hand.state.is_over and hand.unit == 1   # stacks up to 2,000,000, read as written
    assert _result(hand) == _pokerkit(text)[0] == [572_100, 1_997_500, 1_109_500]
    assert hand.state.settings.to_dict()["ante"] == 500
    assert not hand.complete and hand.seat == 0   # Seat 2's cards nobody saw


def test_a_pot_limit_omaha_pot_in_quarters_of_a_dollar_ends_at_pokerkits_stacks() -> None:
    """Antonius against Blom, 2009: stacks of 1,259,450.25 and 678,473.50 dollars, read in
    quarters (5,037,801 chips); the wheel holds and takes Blom's whole stack."""
    text = OMAHA.read_text()
    hand = read_phh(text)
    assert hand.state.is_over and hand.complete and hand.unit == Fraction(1, 4)
    assert hand.state.table.starting == (5_037_801, 2_713_894)
    assert _result(hand) == _pokerkit(text)[0] == [Fraction("1937923.75"), 0]
    words = [e.text for e in hand.state.view(None).events]
    assert words[-1] == "Seat 1 wins the pot of 5427788"   # 1,356,947 dollars


def test_more_chips_than_the_site_counts_is_refused_saying_so() -> None:
    """Stacks no unit brings within the site's limit (a billion chips a seat) are refused,
    naming the line, and nothing is dealt."""
    huge = OMAHA.read_text().replace("[1259450.25, 678473.5]", "[1259450000000.25, 678473.5]")
    with pytest.raises(ValueError, match=r"line 10 \(starting_stacks.*whole chips of at most"):
        read_phh(huge)


@pytest.mark.parametrize("settings", [
    {"ante": 5}, {"big_blind_ante": 10}, {"straddle": 4}, {"ante": 1, "straddle": 8},
])
def test_the_sites_antes_and_straddles_round_trip_and_agree_with_pokerkit(
        settings: dict[str, int]) -> None:
    """A hand announced with antes or a straddle is written as PHH, read back the same,
    and (bar the big blind ante, which pokerkit's ante trimming hands back) replays in
    pokerkit to the same stacks."""
    for seed in range(12):
        state = new_hand("texas-holdem", players=3 + seed % 5, seed=seed, settings=settings)
        rng, bot = random.Random(seed), quick_bot("texas-holdem")
        while not state.is_over:
            state.apply(bot.choose(state, state.to_act[0], rng))
        text = to_phh(state)
        back = read_phh(text)
        assert back.state.to_json() == state.to_json(), seed
        if "big_blind_ante" not in settings:
            expected = [start + net for start, net in zip(state.table.starting, state.payoffs,
                                                          strict=True)]
            assert _pokerkit(text)[0] == expected, seed
