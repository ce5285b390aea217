"""Pick a Partner played at random and by the computer player.

Property tests: a hundred hands of random legal actions under random settings,
player counts and stacks. Every hand must conserve chips, never duplicate a
card, pay out exactly what went into the pots to the hands an independent
brute force names (pokerkit-checked ``best_high`` over all 56 choices, and
the team split done again here), hide exactly what each seat may not see,
and come back identical from its JSON history and from an undo and redo.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.bots import bot_for, play_out
from engine.bots.pick_a_partner import PartnerBot, partner_fit, team_strength
from engine.bots.policy import suggested_strength
from engine.cards import FULL_DECK, card, parse_cards
from engine.games import new_hand
from engine.hands import HandValue, best_high
from engine.history import load_hand
from engine.state import Action, ActionKind, Award, HandState
from engine.table import split_evenly
from tests.support.pick_a_partner import EXAMPLE, GAME, act, check_round, pick, roll, stacked
from tests.support.scale import FAST, scaled

HANDS = scaled(100)
"""Random hands: every situation below is reached by the fifteenth; the conformance
suite plays forty more by the generic rules."""
CHUNKS = 2


def random_hand(seed: int) -> HandState:
    """A hand under random settings, stacks and legal actions, played to the end."""
    rng = random.Random(seed)
    players = rng.choice((4, 6, 8, 10))
    settings = {
        "structure": rng.choice(("fixed-limit", "pot-limit", "no-limit")),
        "up_card_ties": rng.choice(("suit", "seat", "deal")),
        "partners_see": rng.random() < 0.5,
        "folded_partner": rng.choice(("dead", "live")),
        "ante": rng.choice((0, 1, 2, 5)),
    }
    stacks = None
    if rng.random() < 0.5:
        stacks = [rng.choice((3, 8, 20, 45, 200)) for _ in range(players)]
    state = new_hand(GAME, players=players, seed=seed, settings=settings, stacks=stacks)
    total = sum(state.table.starting)
    passive = rng.random()
    while not state.is_over:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        assert legal, (seed, seat)
        calm = [a for a in legal if a.kind in (ActionKind.CHECK, ActionKind.CALL)]
        action = rng.choice(calm) if calm and rng.random() < passive else rng.choice(legal)
        bet = state.bet_range(seat)
        if action.kind in (ActionKind.BET, ActionKind.RAISE) and bet and not bet.amounts:
            action = Action(seat, action.kind, amount=rng.randint(bet.minimum, bet.maximum))
        state.apply(action)
        if not state.is_over:
            assert sum(state.table.stacks) + state.table.pot_total == total, seed
    assert sum(state.table.stacks) == total, seed
    return state


def _team_value(state: HandState, seat: int) -> HandValue:
    """The brute-force team hand: every three of the other eight, scored by ``best_high``."""
    partner = state.facts.partners[seat]
    own = [h.card for h in state.cards[seat]]
    if state.table.folded[partner] and state.settings.folded_partner.value == "dead":
        return best_high(own)
    ups = [state.facts.first_up[s] for s in (seat, partner)]
    others = [h.card for s in (seat, partner) for h in state.cards[s] if h.card not in ups]
    assert len(others) == 8
    return max(best_high([*ups, *extra]) for extra in combinations(others, 3))


def _expected_shares(state: HandState, award: Award, showdown: bool) -> dict[int, int]:
    """Who should get this pot: the best team among its players, tied teams split first."""
    mucked = set(state.mucked)
    contenders = [s for s in award.eligible if s not in mucked]
    if showdown:
        values = {s: _team_value(state, s) for s in contenders}
        best = max(values.values())
        contenders = [s for s in contenders if values[s] == best]
    teams: dict[int, list[int]] = {}
    for seat in contenders:
        teams.setdefault(min(seat, state.facts.partners[seat]), []).append(seat)
    by_team = split_evenly(award.amount, sorted(min(m) for m in teams.values()))
    shares: dict[int, int] = {}
    for members in teams.values():
        shares.update(split_evenly(by_team[min(members)], members))
    return shares


def _check_hand(state: HandState, seed: int) -> set[str]:
    """Check one finished hand; return the situations it exercised."""
    settlement = state.settlement
    assert settlement is not None
    table = state.table
    assert sum(settlement.payoffs) == 0
    assert [table.stacks[s] - table.starting[s] for s in range(state.players)] == \
        list(settlement.payoffs)
    # Every card once: hands, tie-break cards, and the stock.
    held = [h.card for s in range(state.players) for h in state.cards[s]]
    spare = [c for _, c in state.facts.tiebreak]
    every = held + spare + state.deck.peek(state.deck.remaining)
    assert sorted(every) == sorted(FULL_DECK), seed
    assert all(len(state.cards[s]) == 5 for s in range(state.players))
    # The awards pay out exactly what is in the pots, to the right players.
    assert sum(a.amount for a in settlement.awards) == table.pot_total
    for award in settlement.awards:
        assert sum(chips for _, chips in award.shares) == award.amount
        assert set(award.winners) <= set(award.eligible)
        assert dict(award.shares) == _expected_shares(state, award, settlement.showdown), seed
    # Partners are a perfect pairing, and a first up card is each seat's own.
    partners = state.facts.partners
    assert all(partners[partners[s]] == s != partners[s] for s in range(state.players))
    for seat, first in state.facts.first_up.items():
        assert first in held[5 * seat:5 * seat + 5]
    # What a seat sees: its own cards, up cards, shown hands, and its partner's
    # only when the house allows it.
    share = state.settings.partners_see
    for viewer in random.Random(seed).sample(range(state.players), 2):
        for seat, seen in enumerate(state.view(viewer).seats):
            open_hand = viewer == seat or (share and partners[viewer] == seat) or \
                state.game.shown(state, seat)
            for c, h in zip(seen.cards, state.cards[seat], strict=True):
                assert c.card == (h.card if h.up or open_hand else None), (seed, viewer, seat)
    seen = {f"{state.players} players"}
    if settlement.showdown:
        seen.add("showdown")
        if any(len(a.winners) > 1 and len({min(s, partners[s]) for s in a.winners}) > 1
               for a in settlement.awards):
            seen.add("tied teams")
    else:
        seen.add("no showdown")
    if len(settlement.awards) > 1:
        seen.add("side pots")
    if state.facts.tiebreak:
        seen.add("tie-break cards")
    if any(table.folded[s] != table.folded[partners[s]] for s in range(state.players)):
        seen.add("a lone partner")
    return seen


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_hands_keep_every_invariant(chunk: int) -> None:
    seen: set[str] = set()
    for seed in range(chunk, HANDS, CHUNKS):
        state = random_hand(seed)
        seen |= _check_hand(state, seed)
        text = state.to_json()
        reloaded = load_hand(text)
        assert reloaded.view(None) == state.view(None) and reloaded.to_json() == text, seed
        final = state.view(None)
        last = state.actions[-1]
        state.undo()
        assert not state.is_over
        state.apply(last)
        assert state.view(None) == final, seed
    # Each fifty random hands reach every situation the rules describe (the quick loop
    # plays too few to say).
    assert FAST or seen >= {"4 players", "6 players", "8 players", "10 players", "showdown",
                    "no showdown", "side pots", "tie-break cards", "a lone partner"}, seen


# --- the computer player -------------------------------------------------------------

class _Checked:
    """Wraps a bot, asserting that each of its choices is one of the legal actions."""

    def __init__(self) -> None:
        self.bot = bot_for(GAME)
        self.name = self.bot.name
        self.chosen: list[Action] = []

    def choose(self, state: HandState, seat: int, rng: random.Random) -> Action:
        action = self.bot.choose(state, seat, rng)
        assert action in state.legal_actions(seat)
        self.chosen.append(action)
        return action


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_bots_play_whole_hands_with_legal_actions_only(players: int) -> None:
    assert isinstance(bot_for(GAME), PartnerBot)
    for seed in range(3):
        settings = {"structure": ("fixed-limit", "pot-limit", "no-limit")[seed],
                    "folded_partner": ("dead", "live")[seed % 2],
                    "partners_see": seed == 1, "up_card_ties": ("suit", "seat", "deal")[seed]}
        state = new_hand(GAME, players=players, seed=seed, settings=settings)
        bot = _Checked()
        play_out(state, {s: bot for s in range(players)}, random.Random(seed))
        assert state.is_over and sum(state.payoffs) == 0
        assert {a.kind for a in bot.chosen} >= {ActionKind.TURN_UP, ActionKind.PICK_PARTNER}
    # Seeded: the same seed plays the same hand again.
    again = new_hand(GAME, players=players, seed=2, settings=settings)
    repeat = _Checked()
    play_out(again, {s: repeat for s in range(players)}, random.Random(2))
    assert repeat.chosen == bot.chosen


def test_bot_shows_the_first_card_that_fits_its_hand() -> None:
    deck = stacked(["7♦ A♥ K♠ A♠ 2♣", "3♣ 4♣ 5♣ 6♣ 8♣", "3♦ 4♦ 5♦ 6♦ 8♦", "3♥ 4♥ 5♥ 6♥ 8♥"])
    state = new_hand(GAME, players=4, seed=1, deck=deck)
    choice = PartnerBot().choose(state, 0, random.Random(1))
    assert choice.cards == (card("A♠"),)  # pairs with A♥, suits with K♠


@pytest.mark.parametrize(("ups", "wanted"), [
    ({1: "Q♥", 2: "K♠", 3: "2♣"}, 2),  # the same rank as its first up card
    ({1: "8♣", 2: "Q♥", 3: "2♣"}, 2),  # the same suit and connected
    ({1: "8♣", 2: "J♠", 3: "2♣"}, 2),  # connected and high
])
def test_bot_picks_the_partner_whose_up_card_fits(ups: dict[int, str], wanted: int) -> None:
    spare = iter(parse_cards("4♣ 5♣ 6♣ 9♣ 4♦ 5♦ 6♦ 9♦ 4♠ 5♠ 6♠ 9♠"))
    hands = ["K♥ 7♦ 7♠ 3♦ 3♠"] + [
        " ".join([ups[s], *(str(next(spare)) for _ in range(4))]) for s in (1, 2, 3)]
    state = new_hand(GAME, players=4, seed=1, deck=stacked(hands),
                     settings={"up_card_ties": "seat"})
    roll(state, {0: "K♥", **ups})
    assert state.to_act == (0,)
    choice = PartnerBot().choose(state, 0, random.Random(3))
    assert choice.choice == wanted


def _full_team_value(state: HandState, seat: int, partner: object) -> int:
    """The team hand's score that ``seat`` would make with ``partner``, all cards known."""
    assert isinstance(partner, int)
    ups = state.facts.first_up
    others = [h.card for s in (seat, partner) for h in state.cards[s] if h.card != ups[s]]
    return max(best_high([ups[seat], ups[partner], *extra]).score
               for extra in combinations(others, 3))


