"""Psycho: five-card draw without betting, three cards exposed at once, then
stud with a sixth card up and a seventh down, and a high-low split with
declarations. 2 to 10 players, fixed limit, with the dealer's announcements.

The hand: antes; five cards down; the draw in turn from the dealer's left
(no betting), under the announced draw limit, the discards shuffled into a
new stock if it runs out; everyone exposes three of their five cards at
once; a betting round at the small bet led by the best exposed hand; the
sixth card up and the seventh down, each followed by a round at the big
bet; then everyone still in declares high, low or both (at once in secret,
or in turn) and the pot is split as ``engine.games.psycho_settle`` says.

>>> from engine.games import new_hand
>>> state = new_hand("psycho", players=4, seed=3)
>>> state.street, state.to_act, len(state.legal_actions(0))
('Draw', (0,), 32)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from typing import ClassVar

from engine.actions import Declared, Drew, Reshuffled, Revealed, Shown
from engine.cards import Card, Rank, format_cards
from engine.games.base import (
    Game,
    Option,
    Settings,
    check_bet_sizes,
    chips_setting,
    setting,
)
from engine.games.hand_types import HandTypes
from engine.games.openers import best_showing
from engine.games.phases import Ante, Betting, Deal, Decision, Phase, Showdown
from engine.games.psycho_settle import Declaration
from engine.games.stakes import start_words
from engine.hands import HandValue, LowRanking
from engine.state import (
    Action,
    ActionKind,
    EventKind,
    Facts,
    HandState,
    Held,
    IllegalAction,
    PublicFacts,
    seat_name,
)


@dataclass
class PsychoFacts(Facts):
    """What a hand of Psycho has settled so far: how many cards each seat drew
    (``drawn``), the ace each seat drawing four showed (``ace_shown``), each
    declaration once revealed (``declared``), and the first to act in the last
    betting round (``last_first``: declarations in turn start there)."""

    drawn: dict[int, int] = field(default_factory=dict)
    ace_shown: dict[int, Card] = field(default_factory=dict)
    declared: dict[int, Declaration] = field(default_factory=dict)
    last_first: int | None = None


@dataclass(frozen=True, slots=True)
class PsychoPublic(PublicFacts):
    """Draw counts, aces shown and declarations, as every seat sees them: (seat, value)
    pairs in seat order (``dict()`` them to look a seat up)."""

    drawn: tuple[tuple[int, int], ...] = ()
    ace_shown: tuple[tuple[int, Card], ...] = ()
    declared: tuple[tuple[int, Declaration], ...] = ()


def facts(state: HandState) -> PsychoFacts:
    """The hand's :class:`PsychoFacts`."""
    found = state.facts
    if not isinstance(found, PsychoFacts):
        raise TypeError(f"{state.game.name} keeps no Psycho facts")
    return found


class DrawLimit(StrEnum):
    """How many cards a player may exchange in the draw."""

    NONE = "none"
    THREE = "three"
    FOUR_WITH_ACE = "four-with-ace"


class DeclarationOrder(StrEnum):
    """Whether declarations are made at once in secret, or one at a time."""

    AT_ONCE = "at-once"
    IN_TURN = "in-turn"


@dataclass(frozen=True)
class PsychoSettings(Settings):
    """The announcements for Psycho (defaults from DESIGN.md)."""

    chips: int = chips_setting()
    ante: int = setting(2, label="Ante", minimum=0, maximum=100_000,
                        help="Paid by everyone before the deal; there is no other forced bet.")
    small_bet: int = setting(5, label="Small bet", minimum=1, maximum=100_000,
                             help="The bet and raise size in the round after the expose.")
    big_bet: int = setting(10, label="Big bet", minimum=1, maximum=100_000,
                           help="The bet and raise size after the sixth and seventh cards.")
    draw_limit: DrawLimit = setting(
        DrawLimit.NONE, label="Draw limit",
        help="How many of their five cards a player may exchange in the draw.",
        options=(Option(DrawLimit.NONE, "No limit",
                        "A player may exchange any number of cards, from none to all five."),
                 Option(DrawLimit.THREE, "At most three",
                        "A player may exchange up to three cards."),
                 Option(DrawLimit.FOUR_WITH_ACE, "Three, or four with an ace",
                        "Up to three cards; a player who keeps an ace may exchange the other "
                        "four, showing the ace to the table to claim it.")))
    low_ranking: LowRanking = setting(
        LowRanking.ACE_TO_FIVE, label="Low hands",
        help="How low hands are ranked for the low half of the pot.",
        options=(Option(LowRanking.ACE_TO_FIVE, "Ace-to-five",
                        "Aces count low and straights and flushes do not spoil a low hand: "
                        "5-4-3-2-A is the best low."),
                 Option(LowRanking.DEUCE_TO_SEVEN, "Deuce-to-seven",
                        "Aces count high and straights and flushes count against a low hand: "
                        "7-5-4-3-2 in mixed suits is the best low.")))
    declarations: DeclarationOrder = setting(
        DeclarationOrder.AT_ONCE, label="Declarations",
        help="How the players still in declare high, low or both after the last betting round.",
        options=(Option(DeclarationOrder.AT_ONCE, "At once, in secret",
                        "Everyone chooses in secret and the choices are revealed together."),
                 Option(DeclarationOrder.IN_TURN, "In turn",
                        "Players declare one at a time, starting with the first to act in the "
                        "last betting round; each hears the declarations made before theirs.")))

    def check(self) -> None:
        check_bet_sizes(self.small_bet, self.big_bet)


