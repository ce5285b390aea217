"""Stud files that once paid the wrong player or were refused for a wrong reason, each
checked against pokerkit: a muck is never overridden to pay the hand, a concession at an
all-in is not played out with cards the file never dealt, a refusal names its true reason
and line, and a host's Psycho file dealt from a typed deck reloads after a reshuffle."""

from __future__ import annotations

import random
import warnings

import pytest
from pokerkit import HandHistory

from engine.cards import FULL_DECK
from engine.games import new_hand
from engine.phh import load_phh, to_phh
from engine.state import HandState
from tests.support.oracle_stud import expected_pokerkit_stacks


def stud_file(stacks: list[int], actions: list[str], *, ante: int = 2,
              bring_in: int = 5) -> str:
    """A seven-card stud file as pokerkit writes one, with bets of 10 and 20."""
    return ("variant = 'F7S'\nante_trimming_status = true\n"
            f"antes = {[ante] * len(stacks)}\nbring_in = {bring_in}\nsmall_bet = 10\n"
            f"big_bet = 20\nstarting_stacks = {stacks}\nactions = {actions}\n")


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, final = HandHistory.loads(text)
    assert not final.status
    return list(final.stacks)


SEVENTH = ["d dh p1 2c3d4h", "d dh p2 AsAhKd", "p1 pb", "p2 cc", "d dh p1 7s", "d dh p2 Kc",
           "p2 cc", "p1 cc", "d dh p1 8s", "d dh p2 Ks", "p2 cc", "p1 cc", "d dh p1 9d",
           "d dh p2 Qh", "p2 cc", "p1 cc", "d dh p1 Jc", "d dh p2 Qd", "p2 cc", "p1 cc"]
"""Seven streets checked through: Seat 2's full house against Seat 1's jack high."""


def test_a_winning_hand_mucked_at_the_showdown_is_never_paid() -> None:
    """pokerkit lets Seat 2 concede by mucking; the site would show the hand and pay it, so
    the file is refused, on the muck, saying why."""
    text = stud_file([200, 200], [*SEVENTH, "p2 sm", "p1 sm 2c3d4h7s8s9dJc"])
    assert pokerkit_stacks(text) == [207, 193]
    with pytest.raises(ValueError, match=r"^line 8 \(p2 sm\): Seat 2 mucks here, conceding "
                                         r"the pot, .* no way to concede at the showdown"):
        load_phh(text)


def test_a_beaten_hand_mucked_at_the_showdown_stays_mucked() -> None:
    text = stud_file([200, 200], [*SEVENTH, "p2 sm AsAhKdKcKsQhQd", "p1 sm"])
    state = load_phh(text)
    assert state.mucked == [0] and state.shown == [1]
    assert expected_pokerkit_stacks(state) == pokerkit_stacks(text) == [193, 207]


def test_a_losing_hand_the_site_shows_though_the_file_mucks_it_pays_as_pokerkit() -> None:
    """Seat 1 bet last, so the site shows it first; it loses, as the file's muck says."""
    actions = [*SEVENTH[:-2], "p2 cc", "p1 cbr 20", "p2 cc", "p1 sm", "p2 sm AsAhKdKcKsQhQd"]
    text = stud_file([200, 200], actions)
    state = load_phh(text)
    assert state.shown[0] == 0
    assert expected_pokerkit_stacks(state) == pokerkit_stacks(text) == [173, 227]


def test_a_concession_at_an_all_in_is_refused_without_dealing_a_card() -> None:
    """Seat 1 is all in on third street; pokerkit asks for the hands before the run-out and
    Seat 2 mucks, conceding: pokerkit pays Seat 1 and deals no more to Seat 2."""
    actions = ["d dh p1 7d6h4h", "d dh p2 7c5c5d", "p1 pb", "p2 cc", "p1 sm 7d6h4h", "p2 sm",
               "d dh p1 Ac"]
    text = stud_file([4, 200], actions)
    assert pokerkit_stacks(text) == [8, 196]
    with pytest.raises(ValueError, match=r"^line 8 \(p2 sm\): Seat 2 mucks before the last "
                                         r"cards are dealt .* and so concedes the pot"):
        load_phh(text)


def test_a_file_that_ends_at_an_all_in_before_the_run_out_is_refused() -> None:
    """The site would deal every street at once, and would have to make the cards up."""
    text = stud_file([4, 200], ["d dh p1 7d6h4h", "d dh p2 7c5c5d", "p1 pb", "p2 cc"])
    with pytest.raises(ValueError, match=r"^line 8 \(p2 cc\): the file ends here, but the site "
                                         r"then deals Seat 1 its card 4, which the file never"):
        load_phh(text)


