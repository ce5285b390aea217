"""One game's learning page: the rules, the dealer's announcements, a guided hand
and the worked examples, in four tabs read left to right.

Widget keys start with the page's prefix (``stud_``, ``partner_``...), so
two game pages never share a choice.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from content import GameContent, load_game
from engine.games import Game, get_game
from engine.games.base import Settings
from ui.components.announcements import announcement_controls, changed_settings_text
from ui.learn.rules import show_intro, show_rules
from ui.learn.walkthrough import show_walkthrough
from ui.registry import ExampleRenderer, OddsQuestion, games_on, site_game

TABS = (":material/menu_book: Rules", ":material/campaign: Dealer's announcements",
        ":material/play_circle: Guided hand", ":material/calculate: Worked examples")


def _next_seed(key: str) -> None:
    st.session_state[key] = int(st.session_state[key]) + 1


def _guided_hand(content: GameContent, game: Game, settings: Settings, prefix: str) -> None:
    walk = content.walkthrough
    counts = list(game.player_counts(settings))
    players_key, seed_key = f"{prefix}_walk_players", f"{prefix}_walk_seed"
    st.session_state.setdefault(players_key, walk.players if walk.players in counts else counts[0])
    st.session_state.setdefault(seed_key, walk.seed)
    st.write(f"A real hand of {game.name} dealt by the engine and played by computer "
             "players. Step through it: each step shows the table (every card visible, hidden "
             "ones with a shaded corner) and says which rule is at work.")
    setup = st.columns([1, 1, 1, 2], vertical_alignment="bottom")
    setup[0].selectbox("Players", counts, key=players_key)
    setup[1].number_input("Deal number (seed)", min_value=0, max_value=1_000_000, step=1,
                          key=seed_key, help="The same number always deals the same hand.")
    setup[2].button("Deal another hand", key=f"{prefix}_walk_another", on_click=_next_seed,
                    args=(seed_key,))
    setup[3].caption(f"Dealing {game.name}. Announcements in play: "
                     f"{changed_settings_text(settings)}")
    show_walkthrough(game.id, settings=settings, prefix=prefix, street_notes=walk.streets,
                     players=int(st.session_state[players_key]),
                     seed=int(st.session_state[seed_key]))


@st.fragment
def _examples(examples: ExampleRenderer, content: GameContent, settings: Settings,
              prefix: str) -> None:
    """A fragment: editing an example's cards reruns only the examples."""
    examples(content, settings, prefix)


def _dealt_game(game_id: str, variants: Sequence[str], prefix: str) -> Game:
    """The game the announcements and guided hand use: the page's, or a variant of it."""
    if not variants:
        return get_game(game_id)
    choices = [game_id, *variants]
    key = f"{prefix}_variant"
    st.session_state.setdefault(key, game_id)
    chosen = st.segmented_control("Game to deal", choices, key=key,
                                  format_func=lambda g: get_game(g).name)
    return get_game(chosen or game_id)


def _typed_deal_link(game: Game) -> None:
    """The Host page's typed deal: the surest way to see a rule at work on chosen cards."""
    st.divider()
    st.write(f"Want to see a rule at work on cards you choose? Type them into a deal of "
             f"{game.name} on the Host page, then step through the hand the engine plays "
             "from them, one decision at a time.")
    st.page_link("screens/host.py", query_params={"typed": game.id}, icon=":material/edit_note:",
                 label=f"Type your own deal of {game.name}")


def _odds_link(odds: OddsQuestion) -> None:
    st.page_link("screens/odds.py", query_params={"widget": odds.widget},
                 icon=":material/casino:",
                 label=f"Work out the odds of this decision: {odds.question}")


def game_page(game_id: str) -> None:
    """Render the whole learning page of ``game_id`` from its entry in ``ui/registry.py``:
    its words, its widget prefix, its worked examples and its odds question; the other
    games on the same page (Double Sophie on Sophie's Pick's) are dealt by choice."""
    game = site_game(game_id)
    if game is None or game.page is None:
        raise ValueError(f"{game_id!r} has no learning page in ui/registry.py")
    page, prefix = game.page, game.page.prefix
    variants = [other.id for other in games_on(page) if other.id != game_id]
    content = load_game(game.content)
    show_intro(content)
    rules_tab, settings_tab, walk_tab, examples_tab = st.tabs(TABS)
    with settings_tab:
        st.write("The rule sheets leave some points to the dealer, who announces them before "
                 "the deal. Here are this house's choices; switch any of them and the rules "
                 "and the guided hand follow them.")
        dealt = _dealt_game(game_id, variants, prefix)
        settings = announcement_controls(dealt.id, prefix=prefix)
    with rules_tab:
        show_rules(content, dealt, settings)
        _typed_deal_link(dealt)
    with walk_tab:
        _guided_hand(content, dealt, settings, prefix)
    with examples_tab:
        if page.examples is not None:
            _examples(page.examples, content, settings, prefix)
        if game.odds is not None:
            _odds_link(game.odds)
