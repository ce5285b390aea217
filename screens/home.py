"""Home: what the site is, a way into one game in ten minutes, and the games by family, found
by name or word.

Every count, list and family of games here is written from the registries
(``ui.components.game_words``): a game added to the engine with its content file appears
in its family with its picture, and the words that count the games follow.
"""

import streamlit as st

from content import GameContent, site
from engine.cards import parse_cards
from ui.components.cards import fan_html
from ui.components.game_words import dealt_names, families, total_words
from ui.registry import page_of
from ui.sidebar import deck_style

# Game cards side by side on a wide screen: the longest name breaks only between words. A
# phone stacks them one above the other.
PER_ROW = 4
FIND, FAMILIES = "home_find", "home_families"


def matches(game: GameContent, words: str) -> bool:
    """Whether every word typed is in the game's name, family, tagline or summary (or the
    name of a game dealt from its page)."""
    text = " ".join((*dealt_names(game.id), game.group, game.tagline, game.summary)).lower()
    return all(word in text for word in words.lower().split())


def game_card(game: GameContent) -> None:
    """One game: its picture, name, what it is in a line, how many play, and its page."""
    cards = parse_cards(" ".join(game.picture))
    if cards:
        st.html(fan_html(cards, four_colour=deck_style() == "four-colour",
                         label=f"{game.name}: {' '.join(str(c) for c in cards)}"))
    st.markdown(f"#### {game.name}")
    also = dealt_names(game.id)[1:]
    if also:
        st.caption(f"Also dealt from its page: {', '.join(also)}")
    st.write(game.tagline)
    st.caption(f"Players: {game.at_a_glance.players}")
    page = page_of(game.id)
    if page is not None:
        # By address: one file serves the page of every declared game.
        st.page_link(st.Page(page.file, url_path=page.url_path), label=f"Learn {game.name}",
                     icon=":material/arrow_forward:")
    else:
        st.caption("Choose it in the sidebar to play or host a hand of it.")


words = site()
# A game's name and its page's link break between words only, never cut short.
st.html("<style>.st-key-home_games h4 { word-break: normal; overflow-wrap: normal;"
        " hyphens: manual; }"
        " .st-key-home_games [data-testid='stPageLink'] * { white-space: normal;"
        " text-overflow: clip; overflow: visible; }</style>")
st.title("Dealer's Choice")
st.markdown(f"##### Learn, show and drill {total_words()}, dealt by a live engine.")
st.write(words.welcome)

with st.container(border=True, key="home_start"):
    st.subheader("Start here: one game in ten minutes", anchor=False)
    for column, step in zip(st.columns(len(words.start)), words.start, strict=True):
        with column:
            st.markdown(f"**{step.title}**")
            st.write(step.text)
            st.page_link(step.page, label=step.link, icon=":material/arrow_forward:")

st.subheader("The games", anchor=False)
all_families = families()
find, pick = st.columns([2, 3], vertical_alignment="bottom")
typed = find.text_input("Find a game", key=FIND, placeholder="A name or a word: low, board, draw",
                        icon=":material/search:") or ""
chosen = pick.pills("Families", [family.name for family in all_families], key=FAMILIES,
                    selection_mode="multi", help="Show only these families (none: all).")
found = 0
with st.container(key="home_games"):
    for family in all_families:
        shown = [game for game in family.games if matches(game, typed)]
        if (chosen and family.name not in chosen) or not shown:
            continue
        found += len(shown)
        st.markdown(f"### {family.name}")
        for start in range(0, len(shown), PER_ROW):
            for column, game in zip(st.columns(PER_ROW), shown[start:start + PER_ROW],
                                    strict=False):
                with column, st.container(border=True, height="stretch"):
                    game_card(game)
if not found:
    st.info("No game matches those words" + (" in the families chosen" if chosen else "")
            + ". Clear the box or the families to see every game.", icon=":material/search_off:")

st.subheader("Where to go", anchor=False)
for start in range(0, len(words.paths), 3):
    path_columns = st.columns(3)
    for column, route in zip(path_columns, words.paths[start:start + 3], strict=False):
        with column, st.container(border=True, height="stretch"):
            st.markdown(f"**{route.title}**")
            st.write(route.text)
            st.page_link(route.page, label=route.link, icon=":material/arrow_forward:")
