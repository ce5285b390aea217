"""Quizzes: questions generated from a seed, judged and explained by the engine.

One module per drill (``partner``, ``showdown``, ``sophie``, ``stud``,
``psycho``), sharing ``common`` (drills, levels, links, verdicts), ``explain``
(why one hand beats another) and ``progress`` (score, streak, misses).
Nothing here imports Streamlit; every question comes from a ``QuestionRef``.
"""