STREETS = ("Deal", "Draw", "Expose", "Sixth card", "Seventh card", "Declarations")
WORDS = ("no cards", "one card", "two cards", "three cards", "four cards", "five cards")


def _settings(state: HandState) -> PsychoSettings:
    settings = state.settings
    assert isinstance(settings, PsychoSettings)
    return settings


def draw_allowed(limit: DrawLimit, discards: int, kept: list[Card]) -> bool:
    """Whether the draw limit lets a player exchange ``discards`` cards keeping ``kept``.

    >>> from engine.cards import parse_cards
    >>> draw_allowed(DrawLimit.FOUR_WITH_ACE, 4, parse_cards("As"))
    True
    >>> draw_allowed(DrawLimit.FOUR_WITH_ACE, 4, parse_cards("Ks"))
    False
    """
    if limit is DrawLimit.NONE:
        return True
    if discards <= 3:
        return True
    return limit is DrawLimit.FOUR_WITH_ACE and discards == 4 and kept[0].rank is Rank.ACE


def _limit_words(limit: DrawLimit) -> str:
    return {DrawLimit.NONE: "any number of cards",
            DrawLimit.THREE: "at most three cards",
            DrawLimit.FOUR_WITH_ACE: "at most three cards, or four with an ace shown"}[limit]


class Draw(Decision):
    """The draw: in turn from the dealer's left, each player exchanges any cards
    the limit allows. When the stock runs out, the discards so far are shuffled
    into a new stock; if even that is short, the drawing player's own discards
    go in too.
    """

    kind = ActionKind.DISCARD

    def options(self, state: HandState, seat: int) -> list[Action]:
        limit = _settings(state).draw_limit
        hand = [h.card for h in state.cards[seat]]
        actions = []
        for count in range(len(hand) + 1):
            for chosen in combinations(hand, count):
                kept = [c for c in hand if c not in chosen]
                if draw_allowed(limit, count, kept):
                    actions.append(Action(seat, self.kind,
                                          cards=tuple(sorted(chosen, reverse=True))))
        return actions

    def accept(self, state: HandState, action: Action) -> Action:
        if action.kind is not self.kind:
            raise IllegalAction(f"{seat_name(action.seat)} must draw now: discard the cards to "
                                "replace (none to stand pat)")
        hand = [h.card for h in state.cards[action.seat]]
        strangers = [c for c in action.cards if c not in hand]
        if strangers or len(set(action.cards)) != len(action.cards):
            raise IllegalAction(f"{seat_name(action.seat)} may discard only cards from their "
                                f"hand, each once: {format_cards(hand)}")
        limit = _settings(state).draw_limit
        kept = [c for c in hand if c not in action.cards]
        if not draw_allowed(limit, len(action.cards), kept):
            raise IllegalAction(f"{seat_name(action.seat)} may not exchange "
                                f"{WORDS[len(action.cards)]}: the draw allows "
                                f"{_limit_words(limit)}")
        return Action(action.seat, self.kind, cards=tuple(sorted(action.cards, reverse=True)))

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        for seat, action in choices.items():
            self._draw(state, seat, list(action.cards))

    def _draw(self, state: HandState, seat: int, discards: list[Card]) -> None:
        who = seat_name(seat)
        limit = _settings(state).draw_limit
        count = len(discards)
        facts(state).drawn[seat] = count
        rule = f"the draw, in turn from the dealer's left: {_limit_words(limit)}"
        if count == 0:
            state.record.append(Drew(state.street, seat, (), ()))
            state.emit(EventKind.ACTION, f"{who} stands pat", rule=rule, seat=seat)
            return
        kept = [h for h in state.cards[seat] if h.card not in discards]
        if count == 4 and limit is DrawLimit.FOUR_WITH_ACE:
            ace = kept[0].card
            facts(state).ace_shown[seat] = ace
            state.record.append(Revealed(state.street, seat, (ace,)))
            state.emit(EventKind.REVEAL, f"{who} shows {ace} to draw four",
                       rule="a player keeping an ace may draw four by showing it", seat=seat)
        drew = state.log(Drew(state.street, seat, tuple(discards),
                              tuple(self._take(state, seat, discards))))
        state.cards[seat] = kept + [Held(card, up=False) for card in drew.drawn]
        state.emit(EventKind.ACTION, f"{who} discards {WORDS[count]} and draws {count}",
                   rule=rule, seat=seat,
                   private=f"{who} discards {format_cards(drew.discarded)} and draws "
                           f"{format_cards(drew.drawn)}")

    def _take(self, state: HandState, seat: int, discards: list[Card]) -> list[Card]:
        """Deal ``len(discards)`` cards, rebuilding the stock from the discards if needed."""
        deck = state.deck
        need = len(discards)
        new = deck.deal(min(need, deck.remaining))
        rule = "when the stock runs out, the discards are shuffled and used"
        if len(new) < need and deck.discards:
            stock = state.log(Reshuffled(state.street, deck.reshuffle_discards()))
            state.emit(EventKind.NOTE, f"The stock runs out: the {stock.count} cards discarded "
                       "so far are shuffled into a new stock", rule=rule)
        own = len(new) + deck.remaining < need
        if own:
            deck.discard(discards)
            state.log(Reshuffled(state.street, deck.reshuffle_discards()))
            state.emit(EventKind.NOTE, f"The stock is still short: {seat_name(seat)}'s own "
                       f"{len(discards)} discards are shuffled in", seat=seat,
                       rule=f"{rule}; with no other cards left, the drawing player's discards "
                            "are used too")
        new += deck.deal(need - len(new))
        if not own:
            deck.discard(discards)
        return new