def test_bot_partners_make_better_team_hands_than_chance() -> None:
    """Over 200 deals, the bot's pick makes a better final team hand than the
    average other choice, judged with every card known."""
    better = 0
    for seed in range(200):
        state = new_hand(GAME, players=6, seed=seed)
        rng = random.Random(seed)
        bot = PartnerBot()
        while state.legal_actions(state.to_act[0])[0].kind is ActionKind.TURN_UP:
            seat = state.to_act[0]
            state.apply(bot.choose(state, seat, rng))
        chooser = state.to_act[0]
        options = state.legal_actions(chooser)
        picked = bot.choose(state, chooser, rng).choice
        scores = [_full_team_value(state, chooser, a.choice) for a in options]
        mine = _full_team_value(state, chooser, picked)
        better += mine > sum(scores) / len(scores)
    assert better >= 130, better


def test_bot_rolls_the_card_its_team_needs_least() -> None:
    state = new_hand(GAME, players=4, seed=1, deck=EXAMPLE)
    roll(state, {0: "K♥", 1: "A♠", 2: "10♥", 3: "K♣"})
    pick(state, 3)
    check_round(state)
    # Seat 1 sees K♥ 10♥ with its Q♥ J♥ 9♠ as a straight: it keeps those down.
    choice = PartnerBot().choose(state, 0, random.Random(5))
    assert choice.cards == (card("4♣"),)


