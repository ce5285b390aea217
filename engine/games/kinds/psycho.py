"""The step kinds of Psycho's hand, usable by any game: the draw (exchange cards under a
limit; a stock rebuilt from the discards when it runs out), the expose (everyone turns up
some of their cards at once), declarations (high, low or both, at once in secret or in
turn) and the showdown of declared hands; and :class:`DrawDeclareRules`, the hooks a game
using them takes on (who drew how many, the aces shown, the declarations, as notes and
public facts).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from types import MappingProxyType
from typing import Any, ClassVar

from engine.actions import Declared, Drew, Reshuffled, Revealed, Shown
from engine.cards import Card, Rank, format_cards
from engine.games.base import Game
from engine.games.declared_pots import Declaration
from engine.games.phases import Decision, Phase, Showdown
from engine.games.steps import Cards, Context, Param, Step, StepKind, announced
from engine.hands import HandValue
from engine.state import (
    Action,
    ActionKind,
    BettingRound,
    EventKind,
    Facts,
    HandState,
    Held,
    IllegalAction,
    PublicFacts,
    seat_name,
)

__all__ = ["KINDS", "SETTING_TYPES", "DeclarationOrder", "DrawDeclareRules", "DrawLimit",
           "DrawRule",
           "PsychoFacts", "PsychoPublic", "draw_allowed", "facts"]


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


WORDS = ("no cards", "one card", "two cards", "three cards", "four cards", "five cards")


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


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven")


@dataclass(frozen=True, slots=True)
class DrawRule:
    """How many cards a draw lets a player exchange: ``most`` (any number when it is at
    least the hand), or up to ``with_ace`` when the player keeps an ace and shows it.

    >>> from engine.cards import parse_cards
    >>> rule = DrawRule(most=3, with_ace=4)
    >>> rule.allows(4, parse_cards("As")), rule.allows(4, parse_cards("Ks")), rule.words
    (True, False, 'at most three cards, or four with an ace shown')
    """

    most: int
    with_ace: int = 0

    @classmethod
    def of(cls, limit: DrawLimit) -> DrawRule:
        """The rule of one of Psycho's announced draw limits."""
        return {DrawLimit.NONE: cls(most=len(_NUMBERS)),
                DrawLimit.THREE: cls(most=3),
                DrawLimit.FOUR_WITH_ACE: cls(most=3, with_ace=4)}[limit]

    def allows(self, discards: int, kept: Sequence[Card]) -> bool:
        return discards <= self.most or (discards <= self.with_ace and any(
            c.rank is Rank.ACE for c in kept))

    @property
    def words(self) -> str:
        if self.most >= len(_NUMBERS):
            return "any number of cards"
        most = f"at most {_NUMBERS[self.most]} card{'s' if self.most != 1 else ''}"
        return f"{most}, or {_NUMBERS[self.with_ace]} with an ace shown" if self.with_ace \
            else most


class Draw(Decision):
    """The draw: in turn from the dealer's left, each player exchanges any cards
    the limit allows. When the stock runs out, the discards so far are shuffled
    into a new stock; if even that is short, the drawing player's own discards
    go in too.
    """

    kind = ActionKind.DISCARD

    def __init__(self, street: str, *, rule: DrawRule) -> None:
        super().__init__(street)
        self.rule = rule

    def options(self, state: HandState, seat: int) -> list[Action]:
        hand = [h.card for h in state.cards[seat]]
        actions = []
        for count in range(len(hand) + 1):
            for chosen in combinations(hand, count):
                kept = [c for c in hand if c not in chosen]
                if self.rule.allows(count, kept):
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
        kept = [c for c in hand if c not in action.cards]
        if not self.rule.allows(len(action.cards), kept):
            raise IllegalAction(f"{seat_name(action.seat)} may not exchange "
                                f"{WORDS[len(action.cards)]}: the draw allows "
                                f"{self.rule.words}")
        return Action(action.seat, self.kind, cards=tuple(sorted(action.cards, reverse=True)))

    def resolve(self, state: HandState, choices: dict[int, Action]) -> None:
        for seat, action in choices.items():
            self._draw(state, seat, list(action.cards))

    def _draw(self, state: HandState, seat: int, discards: list[Card]) -> None:
        who = seat_name(seat)
        count = len(discards)
        facts(state).drawn[seat] = count
        rule = f"the draw, in turn from the dealer's left: {self.rule.words}"
        if count == 0:
            state.record.append(Drew(state.street, seat, (), ()))
            state.emit(EventKind.ACTION, f"{who} stands pat", rule=rule, seat=seat)
            return
        kept = [h for h in state.cards[seat] if h.card not in discards]
        if count > self.rule.most:
            ace = next(h.card for h in kept if h.card.rank is Rank.ACE)
            facts(state).ace_shown[seat] = ace
            state.record.append(Revealed(state.street, seat, (ace,)))
            more = _NUMBERS[self.rule.with_ace]
            state.emit(EventKind.REVEAL, f"{who} shows {ace} to draw {_NUMBERS[count]}",
                       rule=f"a player keeping an ace may draw {more} by showing it",
                       seat=seat)
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
        folded = {h.card for s in range(state.players) if state.table.folded[s]
                  for h in state.cards[s]}
        out = folded & set(deck.discards)
        if out:
            rule += ", never a folded hand's cards"
        if len(new) < need and len(deck.discards) > len(out):
            stock = state.log(Reshuffled(state.street, deck.reshuffle_discards(keep_out=out)))
            state.emit(EventKind.NOTE, f"The stock runs out: the {stock.count} cards discarded "
                       "so far are shuffled into a new stock", rule=rule)
        own = len(new) + deck.remaining < need
        if own:
            deck.discard(discards)
            state.log(Reshuffled(state.street, deck.reshuffle_discards(keep_out=out)))
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


