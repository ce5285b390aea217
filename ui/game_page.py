"""One game's learning page: the rules, the dealer's announcements, a guided hand
and the worked examples, in four tabs read left to right.

Widget keys start with the page's prefix (``stud_``, ``partner_``...), so
two game pages never share a choice.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from content import GameContent, load_game
from engine.games import GAMES, Game
from engine.games.base import Settings
from ui.announcements import announcement_controls, changed_settings_text
from ui.rules import show_intro, show_rules
from ui.walkthrough import show_walkthrough

ExampleRenderer = Callable[[GameContent, Settings | None, str], None]
"""Draws a game's worked examples: (content, current settings if the game is dealt, prefix)."""

TABS = ("📜 Rules", "📣 Dealer's announcements", "▶️ Guided hand", "🧮 Worked examples")


def _player_counts(game: Game, settings: Settings) -> list[int]:
    counts = []
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.check_players(players, settings)
        except ValueError:
            continue
        counts.append(players)
    return counts


def _next_seed(key: str) -> None:
    st.session_state[key] = int(st.session_state[key]) + 1


def _guided_hand(content: GameContent, game: Game, settings: Settings, prefix: str) -> None:
    walk = content.walkthrough
    counts = _player_counts(game, settings)
    players_key, seed_key = f"{prefix}_walk_players", f"{prefix}_walk_seed"
    st.session_state.setdefault(players_key, walk.players if walk.players in counts else counts[0])
    st.session_state.setdefault(seed_key, walk.seed)
    st.write("A real hand dealt by the engine and played by computer players. Step through "
             "it: each step shows the table (every card visible, hidden ones with a shaded "
             "corner) and says which rule is at work.")
    setup = st.columns([1, 1, 1, 2], vertical_alignment="bottom")
    setup[0].selectbox("Players", counts, key=players_key)
    setup[1].number_input("Deal number (seed)", min_value=0, max_value=1_000_000, step=1,
                          key=seed_key, help="The same number always deals the same hand.")
    setup[2].button("Deal another hand", key=f"{prefix}_walk_another", on_click=_next_seed,
                    args=(seed_key,))
    setup[3].caption(f"Announcements in play: {changed_settings_text(settings)}")
    show_walkthrough(game.id, settings=settings, prefix=prefix, street_notes=walk.streets,
                     players=int(st.session_state[players_key]),
                     seed=int(st.session_state[seed_key]))


def game_page(game_id: str, *, prefix: str, examples: ExampleRenderer) -> None:
    """Render the whole page for ``game_id``."""
    content = load_game(game_id)
    game = GAMES.get(game_id)
    show_intro(content)
    rules_tab, settings_tab, walk_tab, examples_tab = st.tabs(TABS)
    with rules_tab:
        show_rules(content)
    settings: Settings | None = None
    with settings_tab:
        if game is None:
            st.info(f"The table engine for {content.name} is still being finished; its "
                    "announcements appear here as soon as it deals.", icon="🛠️")
        else:
            st.write("The rule sheets leave some points to the dealer, who announces them "
                     "before the deal. Here are this house's choices; switch any of them and "
                     "the guided hand is dealt again under the new rules.")
            settings = announcement_controls(game_id, prefix=prefix)
    with walk_tab:
        if game is None or settings is None:
            st.info(f"The guided hand for {content.name} needs its table engine, which is "
                    "still being finished.", icon="🛠️")
        else:
            _guided_hand(content, game, settings, prefix)
    with examples_tab:
        examples(content, settings, prefix)
