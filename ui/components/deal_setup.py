"""Choosing a deal on a page: the game, the number of players, the announcements, and
typed cards.

Shared by the play and host pages; every widget key starts with the page's
prefix. The announcements are drawn from the game's settings schema (see
``ui/components/announcements.py``), one set of choices per game, so switching games
never carries a stake from one game to another. What they choose is a
``ui.sessions.dealing.Setup`` (and a ``TypedDeal``), which the session controllers
deal without Streamlit.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine.deals import card_count, deal_plan
from engine.games import GAMES, get_game
from engine.state import seat_name
from ui.components.announcements import (
    announcement_controls,
    changed_settings_text,
    chosen_settings,
)
from ui.play.house_list import add_house_game, house_games, label
from ui.sessions.dealing import Setup, default_players, fresh_seed, player_counts
from ui.sessions.notice import Notice, Tone
from ui.sidebar import (
    choose_game,
    choose_game_later,
    current_game,
    game_names,
    picked_since,
)


def default_game() -> str:
    """The sidebar's game if it deals, else the first game that does."""
    game = current_game()
    return game if game in GAMES else next(iter(GAMES))


def sidebar_game_chosen(prefix: str, table_game: str) -> bool:
    """Whether the visitor chose another game than the table's in the sidebar since the
    page last ran: the page then deals a new table of it."""
    return picked_since(f"{prefix}_game_picks") and current_game() != table_game


def _game_chosen(key: str, house_key: str) -> None:
    """A site's game is the sidebar's choice too; a house game is the page's alone."""
    game_id = str(st.session_state[key])
    if game_id in game_names():
        st.session_state[house_key] = None
        choose_game(game_id)
    else:
        st.session_state[house_key] = game_id


def setup_controls(prefix: str) -> Setup:
    """Game and player count on one row, the announcements in an expander below.

    The game is the sidebar's (one choice of game for the whole site): the list shows it,
    and choosing another here chooses it in the sidebar too, which deals a table of it.
    The visitor's house games follow the site's; one chosen stays the page's choice."""
    game_key, players_key, house_key = f"{prefix}_game", f"{prefix}_players", \
        f"{prefix}_house_game"
    houses = house_games()
    chosen_house = st.session_state.get(house_key)
    st.session_state[game_key] = chosen_house if chosen_house in houses else default_game()
    left, right = st.columns(2)
    games = [*(g for g in game_names() if g in GAMES), *houses]
    game_id = left.selectbox("Game", games, key=game_key,
                             format_func=lambda g: label(g, houses, GAMES[g].name),
                             on_change=_game_chosen, args=(game_key, house_key),
                             help="The site's game, as in the sidebar: choosing another "
                                  "deals a new table of it. Your house games are listed "
                                  "last.")
    game = get_game(game_id)
    counts = player_counts(game)
    if st.session_state.get(players_key) not in counts:
        st.session_state[players_key] = default_players(game)
    players = right.selectbox("Players", counts, key=players_key,
                              help=f"{game.name} is for {', '.join(map(str, counts))} players.")
    with st.expander("The dealer's announcements"):
        settings = announcement_controls(game_id, prefix=f"{prefix}_{game_id}")
    st.caption(f"Announcements: {changed_settings_text(settings)}.")
    add_house_game(prefix)
    return Setup(game_id=game_id, players=int(players), settings=settings)


def chosen_setup(prefix: str) -> Setup:
    """The setup the controls hold now (for a callback, which runs before they are drawn)."""
    game_id = str(st.session_state.get(f"{prefix}_game", default_game()))
    game = get_game(game_id)
    players = st.session_state.get(f"{prefix}_players")
    if players not in player_counts(game):
        players = default_players(game)
    return Setup(game_id=game_id, players=int(players),
                 settings=chosen_settings(game_id, prefix=f"{prefix}_{game_id}"))


def remember_setup(prefix: str, setup: Setup) -> None:
    """Show a loaded hand's players and announcements in the setup controls (its game
    reaches them through the sidebar, which follows the table)."""
    st.session_state[f"{prefix}_players"] = setup.players
    for info in setup.settings.schema():
        st.session_state[f"{prefix}_{setup.game_id}_setting_{info.name}"] = \
            getattr(setup.settings, info.name)


def typed_inputs(prefix: str, setup: Setup) -> tuple[str, ...]:
    """A text box per seat, per board and, in a game with a draw, per seat's draw;
    returns the texts in that order (see :func:`read_typed`)."""
    plan = deal_plan(setup.game_id, players=setup.players, settings=setup.settings)
    st.caption(f"Type each seat's cards in the order they are dealt ({plan.describe()}), "
               "like `Kh Qh 7c` or `K♥ Q♥ 7♣`; T means ten. Leave out any you like: the seed "
               "shuffles the rest.")
    if plan.draws:
        short = plan.draw_stock < setup.players * plan.draws
        st.caption(f"Beside each seat, the cards it draws, in order (up to {plan.draws}, the "
                   "most the draw limit lets a player exchange). A seat that throws away "
                   "cards gets these first; if it throws away fewer than typed, the rest are "
                   "not dealt to it, and if more, the shuffle deals the others."
                   + (f" After the deal the stock holds only {card_count(plan.draw_stock)}: "
                      "draw cards typed beyond what it holds are dealt before the draw, "
                      "starting with the last seat's." if short else ""))
    texts, draws = [], []
    if plan.draws:
        for seat in range(setup.players):
            name = seat_name(seat)
            cards, draw = st.columns([3, 2])
            texts.append(cards.text_input(name, key=f"{prefix}_typed_{seat}",
                                          placeholder="e.g. Kh Qh 7c 7d 2s", max_chars=60))
            draws.append(draw.text_input(f"{name} draws", key=f"{prefix}_typed_draw_{seat}",
                                         placeholder="e.g. Qs Js", max_chars=60))
        columns, taken = st.columns(2) if plan.boards else [], 0
    else:
        columns, taken = st.columns(2), setup.players
        for seat in range(setup.players):
            with columns[seat % 2]:
                texts.append(st.text_input(seat_name(seat), key=f"{prefix}_typed_{seat}",
                                           placeholder="e.g. Kh Qh 7c", max_chars=60))
    for index, count in enumerate(plan.boards):
        name = "Board" if len(plan.boards) == 1 else f"Board {index + 1}"
        with columns[(taken + index) % 2]:
            texts.append(st.text_input(f"{name} (up to {card_count(count)})",
                                       key=f"{prefix}_typed_board_{index}", max_chars=60))
    return tuple(texts + draws)


