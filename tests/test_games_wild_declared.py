"""The wild-card and spade games declared as data: Follow the Queen, Chicago, Kings and
little ones, deuces wild draw. Showdown values against brute force on random hands, the
wild rank the deal sets on stacked decks, the spade half, and hostile declarations."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.cards import Card, Rank
from engine.games import GAMES, load_games
from engine.games.declaration import DeclarationError
from engine.state import EventKind, HandState, Settlement
from tests.support import wild as independent
from tests.support.wild_games import brute_high, to_showdown

ROOT = Path(__file__).resolve().parents[1]


def _up_in_deal_order(state: HandState) -> list[Card]:
    """Stud's up cards as dealt: third to sixth street, each from the dealer's left."""
    return [state.cards[s][i].card for i in (2, 3, 4, 5) for s in range(state.players)]


def _follower_rank(up: list[Card]) -> Rank | None:
    rank = None
    for i, c in enumerate(up):
        if c.rank is Rank.QUEEN:
            rank = up[i + 1].rank if i + 1 < len(up) else None
    return rank


def _wild_ranks(state: HandState, seat: int) -> frozenset[Rank]:
    """Written from the rules, apart from the engine's reading of the declaration."""
    game = state.game.id
    if game == "follow-the-queen":
        follower = _follower_rank(_up_in_deal_order(state))
        return frozenset({Rank.QUEEN} | ({follower} if follower else set()))
    if game == "kings-and-little-ones":
        return frozenset({Rank.KING, min(c.rank for c in state.live_cards(seat))})
    return frozenset({Rank.TWO})


@pytest.mark.parametrize(("game_id", "players", "settings"), [
    ("follow-the-queen", 5, None), ("kings-and-little-ones", 4, None),
    ("deuces-wild-draw", 4, None), ("deuces-wild-draw", 4, {"natural_first": True})])
def test_showdown_values_match_every_replacement_tried(game_id: str, players: int,
                                                       settings: dict[str, bool] | None) -> None:
    natural = bool(settings)
    checked = wild_hands = 0
    for seed in range(12):
        state = to_showdown(game_id, players=players, seed=seed, settings=settings)
        for seat in state.in_hand():
            cards = state.live_cards(seat)
            wild = _wild_ranks(state, seat)
            value = state.game.hand_value(state, seat)
            assert value.score == brute_high(cards, wild, natural_first=natural), (seed, cards)
            if not natural:
                assert value.score == independent.brute_high(
                    cards, frozenset(int(r) for r in wild)), (seed, cards)
            checked += 1
            wild_hands += any(c.rank in wild for c in cards)
    assert checked >= 40 and wild_hands >= 10, (checked, wild_hands)


def _notes(state: HandState) -> list[str]:
    return [e.text for e in state.view(None).events if e.kind is EventKind.NOTE]


# Two players, stud's order: third street down, down, up to each seat in turn, then a burn
# before each later street.
LATER_QUEEN = ("Ah 7c Ad 7h Qh 7d  2c Kc 2s  2d Qc 3s  2h 9h 5h  3c 4c 8c")
QUEEN_LAST = ("Ah 7c Ad 7h Qh 7d  2c Kc 2s  2d 9c 3s  2h 4d Qs  3c 4c 8c")


def test_a_later_queen_moves_the_wild_rank() -> None:
    state = to_showdown("follow-the-queen", players=2, deck=LATER_QUEEN)
    assert [n for n in _notes(state) if "queen" in n.lower()] == [
        "A queen shows: the 7♦ dealt after it makes sevens wild",
        "A queen shows: the 3♠ dealt after it makes threes wild"]
    game = state.game
    # Sevens are no longer wild: three sevens and the wild three make four sevens, not a
    # straight flush; queens and the aces make four aces.
    assert game.hand_value(state, 1).describe() == "Four of a kind, sevens"
    assert game.hand_value(state, 0).describe() == "Four of a kind, aces"
    assert state.payoffs[0] > 0 > state.payoffs[1]
    assert "Wild: queens and threes" in state.view(0).seats[0].notes


def test_a_queen_as_the_last_up_card_leaves_only_queens_wild() -> None:
    state = to_showdown("follow-the-queen", players=2, deck=QUEEN_LAST)
    assert [n for n in _notes(state) if "queen" in n.lower()] == [
        "A queen shows: the 7♦ dealt after it makes sevens wild",
        "The Q♠ is the last card dealt face up: for now only queens are wild"]
    assert state.game.hand_value(state, 1).describe() == "Four of a kind, sevens"
    assert state.game.hand_value(state, 0).describe() == "Full house, aces full of fours"


# Three players: three rounds of third street, then a burn before each later street.
SPADE_IN_HOLE = ("Kh Qs 2c  Kd 3s 2d  9c 8d 4h  5c  Kc 6d 7h  5d  Jh Jc 9s  5h  10c 10d 3h"
                 "  6c  4c 2h As")
# Seat 3 holds the A♠ face down but folds to the bring-in; seat 2's 8♠ is dealt face up.
NO_SPADE = "Kh Qc As  Kd 3h 2d  9c 2c 9s  5c  Kc 8s  5d  Jh 6d  5h  10c 10d  6c  4c 7h"
CHICAGO: dict[str, object] = {"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8,
                              "open_pair": False}


def _settled(state: HandState) -> Settlement:
    assert state.settlement is not None
    return state.settlement


def _awards(state: HandState) -> list[tuple[str, tuple[int, ...], int]]:
    return [(a.name, a.winners, a.amount) for a in _settled(state).awards]


