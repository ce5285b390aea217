"""Which hand wins? Showdowns for high, ace-to-five low and deuce-to-seven low, and for
high in every registered game whose deck or ranking is its own.

Three formats: seven cards each, best five (stud and Psycho); a surviving
pair with a five-card board, using two, one or none of the pair (Sophie's
Pick); or a game's own hands (:func:`drill_games`: short deck's flush over a full house,
wild cards making five of a kind), dealt from its deck and valued by the game itself.
The answer is the set of winners, so a tie needs every tied player.
Tricky questions are rejection-sampled: a tie, the board playing, or the top
two hands of the same category, so a kicker or a second pair decides.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from types import MappingProxyType

from engine.cards import JOKER, Card, Deck, format_cards
from engine.deals import deal_plan
from engine.games import GAMES, get_game
from engine.games.declared import DeclaredGame
from engine.games.hand_types import HIGH_HAND, best_low_hand
from engine.games.wild_cards import held_five, joker_of, wild_cards
from engine.hands import HandKind, HandValue
from engine.quiz.common import CardRow, Drill, Level, QuestionRef, Verdict
from engine.quiz.explain import hand_phrase, why_beats

NAMES = ("Ava", "Ben", "Cleo")
MAX_DRAWS = 20_000


class Pattern(StrEnum):
    """What a tricky showdown turns on."""

    TIE = "tie"
    BOARD_PLAYS = "board plays"
    CLOSE = "close"


@dataclass(frozen=True, slots=True)
class ShowdownQuestion:
    """Each player's cards (and a board, or none) and how hands are ranked."""

    ref: QuestionRef
    kind: HandKind
    hands: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...] = ()
    game: str = ""
    """The registered game whose deck and hands deal the question ("": the plain deck)."""

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[:len(self.hands)]

    @property
    def setting(self) -> str:
        """What the player needs to know to judge the hands."""
        if self.game:
            return game_words(self.game, len(self.hands[0]))
        if self.board:
            return ("Sophie's Pick showdown: each player's surviving pair with the board; "
                    "use both, one or neither of the pair.")
        ranking = {HandKind.HIGH: "high hand", HandKind.ACE_TO_FIVE: "ace-to-five low",
                   HandKind.DEUCE_TO_SEVEN: "deuce-to-seven low"}[self.kind]
        return f"Seven cards each, best five: which {ranking} wins?"

    def values(self) -> tuple[HandValue, ...]:
        if self.game:
            game = get_game(self.game)
            settings = game.settings_type()
            return tuple(_high(game.evaluate(settings, hand, self.board)[0])
                         for hand in self.hands)
        return tuple(_value((*hand, *self.board), self.kind) for hand in self.hands)

    def shown_five(self, player: int) -> tuple[Card, ...]:
        """The cards of the player's own that make the best five: a wild card's stand-in
        named by the card that plays it."""
        value = self.values()[player]
        game = get_game(self.game) if self.game else None
        if not isinstance(game, DeclaredGame) or game.declaration.wild is None:
            return value.cards
        hand = [*self.hands[player], *self.board]
        wild = wild_cards(game.declaration.wild, game.settings_type(), hole=hand)
        return held_five(hand, wild, value.cards)

    def winners(self) -> frozenset[int]:
        values = self.values()
        top = max(values)
        return frozenset(i for i, v in enumerate(values) if v == top)

    def board_plays(self) -> bool:
        """True when a winning hand is the five board cards themselves."""
        if not self.board:
            return False
        values = self.values()
        return any(set(values[i].cards) == set(self.board) for i in self.winners())


def _value(cards: tuple[Card, ...], kind: HandKind) -> HandValue:
    if kind is HandKind.HIGH:
        return HIGH_HAND.high_of(cards)
    return best_low_hand(cards, kind.value)


def _high(value: HandValue | None) -> HandValue:
    assert value is not None, "a drill game is played high"
    return value