SHUFFLE, TYPED_IN = "A shuffle", "Cards typed in"


def play_setup_panel(prefix: str, *, deal: Callable[[Setup, int, bool, int | None], None]
                     ) -> None:
    """The player's "Set up a new table" panel. Its Deal button calls ``deal`` with the
    setup, the player's seat, whether everyone plays at this screen and the deal number
    (``None`` for a new shuffle), then closes the panel."""
    if not st.toggle("Set up a new table", key=f"{prefix}_setup_open",
                     help="Choose the game, the players, your seat and the announcements."):
        return

    def dealt() -> None:
        chosen = st.session_state.get(f"{prefix}_seed_choice")
        deal(chosen_setup(prefix), int(st.session_state.get(f"{prefix}_seat_choice") or 0),
             bool(st.session_state.get(f"{prefix}_hot_choice")),
             None if chosen is None else int(chosen))
        st.session_state[f"{prefix}_setup_open"] = False

    with st.container(border=True):
        setup = setup_controls(prefix)
        cells = st.columns([2, 2, 2, 1], vertical_alignment="bottom")
        if st.session_state.get(f"{prefix}_seat_choice") not in range(setup.players):
            st.session_state[f"{prefix}_seat_choice"] = 0
        cells[0].selectbox("Your seat", range(setup.players), key=f"{prefix}_seat_choice",
                           format_func=seat_name,
                           help="Seat 1 sits at the dealer's left; the dealer is the last seat.")
        cells[1].toggle("Everyone at this screen", key=f"{prefix}_hot_choice",
                        help="Hot seat: people take turns at one screen and play every "
                             "seat; each seat's cards stay hidden until its owner shows them.")
        cells[2].number_input("Deal number (blank: a new shuffle)", min_value=0,
                              max_value=999_999, value=None, step=1,
                              key=f"{prefix}_seed_choice")
        cells[3].button("Deal", key=f"{prefix}_deal", type="primary", width="stretch",
                        on_click=dealt)


def host_setup_panel(prefix: str) -> tuple[Setup, int, tuple[str, ...] | None] | None:
    """The host's "Set up a new deal" panel: what to deal (the setup, the deal number and
    the typed cards, ``None`` for a shuffle) once Deal is pressed, else ``None``."""
    if not st.toggle("Set up a new deal", key=f"{prefix}_setup_open"):
        return None
    with st.container(border=True):
        setup = setup_controls(prefix)
        source = st.radio("Deal from", [SHUFFLE, TYPED_IN], horizontal=True,
                          key=f"{prefix}_source",
                          help="A shuffle is fixed by its number; typed cards go to the seats "
                               "as typed and the shuffle deals the rest.")
        st.session_state.setdefault(f"{prefix}_seed", fresh_seed())
        seed = st.number_input("Deal number", min_value=0, max_value=999_999, step=1,
                               key=f"{prefix}_seed", help="The same number deals the same cards.")
        texts = typed_inputs(prefix, setup) if source == TYPED_IN else None
        if st.button("Deal", key=f"{prefix}_deal", type="primary",
                     icon=":material/playing_cards:"):
            return setup, int(seed), texts
    return None


def typed_setup_asked(prefix: str) -> Notice | None:
    """``?typed=<game id>``, the game pages' way in: the setup panel opens on that game
    with "Cards typed in" chosen, ready to type; what to tell the visitor, if anything.
    A game that does not exist is said so, and the page is the usual one."""
    pending = f"{prefix}_typed_notice"
    game_id = st.query_params.get("typed")
    if game_id is None:
        told = st.session_state.pop(pending, None)
        return told if isinstance(told, Notice) else None
    del st.query_params["typed"]
    if game_id not in GAMES:
        return Notice(Tone.ERROR, f"There is no game called '{game_id[:40]}' to type a deal "
                                  f"for; the games are {', '.join(GAMES)}.")
    st.session_state[f"{prefix}_setup_open"] = True
    st.session_state[f"{prefix}_source"] = TYPED_IN
    told = Notice(Tone.INFO, f"Type the cards of a hand of {GAMES[game_id].name} below, then "
                             "deal it.")
    if game_id == current_game():
        return told
    # One choice of game: the sidebar takes it, and the page deals a table of it.
    st.session_state[pending] = told
    choose_game_later(game_id)
    st.rerun()
