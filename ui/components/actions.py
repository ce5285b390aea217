"""The action bar: the viewer's legal decisions, and nothing else, as controls.

Everything shown comes from ``HandView.legal`` and ``HandView.bet_range``
(filled by the engine only for a seat that must act), so the page never
guesses what is allowed. Each kind of decision gets a control that fits it:

- betting: fold, check or call, bring in, and bets, raises or completions at
  the fixed amounts, or any amount in the range for pot and no limit;
- showdown: show or muck;
- a card to turn up, a partner to pick, a sacrifice, a declaration: one
  button per choice;
- three pairs to lock: tap the cards of two pairs, the last two make the third;
- a draw, three cards to expose, cards to throw away or to pass: pick the
  cards, then confirm (the button says what the rules allow);
- anything else: one button per legal action, so no game is ever stuck.

Choosing calls ``on_choose(action)`` from the button's callback, before
the page reruns. Widget keys start with ``key``, which the page makes
unique per decision, so selections never carry over to the next one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from types import MappingProxyType

import streamlit as st

from engine.cards import Card, format_cards
from engine.games.kinds.passing import cards_words
from engine.games.phases import canonical
from engine.hands import LowRanking
from engine.state import Action, ActionKind, HandState, HandView, seat_name
from ui.components.cards import Size, cards_html
from ui.components.hand_now import hand_now
from ui.components.plain import plain
from ui.sidebar import deck_style

Choose = Callable[[Action], None]
Who = Callable[[int], str]
"""How a screen names a seat: "Seat 2" by default, a person's name at a game night."""

_BETTING = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN,
            ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
_SIZED = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
_DECLARE_WORDS = MappingProxyType({"high": "High", "low": "Low", "both": "Both ways"})


def label(action: Action, who: Who = seat_name) -> str:
    """A button's words for an action, without the seat: "Raise to 20", "Turn up K♥"
    (``who`` names another seat: "Pick Ann")."""
    kind = action.kind
    amount = action.amount
    words = {
        ActionKind.FOLD: "Fold",
        ActionKind.CHECK: "Check",
        ActionKind.CALL: f"Call {amount}" if amount else "Call",
        ActionKind.BRING_IN: f"Bring in for {amount}",
        ActionKind.COMPLETE: f"Complete to {amount}",
        ActionKind.BET: f"Bet {amount}",
        ActionKind.RAISE: f"Raise to {amount}",
        ActionKind.SHOW: "Show my hand",
        ActionKind.MUCK: "Muck (throw it away unseen)",
        ActionKind.TURN_UP: f"Turn up {format_cards(action.cards)}",
        ActionKind.SACRIFICE: f"Sacrifice {format_cards(action.cards)}",
        ActionKind.LOCK_PAIRS: pairing_text(action.cards),
        ActionKind.EXPOSE: f"Expose {format_cards(action.cards)}",
        ActionKind.DISCARD: (f"Discard {format_cards(action.cards)}" if action.cards
                             else "Stand pat"),
        ActionKind.THROW_AWAY: f"Throw away {format_cards(action.cards)}",
        ActionKind.PASS: f"Pass {format_cards(action.cards)}",
        ActionKind.PAY: f"Pay {amount} to stay in",
    }
    if kind is ActionKind.PICK_PARTNER and isinstance(action.choice, int):
        return f"Pick {who(action.choice)}"
    if kind is ActionKind.DECLARE:
        return _DECLARE_WORDS.get(str(action.choice), str(action.choice).capitalize())
    return words.get(kind, action.describe())


def pairing_text(cards: Sequence[Card]) -> str:
    """Six cards as three pairs: ``"K♥ K♠ · 7♦ 7♣ · 9♠ 2♥"``."""
    return " · ".join(format_cards(cards[i:i + 2]) for i in range(0, len(cards), 2))


def _buttons(actions: Sequence[Action], *, key: str, on_choose: Choose,
             primary: ActionKind | None = None, who: Who = seat_name) -> None:
    """One button per action, in a row that wraps."""
    with st.container(horizontal=True, wrap=True):
        for index, action in enumerate(actions):
            st.button(label(action, who), key=f"{key}_{index}", on_click=on_choose,
                      args=(action,), type="primary" if action.kind is primary else "secondary")


