"""The seven-card stud equity widget: every live hand's chance to win or tie."""

from __future__ import annotations

import random
from types import MappingProxyType

import streamlit as st

from engine.cards import Card, Deck
from engine.odds.inputs import OddsInputError
from engine.odds.spots import SEED, STUD_HANDS, STUD_STREET, stud_spot
from engine.odds.stud import MAX_PLAYERS, StudHand, stud_question
from ui.components.cards import show_cards
from ui.odds.charts import estimates_frame, show_bars
from ui.odds.common import (
    cards_input,
    fit,
    how_found,
    prefill,
    problem,
    refill,
    run,
    seed_box,
    table,
    text_of,
)

PREFIX = "odds_stud"
STREETS = MappingProxyType({3: "Third street", 4: "Fourth street", 5: "Fifth street",
                            6: "Sixth street", 7: "Seventh street"})
MODEL = (
    "Every card you cannot see (the other hands' down cards and every card still to "
    "come) is dealt at random from the cards not typed anywhere, each possible deal "
    "equally likely, and every live hand goes to the showdown. When the possible deals "
    "are few enough to count in well under a second they are all counted and the answer "
    "is exact; otherwise a random sample of deals is played out until every figure is "
    "within about one percentage point. If the unseen cards cannot give each live hand "
    "its own seventh card, the seventh is one community card for everyone, as the house "
    "rule says.")


def _name(index: int) -> str:
    return "You" if index == 0 else f"Hand {index + 1}"


def _boxes(hands: int, street: int, seed: int) -> dict[str, str]:
    spot = stud_spot(hands, street=street, seed=seed)
    values = {f"{PREFIX}_down": text_of(spot.down), f"{PREFIX}_dead": "",
              f"{PREFIX}_community": text_of(spot.community)}
    values.update({f"{PREFIX}_up{i}": text_of(up) for i, up in enumerate(spot.ups)})
    return values


def _fit_street() -> None:
    """A new street keeps the typed cards: each hand's up cards and your down cards are cut
    or topped up (from the seed's deal) to that street's count."""
    state = st.session_state
    hands, street = int(state[f"{PREFIX}_hands"]), int(state[f"{PREFIX}_street"])
    seed = int(state.get(f"{PREFIX}_seed", SEED))
    spot = stud_spot(hands, street=street, seed=seed)
    wanted = {f"{PREFIX}_up{i}": len(up) for i, up in enumerate(spot.ups)}
    wanted |= {f"{PREFIX}_down": len(spot.down), f"{PREFIX}_community": len(spot.community)}
    deck = Deck(rng=random.Random(seed))
    fit(wanted, [*spot.down, *(c for up in spot.ups for c in up), *spot.community,
                 *deck.deal(52)])


def _show_hands(ups: list[list[Card]], down: list[Card], community: list[Card],
                street: int) -> None:
    if community:
        show_cards(community, size="small", label="Community card")
    hidden = 3 if street == 7 and not community else 2
    columns = st.columns(min(4, len(ups)))
    for index, up in enumerate(ups):
        with columns[index % len(columns)]:
            st.markdown(f"**{_name(index)}**")
            downs: list[Card | None] = list(down) if index == 0 else [None] * hidden
            show_cards([*downs, *up], size="small", down=down if index == 0 else (),
                       label=f"{_name(index)}'s cards")


def show() -> None:
    """Inputs, then each live hand's equity as a chart and a table."""
    st.subheader("Seven-card stud: who is ahead?")
    st.write("Type each live hand's up cards, your own down cards and any dead cards "
             "(folded hands' up cards). Every live hand's chance to win or tie comes back "
             "with how sure it is.")
    left, middle, right = st.columns(3)
    with left:
        hands = int(st.selectbox("Live hands", range(2, MAX_PLAYERS + 1), index=STUD_HANDS - 2,
                                 key=f"{PREFIX}_hands"))
    with middle:
        street = int(st.selectbox("Street", list(STREETS), index=list(STREETS).index(STUD_STREET),
                                  format_func=STREETS.__getitem__,
                                  key=f"{PREFIX}_street", on_change=_fit_street))
    with right:
        folded = int(st.selectbox("Folded hands", range(MAX_PLAYERS - 1), key=f"{PREFIX}_folded",
                                  help="Hands dealt in that have folded: their cards are out "
                                       "of the stock, which decides whether seventh street "
                                       "is a community card."))
    seed = seed_box(PREFIX, lambda s: refill(_boxes(hands, street, s)))
    prefill(_boxes(hands, street, seed))
    down = cards_input("Your down cards", key=f"{PREFIX}_down", count=(0, 1, 2, 3))
    ups: list[list[Card] | None] = []
    columns = st.columns(2)
    for index in range(hands):
        with columns[index % 2]:
            ups.append(cards_input(f"{_name(index)}: up cards", key=f"{PREFIX}_up{index}",
                                   count=(1, 2, 3, 4)))
    dead = cards_input("Dead cards (folded hands' up cards; optional)", key=f"{PREFIX}_dead")
    community = cards_input("Community card (seventh street, when the stock runs short)",
                            key=f"{PREFIX}_community", count=(0, 1))
    if down is None or dead is None or community is None or any(u is None for u in ups):
        return
    known = [u for u in ups if u is not None]
    try:
        question = stud_question([StudHand(up, down if i == 0 else (), _name(i))
                                  for i, up in enumerate(known)], dead=dead,
                                 community=community, folded=folded)
    except OddsInputError as error:
        problem(error)
        return
    seventh = len(down) == 3 or bool(community)
    _show_hands(known, down, community, 7 if seventh else len(known[0]) + 2)
    answer = run(question, seed=seed)
    names = [_name(i) for i in range(hands)]
    equity = {n: answer[f"equity/{i}"] for i, n in enumerate(names)}
    leader = max(equity, key=lambda n: equity[n].value)
    with st.container(key=f"{PREFIX}_chart"):
        show_bars(equity, title="Equity: each hand's share of the pot on average",
                  axis="Equity (%)", highlight=leader)
    table(estimates_frame({n: {"Equity": answer[f"equity/{i}"], "Wins alone": answer[f"win/{i}"],
                               "Ties for best": answer[f"tie/{i}"]}
                           for i, n in enumerate(names)}, first="Hand"), key=f"{PREFIX}_table")
    how_found(answer)
    with st.expander("How this is worked out"):
        st.write(MODEL)
