"""What a seat may not see, and where it must not appear: shared by the leak checks.

Hidden cards are checked at three layers, and every leak check lives in one of them:

1. **The engine's views** (what any screen is built from): every registered game's random
   hands in the conformance suite, every seat's view (its cards and every sentence it
   carries) after every decision (``tests/conformance/test_engine.py``, read by
   ``tests/conformance/walk.py``'s ``check_views``); hands dealt on purpose in
   ``tests/test_hidden_cards.py`` (Psycho's ace shown to draw four, a mucked partner's
   cards on the seats' and the shared screens) and ``tests/test_engine_properties.py`` (a
   stud hand's every view); secret choices (``test_secret_choices.py``); the words built
   from a view: a computer player's reasons (``test_bot_reasons.py``,
   ``test_measured_reasons.py``, ``test_reasons_reader_sees.py``) and the odds' advice and
   measures (``test_odds_advice.py``, ``test_odds_measure_reader_sees.py``,
   ``test_odds_at_table.py``'s seat spots).
2. **Everything the server sends a browser**: what leaves a seat besides the page, its PHH
   file, text history and saved hand, on every random hand of every registered game
   (``tests/conformance/test_engine.py``, ``walk.py``'s ``check_seats_leavings``); the
   play page of every game at decisions of a random hand, an edited link's message, sealed
   and guest links, a player's link on the host page (``tests/test_leaks.py``); two
   players at one deal (``test_isolation.py``); a seat's PHH file writing hidden cards and
   secret choices as ``??`` (``test_phh.py``); each screen's parts over HTTP
   (``test_routes.py``); the odds links from the table (``test_odds_link.py``,
   ``test_odds_hand_page.py``); a game night's every screen (``tests/test_night.py``,
   ``test_night_results.py``, and a night of every registered game through the night's
   controller in ``tests/conformance/test_night.py``).
3. **The browser**: one game night that deals every registered game on a TV and two
   phones, reading everything each screen was sent after every tap and each screen whole
   at each hand's end (``tests/browser/test_leaks.py``); a Play hand clicked to its end
   by one of two visitors at one deal, reading the page text, labels, source and address
   (``tests/browser/test_isolation.py``); the TV as decisions reach it in place and
   through Redis (``tests/browser/test_night.py``).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable

from engine.cards import FULL_DECK, Card
from engine.games import new_hand
from engine.state import HandState, PublicFacts
from ui.components.cards import PICTURES, picture

_REPLAYS: dict[tuple[object, ...], tuple[HandState, set[Card]]] = {}


def seen_by(state: HandState, seat: int) -> set[Card]:
    """Every card ``seat`` may know of: what its view shows, what the table was told
    (``told_to_all``), and what it chose itself."""
    view = state.view(seat)
    seen = {c.card for s in view.seats for c in s.cards if c.card is not None}
    seen.update(card for board in view.boards for card in board)
    seen.update(told_to_all(view.facts))
    seen.update(card for action in state.actions if action.seat == seat for card in action.cards)
    return seen


def told_to_all(facts: PublicFacts) -> set[Card]:
    """Every card a view's public facts name, whatever the game keeps in them: the table
    was told of these, face down or not."""
    found: set[Card] = set()
    values: list[object] = [getattr(facts, f.name) for f in dataclasses.fields(facts)]
    while values:
        value = values.pop()
        if isinstance(value, Card):
            found.add(value)
        elif isinstance(value, tuple | list | set | frozenset):
            values.extend(value)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            values.extend(getattr(value, f.name) for f in dataclasses.fields(value))
    return found


def ever_up(state: HandState) -> set[Card]:
    """Every card that lay face up for the whole table at some point of the hand.

    A folded hand's cards leave the table, and when the stock runs short they are
    shuffled back into it; what was face up stays known, and the narration may still
    name it ("Seat 2 exposes K♥ 2♥ 10♠"). The hand is replayed one action at a time,
    carrying on from the last call for the same hand."""
    key = (state.game.id, state.players, state.seed, state.stacked, state.stacks_given,
           repr(state.settings))
    hand, up = _REPLAYS.get(key) or (None, set())
    if hand is None or hand.actions != state.actions[:len(hand.actions)]:
        hand, up = new_hand(state.game.id, players=state.players, seed=state.seed,
                            settings=state.settings, deck=state.stacked,
                            stacks=state.stacks_given), set()
    for action in [None, *state.actions[len(hand.actions):]]:
        if action is not None:
            hand.apply(action)
        up.update(held.card for cards in hand.cards for held in cards if held.up)
        up.update(card for board in hand.boards for card in board)
    if len(_REPLAYS) > 64:
        _REPLAYS.clear()
    _REPLAYS[key] = (hand, up)
    return set(up)


def hidden_from(state: HandState, seat: int) -> set[Card]:
    """Every card ``seat`` may not know of: other seats' down cards and the stock, less
    what the whole table once saw face up (``ever_up``)."""
    return set(FULL_DECK) - seen_by(state, seat) - ever_up(state)


def hidden_from_table(state: HandState) -> set[Card]:
    """What no screen of the whole table (a TV, a host) may show: every card some seat may
    not know of."""
    public = set(FULL_DECK)
    for seat in range(state.players):
        public &= seen_by(state, seat)
    return set(FULL_DECK) - public - ever_up(state)


@functools.cache
def _forms(card: Card, ascii: bool) -> tuple[str, ...]:
    """How a card may be written: ``K♥``, ``King of hearts`` (plain text, found as it is);
    with ``ascii``, ``Kh`` as a whole word (a pattern: prose could contain it by chance,
    "As")."""
    if ascii:
        return (rf"(?<![A-Za-z0-9]){card.ascii}(?![A-Za-z0-9])",)
    return (str(card), card.name)


@functools.cache
def _plain_forms() -> dict[str, Card]:
    """Each plain way of writing a card (``_forms``), and the card it names."""
    return {form: card for card in FULL_DECK for form in _forms(card, False)}


@functools.cache
def _any_card() -> re.Pattern[str]:
    """Every plain way of writing any card (``_forms``) as one pattern, so a text is read
    once however many cards are looked for (no form overlaps another)."""
    return re.compile("|".join(map(re.escape, sorted(_plain_forms(), key=len, reverse=True))))


_IMAGE = re.compile(rf"{PICTURES}/([^\"/?]+)\.svg")


def pictures_read(text: str) -> str:
    """``text`` with the picture each card image shows (as the site serves it), so that a
    card drawn but not named around it is found too (a picture names its card in its
    title)."""
    return text + "".join(picture(name) or "" for name in _IMAGE.findall(text))


def named_cards(text: str, cards: Iterable[Card], *, ascii: bool = False) -> set[Card]:
    """The ``cards`` that ``text`` names, in the way this site writes them to people (or, with
    ``ascii``, in files), card images included."""
    text = pictures_read(text)
    if ascii:
        return {card for card in cards
                if any(re.search(form, text) for form in _forms(card, ascii))}
    forms = _plain_forms()
    return {forms[form] for form in set(_any_card().findall(text))} & set(cards)
