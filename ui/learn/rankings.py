"""The hand rankings page's sections: every example hand is valued by the engine.

The words and example hands come from ``content/rankings.toml``; the names
and verdicts shown next to each hand are the engine's (``describe()``), and
the frequency tables are exact counts from ``engine.odds.exact``.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

import pandas as pd
import streamlit as st

from content import Rankings, TieExample
from engine.cards import Card, parse_cards
from engine.games.hand_types import HIGH_HAND, best_low_hand
from engine.hands import Category, HandValue, LowRanking
from engine.odds.exact import HandCounts, hand_counts
from ui.components.card_input import cards_field, clash
from ui.components.cards import show_cards
from ui.components.game_words import low_games_words

RANKING_NAMES = MappingProxyType({"high": "High", "ace-to-five": "Ace-to-five low",
                                  "deuce-to-seven": "Deuce-to-seven low"})


def value_of(cards: Sequence[Card], ranking: str) -> HandValue:
    """The engine's value of these cards under a ranking id (high or one of the lows)."""
    if ranking == "high":
        return HIGH_HAND.high_of(cards)
    return best_low_hand(cards, LowRanking(ranking))


def verdict(first: HandValue, second: HandValue) -> str:
    """``"first"``, ``"second"`` or ``"tie"``: which hand wins."""
    if first == second:
        return "tie"
    return "first" if first > second else "second"


def show_high_ranking(words: Rankings) -> None:
    st.write("From the best hand down. The name in italics is the hand's Italian name, from "
             "the Italian rule sheet of seven-card stud this site follows.")
    for place, hand in enumerate(words.high, start=1):
        value = HIGH_HAND.high_of(parse_cards(hand.example))
        with st.container(border=True):
            text, cards = st.columns([3, 2], vertical_alignment="center")
            with text:
                st.markdown(f"**{place}. {hand.name}** · *{hand.italian}*")
                st.write(hand.meaning)
                st.caption(f"Ties: {hand.ties}")
            with cards:
                show_cards(value.cards, size="small", label=f"Example: {value.describe()}")
                st.caption(f"Example: {value.describe()}")


def show_low_rankings(words: Rankings) -> None:
    columns = st.columns(len(words.lows))
    for column, low in zip(columns, words.lows, strict=True):
        with column:
            st.subheader(low.name)
            st.write(low.text)
            played = low_games_words(LowRanking(low.id))
            if played:
                st.caption(f"Played in {played}.")
            st.markdown("**Examples, best first**")
            for example in low.examples:
                value = best_low_hand(parse_cards(example), LowRanking(low.id))
                show_cards(value.cards, size="small", label=value.describe())
                st.caption(value.describe())


def _show_tie(tie: TieExample) -> None:
    first, second = parse_cards(tie.first), parse_cards(tie.second)
    a, b = value_of(first, tie.ranking), value_of(second, tie.ranking)
    outcome = verdict(a, b)
    with st.container(border=True, height="stretch"):
        st.caption(RANKING_NAMES[tie.ranking])
        for cards, value, side in ((first, a, "first"), (second, b, "second")):
            show_cards(cards, size="small", marked=set(cards) if outcome == side else (),
                       label=f"The {side} hand: {value.describe()}")
            st.caption(f"{side.capitalize()} hand: {value.describe()}"
                       + (" · wins" if outcome == side else ""))
        headline = "They tie: the pot is split." if outcome == "tie" else \
            f"The {outcome} hand wins."
        st.markdown(f"**{headline}** {tie.why}")


_PLACES = ("first", "second", "third", "fourth", "fifth")


def deciding_card(winner: HandValue, loser: HandValue) -> str:
    """Which card breaks a tie between two hands of the same name, in words.

    >>> from engine.cards import parse_cards as p
    >>> high = HIGH_HAND.high_of
    >>> deciding_card(high(p("Ad Ac 8c 8h Kd")), high(p("As Ah 8d 8s 3s")))
    'the fifth card decides: king against three'
    """
    for place, (ours, theirs) in enumerate(zip(winner.cards, loser.cards, strict=True)):
        if ours.rank != theirs.rank:
            return f"the {_PLACES[place]} card decides: {ours.rank.word} against {theirs.rank.word}"
    raise ValueError("equal hands have no deciding card")


def show_tie_examples(words: Rankings) -> None:
    st.write("When two hands are in the same category, compare them card by card as each "
             "category says. Some cases people get wrong:")
    for start in range(0, len(words.ties), 2):
        columns = st.columns(2)
        for column, tie in zip(columns, words.ties[start:start + 2], strict=False):
            with column:
                _show_tie(tie)


