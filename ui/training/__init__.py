"""Training that remembers: a learner's record, ratings, review queue and lessons.

- :mod:`ui.training.ratings`: Glicko-2 ratings (a learner's per drill and per
  theme, every question's own), each answer a rated game;
- :mod:`ui.training.review`: the spaced-repetition review queue (FSRS), a card
  per missed question until it is answered right;
- :mod:`ui.training.record`: the record itself, kept in :mod:`ui.store` behind
  a private training link;
- :mod:`ui.training.attempts`: each attempt an entry of the record's append-only log,
  folded into the record's bounded ratings, tallies and queue;
- :mod:`ui.training.question_table`: every question's shared rating, in a bounded table;
- :mod:`ui.training.standing`: what a record says, for the page and the charts;
- :mod:`ui.training.choose`: questions chosen near a learner's rating, the daily set;
- :mod:`ui.training.lessons`: questions made from the mistakes of a played hand, one
  module per game's measure (``lesson_partner``, ``lesson_sophie``, ``lesson_psycho``)
  and their shared format (:mod:`ui.training.measured`);
- :mod:`ui.training.charts`: the progress charts.

Nothing here imports Streamlit except the charts' plotly figures, which are plain values.
"""