def test_bot_bets_a_strong_team_and_folds_a_weak_one() -> None:
    deck = stacked(["A♠ A♥ A♦ A♣ K♠", "K♥ 2♣ 7♦ 9♣ 4♠", "Q♦ J♦ 10♦ 9♦ K♦", "2♥ 3♠ 8♣ 5♥ 6♣"])
    state = new_hand(GAME, players=4, seed=1, deck=deck)
    roll(state, {0: "A♠", 1: "K♥", 2: "Q♦", 3: "2♥"})
    pick(state, 2)
    strength, teams = team_strength(state, state.view(0), 0, random.Random(1), trials=64)
    assert teams == 2 and strength == 1.0  # four aces: the other team cannot beat them
    assert PartnerBot().choose(state, 0, random.Random(7)).kind is ActionKind.BET
    check_round(state)
    roll(state, {0: "A♥", 1: "2♣", 2: "J♦", 3: "3♠"})
    check_round(state)
    roll(state, {0: "A♦", 1: "7♦", 2: "10♦", 3: "8♣"})
    check_round(state)
    roll(state, {0: "A♣", 1: "9♣", 2: "9♦", 3: "5♥"})
    # Four aces showing: the other team sees it cannot win and folds to a bet.
    assert state.to_act == (0,)
    act(state, "bet", 10)
    weak, _ = team_strength(state, state.view(1), 1, random.Random(1), trials=64)
    assert weak == 0.0
    assert PartnerBot().choose(state, 1, random.Random(7)).kind is ActionKind.FOLD