def test_chicago_pays_the_high_spade_in_the_hole_half_the_pot() -> None:
    state = to_showdown("chicago", players=3, deck=SPADE_IN_HOLE, settings=CHICAGO)
    # Pot 9: three antes of 1 and a bring-in of 2 called twice; the odd chip goes high.
    assert _awards(state) == [("the high half of the pot", (0,), 5),
                              ("the spade half of the pot", (2,), 4)]
    assert sum(state.payoffs) == 0
    assert _settled(state).awards[1].rule == "highest spade in the hole: A♠"


def test_the_low_spade_is_an_announcement() -> None:
    state = to_showdown("chicago", players=3, deck=SPADE_IN_HOLE,
                        settings={**CHICAGO, "spade_half": "low"})
    assert _awards(state)[1] == ("the spade half of the pot", (1,), 4)
    assert _settled(state).awards[1].rule == "lowest spade in the hole: 3♠"


def test_a_spade_face_up_or_in_a_folded_hand_wins_no_half() -> None:
    # Nobody still in holds a spade in the hole: the high hand takes the whole pot.
    state = to_showdown("chicago", players=3, deck=NO_SPADE, settings=CHICAGO, folds={2})
    assert state.table.folded[2] and state.cards[1][3].up
    (award,) = _settled(state).awards
    assert (award.name, award.winners) == ("the pot", (0,))
    assert "no spade in the hole among the hands still in" in award.rule
    assert sum(state.payoffs) == 0


STUD = (ROOT / "content/games/seven-card-stud.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("wild", "key", "reason"), [
    ('ranks = ["Z"]', "rules.wild.ranks", "'Z' is not a rank"),
    ('ranks = "2"', "rules.wild.ranks", "expected a list of ranks"),
    ('joker = "bug"', "rules.wild.joker", "a joker needs the joker deck"),
    ('bogus = 1', "rules.wild.bogus", "unknown key"),
    ('five_of_a_kind = false', "rules.wild.five_of_a_kind", "only true is allowed"),
    ('lowest_hole = "yes"', "rules.wild.lowest_hole", "expected true or false"),
    ('ranks = ["Q"]\nnatural_first = "open_pair_typo"', "rules.wild.natural_first",
     "no switch this game announces"),
    ('natural_first = true', "rules.wild", "declares no wild card"),
])
def test_a_hostile_wild_declaration_is_refused_where_it_is_written(
        tmp_path: Path, wild: str, key: str, reason: str) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    text = STUD.replace('id = "seven-card-stud"', 'id = "hostile"') + f"\n[rules.wild]\n{wild}\n"
    (folder / "hostile.toml").write_text(text, encoding="utf-8")
    line = text.splitlines().index(wild.splitlines()[-1]) + 1 if key != "rules.wild" else \
        text.splitlines().index("[rules.wild]") + 1
    with pytest.raises(DeclarationError) as refused:
        load_games(folder)
    message = str(refused.value)
    assert message.startswith(f"{tmp_path.name}/games/hostile.toml, line {line}, {key}: ")
    assert reason in message


def test_a_follower_without_up_cards_or_a_spade_beside_a_low_is_refused(
        tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    down = STUD.replace('id = "seven-card-stud"', 'id = "hostile"').replace(
        'cards = "ddu"', 'cards = "ddd"').replace('cards = "u"', 'cards = "d"')
    (folder / "hostile.toml").write_text(down + '\n[rules.wild]\nfollow = "Q"\n')
    with pytest.raises(DeclarationError, match=r"hostile.toml, line \d+, rules.wild.follow: "
                                               "no card is dealt face up"):
        load_games(folder)
    split = STUD.replace('id = "seven-card-stud"', 'id = "hostile"').replace(
        "[rules.wins]\nhigh = true", '[rules.wins]\nhigh = true\nlow = "ace-to-five"\n'
                                     'spade = "high"')
    (folder / "hostile.toml").write_text(split)
    with pytest.raises(DeclarationError, match=r"hostile.toml, line \d+, rules.wins: spade: "
                                               "a spade half goes beside a high half only"):
        load_games(folder)


def test_the_games_are_data_files_in_the_wild_group() -> None:
    for game_id in ("follow-the-queen", "chicago", "kings-and-little-ones",
                    "deuces-wild-draw"):
        assert game_id in GAMES
        assert not (ROOT / "screens" / f"{game_id.replace('-', '_')}.py").exists()
        text = (ROOT / f"content/games/{game_id}.toml").read_text(encoding="utf-8")
        assert 'group = "Wild"' in text


def test_random_chicago_hands_account_for_every_chip() -> None:
    """Every pot is paid out whole, the high half never smaller than the spade half."""
    rng = random.Random(4)
    halves = 0
    for seed in range(15):
        state = to_showdown("chicago", players=rng.randint(2, 7), seed=seed)
        assert state.settlement is not None and sum(state.payoffs) == 0
        awards = state.settlement.awards
        for high, spade in zip(awards, awards[1:], strict=False):
            if high.part == "the high half" and spade.part == "the spade half":
                assert high.amount + spade.amount == high.pot_amount
                assert high.amount - spade.amount in (0, 1)
                halves += 1
    assert halves >= 10


def test_a_wild_card_in_a_shown_hand_names_no_card_it_stands_for() -> None:
    """The settlement shows the cards held (a deuce as a deuce), never the card a wild
    card stands for, which may lie face down in another hand."""
    played = 0
    for seed in range(20):
        state = to_showdown("deuces-wild-draw", players=4, seed=seed)
        for award in _settled(state).awards:
            for seat, cards, _ in award.hands:
                assert set(cards) <= set(state.live_cards(seat)), (seed, seat, cards)
                played += any(c.rank is Rank.TWO for c in cards)
    assert played >= 3