class DrawDeclareRules(Game):
    """The hooks a game drawing, exposing or declaring takes on: its facts (draw counts,
    aces shown, declarations, the first to act in the last round), told as notes and as
    public facts; and who acts first in the last round, remembered for declarations in
    turn."""

    __slots__ = ()

    def opener(self, state: HandState, phase: BettingRound) -> tuple[int, str]:
        best, rule = super().opener(state, phase)
        with_chips = [s for s in state.in_hand() if state.table.stacks[s] > 0]
        facts(state).last_first = next((s for s in with_chips if s >= best),
                                       with_chips[0] if with_chips else best)
        return best, rule

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
        lines = super().notes(state, seat, viewer)  # a wild-card game's "Wild: ..." too
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


def _choice(value: str, kind: type[StrEnum], context: Context) -> Any:
    """A step's choice: one of the kind's values, or the setting's of that name."""
    if value in {v.value for v in kind}:
        return kind(value)
    return kind(announced(context.settings, value))


def _draw(step: Step, context: Context) -> Phase:
    if step["most"]:
        return Draw(step["street"], rule=DrawRule(most=context.amount(step["most"]),
                                                  with_ace=context.amount(step["with_ace"])))
    return Draw(step["street"], rule=DrawRule.of(_choice(step["limit"], DrawLimit, context)))


def _expose(step: Step, context: Context) -> Phase:
    return Expose(step["street"])


def _declare(step: Step, context: Context) -> Phase:
    order = _choice(step["order"], DeclarationOrder, context)
    return (DeclareInTurn if order is DeclarationOrder.IN_TURN else DeclareAtOnce)(step["street"])


def _declared_showdown(step: Step, context: Context) -> Phase:
    return DeclaredShowdown()


def _holding(count: int) -> Cards:
    return Cards(needs_held=count)


def _draw_cards(params: Mapping[str, Any]) -> Cards:
    return _holding(1)


def _expose_cards(params: Mapping[str, Any]) -> Cards:
    return _holding(3)


_STREET = Param("text", required=True, help="the street's name, as the narration says it")

KINDS = (
    StepKind("draw", "in turn from the dealer's left, each player exchanges the cards the "
             "limit allows; the discards are shuffled into a new stock if it runs out",
             MappingProxyType({
                 "street": _STREET,
                 "limit": Param("setting_or", "none", choices=tuple(v.value for v in DrawLimit),
                                help="one of Psycho's announced limits"),
                 "most": Param("amount", 0, help="the most cards anyone may exchange"),
                 "with_ace": Param("amount", 0, help="the most when keeping an ace shown")}),
             _draw, _draw_cards, hooks=DrawDeclareRules),
    StepKind("expose", "everyone chooses three of their five cards in secret; all are "
             "turned up together", MappingProxyType({"street": _STREET}), _expose,
             _expose_cards, hooks=DrawDeclareRules),
    StepKind("declare", "everyone still in declares high, low or both, at once in secret or "
             "in turn", MappingProxyType({"street": _STREET, "order": Param(
                 "setting_or", "at-once", choices=tuple(v.value for v in DeclarationOrder))}),
             _declare, hooks=DrawDeclareRules),
    StepKind("declared-showdown", "every declared hand is shown, from the last aggressor "
             "clockwise, and the pot is shared by the declarations",
             MappingProxyType({}), _declared_showdown, hooks=DrawDeclareRules,
             ends_hand=True),
)

SETTING_TYPES: tuple[tuple[str, type[StrEnum]], ...] = (
    ("draw-limit", DrawLimit), ("declaration-order", DeclarationOrder))
