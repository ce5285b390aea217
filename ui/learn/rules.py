"""A game's rules from ``content/``: at a glance, the stakes at this table, the order
of play, special rules, common mistakes and the words it uses.

The stakes and the raise cap are written from the announcements in force (the
engine's settings), so when a host changes one the rules say so too.
"""

from __future__ import annotations

import streamlit as st

from content import GameContent
from engine.games import Game
from engine.games.base import Settings
from engine.games.pick_a_partner import PartnerSettings
from engine.games.psycho import PsychoSettings
from engine.games.sophies_pick import SophieSettings
from engine.games.stud import StudSettings
from engine.table import Structure

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


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _count(number: int, thing: str) -> str:
    """``"three raises"``, ``"one raise"``, ``"12 raises"``."""
    word = _NUMBERS[number] if 0 <= number < len(_NUMBERS) else str(number)
    return f"{word} {thing}" + ("" if number == 1 else "s")


def _limit_words(structure: Structure, smallest: str) -> str:
    """How big a bet may be in pot or no limit, from the smallest bet's description."""
    top = "the size of the pot" if structure is Structure.POT_LIMIT else "all of a player's chips"
    return (f"{structure.label}: the smallest bet is {smallest}, and a bet or raise may go "
            f"up to {top}.")


def stakes_lines(game: Game, settings: Settings) -> list[str]:
    """The chips, antes or blinds and bet sizes of these announcements, as sentences."""
    start = f"Each player starts with {game.chips(settings)} chips"
    if isinstance(settings, StudSettings):
        lines = [f"{start} and antes {settings.ante} before the deal.",
                 f"On third street the lowest up card brings in for {settings.bring_in}, or "
                 f"may complete to the small bet of {settings.small_bet}.",
                 f"Bets and raises are {settings.small_bet} on third and fourth street and "
                 f"{settings.big_bet} from fifth street on."]
        if settings.open_pair and settings.big_bet > settings.small_bet:
            lines.append(f"A pair showing on fourth street lets anyone bet {settings.big_bet} "
                         "there instead.")
        return lines
    if isinstance(settings, PartnerSettings):
        lines = [f"{start} and antes {settings.ante} before the deal."]
        if settings.structure is Structure.FIXED_LIMIT:
            lines.append(f"Bets and raises are {settings.small_bet} in the first two betting "
                         f"rounds and {settings.big_bet} in the last two.")
        else:
            lines.append(_limit_words(settings.structure, f"{settings.small_bet} in the first "
                                      f"two rounds and {settings.big_bet} in the last two"))
        return lines
    if isinstance(settings, SophieSettings):
        return [f"{start}.",
                f"Before the deal the player on the dealer's left posts a small blind of "
                f"{settings.small_blind} and the next player a big blind of "
                f"{settings.big_blind} (heads-up, the dealer posts the small blind).",
                _limit_words(settings.structure, f"{settings.big_blind} in every round")]
    if isinstance(settings, PsychoSettings):
        return [f"{start} and antes {settings.ante} before the deal.",
                f"Nobody bets until the cards are exposed. Bets and raises are "
                f"{settings.small_bet} in the round after the expose and {settings.big_bet} "
                "in the rounds after the sixth and the seventh card."]
    # A game without its own wording: its numeric announcements, as the schema names them.
    numbers = [info for info in settings.schema() if not info.options and info.name != "chips"]
    return [f"{start}.", *(f"{info.label}: {getattr(settings, info.name)}." for info in numbers)]


def cap_line(game: Game, settings: Settings) -> str:
    """How many raises a round allows under these announcements."""
    cap = game.cap(settings)
    if game.structure(settings) is not Structure.FIXED_LIMIT or cap is None:
        return "There is no cap on the number of raises in a round."
    opening = "one bet (completing the bring-in counts as it)" \
        if isinstance(settings, StudSettings) else "one bet"
    return (f"A betting round allows {opening} and at most {_count(cap - 1, 'raise')}. "
            "When only two players are left in the hand there is no cap: they may raise "
            "each other as often as they like.")


def show_stakes(game: Game, settings: Settings) -> None:
    """The stakes and the cap at this table, from the announcements in force."""
    st.subheader("Stakes at this table")
    st.markdown("\n".join(f"- {line}" for line in [*stakes_lines(game, settings),
                                                     cap_line(game, settings)]))
    st.caption("These follow the dealer's announcements: change one there and this changes "
               "too.")


def show_order_of_play(game: GameContent) -> None:
    st.subheader("How a hand goes")
    for number, step in enumerate(game.order_of_play, start=1):
        st.markdown(f"**{number}. {step.title}**  \n{step.text}")


def show_special_rules(game: GameContent) -> None:
    st.subheader("Rules to watch")
    rules = game.special_rules
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
    show_special_rules(game)
    show_common_mistakes(game)
    show_glossary(game)
