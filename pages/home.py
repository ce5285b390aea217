"""Home: what the site is and the four games it teaches."""

import streamlit as st

st.title("Dealer's Choice")
st.write(
    "Learn, show and drill four home poker games, each dealt by a live engine: "
    "read the rules, step through a guided hand, then play."
)

GAMES = [
    ("Pick a Partner", "Roll-your-own stud for partners: two first up cards anchor a shared hand."),
    ("Sophie's Pick", "Six hole cards locked into three pairs; sacrifice two, play the last."),
    ("Seven-card stud", "The classic: three down, four up, five betting rounds."),
    ("Psycho", "Draw, expose three, finish as stud, then declare high, low or both."),
]
columns = st.columns(len(GAMES))
for column, (name, summary) in zip(columns, GAMES, strict=True):
    with column, st.container(border=True):
        st.subheader(name)
        st.write(summary)
