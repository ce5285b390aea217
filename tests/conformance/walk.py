"""One run of random hands per game that the conformance checks share: each hand is played
once, and every check is made on it at every decision, so a check more costs its own
reading of the hand, not another hand played.

The hands are random in everything (settings, seats, stacks, decisions, amounts); how
many, from the game's declaration (``tests.support.sizing``): a long hand's game plays
fewer, and play goes on past that count until every kind of step the hands deal has been
reached and a hand has reached the showdown. Each check's failures are kept by the check's
name, the first of each hand with its seed and decision, for the test of that check to
report.
"""

from __future__ import annotations

import dataclasses
import json
import random
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.actions import Burned, Dealt, Decided, Drew, Mucked, Passed, Shown
from engine.cards import Card
from engine.games import get_game
from engine.games.phases import Phase
from engine.history import load_hand, replay, text_history
from engine.phh import load_phh, to_phh
from engine.state import Action, EventKind, HandState
from tests.support.hands import (
    check_cards,
    check_chips,
    check_offers,
    check_refusal_changes_nothing,
    random_hand,
)
from tests.support.leaks import ever_up, hidden_from, named_cards, told_to_all
from tests.support.phh import check_seats_file
from tests.support.sizing import hands_for
from tests.support.views import face_down, named, texts
from ui.sessions.history import saved_hand
from ui.sessions.share import HandLink

STEPS = 450
"""Steps times seats (``tests.support.sizing.hand_length``) of a game's hands in all."""
LEAST, MOST = 4, 30
"""The fewest and the most hands sized so; more are played until every kind of step is
reached, up to :data:`CEILING`."""
CEILING = 60
"""The most hands a game plays to reach every kind of step and a showdown."""

CHECKS = ("play", "properties", "record", "views", "phh", "seat's files")
"""What the walk checks, each a test's: the hand plays (no step refused or broken), chips
cards offers refusals undo replay and reload, the typed record, every seat's view, the
host's PHH file, and what leaves a seat's screen besides the page."""


@dataclass
class Walk:
    """What a game's hands reached, and each check's failures."""

    hands: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    kinds: set[str] = field(default_factory=set)
    """The kinds of step the hands' games dealt."""
    reached: set[str] = field(default_factory=set)
    """The kinds of step some hand reached."""
    failures: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def done(self, least: int) -> bool:
        return self.hands >= max(least, CEILING) or (
            self.hands >= least and self.reached >= self.kinds and self.counts["showdowns"] > 0)


@dataclass
class Reader:
    """What each seat has seen or read of a hand so far."""

    held: list[set[Card]]
    """Cards the seat ever held, or saw, or the table was told of."""
    told: list[int]
    """Lines of narration the seat has read."""

    @classmethod
    def of(cls, state: HandState) -> Reader:
        return cls([set() for _ in range(state.players)], [0] * state.players)


def check_views(state: HandState, reader: Reader) -> None:
    """No seat's view shows a card face down to it, and no sentence it carries names one,
    but for cards it once held or saw (``reader``, kept up to date here: a card it drew
    away may have reached another seat) or the public facts name; a new line of narration
    names none in any way the site writes a card. Public facts are the same for every
    seat; the host sees every card."""
    host = state.view(None)
    assert all(c.card is not None for s in host.seats for c in s.cards), "the host sees all"
    public = ever_up(state)
    for seat in range(state.players):
        view = state.view(seat)
        assert view.facts == host.facts, f"Seat {seat + 1} is told other public facts"
        known = reader.held[seat]
        known.update(h.card for h in state.cards[seat])
        known.update(c.card for s in view.seats for c in s.cards if c.card is not None)
        known.update(told_to_all(view.facts))
        hidden = set(state.hidden_from(seat)) - public - known
        shown = {c.card for s in view.seats for c in s.cards if c.card is not None}
        assert not shown & hidden, (seat, shown & hidden)
        for event in view.events[reader.told[seat]:]:
            assert not named_cards(event.text, hidden), (seat, event.text)
        reader.told[seat] = len(view.events)
        leaks = named(face_down(state, view) - known, texts(view))
        assert not leaks, f"Seat {seat + 1} reads face-down cards: {leaks}"