def _betting(view: HandView, actions: list[Action], *, key: str, on_choose: Choose,
             sizes: bool = False) -> None:
    """Fold, check or call, bring in, and bets: fixed amounts as buttons; in pot and no
    limit, one box for any amount in the range and one button that makes it. With
    ``sizes`` (a player at a table: Play, a phone at game night) the usual sizes instead
    (the minimum, half the pot, the pot, all in), one tap each, and any amount on a slider
    in a form, so moving it costs no round trip."""
    bets = view.bet_range
    sized = [a for a in actions if a.kind in _SIZED]
    primary = ActionKind.CALL if any(a.kind is ActionKind.CALL for a in actions) \
        else ActionKind.CHECK
    if sized and bets is not None and not bets.amounts and bets.minimum < bets.maximum:
        kind = sized[0].kind
        verb = {"bet": "Bet", "raise": "Raise to", "complete": "Complete to"}[kind.value]
        if sizes:
            # Fold, check and call first, so a phone's short panel shows them at once.
            _buttons([a for a in actions if a.kind not in _SIZED], key=f"{key}_bet",
                     on_choose=on_choose, primary=primary)
            _sizes(view, sized[0], verb=verb, key=key, on_choose=on_choose)
            return
        amount = st.number_input(f"{verb} (any amount from {bets.minimum} to {bets.maximum})",
                                 min_value=bets.minimum, max_value=bets.maximum,
                                 value=bets.minimum, step=1, key=f"{key}_amount")
        chosen = Action(sized[0].seat, kind, amount=int(amount))
        st.button(f"{verb} {int(amount)}", key=f"{key}_sized", on_click=on_choose,
                  args=(chosen,), type="primary")
        actions = [a for a in actions if a.kind not in _SIZED]
    if actions:
        _buttons(actions, key=f"{key}_bet", on_choose=on_choose, primary=primary)


def _sizes(view: HandView, sized: Action, *, verb: str, key: str, on_choose: Choose) -> None:
    """A player's bet: the usual sizes, one tap each, and any amount on a slider."""
    bets = view.bet_range
    assert bets is not None
    _size_buttons(view, sized, verb=verb, key=key, on_choose=on_choose)
    with st.form(f"{key}_any", border=False, enter_to_submit=False):
        st.slider(f"Or any amount from {bets.minimum} to {bets.maximum}",
                  min_value=bets.minimum, max_value=bets.maximum, value=bets.minimum,
                  step=1, key=f"{key}_slider")
        st.form_submit_button(f"{verb} the amount on the slider", key=f"{key}_sized",
                              type="primary", on_click=_chosen_amount,
                              args=(on_choose, sized, bets.minimum, bets.maximum,
                                    f"{key}_slider"))


def _size_buttons(view: HandView, sized: Action, *, verb: str, key: str,
                  on_choose: Choose) -> None:
    """The usual sizes (the minimum, half the pot, the pot, all in), one tap each."""
    seat, kind = sized.seat, sized.kind
    with st.container(horizontal=True, wrap=True):
        for index, (amount, size) in enumerate(bet_sizes(view, seat)):
            st.button(f"{verb} {amount} · {size}", key=f"{key}_size_{index}",
                      on_click=on_choose, args=(Action(seat, kind, amount=amount),))


def _chosen_amount(on_choose: Choose, sized: Action, smallest: int, largest: int,
                   key: str) -> None:
    """The form's button: the amount on its slider, kept in the range."""
    value = st.session_state.get(key)
    amount = smallest if not isinstance(value, int | float) else \
        min(max(int(value), smallest), largest)
    on_choose(Action(sized.seat, sized.kind, amount=amount))