class Expose(Decision):
    """Everyone chooses three of their five cards in secret; all are turned up together."""

    kind = ActionKind.EXPOSE
    simultaneous = True

    def options(self, state: HandState, seat: int) -> list[Action]:
        hand = [h.card for h in state.cards[seat]]
        return [Action(seat, self.kind, cards=tuple(sorted(three, reverse=True)))
                for three in combinations(hand, 3)]

    def accept(self, state: HandState, action: Action) -> Action:
        hand = [h.card for h in state.cards[action.seat]]
        if action.kind is not self.kind or len(set(action.cards)) != 3 or any(
                c not in hand for c in action.cards):
            raise IllegalAction(f"{seat_name(action.seat)} must expose exactly three of their "
                                f"five cards: {format_cards(hand)}")
        return Action(action.seat, self.kind, cards=tuple(sorted(action.cards, reverse=True)))

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        for seat, action in choices.items():
            held = state.cards[seat]
            for h in held:
                h.up = h.card in action.cards
            state.cards[seat] = [h for h in held if not h.up] + [h for h in held if h.up]
            op = state.log(Revealed(state.street, seat, tuple(h.card for h in held if h.up)))
            state.emit(EventKind.REVEAL, f"{seat_name(op.seat)} exposes {format_cards(op.cards)}",
                       rule="everyone turns up three of their five cards at once", seat=seat)


class Declare(Decision):
    """High, low or both, by everyone still in (see the two orders below)."""

    kind = ActionKind.DECLARE
    rule: ClassVar[str] = ""

    def options(self, state: HandState, seat: int) -> list[Action]:
        return [Action(seat, self.kind, choice=way.value) for way in Declaration]

    def accept(self, state: HandState, action: Action) -> Action:
        if action.kind is not self.kind or action.choice not in {w.value for w in Declaration}:
            raise IllegalAction(f"{seat_name(action.seat)} must declare now: high, low or both")
        return super().accept(state, action)

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        declared = facts(state).declared
        for seat, action in choices.items():
            way = Declaration(str(action.choice))
            declared[seat] = way
            op = state.log(Declared(state.street, seat, way.value))
            state.emit(EventKind.REVEAL, f"{seat_name(op.seat)} declares {op.way}",
                       rule=self.rule, seat=seat)


class DeclareAtOnce(Declare):
    """Everyone declares in secret; the declarations are revealed together."""

    simultaneous = True
    rule = "declarations are made in secret and revealed together"


class DeclareInTurn(Declare):
    """One at a time, from the first to act in the last betting round, clockwise."""

    rule = "declarations in turn, from the first to act in the last betting round"

    def seats(self, state: HandState) -> list[int]:
        live = state.in_hand()
        first = facts(state).last_first
        if first is None:
            first = live[0]
        start = next((s for s in live if s >= first), live[0])
        index = live.index(start)
        return live[index:] + live[:index]