_HAND_TOTAL = (5, 10)
"""Fewest and most cards a hand may be judged from (its own cards with any board)."""


def _separate_hands(prefix: str) -> tuple[list[Card], list[Card]] | None:
    """Two hands typed in full; ``None`` once a problem is shown."""
    left, right = st.columns(2)
    with left:
        first = cards_field("First hand (5 to 7 cards)", key=f"{prefix}_tool_first",
                            default="A♠ A♦ 8♣ 8♥ 3♠", at_least=5, at_most=7)
    with right:
        second = cards_field("Second hand (5 to 7 cards)", key=f"{prefix}_tool_second",
                             default="A♣ A♥ 8♦ 8♠ K♦", at_least=5, at_most=7)
    if first is None or second is None:
        return None
    problem = clash({"the first hand": first, "the second hand": second})
    if problem:
        st.error(f"{problem}.", icon=":material/back_hand:")
        return None
    return first, second


def _board_hands(prefix: str) -> tuple[list[Card], list[Card]] | None:
    """A board typed once and each hand's own cards; each hand is its cards with the board.

    A card may be in one place only: on the board or in one hand.
    """
    board = cards_field("Shared board (1 to 5 cards)", key=f"{prefix}_tool_board",
                        default="K♠ 8♣ 8♥ 3♠ 2♦", at_least=1, at_most=5)
    left, right = st.columns(2)
    with left:
        first = cards_field("First hand's own cards", key=f"{prefix}_tool_first_own",
                            default="A♠ A♦", at_least=1, at_most=7)
    with right:
        second = cards_field("Second hand's own cards", key=f"{prefix}_tool_second_own",
                             default="A♣ K♦", at_least=1, at_most=7)
    if board is None or first is None or second is None:
        return None
    problem = clash({"the board": board, "the first hand": first, "the second hand": second})
    if problem:
        st.error(f"{problem}.", icon=":material/back_hand:")
        return None
    fewest, most = _HAND_TOTAL
    for name, own in (("first", first), ("second", second)):
        total = len(own) + len(board)
        if not fewest <= total <= most:
            st.error(f"The {name} hand and the board make {total} cards: a hand is judged "
                     f"from {fewest} to {most} cards, its own and the board's together.",
                     icon=":material/back_hand:")
            return None
    return first + board, second + board


def _judge(first: Sequence[Card], second: Sequence[Card], ranking: str) -> None:
    """Each hand's best five and the verdict, with the reason in words."""
    a, b = value_of(first, ranking), value_of(second, ranking)
    outcome = verdict(a, b)
    left, right = st.columns(2)
    for column, value in ((left, a), (right, b)):
        with column:
            show_cards(value.cards, size="small", label=value.describe())
            st.caption(f"Best five: {value.describe()}")
    if outcome == "tie":
        st.success("**A tie.** Same value, so the pot would be split.")
        return
    winner, loser = (a, b) if outcome == "first" else (b, a)
    if winner.describe() != loser.describe():
        reason = f"{winner.describe().lower()} beats {loser.describe().lower()}"
    else:
        reason = f"both are {winner.describe().lower()}; {deciding_card(winner, loser)}"
    st.success(f"**The {outcome} hand wins**: {reason}.")


def show_compare_tool(*, prefix: str) -> None:
    """Two hands typed by the learner, judged by the engine under the chosen ranking,
    either in full or as each hand's own cards with a board they share."""
    st.subheader("Try two hands")
    ranking = st.segmented_control("Ranking", list(RANKING_NAMES), key=f"{prefix}_tool_ranking",
                                   format_func=RANKING_NAMES.__getitem__, default="high",
                                   required=True)
    shared = st.toggle("Shared board", key=f"{prefix}_tool_shared",
                       help="Type the board once and each hand's own cards, as in Sophie's "
                            "Pick or a stud hand with a community card: each hand is the best "
                            "five of its own cards and the board.")
    hands = _board_hands(prefix) if shared else _separate_hands(prefix)
    if ranking is None:
        st.info("Choose a ranking above: the hands are judged by it.", icon=":material/rule:")
    elif hands is not None:
        _judge(*hands, ranking)


@st.cache_data(show_spinner="Counting every five- and seven-card hand…")
def _counts(size: int) -> HandCounts:
    return hand_counts(size)


def _odds(total: int, count: int) -> str:
    return f"1 in {total / count:,.0f}" if count and total / count >= 1.5 else \
        f"{count / total:.0%}" if count else "never"


