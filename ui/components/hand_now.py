"""What a seat holds right now, in words, for the decision panel.

Built from the seat's own ``HandView`` only, so it can never name a card the
seat may not see: a partner's hidden cards, the other seats' hole cards and
cards still to come count for nothing. The game's declaration says what matters
in it:

- a game of partners (Pick a Partner): the team hand so far (both first up cards
  plus the best three of the other cards the seat can see), or the seat's own five
  cards before partners are picked;
- a game of pairs (Sophie's Pick and Double Sophie): the best hand with each
  surviving pair (on each board);
- any other game: the best hands so far as its hand types value them (the high and
  the announced low in Psycho; the best hand in seven-card stud).

Then, when the seat has a decision to make, the engine's measure of it
(``engine.odds.advice``): a sentence and the best few options with their figures.

>>> from engine.games import new_hand
>>> state = new_hand("seven-card-stud", players=3, seed=4)
>>> hand_now(state.view(0))[0].startswith("Your cards so far: ")
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType

from engine.cards import Card, Rank, format_cards
from engine.games import GAMES
from engine.games.base import Settings
from engine.games.hand_types import HIGH_HAND, HandTypes, low_qualifies
from engine.games.kinds.pairs import PairRules
from engine.games.pick_a_partner_steps import PartnerPublic
from engine.games.wild_cards import held_five
from engine.hands import HandValue, LowRanking, describe_showing
from engine.odds.advice import advise
from engine.odds.announced import types_with_low
from engine.state import ActionKind, HandView, SeatView
from engine.wild import WildCards


def announced_low(settings: Settings) -> LowRanking:
    """The low ranking the announcements name (Psycho's), ace-to-five for other games."""
    return LowRanking(getattr(settings, "low_ranking", LowRanking.ACE_TO_FIVE))


def hand_now(view: HandView, *,
             low_ranking: LowRanking | str = LowRanking.ACE_TO_FIVE) -> list[str]:
    """:func:`hand_words`, then the measure of the decision the seat faces, if any."""
    lines = hand_words(view, low_ranking=low_ranking)
    if view.viewer is None or view.seats[view.viewer].folded:
        return lines
    advice = advise(view, low_ranking=low_ranking)
    return lines + (advice.lines() if advice is not None else [])


def hand_words(view: HandView, *,
               low_ranking: LowRanking | str = LowRanking.ACE_TO_FIVE) -> list[str]:
    """Lines saying what the viewing seat holds now (none for the host or a folded seat).

    ``low_ranking`` is the announced low (Psycho's), which a view does not carry.
    """
    if view.viewer is None:
        return []
    seat = view.seats[view.viewer]
    if seat.folded or not _known(seat):
        return []
    game = GAMES[view.game_id]
    if isinstance(view.facts, PartnerPublic):
        return _partner(seat, view, view.facts)
    if isinstance(game, PairRules):
        return _sophie(seat, view)
    return _declared(seat, view, types_with_low(view.game_id, low_ranking))


def _known(seat: SeatView) -> list[Card]:
    """The seat's live cards that this view shows."""
    return [c.card for c in seat.cards if c.card is not None and not c.dead]


def _board(view: HandView, index: int = 0) -> list[Card]:
    return list(view.boards[index]) if len(view.boards) > index else []


def _high_words(cards: Sequence[Card]) -> str:
    """The best high hand in these cards; with fewer than five, what they make so far."""
    if len(cards) < 5:
        return _short_words(cards)
    value = HIGH_HAND.high_of(cards)
    return f"{value.describe()} ({format_cards(value.cards)})"


def _short_words(cards: Sequence[Card]) -> str:
    """Fewer than five cards as what they are, never as a five-card hand: "K♠ K♥ 7♦, a pair
    of kings"; "Q♣ J♥ 6♦ 5♥, no pair yet, the highest a queen".

    >>> from engine.cards import parse_cards
    >>> _short_words(parse_cards("Qc Jh 6d 5h"))
    'Q♣ J♥ 6♦ 5♥, no pair yet, the highest a queen'
    >>> _short_words(parse_cards("Kc 7d Kh"))
    'K♣ 7♦ K♥, a pair of kings'

    Five or more cards that make no hand yet (five-card Omaha before the flop) are read
    by their four strongest, the largest groups first:

    >>> _short_words(parse_cards("Qc 9c Qd 3d 4c"))
    'Q♣ 9♣ Q♦ 3♦ 4♣, a pair of queens'
    """
    if not cards:
        return "no cards yet"
    counts = Counter(c.rank for c in cards)
    strongest = sorted(cards, key=lambda c: (counts[c.rank], c.rank), reverse=True)[:4]
    shown = describe_showing(strongest)
    if shown.endswith(" high"):
        top = max(cards, key=lambda c: c.rank).rank
        return f"{format_cards(cards)}, no pair yet, the highest {_a(top.word)}"
    return f"{format_cards(cards)}, {_a(shown[:1].lower() + shown[1:])}"


def _a(words: str) -> str:
    """``words`` with "a" or "an" before a single thing ("a pair of kings", "an ace");
    counted things as they are ("three kings", "two pair, ...")."""
    if words.split()[0] in ("two", "three", "four"):
        return words
    return ("an " if words[:1] in "aeiou" else "a ") + words


def _declared(seat: SeatView, view: HandView, types: HandTypes) -> list[str]:
    """The best hands so far as the game's showdown values them (its usual hand types:
    razz's low, stud eight or better's two halves, Omaha's two hole cards and three from
    the board; the cards wild in the hand now, in a game with wild cards); before five
    cards can be made, what the cards make so far."""
    hole, board = _known(seat), _board(view)
    short = len(board) < 5 - types.hole_cards if types.hole_cards else len(hole + board) < 5
    if short:
        held = _wild_held(hole + board, view.wild)
        if types.high and not held:
            return [f"Your cards so far: {_short_words(hole + board)}"]
        return [f"Your cards so far: {format_cards(hole + board)}{held}"]
    wild = view.wild if types.hole_cards is None else None
    high, low = types.best(hole, board, wild=wild)
    lines = []
    if high is not None:
        half = "high" if low is not None else "hand"
        lines.append(f"Best {half} so far: {_made(high, hole + board, view.wild)}")
    if low is not None:
        line = f"Best low so far: {_made(low, hole + board, view.wild)}"
        if not low_qualifies(low, types.qualifier):
            line += f": not {Rank(types.qualifier or 0).word} or better, so no low yet"
        lines.append(line)
    return lines


def _made(value: HandValue, held: Sequence[Card], wild: WildCards | None) -> str:
    """A made hand in words and the five cards held that make it, each wild card shown as
    itself and named: "Five of a kind, aces, with two wild deuces (A♥ A♦ A♣ 2♣ 2♦)"."""
    if wild is None:
        return f"{value.describe()} ({format_cards(value.cards)})"
    five = held_five(held, wild, value.cards)
    wilds = _wild_words([c for c in five if wild.is_wild_card(c)])
    return f"{value.describe()}{', with ' + wilds if wilds else ''} ({format_cards(five)})"


def _wild_held(cards: Sequence[Card], wild: WildCards | None) -> str:
    """What of the cards so far is wild: ", with a wild deuce", or nothing (then what
    fewer than five cards make is said without counting a wild card as a natural one)."""
    words = _wild_words([c for c in cards if wild.is_wild_card(c)]) if wild else ""
    return f", with {words}" if words else ""


def _wild_words(wilds: Sequence[Card]) -> str:
    """Wild cards counted by rank: "a wild deuce", "two wild deuces and a wild king".

    >>> from engine.cards import parse_cards
    >>> _wild_words(parse_cards("2c Kd 2h"))
    'two wild deuces and a wild king'
    """
    counts = [(rank, sum(1 for c in wilds if c.rank is rank))
              for rank in sorted({c.rank for c in wilds}, reverse=True)]
    counts.sort(key=lambda entry: entry[0] is not Rank.TWO)
    said = [f"a wild {_rank_word(rank)}" if n == 1 else
            f"{_COUNT[n]} wild {_rank_word(rank, plural=True)}" for rank, n in counts]
    return " and ".join(said)


_COUNT = MappingProxyType({2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
                          7: "seven"})


def _rank_word(rank: Rank, *, plural: bool = False) -> str:
    """A rank as players say it: a two is a deuce."""
    if rank is Rank.TWO:
        return "deuces" if plural else "deuce"
    return rank.plural if plural else rank.word


def _partner(seat: SeatView, view: HandView, facts: PartnerPublic) -> list[str]:
    """The team hand so far, from the partners and first up cards every seat knows (the
    note under the seat says whether a folded partner leaves it alone)."""
    partner_seat = dict(facts.partners).get(seat.seat)
    alone = any(n.startswith("Partner folded: plays alone") for n in seat.notes)
    if partner_seat is None or alone:
        words = "Your five cards" + (" (your partner folded: you play alone)" if alone else "")
        return [f"{words}: {_high_words(_known(seat))}"]
    partner = view.seats[partner_seat]
    first_up = dict(facts.first_up)
    mine, theirs = first_up.get(seat.seat), first_up.get(partner_seat)
    if mine is None or theirs is None:
        return [f"Your five cards: {_high_words(_known(seat))}"]
    required = [mine, theirs]
    others = [c for c in _known(seat) + _known(partner) if c not in required]
    value = HIGH_HAND.high_using(required, others)
    hidden = sum(1 for c in partner.cards if c.card is None)
    how = "Both first up cards plus the best three of the other cards you can see"
    if hidden:
        plural = "s" if hidden > 1 else ""
        how += f"; {partner.name}'s {hidden} hidden card{plural} may make it better"
    return [f"Team hand so far with {partner.name}: {value.describe()} "
            f"({format_cards(value.cards)})", how + "."]


def _sophie(seat: SeatView, view: HandView) -> list[str]:
    """The best hand with each surviving pair: cards are in pair order once locked."""
    if any(a.kind is ActionKind.LOCK_PAIRS for a in view.legal):
        return []
    pairs = [seat.cards[i:i + 2] for i in range(0, len(seat.cards), 2)]
    lines = []
    for pair in pairs:
        if any(c.dead or c.card is None for c in pair):
            continue
        cards = [c.card for c in pair if c.card is not None]
        if len(view.boards) > 1:
            words = "; ".join(f"board {b + 1}: {_lower(_high_words(cards + _board(view, b)))}"
                              for b in range(len(view.boards)))
        else:
            words = _high_words(cards + _board(view))
        lines.append(f"With {format_cards(cards)}: {words}")
    return lines


def _lower(words: str) -> str:
    return words[:1].lower() + words[1:]
