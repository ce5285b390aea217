"""Game night: one table on the TV, each guest's cards on their own phone.

``record`` keeps the night as plain JSON and runs the hand on it (its shape as types in
``shape``; ``hand_states`` hands the hand's state from one change to the next),
``lobby`` changes who sits where, ``names`` writes seats as people's names,
``settle`` makes the standings and the settle-up, ``hands_log`` keeps the finished hands
in the record's own log and ``downloads`` writes them as the table saw them;
``controller`` keeps it all in the store, behind links. None of these knows of
Streamlit. The screens draw over them: ``choosing`` (the night's setup and the
dealer's choice), ``seat_screens`` (a guest's phone, the TV), ``host_screen``, with
``show`` and ``notice`` beside them; ``parts`` draws what a decision changes on the TV
and a phone, which ``watch`` also sends over a screen's socket, and ``follow`` reads the
followed tables' versions.
"""
