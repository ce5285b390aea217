"""Odds answers checked by independent paths: brute force with pokerkit's hands, the
scalar evaluator, the computer players themselves and the Psycho settlement.

Exact answers must equal the brute force; sampled answers must contain the exact
value within their intervals about as often as a 95% interval should.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from functools import cache

import numpy as np
import pytest
from pokerkit import StandardHighHand

from engine.bots.pick_a_partner import PartnerBot, _best_partner, partner_fit
from engine.bots.psycho import PsychoBot
from engine.bots.sophies_pick import lock_score, starting_strength
from engine.cards import FULL_DECK, Card, parse_cards
from engine.games import new_hand
from engine.games.declared_pots import Declaration, split_pot
from engine.games.pick_a_partner_steps import first_up, partners
from engine.games.psycho import DrawLimit, draw_allowed
from engine.games.sophies_pick import pairings
from engine.hands import LowRanking, best_high, best_high_using, best_low
from engine.odds.holdem import holdem_question
from engine.odds.partner import pick_step, team_scores
from engine.odds.psycho import SCORED_LOWS, declared_shares, scores
from engine.odds.psycho_draw import bot_keeps
from engine.odds.run import Budget, solve
from engine.odds.showdown import ShowdownQuestion
from engine.odds.sophie import lock, survivors
from engine.odds.stud import StudHand, stud_question
from engine.state import Action, ActionKind

p = parse_cards


@cache
def pokerkit_hand(cards: frozenset[Card]) -> StandardHighHand:
    return StandardHighHand.from_game("".join(c.ascii for c in cards), "")


def brute_force(known: Sequence[Sequence[Card]], need: Sequence[int],
                dead: Sequence[Card] = ()) -> list[float]:
    """Each player's equity, every way of giving each player its unseen cards,
    hands valued by pokerkit."""
    seen = {c for hand in known for c in hand} | set(dead)
    pool = [c for c in FULL_DECK if c not in seen]
    totals = [0.0] * len(known)
    deals = 0

    def deal(player: int, left: list[Card], hands: list[frozenset[Card]]) -> None:
        nonlocal deals
        if player == len(known):
            values = [pokerkit_hand(h) for h in hands]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                totals[i] += 1 / len(winners)
            deals += 1
            return
        for extra in itertools.combinations(left, need[player]):
            rest = [c for c in left if c not in extra]
            deal(player + 1, rest, [*hands, frozenset((*known[player], *extra))])

    deal(0, pool, [])
    return [t / deals for t in totals]


def test_a_stud_river_spot_equals_brute_force() -> None:
    hands = [StudHand(p("Kh Qh 9s 2c"), p("Ah Ad 7c")),
             StudHand(p("Js Jd 5h 4h"), p("5d 6s")),
             StudHand(p("8c 8s 6h 3h"), p("Kd Ks"))]
    question = stud_question(hands, dead=p("Tc Td"), seventh=True)
    answer = solve(question, rng=np.random.default_rng(0))
    assert answer.exact and answer.deals == 31 * 30
    expected = brute_force([p("Kh Qh 9s 2c Ah Ad 7c"), p("Js Jd 5h 4h 5d 6s"),
                            p("8c 8s 6h 3h Kd Ks")], [0, 1, 1], dead=p("Tc Td"))
    assert [answer[f"equity/{i}"].value for i in range(3)] == pytest.approx(expected, abs=1e-12)


def test_a_sixth_street_stud_spot_equals_brute_force() -> None:
    hands = [StudHand(p("9h 9d 4s 2c"), p("Kc Qd")), StudHand(p("Ac 7s 7h 3d"), p("Jh Js"))]
    answer = solve(stud_question(hands), rng=np.random.default_rng(0))
    assert answer.exact and answer.deals == 40 * 39
    expected = brute_force([p("9h 9d 4s 2c Kc Qd"), p("Ac 7s 7h 3d Jh Js")], [1, 1])
    assert [answer["equity/0"].value, answer["equity/1"].value] == pytest.approx(expected)


def test_a_two_way_sophie_river_equals_brute_force() -> None:
    board = p("Qh 7h 2c 3s")
    answer = solve(holdem_question([p("Ah Kh"), p("Qc Qd")], board=board),
                   rng=np.random.default_rng(0))
    assert answer.exact and answer.deals == 44
    rivers = [c for c in FULL_DECK if c not in set(p("Ah Kh Qc Qd")) | set(board)]
    shares = []
    for river in rivers:
        mine = pokerkit_hand(frozenset((*p("Ah Kh"), *board, river)))
        theirs = pokerkit_hand(frozenset((*p("Qc Qd"), *board, river)))
        shares.append(1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    assert answer["equity/0"].value == pytest.approx(sum(shares) / len(shares), abs=1e-12)
    assert answer["equity/1"].value == pytest.approx(1 - sum(shares) / len(shares), abs=1e-12)


def _coverage(question: ShowdownQuestion, exact: dict[str, float], seeds: int) -> list[float]:
    """z-scores of sampled answers against the exact ones, over many seeds."""
    zs = []
    for seed in range(seeds):
        sampled = solve(question, rng=np.random.default_rng(seed), sample=True,
                        budget=Budget(min_deals=1500, max_deals=1500))
        for name, value in exact.items():
            estimate = sampled[name]
            zs.append((estimate.value - value) / max(estimate.half_width / 1.96, 1e-9))
    return zs


@pytest.mark.parametrize("question", [
    holdem_question([p("Ah Kh"), []], board=p("Qh 7h 2c 3s")),
    stud_question([StudHand(p("Kh Qh 9s 2c"), p("Ah Ad")), StudHand(p("Js Jd 5h 4h"))],
                  dead=p("Tc Td 3c")),
])
def test_sampled_intervals_contain_the_exact_value(question: ShowdownQuestion) -> None:
    exact = solve(question, rng=np.random.default_rng(0))
    assert exact.exact
    names = ["equity/0", "equity/1", "win/0"]
    zs = np.array(_coverage(question, {n: exact[n].value for n in names}, seeds=20))
    inside = np.mean(np.abs(zs) <= 1.96)
    assert inside >= 0.85, f"only {inside:.0%} of the 95% intervals hold the exact value"
    assert abs(zs.mean()) < 0.6, "the samples are biased"


# --- the computer players' rules, vectorised ---------------------------------------------

def test_team_hands_equal_the_scalar_team_hand() -> None:
    rng = np.random.default_rng(4)
    deals = np.argsort(rng.random((300, 52)), axis=1)[:, :10]
    ours = team_scores(deals[:, :2], deals[:, 2:])
    for row, score in zip(deals.tolist(), ours.tolist(), strict=True):
        cards = [Card.from_code(c) for c in row]
        assert score == best_high_using(cards[:2], cards[2:]).score


def test_partner_picks_follow_the_computer_players() -> None:
    checked = 0
    for seed in range(40):
        players = (6, 8, 10)[seed % 3]
        state = new_hand("pick-a-partner", players=players, seed=seed)
        bot_rng = random.Random(seed)
        bot = PartnerBot()
        while state.legal_actions(state.to_act[0])[0].kind is ActionKind.TURN_UP:
            state.apply(bot.choose(state, state.to_act[0], bot_rng))
        while state.to_act and state.legal_actions(state.to_act[0])[0].kind is \
                ActionKind.PICK_PARTNER:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            ups = first_up(state)
            up_codes = np.array([ups[s].code for s in range(players)])
            hidden = np.array([[[h.card.code for h in state.cards[s] if h.card != ups[s]]
                                for s in range(players)]])
            partner = np.full((1, players), -1)
            for a, b in partners(state).items():
                partner[0, a] = b
            pick_step(up_codes, partner, hidden, np.random.default_rng(seed))
            assert partner[0, seat] >= 0, "the same seat picks"

            mine = [h.card for h in state.cards[seat] if h.card != ups[seat]]
            worth = {a.choice: 2 * partner_fit(ups[a.choice], [ups[seat]])
                     + partner_fit(ups[a.choice], mine) + int(ups[a.choice].rank) / 3
                     for a in legal}
            allowed = {s for s, w in worth.items() if w == max(worth.values())}
            assert partner[0, seat] in allowed
            chosen = _best_partner(state, state.view(seat), seat, legal, random.Random(seed))
            assert chosen.choice in allowed
            state.apply(chosen)
            checked += 1
    assert checked > 60


def test_locks_are_the_computer_players_best_pairings() -> None:
    rng = np.random.default_rng(5)
    holes = np.argsort(rng.random((300, 52)), axis=1)[:, :6]
    locked = lock(holes, rng)
    for row, pairs in zip(holes.tolist(), locked.tolist(), strict=True):
        cards = [Card.from_code(c) for c in row]
        best = max(lock_score([c for pair in w for c in pair]) for w in pairings(cards))
        ours = [Card.from_code(c) for pair in pairs for c in pair]
        assert sorted(ours) == sorted(cards)
        assert lock_score(ours) == best


def test_sacrifices_keep_the_pair_best_on_the_board() -> None:
    rng = np.random.default_rng(6)
    deals = np.argsort(rng.random((300, 52)), axis=1)[:, :11]
    pairs = deals[:, None, :6].reshape(300, 1, 3, 2)
    boards = deals[:, None, 6:]
    kept = survivors(pairs, boards)[:, 0]

    def key(pair: list[Card], board: list[Card]) -> tuple[int, float]:
        return best_high([*pair, *board]).score, starting_strength(pair)

    for row, survivor in zip(deals.tolist(), kept.tolist(), strict=True):
        cards = [Card.from_code(c) for c in row]
        three = [cards[0:2], cards[2:4], cards[4:6]]
        board = cards[6:]
        two = sorted(three, key=lambda pair: key(pair, board[:3]))[1:]
        one = max(two, key=lambda pair: key(pair, board[:4]))
        assert {Card.from_code(c) for c in survivor} == set(one)


@pytest.mark.parametrize("limit", list(DrawLimit))
@pytest.mark.parametrize("ranking", SCORED_LOWS)
def test_draws_match_the_computer_player(limit: DrawLimit, ranking: LowRanking) -> None:
    rng = random.Random(f"{limit}{ranking}")
    hands = [rng.sample(FULL_DECK, 5) for _ in range(250)]
    ours = bot_keeps(np.array([[c.code for c in h] for h in hands]), ranking, limit)
    bot = PsychoBot()
    for hand, keeps in zip(hands, ours.tolist(), strict=True):
        legal = [Action(0, ActionKind.DISCARD, cards=chosen) for n in range(6)
                 for chosen in itertools.combinations(hand, n)
                 if draw_allowed(limit, n, [c for c in hand if c not in chosen])]
        drawn = bot._draw(legal, hand, ranking)
        assert {c for c, k in zip(hand, keeps, strict=True) if k} == \
            {c for c in hand if c not in drawn.cards}, [str(c) for c in hand]


def test_declared_shares_follow_the_psycho_settlement() -> None:
    rng = np.random.default_rng(8)
    for ranking in SCORED_LOWS:
        for players in (2, 3, 4):
            deals = np.argsort(rng.random((150, 52)), axis=1)[:, :7 * players]
            hands = deals.reshape(150, players, 7)
            high, low = scores(hands, ranking)
            goes_high = rng.random((150, players - 1)) < 0.5
            ours = declared_shares(high[:, :1], low[:, :1], high[:, 1:], low[:, 1:], goes_high)
            for t in range(150):
                cards = [[Card.from_code(c) for c in hands[t, s]] for s in range(players)]
                highs = {s: best_high(cards[s]) for s in range(players)}
                lows = {s: best_low(cards[s], ranking) for s in range(players)}
                for way in Declaration:
                    declared = {0: way, **{s: Declaration.HIGH if goes_high[t, s - 1]
                                           else Declaration.LOW for s in range(1, players)}}
                    split = split_pot(amount=1200, eligible=tuple(range(players)),
                                      declared=declared, high=highs, low=lows)
                    mine = sum(share.amount / len(share.winners) for share in split.shares
                               if 0 in share.winners)
                    assert ours[way.value][t, 0] == pytest.approx(mine / 1200), (t, way)
