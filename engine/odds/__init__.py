"""Odds for each game's key decision: exact when every deal can be counted in time,
sampled otherwise, always with a 95% interval. Pure and seeded; no Streamlit.

- ``run``: ``solve(question, rng=...)`` answers any question chunk by chunk;
  ``tally``: estimates, intervals and the ``Answer``; ``deals``: the unseen cards
  dealt to the places that need them; ``inputs``: clear refusals.
- ``showdown`` (shared high-hand showdown), ``stud``, ``holdem``: equity.
- ``sophie``: which pairs to lock, sacrifice and keep (Sophie's Pick, Double Sophie).
- ``partner``: who to pick in Pick a Partner.
- ``psycho``: how to declare; ``psycho_draw``: what to draw.
- ``exact``: exact seven-card tables; ``categories``: how hands come out in each game
  (batch deuce-to-seven lows are ``engine.lowball``, beside ``engine.fast``).
- ``spots``: seeded example deals and the questions the Odds page opens with.
- ``at_table``: the hand in front of you, in any registered game: typed, partly typed or
  unseen cards, the choices made, every deal played out and settled by the engine itself;
  ``at_table_choices``: that hand's choices one by one, for a page to offer;
  ``at_table_fast``: that hand's plain showdown counted with the batch evaluator;
  ``making``: your own hand by the last card (the chance of making each hand);
  ``announced``: the announcements that decide who wins, for the page to set.
- ``advice``: one measure for each key decision, from the deciding seat's view;
  ``expose``: how the table reads three up cards (Psycho's expose).
"""