def bet_sizes(view: HandView, seat: int) -> list[tuple[int, str]]:
    """The usual amounts to bet or raise to, each once, smallest first: the minimum, half
    the pot, the pot and all in, where the range allows them ("the pot" counts the call
    first, as pot limit does).

    A pot of 30 with nothing to call, 100 chips behind, no limit:
    ``[(2, "minimum"), (15, "half pot"), (30, "pot"), (100, "all in")]``."""
    bets = view.bet_range
    if bets is None:
        return []
    top = max(s.bet for s in view.seats)
    me = view.seats[seat]
    after_call = view.pot_total + top - me.bet
    everything = me.stack + me.bet
    sizes = [(bets.minimum, "minimum"), (top + after_call // 2, "half pot"),
             (top + after_call, "pot")]
    if bets.maximum == everything:
        sizes.append((everything, "all in"))
    kept: dict[int, str] = {}
    for amount, size in sizes:
        if bets.minimum <= amount <= bets.maximum and amount not in kept:
            kept[amount] = size
    return sorted(kept.items())


def _pick_cards(view: HandView, actions: list[Action], *, key: str, on_choose: Choose,
                kind: ActionKind) -> None:
    """Choose several cards (a draw, an expose, a throw-away, a pass), then confirm the
    legal choice they make."""
    seat = actions[0].seat
    hand = [c.card for c in view.seats[seat].cards if c.card is not None and not c.dead]
    offered = {frozenset(a.cards): a for a in actions}
    count = len(actions[0].cards)
    if kind is ActionKind.EXPOSE:
        prompt = "Choose the three cards to turn up (everyone turns theirs up at once)"
    elif kind in _GIVE_UP:
        hand = [c.card for c in view.seats[seat].cards
                if c.card is not None and not c.dead and not c.up]
        prompt = _GIVE_UP[kind].format(cards=cards_words(count))
    else:
        sizes = sorted({len(a.cards) for a in actions})
        prompt = ("Choose the cards to throw away; you are dealt as many new ones "
                  f"(you may exchange {_counts(sizes)})")
    picked = st.pills(prompt, [c.ascii for c in hand], selection_mode="multi",
                      format_func=lambda code: str(_by_code(hand, code)), key=f"{key}_cards")
    chosen_cards = frozenset(_by_code(hand, code) for code in picked or [])
    match = offered.get(chosen_cards)
    if kind is ActionKind.EXPOSE:
        text = f"Expose {format_cards(sorted(chosen_cards, reverse=True))}" if match else \
            f"Expose three cards ({len(chosen_cards)} chosen)"
    elif kind in _GIVE_UP:
        verb = "Throw away" if kind is ActionKind.THROW_AWAY else "Pass"
        text = f"{verb} {format_cards(sorted(chosen_cards, reverse=True))}" if match else \
            f"{verb} {cards_words(count)} ({len(chosen_cards)} chosen)"
    elif not chosen_cards:
        text = "Stand pat (draw no cards)"
    else:
        count = len(chosen_cards)
        text = f"Discard {count} and draw {count}"
    st.button(text, key=f"{key}_confirm", disabled=match is None, on_click=on_choose,
              args=(match,), type="primary")
    if match is None and chosen_cards:
        st.caption(picking_note(len(chosen_cards), sorted({len(a.cards) for a in actions})))


_GIVE_UP = MappingProxyType({
    ActionKind.THROW_AWAY: "Choose {cards} to throw away face down; nothing is drawn in "
                           "their place (everyone throws away at once)",
    ActionKind.PASS: "Choose {cards} to pass face down to the player on your left (everyone "
                     "passes at once; you see what you get only after choosing)",
})
"""The prompt of a choice of cards given up with nothing drawn for them."""


def picking_note(chosen: int, sizes: Sequence[int]) -> str:
    """The line under cards being chosen that are not yet a choice the rules allow: while
    the player is still picking, how many are left; only past the count, or on cards the
    rules refuse, that the choice is not allowed.

    >>> picking_note(1, [3]), picking_note(2, [3])
    ('Choose 2 more cards.', 'Choose 1 more card.')
    >>> picking_note(4, [3])
    'That is too many: the rules allow exactly 3 cards. Tap a card again to let it go.'
    """
    if chosen < sizes[0]:
        left = sizes[0] - chosen
        return f"Choose {left} more card{'' if left == 1 else 's'}."
    if chosen > sizes[-1]:
        return (f"That is too many: the rules allow {_counts(sizes)}. "
                "Tap a card again to let it go.")
    return f"That choice is not allowed here: the rules allow {_counts(sizes)}."


def _counts(sizes: Sequence[int]) -> str:
    if len(sizes) == 1:
        return f"exactly {sizes[0]} card" + ("" if sizes[0] == 1 else "s")
    return f"{sizes[0]} to {sizes[-1]} cards"


def _by_code(hand: Sequence[Card], code: str) -> Card:
    return next(c for c in hand if c.ascii == code)


def _lock_pairs(view: HandView, actions: list[Action], *, key: str,
                on_choose: Choose) -> None:
    """Tap two cards for the first pair, two of the other four for the second: the last
    two make the third. The pairs are drawn as cards before they are locked."""
    seat = actions[0].seat
    offered = {canonical(a).cards: a for a in actions}
    hand = sorted((c.card for c in view.seats[seat].cards if c.card is not None), reverse=True)
    st.markdown("Split your six cards into three pairs. The pairs stay locked for the rest "
                "of the hand.")
    first = _tapped(hand, prompt="Pair 1: tap two cards", key=f"{key}_pair1")
    pairs: list[list[Card]] = []
    if len(first) == 2:
        rest = [c for c in hand if c not in first]
        second = _tapped(rest, prompt="Pair 2: tap two of the other four",
                         key=f"{key}_pair2_{''.join(c.ascii for c in first)}")
        if len(second) == 2:
            pairs = [first, second, [c for c in rest if c not in second]]
    match = None
    if pairs:
        cards = tuple(c for pair in pairs for c in pair)
        match = offered.get(canonical(Action(seat, ActionKind.LOCK_PAIRS, cards=cards)).cards)
        st.markdown(_pairs_html(pairs), unsafe_allow_html=True)
    text = f"Lock {pairing_text(match.cards)}" if match else "Lock three pairs (tap them above)"
    st.button(text, key=f"{key}_lock", type="primary", disabled=match is None,
              on_click=on_choose, args=(match,))


def _tapped(cards: Sequence[Card], *, prompt: str, key: str) -> list[Card]:
    """Cards chosen by tapping; more than two is said to be too many."""
    picked = st.pills(prompt, [c.ascii for c in cards], selection_mode="multi",
                      format_func=lambda code: _pill_words(_by_code(cards, code)), key=key)
    chosen = [c for c in cards if c.ascii in (picked or [])]
    if len(chosen) > 2:
        st.caption(f"A pair is two cards: {len(chosen)} are tapped. Tap one again to let it go.")
    return chosen


def _pill_words(card: Card) -> str:
    """A card on a button, in bold; hearts and diamonds in red, as on the cards."""
    return f":red[**{card}**]" if card.suit.symbol in "♥♦" else f"**{card}**"


def _pairs_html(pairs: Sequence[Sequence[Card]]) -> str:
    """The three pairs side by side, drawn as cards (escaped inside ``cards_html``)."""
    four = deck_style() == "four-colour"
    groups = "".join(
        f'<div style="display:flex;flex-direction:column;align-items:center">'
        f'{cards_html(pair, size=Size.SMALL, four_colour=four, label=f"Pair {i + 1}")}'
        f'<span style="font-size:12px;color:var(--dc-muted, #4a524c)">Pair {i + 1}</span></div>'
        for i, pair in enumerate(pairs))
    return f'<div style="display:flex;flex-wrap:wrap;gap:10px">{groups}</div>'


def _pick_partner(view: HandView, actions: list[Action], *, key: str,
                  on_choose: Choose, who: Who = seat_name) -> None:
    st.markdown("**Pick your partner:** any player still without one.")
    with st.container(horizontal=True, wrap=True):
        for action in actions:
            partner = action.choice if isinstance(action.choice, int) else 0
            up = format_cards(view.seats[partner].up_cards)
            st.button(label(action, who) + (f" (shows {up})" if up else ""),
                      key=f"{key}_partner_{partner}", on_click=on_choose, args=(action,))


_PROMPTS = MappingProxyType({
    ActionKind.TURN_UP: "Choose the card to turn face up: everyone sees it, the rest stay "
                        "hidden.",
    ActionKind.SACRIFICE: "Choose the pair to sacrifice (it stays face down and is dead):",
    ActionKind.DECLARE: "Declare which half of the pot you play for. High: the high half. "
                        "Low: the low half. Both ways: both halves, but only if you win or "
                        "tie both; lose either and you get nothing.",
    ActionKind.SHOW: "Your hand cannot win: show it anyway, or muck it?",
    ActionKind.PAY: "A card dealt to you face up has a price: pay it into the pot to stay "
                    "in the hand, or fold.",
})


_SEAT_NUMBER = re.compile(r"\bSeat (\d+)\b")
"""An engine seat in the hand's words (``engine.state.seat_name``)."""

SECRET_STEP = ("Everyone still in chooses at the same time, in secret: nobody sees your "
               "choice until all have made theirs.")


def action_bar(view: HandView, *, key: str, on_choose: Choose, title: str | None = None,
               odds_url: str | None = None, show_hand: bool = True,
               low_ranking: LowRanking | str = LowRanking.ACE_TO_FIVE,
               who: Who = seat_name, secret: bool = False, sizes: bool = False) -> None:
    """Draw the viewer's legal decisions; ``on_choose`` receives the one chosen.

    Above them, unless ``show_hand`` is off (a host hiding the seat's cards), the
    viewer's hand right now (see ``ui.components.hand_now``; ``low_ranking`` is the announced
    low) and, when ``odds_url`` is given, a link to its odds. ``who`` names the other
    seats on the buttons; ``secret`` says the step is made by everyone at once, in secret;
    ``sizes`` offers a bet's usual sizes one tap each and any amount on a slider (else
    one box for any amount).
    """
    actions = list(view.legal)
    if not actions:
        return
    seat = actions[0].seat
    st.markdown(f"#### {title or who(seat) + ', your decision'}")
    if secret:
        st.caption(SECRET_STEP)
    if show_hand:
        _hand_help(view, odds_url=odds_url, low_ranking=low_ranking, who=who)
    kinds = {a.kind for a in actions}
    if kinds <= set(_BETTING):
        _betting(view, actions, key=key, on_choose=on_choose, sizes=sizes)
    elif kinds == {ActionKind.LOCK_PAIRS}:
        _lock_pairs(view, actions, key=key, on_choose=on_choose)
    elif kinds == {ActionKind.DISCARD}:
        _pick_cards(view, actions, key=key, on_choose=on_choose, kind=ActionKind.DISCARD)
    elif len(kinds) == 1 and kinds <= {ActionKind.EXPOSE, *_GIVE_UP}:
        _pick_cards(view, actions, key=key, on_choose=on_choose, kind=actions[0].kind)
    elif kinds == {ActionKind.PICK_PARTNER}:
        _pick_partner(view, actions, key=key, on_choose=on_choose, who=who)
    else:
        prompt = next((p for k, p in _PROMPTS.items() if k in kinds), None)
        if prompt:
            st.markdown(prompt)
        _buttons(actions, key=f"{key}_choice", on_choose=on_choose, who=who,
                 primary=ActionKind.SHOW if ActionKind.SHOW in kinds else None)


def _hand_help(view: HandView, *, odds_url: str | None, low_ranking: LowRanking | str,
               who: Who = seat_name) -> None:
    """The hand right now, in words, and the way to its odds; the other seats called as
    ``who`` calls them (people's names at a game night)."""
    lines = [_SEAT_NUMBER.sub(lambda m: who(int(m.group(1)) - 1), line)
             for line in hand_now(view, low_ranking=low_ranking)]
    if lines:
        st.markdown("**Your hand now**  \n" + "  \n".join(plain(line) for line in lines))
    if odds_url:
        st.link_button("The odds of this decision", odds_url, icon=":material/casino:")



def next_up(state: HandState, who: Who = seat_name) -> str:
    """Who decides next and what they may do, in words (bets only: no hidden card named)."""
    if state.is_over:
        return "The hand is over."
    waiting = state.to_act
    named = [who(s) for s in waiting]
    names = ", ".join(named[:-1]) + f" and {named[-1]}" if len(named) > 1 else named[0]
    if len(waiting) > 1:
        return f"Next: {names} choose at the same time, in secret."
    legal = state.legal_actions(waiting[0])
    if not all(a.kind.is_betting for a in legal) or len(legal) > 6:
        return f"Next: {names} to decide."
    words = [label(a).lower() for a in legal]
    options = ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]
    return f"Next: {names} may {options}."