def test_partner_fit_ranks_pairs_then_suits_then_neighbours() -> None:
    king = card("K♥")
    fits = [partner_fit(king, [card(text)]) for text in ("K♣", "2♥", "Q♣", "9♣", "8♣", "2♣")]
    assert fits == sorted(fits, reverse=True) and fits[-2:] == [0.0, 0.0]
    assert partner_fit(card("A♠"), [card("2♦")]) == partner_fit(card("A♠"), [card("K♦")])
    assert partner_fit(king, parse_cards("K♣ Q♥")) == \
        partner_fit(king, [card("K♣")]) + partner_fit(king, [card("Q♥")])


def test_a_rival_teams_bet_reads_as_a_stronger_team_hand() -> None:
    """A bet from the other team is read as the stronger of two random hands for it, as
    the general player reads one (the read the bot passes): the team's chance falls."""
    state = new_hand(GAME, players=4, seed=1, deck=EXAMPLE)
    roll(state, {0: "K♥", 1: "A♠", 2: "10♥", 3: "K♣"})
    pick(state, 3)
    seat = state.to_act[0]
    state.apply(next(a for a in state.legal_actions(seat) if a.kind is ActionKind.BET))
    me = state.to_act[0]
    view = state.view(me)
    rival_team = {seat, dict(view.facts.partners)[seat]}
    assert me not in rival_team, "the next to act is on the other team"
    assert suggested_strength(view, seat) == 1
    plain, _ = team_strength(state, view, me, random.Random(1), trials=400)
    read, _ = team_strength(state, view, me, random.Random(1), trials=400, reads={seat: 1})
    assert read < plain - 0.05