def test_the_same_hand_run_out_and_shown_pays_as_pokerkit() -> None:
    actions = ["d dh p1 7d6h4h", "d dh p2 7c5c5d", "p1 pb", "p2 cc", "p1 sm 7d6h4h",
               "p2 sm 7c5c5d", "d dh p1 Ac", "d dh p2 2d", "d dh p1 Ad", "d dh p2 3d",
               "d dh p1 Ah", "d dh p2 8d", "d dh p1 9s", "d dh p2 Kc", "p1 sm 7d6h4hAcAdAh9s",
               "p2 sm 7c5c5d2d3d8dKc"]
    text = stud_file([4, 200], actions)
    state = load_phh(text)
    assert expected_pokerkit_stacks(state) == pokerkit_stacks(text) == [8, 196]


RESHUFFLED_BURNS = [
    "d dh p1 5dAd6s", "d dh p2 Qc3c3h", "d dh p3 8d9d6h", "d dh p4 8hJh7d", "d dh p5 8c9sAh",
    "d dh p6 7h4dKh", "d dh p7 TsQs5s", "d dh p8 Th5hJd", "p2 cbr 10", "p3 cc", "p4 cc",
    "p5 cbr 20", "p6 cc", "p7 cc", "p1 cc", "p2 cc", "p3 cbr 30", "p5 f", "p1 cc", "p2 cc",
    "d dh p1 4h", "d dh p2 7s", "d dh p3 3d", "d dh p4 5c", "d dh p6 Kd", "d dh p7 4c",
    "d dh p8 Js", "p1 cc", "p2 cc", "p3 cc", "d dh p1 Ks", "d dh p2 Kc", "d dh p3 2s",
    "d dh p4 4s", "d dh p6 6c", "d dh p7 3s", "d dh p8 6d", "p1 cc", "p2 cc", "p3 cbr 20",
    "p1 cbr 40", "p2 cc", "p3 cc", "d dh p1 Jc", "d dh p2 9h", "d dh p3 Qd", "d dh p4 7c",
    "d dh p6 Qh", "d dh p7 2d", "d dh p8 9c", "p1 cbr 20", "p3 cc", "d dh p1 2c", "d dh p2 Td",
    "d dh p3 8s", "d dh p4 Ac", "d dh p6 Tc", "d dh p7 2h", "d dh p8 As", "p1 cc", "p3 cc",
    "p6 sm", "p7 sm", "p8 sm", "p1 sm 5dAd6s4hKsJc2c", "p2 sm Qc3c3h7sKc9hTd",
    "p3 sm 8d9d6h3d2sQd8s", "p4 sm"]
"""Eight players, written by pokerkit, which burned real cards and, its stock short on
seventh street, dealt them again from its reshuffle: the file names all 52 cards, each
once."""


def test_a_deal_from_reshuffled_burns_is_refused_as_one() -> None:
    stacks = [340, 55, 130, 11, 54, 13, 17, 2]
    text = stud_file(stacks, RESHUFFLED_BURNS, ante=4, bring_in=1)
    assert pokerkit_stacks(text) == [246, 0, 346, 0, 30, 0, 0, 0]
    with pytest.raises(ValueError, match=r"^line 8 \(d dh p1 4h\): the file deals every card "
                                         r"of the deck, .* stock ran short"):
        load_phh(text)


def test_a_plain_duplicate_card_is_called_one() -> None:
    actions = ["d dh p1 2c3d4h", "d dh p2 AsAhKd", "d dh p3 9s9d4h", "p1 pb", "p2 f", "p3 cc"]
    with pytest.raises(ValueError, match=r"^line 8 \(d dh p3 9s9d4h\): 4h is dealt a second "
                                         r"time, and a deck holds each card once: .* never "
                                         r"ran short"):
        load_phh(stud_file([200] * 3, actions))


def psycho_until_a_reshuffle(play: int) -> HandState | None:
    """Psycho for eight from a typed deck (a full deck shuffled by ``random.Random(1)``),
    played at random until the discards are shuffled back into the stock."""
    deck = list(FULL_DECK)
    random.Random(1).shuffle(deck)
    state = new_hand("psycho", players=8, seed=1, deck=deck)
    rng = random.Random(play)
    while not state.is_over:
        if any("shuffled into the stock" in e.text for e in state.events):
            return state
        state.apply(rng.choice(state.legal_actions(state.to_act[0])))
    return None


def test_a_hosts_psycho_file_from_a_typed_deck_reloads_after_a_reshuffle() -> None:
    hands = [s for s in map(psycho_until_a_reshuffle, range(12)) if s is not None]
    assert hands
    for state in hands:
        assert load_phh(to_phh(state)).to_json() == state.to_json()