def describe_both(high: HandValue, low: HandValue) -> str:
    """Both hands in words.

    >>> from engine.cards import parse_cards
    >>> from engine.hands import best_high, best_low
    >>> cards = parse_cards("2c 3d 4h 6s 6d 7h 5c")
    >>> describe_both(best_high(cards), best_low(cards))
    'seven-high straight for high, six-five low for low'
    """
    high_words = high.describe()
    low_words = low.describe().removesuffix(" (low)")
    return f"{high_words[0].lower()}{high_words[1:]} for high, " \
           f"{low_words[0].lower()}{low_words[1:]} for low"


class DeclaredShowdown(Showdown):
    """Every hand still in is shown, from the last aggressor clockwise: each
    declaration is settled against the cards, so none is mucked."""

    def enter(self, state: HandState) -> None:
        live = state.in_hand()
        first = state.show_first if state.show_first in live else live[0]
        assert first is not None
        start = live.index(first)
        state.emit(EventKind.NOTE, f"{seat_name(first)} shows first",
                   rule="the last to bet or raise in the last round shows first (if nobody "
                        "bet, the first to act)")
        game = state.game
        assert isinstance(game, Psycho)
        for seat in live[start:] + live[:start]:
            state.shown.append(seat)
            way = facts(state).declared[seat]
            shown = tuple(h.card for h in state.cards[seat] if not h.dead)
            state.record.append(Shown(state.street, seat, shown))
            cards = format_cards(shown)
            board = state.boards[0] if state.boards else []
            if board:
                cards += f" with the community card{'s' if len(board) > 1 else ''} " \
                         f"{format_cards(board)}"
            both = describe_both(game.hand_value(state, seat), game.low_value(state, seat))
            state.emit(EventKind.SHOWDOWN,
                       f"{seat_name(seat)} shows {cards}: {both} (declared {way.value})",
                       rule="every declared hand is shown", seat=seat)
        self.waiting = None


class Psycho(Game):
    """Psycho on the shared engine: draw, expose, stud streets, declarations."""

    __slots__ = ()

    id = "psycho"
    name = "Psycho"
    min_players = 2
    max_players = 10
    settings_type = PsychoSettings

    def stakes(self, settings: Settings) -> list[str]:
        assert isinstance(settings, PsychoSettings)
        return [f"{start_words(self, settings)} and antes {settings.ante} before the deal.",
                f"Nobody bets until the cards are exposed. Bets and raises are "
                f"{settings.small_bet} in the round after the expose and {settings.big_bet} "
                "in the rounds after the sixth and the seventh card."]

    def phases(self, state: HandState) -> list[Phase]:
        s = _settings(state)
        declare = DeclareInTurn if s.declarations is DeclarationOrder.IN_TURN else DeclareAtOnce
        return [
            Ante(s.ante, rule="the ante, paid by everyone before the deal"),
            Deal(STREETS[0], "ddddd", burn=False),
            Draw(STREETS[1]),
            Expose(STREETS[2]),
            Betting(stake="small"),
            Deal(STREETS[3], "u", reshuffle=True),
            Betting(stake="big"),
            Deal(STREETS[4], "d", reshuffle=True),
            Betting(stake="big"),
            declare(STREETS[5]),
            DeclaredShowdown(),
        ]

    def opener(self, state: HandState, phase: Betting) -> tuple[int, str]:
        """The best exposed hand acts first; equal showings go by the suit of the highest card."""
        live = state.in_hand()
        best, rule = best_showing(state, live, by_suit=True, shown="exposed")
        with_chips = [s for s in live if state.table.stacks[s] > 0]
        first = next((s for s in with_chips if s >= best), with_chips[0] if with_chips else best)
        facts(state).last_first = first
        return best, rule

    def hand_types(self, settings: Settings) -> HandTypes:
        """High-low split by declaration, the low ranked as announced, no qualifier."""
        assert isinstance(settings, PsychoSettings)
        return HandTypes(high=True, low=settings.low_ranking, declare=True)

    def new_facts(self) -> PsychoFacts:
        return PsychoFacts()

    def public_facts(self, state: HandState, viewer: int | None) -> PsychoPublic:
        """How many cards each seat drew, the aces shown to draw four, the declarations
        made: every one announced to the table when it happened."""
        known = facts(state)
        return PsychoPublic(drawn=tuple(sorted(known.drawn.items())),
                            ace_shown=tuple(sorted(known.ace_shown.items())),
                            declared=tuple(sorted(known.declared.items())))

    def notes(self, state: HandState, seat: int, viewer: int | None) -> list[str]:
        lines = []
        drawn = facts(state).drawn
        if seat in drawn:
            lines.append("Stood pat" if drawn[seat] == 0 else f"Drew {drawn[seat]}")
        ace = facts(state).ace_shown.get(seat)
        if ace is not None:
            lines.append(f"Showed {ace} to draw four")
        way = facts(state).declared.get(seat)
        if way is not None:
            lines.append(f"Declared {way.value}")
        return lines


GAME = Psycho()