def check_record(state: HandState) -> None:
    """The typed record accounts for the hand: replaying its card movements rebuilds every
    hand still in and every board, its decisions are the hand's actions, its shows and
    mucks the showdown's, its burns the burned cards; each deal's narration names the
    cards it dealt."""
    record = state.record
    assert [op.action for op in record if isinstance(op, Decided)] == state.actions
    hands: list[list[Card]] = [[] for _ in range(state.players)]
    boards: dict[int, list[Card]] = {}
    for op in record:
        if isinstance(op, Dealt) and op.aside:
            continue
        if isinstance(op, Dealt) and op.seat is not None:
            hands[op.seat].extend(op.cards)
        elif isinstance(op, Dealt):
            assert op.board is not None
            boards.setdefault(op.board, []).extend(op.cards)
        elif isinstance(op, Drew):
            hands[op.seat] = [c for c in hands[op.seat] if c not in op.discarded]
            hands[op.seat].extend(op.drawn)
        elif isinstance(op, Passed):
            hands[op.seat] = [c for c in hands[op.seat] if c not in op.cards]
            hands[op.to].extend(op.cards)
    for seat in state.in_hand():
        assert sorted(hands[seat]) == sorted(h.card for h in state.cards[seat]), seat
        up = {c for op in record if isinstance(op, Dealt) and op.seat == seat and not op.aside
              for c, face_up in zip(op.cards, op.up, strict=True) if face_up}
        assert up <= {h.card for h in state.cards[seat] if h.up}, seat
    assert [boards[i] for i in sorted(boards)] == [list(b) for b in state.boards]
    assert {op.card for op in record if isinstance(op, Burned)} == \
        set(state.burns.values()) | set(state.deck.burned)
    assert [op.seat for op in record if isinstance(op, Shown)] == state.shown
    assert [op.seat for op in record if isinstance(op, Mucked)] == state.mucked
    private = [e.private or e.text for e in state.events if e.kind is EventKind.DEAL]
    for op in record:
        if isinstance(op, Dealt) and op.seat is not None and not op.aside:
            dealt = f"[{' '.join(str(c) for c in op.cards)}]"
            assert any(line.startswith(f"Seat {op.seat + 1}: ") and line.endswith(dealt)
                       for line in private), (op, private)


