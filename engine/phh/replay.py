"""Replaying a file's lines by the site's rules: each decision applied, each deal
checked against the site's, and the showdown played as the file's show lines say."""

from __future__ import annotations

import re
from fractions import Fraction

from engine.actions import Reshuffled
from engine.cards import format_cards
from engine.games.phases import BoardDeal
from engine.phh.amounts import chips_of
from engine.phh.notation import (
    AGGRESSIVE,
    HOME_VERBS,
    SHOWDOWN,
    RecordDeals,
    cards_text,
    deal_line,
    holdings,
)
from engine.phh.reader import Reader, Step, at_line, file_cards, known_cards, player_seat
from engine.state import Action, ActionKind, HandState, IllegalAction, seat_name


def replay(reader: Reader, state: HandState, steps: list[Step], *, check_deals: bool,
           finish: bool, fill: bool = False) -> None:
    """Apply each decision line by the site's rules; with ``check_deals`` the deal lines are
    checked against the cards the site dealt; with ``finish`` a showdown the file leaves
    unplayed is played as pokerkit's automation plays it; with ``fill`` a decision the file
    leaves out (a line naming a later player, or a deal, while someone is still to act) is
    a check where checking is free and a fold otherwise, as pokerkit reads such a file."""
    players = state.players
    counts = [0] * players
    board = 0
    shows: dict[int, Step] = {}
    tracker = RecordDeals()
    dealt = [deal_line(e, cards_text(e.cards, [True] * len(e.cards)), several_boards=False)
             for e in tracker.new(state)]
    for step in steps:
        words = step.words
        if not words:
            continue
        if fill and words[1:2] == ["db"] and len(words) == 3:
            while len(next(iter(holdings(state)[1]), [])) < board + len(words[2]) // 2 \
                    and _fill_left_out(state, None, once=True):
                pass
        elif fill and words[0] != "d":
            _fill_left_out(state, None if words[1:2] == ["sm"]
                           else player_seat(step, words[0], players))
        if words[0] == "d":
            if check_deals:
                if words[1:2] == ["db"] and len(words) == 3:
                    board = _check_board(state, step, board)
                elif words[1:2] == ["dh"] and len(words) == 4:
                    seat = player_seat(step, words[2], players)
                    counts[seat] = _check_hole(state, step, seat, counts[seat])
                else:
                    raise ValueError(f"{at_line(step.line, step.text)}: a deal is 'd dh p1 AhKd' "
                                     "or 'd db 9s'")
            else:
                expected = dealt.pop(0) if dealt else "no more cards"
                if words != expected.split("#")[0].split() and \
                        words != _without_own_discards(state, expected) and \
                        not _board_on_one_line(words, expected, dealt):
                    raise ValueError(f"{at_line(step.line, step.text)}: the site deals "
                                     f"{expected!r} here from this file's shuffle")
            continue
        if not check_deals and dealt:
            raise ValueError(f"{at_line(step.line, step.text)}: the file leaves out the deal "
                             f"{dealt[0]!r} before this")
        seat = player_seat(step, words[0], players)
        if len(words) >= 2 and words[1] == "sm":
            shows[seat] = step
            _showdown(state, shows, finish=False)
            continue
        if shows:
            _showdown(state, shows, finish=False)
        action = _action(state, step, seat, words, reader.unit)
        try:
            state.apply(action)
        except IllegalAction as refused:
            raise ValueError(f"{at_line(step.line, step.text)}: the site's rules refuse it: "
                             f"{refused}") from None
        dealt.extend(deal_line(e, cards_text(e.cards, [True] * len(e.cards)),
                               several_boards=False) for e in tracker.new(state))
    _showdown(state, shows, finish=finish)


def _fill_left_out(state: HandState, seat: int | None, *, once: bool = False) -> bool:
    """Betting decisions before ``seat``'s (every one still awaited, for None; only the
    next with ``once``) that the file leaves out: a check where it is free, else a fold.
    Whether one was made."""
    made = False
    while state.to_act and seat not in state.to_act and not state.is_over:
        actor = state.to_act[0]
        kinds = {action.kind for action in state.legal_actions(actor)}
        kind = next((k for k in (ActionKind.CHECK, ActionKind.FOLD) if k in kinds), None)
        if kind is None:
            return made
        state.apply(Action(actor, kind))
        made = True
        if once:
            return made
    return made


def _board_on_one_line(words: list[str], expected: str, dealt: list[str]) -> bool:
    """Whether a board deal line holds the next several streets the site deals, as files of
    short-deck hold'em written before it had a PHH code wrote an all-in's run-out (one
    line); those streets are then taken from ``dealt``."""
    if words[:2] != ["d", "db"] or len(words) != 3 or not expected.startswith("d db "):
        return False
    joined, taken = expected.split()[2], 0
    while len(joined) < len(words[2]) and taken < len(dealt) and \
            dealt[taken].startswith("d db ") and "#" not in dealt[taken]:
        joined += dealt[taken].split()[2]
        taken += 1
    if joined != words[2] or not taken:
        return False
    del dealt[:taken]
    return True


def _without_own_discards(state: HandState, line: str) -> list[str]:
    """A draw's deal line as files written before the hand's typed record wrote it when the
    stock was so short that the drawing seat was dealt back some of its own discards: those
    cards left out (the line named only cards new to the seat's hand)."""
    words = line.split()
    if words[:2] != ["d", "dh"] or len(words) != 4:
        return words
    seat = int(words[2][1:]) - 1
    last = next((a for a in reversed(state.actions) if a.seat == seat), None)
    if last is None or last.kind is not ActionKind.DISCARD:
        return words
    thrown = {card.ascii for card in last.cards}
    chunks = [words[3][i:i + 2] for i in range(0, len(words[3]), 2)]
    return [*words[:3], "".join(c for c in chunks if c not in thrown)]