@cache
def drill_games() -> tuple[str, ...]:
    """The registered games the drill deals from their own deck with their own hands:
    each played high alone, best five of a player's cards, whose deck or ranking differs
    from the plain game's (a short deck's flush over a full house; wild cards, a joker). A
    game whose wild rank the deal's up cards set is left out: a showdown question shows
    no deal."""
    chosen = []
    for game_id, game in GAMES.items():
        settings = game.settings_type()
        types = game.hand_types(settings)
        if not types.high or types.low is not None or types.declare or \
                types.hole_cards is not None:
            continue
        wild = game.declaration.wild if isinstance(game, DeclaredGame) else None
        if types.short_deck or (wild is not None and wild.follow is None):
            chosen.append(game_id)
    return tuple(chosen)


def _hand_size(game_id: str) -> int:
    """Seven cards a player, or five in a game that deals no more."""
    plan = deal_plan(game_id, players=2, settings=GAMES[game_id].settings_type())
    return min(7, len(plan.seat_pattern) + sum(plan.boards))


def game_words(game_id: str, cards: int) -> str:
    """The question's setting for a game's own hands: its deck and its wild cards."""
    game = get_game(game_id)
    settings = game.settings_type()
    rules = []
    if game.hand_types(settings).short_deck:
        rules.append(f"a short deck of {len(game.cards)} cards, where a flush beats a full "
                     "house and the ace also plays low in A-6-7-8-9")
    wild = game.declaration.wild if isinstance(game, DeclaredGame) else None
    if wild is not None:
        if wild.ranks:
            ranks = sorted(set(wild.ranks), reverse=True)
            rules.append(" and ".join(r.plural for r in ranks) + " wild")
        if wild.cards:
            rules.append(" and ".join(str(c) for c in wild.cards) + " wild")
        if wild.lowest_hole:
            rules.append("each player's own lowest card wild in their hand")
        if JOKER in game.cards:
            rules.append("the joker fully wild" if joker_of(wild, settings).value == "wild"
                         else "the joker as the bug (an ace, or the card a straight or "
                              "flush lacks)")
        rules.append("five of a kind the best hand")
    count = {5: "Five", 7: "Seven"}.get(cards, str(cards))
    return (f"{game.name}: {'; '.join(rules)}. {count} cards each, best five: which high "
            "hand wins?")


Dealt = tuple[HandKind, tuple[tuple[Card, ...], ...], tuple[Card, ...], str]

GAME_SHARE = 0.3
"""How often the drill deals one of :func:`drill_games` rather than the plain deck."""


def _deal(rng: random.Random) -> Dealt:
    players = rng.choice([2, 2, 3])
    games = drill_games()
    if games and rng.random() < GAME_SHARE:
        game_id = rng.choice(games)
        cards = list(GAMES[game_id].cards)
        rng.shuffle(cards)
        size = _hand_size(game_id)
        return HandKind.HIGH, tuple(tuple(cards[i * size:(i + 1) * size])
                                    for i in range(players)), (), game_id
    kind = rng.choice([HandKind.HIGH, HandKind.HIGH, HandKind.ACE_TO_FIVE,
                       HandKind.DEUCE_TO_SEVEN])
    deck = Deck(rng=rng)
    if kind is HandKind.HIGH and rng.random() < 0.5:
        hands = tuple(tuple(deck.deal(2)) for _ in range(players))
        return kind, hands, tuple(deck.deal(5)), ""
    return kind, tuple(tuple(deck.deal(7)) for _ in range(players)), (), ""


def _pattern(question: ShowdownQuestion) -> Pattern | None:
    values = question.values()
    winners = question.winners()
    if question.board_plays():
        return Pattern.BOARD_PLAYS
    if len(winners) > 1:
        return Pattern.TIE
    best = max(values)
    rest = [v for v in values if v != best]
    if rest and max(rest).category == best.category:
        return Pattern.CLOSE
    return None