def check_replays(state: HandState) -> None:
    """At the end: chips and cards accounted for; the hand replayed from its decisions and
    reloaded from its JSON is the same hand."""
    check_chips(state)
    check_cards(state)
    again = replay(state.game.id, players=state.players, seed=state.seed,
                   settings=state.settings, actions=state.actions, deck=state.stacked,
                   stacks=state.stacks_given)
    assert again.view(None) == state.view(None)
    loaded = load_hand(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert loaded.view(None) == state.view(None)
    assert loaded.payoffs == state.payoffs


def check_record_replays(state: HandState) -> None:
    """At the end: the record rebuilt by a replay and by the JSON is the same; no view
    carries it."""
    check_record(state)
    again = replay(state.game.id, players=state.players, seed=state.seed,
                   settings=state.settings, actions=state.actions, deck=state.stacked,
                   stacks=state.stacks_given)
    assert again.record == state.record
    assert load_hand(state.to_json()).record == state.record
    assert "record" not in {f.name for f in dataclasses.fields(state.view(None))}


def check_phh(state: HandState) -> None:
    """The host's PHH file of the hand, finished or not, loads back to the same hand."""
    assert load_phh(to_phh(state)).to_json() == state.to_json()


def check_seats_leavings(state: HandState, seat: int, reader: Reader) -> None:
    """What leaves a seat's screen besides the page names no card hidden from it (but those
    it once held or saw: ``reader``): its PHH file (``check_seats_file``), its text
    history (nor the deal number) and its saved hand."""
    check_seats_file(state, seat)
    hidden = hidden_from(state, seat) - reader.held[seat]
    text = text_history(state, seat)
    assert not named_cards(text, hidden) and not named_cards(text, hidden, ascii=True)
    assert f"seed {state.seed}" not in text
    saved = json.loads(saved_hand(HandLink.from_state(state, seat=seat)))
    assert set(saved) == {"format", "version", "hand"}
    assert not named_cards(saved["hand"], hidden)


class Hand:
    """One random hand of the walk and the checks still passing on it."""

    def __init__(self, walk: Walk, state: HandState) -> None:
        self.walk, self.state, self.failed = walk, state, set[str]()

    def check(self, name: str, check: Callable[..., None], *args: object) -> bool:
        """Run ``check`` unless it has failed on this hand already; a failure is kept with
        the hand's seed and decision, and the hand carries on."""
        if name in self.failed:
            return False
        try:
            check(self.state, *args)
        except Exception as error:  # noqa: BLE001 - every failure is reported by its test
            self.failed.add(name)
            where = traceback.extract_tb(error.__traceback__)[-1]
            self.walk.failures[name].append(
                f"seed {self.state.seed}, {self.state.players} players, after "
                f"{len(self.state.actions)} decisions: {error!r} "
                f"({where.filename.rsplit('/', 1)[-1]}:{where.lineno} {where.line})")
            return False
        return True


def play_one(walk: Walk, game_id: str, seed: int) -> None:
    """Deal and play one random hand, every check at every decision."""
    state = random_hand(get_game(game_id), seed)
    hand = Hand(walk, state)
    rng = random.Random(seed * 7 + 1)
    undo_at, file_at = rng.randint(0, 25), rng.randint(0, 30)
    reader = Reader.of(state)
    walk.hands += 1
    walk.kinds.update(type(phase).__name__ for phase in state.phases)
    while not state.is_over:
        hand.check("properties", check_chips)
        hand.check("record", check_record)
        hand.check("views", check_views, reader)
        if len(state.actions) == file_at:
            hand.check("phh", check_phh)
            hand.check("seat's files", check_seats_leavings, rng.randrange(state.players),
                       reader)
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        hand.check("properties", check_offers, seat)
        if len(state.actions) == undo_at:
            hand.check("properties", check_refusal_changes_nothing)
        action = rng.choice(legal)
        bet = state.bet_range(seat)
        if bet is not None and not bet.amounts and action.kind.value == bet.kind:
            action = Action(seat, action.kind, amount=rng.randint(bet.minimum, bet.maximum))
        if not hand.check("play", HandState.apply, action):
            return
        walk.counts[action.kind.value] += 1
        if len(state.actions) == undo_at + 1:
            hand.check("properties", undo_and_redo, action)
    walk.reached.update(type(phase).__name__ for phase in entered(state))
    hand.check("properties", check_replays)
    hand.check("record", check_record_replays)
    hand.check("views", check_views, reader)
    hand.check("phh", check_phh)
    hand.check("seat's files", check_seats_leavings, seed % state.players, reader)
    walk.counts["showdowns"] += bool(state.settlement and state.settlement.showdown)
    walk.counts["side pots"] += len(state.table.pots()) > 1


def entered(state: HandState) -> list[Phase]:
    """The steps the hand has entered: every one up to the one under way, or to the one
    that settled it."""
    upto = next((i for i, phase in enumerate(state.phases) if phase is state.phase),
                len(state.phases) - 1)
    return state.phases[:upto + 1]


def undo_and_redo(state: HandState, action: Action) -> None:
    """Undoing the last decision and making it again gives the same hand."""
    after = state.view(None)
    state.undo()
    state.apply(action)
    assert state.view(None) == after


def walk_game(game_id: str) -> Walk:
    """The game's random hands, sized by its declaration, every check made on each."""
    walk = Walk()
    least = hands_for(game_id, STEPS, least=LEAST, most=MOST)
    seed = 0
    while not walk.done(least):
        play_one(walk, game_id, seed)
        seed += 1
    return walk
