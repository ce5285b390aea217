"""Jacks or better, announced in five-card draw: everyone antes (no blinds), only a pair of
jacks or better makes the first bet, anyone calls or raises once it is open, and a hand
nobody opens is passed out with every ante back."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cards import parse_cards
from engine.games import get_game, load_games, new_hand
from engine.games.declaration import DeclarationError
from engine.games.opening_hand import Openers, holds_openers
from engine.state import Action, ActionKind, HandState
from engine.table import IllegalAction
from ui.components.table import result_heading, winnings
from ui.night.tv_table import side_heading

JACKS = {"openers": "jacks"}
DEAL = "As Jc Tc Kd Jd Td 9c 8s Qs 7h 5h 6h 3s 2c 4c"
"""Dealt a card at a time round the table from the dealer's left: Seat 1 holds A♠ K♦ 9♣ 7♥
3♠ (no pair), Seat 2 J♣ J♦ 8♠ 5♥ 2♣ (jacks), Seat 3 10♣ 10♦ Q♠ 6♥ 4♣ (tens)."""


def _hand(deck: str = DEAL, players: int = 3) -> HandState:
    return new_hand("five-card-draw", players=players, seed=1, settings=JACKS, deck=deck)


def _kinds(state: HandState, seat: int) -> set[ActionKind]:
    return {a.kind for a in state.legal_actions(seat)}


def test_everyone_antes_and_nobody_posts_a_blind() -> None:
    state = _hand()
    assert state.table.contributed == [1, 1, 1]
    assert any("Jacks or better to open" in e.text for e in state.events)
    blinds = new_hand("five-card-draw", players=3, seed=1)
    assert sorted(blinds.table.contributed) == [0, 1, 2], "blinds, as before, by default"


def test_without_openers_a_player_may_only_check_until_someone_opens() -> None:
    state = _hand()
    assert state.to_act == (0,)
    assert ActionKind.BET not in _kinds(state, 0) and state.bet_range(0) is None
    before = state.view(None)
    with pytest.raises(IllegalAction, match="Seat 1 may not open: it takes a pair of jacks"):
        state.apply(Action(0, ActionKind.BET, amount=2))
    assert state.view(None) == before, "a refused bet changes nothing"
    state.apply(Action(0, ActionKind.CHECK))
    assert ActionKind.BET in _kinds(state, 1), "jacks open"
    state.apply(Action(1, ActionKind.BET, amount=4))
    assert ActionKind.RAISE in _kinds(state, 2), "once open, tens may raise"
    assert state.bet_range(2) is not None


def test_a_hand_nobody_opens_is_passed_out_with_every_ante_back() -> None:
    state = _hand()
    state.apply(Action(0, ActionKind.CHECK))
    state.apply(Action(1, ActionKind.CHECK))          # jacks may check too: slow play
    state.apply(Action(2, ActionKind.CHECK))
    assert state.is_over and state.payoffs == (0, 0, 0)
    assert state.settlement is not None and not state.settlement.showdown
    (award,) = state.settlement.awards
    assert award.winners == (0, 1, 2) and award.shares == ((0, 1), (1, 1), (2, 1))
    told = [e.text for e in state.events]
    assert "Seat 1 and Seat 2 and Seat 3 split the antes of 3" in told, told[-4:]
    assert award.rule == ("nobody opened (it takes a pair of jacks or better): the hand is "
                          "passed out and each ante goes back to its player")
    assert state.settlement.passed_out
    assert result_heading(state.settlement) == "The result: nobody could open"
    assert side_heading(state.settlement) == "The result: nobody could open"
    assert winnings(state.settlement) == {}, "no seat's box says it won its own ante"


def _dealt(*hands: str) -> str:
    """The deck that deals these five-card hands, a card at a time round the table."""
    cards = [hand.split() for hand in hands]
    return " ".join(hand[i] for i in range(5) for hand in cards)


def test_any_two_pair_opens_and_a_pair_below_the_openers_does_not() -> None:
    state = _hand(_dealt("3s 3d 2c 2d 9h", "Ac Ad 5c 7c 8c", "Qs Qd 4s 6d Th"))
    assert holds_openers(state, 0, Openers.JACKS), "two threes and twos beat a pair of jacks"
    assert ActionKind.BET in _kinds(state, 0)
    assert holds_openers(state, 1, Openers.ACES)
    assert holds_openers(state, 2, Openers.QUEENS) and not holds_openers(state, 2, Openers.KINGS)
    assert _hand().cards[1][0].card.ascii == "Jc", "the deal above is read as it is written"


def test_the_stakes_say_antes_and_openers_when_announced() -> None:
    game = get_game("five-card-draw")
    said = " ".join(game.stakes(game.settings_type(openers="jacks")))
    assert "antes 1 before the deal; there are no blinds" in said
    assert "pair of jacks or better may make the first bet" in said and "blind of" not in said
    assert "big blind of 2" in " ".join(game.stakes(game.settings_type()))


def test_openers_in_a_game_with_no_high_hand_are_refused(tmp_path: Path) -> None:
    text = ('[rules]\nname = "Low openers"\nplayers = { min = 2, max = 6 }\n'
            'structure = "fixed-limit"\nbets = { small = 2, big = 4 }\n'
            '\n[rules.wins]\nhigh = false\nlow = "deuce-to-seven"\n'
            '\n[[rules.steps]]\nkind = "ante"\namount = 1\n'
            '\n[[rules.steps]]\nkind = "deal"\nstreet = "Deal"\ncards = "ddddd"\nburn = false\n'
            '\n[[rules.steps]]\nkind = "bet"\nopeners = "jacks"\n'
            '\n[[rules.steps]]\nkind = "showdown"\n')
    (tmp_path / "low-openers.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DeclarationError, match="this game plays no high hand"):
        load_games(tmp_path)
    (tmp_path / "low-openers.toml").write_text(text.replace('"jacks"', '"tens"'),
                                               encoding="utf-8")
    with pytest.raises(DeclarationError, match="'tens' is not one of none, jacks, queens"):
        load_games(tmp_path)


@pytest.mark.page
def test_a_hand_nobody_opens_on_the_play_page_says_so() -> None:
    """Dealt with the announcement chosen on the Play page; the visitor checks whenever
    they may, and a deal nobody opens ends with the antes back under its own heading."""
    from tests.support.pages import (
        PLAY,
        deal_with_controls,
        open_page,
        play_state,
        take_decision,
    )

    for seed in range(1, 30):
        at = open_page(PLAY)
        at.toggle(key="play_setup_open").set_value(True).run()
        at.selectbox(key="play_game").set_value("five-card-draw").run()
        at.radio(key="play_five-card-draw_setting_openers").set_value("jacks").run()
        deal_with_controls(at, "five-card-draw", players=2, seed=seed)
        state = play_state(at)
        assert state.settings.openers == "jacks" and state.table.contributed == [1, 1]
        while not state.is_over and _kinds(state, 0) == {ActionKind.CHECK}:
            assert take_decision(at, f"play_act_{len(state.actions)}") == "Check"
            assert not at.exception, at.exception[0].value
            state = play_state(at)
        if state.is_over and state.settlement is not None and state.settlement.passed_out:
            headings = [h.value for h in at.subheader]
            assert "The result: nobody could open" in headings, headings
            assert state.payoffs == (0, 0)
            return
    raise AssertionError("no deal was passed out")


def test_a_short_stack_that_anted_less_takes_back_its_own_ante() -> None:
    state = new_hand("five-card-draw", players=3, seed=1, settings={**JACKS, "ante": 2},
                     deck=DEAL, stacks=[1, 50, 50])
    assert state.table.contributed == [1, 2, 2]
    for seat in (1, 2):
        state.apply(Action(seat, ActionKind.CHECK))
    assert state.is_over and state.payoffs == (0, 0, 0)
    assert [a.shares for a in state.settlement.awards] == [((0, 1),), ((1, 2),), ((2, 2),)]


def _game_file(tmp_path: Path, steps: str, wins: str = "") -> Path:
    (tmp_path / "newcomer.toml").write_text(
        '[rules]\nname = "Newcomer"\nplayers = { min = 2, max = 6 }\n'
        'structure = "fixed-limit"\nbets = { small = 2, big = 4 }\n' + wins + steps
        + '\n[[rules.steps]]\nkind = "showdown"\n', encoding="utf-8")
    return tmp_path


ANTE_FIVE = ('\n[[rules.steps]]\nkind = "ante"\namount = 1\n'
             '\n[[rules.steps]]\nkind = "deal"\nstreet = "Deal"\ncards = "ddddd"\nburn = false\n')


@pytest.mark.parametrize(("steps", "reason"), [
    (ANTE_FIVE + '\n[[rules.steps]]\nkind = "bet"\n'
     '\n[[rules.steps]]\nkind = "bet"\nopeners = "jacks"\n',
     "openers open the first betting round only; this is a later one"),
    ('\n[[rules.steps]]\nkind = "ante"\namount = 1\n'
     '\n[[rules.steps]]\nkind = "deal"\nstreet = "Deal"\ncards = "dd"\nburn = false\n'
     '\n[[rules.steps]]\nkind = "bet"\nopeners = "kings"\n'
     '\n[[rules.steps]]\nkind = "board"\nstreet = "Board"\ncards = 5\n',
     "openers are judged on a five-card hand, but each player holds 2 cards here"),
])
def test_openers_where_no_five_card_hand_or_a_later_round_are_refused(
        tmp_path: Path, steps: str, reason: str) -> None:
    """Each once loaded: a later round's openers passed out a pot already bet into (its
    bets given back as antes), and openers over two hole cards failed mid-hand."""
    with pytest.raises(DeclarationError, match=reason):
        load_games(_game_file(tmp_path, steps))


def test_a_round_with_blinds_is_open_from_the_start(tmp_path: Path) -> None:
    """Blinds are a bet: nobody needs openers to raise them, and a round of calls is
    played on, never passed out with the blinds handed back."""
    steps = ('\n[[rules.steps]]\nkind = "blinds"\nsmall = 1\nbig = 2\n'
             '\n[[rules.steps]]\nkind = "deal"\nstreet = "Deal"\ncards = "ddddd"\n'
             'burn = false\n\n[[rules.steps]]\nkind = "bet"\nopeners = "jacks"\n')
    (game,) = load_games(_game_file(tmp_path, steps))
    state = HandState(game, players=3, seed=1, settings=game.settings_type(),
                      deck=parse_cards(DEAL))
    assert ActionKind.RAISE in _kinds(state, state.to_act[0])
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(next((a for kind in (ActionKind.CALL, ActionKind.CHECK, ActionKind.SHOW)
                          for a in legal if a.kind is kind), legal[0]))
    assert state.settlement is not None and not state.settlement.passed_out
    assert state.settlement.showdown


def test_the_hand_history_writes_what_was_posted() -> None:
    """Antes and no blinds under jacks or better; blinds and no antes by default (the file
    once wrote the ante setting whether or not anyone anted)."""
    from engine.phh.write import to_phh

    def header(settings: dict[str, str]) -> list[str]:
        text = to_phh(new_hand("five-card-draw", players=3, seed=1, settings=settings))
        return [line for line in text.splitlines() if line.startswith(("antes", "blinds"))]

    assert header(JACKS) == ["antes = [1, 1, 1]"]
    assert header({}) == ["antes = [0, 0, 0]", "blinds_or_straddles = [1, 2, 0]"]


def test_a_game_night_counts_no_hand_won_when_the_antes_only_went_back() -> None:
    from ui.night import record

    data = record.new_night(people=[True, True, True], names=["Ann", "Ben", "Cy"], chips=200)
    data = record.deal(data, game_id="five-card-draw", settings=JACKS, seed=1, computers=False)
    while not data["hand"]["over"]:
        state = record.hand_state(data)
        seat = state.to_act[0]
        check = Action(seat, ActionKind.CHECK)
        assert check in state.legal_actions(seat), "seed 1 deals nobody openers"
        data = record.decide(data, player=data["hand"]["seats"][seat], action=check,
                             computers=False)
    assert record.hand_state(data).settlement.passed_out  # type: ignore[union-attr]
    assert data["won"] == [0, 0, 0] and data["best"] == [0, 0, 0]
    assert data["chips"] == [200, 200, 200]


def test_the_odds_before_the_open_let_the_first_holding_openers_open() -> None:
    """Everyone staying in to the showdown: the first player holding openers opens, so a
    deal reaches the showdown whenever anyone can open (the calculator once checked every
    hand round to a pass-out: each seat a third of the pot, every deal a split)."""
    import numpy as np

    from engine.odds.at_table import solve_spot, spot_from_hand

    state = _hand(players=3, deck=DEAL.replace("As Jc Tc", "As Jc 3h"))
    answer = solve_spot(spot_from_hand(state, state.view(0)), rng=np.random.default_rng(0),
                        seconds=0.0, min_deals=200, sample=True)
    assert answer.deals == 200
    assert answer["tie/0"].value < 0.9 and answer["scoop/0"].value > 0.0
    assert answer["share/0"].value != answer["share/1"].value


def test_a_worked_example_is_dealt_to_its_showdown_under_jacks_or_better() -> None:
    """The kings-and-eights example, on a page where jacks or better is announced: the
    first holding openers opens, so the example is not passed out."""
    from ui.learn.example_declared import example_showdown

    game = get_game("five-card-draw")
    result = example_showdown("five-card-draw", [parse_cards("K♠ K♦ 8♣ 8♦ 4♠"),
                                                 parse_cards("K♣ K♥ 8♥ 8♠ 3♦")], [],
                              game.settings_type(openers="jacks"))
    assert result.winners == ((0,),), result.awards


def test_a_street_added_on_the_house_form_bets_without_the_first_rounds_openers() -> None:
    """A house game whose one betting round needs jacks: a street added on the form gets a
    betting round like it, less the openers, so the file still reads (openers on a later
    round are refused)."""
    import tomllib

    from engine.games.house import BLANK, read_house
    from engine.games.house_text import to_toml
    from ui.house.form import add_street

    text = BLANK.replace('kind = "bet"\n', 'kind = "bet"\nopeners = "jacks"\n', 1)
    house = read_house(to_toml(add_street(tomllib.loads(text))))
    declaration = house.game.declaration  # type: ignore[attr-defined]
    bets = [s for s in declaration.steps if s.kind == "bet"]
    assert [dict(s.params).get("openers") for s in bets] == ["jacks", None]
