"""A game's rules from ``content/``: at a glance, the stakes at this table, the order
of play, special rules, common mistakes and the words it uses.

The stakes and the raise cap are written from the announcements in force (the
engine's settings, in the game's own sentences or the general ones of
``engine.games.stakes``), so when a host changes one the rules say so too.
"""

from __future__ import annotations

import streamlit as st

from content import GameContent, Section
from engine.games import Game
from engine.games.base import Settings
from engine.games.stakes import cap_words

_GLANCE = (("Players", "players"), ("Cards", "cards"), ("Betting", "betting"), ("Pot", "pot"))


def show_intro(game: GameContent) -> None:
    """The title, the one-line idea and the summary paragraph."""
    st.title(game.name)
    st.markdown(f"##### {game.tagline}")
    st.write(game.summary)


def show_at_a_glance(game: GameContent) -> None:
    columns = st.columns(len(_GLANCE))
    for column, (label, field) in zip(columns, _GLANCE, strict=True):
        with column, st.container(border=True, height="stretch"):
            st.caption(label.upper())
            st.write(getattr(game.at_a_glance, field))


def show_stakes(game: Game, settings: Settings) -> None:
    """The stakes and the cap at this table, from the announcements in force."""
    st.subheader("Stakes at this table")
    lines = [*game.stakes(settings), cap_words(game, settings)]
    st.markdown("\n".join(f"- {line}" for line in lines))
    st.caption("These follow the dealer's announcements: change one there and this changes "
               "too.")


def show_order_of_play(game: GameContent) -> None:
    st.subheader("How a hand goes")
    for number, step in enumerate(game.order_of_play, start=1):
        st.markdown(f"**{number}. {step.title}**  \n{step.text}")


ODD_CHIPS = "Odd chips"

_ODD_CHIPS_TOLD = (
    "When equal hands share a pot that does not divide evenly, the chips left over go one "
    "at a time to the winners, starting with the one nearest the dealer's left.")
_HALVES_ODD_CHIP = " When a pot is split high and low, the high half takes the odd chip."


def special_rules(game: GameContent, dealt: Game, settings: Settings) -> tuple[Section, ...]:
    """The game's own rules to watch, and where odd chips go (as the engine splits every
    pot) when its words do not say."""
    if any(rule.title == ODD_CHIPS for rule in game.special_rules):
        return game.special_rules
    types = dealt.hand_types(settings)
    split = types.high and types.low is not None and not types.declare
    text = _ODD_CHIPS_TOLD + (_HALVES_ODD_CHIP if split else "")
    return (*game.special_rules, Section(ODD_CHIPS, text))


def show_special_rules(game: GameContent, dealt: Game, settings: Settings) -> None:
    st.subheader("Rules to watch")
    rules = special_rules(game, dealt, settings)
    for start in range(0, len(rules), 2):
        columns = st.columns(2)
        for column, rule in zip(columns, rules[start:start + 2], strict=False):
            with column, st.container(border=True, height="stretch"):
                st.markdown(f"**{rule.title}**")
                st.write(rule.text)


def show_common_mistakes(game: GameContent) -> None:
    st.subheader("Common mistakes")
    st.markdown("\n".join(f"- {mistake}" for mistake in game.common_mistakes))


def show_glossary(game: GameContent) -> None:
    with st.expander(f"Words used in {game.name}"):
        st.markdown("\n".join(f"- **{term.term}**: {term.meaning}" for term in game.glossary))


def show_rules(game: GameContent, dealt: Game, settings: Settings) -> None:
    """Everything a newcomer reads before the walkthrough, in reading order;
    ``dealt`` and ``settings`` are the game and announcements the page deals."""
    show_at_a_glance(game)
    show_stakes(dealt, settings)
    show_order_of_play(game)
    show_special_rules(game, dealt, settings)
    show_common_mistakes(game)
    show_glossary(game)