def _check_hole(state: HandState, step: Step, seat: int, count: int) -> int:
    cards = file_cards(step, step.words[3])
    have = [h.card for h in state.cards[seat]]
    got = have[count:count + len(cards)]
    if len(got) != len(cards) or any(c not in (None, g) for c, g in zip(cards, got,
                                                                         strict=True)):
        if any(isinstance(op, Reshuffled) for op in state.record):
            raise ValueError(f"{at_line(step.line, step.text)}: the stock ran short here and the "
                             "site shuffled the mucked cards back in, in its own order; a "
                             "file's reshuffled deal cannot be replayed from one deck")
        dealt = format_cards(got, ascii=True) or "no card"
        raise ValueError(f"{at_line(step.line, step.text)}: this does not follow the site's deal: "
                         f"after the decisions before it, {seat_name(seat)} is dealt {dealt} "
                         "here")
    return count + len(cards)


def _check_board(state: HandState, step: Step, count: int) -> int:
    cards = known_cards(step, step.words[2])
    boards = holdings(state)[1]
    have = boards[0] if boards else []
    if have[count:count + len(cards)] != cards:
        if any(isinstance(phase, BoardDeal) for phase in state.phases):
            raise ValueError(f"{at_line(step.line, step.text)}: the site has dealt the board "
                             f"{format_cards(have, ascii=True) or 'no card'} by this line: "
                             "by its rules the betting before these cards has not ended")
        raise ValueError(f"{at_line(step.line, step.text)}: the site deals no community card here "
                         "(it deals one only when the stock cannot give every player a card)")
    return count + len(cards)


def _showdown(state: HandState, shows: dict[int, Step], *, finish: bool) -> None:
    """Play the showdown decisions the site asks for, as the file's ``sm`` lines say."""
    if not shows and not finish:
        return  # nothing to play: spare asking the rules what is legal
    while state.to_act and not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if not kinds or not kinds <= SHOWDOWN:
            return
        step = shows.pop(seat, None)
        if step is None and not finish:
            return
        if step is None:   # as pokerkit's automation: a beaten hand is mucked
            wants_muck = bool(state.shown) and state.game.is_beaten(state, seat, state.shown)
        else:
            wants_muck = is_muck(step)
        kind = ActionKind.MUCK if wants_muck and ActionKind.MUCK in kinds else ActionKind.SHOW
        choice = next(a for a in legal if a.kind is kind)
        state.apply(choice)


def is_muck(step: Step) -> bool:
    """Whether a showdown line mucks: ``p2 sm``, or ``p2 sm ????`` (a hand nobody saw,
    shown as nothing)."""
    return len(step.words) == 2 or set(step.words[2]) == {"?"}


def _action(state: HandState, step: Step, seat: int, words: list[str],
            unit: Fraction) -> Action:
    where = at_line(step.line, step.text)
    if seat not in state.to_act:
        if not state.to_act:
            raise ValueError(f"{where}: the hand is over on this site; nobody acts any more")
        waiting = ", ".join(seat_name(s) for s in state.to_act)
        raise ValueError(f"{where}: on this site it is {waiting}'s turn here, not "
                         f"{seat_name(seat)}'s (p{seat + 1})")
    verb = words[1] if len(words) > 1 else ""
    rest = words[2:]

    def find(*kinds: ActionKind) -> Action:
        """The legal action of the first of ``kinds`` on offer (the rules are asked only for
        a bet, whose kind depends on the bets before it)."""
        legal = state.legal_actions(seat)
        for kind in kinds:
            for action in legal:
                if action.kind is kind:
                    return action
        offered = ", ".join(sorted({a.kind.value for a in legal}))
        raise ValueError(f"{where}: the site's rules do not allow that here (allowed: "
                         f"{offered})")

    if verb == "f" and not rest:
        return find(ActionKind.FOLD)
    if verb == "cc" and not rest:
        return find(ActionKind.CHECK, ActionKind.CALL)
    if verb == "pb" and not rest:
        return find(ActionKind.BRING_IN)
    if verb == "cbr" and len(rest) == 1:
        chips = chips_of(rest[0], unit) if re.fullmatch(r"[0-9]{1,12}(\.[0-9]{1,6})?",
                                                          rest[0]) else None
        if chips is None:
            raise ValueError(f"{where}: the amount must be a whole number of chips")
        return Action(seat, find(*AGGRESSIVE).kind, amount=chips)
    if verb == "sd" and len(rest) <= 1:
        discards = known_cards(step, rest[0]) if rest else ()
        return Action(seat, ActionKind.DISCARD, cards=tuple(discards))
    if verb in HOME_VERBS and len(rest) == 1:
        kind = HOME_VERBS[verb]
        if kind is ActionKind.PICK_PARTNER:
            return Action(seat, kind, choice=player_seat(step, rest[0], state.players))
        if kind is ActionKind.DECLARE:
            return Action(seat, kind, choice=rest[0])
        if kind is ActionKind.PAY:
            return find(ActionKind.PAY)
        return Action(seat, kind, cards=tuple(known_cards(step, rest[0])))
    raise ValueError(f"{where}: this is not an action this site knows (such as 'p1 cc', "
                     "'p2 cbr 20' or 'p3 f')")