def _chance(count: int, total: int) -> str:
    """A chance to four decimals of a percent, from exact counts."""
    return f"{100 * count / total:.4f}%"


ITALIAN = "In Italian"
"""The column of each hand's Italian name (the High hands tab says where the names come
from)."""


def frequencies_frame(five: HandCounts, seven: HandCounts, italian: dict[str, str]) -> pd.DataFrame:
    """High categories with their exact counts and chances in five cards and in the best five
    of seven, and the running total of seven-card hands at least that good."""
    rows = []
    running = 0
    for (category, n5), (_, n7) in zip(five.high, seven.high, strict=True):
        running += n7
        rows.append({
            "Hand": category.label, ITALIAN: italian.get(category.name, ""),
            "Five cards": f"{n5:,}", "Chance (5)": _chance(n5, five.total),
            "Odds (5)": _odds(five.total, n5),
            "Best of seven": f"{n7:,}", "Chance (7)": _chance(n7, seven.total),
            "Odds (7)": _odds(seven.total, n7),
            "This or better (7)": f"{running:,}",
            "Chance of this or better (7)": _chance(running, seven.total),
        })
    return pd.DataFrame(rows)


def lows_frame(five: HandCounts, seven: HandCounts) -> pd.DataFrame:
    """Ace-to-five lows by their top card, with the running total "this low or better" (the
    eight-high row's is eight or better)."""
    rows = []
    run5 = run7 = 0
    for (label, n5), (_, n7) in zip(five.low, seven.low, strict=True):
        low = label.endswith("-high low")
        run5, run7 = run5 + n5, run7 + n7
        top = label.removesuffix("-high low").lower()
        rows.append({"Best ace-to-five low": label, "Five cards": f"{n5:,}",
                     "Chance (5)": _chance(n5, five.total), "Best of seven": f"{n7:,}",
                     "Chance (7)": _chance(n7, seven.total),
                     "Running total (7)": f"{top} or better: {_chance(run7, seven.total)}"
                     if low else "",
                     "Running total (5)": f"{top} or better: {_chance(run5, five.total)}"
                     if low else ""})
    return pd.DataFrame(rows)


def _download(frame: pd.DataFrame, *, name: str, key: str) -> None:
    st.download_button("Download this table (CSV)", frame.to_csv(index=False),
                       file_name=f"{name}.csv", mime="text/csv", key=key,
                       icon=":material/download:")


def _seven_card_note(seven: HandCounts) -> str:
    """Name the categories that are rarer in seven cards than ones ranked above them."""
    counts = dict(seven.high)
    notes = []
    for low in Category:
        above = [high.label.lower() for high in Category
                 if high > low and counts[low] < counts[high]]
        if above:
            notes.append(f"{low.label.lower()} comes less often than {' or '.join(above)}")
    if not notes:
        return "With seven cards, every hand still comes less often than the ones below it."
    return ("With seven cards, " + "; ".join(notes) + ". The order stays the five-card one: "
            "you keep your best five, so seven cards rarely leave you with nothing.")


def show_frequencies(words: Rankings) -> None:
    five, seven = _counts(5), _counts(7)
    st.write(f"Exact counts, computed by the engine, not copied from a book: every one of the "
             f"{five.total:,} five-card hands, and the best five of every one of the "
             f"{seven.total:,} hands of seven random cards. These are seven cards dealt at "
             "random, as in seven-card stud; a Psycho hand is drawn to before its last two "
             "cards and comes out differently (the Odds page's \"How hands come out\" "
             "shows it). The rarer the hand, the higher it ranks.")
    italian = {hand.category: hand.italian for hand in words.high}
    high = frequencies_frame(five, seven, italian)
    with st.container(key="rankings_high_counts"):
        st.table(high, hide_index=True)
    _download(high, name="high-hands", key="rankings_high_csv")
    st.caption(_seven_card_note(seven) + f" \"{ITALIAN}\" is each hand's name on the Italian "
               "rule sheet of seven-card stud this site follows. The last two columns are "
               "running totals: the full house row counts a full house or better.")
    st.markdown("**Ace-to-five lows**: how low the best unpaired five cards go, in five "
                "random cards and in the best five of seven random cards")
    lows = lows_frame(five, seven)
    with st.container(key="rankings_low_counts"):
        st.table(lows, hide_index=True)
    _download(lows, name="ace-to-five-lows", key="rankings_low_csv")
    st.caption("Running totals: the eight-high row counts eight or better, the qualifier of a "
               "high-low split game.")