def showdown_question(ref: QuestionRef) -> ShowdownQuestion:
    """A random showdown, or a tricky one drawn by rejection sampling from the seed."""
    if ref.drill is not Drill.SHOWDOWN:
        raise ValueError(f"{ref.drill} is not the showdown drill")
    rng = ref.rng()
    if ref.level is not Level.TRICKY:
        return ShowdownQuestion(ref, *_deal(rng))
    wanted = rng.choice(list(Pattern))
    for _ in range(MAX_DRAWS):
        kind, hands, board, game = _deal(rng)
        if wanted is Pattern.BOARD_PLAYS and not board:
            continue
        question = ShowdownQuestion(ref, kind, hands, board, game)
        if _pattern(question) is wanted:
            return question
    raise RuntimeError(f"no {wanted.value} showdown in {MAX_DRAWS} deals")


def _names(indices: Collection[int], names: tuple[str, ...]) -> str:
    chosen = [names[i] for i in sorted(indices)]
    return chosen[0] if len(chosen) == 1 else ", ".join(chosen[:-1]) + " and " + chosen[-1]


def judge_showdown(question: ShowdownQuestion, chosen: Collection[int]) -> Verdict:
    """Right when the chosen players are exactly the winners (all of them, on a tie)."""
    picked = frozenset(chosen)
    if not picked or not picked <= set(range(len(question.hands))):
        raise ValueError("choose one player, or every player who ties")
    values = question.values()
    winners = question.winners()
    names = question.names
    top = values[min(winners)]
    correct = picked == winners
    if len(winners) == 1:
        result = f"{_names(winners, names)} wins with {hand_phrase(top)}"
    else:
        result = f"{_names(winners, names)} tie with {hand_phrase(top)} and split the pot"
    headline = f"Right: {result}." if correct else f"Not quite: {result}."
    details = []
    if question.board_plays():
        details.append(f"The board plays: {format_cards(question.board)} is the best hand "
                       f"for {_names(winners, names)}, so the pair adds nothing.")
    losers = [i for i in range(len(values)) if i not in winners]
    wrongly_picked = [i for i in picked if i not in winners]
    if len(winners) > 1:
        details.append(why_beats(top, top))
    for i in wrongly_picked or losers[:1]:
        details.append(f"Against {names[i]}: {why_beats(top, values[i])}")
    if not correct and picked < winners:
        details.append("On a tie every tied player wins a share: choose them all.")
    if question.kind is not HandKind.HIGH:
        details.append("For low the lowest hand wins, and the ace counts "
                       + ("one; straights and flushes do not count."
                          if question.kind is HandKind.ACE_TO_FIVE
                          else "high; straights and flushes count against the hand."))
    rows = tuple(CardRow(f"{names[i]}: {v.describe()}", question.shown_five(i))
                 for i, v in enumerate(values))
    table = tuple((names[i], format_cards(hand), v.describe(),
                   "wins" if i in winners and len(winners) == 1
                   else "ties" if i in winners else "loses")
                  for i, (hand, v) in enumerate(zip(question.hands, values, strict=True)))
    return Verdict(correct=correct, headline=headline, details=tuple(details), rows=rows,
                   solution=result, theme=_theme(question),
                   columns=("Player", "Cards", "Best five", "Result"), table=table,
                   answer=f"chose {_names(picked, names)}")


_PATTERN_THEMES = MappingProxyType({Pattern.TIE: "Ties split the pot",
                                    Pattern.BOARD_PLAYS: "The board plays",
                                    Pattern.CLOSE: "Same kind of hand, better cards"})
_KIND_THEMES = MappingProxyType({HandKind.HIGH: "High hands",
                                 HandKind.ACE_TO_FIVE: "Ace-to-five low",
                                 HandKind.DEUCE_TO_SEVEN: "Deuce-to-seven low"})


def _theme(question: ShowdownQuestion) -> str:
    """What the showdown turns on: a tie, the board, a close call, or else its ranking."""
    pattern = _pattern(question)
    return _PATTERN_THEMES[pattern] if pattern else _KIND_THEMES[question.kind]
